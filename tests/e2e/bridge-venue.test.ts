// Issue 57 at the venue: the real bridge (bridge/bridge.ts, run here) between a scoring machine on loopback UDP
// (tests/helpers/cyrano-machine) and the real worker (wrangler dev), the coach's pools screen and the public live
// board in Chromium. Every wait is on a state (a page, the machine's ears, the bridge's journal), except the one
// the journey is about: the venue's internet gone for 30 s. One file: the journeys share the venue's setup (a
// coach's day, the bridge key, the machine confirmed at its piste, the bridge started over a cuttable uplink).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Bridge } from '../../bridge/bridge';
import type { BridgeDelivery, BridgeReport } from '../../core/contracts/bridge';
import type { DaySnapshot } from '../../core/contracts/days';
import { parseFrame } from '../../core/cyrano';
import { machineId } from '../../core/fencing/machine-bout';
import { apiOver, expectAnswer } from '../helpers/api-client';
import { baseURL, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { SimulatedMachine, type MachineMoment } from '../helpers/cyrano-machine';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

/** What a test started: stopped after it, whatever happened. */
const open: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of open.splice(0).reverse()) await stop();
});

/** Waits until `read` answers something (not undefined, null or false), at most `withinMs`; answers it. */
function until<T>(read: () => T | Promise<T>, what: string, withinMs = 20_000): Promise<NonNullable<T>> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (value === undefined || value === null || value === false) throw new Error(`waited ${withinMs} ms for ${what}`);
      return value as NonNullable<T>;
    },
    { timeout: withinMs, interval: 50 },
  );
}

/**
 * The venue's uplink as the bridge's `fetch`: `cut` makes every request fail as a dead network does; each
 * delivery the server answered is kept (its reports in the order they went), and every failed try counted.
 */
function uplink() {
  const net = { cut: false, failed: 0, delivered: [] as BridgeReport[] };
  const send: typeof fetch = async (input, init) => {
    if (net.cut) {
      net.failed++;
      throw new TypeError('fetch failed: the venue’s internet is down');
    }
    const res = await fetch(input, init);
    if (String(input).endsWith('/api/bridge/reports') && res.ok && typeof init?.body === 'string') net.delivered.push(...(JSON.parse(init.body) as BridgeDelivery).reports);
    return res;
  };
  return { net, send };
}

/**
 * A coach signed up in Chromium with a competition day: three pistes, one épée event of one pool of four
 * (Ann, Bob, Cleo, Dan) placed on a piste, the event shared (its live board).
 */
async function coachDay(label: string) {
  const context = await newContext(browser());
  open.push(() => context.close());
  const coach = await context.newPage();
  await signUp(coach, { name: `${label} Coach`, email: uniqueEmail(label.toLowerCase()), password: `${label} coach pw` });
  const made = seed(viaBrowser(coach.request));
  const api = apiOver(viaBrowser(coach.request));
  const { practice, pool } = await made.practiceWithPool(`${label} open`, ['Ann', 'Bob', 'Cleo', 'Dan']);
  const day = await expectAnswer(api.days.$post({ json: { name: `${label} day`, date: '2026-12-05' } }), 201);
  const dayApi = api.days[':dayId'];
  const param = { dayId: day.id };
  await expectAnswer(dayApi.pistes.$put({ param, json: { pistes: [{ name: '1', final: true }, { name: '2' }, { name: '3' }] } }));
  await expectAnswer(dayApi.events[':practiceId'].$put({ param: { ...param, practiceId: practice.id } }));
  const placed = await expectAnswer(dayApi.placements.$post({ param }));
  const shared = await made.share(practice.id);
  const snapshot = async () => (await expectAnswer(dayApi.$get({ param }))) as DaySnapshot;
  const idOf = (name: string | null) => pool.players.find((p) => p.name.toUpperCase() === name?.toUpperCase())!.id;
  const nameOf = (machine: string) => pool.players.find((p) => machineId(p.id) === machine)!.name;
  const bouts = async () => (await made.poolsOf(practice.id))[0]!.bouts;
  return { coach, made, api, dayApi, day, practice, pool, shared, poolPiste: placed.placements[0]!.piste_id, snapshot, idOf, nameOf, bouts };
}

type Day = Awaited<ReturnType<typeof coachDay>>;

/**
 * The venue: the day's bridge key made on the day's screen, a machine on loopback at the piste `pisteId` (it
 * announces the piste's code), the coach confirming it at `127.0.0.1:<its port>`, and the bridge started with
 * the key (a fresh data folder, any free port) over `send`. Resolves once the machine holds the match the day
 * calls on its piste (its DISP).
 */
async function venue(day: Day, pisteId: string, send: typeof fetch) {
  const param = { dayId: day.day.id };
  const { key } = await expectAnswer(day.dayApi.bridge.key.$post({ param }), 201);
  const code = (await expectAnswer(day.dayApi.bridge.$get({ param }))).pistes.find((p) => p.piste_id === pisteId)!.code;
  let bridgePort = 0;
  const machine = await new SimulatedMachine(code, () => bridgePort).start();
  open.push(() => machine.stop());
  await expectAnswer(day.dayApi.bridge.pistes[':pisteId'].$put({ param: { ...param, pisteId }, json: { machine: `127.0.0.1:${machine.port}` } }));
  const dataDir = mkdtempSync(join(tmpdir(), 'piste-bridge-'));
  const said: string[] = [];
  const bridge = new Bridge({ server: baseURL(), key, dataDir, port: 0, machinePort: machine.port, address: '127.0.0.1', fetch: send, log: (line) => said.push(line) });
  open.push(() => rmSync(dataDir, { recursive: true, force: true }), () => bridge.stop());
  bridgePort = await bridge.start();
  expect((await machine.hears('HELLO')).piste).toBe(code);
  const disp = await machine.hears('DISP', 1, 15_000);
  return { code, machine, bridge, disp, said, bout: machine.fencing(disp) };
}

/** The coach's pools screen of the event, its grid shown. */
async function poolsScreen(day: Day) {
  await day.coach.evaluate((id) => localStorage.setItem('current_practice_id', id), day.practice.id);
  await day.coach.goto('/individual-practice');
  await expect.poll(() => day.coach.getByTestId('pool-row').count()).toBe(4);
  return day.coach;
}

/** The event's public live board in a browser of its own (nobody signed in), live. */
async function liveBoard(day: Day) {
  const context = await newContext(browser());
  open.push(() => context.close());
  const board = await context.newPage();
  await board.goto(`/live/${day.shared.board_id}`);
  await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('live');
  return board;
}

/** A fencer's position on the coach's grid (its row's number). */
const positionOf = async (page: Page, name: string) => Number((await page.getByTestId('pool-row').filter({ hasText: name }).locator('th span').first().textContent())!.trim());

/** The frame's scores as the sheet's left and right fencers have them. */
const scoresOf = (frame: string) => {
  const parsed = parseFrame(frame);
  return parsed.ok ? [parsed.frame.left?.score, parsed.frame.right?.score, parsed.frame.state] : null;
};

describe('the venue bridge between the scoring machines and the day (issue 57)', () => {
  it('a pool bout fenced on the machine shows touch by touch on the coach’s grid and the live board; its end is stored once and acknowledged', async () => {
    const day = await coachDay('Machine');
    const { net, send } = uplink();
    const { machine, bridge, disp, bout, said } = await venue(day, day.poolPiste, send);
    // The machine holds the pool's first bout in its order, by the fencers' machine ids.
    expect(disp.poolOrTable).toBe('1');
    const [left, right] = [day.nameOf(bout.left), day.nameOf(bout.right)];
    const coach = await poolsScreen(day);
    const board = await liveBoard(day);
    const [l, r] = [await positionOf(coach, left), await positionOf(coach, right)];
    const onBoard = () => Promise.all([board.getByTestId('on-piste-score').textContent(), board.getByTestId('on-piste-clock').textContent()]);

    const touches: (MachineMoment & { clock: string })[] = [
      { left: 1, right: 0, clock: '2:41', light: 'left' },
      { left: 1, right: 1, clock: '2:20', light: 'right', yellow: 'left' },
      { left: 2, right: 1, clock: '1:55', light: 'left', yellow: 'left' },
      { left: 3, right: 1, clock: '1:30', light: 'left', yellow: 'left' },
      { left: 4, right: 2, clock: '0:48', light: 'right', yellow: 'left' },
    ];
    for (const touch of touches) {
      await bout.send(touch);
      // The live board: the score, the clock as the machine stopped it, the bout's fencers.
      await expect.poll(onBoard).toEqual([`${touch.left}–${touch.right}`, touch.clock]);
      // The coach's grid: the running score in the bout's cell, both ways, marked live.
      await expect.poll(() => coach.getByTestId(`cell-${l}-${r}`).textContent()).toBe(`${touch.left}–${touch.right}`);
      expect(await coach.getByTestId(`cell-${r}-${l}`).textContent()).toBe(`${touch.right}–${touch.left}`);
      expect(await coach.locator('td[data-live]').count()).toBe(2);
      // Above the coach's grid, "On piste now": the score and the machine's clock, and its lit light.
      await expect.poll(() => Promise.all([coach.getByTestId('on-piste-score').textContent(), coach.getByTestId('on-piste-clock').textContent()])).toEqual([`${touch.left}–${touch.right}`, touch.clock]);
      expect(await coach.getByTestId(`on-piste-light-${touch.light}`).getAttribute('data-lit')).toBe('colour');
      // The yellow card, from the touch the referee gave it: on the board's bout and in the left fencer's cell.
      const yellow = touch.yellow ? 1 : 0;
      await expect.poll(() => board.getByTestId('on-piste-bout').locator('[data-card="yellow"]').count()).toBe(yellow);
      await expect.poll(() => coach.getByTestId(`cell-${l}-${r}`).locator('[data-card="yellow"]').count()).toBe(yellow);
    }
    expect(await board.getByTestId('on-piste-bout').textContent()).toContain(left);
    expect(await day.bouts()).toEqual([]);

    // The end (state E): stored, the machine hears ACK, the bout leaves the piste, the grid reads V5 / D2.
    await bout.send({ left: 5, right: 2, state: 'E', clock: '0:31', yellow: 'left' });
    expect((await machine.hears('ACK', 1, 15_000)).piste).toBe(machine.piste);
    await expect.poll(() => coach.getByTestId(`cell-${l}-${r}`).textContent()).toBe('V5');
    expect(await coach.getByTestId(`cell-${r}-${l}`).textContent()).toBe('D2');
    await expect.poll(() => board.getByTestId('on-piste').count()).toBe(0);
    await expect.poll(() => board.getByTestId(`cell-${l}-${r}`).textContent()).toBe('V5');
    const stored = await day.bouts();
    expect(stored).toHaveLength(1);
    const [b] = stored;
    const leftFirst = b!.player1_id === day.idOf(left);
    expect(leftFirst ? [b!.score1, b!.score2] : [b!.score2, b!.score1]).toEqual([5, 2]);
    expect(b!.version).toBe(1);
    // Every frame went once, in the machine's order; none is left waiting.
    expect(net.delivered.map((x) => x.seq)).toEqual(touches.map((_, i) => i + 1).concat(touches.length + 1));
    expect(net.delivered.map((x) => scoresOf(x.frame))).toEqual([...touches.map((t) => [t.left, t.right, 'H']), [5, 2, 'E']]);
    expect(bridge.journal.size).toBe(0);
    expect(machine.count('NAK')).toBe(0);
    expect(said.join('\n')).toMatch(/end of match stored \(ACK\)/);

    // The machine tells its end again (its ACK lost on the way): acknowledged again, and stored no second time.
    await bout.send({ left: 5, right: 2, state: 'E', clock: '0:31', yellow: 'left' });
    await until(() => net.delivered.length === touches.length + 2 && bridge.journal.size === 0, 'the end told again delivered');
    await machine.hears('ACK', 2, 15_000);
    expect(machine.count('NAK')).toBe(0);
    expect((await day.bouts()).map((x) => x.version)).toEqual([1]);
  });

  it('a tableau match called to the machine’s piste: the bridge loads its fencers (DISP), the touches reach the live board, the end is stored and acknowledged', async () => {
    const day = await coachDay('Tableau');
    // The pool is fenced (by the API): the day calls the semi-finals to its pistes.
    await day.made.fenceAll(day.pool);
    const call = await until(async () => (await day.snapshot()).calls[0], 'a tableau match called to a piste');
    const { net, send } = uplink();
    const { machine, bridge, disp, bout } = await venue(day, call.piste_id, send);
    // The DISP names the called fencers: the top of the match in the machine's left zone.
    expect([disp.left?.id, disp.right?.id]).toEqual([machineId(day.idOf(call.names[0]!)), machineId(day.idOf(call.names[1]!))]);
    expect([disp.phase, disp.poolOrTable, disp.match, disp.state]).toEqual([2, 'A4', call.position + 1, 'W']);
    const board = await liveBoard(day);

    // Fenced to 15–10 touch by touch, the clock running down; each touch on the live board.
    let [left, right, seconds] = [0, 0, 180];
    const moments: MachineMoment[] = [];
    for (let i = 0; left < 15; i++) {
      if (i % 5 === 1 || i % 5 === 3) right++;
      else left++;
      seconds -= 5;
      moments.push({ left, right, clock: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`, light: i % 5 === 1 || i % 5 === 3 ? 'right' : 'left' });
    }
    expect([left, right]).toEqual([15, 10]);
    for (const m of moments) {
      await bout.send(m);
      await expect.poll(() => board.getByTestId('on-piste-score').textContent()).toBe(`${m.left}–${m.right}`);
    }
    expect(await board.getByTestId('on-piste-clock').textContent()).toBe(moments.at(-1)!.clock);
    await bout.send({ left: 15, right: 10, state: 'E', clock: moments.at(-1)!.clock });
    expect((await machine.hears('ACK', 1, 15_000)).piste).toBe(machine.piste);
    await expect.poll(() => board.getByTestId('on-piste').count()).toBe(0);
    const match = (await day.made.bracket(day.practice.id)).matches.find((m) => m.round === call.round && m.position === call.position)!;
    expect([match.player1_id, match.player2_id]).toEqual([day.idOf(call.names[0]!), day.idOf(call.names[1]!)]);
    expect([match.player1_score, match.player2_score, match.winner_id]).toEqual([15, 10, match.player1_id]);
    expect(net.delivered.map((x) => x.seq)).toEqual(moments.map((_, i) => i + 1).concat(moments.length + 1));
    expect(bridge.journal.size).toBe(0);
    expect(machine.count('NAK')).toBe(0);
  });

  it('an end at equal scores with no priority is refused (NAK) and stores nothing', async () => {
    const day = await coachDay('Equal');
    const { net, send } = uplink();
    const { machine, bout } = await venue(day, day.poolPiste, send);
    const board = await liveBoard(day);
    await bout.send({ left: 3, right: 3, clock: '0:12' });
    await expect.poll(() => board.getByTestId('on-piste-score').textContent()).toBe('3–3');
    await bout.send({ left: 3, right: 3, state: 'E', clock: '0:00', priority: 'N' });
    expect((await machine.hears('NAK', 1, 15_000)).piste).toBe(machine.piste);
    expect(net.delivered.map((x) => scoresOf(x.frame))).toEqual([[3, 3, 'H'], [3, 3, 'E']]);
    expect(machine.count('ACK')).toBe(0);
    expect(await day.bouts()).toEqual([]);
    // The coach's day screen says why, by the piste's machine.
    const bridgeView = await expectAnswer(day.dayApi.bridge.$get({ param: { dayId: day.day.id } }));
    expect(bridgeView.last[machine.piste]).toMatchObject({ answer: 'nak', reason: 'equal-no-priority' });
    // The bout is still on the piste: the machine decides it (priority drawn), and that end is stored.
    expect(await board.getByTestId('on-piste-score').textContent()).toBe('3–3');
    await bout.send({ left: 3, right: 3, state: 'E', clock: '0:00', priority: 'L' });
    await machine.hears('ACK', 1, 15_000);
    expect((await day.bouts()).map((b) => [b.version, b.score1, b.score2])).toEqual([[1, 3, 3]]);
  });

  it('a frame cut short and one with a wrong field count are dropped and counted by the bridge, never delivered nor stored', async () => {
    const day = await coachDay('Broken');
    const { net, send } = uplink();
    const { machine, bridge, bout } = await venue(day, day.poolPiste, send);
    const end = bout.text({ left: 5, right: 1, state: 'E', clock: '1:02' });
    const [cut, extra] = [end.slice(0, Math.floor(end.length * 0.6)), `${end}x|%|`];
    expect([parseFrame(cut), parseFrame(extra)]).toEqual([{ ok: false, reason: 'cut-short' }, { ok: false, reason: 'field-count' }]);
    await machine.raw(cut);
    await machine.raw(extra);
    await until(() => bridge.link.counts.dropped === 2, 'the bridge to drop both broken frames', 5_000);
    // A good frame after them is delivered, alone.
    await bout.send({ left: 1, right: 0, clock: '2:50' });
    await until(() => net.delivered.length === 1 && bridge.journal.size === 0, 'the good frame delivered');
    expect(net.delivered.map((x) => scoresOf(x.frame))).toEqual([[1, 0, 'H']]);
    expect(bridge.link.counts).toMatchObject({ dropped: 2, received: 1 });
    expect(machine.count('ACK') + machine.count('NAK')).toBe(0);
    expect(await day.bouts()).toEqual([]);
    // The bridge told the day what it dropped: the coach's day screen counts them.
    await until(async () => (await expectAnswer(day.dayApi.bridge.$get({ param: { dayId: day.day.id } }))).counts?.dropped === 2, 'the day to hear the dropped count');
  });

  it('the venue’s internet gone until the bridge backs off to its longest wait loses nothing: the touches and the end sent meanwhile go in order when it returns, stored once, then ACK', async () => {
    const day = await coachDay('Outage');
    const { net, send } = uplink();
    const { machine, bridge, bout } = await venue(day, day.poolPiste, send);
    const board = await liveBoard(day);
    await bout.send({ left: 1, right: 0, clock: '2:40' });
    await expect.poll(() => board.getByTestId('on-piste-score').textContent()).toBe('1–0');

    // The uplink drops; the bout goes on at the piste.
    net.cut = true;
    const during: MachineMoment[] = [
      { left: 1, right: 1, clock: '2:10' },
      { left: 2, right: 1, clock: '1:45' },
      { left: 3, right: 1, clock: '1:20' },
      { left: 4, right: 2, clock: '0:55' },
      { left: 5, right: 2, clock: '0:40', state: 'E' },
    ];
    for (const m of during) await bout.send(m);
    // Each frame is kept on the bridge's disk; none reaches the server, the machine hears no answer to its end.
    await until(() => bridge.journal.size === during.length, 'the bridge to keep the frames of the cut', 5_000);
    // The bridge keeps trying, backing off (0.5 s doubling) until it waits its longest between tries (10 s): six failed
    // tries are some 15 s of outage, past which nothing changes but the count.
    await until(() => net.failed >= 6, 'the bridge to back off to its longest wait during the cut', 40_000);
    expect(net.delivered).toHaveLength(1);
    expect(bridge.journal.size).toBe(during.length);
    expect(machine.count('ACK') + machine.count('NAK')).toBe(0);
    expect(await day.bouts()).toEqual([]);
    expect(await board.getByTestId('on-piste-score').textContent()).toBe('1–0');

    // The uplink returns: everything goes, in order, and then the machine hears ACK.
    net.cut = false;
    const returned = performance.now();
    const ack = await machine.hears('ACK', 1, 20_000);
    expect(ack.piste).toBe(machine.piste);
    expect(machine.heardAt[machine.heard.indexOf(ack)]).toBeGreaterThan(returned);
    expect(net.delivered.map((x) => x.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(net.delivered.map((x) => scoresOf(x.frame))).toEqual([[1, 0, 'H'], ...during.map((m) => [m.left, m.right, m.state ?? 'H'])]);
    expect(bridge.journal.size).toBe(0);
    const stored = await day.bouts();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.version).toBe(1);
    expect([stored[0]!.score1, stored[0]!.score2].sort()).toEqual([2, 5]);
    await expect.poll(() => board.getByTestId('on-piste').count()).toBe(0);
    expect(machine.count('NAK')).toBe(0);
  });
});
