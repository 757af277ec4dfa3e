import type { BridgeDelivery, DayBridge, ReportAnswer } from '../../core/contracts/bridge';
import type { DayPiste, DayPool } from '../../core/contracts/days';
import { pisteCodes, pisteWork, type PisteWork } from '../../core/fencing/day-bridge';
import { timingSafeEqual } from '../auth/crypto';
import { DAY_TABLES as T } from './schema';
import { readCalls, readPistes, readPlacements, readReferees } from './day-store';

/** A piste as the bridge's requests need it: its code, the machine the coach confirmed there, and its work now. */
export interface BridgePisteWork {
  piste_id: string;
  code: string;
  machine: string | null;
  work: PisteWork | null;
  /** The day's referee of what is fenced there (the call's, or the pool's), by name. */
  referee: string | null;
  /** The last end its machine told that was stored (`endSignature`): told again, it is acknowledged again. */
  acked: string | null;
}

/** What the bridge told of its machines last, kept as the screen shows it. */
type Heard = Pick<BridgeDelivery, 'bridge' | 'machines' | 'counts'>;

/** The screen hears the bridge again at least this often while only its counts and times move. */
const QUIET_MS = 2_000;

type BridgeRow = {
  key_hash: string | null;
  made_at: number | null;
  bridge_id: string | null;
  seen_at: number | null;
  counts: string | null;
  machines: string;
  last: string;
};

/**
 * The day's venue bridge (issue 57), in the day's room: the key (its hash only), what the bridge last said of
 * itself and its machines, each piste's machine address, and what each piste fences now. Statements over the
 * day's SQLite; the room wires them (./day-room) and tells the coach's screens.
 */
export class DayBridgeDesk {
  /** When the coach's screens last heard the bridge, and what of its machines (ids, states, pairing). */
  private told = { at: 0, machines: '' };

  constructor(private readonly sql: SqlStorage) {}

  private row(): BridgeRow {
    return this.sql.exec<BridgeRow>(`SELECT key_hash, made_at, bridge_id, seen_at, counts, machines, last FROM ${T.bridge}`).one();
  }

  /** Whether `hash` is the hash of the day's current key. */
  holds(hash: string): boolean {
    const held = this.row().key_hash;
    if (!held) return false;
    const encoder = new TextEncoder();
    return timingSafeEqual(encoder.encode(held), encoder.encode(hash));
  }

  /** A new key (its hash), or none: the old one ends at once. */
  setKey(hash: string | null, now: number) {
    this.sql.exec(`UPDATE ${T.bridge} SET key_hash = ?, made_at = ?`, hash, hash ? now : null);
  }

  /** The machine the coach confirmed at a piste (null: none). */
  setMachine(pisteId: string, machine: string | null): boolean {
    if (!this.sql.exec(`SELECT 1 FROM ${T.pistes} WHERE id = ?`, pisteId).toArray().length) return false;
    this.sql.exec(`UPDATE ${T.pistes} SET machine = ? WHERE id = ?`, machine, pisteId);
    return true;
  }

  private machinesByPiste(): Map<string, string | null> {
    return new Map(this.sql.exec<{ id: string; machine: string | null }>(`SELECT id, machine FROM ${T.pistes}`).toArray().map((r) => [r.id, r.machine]));
  }

  /** The bridge as the day's screen shows it. */
  view(pistes: readonly DayPiste[] = readPistes(this.sql)): DayBridge {
    const row = this.row();
    const codes = pisteCodes(pistes);
    const machines = this.machinesByPiste();
    return {
      key_made_at: row.made_at,
      bridge_id: row.bridge_id,
      seen_at: row.seen_at,
      counts: row.counts ? (JSON.parse(row.counts) as DayBridge['counts']) : null,
      machines: JSON.parse(row.machines) as DayBridge['machines'],
      pistes: pistes.map((p) => ({ piste_id: p.id, code: codes.get(p.id)!, machine: machines.get(p.id) ?? null })),
      last: JSON.parse(row.last) as DayBridge['last'],
    };
  }

  /** Each piste's code, machine and work now, from the day's calls and placements and the pools its events told. */
  work(pools: ReadonlyMap<string, Pick<DayPool, 'bouts' | 'done'>>): BridgePisteWork[] {
    const pistes = readPistes(this.sql);
    const codes = pisteCodes(pistes);
    const machines = this.machinesByPiste();
    const [calls, placements] = [readCalls(this.sql), readPlacements(this.sql)];
    const work = pisteWork({ pistes, calls, placements }, pools);
    const referees = new Map(readReferees(this.sql).map((r) => [r.id, r.name]));
    const refereeOf = (w: PisteWork | undefined, pisteId: string) => {
      const id = w?.kind === 'tableau' ? calls.find((c) => c.piste_id === pisteId)?.referee_id : w?.kind === 'pool' ? placements.find((p) => p.pool_id === w.pool_id)?.referee_id : null;
      return id ? (referees.get(id) ?? null) : null;
    };
    const last = JSON.parse(this.row().last) as DayBridge['last'];
    return pistes.map((p) => {
      const code = codes.get(p.id)!;
      const told = last[code];
      return { piste_id: p.id, code, machine: machines.get(p.id) ?? null, work: work.get(p.id) ?? null, referee: refereeOf(work.get(p.id), p.id), acked: told?.answer === 'ack' ? (told.end ?? null) : null };
    });
  }

  /**
   * What the bridge says of itself with a delivery. True when the coach's screens should hear it: its machines
   * changed (one new, online or not, another state or match), or a while passed.
   */
  heard(status: Heard, now: number): boolean {
    const machines = JSON.stringify(status.machines);
    this.sql.exec(`UPDATE ${T.bridge} SET bridge_id = ?, seen_at = ?, counts = ?, machines = ?`, status.bridge, now, JSON.stringify(status.counts), machines);
    const shape = JSON.stringify(status.machines.map(({ last_frame_at: _, ...m }) => m));
    if (shape === this.told.machines && now - this.told.at < QUIET_MS) return false;
    this.told = { at: now, machines: shape };
    return true;
  }

  /** Keeps, per piste code, the last report refused or ignored (or the last stored end), for the screen. True when it changed. */
  answered(answers: readonly (ReportAnswer & { piste: string; end?: string | null })[], now: number): boolean {
    const last = JSON.parse(this.row().last) as DayBridge['last'];
    const codes = new Set(pisteCodes(readPistes(this.sql)).values());
    let changed = false;
    for (const a of answers) {
      // Only the day's pistes: a bridge cannot fill the day with codes of its own.
      if (a.answer === 'live' || !codes.has(a.piste)) continue;
      last[a.piste] = { answer: a.answer, reason: a.reason ?? null, at: now, ...(a.answer === 'ack' ? { end: a.end ?? null } : {}) };
      changed = true;
    }
    if (changed) this.sql.exec(`UPDATE ${T.bridge} SET last = ?`, JSON.stringify(last));
    return changed;
  }
}
