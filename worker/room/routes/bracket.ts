import { ERROR_MESSAGES, errorBody } from '../../../core/messages';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { Context } from 'hono';
import type { BarrageConflict, BracketSnapshot, MatchConflict, MatchesDelta } from '../../../core/contracts/tableau';
import { bracketMaxScore, scoreMatch } from '../../../core/fencing/bracket';
import { barrageAtLine, frozenMatches, resolveTableau } from '../../../core/fencing/tableau';
import { BARRAGE_MAX_SCORE } from '../../../core/fencing/barrage';
import { toStoredBout } from '../../../core/fencing/bout-result';
import { writeBarrageBout } from '../../store/room/barrage';
import { lastRoundPools } from '../../../core/fencing/pool-rounds';
import { boutSchema, bracketScoreSchema, tableauFormatSchema } from '../../../core/validation';
import { isScratched } from '../../../core/fencing/withdrawal';
import { saveFormat } from '../../store/room/formats';
import type { RoomEnv } from '../../env';
import { HttpError, notFound } from '../../errors';
import { authorize, practiceFor } from '../../auth/access';
import { publishReshaped, publishResult, roomHere } from '../here';
import { refereeKey } from '../../../core/refereeing';
import { keyApplied, type WriteKey } from '../../store/room/applied-writes';
import type { PracticeRecord } from '../../store/d1/practices';
import { hasTeamTableau } from '../../store/room/team-tableau';
import { freezeBracket, loadBracket, resetBracket, writeMatchScore } from '../../store/room/bracket';
import { listPoolSnapshots } from '../../store/room/pools';
import { checkScores, json, readIdempotencyKey } from '../../validate';
import { archivedBehind } from '../archive-timing';
import { publishChecks, unlockedFor } from '../checked';

/** A score whose later matches moved on meanwhile is computed again on the fresh tableau this many times. */
const ATTEMPTS = 4;

const MATCH_CHANGED = 'This match changed while the score was being entered. The tableau now shows its current state.';
/** A tableau score as the scores route takes it, without the version it names. */
type MatchScore = Omit<z.output<typeof bracketScoreSchema>, 'version'>;

const CHANGED_MEANWHILE = 'Someone else changed this match meanwhile. The tableau shows their result: enter yours again to replace it.';

async function answerWithBracket(c: Context<RoomEnv>, practiceId: string, bracket: BracketSnapshot) {
  await publishReshaped(c, { type: 'bracket', practiceId, bracket });
  return c.json(bracket);
}

/** 409 with the match as it stands, so the writer's screen can show both results side by side. */
function conflict(c: Context<RoomEnv>, message: string, bracket: BracketSnapshot, round: number, position: number) {
  const current = bracket.matches.find((m) => m.round === round && m.position === position) ?? null;
  return c.json({ ...errorBody(message), current, bracket } satisfies MatchConflict, 409);
}

/**
 * Saves a tableau match's score (the scores route's, and a scoring machine's end of match: ./machine): the first
 * score freezes the drawn tableau; a score whose later matches moved on meanwhile is computed again; a match
 * changed meanwhile is a 409 carrying it.
 */
export async function saveMatchScore(c: Context<RoomEnv>, practice: PracticeRecord, input: MatchScore, version: number, write: WriteKey) {
  const db = c.get('db');
  // A team tableau's matches are decided by their relay sheets (issue 28), never typed in whole.
  if (await hasTeamTableau(db, practice.id)) throw new HttpError(409, 'Team matches are scored relay by relay on their sheets.');

  let froze: BracketSnapshot['seeding'] | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const saved = await loadBracket(db, practice.id);
    // Frozen (scored once): the tableau is its stored seeding and matches, and the pools are not read. Only the
    // first score, which freezes the draw, reads them.
    const tableau = saved.seeding !== null ? { matches: frozenMatches(saved), frozen: true, seeds: saved.seeding } : resolveTableau(await listPoolSnapshots(db, practice.id), saved);
    if (tableau.matches.length === 0) throw new HttpError(409, 'Complete pool matches to generate the elimination bracket.');
    const match = tableau.matches.find((m) => m.round === input.round && m.position === input.position);
    if (!match) throw notFound('Match');
    if (!tableau.frozen) {
      // The first score freezes the drawn tableau (every match stored as drawn, at version 0); then it is scored
      // like any other, on the matches just stored (a write that finds them otherwise is tried again, read anew).
      await freezeBracket(db, practice, tableau.seeds, tableau.matches);
      froze = tableau.seeds;
    }
    const change = scoreMatch(tableau.matches, input);
    if (!change || match.player1_id !== input.player1_id || match.player2_id !== input.player2_id) {
      // A replay of a score that applied meets a match that moved on: the key says it is done.
      if (write.key && (await keyApplied(db, write.key))) {
        const stored = saved.matches.filter((m) => m.round === input.round && m.position === input.position);
        return c.json({ practice_id: practice.id, version: saved.version, matches: stored } satisfies MatchesDelta, 200);
      }
      return conflict(c, MATCH_CHANGED, saved, input.round, input.position);
    }
    // A match on the piste keeps the cards its referee gave (issue 29): from the room's referee desk, never the body.
    const cards = roomHere(c).desk.cardsOf(refereeKey({ kind: 'tableau', round: input.round, position: input.position }), input.player1_id, input.player2_id);
    const result = await writeMatchScore(db, practice.id, change.target, [input.player1_id, input.player2_id], version, change.later, write, cards);
    if (result.ok) {
      // A delta: the matches this score wrote, and the seeding when it froze the draw (the writer needs it;
      // a screen without the seeding loads the tableau again).
      const delta: MatchesDelta = froze ? { ...result.delta, seeding: froze } : result.delta;
      await publishResult(c, { type: 'matches', practiceId: practice.id, delta });
      return c.json(delta, 200);
    }
    if (result.reason === 'conflict') return conflict(c, CHANGED_MEANWHILE, await loadBracket(db, practice.id), input.round, input.position);
  }
  const fresh = await loadBracket(db, practice.id);
  return conflict(c, 'The tableau was being changed by someone else. Please try again.', fresh, input.round, input.position);
}

/** The tableau of one practice: read and scored by the coach and guests. Mounted at /practices/:practiceId/bracket. */
export const bracketRoutes = new Hono<RoomEnv>()
  .get('/', authorize('results.read'), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    return c.json(await loadBracket(db, practice.id));
  })
  .post('/scores', archivedBehind, authorize('bracket.write'), json(bracketScoreSchema), async (c) => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { version, ...input } = c.req.valid('json');
    checkScores(input, bracketMaxScore(practice.practice_type), 'player1_score', 'player2_score');
    return saveMatchScore(c, practice, input, version, { key: readIdempotencyKey(c), practiceId: practice.id, by: await unlockedFor(c, { round: input.round }) });
  })
  // Issue 58: a bout of the barrage at the cut, among the fencers tied at the line, scored as any bout is.
  .post('/barrage', archivedBehind, authorize('bracket.write'), json(boutSchema), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { version, ...bout } = c.req.valid('json');
    checkScores(bout, BARRAGE_MAX_SCORE, 'score1', 'score2');
    const write = { key: readIdempotencyKey(c), practiceId: practice.id, by: await unlockedFor(c, 'event') };
    const saved = await loadBracket(db, practice.id);
    // A replay of a write that applied: done, answered with the tableau as it stands.
    if (write.key && (await keyApplied(db, write.key))) return c.json(saved, 200);
    if (saved.seeding !== null) throw new HttpError(409, ERROR_MESSAGES.barrage_over);
    const line = practice.practice_type === 'individual' ? barrageAtLine(await listPoolSnapshots(db, practice.id), saved) : null;
    if (!line) throw new HttpError(409, ERROR_MESSAGES.barrage_none);
    const tied = new Set(line.fencers.map((f) => f.id));
    if (!tied.has(bout.player1_id) || !tied.has(bout.player2_id) || bout.player1_id === bout.player2_id) throw new HttpError(400, ERROR_MESSAGES.barrage_fencers);
    const result = await writeBarrageBout(db, toStoredBout(bout), version, write);
    const bracket = await loadBracket(db, practice.id);
    if (!result.ok) return c.json({ ...errorBody(CHANGED_MEANWHILE), current: result.bout, bracket } satisfies BarrageConflict, 409);
    await publishReshaped(c, { type: 'bracket', practiceId: practice.id, bracket });
    return c.json(bracket, 200);
  })
  .put('/format', authorize('bracket.manage'), json(tableauFormatSchema), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    // A barrage at the cut is for individual events (a team tableau is drawn from team pools).
    const format = practice.practice_type === 'team' ? { ...c.req.valid('json'), ties: 'all' as const } : c.req.valid('json');
    if (format.cut.kind === 'top') {
      // After a second round of pools, the tableau takes its fencers from the last round (issue 28).
      const classified = lastRoundPools(await listPoolSnapshots(db, practice.id)).flatMap((p) => p.players).filter((p) => !isScratched(p)).length;
      if (classified > 0 && format.cut.value > classified) {
        throw new HttpError(400, `The cut keeps ${format.cut.value} fencers, but only ${classified} are in the pools`);
      }
    }
    if (!(await saveFormat(db, practice.id, format))) {
      throw new HttpError(409, 'The tableau has started: the bouts for places can no longer change. Reset the tableau first.');
    }
    return answerWithBracket(c, practice.id, await loadBracket(db, practice.id));
  })
  .delete('/', authorize('bracket.manage'), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    await resetBracket(db, practice.id);
    await publishChecks(c, practice.id);
    return answerWithBracket(c, practice.id, await loadBracket(db, practice.id));
  });
