import { ERROR_MESSAGES, errorBody } from '../../../core/messages';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { TeamLineup, TeamLineupConflict, TeamLineupWrite, TeamRelay, TeamRelayConflict, TeamRelayWrite, TeamTableauSnapshot } from '../../../core/contracts/team-tableau';
import { can, type Role } from '../../../core/permissions';
import type { MatchesDelta } from '../../../core/contracts/tableau';
import { scoreMatch, type BracketMatch, type MatchChange, type Seed } from '../../../core/fencing/bracket';
import { resolveTableau } from '../../../core/fencing/tableau';
import { composeLineup, lineupOfMatch, relayFencers } from '../../../core/fencing/team-lineup';
import { teamOfEntry } from '../../../core/fencing/teams';
import { buildTeamTableau, drawSheetSides, drawTeamSeeds, scoreTeamMatch, seedTeamsFromPools, teamMatchState, TeamTableauError } from '../../../core/fencing/team-tableau';
import { defaultNames, type DefaultNames } from '../../../core/defaults';
import { createTeamTableauSchema, teamLineupSchema, teamRelayRowSchema } from '../../../core/validation';
import type { RoomEnv } from '../../env';
import { HttpError, notFound } from '../../errors';
import { authorize, practiceFor } from '../../auth/access';
import { publish, publishReshaped } from '../here';
import { randomUnit } from '../../random';
import { keyApplied } from '../../store/room/applied-writes';
import { loadBracket } from '../../store/room/bracket';
import { listPoolSnapshots } from '../../store/room/pools';
import { createTeamTableau, hasTeamTableau, loadTeamTableau, movesTeams, sheetOf, storeTeamRelay, writeLineup } from '../../store/room/team-tableau';
import { listTeams } from '../../store/room/teams';
import { json, readIdempotencyKey } from '../../validate';
import { unlockedFor } from '../checked';
import { archivedBehind } from '../archive-timing';

const TEAM_ONLY = 'Team tableaux are for team practices.';
const EXISTS = 'This practice already has a tableau.';
const NOT_CREATED = 'This practice has no team tableau yet.';
const TEAMS_MISSING = 'Both teams of this match must be known before its relays are entered.';
const NEXT_STARTED = 'The next match has started: clear its relays before changing this result.';
const RELAY_CHANGED = 'Someone else changed this relay meanwhile. The sheet shows their touches: enter yours again to replace them.';

const practiceOf = (c: Context<RoomEnv>) => practiceFor(c, c.req.param('practiceId')!);

/**
 * A team tableau as a role reads it: those who record line-ups (the coach, the guests) see each team's members to pick
 * from; a spectator sees who fences, not the teams' whole rosters (`teams.read` is the coach's).
 */
export function teamTableauFor(role: Role, tableau: TeamTableauSnapshot): TeamTableauSnapshot {
  if (can(role, 'bracket.write')) return tableau;
  return { ...tableau, lineups: tableau.lineups.map((l) => ({ ...l, a: { ...l.a, members: [] }, b: { ...l.b, members: [] } })) };
}

/**
 * What a write to one match of the team tableau starts from: the match named by the path (404 beyond the tableau), the
 * tableau as it stands, the write's idempotency key, and its author once the match's round is open to them (a checked
 * round or event, issue 58, is final: only the coach changes its relays or who fenced them).
 */
async function tableauMatch(c: Context<RoomEnv>) {
  const db = c.get('db');
  const practice = await practiceOf(c);
  const round = pathNumber(c.req.param('round'), 1, 64, 'Match');
  const position = pathNumber(c.req.param('position'), 0, 999, 'Match');
  const key = readIdempotencyKey(c);
  if (!(await hasTeamTableau(db, practice.id))) throw new HttpError(409, NOT_CREATED);
  const by = await unlockedFor(c, { round });
  const bracket = await loadBracket(db, practice.id);
  const { matches } = resolveTableau([], bracket);
  const match = matches.find((m) => m.round === round && m.position === position);
  if (!match) throw notFound('Match');
  return { db, practice, round, position, key, by, bracket, matches, match, tableau: await loadTeamTableau(db, practice.id) };
}

/** The 409 of a line-up written over another version: with the line-up as it stands, when there is one. */
function lineupChanged(c: Context<RoomEnv>, current: TeamLineup | null | undefined) {
  if (!current) throw new HttpError(409, ERROR_MESSAGES.lineup_changed);
  return c.json({ ...errorBody(ERROR_MESSAGES.lineup_changed), current } satisfies TeamLineupConflict, 409);
}

/** Whether a line-up change puts someone else on a relay of the match already entered (where someone was named). */
function changesFenced(before: TeamLineup, after: TeamLineup, relays: readonly TeamRelay[]): boolean {
  const was = relayFencers(before);
  const now = relayFencers(after);
  return relays.some((r) => {
    if (r.round !== before.round || r.position !== before.position || (r.score_a === null && r.score_b === null)) return false;
    const [x, y] = [was[r.match_number - 1]!, now[r.match_number - 1]!];
    // An order given for the first time names who fenced; it changes nobody.
    return (x.a !== null && x.a.id !== y.a?.id) || (x.b !== null && x.b.id !== y.b?.id);
  });
}



/** A whole number path part within bounds, else 404 (`what` not found). */
function pathNumber(value: string | undefined, min: number, max: number, what: string): number {
  const n = Number(value);
  if (!/^\d{1,3}$/.test(value ?? '') || n < min || n > max) throw notFound(what);
  return n;
}

/**
 * The seeds of a new team tableau: the finished team pools' ranking, or lots drawn between the teams when there are no
 * pools (the teams then named in the coach's language, issue 29).
 */
async function seedsOf(c: Context<RoomEnv>, practiceId: string, names: DefaultNames): Promise<{ seeds: Seed[]; seededBy: 'pools' | 'draw' }> {
  const db = c.get('db');
  const pools = await listPoolSnapshots(db, practiceId);
  try {
    if (pools.length > 0) return { seeds: seedTeamsFromPools(pools), seededBy: 'pools' };
    const teams = await listTeams(db, practiceId);
    return { seeds: drawTeamSeeds(teams.map((t) => ({ id: t.id, name: names.team(t.team_number) })), randomUnit), seededBy: 'draw' };
  } catch (e) {
    // The rules say what is wrong: unfinished pools are a state to wait out (409), too few teams bad input (400).
    if (e instanceof TeamTableauError) throw new HttpError(pools.length > 0 && e.message.startsWith('The team pools') ? 409 : 400, e.message);
    throw e;
  }
}

const sameResult = (m: BracketMatch, set: MatchChange['set']) =>
  m.player1_score === (set.player1_score ?? null) && m.player2_score === (set.player2_score ?? null) && m.winner_id === (set.winner_id ?? null);

/**
 * What a match's sheet, as it will stand, changes in the tableau: over, its result (the teams' totals, the
 * winner moving on through `scoreTeamMatch`); reopened (a corrected relay leaves it undecided), its result
 * cleared with what its winner had reached; otherwise nothing. A change reaching a later match whose relays
 * have begun is refused: that sheet would be fenced between teams the tableau no longer holds.
 */
function decide(matches: BracketMatch[], match: BracketMatch, sheet: TeamRelay[], relays: TeamRelay[], teamA: string): MatchChange[] {
  const state = teamMatchState(sheet);
  let change: { target: MatchChange; later: MatchChange[] } | null = null;
  if (state.status === 'over') {
    const scored = scoreTeamMatch(matches, { round: match.round, position: match.position, teamA, rows: sheet });
    if (scored.ok && !sameResult(match, scored.target.set)) change = scored;
  } else if (match.winner_id !== null || match.player1_score !== null) {
    const cleared = scoreMatch(matches, { round: match.round, position: match.position, player1_score: 0, player2_score: 0 });
    if (cleared) change = { target: { ...cleared.target, set: { ...cleared.target.set, player1_score: null, player2_score: null } }, later: cleared.later };
  }
  if (!change) return [];
  const started = (m: MatchChange) => relays.some((r) => r.round === m.round && r.position === m.position && (r.score_a !== null || r.score_b !== null));
  if (change.later.some(started)) throw new HttpError(409, NEXT_STARTED);
  return [change.target, ...change.later];
}

/** A team practice's tableau of team matches (issue 28). Mounted at /practices/:practiceId/team-tableau. */
export const teamTableauRoutes = new Hono<RoomEnv>()
  .get('/', authorize('results.read'), async (c) => c.json(teamTableauFor(c.get('role'), await loadTeamTableau(c.get('db'), (await practiceOf(c)).id))))
  .post('/', authorize('bracket.manage'), json(createTeamTableauSchema), async (c) => {
    const db = c.get('db');
    const practice = await practiceOf(c);
    if (practice.practice_type !== 'team') throw new HttpError(409, TEAM_ONLY);
    if ((await hasTeamTableau(db, practice.id)) || (await loadBracket(db, practice.id)).seeding !== null) throw new HttpError(409, EXISTS);
    const { third_place, lang } = c.req.valid('json');
    const { seeds, seededBy } = await seedsOf(c, practice.id, defaultNames(lang));
    if (!(await createTeamTableau(db, practice, seeds, buildTeamTableau(seeds, third_place), third_place, seededBy))) throw new HttpError(409, EXISTS);
    const [bracket, tableau] = await Promise.all([loadBracket(db, practice.id), loadTeamTableau(db, practice.id)]);
    await publishReshaped(c, { type: 'bracket', practiceId: practice.id, bracket });
    await publish(c, { type: 'team-tableau', practiceId: practice.id, tableau });
    return c.json({ bracket, tableau }, 201);
  })
  .put('/:round/:position/lineup', archivedBehind, authorize('bracket.write'), json(teamLineupSchema), async (c) => {
    const { version, ...input } = c.req.valid('json');
    const { db, practice, round, position, key, by, bracket, match, tableau } = await tableauMatch(c);
    const stored = tableau.lineups.find((l) => l.round === round && l.position === position) ?? null;
    if (key && (await keyApplied(db, key))) return c.json({ lineup: stored } satisfies TeamLineupWrite, 200);
    const [p1, p2] = [match.player1_id, match.player2_id];
    if (p1 === null || p2 === null) throw new HttpError(409, TEAMS_MISSING);
    // o.99.4: the sides by lot, drawn by the first write of the line-up and kept. A line-up of teams no longer in the
    // match (an earlier result corrected) is none: drawn again over version 0; a sheet already begun keeps the match's
    // first team as team A.
    const current = lineupOfMatch(match, tableau.lineups);
    if ((current?.version ?? 0) !== version) return lineupChanged(c, current);
    const begun = tableau.relays.some((r) => r.round === round && r.position === position && (r.score_a !== null || r.score_b !== null));
    const teamA = current?.team_a ?? (begun ? p1 : drawSheetSides(match, randomUnit).a);
    const drawn = current?.drawn ?? !begun;
    // A tableau seeded by the team pools names its teams by their pool entries ("Team 3"); a drawn one by the teams' ids.
    const teams = await listTeams(db, practice.id);
    const seedName = (id: string) => bracket.seeding?.find((x) => x.id === id)?.name ?? '';
    const members = (id: string) => teamOfEntry(teams, id, seedName(id))?.members.map((m) => ({ id: m.id, name: m.athlete_name })) ?? [];
    const composed = composeLineup({ round, position, team_a: teamA, drawn }, { A: members(teamA), B: members(teamA === p1 ? p2 : p1) }, input);
    if ('error' in composed) throw new HttpError(400, ERROR_MESSAGES[composed.error]);
    // Who fenced a relay already entered is the coach's to change (a late correction); a guest records what comes next.
    if (current && by.role !== 'coach' && changesFenced(current, { ...composed.lineup, version }, tableau.relays)) throw new HttpError(409, ERROR_MESSAGES.lineup_fenced);
    const written = await writeLineup(db, practice, composed.lineup, stored?.version ?? 0, { key, practiceId: practice.id });
    if (!written.ok || !written.lineup) return lineupChanged(c, (await loadTeamTableau(db, practice.id)).lineups.find((l) => l.round === round && l.position === position));
    await publish(c, { type: 'team-lineup', practiceId: practice.id, lineup: written.lineup });
    return c.json({ lineup: written.lineup } satisfies TeamLineupWrite, 200);
  })
  .put('/:round/:position/:n', archivedBehind, authorize('bracket.write'), json(teamRelayRowSchema), async (c) => {
    const n = pathNumber(c.req.param('n'), 1, 9, 'Relay');
    const { version, winner, team_a: shownA, ...touches } = c.req.valid('json');
    const { db, practice, round, position, key, by, matches, match, tableau } = await tableauMatch(c);
    const relays = tableau.relays;
    const sheet = sheetOf(round, position, relays);
    const current = sheet[n - 1]!;
    // A replay of a write that applied: done, answered with the row as it stands.
    if (key && (await keyApplied(db, key))) return c.json({ row: current, matches: null } satisfies TeamRelayWrite, 200);
    if (match.player1_id === null || match.player2_id === null) throw new HttpError(409, TEAMS_MISSING);
    if (current.version !== version) return c.json({ ...errorBody(RELAY_CHANGED), current } satisfies TeamRelayConflict, 409);
    const row = { match_number: n, ...touches, winner: winner ?? null };
    const teamA = lineupOfMatch(match, tableau.lineups)?.team_a ?? match.player1_id;
    // A relay entered with the teams the other way round (the lot not yet on the writer's screen) would be credited to
    // the other team: refused, to be entered again on the sheet as it now stands.
    if (shownA !== undefined && shownA !== teamA) throw new HttpError(409, ERROR_MESSAGES.lineup_sides_drawn);
    const next = sheet.map((r) => (r.match_number === n ? { ...r, ...row } : r));
    const changes = decide(matches, match, next, relays, teamA);
    // The match's list of changes (issue 58) keeps the running score each relay write left, in the bracket's order.
    const { score } = teamMatchState(next);
    const audit = { by, ...(teamA === match.player1_id ? { score1: score.a, score2: score.b } : { score1: score.b, score2: score.a }) };
    const stored = await storeTeamRelay(db, practice, round, position, { row, version, changes, key, audit });
    const delta: MatchesDelta | null = changes.length ? { practice_id: practice.id, version: stored.version, matches: stored.matches } : null;
    await publish(c, { type: 'team-relay', practiceId: practice.id, row: stored.row });
    // The line-ups of later matches whose teams the decision changed are gone with it (the store dropped them).
    const moved = (l: TeamLineup) => changes.some((m) => m.round === l.round && m.position === l.position && movesTeams(m));
    if (tableau.lineups.some(moved)) await publish(c, { type: 'team-lineups', practiceId: practice.id, lineups: tableau.lineups.filter((l) => !moved(l)) });
    if (delta) await publish(c, { type: 'matches', practiceId: practice.id, delta });
    return c.json({ row: stored.row, matches: delta } satisfies TeamRelayWrite, 200);
  });

