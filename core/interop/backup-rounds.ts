// The second round of pools and the team tableau in an account backup (issue 28): their part of the file,
// the checks that their references hold, and the rows a restore writes of a team tableau. Apart from ./backup,
// which holds the practices, pools and tableaux they belong to. Every field is optional: a file made before
// them restores as before (every pool round 1, no team tableau, no line-ups).
import { z } from 'zod';
import type { LineupFencer, LineupSide } from '../contracts/team-tableau';
import { ERROR_MESSAGES } from '../messages';
import { composeLineup, lineupFits, sideOfPlace } from '../fencing/team-lineup';
import { teamOfEntry } from '../fencing/teams';
import { RELAY_ORDER } from '../fencing/team-relay';
import { TEAM_TABLEAU_MAX, teamMatchState } from '../fencing/team-tableau';
import { firstIssue, nameText, NAME_MAX, teamRelayRowSchema } from '../validation';
import { MAX_TABLEAU } from '../limits';

const ref = z.string().min(1).max(64);
const score = z.number().int().min(0).max(99);

/** A team tableau has at most TEAM_TABLEAU_MAX teams (128: 127 matches) and the match for 3rd, nine relays each. */
export const MAX_TEAM_RELAYS = TEAM_TABLEAU_MAX * RELAY_ORDER.length;

/** A pool's round: 1, or 2 for a second round composed from round 1's ranking. */
export const poolRound = z.union([z.literal(1), z.literal(2)]).optional();

/** A round-2 entry's seed from round 1's ranking and the round-1 entry it continues (by the file's entry id). */
export const entryRound = { seed: z.number().int().min(1).max(MAX_TABLEAU).nullable().optional(), first_round_id: ref.nullable().optional() };

const teamRelay = z.object({
  round: z.number().int().min(1).max(10),
  position: z.number().int().min(0).max(MAX_TABLEAU - 1),
  match_number: z.number().int().min(1).max(9),
  fencer_a_number: z.number().int().min(1).max(10),
  fencer_b_number: z.number().int().min(1).max(10),
  score_a: score.nullable(),
  score_b: score.nullable(),
  winner: z.enum(['A', 'B']).nullable(),
});

/** A fencer of a line-up: a team member by the file's id, with the name the team gave them. */
const lineupFencer = z.object({ id: ref, name: nameText('Player name cannot be empty', NAME_MAX, 'Player name') });

/** A line-up's side: the team's members (at most as many as a team of the file), none or three fencers, a reserve. */
const lineupSide = z.object({ members: z.array(lineupFencer).max(10), fencers: z.array(lineupFencer).max(3), reserve: lineupFencer.nullable() });

/**
 * A match's line-up (issue 58): the bracket entry drawn as team A, whether by lot, both sides and the substitutions (two a
 * side at most), member ids the file's team members'. At most one per match of the tableau.
 */
const teamLineup = z.object({
  round: teamRelay.shape.round,
  position: teamRelay.shape.position,
  team_a: ref,
  drawn: z.boolean(),
  a: lineupSide,
  b: lineupSide,
  subs: z.array(z.object({ place: z.number().int().min(1).max(6), relay: z.number().int().min(1).max(9), injury: z.boolean() })).max(4),
});

/**
 * The mark of a team practice's tableau of team matches (its matches are the bracket's), every relay row of its matches
 * and their line-ups (none in a file made before them).
 */
export const backupTeamTableau = z
  .object({ seeded_by: z.enum(['pools', 'draw']), relays: z.array(teamRelay).max(MAX_TEAM_RELAYS), lineups: z.array(teamLineup).max(TEAM_TABLEAU_MAX).default([]) })
  .nullable()
  .optional();

export type BackupTeamTableau = NonNullable<z.infer<typeof backupTeamTableau>>;

/** A practice as these checks read it. */
interface RoundsPractice {
  name: string;
  practice_type: 'individual' | 'team';
  pools: readonly { name: string; round?: 1 | 2 | undefined; players: readonly { id: string; name: string; seed?: number | null | undefined; first_round_id?: string | null | undefined }[] }[];
  teams: readonly { id?: string | undefined; team_number: number; members: readonly { id?: string | undefined; athlete_name: string }[] }[];
  bracket: {
    seeding: readonly { id: string; name: string }[];
    matches: readonly { round: number; position: number; player1_id: string | null; player2_id: string | null; player1_score: number | null; player2_score: number | null; winner_id: string | null }[];
  } | null;
  team_tableau?: BackupTeamTableau | null | undefined;
}

const distinct = (keys: string[]) => new Set(keys).size === keys.length;

/**
 * Why a practice's rounds do not hold together, or null: a round-1 entry continues nothing and has no seed;
 * a round-2 entry that continues one has its seed, and continues a round-1 entry of the same practice, each
 * at most once; seeds are given once each. A round-2 entry may have neither (a fencer added by hand), or a
 * seed alone (the backup leaves out the link to a round-1 entry deleted since).
 */
function roundsProblem(p: RoundsPractice): string | null {
  const first = p.pools.filter((pool) => (pool.round ?? 1) === 1).flatMap((pool) => pool.players);
  const firstIds = new Set(first.map((pl) => pl.id));
  if (first.some((pl) => (pl.first_round_id ?? null) !== null || (pl.seed ?? null) !== null)) return `a round-1 entry of ${p.name} has a round-2 seed`;
  const second = p.pools.filter((pool) => pool.round === 2).flatMap((pool) => pool.players);
  const continuing = second.filter((pl) => (pl.first_round_id ?? null) !== null);
  for (const pl of continuing) {
    if ((pl.seed ?? null) === null || !firstIds.has(pl.first_round_id!)) return `${pl.name} in round 2 of ${p.name} does not continue a round-1 entry of it`;
  }
  if (!distinct(continuing.map((pl) => pl.first_round_id!))) return `two round-2 entries of ${p.name} continue the same round-1 entry`;
  const seeds = second.flatMap((pl) => ((pl.seed ?? null) === null ? [] : [String(pl.seed)]));
  if (!distinct(seeds)) return `two round-2 entries of ${p.name} share a seed`;
  return null;
}

type Lineup = BackupTeamTableau['lineups'][number];
type Match = NonNullable<RoundsPractice['bracket']>['matches'][number];

/**
 * The team a tableau entry stands for, as the line-up route finds it: a drawn tableau's entries are the teams, one seeded
 * from the team pools names each by its pool entry ("Team 3").
 */
function teamOf(p: Pick<RoundsPractice, 'teams' | 'bracket'>, id: string) {
  return teamOfEntry(p.teams, id, p.bracket?.seeding.find((s) => s.id === id)?.name ?? '');
}

/**
 * A stored line-up as the file holds it, or null: none once its team A has left its match (an earlier result corrected;
 * the route reads no line-up there). A side whose team such a correction replaced names the new team's members and no
 * order yet, its substitutions dropped, as the route takes the line-up from then on: the file names only what it holds.
 */
export function lineupForBackup(p: Pick<RoundsPractice, 'teams' | 'bracket'>, l: Lineup): Lineup | null {
  const m = p.bracket?.matches.find((x) => x.round === l.round && x.position === l.position);
  if (!m || m.player1_id === null || m.player2_id === null || !lineupFits(l, m)) return null;
  const side = (s: LineupSide, entry: string): LineupSide => {
    const members = (teamOf(p, entry)?.members ?? []).flatMap((x) => (x.id === undefined ? [] : [{ id: x.id, name: x.athlete_name }]));
    const own = new Set(members.map((x) => x.id));
    return s.members.every((x) => own.has(x.id)) ? s : { members, fencers: [], reserve: null };
  };
  const a = side(l.a, l.team_a);
  const b = side(l.b, l.team_a === m.player1_id ? m.player2_id : m.player1_id);
  return { ...l, a, b, subs: l.subs.filter((s) => (sideOfPlace(s.place) === 'A' ? a === l.a : b === l.b)) };
}

/**
 * Why a match's line-up does not hold, or null: on a match of the tableau between two teams, its team A one of them (the
 * match's first when the sides were not drawn by lot); each side's members members of that side's team, once each; its
 * orders, reserves and substitutions as the line-up route takes them (`composeLineup`), each fencer under their member's name.
 */
function lineupProblem(p: RoundsPractice, l: Lineup, m: Match | undefined, of: string): string | null {
  const where = `the line-up of round ${l.round}, match ${l.position + 1} of ${of}`;
  if (!m || m.player1_id === null || m.player2_id === null || !lineupFits(l, m)) return `${where} does not name a team of that match`;
  if (!l.drawn && l.team_a !== m.player1_id) return `${where} keeps as team A a team other than the match's first`;
  const teamB = l.team_a === m.player1_id ? m.player2_id : m.player1_id;
  for (const [side, entry] of [[l.a, l.team_a], [l.b, teamB]] as const) {
    const own = new Set((teamOf(p, entry)?.members ?? []).flatMap((x) => (x.id === undefined ? [] : [x.id])));
    const ids = side.members.map((x) => x.id);
    if (!distinct(ids) || !ids.every((id) => own.has(id))) return `${where} names a member who is not of its team`;
  }
  const given = (s: LineupSide) => ({ fencers: s.fencers.map((f) => f.id), reserve: s.reserve?.id ?? null });
  const composed = composeLineup(l, { A: l.a.members, B: l.b.members }, { a: given(l.a), b: given(l.b), subs: l.subs });
  if ('error' in composed) return `${where}: ${ERROR_MESSAGES[composed.error]}`;
  const named = (s: LineupSide) => JSON.stringify([s.fencers, s.reserve]);
  if (named(composed.lineup.a) !== named(l.a) || named(composed.lineup.b) !== named(l.b)) return `${where} names a fencer otherwise than among its members`;
  return null;
}

/**
 * Why a practice's team tableau does not hold, or null: a team practice's, over its tableau; each relay row
 * of a match of it, once, as the relay route takes it; each line-up once a match, as `lineupProblem` holds it;
 * and each match with a sheet decided as the relay route decides it (over: the totals and the sheet's winner
 * for team A, the line-up's team A or else the match's first team; not over: no result).
 */
function teamTableauProblem(p: RoundsPractice, t: BackupTeamTableau): string | null {
  const of = `the team tableau of ${p.name}`;
  if (p.practice_type !== 'team' || !p.bracket) return `${p.name} has a team tableau but no tableau of a team practice`;
  const matches = new Map(p.bracket.matches.map((m) => [`${m.round} ${m.position}`, m]));
  if (!distinct(t.relays.map((r) => `${r.round} ${r.position} ${r.match_number}`))) return `a relay of ${of} appears twice`;
  for (const r of t.relays) {
    const where = `round ${r.round}, match ${r.position + 1}, relay ${r.match_number}`;
    const m = matches.get(`${r.round} ${r.position}`);
    // A row without touches may stay on a match an earlier result reopened (its teams not known again yet).
    const touched = r.score_a !== null || r.score_b !== null;
    if (!m || (touched && (m.player1_id === null || m.player2_id === null))) return `${where} of ${of} is not a match of its tableau between two teams`;
    const [a, b] = RELAY_ORDER[r.match_number - 1]!;
    if (r.fencer_a_number !== a || r.fencer_b_number !== b) return `${where} of ${of} does not pair fencers ${a} and ${b}`;
    const checked = teamRelayRowSchema.safeParse({ score_a: r.score_a, score_b: r.score_b, winner: r.winner, version: 0 });
    if (!checked.success) return `${where} of ${of}: ${firstIssue(checked.error)}`;
  }
  const lineups = new Map(t.lineups.map((l) => [`${l.round} ${l.position}`, l]));
  if (lineups.size !== t.lineups.length) return `a line-up of ${of} appears twice`;
  for (const l of t.lineups) {
    const problem = lineupProblem(p, l, matches.get(`${l.round} ${l.position}`), of);
    if (problem) return problem;
  }
  for (const m of matches.values()) {
    const sheet = t.relays.filter((r) => r.round === m.round && r.position === m.position);
    if (sheet.length === 0) continue;
    const state = teamMatchState(sheet);
    // The sheet's side A is the team drawn as A: the match's second team when the lot made it so.
    const aFirst = (lineups.get(`${m.round} ${m.position}`)?.team_a ?? m.player1_id) === m.player1_id;
    const [first, second] = aFirst ? [state.score.a, state.score.b] : [state.score.b, state.score.a];
    const result = state.status === 'over'
      ? { player1_score: first, player2_score: second, winner_id: (state.winner === 'A') === aFirst ? m.player1_id : m.player2_id }
      : { player1_score: null, player2_score: null, winner_id: null };
    if (m.player1_score !== result.player1_score || m.player2_score !== result.player2_score || m.winner_id !== result.winner_id) {
      return `round ${m.round}, match ${m.position + 1} of ${of} is not what its relay sheet gives`;
    }
  }
  return null;
}

/** Why a practice's rounds or team tableau break the API's rules, or null. */
export function roundsAndTeamTableauProblem(p: RoundsPractice): string | null {
  return roundsProblem(p) ?? (p.team_tableau ? teamTableauProblem(p, p.team_tableau) : null);
}

/** How a restore names a team tableau's entries and team members: by their new ids. */
interface RestoredIds {
  entry: (id: string) => string;
  member: (id: string) => string;
}

/**
 * The rows a restore writes of a practice's team tableau: its mark, each relay row, and each line-up with its team A and
 * members under their new ids (names as the file gives them); versions start again as the restore's other rows do.
 */
export function restoreTeamTableau(t: BackupTeamTableau | null | undefined, ctx: { practiceId: string; userId: string; now: number; ids: RestoredIds }) {
  if (!t) return { team_tableaux: [], team_relays: [], team_lineups: [] };
  const fencer = (f: LineupFencer): LineupFencer => ({ id: ctx.ids.member(f.id), name: f.name });
  const side = (s: LineupSide): LineupSide => ({ members: s.members.map(fencer), fencers: s.fencers.map(fencer), reserve: s.reserve && fencer(s.reserve) });
  return {
    team_tableaux: [{ practice_id: ctx.practiceId, user_id: ctx.userId, seeded_by: t.seeded_by, created_at: ctx.now }],
    team_relays: t.relays.map((r) => ({ practice_id: ctx.practiceId, ...r, updated_at: ctx.now, version: 1 })),
    team_lineups: t.lineups.map((l) => ({
      practice_id: ctx.practiceId, round: l.round, position: l.position, team_a: ctx.ids.entry(l.team_a), drawn: l.drawn ? 1 : 0,
      lineup: JSON.stringify({ a: side(l.a), b: side(l.b), subs: [...l.subs].sort((x, y) => x.relay - y.relay || x.place - y.place) }), updated_at: ctx.now, version: 1,
    })),
  };
}
