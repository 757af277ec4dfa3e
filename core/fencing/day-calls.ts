import type { DayCall, DayMatch, DayPiste, DayPlacement, DayPool, DayReferee } from '../contracts/days';
import type { PoolSnapshot } from '../contracts/pools';
import { poolState } from './day-plan';
import { callMatches, type TableauMatch } from './pistes';
import { assignMatchReferees } from './referee-assignment';
import type { Tableau } from './tableau';

/**
 * Tableau matches called to the day's pistes (issue 28). An event's room tells the day its tableau's matches
 * (`dayMatchesOf`); after every word the day runs `planCalls`: a call whose match is done ends and frees its
 * piste, a call whose fencers changed (a winner corrected) goes back to waiting, and every match now ready
 * (both fencers known and free everywhere on the day) goes to a free piste in the order of the bout plan
 * (o.80.1), the final to the final piste (`callMatches`, ./pistes), each with a free referee, neutral where
 * possible (t.50.3, `assignMatchReferees`). A piste is free when no call holds it and every pool placed on
 * it is done. Pure.
 */

/** Who a tableau fencer is across the day's events: a roster athlete is one person in every event. */
export const fencerKey = (entry: { id: string; athlete_id: string | null }) => (entry.athlete_id ? `a:${entry.athlete_id}` : `e:${entry.id}`);

/** The main bracket's matches of an event's tableau (as `resolveTableau` gives it), with who fences (names for the boards, keys for the day) and whether each is done. */
export function dayMatchesOf(pools: PoolSnapshot[], tableau: Pick<Tableau, 'matches'>): DayMatch[] {
  const entries = new Map(pools.flatMap((p) => p.players.map((e) => [e.id, e] as const)));
  return bracketDayMatches(tableau, (id) => {
    const e = entries.get(id);
    return e ? { name: e.name, key: fencerKey(e) } : { name: null, key: null };
  });
}

/**
 * The main bracket's matches (the bout for 3rd place left out), each with its two sides as `who` names them
 * (a fencer, or a team: ./day-teams) and done once it has a winner (a bye has one at once).
 */
export function bracketDayMatches(tableau: Pick<Tableau, 'matches'>, who: (id: string) => { name: string | null; key: string | null }): DayMatch[] {
  if (tableau.matches.length === 0) return [];
  const size = 2 ** Math.max(...tableau.matches.map((m) => m.round));
  const side = (id: string | null) => (id === null ? { name: null, key: null } : who(id));
  return tableau.matches
    .filter((m) => m.position < size >> m.round)
    .map((m) => {
      const [a, b] = [side(m.player1_id), side(m.player2_id)];
      return { id: m.id, round: m.round, position: m.position, names: [a.name, b.name], keys: [a.key, b.key], done: m.winner_id !== null };
    });
}

export interface CallPlanInput {
  /** The day's events in order, with their matches as last told. */
  events: readonly { practiceId: string; matches: readonly DayMatch[] }[];
  calls: readonly DayCall[];
  pistes: readonly DayPiste[];
  placements: readonly DayPlacement[];
  pools: ReadonlyMap<string, DayPool>;
  referees: readonly DayReferee[];
  clubs: ReadonlyMap<string, string | null>;
  /** Matches the coach held back (<practice id>:<match id>): never called while held. */
  held?: ReadonlySet<string>;
  now: number;
}

const sameKeys = (a: readonly (string | null)[], b: readonly (string | null)[]) => a[0] === b[0] && a[1] === b[1];

/** The day's active calls after a change: those that still stand, and the new ones. */
export function planCalls({ events, calls, pistes, placements, pools, referees, clubs, held: heldBack = new Set(), now }: CallPlanInput): DayCall[] {
  const matchOf = new Map<string, DayMatch>(events.flatMap((e) => e.matches.map((m) => [`${e.practiceId}:${m.id}`, m] as const)));
  const kept = calls.filter((c) => {
    const m = matchOf.get(c.id);
    return m !== undefined && !m.done && sameKeys(m.keys, c.keys);
  });
  const fencing = placements.filter((p) => {
    const pool = pools.get(p.pool_id);
    return pool !== undefined && poolState(pool) !== 'done';
  });
  const busy = new Set<string>([
    ...kept.flatMap((c) => c.keys.flatMap((k) => (k ? [k] : []))),
    ...fencing.flatMap((p) => (poolState(pools.get(p.pool_id)!) === 'fencing' ? pools.get(p.pool_id)!.athletes.map((a) => `a:${a}`) : [])),
  ]);
  const free = new Set(pistes.map((p) => p.id));
  for (const c of kept) free.delete(c.piste_id);
  for (const p of fencing) free.delete(p.piste_id);
  const ordered = [...pistes].sort((a, b) => a.position - b.position);

  const fresh: DayCall[] = [];
  for (const event of events) {
    const held = new Map(kept.filter((c) => c.practice_id === event.practiceId).map((c) => [c.match_id, c]));
    // A match held back counts as done for this plan: never called, its fencers not made busy by it.
    const matches: TableauMatch[] = event.matches.map((m) => ({
      id: m.id, round: m.round, position: m.position, fencers: [m.keys[0] ?? null, m.keys[1] ?? null], done: m.done || heldBack.has(`${event.practiceId}:${m.id}`),
      state: held.get(m.id)?.state ?? 'waiting', pisteId: held.get(m.id)?.piste_id ?? null,
    }));
    const { calls: made } = callMatches({ matches, busy, pistes: ordered, free });
    for (const c of made) {
      const m = event.matches.find((x) => x.id === c.matchId)!;
      free.delete(c.pisteId);
      for (const k of m.keys) if (k) busy.add(k);
      fresh.push({ id: `${event.practiceId}:${m.id}`, practice_id: event.practiceId, match_id: m.id, round: m.round, position: m.position, names: m.names, keys: m.keys, piste_id: c.pisteId, referee_id: null, neutral: true, state: 'called', called_at: now, version: 1 });
    }
  }
  if (fresh.length > 0 && referees.length > 0) {
    const engaged = new Set([...kept.flatMap((c) => (c.referee_id ? [c.referee_id] : [])), ...fencing.flatMap((p) => (p.referee_id ? [p.referee_id] : []))]);
    const duties = new Map<string, number>();
    for (const id of [...placements.map((p) => p.referee_id), ...kept.map((c) => c.referee_id)]) if (id) duties.set(id, (duties.get(id) ?? 0) + 1);
    const clubOf = (key: string | null) => ({ club: key?.startsWith('a:') ? (clubs.get(key.slice(2)) ?? null) : null });
    const { assignments } = assignMatchReferees({
      referees: referees.map((r) => ({ id: r.id, name: r.name, club: r.club })),
      matches: fresh.map((c) => ({ id: c.id, fencers: c.keys.map(clubOf) })),
      busy: engaged,
      duties: new Map([...duties].filter(([id]) => referees.some((r) => r.id === id))),
    });
    for (const a of assignments) {
      const call = fresh.find((c) => c.id === a.id)!;
      call.referee_id = a.refereeId;
      call.neutral = a.neutral;
    }
  }
  return [...kept, ...fresh];
}
