import type { LineupFencer, LineupSide, LineupSubstitution, TeamLineup } from '../contracts/team-tableau';
import { RELAY_ORDER } from './team-relay';
import { teamMatchState, type TeamRelayRow } from './team-tableau';

// A team match as fenced (issue 58, FIE o.99.4–6): which team is team A by lot, the order the captains give
// (three fencers a side on the sheet's places, team A as 4–6 and team B as 1–3), the reserve each team names
// before the match, and the reserve brought in. From these, who fenced each relay, and what each fencer
// scored and received in the relays that count.

export type Side = 'A' | 'B';

/** The sheet's places of each side: team A (left) fences as 4, 5, 6, team B (right) as 1, 2, 3 (SPEC §9). */
export const PLACES: Readonly<Record<Side, readonly number[]>> = { A: [4, 5, 6], B: [1, 2, 3] };

/** The side a place belongs to (1–3: B, 4–6: A). */
export const sideOfPlace = (place: number): Side => (place >= 4 ? 'A' : 'B');

/**
 * Whether a line-up names one of its match's two teams as team A. A line-up left from teams an earlier corrected result
 * took out of the match does not: it is no line-up of the match.
 */
export const lineupFits = (lineup: { team_a: string }, match: { player1_id: string | null; player2_id: string | null }) =>
  lineup.team_a === match.player1_id || lineup.team_a === match.player2_id;

/** A match's line-up among a tableau's, while it fits the match (`lineupFits`); null otherwise. */
export function lineupOfMatch<L extends { round: number; position: number; team_a: string }>(
  match: { round: number; position: number; player1_id: string | null; player2_id: string | null },
  lineups: readonly L[],
): L | null {
  const l = lineups.find((x) => x.round === match.round && x.position === match.position);
  return l && lineupFits(l, match) ? l : null;
}

/** The relays (1–9) a place fences, in order: 3 each (o.99.3). */
export function relaysOfPlace(place: number): number[] {
  return RELAY_ORDER.flatMap(([a, b], i) => (a === place || b === place ? [i + 1] : []));
}

/** Why a set of substitutions breaks o.99.5–6, as an error code of core/messages; null when they hold. */
export type SubstitutionError = 'substitution_no_reserve' | 'substitution_relay' | 'substitution_once' | 'substitution_after_injury';

/**
 * Checks the substitutions of a match (o.99.5–6). Each side brings its reserve in once a match, in place of one
 * of its three fencers, from one of that fencer's relays (a tactical change is made at the end of a bout, so the
 * reserve fences the replaced fencer's next relay; after an injury, o.99.6, the reserve continues the relay the
 * injured fencer left, which counts as the reserve's). The replaced fencer may come back once, only in the
 * reserve's place (the same place, a later relay of it), and never after an injury ("a competitor who is thus
 * replaced cannot again take his place"). A side without a reserve brings nobody in.
 */
export function substitutionError(subs: readonly LineupSubstitution[], reserves: Readonly<Record<Side, boolean>>): SubstitutionError | null {
  for (const side of ['A', 'B'] as const) {
    const own = subs.filter((s) => sideOfPlace(s.place) === side).sort((x, y) => x.relay - y.relay);
    if (own.length === 0) continue;
    if (!reserves[side]) return 'substitution_no_reserve';
    if (own.some((s) => !relaysOfPlace(s.place).includes(s.relay))) return 'substitution_relay';
    if (own.length > 2) return 'substitution_once';
    const [first, back] = own as [LineupSubstitution, LineupSubstitution | undefined];
    if (back) {
      if (back.place !== first.place || back.relay === first.relay) return 'substitution_once';
      if (first.injury) return 'substitution_after_injury';
    }
  }
  return null;
}

/** A side of a line-up as a writer gives it: member ids, the fencers in the captain's order (none, or three) and the reserve. */
export interface LineupSideInput {
  fencers: readonly string[];
  reserve: string | null;
}

export type LineupError = 'lineup_fencers' | 'lineup_reserve' | SubstitutionError;

/**
 * One side from what a writer gives and the team's members: the fencers three different members of the team (or none
 * yet), the reserve a member who is not among them (and only once the order is given). Names are the team's.
 */
function composeSide(members: readonly LineupFencer[], input: LineupSideInput): LineupSide | LineupError {
  const member = (id: string) => members.find((m) => m.id === id);
  const fencers = input.fencers.map(member);
  if ((fencers.length !== 0 && fencers.length !== 3) || fencers.some((x) => !x) || new Set(input.fencers).size !== input.fencers.length) return 'lineup_fencers';
  const reserve = input.reserve === null ? null : member(input.reserve);
  if (reserve === undefined || (reserve && (fencers.length === 0 || input.fencers.includes(reserve.id)))) return 'lineup_reserve';
  return { members: [...members], fencers: fencers as LineupFencer[], reserve };
}

/**
 * A match's line-up from what a writer gives (o.99.4–5): each side's order and reserve among its own team's members,
 * and substitutions that keep `substitutionError`'s rules. The sides (`team_a`, by lot) are the caller's.
 */
export function composeLineup(
  base: Pick<TeamLineup, 'round' | 'position' | 'team_a' | 'drawn'>,
  members: Readonly<Record<Side, readonly LineupFencer[]>>,
  input: { a: LineupSideInput; b: LineupSideInput; subs: readonly LineupSubstitution[] },
): { lineup: Omit<TeamLineup, 'version'> } | { error: LineupError } {
  const a = composeSide(members.A, input.a);
  if (typeof a === 'string') return { error: a };
  const b = composeSide(members.B, input.b);
  if (typeof b === 'string') return { error: b };
  const ready = (s: LineupSide) => s.reserve !== null && s.fencers.length === 3;
  const error = substitutionError(input.subs, { A: ready(a), B: ready(b) });
  if (error) return { error };
  const subs = [...input.subs].sort((x, y) => x.relay - y.relay || x.place - y.place).map(({ place, relay, injury }) => ({ place, relay, injury }));
  return { lineup: { ...base, a, b, subs } };
}

/** Who fences one relay for one side: the fencer, and whether it is the reserve come in. */
export interface RelayFencer extends LineupFencer {
  reserve: boolean;
  /** The reserve came in at this relay after an injury (o.99.6): the relay is theirs from where it was left. */
  injury: boolean;
}

/** The fencer on a place at relay `n`: the captain's, or the reserve while brought in (until the starter comes back). */
function fencerAt(lineup: TeamLineup, place: number, n: number): RelayFencer | null {
  const side = sideOfPlace(place);
  const own: LineupSide = side === 'A' ? lineup.a : lineup.b;
  const starter = own.fencers[PLACES[side].indexOf(place)];
  if (!starter) return null;
  const changes = lineup.subs.filter((s) => s.place === place && s.relay <= n).sort((x, y) => x.relay - y.relay);
  const inNow = changes.length % 2 === 1 && own.reserve !== null;
  const last = changes.at(-1);
  if (inNow) return { ...own.reserve!, reserve: true, injury: last!.injury && last!.relay === n };
  return { ...starter, reserve: false, injury: false };
}

/** Who fenced each of the nine relays, side A and side B (null where the captain's order is not given). */
export function relayFencers(lineup: TeamLineup): { a: RelayFencer | null; b: RelayFencer | null }[] {
  return RELAY_ORDER.map(([a, b], i) => ({ a: fencerAt(lineup, a, i + 1), b: fencerAt(lineup, b, i + 1) }));
}

/** What one fencer fenced in a team match or more: relays, touches scored and received in them. */
export interface FencerRelayTotals {
  id: string;
  name: string;
  /** The team the fencer fenced for. */
  team: string;
  relays: number;
  scored: number;
  received: number;
}

/**
 * What each fencer really fenced in one match: the relays that count (t.41, `teamMatchState`: up to the match's end
 * or its first relay not entered; a relay entered past those is not counted), each credited to the fencer on the
 * piste for that relay, the touches their team scored in it and those it received. The team of side A is the
 * lineup's `team_a`, the other is `teamB`.
 */
export function matchFencerTotals(lineup: TeamLineup, teamB: string, rows: readonly TeamRelayRow[]): FencerRelayTotals[] {
  const state = teamMatchState(rows);
  const fencers = relayFencers(lineup);
  const totals = new Map<string, FencerRelayTotals>();
  const add = (f: RelayFencer | null, team: string, scored: number, received: number) => {
    if (!f) return;
    const key = `${team}\u0000${f.id}`;
    const t = totals.get(key) ?? { id: f.id, name: f.name, team, relays: 0, scored: 0, received: 0 };
    totals.set(key, { ...t, relays: t.relays + 1, scored: t.scored + scored, received: t.received + received });
  };
  const byNumber = new Map(rows.map((r) => [r.match_number, r]));
  for (let n = 1; n <= state.totals.length; n++) {
    const row = byNumber.get(n)!;
    add(fencers[n - 1]!.a, lineup.team_a, row.score_a!, row.score_b!);
    add(fencers[n - 1]!.b, teamB, row.score_b!, row.score_a!);
  }
  return [...totals.values()];
}

/** Sums fencers' totals across matches (a team's results): one line per fencer and team, most relays first, then by name. */
export function sumFencerTotals(lists: readonly (readonly FencerRelayTotals[])[]): FencerRelayTotals[] {
  const out = new Map<string, FencerRelayTotals>();
  for (const t of lists.flat()) {
    const key = `${t.team}\u0000${t.id}`;
    const s = out.get(key);
    out.set(key, s ? { ...s, relays: s.relays + t.relays, scored: s.scored + t.scored, received: s.received + t.received } : { ...t });
  }
  return [...out.values()].sort((x, y) => y.relays - x.relays || x.name.localeCompare(y.name));
}
