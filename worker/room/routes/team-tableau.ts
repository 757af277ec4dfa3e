import { errorBody } from '../../../core/messages';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { TeamRelay, TeamRelayConflict, TeamRelayWrite } from '../../../core/contracts/team-tableau';
import type { MatchesDelta } from '../../../core/contracts/tableau';
import { scoreMatch, type BracketMatch, type MatchChange, type Seed } from '../../../core/fencing/bracket';
import { resolveTableau } from '../../../core/fencing/tableau';
import { buildTeamTableau, drawTeamSeeds, scoreTeamMatch, seedTeamsFromPools, teamMatchState, TeamTableauError } from '../../../core/fencing/team-tableau';
import { defaultNames, type DefaultNames } from '../../../core/defaults';
import { createTeamTableauSchema, teamRelayRowSchema } from '../../../core/validation';
import type { RoomEnv } from '../../env';
import { HttpError, notFound } from '../../errors';
import { authorize, practiceFor } from '../../auth/access';
import { publish, publishReshaped } from '../here';
import { randomUnit } from '../../random';
import { keyApplied } from '../../store/room/applied-writes';
import { loadBracket } from '../../store/room/bracket';
import { listPoolSnapshots } from '../../store/room/pools';
import { createTeamTableau, hasTeamTableau, loadTeamTableau, sheetOf, storeTeamRelay } from '../../store/room/team-tableau';
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
function decide(matches: BracketMatch[], match: BracketMatch, sheet: TeamRelay[], relays: TeamRelay[]): MatchChange[] {
  const state = teamMatchState(sheet);
  let change: { target: MatchChange; later: MatchChange[] } | null = null;
  if (state.status === 'over') {
    const scored = scoreTeamMatch(matches, { round: match.round, position: match.position, teamA: match.player1_id!, rows: sheet });
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
  .get('/', authorize('results.read'), async (c) => c.json(await loadTeamTableau(c.get('db'), (await practiceOf(c)).id)))
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
  .put('/:round/:position/:n', archivedBehind, authorize('bracket.write'), json(teamRelayRowSchema), async (c) => {
    const db = c.get('db');
    const practice = await practiceOf(c);
    const round = pathNumber(c.req.param('round'), 1, 64, 'Match');
    const position = pathNumber(c.req.param('position'), 0, 999, 'Match');
    const n = pathNumber(c.req.param('n'), 1, 9, 'Relay');
    const { version, winner, ...touches } = c.req.valid('json');
    const key = readIdempotencyKey(c);
    if (!(await hasTeamTableau(db, practice.id))) throw new HttpError(409, NOT_CREATED);
    // A checked round or event (issue 58) is final: only the coach changes its relays.
    await unlockedFor(c, { round });
    const saved = await loadBracket(db, practice.id);
    const { matches } = resolveTableau([], saved);
    const match = matches.find((m) => m.round === round && m.position === position);
    if (!match) throw notFound('Match');
    const relays = (await loadTeamTableau(db, practice.id)).relays;
    const sheet = sheetOf(round, position, relays);
    const current = sheet[n - 1]!;
    // A replay of a write that applied: done, answered with the row as it stands.
    if (key && (await keyApplied(db, key))) return c.json({ row: current, matches: null } satisfies TeamRelayWrite, 200);
    if (match.player1_id === null || match.player2_id === null) throw new HttpError(409, TEAMS_MISSING);
    if (current.version !== version) return c.json({ ...errorBody(RELAY_CHANGED), current } satisfies TeamRelayConflict, 409);
    const row = { match_number: n, ...touches, winner: winner ?? null };
    const changes = decide(matches, match, sheet.map((r) => (r.match_number === n ? { ...r, ...row } : r)), relays);
    const stored = await storeTeamRelay(db, practice, round, position, { row, version, changes, key });
    const delta: MatchesDelta | null = changes.length ? { practice_id: practice.id, version: stored.version, matches: stored.matches } : null;
    await publish(c, { type: 'team-relay', practiceId: practice.id, row: stored.row });
    if (delta) await publish(c, { type: 'matches', practiceId: practice.id, delta });
    return c.json({ row: stored.row, matches: delta } satisfies TeamRelayWrite, 200);
  });

