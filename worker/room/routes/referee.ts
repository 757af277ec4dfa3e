import { Hono, type Context } from 'hono';
import { boutFormat } from '../../../core/fencing/referee';
import { isBoutOf } from '../../../core/fencing/bout-result';
import { resolveTableau } from '../../../core/fencing/tableau';
import { isScratched } from '../../../core/fencing/withdrawal';
import type { RefereeFencer, RefereeTarget } from '../../../core/refereeing';
import { refereeClaimSchema, refereeDutySchema, refereeReleaseSchema, refereeUpdateSchema } from '../../../core/validation';
import { boutKey } from '../../../core/fencing/bout-result';
import type { RoomEnv } from '../../env';
import { authorize, poolFor, practiceFor } from '../../auth/access';
import { HttpError, notFound } from '../../errors';
import { roomHere } from '../here';
import { refereeAtPiste } from './calls';
import { loadBracket } from '../../store/room/bracket';
import { listPoolSnapshots, loadPoolSnapshot } from '../../store/room/pools';
import type { PracticeRecord } from '../../store/d1/practices';
import { findUserById } from '../../store/d1/users';
import { json } from '../../validate';
import { unlockedFor } from '../checked';
import { notArchived } from '../archive-timing';

const TEAM_BOUTS = 'Referee mode scores individual bouts; team matches are scored relay by relay.';
const ALREADY_FENCED = 'This bout already has a result. Open it in the grid to change it.';
const NOT_READY = 'This match has no two fencers yet.';
const SCRATCHED = 'A fencer of this bout has withdrawn or been excluded.';
const NOT_HOLDER = 'Another referee view holds this bout now. Open it again to see who.';
const INVALID_STATE = 'This score or clock cannot belong to this bout.';
const OUT_OF_SEQUENCE = 'This step does not follow the last one this bout received. Open the bout again to continue.';
const AGAINST_RULES = 'These hits or cards break the rules of this bout: nothing follows a black card, and a second yellow is a red.';
const DUTY_FENCER = 'The referee must be another fencer of this pool who still fences.';

/** A pool of this practice (for a guest: a shared one) with two of its fencers; 404 and 400 otherwise. */
async function boutOfPool(c: Context<RoomEnv>, practice: PracticeRecord, poolId: string, aId: string, bId: string) {
  const { pool } = await poolFor(c, poolId);
  if (pool.practice_id !== practice.id) throw notFound('Pool');
  const snapshot = (await loadPoolSnapshot(c.get('db'), pool.id))!;
  const [a, b] = [aId, bId].map((id) => snapshot.players.find((p) => p.id === id));
  if (aId === bId || !a || !b) throw new HttpError(400, 'Both fencers must belong to this pool');
  return { snapshot, a, b };
}

/**
 * The bout as the server knows it: its two fencers (left and right as the sheet has them) and whether it
 * may be refereed. The phone names a bout; everything else comes from D1.
 */
export async function boutOf(c: Context<RoomEnv>, practice: PracticeRecord, target: RefereeTarget): Promise<{ left: RefereeFencer; right: RefereeFencer }> {
  if (practice.practice_type === 'team') throw new HttpError(409, TEAM_BOUTS);
  const db = c.get('db');
  if (target.kind === 'pool') {
    const { snapshot, a, b } = await boutOfPool(c, practice, target.pool_id, target.a, target.b);
    if (isScratched(a) || isScratched(b)) throw new HttpError(409, SCRATCHED);
    if (snapshot.bouts.some((x) => isBoutOf(x, a.id, b.id))) throw new HttpError(409, ALREADY_FENCED);
    return { left: { id: a.id, name: a.name }, right: { id: b.id, name: b.name } };
  }
  const [pools, saved] = await Promise.all([listPoolSnapshots(db, practice.id), loadBracket(db, practice.id)]);
  const tableau = resolveTableau(pools, saved);
  const match = tableau.matches.find((m) => m.round === target.round && m.position === target.position);
  if (!match) throw notFound('Match');
  if (!match.player1_id || !match.player2_id) throw new HttpError(409, NOT_READY);
  if (match.winner_id) throw new HttpError(409, ALREADY_FENCED);
  const fencer = (id: string): RefereeFencer => {
    const seed = tableau.seeds.find((s) => s.id === id);
    return { id, name: seed?.name ?? '', ...(seed ? { seed: seed.seed } : {}) };
  };
  return { left: fencer(match.player1_id), right: fencer(match.player2_id) };
}

/** Who the referee is: the coach's user id and name, or the guest's session and the name they joined with. */
async function refereeOf(c: Context<RoomEnv>): Promise<{ subject: string; name: string }> {
  const guest = c.get('guest');
  if (c.get('role') === 'guest' && guest) return { subject: guest.sessionId, name: guest.name };
  const user = c.get('user')!;
  const row = await findUserById(c.get('d1'), user.id);
  return { subject: user.id, name: row?.full_name || 'Coach' };
}

/** The subject whose view may write: the coach's user id, or the guest's session id. */
const subjectOf = (c: Context<RoomEnv>) => (c.get('role') === 'guest' ? c.get('guest')!.sessionId : c.get('user')!.id);

/**
 * Referee mode (issue 18): a coach's or a guest's phone referees a bout touch by touch. The bout lives in the
 * practice's room object until its result is saved through the bout routes (the outbox), which ends it.
 * Mounted at /practices/:practiceId/referee.
 */
export const refereeRoutes = new Hono<RoomEnv>()
  .post('/claim', notArchived, authorize('bout.referee'), json(refereeClaimSchema), async (c) => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { target, view, take_back } = c.req.valid('json');
    const { left, right } = await boutOf(c, practice, target);
    // A checked pool or round (issue 58) is final: a guest's phone does not referee its bouts.
    await unlockedFor(c, target.kind === 'pool' ? { pool_id: target.pool_id } : { round: target.round });
    const referee = await refereeOf(c);
    const format = boutFormat(target.kind, practice.weapon);
    const result = await roomHere(c).desk.claim(practice.id, { target, left, right, format }, { view, ...referee }, take_back === true && c.get('role') === 'coach');
    if (!result.ok) {
      // A piste's scoring machine (issue 57): the coach may take the bout back (`take_back`).
      if (result.machine !== null) throw new HttpError(409, `The scoring machine of piste ${result.machine} is refereeing this bout. The coach can take it back.`);
      throw new HttpError(409, result.holder ? `${result.holder} is refereeing this bout. Ask them to hand it over.` : 'A guest is refereeing this bout. Ask them to hand it over.');
    }
    // A called match of a competition day: its referee is at the piste with its fencers (behind the answer).
    if (target.kind === 'tableau') c.executionCtx.waitUntil(refereeAtPiste(c.env, roomHere(c), target.round, target.position, c.get('role') === 'guest').catch((e: unknown) => console.warn('referee at piste failed', e instanceof Error ? e.message : 'error')));
    return c.json(result.claim);
  })
  .put('/', notArchived, authorize('bout.referee'), json(refereeUpdateSchema), async (c) => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const body = c.req.valid('json');
    const result = await roomHere(c).desk.update(practice.id, subjectOf(c), body);
    if (result === 'not-holder') throw new HttpError(409, NOT_HOLDER);
    if (result === 'invalid') throw new HttpError(400, INVALID_STATE);
    if (result === 'against-rules') throw new HttpError(400, AGAINST_RULES);
    if (result === 'ahead') throw new HttpError(409, OUT_OF_SEQUENCE);
    // 'stale': an older step after a newer one; the newer one stands.
    return c.json({ ok: true, applied: result === 'ok' });
  })
  .put('/duty', notArchived, authorize('pool.manage'), json(refereeDutySchema), async (c) => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { pool_id, a, b, referee_id } = c.req.valid('json');
    const { snapshot } = await boutOfPool(c, practice, pool_id, a, b);
    if (referee_id !== null) {
      const referee = snapshot.players.find((p) => p.id === referee_id);
      if (!referee || referee_id === a || referee_id === b || isScratched(referee)) throw new HttpError(400, DUTY_FENCER);
    }
    const chosen = await roomHere(c).desk.choose(practice.id, snapshot.id, boutKey(a, b), referee_id);
    return c.json({ pool_id: snapshot.id, chosen });
  })
  .post('/release', notArchived, authorize('bout.referee'), json(refereeReleaseSchema), async (c) => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { target, view, discard } = c.req.valid('json');
    if (!(await roomHere(c).desk.release(practice.id, subjectOf(c), target, view, discard))) throw new HttpError(409, NOT_HOLDER);
    return c.json({ ok: true });
  });
