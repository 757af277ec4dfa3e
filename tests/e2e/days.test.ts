import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { holdPrint, pdfPages } from '../helpers/pdf';
import { seed, viaBrowser, fencerNames } from '../helpers/seed';
import { apiOver, expectAnswer } from '../helpers/api-client';

const browser = useBrowser();

/**
 * An event of the day: a practice (épée unless said) whose fencers are drawn into three pools of 6–7; with a
 * `club`, its fencers are roster athletes of that club (so a referee of the club is no neutral referee for its pools).
 */
async function eventWithPools(page: Page, name: string, fencers: number, { club, weapon }: { club?: string; weapon?: Practice['weapon'] } = {}) {
  const api = seed(viaBrowser(page.request));
  const practice = await api.practice(name, { weapon });
  const entries = [];
  for (const fencer of fencerNames(fencers, `${name} Fencer`)) entries.push(club ? { athlete_id: (await api.athlete({ name: fencer, club })).id } : fencer);
  const pools = await api.pools(practice.id, entries, 3);
  expect(pools.map((p) => p.players.length).sort()).toEqual(fencers === 20 ? [6, 7, 7] : [6, 6, 7]);
  return { practice, pools };
}

/** A time of day as the page writes it (the app formats with the browser's own Intl, as here). */
const clock = (page: Page, minutesAfterNine: number) =>
  page.evaluate((m) => new Intl.DateTimeFormat(navigator.language, { hour: 'numeric', minute: '2-digit' }).format(new Date(2000, 0, 1, 9, m)), minutesAfterNine);

const chip = (page: Page, event: string, pool: string) => page.locator(`[data-testid="pool-chip"][data-event="${event}"][data-pool="${pool}"]`);

describe('a competition day (issue 28)', () => {
  it('groups two events on 4 pistes in two flights, moves a pool by hand, estimates and prints the schedule, and shows it all live on the hall board', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Day Coach', email: uniqueEmail('day'), password: 'competition day pw' });
    // The épée fencers are all of the Lions; two roster referees (a Lion, an Owl) and a typed one.
    const epee = await eventWithPools(page, 'U13 Epee', 20, { club: 'Lions' });
    await seed(viaBrowser(page.request)).athlete({ name: 'Lena Lions', club: 'Lions' });
    await seed(viaBrowser(page.request)).athlete({ name: 'Otto Owls', club: 'Owls' });
    const foil = await eventWithPools(page, 'U15 Foil', 19, { weapon: 'foil' });

    // The day, from the main navigation.
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Competition days' }).click();
    await page.waitForURL('**/days');
    await page.getByRole('button', { name: 'New day' }).click();
    const dialog = page.getByRole('dialog', { name: 'New competition day' });
    expect(await dialog.getByLabel('Date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Tomorrow: a start time on it is in the future whatever the clock says now, so the estimate starts there.
    const tomorrow = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await dialog.getByLabel('Date').fill(tomorrow);
    await dialog.getByLabel('Day name').fill('Club Open');
    await dialog.getByLabel('Venue (optional)').fill('Sports hall');
    await dialog.getByRole('button', { name: 'Create day' }).click();
    await page.waitForURL(/\/days\/[^/]+$/);
    await expect.poll(() => page.getByTestId('day-name').textContent()).toBe('Club Open');
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');

    // Pistes 1–4.
    await page.getByLabel('Number of pistes').fill('4');
    await page.getByRole('button', { name: 'Fill 1–N' }).click();
    await expect.poll(() => page.getByTestId('piste-row').count()).toBe(4);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Pistes saved');

    // Two events, each with its three pools.
    for (const event of ['U13 Epee', 'U15 Foil']) {
      await page.getByLabel('Practice to add').selectOption({ label: event });
      await page.getByRole('button', { name: 'Add event' }).click();
      await page.getByTestId('day-event').filter({ hasText: event }).waitFor();
    }
    await expect.poll(() => page.getByTestId('day-pool').count()).toBe(6);

    // Referees: two from the roster, one typed; a CSV file adds one (a name already listed is skipped), a file
    // with nobody in it is refused; the list is saved whole.
    for (const referee of ['Lena Lions · Lions', 'Otto Owls · Owls']) {
      await page.getByLabel('Referee from your roster').selectOption({ label: referee });
      await page.getByRole('button', { name: 'Add from roster' }).click();
    }
    await page.getByLabel('Referee name', { exact: true }).fill('Tara Typed');
    await page.getByLabel('Referee’s club (optional)').fill('Tigers');
    await page.getByRole('button', { name: 'Add referee' }).click();
    const refereeFile = page.getByLabel('Or import referees from a CSV file (columns: name, club)');
    await refereeFile.setInputFiles({ name: 'referees.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Club\nCora Csv,Csv Club\nTara Typed,Tigers\n') });
    await expect.poll(() => page.getByTestId('referees-file-summary').textContent()).toBe('1 referee read from referees.csv 1 was already on the list.');
    await refereeFile.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('\n\n') });
    await expect.poll(() => page.getByTestId('referees-file-error').textContent()).toBe('No referee could be read from this file: it needs a name column (and a club column if you like).');
    await expect.poll(() => page.getByTestId('referee-name').allTextContents()).toEqual(['Lena Lions', 'Otto Owls', 'Tara Typed', 'Cora Csv']);
    await page.getByRole('button', { name: 'Remove referee Cora Csv' }).click();
    await page.getByRole('button', { name: 'Move referee Tara Typed up' }).click();
    await page.getByRole('button', { name: 'Save referees' }).click();
    await expectToast(page, 'Referees saved');
    await expect.poll(() => page.getByTestId('referee-name').allTextContents()).toEqual(['Lena Lions', 'Tara Typed', 'Otto Owls']);
    expect(await page.getByTestId('referee-roster-mark').count()).toBe(2);

    // Six pools on four pistes: flight A fills the pistes, flight B takes the rest.
    await page.getByRole('button', { name: 'Place the pools' }).click();
    const grid = page.getByTestId('placement-grid');
    await expect.poll(() => grid.getByRole('rowheader').allTextContents()).toEqual(['Flight A', 'Flight B']);
    await expect.poll(() => page.getByTestId('pool-chip').count()).toBe(6);
    await expect.poll(() => page.getByTestId('now-on-piste').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Now: /)]));

    // Every pool has its referee; a Lion chosen for an épée pool (of Lions) is marked and warned about.
    const refereed = /^Referee: (Lena Lions|Otto Owls|Tara Typed)/;
    await expect.poll(() => page.getByTestId('chip-referee').allTextContents()).toEqual(Array.from({ length: 6 }, () => expect.stringMatching(refereed)));
    const neutralEpee = await epeePoolWithoutClash(page, epee.pools);
    const neutralChip = chip(page, 'U13 Epee', neutralEpee.name);
    await page.getByLabel(`Referee of U13 Epee ${neutralEpee.name}`).selectOption({ label: 'Lena Lions · Lions' });
    await neutralChip.getByTestId('referee-chosen').waitFor();
    expect(await neutralChip.getByTestId('chip-referee').textContent()).toMatch(/^Referee: Lena Lions/);
    await expect.poll(() => neutralChip.getByTestId('referee-clash').textContent()).toBe('⚠ same club as a fencer');
    await expect.poll(() => page.getByTestId('chip-referee').allTextContents()).toEqual(Array.from({ length: 6 }, () => expect.stringMatching(refereed)));

    // Move a pool to another piste with its select: it stays there (pinned).
    const moved = foil.pools[2]!;
    const select = page.getByLabel(`Piste of U15 Foil ${moved.name}`);
    const from = await select.locator('option:checked').textContent();
    const to = from === 'Piste 1' ? 'Piste 2' : 'Piste 1';
    expect(await chip(page, 'U15 Foil', moved.name).getByTestId('pinned').count()).toBe(0);
    await select.selectOption({ label: to });
    await chip(page, 'U15 Foil', moved.name).getByTestId('pinned').waitFor();
    await expect.poll(() => page.getByLabel(`Piste of U15 Foil ${moved.name}`).locator('option:checked').textContent()).toBe(to);

    // The schedule: the day starts at 9:00 and an épée pool bout takes 5 minutes; only the day's weapons are
    // asked, the usual minutes shown as placeholders.
    expect(await page.getByLabel('Minutes per pool bout, Sabre').count()).toBe(0);
    expect(await page.getByLabel('Minutes per pool bout, Foil').getAttribute('placeholder')).toBe('3.5');
    expect(await page.getByLabel('Minutes per tableau match, Épée').getAttribute('placeholder')).toBe('14');
    await page.getByLabel('Start time').fill('09:00');
    await page.getByLabel('Minutes per pool bout, Épée').fill('5');
    await page.getByRole('button', { name: 'Save schedule settings' }).click();
    await expectToast(page, 'Schedule settings saved');
    const nine = await clock(page, 0);
    // Every piste's first pool starts at 9:00; each event says when its pools end, the day when its last does.
    const firstOnEachPiste = () =>
      page.getByTestId('schedule-piste').evaluateAll((pistes) => pistes.flatMap((p) => [...p.querySelectorAll('[data-testid="schedule-time"]')].slice(0, 1).map((t) => t.textContent ?? '')));
    // The moved pool may leave a piste empty: three pistes at least have pools.
    await expect.poll(async () => {
      const firsts = await firstOnEachPiste();
      return firsts.length >= 3 && firsts.every((time) => time.startsWith(`${nine}–`));
    }).toBe(true);
    expect(await page.getByTestId('schedule-pool').count()).toBe(6);
    expect(await page.getByTestId('schedule-pools-end').allTextContents()).toEqual([expect.stringMatching(/^pools end ≈ \d/), expect.stringMatching(/^pools end ≈ \d/)]);
    expect(await page.getByTestId('schedule-day-end').textContent()).toMatch(/^Last pool ends ≈ \d/);
    // Each event's tableau follows its pools round by round: about 20 fencers in a table of 32, five rounds to the final.
    const rounds = page.getByTestId('schedule-event').first().getByTestId('schedule-round');
    await expect.poll(() => rounds.allTextContents()).toEqual([
      expect.stringMatching(/^Round 1 \d/), expect.stringMatching(/^Round 2 \d/), expect.stringMatching(/^Quarter-finals \d/), expect.stringMatching(/^Semi-finals \d/), expect.stringMatching(/^Final \d/),
    ]);

    // The hall board, shared: anyone with the link, no account.
    // The box follows the server: it is ticked once the day says it shares.
    await page.getByLabel('Share the hall board').click();
    const link = page.getByTestId('hall-url');
    await link.waitFor();
    const hallPath = new URL((await link.textContent())!).pathname;
    expect(hallPath).toMatch(/^\/hall\/[^/]+$/);

    const hallContext = await newContext(browser());
    const hall = await hallContext.newPage();
    await hall.goto(hallPath);
    await expect.poll(() => hall.getByTestId('hall-day-name').textContent()).toBe('Club Open');
    await expect.poll(() => hall.getByTestId('hall-pool').count()).toBe(6);
    await expect.poll(() => hall.getByTestId('hall-piste').count()).toBe(4);
    // The board names each pool's referee, and warns nobody (the clubs are the coach's business).
    await expect.poll(() => hall.getByTestId('hall-pool-referee').allTextContents()).toEqual(Array.from({ length: 6 }, () => expect.stringMatching(refereed)));
    const chosenRow = hall.getByTestId('hall-event').filter({ hasText: 'U13 Epee' }).locator(`[data-pool="${neutralEpee.name}"]`);
    expect(await chosenRow.getByTestId('hall-pool-referee').textContent()).toBe('Referee: Lena Lions');
    expect(await hall.getByText('same club as a fencer').count()).toBe(0);
    const movedRow = hall.getByTestId('hall-event').filter({ hasText: 'U15 Foil' }).locator(`[data-pool="${moved.name}"]`);
    await expect.poll(() => movedRow.textContent()).toContain(to);

    // A bout of a flight A pool is scored: the hall board shows the progress live, without a reload.
    const scored = await flightAPool(page, epee.pools);
    const row = hall.getByTestId('hall-event').filter({ hasText: 'U13 Epee' }).locator(`[data-pool="${scored.name}"]`).getByTestId('hall-pool-progress');
    const bouts = (scored.players.length * (scored.players.length - 1)) / 2;
    await expect.poll(() => row.textContent()).toBe(`0/${bouts} · waiting`);
    // Its estimate: it waits for 9:00 and lasts its bouts × 5 minutes; its chip, the schedule and the board agree.
    const scoredTime = page.locator(`[data-testid="schedule-pool"][data-event="U13 Epee"][data-pool="${scored.name}"]`).getByTestId('schedule-time');
    const hallTime = hall.getByTestId('hall-event').filter({ hasText: 'U13 Epee' }).locator(`[data-pool="${scored.name}"]`).getByTestId('hall-pool-time');
    await expect.poll(() => scoredTime.textContent()).toBe(`${nine}–${await clock(page, bouts * 5)}`);
    await expect.poll(() => chip(page, 'U13 Epee', scored.name).getByTestId('chip-time').textContent()).toBe(`≈ ${nine}`);
    await expect.poll(() => hallTime.textContent()).toBe(`≈ ${nine}`);
    await expect.poll(() => hall.getByTestId('hall-pools-end').allTextContents()).toEqual([expect.stringMatching(/^pools end ≈ \d/), expect.stringMatching(/^pools end ≈ \d/)]);
    await expect.poll(() => hall.getByTestId('hall-tableau').first().textContent()).toMatch(/^tableau ≈ \d.* · final ≈ \d/);
    await seed(viaBrowser(page.request)).bout(scored, scored.players[0]!.id, scored.players[1]!.id, 5, 3);
    // One bout fenced: the pool is under way and ends a bout's minutes sooner, on every screen, without a reload.
    const sooner = await clock(page, (bouts - 1) * 5);
    await expect.poll(() => scoredTime.textContent()).toBe(`${nine}–${sooner}`);
    await expect.poll(() => chip(page, 'U13 Epee', scored.name).getByTestId('chip-time').textContent()).toBe(`ends ≈ ${sooner}`);
    await expect.poll(() => hallTime.textContent()).toBe(`ends ≈ ${sooner}`);
    await expect.poll(() => row.textContent()).toBe(`1/${bouts} · fencing now`);
    await expect.poll(() => hall.getByTestId('hall-now').filter({ hasText: `U13 Epee · ${scored.name}` }).textContent()).toContain(`1/${bouts}`);
    await expect.poll(() => chip(page, 'U13 Epee', scored.name).getByTestId('chip-progress').textContent()).toBe(`1/${bouts}`);

    // A piste whose pool is fencing cannot go: the day says why (409), in the coach's language.
    const fencingOn = (await page.getByLabel(`Piste of U13 Epee ${scored.name}`).locator('option:checked').textContent())!.replace('Piste ', '');
    await page.getByRole('button', { name: `Remove piste ${fencingOn}` }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('pistes-error').textContent()).toBe(`A pool is fencing on piste ${fencingOn}. Remove the piste once its pool is done.`);

    // The hall board speaks the visitor's language: pistes and flights in French.
    const frenchContext = await newContext(browser(), { locale: 'fr-FR' });
    const french = await frenchContext.newPage();
    await french.goto(hallPath);
    await french.getByRole('heading', { name: 'Sur les pistes' }).waitFor();
    await expect.poll(() => french.getByTestId('hall-pool').first().textContent()).toMatch(/Piste \d, Série [AB]/);
    await frenchContext.close();

    // Paper: each piste's schedule on its own page (pools in order, with event, referee and times), then the
    // referees' list with their pools; on screen the sheets never show.
    await holdPrint(page);
    await page.getByRole('button', { name: 'Print schedule, referees and calls' }).click();
    const sheets = page.getByTestId('print-piste-sheet');
    await expect.poll(() => sheets.count()).toBe(4);
    expect(await page.getByTestId('print-root').isVisible()).toBe(false);
    expect(await sheets.locator('h1').allTextContents()).toEqual(['Schedule of piste 1', 'Schedule of piste 2', 'Schedule of piste 3', 'Schedule of piste 4']);
    expect(await page.getByTestId('print-piste-pool').count()).toBe(6);
    const scoredRow = page.getByTestId('print-piste-pool').filter({ hasText: 'U13 Epee' }).filter({ hasText: scored.name });
    expect(await scoredRow.locator('td').allTextContents()).toEqual([`${nine}–${sooner}`, 'U13 Epee', scored.name, 'A', expect.stringMatching(/^(Lena Lions|Otto Owls|Tara Typed)$/)]);
    const refereeRows = page.getByTestId('print-referee');
    expect(await refereeRows.locator('td:nth-child(2)').allTextContents()).toEqual(['Lena Lions', 'Tara Typed', 'Otto Owls']);
    expect(await refereeRows.filter({ hasText: 'Lena Lions' }).locator('td').nth(3).textContent()).toContain(`U13 Epee · ${neutralEpee.name}`);
    const printed = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
    expect(printed).toHaveLength(6);
    for (const [i, text] of printed.slice(0, 4).entries()) expect(text).toContain(`Schedule of piste ${i + 1}`);
    expect(printed[4]).toContain('Referee list');
    expect(printed[4]).toContain('Tara Typed');
    // The call sheet is last: no tableau yet, so nothing is called.
    expect(printed[5]).toContain('Call sheet');
    expect(printed[5]).toContain('No match is called right now.');

    // Sharing off: the hall board says so at once, and comes back by itself when the day is shared again.
    await page.getByLabel('Share the hall board').click();
    await hall.getByRole('heading', { name: 'Hall board paused' }).waitFor();
    expect(await hall.getByTestId('hall-paused').textContent()).toContain('The coach stopped sharing the hall board.');
    await page.getByLabel('Share the hall board').click();
    await expect.poll(() => hall.getByTestId('hall-paused').count()).toBe(0);
    await expect.poll(() => hall.getByTestId('hall-pool').count()).toBe(6);
    await page.getByLabel('Share the hall board').click();
    await hall.getByRole('heading', { name: 'Hall board paused' }).waitFor();
    // A board reloaded while the day is not shared shows nothing of it, waits, and comes back when it is shared.
    await hall.reload();
    await hall.getByRole('heading', { name: 'Hall board paused' }).waitFor();
    expect(await hall.getByTestId('hall-pool').count()).toBe(0);
    await page.getByLabel('Share the hall board').click();
    await expect.poll(() => hall.getByTestId('hall-paused').count()).toBe(0);
    await expect.poll(() => hall.getByTestId('hall-pool').count()).toBe(6);
    // And it says it is live again.
    await expect.poll(() => hall.getByRole('status').filter({ hasText: /^live$/ }).count()).toBe(1);
    await Promise.all([context.close(), hallContext.close()]);
  });

  it('calls the tableau’s matches to pistes as they become ready, on the hall board and the coach’s screen, live', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Finals Coach', email: uniqueEmail('calls'), password: 'competition day pw' });
    const made = seed(viaBrowser(page.request));
    const api = apiOver(viaBrowser(page.request));
    const { practice, pool } = await made.practiceWithPool('Finals night', ['Ann', 'Bob', 'Cleo', 'Dan']);
    const day = await expectAnswer(api.days.$post({ json: { name: 'Finals day' } }), 201);
    const dayId = day.id;
    await expectAnswer(api.days[':dayId'].pistes.$put({ param: { dayId }, json: { pistes: [{ name: '1', final: true }, { name: '2' }] } }));
    await expectAnswer(api.days[':dayId'].events[':practiceId'].$put({ param: { dayId, practiceId: practice.id } }));
    await expectAnswer(api.days[':dayId'].placements.$post({ param: { dayId } }));
    await expectAnswer(api.days[':dayId'].$patch({ param: { dayId }, json: { board_shared: true } }));
    await page.goto(`/days/${dayId}`);
    const hallContext = await newContext(browser());
    const hall = await hallContext.newPage();
    await hall.goto(`/hall/${day.board_id}`);
    await expect.poll(() => hall.getByTestId('now-calling').textContent()).toContain('No match is called right now.');

    // The pool is fenced: its piste frees up and the semi-finals are called, the second to the final piste
    // (nothing else is free), newest first, on both screens without a reload.
    await made.fenceAll(pool);
    const semis = ['CLEO v BOB', 'ANN v DAN'];
    await expect.poll(() => hall.getByTestId('call-fencers').allTextContents(), { timeout: 15_000 }).toEqual(semis);
    await expect.poll(() => hall.getByTestId('call').evaluateAll((calls) => calls.map((c) => c.getAttribute('data-piste')))).toEqual(['1', '2']);
    await expect.poll(() => page.getByTestId('call-fencers').allTextContents()).toEqual(semis);

    // Both semis are won: the final is called to the final piste.
    const ids = Object.fromEntries(pool.players.map((p) => [p.name.toUpperCase(), p.id]));
    for (const [position, a, b] of [[0, 'ANN', 'DAN'], [1, 'CLEO', 'BOB']] as const) {
      const bracket = await made.bracket(practice.id);
      const version = bracket.matches.find((m) => m.round === 1 && m.position === position)?.version ?? 0;
      await expectAnswer(api.practices[':practiceId'].bracket.scores.$post({ param: { practiceId: practice.id }, json: { round: 1, position, player1_id: ids[a]!, player2_id: ids[b]!, player1_score: 15, player2_score: 10, version } }));
    }
    await expect.poll(() => hall.getByTestId('call-fencers').allTextContents(), { timeout: 15_000 }).toEqual(['ANN v CLEO']);
    expect(await hall.getByTestId('call').getAttribute('data-piste')).toBe('1');
    await expect.poll(() => page.getByTestId('call-fencers').allTextContents()).toEqual(['ANN v CLEO']);
    // The pistes' cards agree with the calls (as the TV view's do): the final fences on piste 1 now.
    expect(await hall.locator('[data-testid="hall-piste"][data-piste="1"]').getByTestId('hall-now-call').textContent()).toContain('ANN – CLEO');
    expect(await hall.locator('[data-testid="hall-piste"][data-piste="2"]').getByTestId('hall-now').textContent()).toContain('Nothing fencing');

    // The coach marks the finalists on piste: the hall board says so. A cancelled call waits held back until called again.
    await page.getByRole('button', { name: 'ANN – CLEO: the fencers are on piste' }).click();
    await expect.poll(() => hall.getByTestId('call-on-piste').count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel the call of ANN – CLEO' }).click();
    await expect.poll(() => hall.getByTestId('now-calling').textContent()).toContain('No match is called right now.');
    await expect.poll(() => page.getByTestId('held-match').allTextContents()).toEqual([expect.stringContaining('ANN – CLEO')]);
    await page.getByRole('button', { name: 'Call ANN – CLEO again' }).click();
    await expect.poll(() => hall.getByTestId('call-fencers').allTextContents()).toEqual(['ANN v CLEO']);
    expect(await hall.getByTestId('call-on-piste').count()).toBe(0);
    expect(await page.getByTestId('held-match').count()).toBe(0);

    // The call sheet for the bout committee's table: the final, its piste, the fencers.
    await holdPrint(page);
    await page.getByRole('button', { name: 'Print schedule, referees and calls' }).click();
    await expect.poll(() => page.getByTestId('print-call').locator('td').allTextContents()).toEqual([expect.any(String), '1', 'Finals night', 'Final', 'ANN – CLEO', '']);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

    // The TV on the wall, opened from the day's screen: the call first, and on the final piste the match it holds.
    const tvPath = await page.getByTestId('hall-tv-url').getAttribute('href');
    expect(tvPath).toBe(`/hall/${day.board_id}/tv`);
    await hall.goto(tvPath!);
    await expect.poll(() => hall.getByTestId('call-fencers').allTextContents()).toEqual(['ANN v CLEO']);
    await expect.poll(() => hall.locator('[data-testid="tv-piste"][data-piste="1"]').getByTestId('tv-piste-call').textContent()).toContain('ANN – CLEO');
    expect(await hall.locator('[data-testid="tv-piste"][data-piste="2"]').textContent()).toContain('Nothing fencing');
    await hallContext.close();
    await context.close();
  });
});

/** One of these pools that the grid placed in flight A (it fences first). */
async function flightAPool(page: Page, pools: PoolSnapshot[]): Promise<PoolSnapshot> {
  const firstRow = page.getByTestId('flight-row').first();
  for (const pool of pools) {
    if ((await firstRow.locator(`[data-testid="pool-chip"][data-event="U13 Epee"][data-pool="${pool.name}"]`).count()) > 0) return pool;
  }
  throw new Error('no U13 Epee pool in flight A');
}

/** An épée pool whose referee the day chose neutral (there is one: two of the three referees are no Lions). */
async function epeePoolWithoutClash(page: Page, pools: PoolSnapshot[]): Promise<PoolSnapshot> {
  for (const pool of pools) {
    const here = chip(page, 'U13 Epee', pool.name);
    if ((await here.getByTestId('referee-clash').count()) === 0) return pool;
  }
  throw new Error('every U13 Epee pool has a clubmate referee');
}
