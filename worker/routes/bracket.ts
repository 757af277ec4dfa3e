import { Hono } from 'hono';
import type { Context } from 'hono';
import { applyScore, bracketMaxScore, changedMatches } from '../../core/fencing/bracket';
import { resolveTableau } from '../../core/fencing/tableau';
import { bracketScoreSchema, scoresWithin } from '../../core/validation';
import type { AppEnv } from '../env';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../errors';
import { authorize, practiceFor } from '../auth/access';
import { publish } from '../room/room';
import { loadBracket, resetBracket, saveBracketMatches } from '../store/bracket';
import { listPoolSnapshots } from '../store/pools';
import { readJson } from '../validate';

/** Saves that lose a race are tried again on the fresh state this many times before answering 409. */
const ATTEMPTS = 3;

async function answerWithBracket(c: Context<AppEnv>, db: Db, practiceId: string) {
  const bracket = await loadBracket(db, practiceId);
  await publish(c.env, practiceId, { type: 'bracket', practiceId, bracket });
  return c.json(bracket);
}

/** The tableau of one practice: read and scored by the coach and guests. Mounted at /practices/:practiceId/bracket. */
export const bracketRoutes = new Hono<AppEnv>()
  .get('/', authorize('results.read'), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    return c.json(await loadBracket(db, practice.id));
  })
  .post('/scores', authorize('bracket.write'), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const input = await readJson(c, bracketScoreSchema.refine(...scoresWithin(bracketMaxScore(practice.practice_type), 'player1_score', 'player2_score')));

    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [pools, saved] = await Promise.all([listPoolSnapshots(db, practice.id), loadBracket(db, practice.id)]);
      const tableau = resolveTableau(pools, saved);
      if (tableau.matches.length === 0) throw new HttpError(409, 'Complete pool matches to generate the elimination bracket.');
      const match = tableau.matches.find((m) => m.round === input.round && m.position === input.position);
      if (!match) throw notFound('Match');
      if (match.player1_id !== input.player1_id || match.player2_id !== input.player2_id) {
        throw new HttpError(409, 'This match changed while the score was being entered. The tableau now shows its current state.');
      }
      const next = applyScore(tableau.matches, input);
      // The first save stores the whole drawn tableau, so later pool changes cannot reshuffle it.
      const writes = tableau.frozen ? changedMatches(tableau.matches, next) : next;
      if (await saveBracketMatches(db, practice, saved.version, tableau.seeds, writes)) {
        return answerWithBracket(c, db, practice.id);
      }
    }
    throw new HttpError(409, 'The tableau was being changed by someone else. Please try again.');
  })
  .delete('/', authorize('bracket.manage'), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    await resetBracket(db, practice.id);
    return answerWithBracket(c, db, practice.id);
  });
