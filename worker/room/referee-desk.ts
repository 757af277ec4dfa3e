import type { PoolSnapshot } from '../../core/contracts/pools';
import type { LiveMessage, RefereeEndReason } from '../../core/live-messages';
import { poolBoutKey, refereeKey, shiftClock, withFormat, fitsFormat, followsRules, seqOrder, type LiveBout, type RefereeClaim, type RefereeFencer, type RefereeTarget } from '../../core/refereeing';
import type { RefereeUpdateBody } from '../../core/validation';
import { startBout, type BoutFormat, type Refereeing } from '../../core/fencing/referee';
import { cardsToKeep, type BoutCards } from '../../core/fencing/bout-cards';
import { TABLES } from './schema';
import type { MachineLights } from '../../core/fencing/machine-bout';
import type { RefereeState } from '../../core/fencing/referee';

/** Who holds a live bout: one referee view of one person (issue 18). */
interface RefereeHolder {
  view: string;
  /** The coach's user id or the guest's session id. */
  subject: string;
  name: string;
  /** The room's clock when the view was last heard from (claim or update). */
  seenAt: number;
}

/** A bout refereed live, in the room's storage until its result is saved or it is discarded. */
export interface RefereeRecord {
  target: RefereeTarget;
  left: RefereeFencer;
  right: RefereeFencer;
  format: BoutFormat;
  /** Null once the referee handed it over: the next claim takes it as it stands. */
  holder: RefereeHolder | null;
  /** The last referee's name, shown while nobody holds it. */
  referee: string;
  /** Clock readings in the room's time. */
  refereeing: Refereeing;
  seq: number;
  /** Held by a scoring machine (issue 57): its piste code, the lights of its last INFO, and that INFO's report number and bridge (a new bridge numbers from 1 again). */
  machine?: { piste: string; lights: MachineLights; report: number; bridge: string };
  /** The coach took the bout back from its machine: the machine's reports no longer take it, however quiet the phone. */
  taken_back?: boolean;
}

/** A referee view silent this long (phone lost, battery dead) may be taken over by another. */
export const REFEREE_STALE_MS = 60_000;

export type RefereeClaimResult = { ok: true; claim: RefereeClaim } | { ok: false; holder: string; machine: string | null };
/** 'stale': an older step (kept out); 'ahead': a step number past the window; 'invalid': outside the format; 'against-rules': cards or hits the rules forbid. */
export type RefereeUpdateResult = 'ok' | 'stale' | 'ahead' | 'not-holder' | 'invalid' | 'against-rules';

/** A message that may take refereed bouts away with it: a result saved, or pools and the tableau reshaped. */
export type SavedResult = Extract<LiveMessage, { type: 'bout' | 'matches' }>;
export type Reshaped = Extract<LiveMessage, { type: 'pool' | 'pool-deleted' | 'pools' | 'bracket' }>;

/**
 * The referee desk of a practice (issue 18): the bouts refereed live on its pistes and the coach's
 * choice of referee for each pool bout, kept in the room's storage (the day's arrangements, not results)
 * and sent to every screen as they change.
 */
export class RefereeDesk {
  constructor(
    private readonly sql: SqlStorage,
    private readonly send: (message: LiveMessage) => void,
  ) {}

  private record(key: string): RefereeRecord | undefined {
    const row = this.sql.exec<{ record: string }>(`SELECT record FROM ${TABLES.refereedBouts} WHERE key = ?`, key).toArray()[0];
    return row ? (JSON.parse(row.record) as RefereeRecord) : undefined;
  }

  private keep(key: string, record: RefereeRecord) {
    this.sql.exec(`INSERT OR REPLACE INTO ${TABLES.refereedBouts} (key, record) VALUES (?, ?)`, key, JSON.stringify(record));
  }

  private records(): [string, RefereeRecord][] {
    return this.sql.exec<{ key: string; record: string }>(`SELECT key, record FROM ${TABLES.refereedBouts} ORDER BY key`).toArray().map((r) => [r.key, JSON.parse(r.record) as RefereeRecord]);
  }

  private choices(poolId: string): Record<string, string> {
    const row = this.sql.exec<{ chosen: string }>(`SELECT chosen FROM ${TABLES.refereeChoices} WHERE pool_id = ?`, poolId).toArray()[0];
    return row ? (JSON.parse(row.chosen) as Record<string, string>) : {};
  }

  /** What a screen opening now is sent: the bouts on the piste and the referee choices. */
  opening(practiceId: string): LiveMessage[] {
    const now = Date.now();
    const bouts = this.records().map(([, r]): LiveMessage => ({ type: 'referee', practiceId, bout: liveBoutOf(r, now) }));
    const duty = this.sql
      .exec<{ pool_id: string; chosen: string }>(`SELECT pool_id, chosen FROM ${TABLES.refereeChoices} ORDER BY pool_id`)
      .toArray()
      .map((r): LiveMessage => ({ type: 'duty', practiceId, poolId: r.pool_id, chosen: JSON.parse(r.chosen) as Record<string, string> }));
    return [...bouts, ...duty];
  }

  /**
   * A referee view claims a bout. Free, handed over, held by this same view of this same person (a reload),
   * or held by a view silent for REFEREE_STALE_MS: the view gets it, as it stands. Held by another live view,
   * or by this view id sent by someone else (a view id is the phone's word; the subject is the worker's):
   * refused with the referee's name. The bout, names and format come from the worker's checks, never the phone.
   */
  async claim(practiceId: string, bout: Omit<RefereeRecord, 'holder' | 'referee' | 'refereeing' | 'seq'>, holder: Omit<RefereeHolder, 'seenAt'>, takeBack = false): Promise<RefereeClaimResult> {
    const key = refereeKey(bout.target);
    const now = Date.now();
    const stored = this.record(key);
    const current = stored?.holder;
    // The coach takes a bout back from a scoring machine (issue 57): `takeBack` is the coach's alone (the route's word).
    const fromMachine = takeBack && stored?.machine !== undefined;
    if (current && !fromMachine && !sameView(current, holder) && now - current.seenAt < REFEREE_STALE_MS) return { ok: false, holder: current.name, machine: stored.machine?.piste ?? null };
    const record: RefereeRecord = stored
      ? { ...withoutMachine(stored), holder: { ...holder, seenAt: now }, referee: holder.name, ...(fromMachine ? { taken_back: true } : {}) }
      : { ...bout, holder: { ...holder, seenAt: now }, referee: holder.name, refereeing: { state: startBout(bout.format), past: [] }, seq: 0 };
    this.keep(key, record);
    const live = liveBoutOf(record, now);
    this.send({ type: 'referee', practiceId, bout: live });
    return { ok: true, claim: { bout: live, refereeing: record.refereeing, seq: record.seq } };
  }

  /**
   * A step of the referee's phone: kept and sent to every screen. Only the view holding the bout may
   * write; an update older than the stored one (a retry that crossed a later one) changes nothing, one
   * further ahead than the window is refused, and so is one the rules do not allow (`followsRules`).
   */
  async update(practiceId: string, subject: string, body: RefereeUpdateBody): Promise<RefereeUpdateResult> {
    const key = refereeKey(body.target);
    const record = this.record(key);
    if (!record || !holds(record, body.view, subject)) return 'not-holder';
    const now = Date.now();
    const order = seqOrder(record.seq, body.seq);
    if (order !== 'next') return order;
    if (![body.state, ...body.past].every((s) => fitsFormat(s, record.format))) return 'invalid';
    if (!followsRules(body, record.format)) return 'against-rules';
    const sent: Refereeing = { state: withFormat(body.state, record.format), past: body.past.map((s) => withFormat(s, record.format)) };
    const next: RefereeRecord = { ...record, refereeing: shiftClock(sent, now - body.sent_at), seq: body.seq, holder: { ...record.holder, seenAt: now } };
    this.keep(key, next);
    this.send({ type: 'referee', practiceId, bout: liveBoutOf(next, now) });
    return 'ok';
  }

  /**
   * A scoring machine's INFO on this bout (issue 57): the machine holds it unless a phone holds it live ('held'),
   * and its state stands for the bout's (a machine tells the whole state each time, so there is no undo history).
   * A report older than the last one taken is 'stale'. Every screen hears it with the machine's lights.
   */
  machineStep(practiceId: string, bout: Omit<RefereeRecord, 'holder' | 'referee' | 'refereeing' | 'seq' | 'machine'>, holder: Omit<RefereeHolder, 'seenAt'>, state: RefereeState, machine: NonNullable<RefereeRecord['machine']>): 'ok' | 'held' | 'stale' {
    const key = refereeKey(bout.target);
    const now = Date.now();
    const stored = this.record(key);
    const current = stored?.holder;
    if (stored?.taken_back) return 'held';
    if (current && !sameView(current, holder) && now - current.seenAt < REFEREE_STALE_MS) return 'held';
    if (current && stored.machine && sameView(current, holder) && stored.machine.bridge === machine.bridge && stored.machine.report >= machine.report) return 'stale';
    const record: RefereeRecord = { ...(stored ?? bout), holder: { ...holder, seenAt: now }, referee: holder.name, refereeing: { state, past: [] }, seq: (stored?.seq ?? 0) + 1, machine };
    this.keep(key, record);
    this.send({ type: 'referee', practiceId, bout: liveBoutOf(record, now) });
    return 'ok';
  }

  /** A bout on the piste as screens show it now (null: none). */
  liveBout(key: string): LiveBout | null {
    const r = this.record(key);
    return r ? liveBoutOf(r, Date.now()) : null;
  }

  /** The holding view hands the bout over (kept as it stands) or discards it (gone from every screen). */
  async release(practiceId: string, subject: string, target: RefereeTarget, view: string, discard: boolean): Promise<boolean> {
    const key = refereeKey(target);
    const record = this.record(key);
    if (!record || !holds(record, view, subject)) return false;
    if (discard) return this.end(practiceId, key, 'discarded');
    this.handOver(practiceId, key, record, Date.now());
    return true;
  }

  /** The bout held by no one, as it stands: the next claim takes it; every screen hears it. */
  private handOver(practiceId: string, key: string, record: RefereeRecord, now: number) {
    const next = { ...record, holder: null };
    this.keep(key, next);
    this.send({ type: 'referee', practiceId, bout: liveBoutOf(next, now) });
  }

  /**
   * Guest sessions ended (sharing off, a new code, removed, left): the bouts their views held are handed over as
   * they stand, so the next referee (the coach, or a guest who joins again) takes them at once instead of
   * waiting out the silent minute of a holder who can never hand over. `gone`: whether a holder's session is over.
   */
  handOverFrom(practiceId: string, gone: (subject: string) => boolean): void {
    const now = Date.now();
    for (const [key, record] of this.records()) if (record.holder && gone(record.holder.subject)) this.handOver(practiceId, key, record, now);
  }

  /** The coach chooses who referees a pool bout (null: back to the suggestion); sent to every screen of the pool. */
  async choose(practiceId: string, poolId: string, bout: string, refereeId: string | null): Promise<Record<string, string>> {
    const chosen = this.choices(poolId);
    if (refereeId) chosen[bout] = refereeId;
    else delete chosen[bout];
    this.sql.exec(`INSERT OR REPLACE INTO ${TABLES.refereeChoices} (pool_id, chosen) VALUES (?, ?)`, poolId, JSON.stringify(chosen));
    this.send({ type: 'duty', practiceId, poolId, chosen });
    return chosen;
  }

  /**
   * The cards given so far in a bout on the piste (issue 29), in the stored order of its result (`player1Id`
   * first): what the result saved for it keeps. None when nobody referees it, or when the bout on the piste is
   * between other fencers (a tableau match whose fencers a correction upstream changed since it was claimed).
   */
  cardsOf(key: string, player1Id: string, player2Id: string): BoutCards | null {
    const r = this.record(key);
    if (!r) return null;
    const same = (r.left.id === player1Id && r.right.id === player2Id) || (r.left.id === player2Id && r.right.id === player1Id);
    return same ? cardsToKeep(r.refereeing.state, r.left.id, player1Id) : null;
  }

  /** A result saved for a bout on the piste (by its referee, or typed in the grid) ends it live. */
  async resultSaved(message: SavedResult): Promise<void> {
    if (message.type === 'bout') {
      const { delta } = message;
      if (delta.bout) this.end(message.practiceId, poolBoutKey(delta.pool_id, delta.bout.player1_id, delta.bout.player2_id), 'result');
      return;
    }
    for (const m of message.delta.matches) if (m.winner_id) this.end(message.practiceId, refereeKey({ kind: 'tableau', round: m.round, position: m.position }), 'result');
  }

  /**
   * A pool deleted or redrawn, a fencer of the bout gone from it, withdrawn or excluded, the tableau reset:
   * bouts refereed there end with them, and a deleted pool's referee choices go.
   */
  async reshaped(message: Reshaped): Promise<void> {
    for (const [key, r] of this.records()) {
      const t = r.target;
      const gone = t.kind === 'tableau'
        ? message.type === 'bracket' && message.bracket.matches.length === 0 && message.bracket.seeding === null
        : message.type === 'pool-deleted' ? t.pool_id === message.poolId
        : message.type === 'pool' ? message.pool.id === t.pool_id && !stillFencing(message.pool, t)
        : message.type === 'pools' ? !message.pools.some((p) => stillFencing(p, t))
        : false;
      if (gone) this.end(message.practiceId, key, 'changed');
    }
    if (message.type === 'pool-deleted') this.sql.exec(`DELETE FROM ${TABLES.refereeChoices} WHERE pool_id = ?`, message.poolId);
  }

  /**
   * Ends a live bout, if there is one (called for every saved bout and score: a delete by key in the room's
   * own SQLite, nothing written when there is none).
   */
  private end(practiceId: string, key: string, why: RefereeEndReason): boolean {
    // Asked first: most saved results end no refereed bout, and a write outside the change's own transaction
    // (even one deleting nothing) costs a score a commit of its own.
    if (this.sql.exec(`SELECT 1 FROM ${TABLES.refereedBouts} WHERE key = ?`, key).toArray().length === 0) return false;
    this.sql.exec(`DELETE FROM ${TABLES.refereedBouts} WHERE key = ?`, key);
    this.send({ type: 'referee-end', practiceId, key, why });
    return true;
  }
}

/** Whether two referee views are one: the same view id, sent by the same person (guest session or coach). */
function sameView(a: Pick<RefereeHolder, 'view' | 'subject'>, b: Pick<RefereeHolder, 'view' | 'subject'>): boolean {
  return a.view === b.view && a.subject === b.subject;
}

/** Whether this referee view of this person holds the bout now. */
function holds(r: RefereeRecord, view: string, subject: string): r is RefereeRecord & { holder: RefereeHolder } {
  return r.holder !== null && sameView(r.holder, { view, subject });
}

/** Whether both fencers of a pool bout still fence in this pool (not gone from it, withdrawn or excluded). */
function stillFencing(pool: PoolSnapshot, t: Extract<RefereeTarget, { kind: 'pool' }>): boolean {
  return pool.id === t.pool_id && [t.a, t.b].every((id) => pool.players.some((x) => x.id === id && !x.status));
}

/** What screens are sent of a stored live bout, read at the room's `now`; a machine's piste and lights while one holds it. */
function liveBoutOf(r: RefereeRecord, now: number): LiveBout {
  const bout: LiveBout = { key: refereeKey(r.target), target: r.target, left: r.left, right: r.right, referee: r.holder?.name ?? r.referee, state: r.refereeing.state, now };
  return r.machine && r.holder ? { ...bout, machine: { piste: r.machine.piste, lights: r.machine.lights } } : bout;
}

/** A bout taken from a machine: a person holds it now, and its lights go. */
function withoutMachine(r: RefereeRecord): RefereeRecord {
  const { machine: _, ...rest } = r;
  return rest;
}
