import type { DayCall, DaySnapshot } from '../../core/contracts/days';
import { callPush } from '../../core/push-texts';
import type { Network } from '../auth/network';
import type { Env } from '../env';
import { eachAtMost } from '../lanes';
import { DAY_TABLES as T } from './schema';
import { sendPush, type PushTarget } from './push';

/**
 * Fencers followed from their page (issue 28): each follow is a push subscription and the keys the day's
 * calls name that fencer by (`DayMatch.keys`: a roster athlete is one person in every event). When a call
 * names a followed fencer, each of their followers' phones gets a push, while the hall is shared. A follow
 * belongs to the hall board link it was made through: a new link ends it (its subscription is forgotten, its
 * id stays a while so the phone can still end it), and a push names only that link.
 */
export interface Follow extends PushTarget {
  id: string;
  practice_id: string;
  entry_id: string;
  keys: string[];
  lang: string;
  /** The hall board link the follow was made through. */
  board_id: string;
}

/** How fast new follows may come from one place: a burst of `burst`, then one more every `everyMs`. */
export interface FollowRate {
  burst: number;
  everyMs: number;
}

/**
 * What a day's follows are bounded by. A hall of 200 parents behind one Wi-Fi, following over ten minutes,
 * stays well inside every limit; a script on one network making dozens a second does not, and one network
 * never holds enough of the day's follows to leave none for everyone else.
 */
export const FOLLOW_LIMITS = {
  /** Follows a day keeps at most: a phone per fencer and a parent or two, for the biggest days. */
  perDay: 5_000,
  /** Fencers one phone (one subscription) follows at most in a day: a family, or a club's coach. */
  perSubscription: 20,
  /** Follows made from one network (an IPv4 address or an IPv6 /64) that a day keeps at most. */
  perNetwork: 1_000,
  /** New follows from one network. */
  network: { burst: 30, everyMs: 2_000 } satisfies FollowRate,
  /** New follows from all the networks of one block (an IPv4 /24, an IPv6 /48) together. */
  block: { burst: 60, everyMs: 1_000 } satisfies FollowRate,
} as const;

/** How long the id of a follow ended by a new link is kept (so its phone can end it), in ms. */
const ENDED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** A rate's bucket as last written: the tokens it held then. */
export type Bucket = {
  tokens: number;
  at: number;
};

/**
 * Takes one token from a bucket that holds at most `burst` and gains one every `everyMs` (a bucket never
 * written is full): the bucket after, or how long until it holds a token.
 */
export function takeToken(bucket: Bucket | null, rate: FollowRate, now: number): { bucket: Bucket } | { waitMs: number } {
  const gained = bucket ? Math.max(0, now - bucket.at) / rate.everyMs : rate.burst;
  const tokens = Math.min(rate.burst, (bucket?.tokens ?? 0) + gained);
  if (tokens < 1) return { waitMs: Math.ceil((1 - tokens) * rate.everyMs) };
  return { bucket: { tokens: tokens - 1, at: now } };
}

/** Why a follow was not added: a limit of FOLLOW_LIMITS, or the wait before the next one from its place. */
export type FollowRefusal = 'day-full' | 'subscription-full' | 'network-full' | { waitMs: number };

/** Takes a token from the network's bucket and the block's, or answers the wait (nothing is taken then). */
function takeRate(sql: SqlStorage, from: Network, now: number): number {
  const keys = [
    { key: `net:${from.net}`, rate: FOLLOW_LIMITS.network },
    { key: `block:${from.block}`, rate: FOLLOW_LIMITS.block },
  ];
  const taken = keys.map(({ key, rate }) => {
    const row = sql.exec<Bucket>(`SELECT tokens, at FROM ${T.followRates} WHERE key = ?`, key).toArray()[0] ?? null;
    return { key, result: takeToken(row, rate, now) };
  });
  const waits = taken.flatMap(({ result }) => ('waitMs' in result ? [result.waitMs] : []));
  if (waits.length > 0) return Math.max(...waits);
  for (const { key, result } of taken) {
    if ('bucket' in result) sql.exec(`INSERT OR REPLACE INTO ${T.followRates} (key, tokens, at) VALUES (?, ?, ?)`, key, result.bucket.tokens, result.bucket.at);
  }
  // Buckets full again for a while are the same as none.
  sql.exec(`DELETE FROM ${T.followRates} WHERE at < ?`, now - 10 * 60_000);
  return 0;
}

const count = (sql: SqlStorage, where: string, ...params: string[]) =>
  sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${T.follows} WHERE ended_at IS NULL${where}`, ...params).one().n;

/**
 * Adds a follow made from a network (one phone follows one fencer once: following again replaces it), within
 * the rate of new follows from its network and block and the day's, the phone's and the network's limits.
 */
export function addFollow(sql: SqlStorage, f: Follow, from: Network, now: number): 'added' | FollowRefusal {
  const waitMs = takeRate(sql, from, now);
  if (waitMs > 0) return { waitMs };
  // The follow it replaces (this phone, this fencer) counts for none of the limits.
  const others = ' AND NOT (endpoint = ? AND practice_id = ? AND entry_id = ?)';
  const same = [f.endpoint, f.practice_id, f.entry_id];
  if (count(sql, others, ...same) >= FOLLOW_LIMITS.perDay) return 'day-full';
  if (count(sql, ` AND endpoint = ?${others}`, f.endpoint, ...same) >= FOLLOW_LIMITS.perSubscription) return 'subscription-full';
  if (count(sql, ` AND network = ?${others}`, from.net, ...same) >= FOLLOW_LIMITS.perNetwork) return 'network-full';
  sql.exec(`DELETE FROM ${T.follows} WHERE endpoint = ? AND practice_id = ? AND entry_id = ?`, ...same);
  sql.exec(
    `INSERT INTO ${T.follows} (id, practice_id, entry_id, keys, endpoint, p256dh, auth, lang, created_at, board_id, network) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    f.id, f.practice_id, f.entry_id, JSON.stringify(f.keys), f.endpoint, f.p256dh, f.auth, f.lang, now, f.board_id, from.net,
  );
  return 'added';
}

/** Ends a follow made through a hall board link, live or ended by a newer link; false when there is none. */
export function removeFollow(sql: SqlStorage, id: string, boardId: string): boolean {
  return sql.exec(`DELETE FROM ${T.follows} WHERE id = ? AND board_id = ?`, id, boardId).rowsWritten > 0;
}

/**
 * The hall board has a new link: the follows made through any other end with theirs. Their subscriptions are
 * forgotten at once; their ids stay ENDED_KEPT_MS, so a phone that stops following later is told it did.
 */
export function endFollowsOfOtherLinks(sql: SqlStorage, boardId: string, now: number) {
  sql.exec(
    `UPDATE ${T.follows} SET ended_at = ?, endpoint = '', p256dh = '', auth = '', keys = '[]' WHERE ended_at IS NULL AND board_id IS NOT ?`,
    now, boardId,
  );
  sql.exec(`DELETE FROM ${T.follows} WHERE ended_at < ?`, now - ENDED_KEPT_MS);
}

/** The live follows made through the day's link that name one of these keys. */
function followsNaming(sql: SqlStorage, boardId: string, keys: ReadonlySet<string>): Follow[] {
  if (keys.size === 0) return [];
  return sql
    .exec<Omit<Follow, 'keys'> & { keys: string }>(
      `SELECT id, practice_id, entry_id, keys, endpoint, p256dh, auth, lang, board_id FROM ${T.follows} WHERE ended_at IS NULL AND board_id = ?`,
      boardId,
    )
    .toArray()
    .map((f) => ({ ...f, keys: JSON.parse(f.keys) as string[] }))
    .filter((f) => f.keys.some((k) => keys.has(k)));
}

/** Pushes sent at once at most: the rest wait for one of them to finish. */
export const PUSH_CONCURRENCY = 6;

/**
 * Pushes each new call to the phones following its fencers through the day's link, in their language, with
 * a link to their page; nothing while the hall is not shared. A phone hears a call once (it may follow both
 * of its fencers), PUSH_CONCURRENCY pushes go at a time, and a subscription the push service says is gone is
 * dropped. Runs behind the change that made the calls.
 */
export async function pushCalls(env: Env, sql: SqlStorage, calls: readonly DayCall[], day: DaySnapshot): Promise<void> {
  if (!day.day.board_shared) return;
  const pistes = new Map(day.pistes.map((p) => [p.id, p.name]));
  const referees = new Map(day.referees.map((r) => [r.id, r.name]));
  const events = new Map(day.events.map((e) => [e.practice_id, e.name]));
  const origin = env.APP_ORIGIN ?? '';
  const sends = calls.flatMap((call) => {
    const phones = new Map<string, Follow>();
    for (const f of followsNaming(sql, day.day.board_id, new Set(call.keys.filter((k): k is string => k !== null)))) if (!phones.has(f.endpoint)) phones.set(f.endpoint, f);
    return [...phones.values()].map((f) => ({ call, f }));
  });
  const pushOne = async ({ call, f }: (typeof sends)[number]) => {
    const words = callPush(f.lang, { piste: pistes.get(call.piste_id) ?? '?', names: call.names, event: events.get(call.practice_id) ?? '', referee: call.referee_id ? (referees.get(call.referee_id) ?? null) : null });
    const url = `${origin}/hall/${f.board_id}/fencer/${f.practice_id}/${f.entry_id}`;
    const outcome = await sendPush(env, f, { ...words, url, tag: call.id });
    if (outcome === 'gone') sql.exec(`DELETE FROM ${T.follows} WHERE id = ?`, f.id);
  };
  // One push failing never stops the others.
  await eachAtMost(sends, PUSH_CONCURRENCY, (send) => pushOne(send).catch(() => undefined));
}
