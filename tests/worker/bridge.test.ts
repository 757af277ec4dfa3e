import { describe, expect, it, vi } from 'vitest';
import type { BridgePiste, DayBridge, ReportAnswer } from '../../core/contracts/bridge';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import { writeFrame, type CyranoFencer, type MachineState } from '../../core/cyrano';
import { machineId } from '../../core/fencing/machine-bout';
import type { LiveMessage } from '../../core/live-messages';
import type { RefereeClaim } from '../../core/refereeing';
import { expectRefusal } from '../helpers/api-client';
import { sharedDay } from '../helpers/day-scene';
import { joinAsGuest } from '../helpers/guests';
import { openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';

const MACHINE = '10.0.0.5';
const FROM = `${MACHINE}:50100`;
const BRIDGE = 'b7e0c1f2-0000-4000-8000-000000000001';

/** An INFO of the bout between `left` and `right` (entry ids) as a machine at piste `piste` sends it. */
function info(piste: string, left: string, right: string, s: { left: number; right: number; state?: MachineState; priority?: 'N' | 'L' | 'R'; lights?: 'left' | 'right'; clock?: string; yellowLeft?: boolean }) {
  const fencer = (id: string, score: number, light: boolean, yellow: boolean): Partial<CyranoFencer> & { id: string } => ({ id: machineId(id), name: '', score, light, yellow: yellow ? 1 : 0 });
  return writeFrame(
    'INFO',
    { piste, phase: 1, poolOrTable: '1', match: 1, round: 1, clock: s.clock ?? '2:41', type: 'I', weapon: 'E', priority: s.priority ?? 'N', state: s.state ?? 'H' },
    { right: fencer(right, s.right, s.lights === 'right', false), left: fencer(left, s.left, s.lights === 'left', s.yellowLeft ?? false) },
  );
}

/** The venue bridge as the server sees it: its key, its day reads and its deliveries, numbered in order. */
function bridgeOf(key: string, client = new Client()) {
  let seq = 0;
  const headers = () => ({ authorization: `Bearer ${key}` });
  return {
    day: () => client.request('GET', '/api/bridge/day', undefined, headers()),
    deliver: (frames: { piste: string; frame: string; from?: string }[], bridge = BRIDGE) =>
      client.request('POST', '/api/bridge/reports', { bridge, reports: frames.map((f) => ({ seq: ++seq, piste: f.piste, from: f.from ?? FROM, frame: f.frame, at: Date.now() })), machines: [], counts: { dropped: 0, ignored: 0, received: frames.length, strangers: 0 } }, headers()),
    /** The same reports again (their answers were lost): the numbers they had. */
    again: (frames: { piste: string; frame: string }[], from: number) =>
      client.request('POST', '/api/bridge/reports', { bridge: BRIDGE, reports: frames.map((f, i) => ({ seq: from + i, piste: f.piste, from: FROM, frame: f.frame, at: Date.now() })), machines: [], counts: { dropped: 0, ignored: 0, received: 0, strangers: 0 } }, headers()),
  };
}

const answers = async (res: Response) => (await json<{ results: ReportAnswer[] }>(res)).results.map(({ answer, reason }) => (reason ? `${answer}:${reason}` : answer));

/** A shared day (pistes 1 and 2, one pool of four placed), a bridge key, and piste 1's machine confirmed at MACHINE. */
async function dayWithBridge() {
  const scene = await sharedDay();
  const bridgeApi = scene.api.bridge;
  const made = await json<{ key: string; bridge: DayBridge }>(await bridgeApi.key.$post({ param: { dayId: scene.day.id } }));
  const placed = (await json(await scene.api.$get({ param: { dayId: scene.day.id } }))).placements[0];
  const piste = made.bridge.pistes.find((p) => p.piste_id === placed.piste_id)!;
  expect((await bridgeApi.pistes[':pisteId'].$put({ param: { dayId: scene.day.id, pisteId: piste.piste_id }, json: { machine: MACHINE } })).status).toBe(200);
  return { ...scene, key: made.key, code: piste.code, pisteId: piste.piste_id, bridge: bridgeOf(made.key) };
}

describe('the day’s bridge key (issue 57)', () => {
  it('is made by the day’s coach, shown once, read by nobody else, and a new one ends the old one at once', async () => {
    const { day, api, key, bridge, pisteId } = await dayWithBridge();
    expect(key).toMatch(/^pb1\./);
    const view = await json<DayBridge>(await api.bridge.$get({ param: { dayId: day.id } }));
    expect(view.key_made_at).toBeGreaterThan(0);
    expect(JSON.stringify(view)).not.toContain(key.split('.')[2]);
    expect(view.pistes.map((p) => p.code)).toEqual(['1', '2']);

    const read = await bridge.day();
    expect(read.status).toBe(200);
    const pistes = (await json<{ pistes: BridgePiste[] }>(read)).pistes;
    expect(pistes.map((p) => [p.piste, p.machine])).toEqual(view.pistes.map((p) => [p.code, p.piste_id === pisteId ? MACHINE : null]));

    // Another coach, a guest and nobody cannot make or read the day's key.
    const { client: stranger } = await signedUpCoach('Stranger');
    await expectRefusal(stranger.api.days[':dayId'].bridge.key.$post({ param: { dayId: day.id } }), 404);
    await expectRefusal(new Client().api.days[':dayId'].bridge.$get({ param: { dayId: day.id } }), 401);

    // Replaced: the old key is refused at once, the new one reads the day.
    const fresh = await json<{ key: string }>(await api.bridge.key.$post({ param: { dayId: day.id } }));
    await expectRefusal(bridge.day(), 401);
    expect((await bridgeOf(fresh.key).day()).status).toBe(200);
    // Ended: no key reads it.
    expect((await api.bridge.key.$delete({ param: { dayId: day.id } })).status).toBe(200);
    await expectRefusal(bridgeOf(fresh.key).day(), 401);
  });

  it('is refused when forged, and can do nothing but report: no coach route, no practice route, no other day', async () => {
    const { day, practice, key } = await dayWithBridge();
    const [prefix, dayId, nonce, mac] = key.split('.');
    // A key whose signature does not hold, or that names another day, is refused before any room is asked.
    await expectRefusal(bridgeOf(`${prefix}.${dayId}.${nonce}.${mac!.slice(0, -2)}AA`).day(), 401);
    await expectRefusal(bridgeOf(`${prefix}.${'0'.repeat(36)}.${nonce}.${mac}`).day(), 401);
    await expectRefusal(bridgeOf('not a key').day(), 401);
    await expectRefusal(new Client().request('GET', '/api/bridge/day'), 401);
    // The key is never a session: the coach's and the practice's routes do not know it.
    const asBridge = new Client();
    const headers = { authorization: `Bearer ${key}` };
    for (const path of ['/api/days', `/api/days/${day.id}`, `/api/practices/${practice.id}/pools`, `/api/practices/${practice.id}/bracket`]) {
      expect((await asBridge.request('GET', path, undefined, headers)).status).toBe(401);
    }
    // A report straight to the practice's machine route needs the bridge's caller, which only the worker gives.
    expect((await asBridge.request('POST', `/api/practices/${practice.id}/machine/report`, { work: { kind: 'pool', pool_id: 'x' }, piste: '1', bridge: BRIDGE, seq: 1, frame: '' }, headers)).status).toBe(401);
  });

  it('bounds what a delivery carries: too many reports, a long frame, a bad bridge id are 400', async () => {
    const { bridge } = await dayWithBridge();
    const many = Array.from({ length: 201 }, () => ({ piste: '1', frame: '|EFP1.1|INFO|1|%|' }));
    await expectRefusal(bridge.deliver(many), 400);
    await expectRefusal(bridge.deliver([{ piste: '1', frame: 'x'.repeat(513) }]), 400);
    await expectRefusal(bridge.deliver([{ piste: '1', frame: '|EFP1.1|INFO|1|%|' }], 'not a bridge id'), 400);
  });

  it('takes only a machine address the coach can mean, on the day’s own pistes', async () => {
    const { day, api, pisteId } = await dayWithBridge();
    const put = (machine: string | null, id = pisteId) => api.bridge.pistes[':pisteId'].$put({ param: { dayId: day.id, pisteId: id }, json: { machine } });
    await expectRefusal(put('10.0.0.5; rm -rf'), 400);
    // A host name is refused: a report names its machine by the number it came from.
    expect(await expectRefusal(put('piste-3.local'), 400)).toMatchObject({ code: 'machine_address' });
    await expectRefusal(put('10.0.0.5:99999'), 400);
    await expectRefusal(put('10.0.0.6', 'no-such-piste'), 404);
    const set = await json<DayBridge>(await put('10.0.0.6:50101'));
    expect(set.pistes.find((p) => p.piste_id === pisteId)!.machine).toBe('10.0.0.6:50101');
    expect((await json<DayBridge>(await put(null))).pistes.find((p) => p.piste_id === pisteId)!.machine).toBeNull();
  });
});

describe('a machine’s reports through the bridge (issue 57)', () => {
  it('makes each INFO a step of the pool bout on every screen, and its end the score: ACK once, stored once', async () => {
    const { client, practice, pool, code, bridge, day, api, entry } = await dayWithBridge();
    const [ann, bob] = [entry('Ann'), entry('Bob')];
    const { socket: coach } = await openSocket(client, `practice=${practice.id}`);
    const { socket: hall } = await openSocket(client, `day=${day.id}`);

    // What the bridge loads on the machine: the pool's first bout in its order, by the fencers' machine ids, with
    // the day's referee of the pool.
    expect((await api.referees.$put({ param: { dayId: day.id }, json: { referees: [{ name: 'Rita Ref' }] } })).status).toBe(200);
    const loaded = (await json<{ pistes: BridgePiste[] }>(await bridge.day())).pistes.find((p) => p.piste === code)!;
    expect(loaded.match?.head.poolOrTable).toBe('1');
    expect(loaded.match?.head.referee?.name).toBe('Rita Ref');
    expect([loaded.match?.left.id, loaded.match?.right.id].every((id) => pool.players.some((p) => machineId(p.id) === id))).toBe(true);

    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, ann, bob, { left: 1, right: 0, lights: 'left', yellowLeft: true }) }]))).toEqual(['live']);
    const step = (await coach!.waitFor((m) => m.type === 'referee' && m.bout.state.left === 1)) as Extract<LiveMessage, { type: 'referee' }>;
    expect(step.bout.machine).toEqual({ piste: code, lights: { left: { colour: true, white: false }, right: { colour: false, white: false } } });
    expect(step.bout.state.cards.left).toEqual(['yellow']);
    expect(step.bout.state.remainingMs).toBe(161_000);
    const onPiste = (await hall!.waitFor((m) => m.type === 'piste-bout' && m.bout !== null)) as Extract<LiveMessage, { type: 'piste-bout' }>;
    expect([onPiste.bout!.state.left, onPiste.bout!.state.right]).toEqual([1, 0]);

    // Two touches in one delivery (after a cut): the bout as it stands is told; the end is stored and acknowledged.
    const ending = info(code, ann, bob, { left: 5, right: 3, state: 'E' });
    const sent = await bridge.deliver([
      { piste: code, frame: info(code, ann, bob, { left: 2, right: 0 }) },
      { piste: code, frame: info(code, ann, bob, { left: 4, right: 3 }) },
      { piste: code, frame: ending },
    ]);
    expect(await answers(sent)).toEqual(['live', 'live', 'ack']);
    await coach!.waitFor((m) => m.type === 'bout' && m.delta.bout?.score1 !== undefined);
    await coach!.waitFor((m) => m.type === 'referee-end');
    await hall!.waitFor((m) => m.type === 'piste-bout' && m.bout === null);
    const stored = async () => (await json<PoolSnapshot[]>(await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } })))[0]!.bouts;
    const bout = (await stored()).find((b) => [b.player1_id, b.player2_id].sort().join() === [ann, bob].sort().join())!;
    expect(bout.player1_id === ann ? [bout.score1, bout.score2] : [bout.score2, bout.score1]).toEqual([5, 3]);
    expect(bout.version).toBe(1);

    // Its answer was lost: the same end again is acknowledged and stored no second time.
    expect(await answers(await bridge.again([{ piste: code, frame: ending }], 4))).toEqual(['ack']);
    // The machine told its end again, under a new number: its own result stands, acknowledged, stored once.
    expect(await answers(await bridge.deliver([{ piste: code, frame: ending }]))).toEqual(['ack']);
    expect((await stored()).find((b) => b.player1_id === bout.player1_id && b.player2_id === bout.player2_id)!.version).toBe(1);
  });

  it('answers NAK to equal scores with no priority, and to a score typed meanwhile; ignores a stranger, a broken frame and an unpaired piste', async () => {
    const { pool, code, bridge, entry, made } = await dayWithBridge();
    const other = code === '1' ? '2' : '1';
    const [ann, bob, cleo] = [entry('Ann'), entry('Bob'), entry('Cleo')];
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, ann, bob, { left: 4, right: 4, state: 'E' }) }]))).toEqual(['nak:equal-no-priority']);
    // With priority, the same score is a result.
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, ann, bob, { left: 4, right: 4, state: 'E', priority: 'R' }) }]))).toEqual(['ack']);
    // A machine left on 15 touches in a pool (limit 5): the coach enters that result by hand.
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, bob, cleo, { left: 15, right: 3, state: 'E' }) }]))).toEqual(['nak:result-by-hand']);
    // A score typed at the table meanwhile wins: the machine hears NAK.
    await made.bout(pool, ann, cleo, 5, 1);
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, ann, cleo, { left: 5, right: 2, state: 'E' }) }]))).toEqual(['nak:changed-meanwhile']);
    expect(await answers(await bridge.deliver([
      { piste: code, frame: info(code, bob, cleo, { left: 1, right: 0 }), from: '10.0.0.99:50100' },
      { piste: code, frame: info(code, bob, cleo, { left: 1, right: 0 }).slice(0, 60) },
      { piste: other, frame: info(other, bob, cleo, { left: 1, right: 0 }) },
      { piste: 'Z9', frame: info('Z9', bob, cleo, { left: 1, right: 0 }) },
    ]))).toEqual(['ignored:machine-not-paired', 'ignored:broken-frame', 'ignored:machine-not-paired', 'ignored:unknown-piste']);
  });

  it('a checked pool is the coach’s alone: the machine hears NAK; once unlocked its end is stored and listed under its piste (issue 58)', async () => {
    const { client, practice, pool, code, bridge, entry } = await dayWithBridge();
    const [ann, bob] = [entry('Ann'), entry('Bob')];
    const checks = client.api.practices[':practiceId'].checks;
    expect((await checks.$put({ param: { practiceId: practice.id }, json: { scope: { kind: 'pool', pool_id: pool.id }, checked: true } })).status).toBe(200);
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, ann, bob, { left: 5, right: 2, state: 'E' }) }]))).toEqual(['nak:result-checked']);
    expect((await checks.$put({ param: { practiceId: practice.id }, json: { scope: { kind: 'pool', pool_id: pool.id }, checked: false } })).status).toBe(200);
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, ann, bob, { left: 5, right: 2, state: 'E' }) }]))).toEqual(['ack']);
    const bout = `pool.${pool.id}.${ann}.${bob}`;
    const { entries } = await json<{ entries: { role: string; name: string; checked: boolean }[] }>(await checks.audit.$get({ param: { practiceId: practice.id }, query: { bout } }));
    expect(entries.map((e) => [e.role, e.name, e.checked])).toEqual([['machine', code, false]]);
  });

  it('a bridge started afresh (a new id, numbers from 1 again) is heard on a bout the old one reported', async () => {
    const { code, key, bridge, entry } = await dayWithBridge();
    const [ann, bob] = [entry('Ann'), entry('Bob')];
    for (let i = 1; i <= 3; i++) await bridge.deliver([{ piste: code, frame: info(code, ann, bob, { left: i, right: 0 }) }]);
    const fresh = bridgeOf(key);
    const other = 'b7e0c1f2-0000-4000-8000-000000000002';
    expect(await answers(await fresh.deliver([{ piste: code, frame: info(code, ann, bob, { left: 4, right: 0 }) }], other))).toEqual(['live']);
    expect(await answers(await fresh.deliver([{ piste: code, frame: info(code, ann, bob, { left: 5, right: 0, state: 'E' }) }], other))).toEqual(['ack']);
  });

  it('a phone holding the bout keeps it from the machine; the coach takes a bout back from the machine', async () => {
    const { client, practice, pool, code, bridge, entry, made } = await dayWithBridge();
    const share = await made.share(practice.id);
    const [ann, bob, cleo, dan] = [entry('Ann'), entry('Bob'), entry('Cleo'), entry('Dan')];
    const { guest } = await joinAsGuest(share.room_code, 'Rita');
    const claim = (who: Client, a: string, b: string, body: Record<string, unknown> = {}) =>
      who.request('POST', `/api/practices/${practice.id}/referee/claim`, { target: { kind: 'pool', pool_id: pool.id, a, b }, view: 'phone-view-0001', ...body });
    expect((await claim(guest, ann, bob)).status).toBe(200);
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, ann, bob, { left: 1, right: 0 }) }]))).toEqual(['ignored:held-by-phone']);

    // The machine holds Cleo–Dan; a guest's claim is refused with the machine named, the coach takes it back.
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, cleo, dan, { left: 2, right: 1 }) }]))).toEqual(['live']);
    expect(await expectRefusal(claim(guest, cleo, dan), 409)).toMatchObject({ code: 'referee_held_machine', error: `The scoring machine of piste ${code} is refereeing this bout. The coach can take it back.` });
    await expectRefusal(claim(guest, cleo, dan, { take_back: true }), 409);
    const taken = await json<RefereeClaim>(await claim(client, cleo, dan, { take_back: true }));
    expect([taken.bout.state.left, taken.bout.state.right, taken.bout.machine]).toEqual([2, 1, undefined]);
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, cleo, dan, { left: 3, right: 1 }) }]))).toEqual(['ignored:held-by-phone']);
    // Taken back, it stays the coach's: handed over (nobody holds it), the machine still does not take it again.
    const release = await client.request('POST', `/api/practices/${practice.id}/referee/release`, { target: { kind: 'pool', pool_id: pool.id, a: cleo, b: dan }, view: 'phone-view-0001', discard: false });
    expect(release.status).toBe(200);
    expect(await answers(await bridge.deliver([{ piste: code, frame: info(code, cleo, dan, { left: 4, right: 1, state: 'E' }) }]))).toEqual(['nak:held-by-phone']);
  });
});

describe('a tableau match called to a machine’s piste (issue 57)', () => {
  it('is loaded on the machine, fenced through it, and its end scores the match', async () => {
    const { client, day, api, practice, pool, made } = await sharedDay();
    const keyMade = await json<{ key: string; bridge: DayBridge }>(await api.bridge.key.$post({ param: { dayId: day.id } }));
    // Each piste its own machine: the call may go to either.
    const hosts = new Map(keyMade.bridge.pistes.map((p, i) => [p.code, `10.0.1.${i + 1}`]));
    for (const p of keyMade.bridge.pistes) await api.bridge.pistes[':pisteId'].$put({ param: { dayId: day.id, pisteId: p.piste_id }, json: { machine: hosts.get(p.code)! } });
    await made.fenceAll(pool);
    const bridge = bridgeOf(keyMade.key);
    const called = await vi.waitFor(async () => {
      const pistes = (await json<{ pistes: BridgePiste[] }>(await bridge.day())).pistes;
      const p = pistes.find((x) => x.match?.head.poolOrTable === 'A4');
      expect(p).toBeDefined();
      return p!;
    }, { timeout: 5000, interval: 100 });
    const idOf = (machine: string) => pool.players.find((p) => machineId(p.id) === machine)!.id;
    const [left, right] = [idOf(called.match!.left.id), idOf(called.match!.right.id)];
    const from = `${hosts.get(called.piste)}:50100`;
    const sent = await bridge.deliver([
      { piste: called.piste, from, frame: info(called.piste, left, right, { left: 3, right: 1, state: 'F' }) },
      { piste: called.piste, from, frame: info(called.piste, left, right, { left: 15, right: 9, state: 'E' }) },
    ]);
    expect(await answers(sent)).toEqual(['live', 'ack']);
    // Its ACK lost, the machine tells the end again after the call ended: acknowledged again, stored once.
    await vi.waitFor(async () => {
      const again = (await json<{ pistes: BridgePiste[] }>(await bridge.day())).pistes.find((p) => p.piste === called.piste)!;
      expect(again.match?.left.id).not.toBe(called.match!.left.id);
    }, { timeout: 5000, interval: 100 });
    expect(await answers(await bridge.deliver([{ piste: called.piste, from, frame: info(called.piste, left, right, { left: 15, right: 9, state: 'E' }) }]))).toEqual(['ack']);
    const bracket = await json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } }));
    const match = bracket.matches.find((m) => m.player1_id === left && m.player2_id === right)!;
    expect([match.player1_score, match.player2_score, match.winner_id]).toEqual([15, 9, left]);
  });
});
