import { Hono, type ExecutionContext } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AuthUser, Env, GuestUser, MachineCaller, RoomEnv } from '../env';
import { answerError } from '../error-answer';
import { bracketRoutes } from './routes/bracket';
import { callRoutes } from './routes/calls';
import { poolRoutes, practicePoolRoutes } from './routes/pools';
import { practiceWeaponRoutes } from './routes/weapon';
import { refereeRoutes } from './routes/referee';
import { machineRoutes } from './routes/machine';
import { secondRoundRoutes } from './routes/second-round';
import { snapshotRoutes } from './routes/snapshot';
import { teamTableauRoutes } from './routes/team-tableau';
import { teamRoutes, teamSheetRoutes } from './routes/teams';
import { RememberingRouter } from '../router';
import { errorBody } from '../../core/messages';
import { checkRoutes } from './routes/checks';
import type { RoomHere } from './here';

/**
 * The practice's routes, run in its room: the worker has learned who is asking (the cookie's or the guest
 * token's signature and expiry, no database) and hands the request over with the caller, as the arguments of
 * one call (`PracticeRoom.answer`), which no client can set. Here the room checks the action in the permission
 * table against its own practice and guests, validates with the same `core/` rules and applies the change in
 * its SQLite. Scores never touch D1.
 */

/** Who is asking, as the worker checked it: the room's one input about the caller. */
export interface Caller {
  user: AuthUser | null;
  accessExp: number | null;
  guest: GuestUser | null;
  guestEnded: boolean;
  /** A venue bridge reporting on the day this practice is an event of (issue 57). */
  machine?: MachineCaller | null;
}

/** What the room gives the routes it runs. */
export interface RoomContext {
  /** The room itself, as its routes reach it (./here). */
  here: RoomHere;
  db: RoomEnv['Variables']['db'];
  d1: RoomEnv['Variables']['d1'];
  /** Whether this guest session is live in the room (not left, removed or expired). */
  guestLive(sessionId: string): boolean;
  /** The coach of the practice the room holds (null before it holds one). */
  ownerId(): string | null;
  /** Whether the owner's access token, minted under this session version, still stands (./account-sessions). */
  ownerSessionStands(ownerId: string, sv: number): Promise<boolean>;
}

/** The archive's part in a write (./archive): told after it (the change's own transaction has marked what it touched). */
export interface ArchiveHooks {
  /** A change was made (a score or not): the archive writes what it marked, behind the answer or before it. */
  after(score: boolean): Promise<void>;
}

/** The practice's routes, as its room answers them. Chained, so their type is part of the contract (../contract). */
export const roomRoutes = new Hono<RoomEnv>()
  // Before the pool routes, whose `/:poolId` would take `second-round` for a pool's id.
  .route('/api/practices/:practiceId/pools/second-round', secondRoundRoutes)
  .route('/api/practices/:practiceId/pools', practicePoolRoutes)
  .route('/api/practices/:practiceId/pools', poolRoutes)
  .route('/api/practices/:practiceId/bracket', bracketRoutes)
  .route('/api/practices/:practiceId/snapshot', snapshotRoutes)
  .route('/api/practices/:practiceId/teams', teamRoutes)
  .route('/api/practices/:practiceId/team-matches', teamSheetRoutes)
  .route('/api/practices/:practiceId/team-tableau', teamTableauRoutes)
  .route('/api/practices/:practiceId/referee', refereeRoutes)
  .route('/api/practices/:practiceId/machine', machineRoutes)
  .route('/api/practices/:practiceId/weapon', practiceWeaponRoutes)
  .route('/api/practices/:practiceId/calls', callRoutes)
  .route('/api/practices/:practiceId/checks', checkRoutes)
  .route('/api/pools', poolRoutes);

/**
 * The room's app: `answer` runs one of the practice's routes for `caller`, with the room's context. The caller
 * travels beside the request (keyed by it), never in a header.
 */
export function roomApp(context: () => RoomContext, archive: ArchiveHooks, env: Env, exec: ExecutionContext) {
  const callers = new WeakMap<Request, Caller>();
  const app = new Hono<RoomEnv>({ router: new RememberingRouter() });
  app.use(
    '*',
    createMiddleware<RoomEnv>(async (c, next) => {
      const here = context();
      const caller = callers.get(c.req.raw) ?? null;
      c.set('here', here.here);
      c.set('db', here.db);
      c.set('d1', here.d1);
      const ownerId = here.ownerId();
      // The owner's token from before their sessions ended (signed out, a reset, a new password) is nobody's.
      const user = caller?.user && (caller.user.id !== ownerId || (await here.ownerSessionStands(ownerId, caller.user.sv))) ? caller.user : null;
      c.set('user', user);
      c.set('accessExp', caller?.accessExp ?? null);
      // A guest's token was checked by the worker; their session is live only while this room lists it. A
      // guest of another practice stays a guest here, so the permission table refuses them as everywhere
      // (403 for what guests never do) and this practice is not theirs (404).
      const guest = caller?.guest ?? null;
      const practiceId = here.here.practiceId;
      const live = guest !== null && (guest.practiceId !== practiceId || here.guestLive(guest.sessionId));
      c.set('guest', live ? guest : null);
      c.set('guestEnded', (caller?.guestEnded ?? false) || (guest !== null && !live));
      c.set('machine', caller?.machine ?? null);
      c.set('roomPractice', ownerId === null ? null : { id: practiceId, ownerId });
      await next();
      // Each route of the room says when its change is archived (./archive-timing); a read changes nothing.
      const timing = c.get('archiveAs');
      const write = c.req.method !== 'GET' && c.req.method !== 'HEAD' && timing !== 'none';
      if (write && c.res.ok) await archive.after(timing === 'behind');
    }),
  );
  app.route('/', roomRoutes);
  app.all('*', (c) => c.json(errorBody('Not found'), 404));
  app.onError(answerError);
  return {
    answer(request: Request, caller: Caller): Promise<Response> {
      callers.set(request, caller);
      return Promise.resolve(app.fetch(request, env, exec));
    },
  };
}
