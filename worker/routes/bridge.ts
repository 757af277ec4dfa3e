import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { BridgePiste, ReportAnswer } from '../../core/contracts/bridge';
import type { LiveBout } from '../../core/refereeing';
import { bridgeDeliverySchema, pisteMachineSchema } from '../../core/bridge-validation';
import { parseFrame } from '../../core/cyrano';
import { endSignature, fromMachine, machineAddress, type PisteWork } from '../../core/fencing/day-bridge';
import type { AppEnv } from '../env';
import { authorize } from '../auth/access';
import { makeBridgeKey, readBridgeKey } from '../auth/bridge-key';
import { HttpError } from '../errors';
import { coachOf } from '../middleware/session';
import { getDayRoom } from '../day/day';
import type { BridgePisteWork } from '../day/bridge';
import { getRoom } from '../room/room';
import type { Caller } from '../room/http';
import { getDay } from '../store/d1/days';
import { json } from '../validate';

/**
 * The venue bridge (issue 57). The coach's side, under a day (`/days/:dayId/bridge`): the day's bridge key (made
 * and shown once, replaced, ended), the machine confirmed at each piste, and what the bridge last said. The
 * bridge's side (`/bridge`), by the day's key alone: what to load on each piste's machine, and the machines'
 * reports, each handed to the room of the event fenced on its piste, in order.
 */

const KEY_REFUSED = 'The bridge key is not valid: make a new one on the day’s screen.';
const BAD_ADDRESS = 'A machine’s address is its IP address on the venue’s network, such as 192.168.1.21, with a port if it is not 50100.';

/** The day of the bridge's key, and the key's hash, set by `bridgeKey` for the bridge's routes. */
const keys = new WeakMap<Request, { dayId: string; hash: string }>();

/** Reads the bridge's key (`Authorization: Bearer …`): one this worker signed names its day; anything else is a 401 before any room is asked. */
const bridgeKey = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.req.header('authorization') ?? '';
  const key = auth.startsWith('Bearer ') ? await readBridgeKey(c.env.JWT_SECRET, auth.slice(7)) : null;
  if (!key) throw new HttpError(401, KEY_REFUSED);
  keys.set(c.req.raw, key);
  c.set('machine', { dayId: key.dayId });
  await next();
});

function keyOf(c: Context<AppEnv>) {
  const key = keys.get(c.req.raw);
  if (!key) throw new HttpError(401, KEY_REFUSED);
  return { ...key, room: getDayRoom(c.env, key.dayId) };
}

/** Hands one request to the room of an event of the bridge's day, as the bridge (the room checks the practice is one). */
async function toEvent(c: Context<AppEnv>, practiceId: string, path: string, body: unknown): Promise<Response> {
  const caller: Caller = { user: null, accessExp: null, guest: null, guestEnded: false, machine: c.get('machine')! };
  const url = new URL(`/api/practices/${practiceId}/machine/${path}`, c.req.url);
  const request = new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return getRoom(c.env, practiceId).answer(request, caller, practiceId);
}

const workBody = (w: PisteWork) => (w.kind === 'pool' ? { kind: w.kind, pool_id: w.pool_id } : { kind: w.kind, round: w.round, position: w.position });

/** The coach's side of a day's bridge. Mounted at /days/:dayId/bridge. */
export const dayBridgeRoutes = new Hono<AppEnv>()
  .get('/', authorize('day.manage'), async (c) => {
    const day = await getDay(c.get('db'), coachOf(c).id, c.req.param('dayId')!);
    return c.json(await getDayRoom(c.env, day.id).bridgeView());
  })
  .post('/key', authorize('day.manage'), async (c) => {
    const day = await getDay(c.get('db'), coachOf(c).id, c.req.param('dayId')!);
    const { key, hash } = await makeBridgeKey(c.env.JWT_SECRET, day.id);
    // The key is shown this once: the day's room keeps its hash, and the old key ends now.
    return c.json({ key, bridge: await getDayRoom(c.env, day.id).bridgeKeyMade(hash) }, 201);
  })
  .delete('/key', authorize('day.manage'), async (c) => {
    const day = await getDay(c.get('db'), coachOf(c).id, c.req.param('dayId')!);
    return c.json(await getDayRoom(c.env, day.id).bridgeKeyMade(null));
  })
  .put('/pistes/:pisteId', authorize('day.manage'), json(pisteMachineSchema), async (c) => {
    const day = await getDay(c.get('db'), coachOf(c).id, c.req.param('dayId')!);
    const { machine } = c.req.valid('json');
    const address = machine === null || machine.trim() === '' ? null : machineAddress(machine);
    if (machine !== null && machine.trim() !== '' && address === null) throw new HttpError(400, BAD_ADDRESS);
    const result = await getDayRoom(c.env, day.id).setPisteMachine(c.req.param('pisteId')!, address);
    if ('refused' in result) throw new HttpError(result.refused.status, result.refused.message);
    return c.json(result);
  });

/** The piste a report is for, when it comes from the machine the coach confirmed there; why not otherwise. */
function pisteOf(pistes: readonly BridgePisteWork[], piste: string, from: string): BridgePisteWork | Omit<ReportAnswer, 'seq'> {
  const p = pistes.find((x) => x.code === piste);
  if (!p) return { answer: 'ignored', reason: 'unknown-piste' };
  if (!p.machine || !fromMachine(p.machine, from)) return { answer: 'ignored', reason: 'machine-not-paired' };
  return p;
}

/** The bridge's side, by the day's key alone. Mounted at /bridge. */
export const bridgeRoutes = new Hono<AppEnv>()
  .get('/day', bridgeKey, authorize('machine.report'), async (c) => {
    const { hash, room } = keyOf(c);
    const pistes = await room.bridgeWork(hash);
    if (!pistes) throw new HttpError(401, KEY_REFUSED);
    const told = await Promise.all(
      pistes.map(async (p): Promise<BridgePiste> => {
        let match: BridgePiste['match'] = null;
        if (p.work) {
          const res = await toEvent(c, p.work.practice_id, 'match', { work: workBody(p.work), piste: p.code, referee: p.referee });
          if (res.ok) match = ((await res.json()) as { match: BridgePiste['match'] }).match;
        }
        return { piste: p.code, machine: p.machine, match };
      }),
    );
    return c.json({ pistes: told });
  })
  .post('/reports', bridgeKey, authorize('machine.report'), json(bridgeDeliverySchema), async (c) => {
    const { hash, room } = keyOf(c);
    const { bridge, reports, machines, counts } = c.req.valid('json');
    let pistes = await room.bridgeHeard(hash, { bridge, machines, counts });
    if (!pistes) throw new HttpError(401, KEY_REFUSED);
    // A piste's INFO that a later one of the same delivery follows is only a moment of the bout: after an outage
    // the bout is told as it stands, not replayed. Every end of match goes through.
    const states = reports.map((r) => {
      const parsed = parseFrame(r.frame);
      return parsed.ok ? parsed.frame : null;
    });
    const lastInfo = new Map<string, number>();
    const at = (r: (typeof reports)[number]) => `${r.piste}@${r.from}`;
    reports.forEach((r, i) => {
      if (states[i]?.command === 'INFO') lastInfo.set(at(r), i);
    });
    const results: (ReportAnswer & { piste: string; end?: string | null })[] = [];
    /** The bout each piste's machine holds after the delivery, for the day's hall boards (null: it ended). */
    const bouts = new Map<string, LiveBout | null>();
    /** Each piste's last stored end, as the day kept it and as this delivery stores more. */
    const acked = new Map(pistes.map((p) => [p.piste_id, p.acked]));
    for (const [i, r] of reports.entries()) {
      const frame = states[i];
      const base = { seq: r.seq, piste: r.piste };
      if (!frame) {
        results.push({ ...base, answer: 'ignored', reason: 'broken-frame' });
        continue;
      }
      // NEXT and PREV are the bridge's to act on (it reads the day again); a superseded INFO was a moment.
      const end = frame.command === 'INFO' && frame.state === 'E';
      if (frame.command !== 'INFO' || (!end && lastInfo.get(at(r)) !== i)) {
        results.push({ ...base, answer: 'live' });
        continue;
      }
      const piste = pisteOf(pistes, r.piste, r.from);
      if (!('piste_id' in piste)) {
        results.push({ ...base, ...piste });
        continue;
      }
      // An end told again once stored (its ACK lost, the piste moved on since): acknowledged again, never stored twice.
      const signature = end ? endSignature(frame) : null;
      if (signature !== null && acked.get(piste.piste_id) === signature) {
        results.push({ ...base, answer: 'ack', end: signature });
        continue;
      }
      // Nothing fenced there: an end is refused (the machine must hear an answer), a moment is ignored.
      if (!piste.work) {
        results.push({ ...base, answer: end ? 'nak' : 'ignored', reason: 'nothing-called' });
        continue;
      }
      const res = await toEvent(c, piste.work.practice_id, 'report', { work: workBody(piste.work), piste: r.piste, bridge, seq: r.seq, frame: r.frame });
      // The room failed: this report and the rest wait on the bridge, which sends them again (it keeps what is unanswered).
      if (res.status >= 500) break;
      const { bout, ...said }: Omit<ReportAnswer, 'seq'> & { bout?: LiveBout | null } = res.ok ? await res.json() : { answer: end ? 'nak' : 'ignored', reason: 'not-called-match' };
      results.push({ ...base, ...said, ...(said.answer === 'ack' ? { end: signature } : {}) });
      if (bout !== undefined) bouts.set(piste.piste_id, bout);
      if (said.answer === 'ack') {
        acked.set(piste.piste_id, signature);
        // A stored end moves the piste on (the pool's next bout, the tableau's next call): read the day again.
        pistes = (await room.bridgeWork(hash)) ?? pistes;
      }
    }
    c.executionCtx.waitUntil(room.bridgeAnswered(hash, results, [...bouts].map(([piste_id, bout]) => ({ piste_id, bout }))));
    return c.json({ results: results.map(({ piste: _, end: __, ...a }) => a) });
  });
