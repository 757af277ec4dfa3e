import type { DayCall, DaySnapshot } from '../../core/contracts/days';
import { callPush } from '../../core/push-texts';
import type { Env } from '../env';
import { DAY_TABLES as T } from './schema';
import { sendPush, type PushTarget } from './push';

/**
 * Fencers followed from their page (issue 28): each follow is a push subscription and the keys the day's
 * calls name that fencer by (`DayMatch.keys`: a roster athlete is one person in every event). When a call
 * names a followed fencer, each of their followers' phones gets a push.
 */
export interface Follow extends PushTarget {
  id: string;
  practice_id: string;
  entry_id: string;
  keys: string[];
  lang: string;
}

/** Follows a day keeps at most: a phone per fencer and a parent or two, for the biggest days. */
export const MAX_FOLLOWS = 5_000;

/** Adds a follow (one phone follows one fencer once: following again replaces it); 'full' past the cap. */
export function addFollow(sql: SqlStorage, f: Follow, now: number): 'added' | 'full' {
  sql.exec(`DELETE FROM ${T.follows} WHERE endpoint = ? AND practice_id = ? AND entry_id = ?`, f.endpoint, f.practice_id, f.entry_id);
  const { n } = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${T.follows}`).one();
  if (n >= MAX_FOLLOWS) return 'full';
  sql.exec(
    `INSERT INTO ${T.follows} (id, practice_id, entry_id, keys, endpoint, p256dh, auth, lang, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    f.id, f.practice_id, f.entry_id, JSON.stringify(f.keys), f.endpoint, f.p256dh, f.auth, f.lang, now,
  );
  return 'added';
}

export function removeFollow(sql: SqlStorage, id: string): boolean {
  return sql.exec(`DELETE FROM ${T.follows} WHERE id = ?`, id).rowsWritten > 0;
}

function followsNaming(sql: SqlStorage, keys: ReadonlySet<string>): Follow[] {
  if (keys.size === 0) return [];
  return sql
    .exec<Omit<Follow, 'keys'> & { keys: string }>(`SELECT id, practice_id, entry_id, keys, endpoint, p256dh, auth, lang FROM ${T.follows}`)
    .toArray()
    .map((f) => ({ ...f, keys: JSON.parse(f.keys) as string[] }))
    .filter((f) => f.keys.some((k) => keys.has(k)));
}

/**
 * Pushes each new call to the phones following its fencers, in their language, with a link to their page;
 * a subscription the push service says is gone is dropped. Runs behind the change that made the calls.
 */
export async function pushCalls(env: Env, sql: SqlStorage, calls: readonly DayCall[], day: DaySnapshot): Promise<void> {
  const pistes = new Map(day.pistes.map((p) => [p.id, p.name]));
  const referees = new Map(day.referees.map((r) => [r.id, r.name]));
  const events = new Map(day.events.map((e) => [e.practice_id, e.name]));
  const origin = env.APP_ORIGIN ?? '';
  const sends = calls.flatMap((call) =>
    followsNaming(sql, new Set(call.keys.filter((k): k is string => k !== null))).map(async (f) => {
      const words = callPush(f.lang, { piste: pistes.get(call.piste_id) ?? '?', names: call.names, event: events.get(call.practice_id) ?? '', referee: call.referee_id ? (referees.get(call.referee_id) ?? null) : null });
      const url = `${origin}/hall/${day.day.board_id}/fencer/${f.practice_id}/${f.entry_id}`;
      const outcome = await sendPush(env, f, { ...words, url, tag: call.id });
      if (outcome === 'gone') removeFollow(sql, f.id);
    }),
  );
  await Promise.allSettled(sends);
}
