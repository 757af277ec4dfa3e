import type { DayCall, DayPiste, DayPlacement, DayPool } from '../contracts/days';
import { poolState } from './day-plan';
import type { RefereeState, Side } from './referee';

/**
 * A competition day's pistes as its venue bridge knows them (issue 57): the code each piste's scoring machine
 * announces, what is fenced on each piste now, and what a machine's end of match saves.
 */

/** The longest piste code a machine announces (EFP1.1: the general zone's field 3). */
export const PISTE_CODE_MAX = 8;

/**
 * Each piste's code, by id: its name when that is a short plain code ("3", "Red", "F1"), else its number in
 * the day's order. Codes are unique: a name met twice, or a number already taken, falls back to `P<number>`.
 */
export function pisteCodes(pistes: readonly Pick<DayPiste, 'id' | 'name' | 'position'>[]): Map<string, string> {
  const ordered = [...pistes].sort((a, b) => a.position - b.position);
  const taken = new Set<string>();
  const codes = new Map<string, string>();
  const wanted = (p: (typeof ordered)[number], i: number) => {
    const name = p.name.trim();
    return /^[A-Za-z0-9._-]+$/.test(name) && name.length <= PISTE_CODE_MAX ? name : String(i + 1);
  };
  const counts = new Map<string, number>();
  ordered.forEach((p, i) => counts.set(wanted(p, i), (counts.get(wanted(p, i)) ?? 0) + 1));
  ordered.forEach((p, i) => {
    let code = wanted(p, i);
    if ((counts.get(code) ?? 0) > 1 || taken.has(code)) code = `P${i + 1}`;
    for (let n = 2; taken.has(code); n++) code = `P${i + 1}-${n}`.slice(0, PISTE_CODE_MAX);
    taken.add(code);
    codes.set(p.id, code);
  });
  return codes;
}

/** What is fenced on a piste now: a tableau match called there, or the pool placed there (its next bout). */
export type PisteWork =
  | { kind: 'tableau'; practice_id: string; round: number; position: number }
  | { kind: 'pool'; practice_id: string; pool_id: string };

/**
 * The work of each piste now, by piste id: the match called there first (a call is the coach's word that its
 * fencers go there), else the pool placed there that is not done, the earliest flight first.
 */
export function pisteWork(
  day: { pistes: readonly Pick<DayPiste, 'id'>[]; calls: readonly Pick<DayCall, 'practice_id' | 'round' | 'position' | 'piste_id'>[]; placements: readonly Pick<DayPlacement, 'pool_id' | 'practice_id' | 'piste_id' | 'flight'>[] },
  pools: ReadonlyMap<string, Pick<DayPool, 'bouts' | 'done'>>,
): Map<string, PisteWork> {
  const work = new Map<string, PisteWork>();
  for (const call of day.calls) {
    if (!work.has(call.piste_id)) work.set(call.piste_id, { kind: 'tableau', practice_id: call.practice_id, round: call.round, position: call.position });
  }
  const placed = [...day.placements].sort((a, b) => a.flight - b.flight);
  for (const p of placed) {
    const pool = pools.get(p.pool_id);
    if (work.has(p.piste_id) || !pool || poolState(pool) === 'done') continue;
    work.set(p.piste_id, { kind: 'pool', practice_id: p.practice_id, pool_id: p.pool_id });
  }
  return work;
}

/**
 * A machine's address on the venue's network as the coach types it: an IPv4 address, with an optional port. A
 * host name is not taken: a report names its machine by the address it came from, which is always a number.
 */
export function machineAddress(text: string): string | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::(\d{1,5}))?$/.exec(text.trim());
  if (!m || m.slice(1, 5).some((n) => Number(n) > 255)) return null;
  const host = m.slice(1, 5).map(Number).join('.');
  if (m[5] === undefined) return host;
  const port = Number(m[5]);
  return port >= 1 && port <= 65535 ? `${host}:${port}` : null;
}

/** Whether a report sent from `from` (`host:port`) comes from the machine the coach set at `machine` (a host, or host:port). */
export function fromMachine(machine: string, from: string): boolean {
  if (machine.includes(':')) return machine === from;
  return from.slice(0, from.lastIndexOf(':')) === machine;
}

/** What names a machine's end of match: each zone's fencer and score (an end told again names the same). */
export function endSignature(frame: { right: { id: string; score: number } | null; left: { id: string; score: number } | null }): string | null {
  const { right, left } = frame;
  return right && left ? `${right.id}:${right.score}|${left.id}:${left.score}` : null;
}

/**
 * What a machine's end of match saves, in the sheet's order (left, right), or why it cannot be saved: the
 * real score, and the winner on priority at equal scores. A fencer excluded or who abandoned loses; at equal
 * scores the opponent wins on priority; an excluded fencer who leads cannot be saved as a score (the coach
 * enters the result by hand).
 */
export function machineResult(state: RefereeState, abandoned: Side | null): { ok: true; left: number; right: number; priority: Side | null } | { ok: false; reason: 'equal-no-priority' | 'result-by-hand' } {
  const loser = state.excluded ?? abandoned;
  const { left, right } = state;
  if (loser) {
    const winner: Side = loser === 'left' ? 'right' : 'left';
    if (state[winner] > state[loser]) return { ok: true, left, right, priority: null };
    if (state[winner] === state[loser]) return { ok: true, left, right, priority: winner };
    return { ok: false, reason: 'result-by-hand' };
  }
  if (left !== right) return { ok: true, left, right, priority: null };
  if (state.priority) return { ok: true, left, right, priority: state.priority };
  return { ok: false, reason: 'equal-no-priority' };
}
