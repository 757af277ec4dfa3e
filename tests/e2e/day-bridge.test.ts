import { describe, expect, it } from 'vitest';
import type { BridgePiste, ReportAnswer } from '../../core/contracts/bridge';
import type { Day, DaySnapshot } from '../../core/contracts/days';
import { writeFrame, type CyranoFencer, type MachineState } from '../../core/cyrano';
import { machineId } from '../../core/fencing/machine-bout';
import { targetParam } from '../../core/refereeing';
import { apiOver, expectAnswer, viaBrowser } from '../helpers/api-client';
import { seriousViolations } from '../helpers/axe';
import { baseURL, expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed } from '../helpers/seed';

const browser = useBrowser();

const MACHINE = '10.0.0.5';
const FROM = `${MACHINE}:50100`;
const BRIDGE = 'b7e0c1f2-0000-4000-8000-0000000000e2';

/** An INFO of the match a machine holds (its fencers by the ids the bridge loaded on it), as it sends it. */
function info(piste: string, left: string, right: string, s: { left: number; right: number; state?: MachineState; lights?: 'left' | 'right' }) {
  const fencer = (id: string, score: number, light: boolean): Partial<CyranoFencer> & { id: string } => ({ id, name: '', score, light });
  return writeFrame(
    'INFO',
    { piste, phase: 1, poolOrTable: '1', match: 1, round: 1, clock: '2:41', type: 'I', weapon: 'E', priority: 'N', state: s.state ?? 'H' },
    { right: fencer(right, s.right, s.lights === 'right'), left: fencer(left, s.left, s.lights === 'left') },
  );
}

/** The venue bridge as the server meets it: plain requests with the day's key, its reports numbered in order. */
function venueBridge(key: string) {
  let seq = 0;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return {
    day: () => fetch(`${baseURL()}/api/bridge/day`, { headers }),
    /** One frame; `learnt`: another machine the bridge heard announce a piste, not paired with it. */
    deliver: async (piste: string, frame: string, state: MachineState, learnt?: { piste: string; address: string }) => {
      const body = {
        bridge: BRIDGE,
        reports: [{ seq: ++seq, piste, from: FROM, frame, at: Date.now() }],
        machines: [
          { piste, address: FROM, online: true, state, loaded: '1/1', last_frame_at: Date.now(), confirmed: true },
          ...(learnt ? [{ ...learnt, online: false, state: null, loaded: null, last_frame_at: null, confirmed: false }] : []),
        ],
        counts: { dropped: 2, ignored: 1, received: seq, strangers: 3 },
      };
      const res = await fetch(`${baseURL()}/api/bridge/reports`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { results: ReportAnswer[] }).results.map((r) => r.answer);
    },
  };
}

describe('a day’s scoring machines through the venue bridge (issue 57)', () => {
  it('the coach makes a key (shown once, with its QR), sets a piste’s machine; its touches show live on the day and the hall board, its end is the pool’s result, and the coach takes a bout back from it', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Bridge Coach', email: uniqueEmail('bridge'), password: 'bridge coach pw' });

    // A shared day on pistes 1 and 2, one pool of four placed.
    const api = apiOver(viaBrowser(page.request));
    const { practice, pool } = await seed(viaBrowser(page.request)).practiceWithPool('Sunday', ['Ann', 'Bob', 'Cleo', 'Dan']);
    const day = await expectAnswer(api.days.$post({ json: { name: 'Machine open', date: '2026-12-05' } }), 201) as Day;
    const dayApi = api.days[':dayId'];
    await expectAnswer(dayApi.pistes.$put({ param: { dayId: day.id }, json: { pistes: [{ name: '1', final: true }, { name: '2' }] } }));
    await expectAnswer(dayApi.events[':practiceId'].$put({ param: { dayId: day.id, practiceId: practice.id } }));
    await expectAnswer(dayApi.placements.$post({ param: { dayId: day.id } }));
    const shared = (await expectAnswer(dayApi.$patch({ param: { dayId: day.id }, json: { board_shared: true } }))) as DaySnapshot;
    const placed = shared.placements[0]!;
    const pisteName = shared.pistes.find((p) => p.id === placed.piste_id)!.name;

    await page.goto(`/days/${day.id}`);
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
    const section = page.getByTestId('day-bridge');
    await expect.poll(() => section.getByTestId('bridge-key-state').textContent()).toContain('No bridge key');

    // The key, shown once: as text, as a QR code, and in the command that starts the bridge.
    await section.getByRole('button', { name: 'Make a bridge key' }).click();
    let dialog = page.getByRole('dialog', { name: 'The bridge key' });
    const first = (await dialog.getByTestId('bridge-key').textContent())!;
    expect(first).toMatch(/^pb1\./);
    expect(await dialog.getByTestId('qr-code').getAttribute('data-value')).toBe(first);
    expect(await dialog.getByTestId('bridge-command').textContent()).toBe(`npm run bridge -- --server ${baseURL()} --key ${first}`);
    await dialog.getByRole('button', { name: 'I have kept the key' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(first);
    await expect.poll(() => section.getByTestId('bridge-key-state').textContent()).toContain('Bridge key made');

    // Replaced: the screen says the old one stops at once; the old key is refused from then on.
    await section.getByRole('button', { name: 'Replace key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the bridge key?' });
    expect(await confirm.textContent()).toContain('stops working at once');
    await confirm.getByRole('button', { name: 'Replace key' }).click();
    dialog = page.getByRole('dialog', { name: 'The bridge key' });
    const key = (await dialog.getByTestId('bridge-key').textContent())!;
    expect(key).not.toBe(first);
    await dialog.getByRole('button', { name: 'I have kept the key' }).click();
    expect((await venueBridge(first).day()).status).toBe(401);

    // The machine of the pool's piste: a bad address is refused in words, a good one saved.
    const row = section.locator(`[data-testid="machine-row"][data-piste="${pisteName}"]`);
    const code = (await row.getAttribute('data-code'))!;
    expect(await row.getByTestId('machine-code').textContent()).toBe(`code ${code}`);
    const address = row.getByRole('textbox', { name: `Machine address of piste ${pisteName}` });
    await address.fill('10.0.0.5; rm -rf');
    await row.getByRole('button', { name: `Save the machine address of piste ${pisteName}` }).click();
    await expect.poll(() => row.getByTestId('machine-error').textContent()).toContain('its IP address on the venue’s network');
    await address.fill(MACHINE);
    await row.getByRole('button', { name: `Save the machine address of piste ${pisteName}` }).click();
    await expectToast(page, 'Machine address saved');

    // The hall board, shared, on another screen with no account.
    const hallContext = await newContext(browser());
    const hall = await hallContext.newPage();
    await hall.goto(`/hall/${shared.day.board_id}`);
    await hall.locator(`[data-testid="hall-piste"][data-piste="${pisteName}"]`).waitFor();

    // The bridge reads what to load on the machine, then the machine's first touch: live, its left lamp lit.
    const bridge = venueBridge(key);
    const loaded = ((await (await bridge.day()).json()) as { pistes: BridgePiste[] }).pistes.find((p) => p.piste === code)!;
    expect(loaded.machine).toBe(MACHINE);
    const [left, right] = [loaded.match!.left.id, loaded.match!.right.id];
    const other = shared.pistes.find((p) => p.id !== placed.piste_id)!.name;
    const otherRow = section.locator(`[data-testid="machine-row"][data-piste="${other}"]`);
    const otherCode = (await otherRow.getAttribute('data-code'))!;
    const learnt = { piste: otherCode, address: '10.0.0.7:50100' };
    expect(await bridge.deliver(code, info(code, left, right, { left: 1, right: 0, lights: 'left' }), 'H', learnt)).toEqual(['live']);

    // The day's screen: the machine online, halted, and the bridge's own word.
    await expect.poll(() => row.getByTestId('machine-online').textContent()).toBe('Online');
    expect(await row.getByTestId('machine-state').textContent()).toContain('Halt (H)');
    await expect.poll(() => section.getByTestId('bridge-heard').textContent()).toContain('Bridge last heard');
    expect(await section.getByTestId('bridge-counts').textContent()).toBe('Frames dropped: 2 · ignored: 1 · from unknown machines: 3');
    await expect.poll(() => row.getByTestId('day-piste-score').textContent()).toBe('1–0');
    // The other piste's machine, learnt from the code it announced: offline, and the coach confirms it.
    await expect.poll(() => otherRow.getByTestId('machine-learnt').textContent()).toContain('A machine at 10.0.0.7:50100 announces this piste.');
    expect(await otherRow.getByTestId('machine-online').textContent()).toBe('Offline');
    await otherRow.getByRole('button', { name: `Confirm the machine at 10.0.0.7:50100 for piste ${other}` }).click();
    await expect.poll(() => otherRow.getByRole('textbox', { name: `Machine address of piste ${other}` }).inputValue()).toMatch(/^10\.0\.0\.7/);
    await otherRow.getByTestId('machine-learnt').waitFor({ state: 'detached' });

    // The hall board: the live score on the piste's card, the left lamp lit, the right one dark, the machine named.
    const card = hall.locator(`[data-testid="hall-piste"][data-piste="${pisteName}"]`);
    await expect.poll(() => card.getByTestId('hall-piste-score').textContent()).toBe('1–0');
    expect(await card.getByTestId('on-piste-light-left').getAttribute('data-lit')).toBe('colour');
    expect(await card.getByTestId('on-piste-light-right').getAttribute('data-lit')).toBe('off');
    expect(await card.getByTestId('on-piste-machine').textContent()).toBe(`Machine ${code}`);
    // axe finds nothing serious on either screen, lamps and machines shown.
    expect(await seriousViolations(page)).toEqual([]);
    expect(await seriousViolations(hall)).toEqual([]);

    // The end of the match: acknowledged, gone from the pistes, and the result in the pool.
    expect(await bridge.deliver(code, info(code, left, right, { left: 5, right: 3, state: 'E' }), 'E')).toEqual(['ack']);
    await expect.poll(() => card.getByTestId('hall-piste-score').count()).toBe(0);
    await expect.poll(() => row.getByTestId('day-piste-score').count()).toBe(0);
    const done = (await seed(viaBrowser(page.request)).poolsOf(practice.id))[0]!.bouts.find((b) => b.score1 !== null && b.score2 !== null)!;
    // The machine knows each fencer by the first characters of their entry id.
    const scores = new Map([[machineId(done.player1_id), done.score1], [machineId(done.player2_id), done.score2]]);
    expect(pool.players.filter((p) => [left, right].includes(machineId(p.id)))).toHaveLength(2);
    expect([scores.get(left), scores.get(right)]).toEqual([5, 3]);
    await expect.poll(() => hall.locator('[data-testid="hall-pool"]').first().getByTestId('hall-pool-progress').textContent()).toMatch(/^1\/6/);


    // The machine loads the next bout and scores a touch; the coach, on a phone, is told the machine holds it
    // and takes it back: the machine's score stays, its later touches are ignored, and the day says why.
    const next = ((await (await bridge.day()).json()) as { pistes: BridgePiste[] }).pistes.find((p) => p.piste === code)!.match!;
    expect([next.left.id, next.right.id].sort()).not.toEqual([left, right].sort());
    expect(await bridge.deliver(code, info(code, next.left.id, next.right.id, { left: 0, right: 2, lights: 'right' }), 'H')).toEqual(['live']);
    await expect.poll(() => card.getByTestId('hall-piste-score').textContent()).toBe('0–2');
    expect(await card.getByTestId('on-piste-light-right').getAttribute('data-lit')).toBe('colour');
    const entryOf = (id: string) => pool.players.find((p) => machineId(p.id) === id)!.id;
    const phone = await context.newPage();
    await phone.goto('/');
    await phone.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    const target = targetParam({ kind: 'pool', pool_id: pool.id, a: entryOf(next.left.id), b: entryOf(next.right.id) });
    await phone.goto(`/individual-practice?${new URLSearchParams({ referee: target })}`);
    await expect.poll(() => phone.getByTestId('referee-view').textContent()).toContain(`The scoring machine of piste ${code} is refereeing this bout`);
    await phone.getByRole('button', { name: 'Take back from the machine' }).click();
    await expect.poll(() => phone.getByTestId('referee-score-right').textContent()).toBe('2');
    expect(await phone.getByTestId('referee-score-left').textContent()).toBe('0');
    expect(await bridge.deliver(code, info(code, next.left.id, next.right.id, { left: 0, right: 3 }), 'H')).toEqual(['ignored']);
    await expect.poll(() => row.getByTestId('machine-last').textContent()).toMatch(/^Ignored .*: a phone referees this bout$/);

    await hallContext.close();
    await context.close();
  });
});
