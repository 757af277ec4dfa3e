import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';
import { seriousViolations } from '../helpers/axe';
import { apiOver, expectAnswer } from '../helpers/api-client';

const browser = useBrowser();
/** A phone's screen (issue 29): every screen is audited at its own size and at this one. */
const PHONE = { width: 375, height: 667 };

/** Two frames: a resize has been laid out and React has rendered what the new width shows. */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * Opens a screen, waits for what shows it is ready, and collects what axe finds under this name; then the same
 * screen at a phone's width (375×667), under "name at 375 px", and back to the page's own size.
 */
async function audit(found: Record<string, string[]>, name: string, page: Page, url: string | null, ready: (page: Page) => Locator) {
  if (url) await page.goto(url);
  await ready(page).first().waitFor();
  const violations = await seriousViolations(page);
  if (violations.length) found[name] = violations;
  const size = page.viewportSize()!;
  if (size.width === PHONE.width) return;
  await page.setViewportSize(PHONE);
  await settled(page);
  const onPhone = await seriousViolations(page);
  if (onPhone.length) found[`${name} at 375 px`] = onPhone;
  await page.setViewportSize(size);
  await settled(page);
}

/** A coach's practice with results everywhere: a pool half fenced, another fenced, a tableau partly scored. */
async function practiceWithResults(page: Page) {
  const athletes = [];
  for (const name of ['Moreau', 'Yamada', 'Okafor', 'Lindqvist']) {
    athletes.push(await seed(viaBrowser(page.request)).athlete({ name }));
  }
  const api = seed(viaBrowser(page.request));
  const { practice, pool } = await api.practiceWithPool('Audit Night', [...athletes.map((a) => ({ athlete_id: a.id })), 'Silva', 'Novak']);
  await api.fenceAll(pool, (i, j) => ((i + j) % 3 === 0 ? [2, 5] : [5, j - i - 1]));
  const bracket = await api.bracket(practice.id);
  expect(bracket.version).toBe(0);
  await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
  return { practice, athlete: athletes[0] };
}

describe('accessibility (axe-core: no serious or critical violation on any screen, also at 375 px)', () => {
  it('every screen of a coach, a guest and a spectator', async () => {
    const found: Record<string, string[]> = {};
    const context = await newContext(browser());
    const page = await context.newPage();

    // Signed out.
    await audit(found, 'sign in', page, '/auth', (p) => p.getByRole('button', { name: 'Sign In' }));
    await audit(found, 'guest join', page, '/guest-join', (p) => p.getByRole('button', { name: 'Join Room' }));
    await audit(found, 'not found', page, '/no-such-screen', (p) => p.getByRole('heading'));

    // The coach.
    await signUp(page, { name: 'Audit Coach', email: uniqueEmail('axe'), password: 'axe coach pw' });
    const { practice, athlete } = await practiceWithResults(page);
    await audit(found, 'practices', page, '/practices', (p) => p.getByRole('button', { name: 'Open Audit Night' }));
    await page.getByRole('button', { name: /New Practice/ }).first().click();
    await audit(found, 'new practice dialog', page, null, (p) => p.getByRole('dialog'));
    await page.keyboard.press('Escape');
    // A competition day (issue 28) with an event of two pools to fence, placed on two pistes and shared, with
    // its referees: one chosen by hand for the pool of a clubmate (the grid warns).
    const event = await seed(viaBrowser(page.request)).practice('Audit Open');
    const ada = await seed(viaBrowser(page.request)).athlete({ name: 'Ada Audit', club: 'Audit Club' });
    const eventPools = await seed(viaBrowser(page.request)).pools(event.id, [{ athlete_id: ada.id }, 'Ben', 'Cal', 'Dee', 'Eli', 'Fay'], 2);
    const adaPool = eventPools.find((p) => p.players.some((f) => f.athlete_id === ada.id))!;
    const days = apiOver(viaBrowser(page.request)).days;
    const day = await expectAnswer(days.$post({ json: { name: 'Audit Day', venue: 'Audit Hall' } }), 201);
    const dayId = { param: { dayId: day.id } };
    await expectAnswer(days[':dayId'].events[':practiceId'].$put({ param: { dayId: day.id, practiceId: event.id } }));
    await expectAnswer(days[':dayId'].pistes.$put({ ...dayId, json: { pistes: [{ name: '1' }, { name: '2', final: true }] } }));
    const referees = await expectAnswer(days[':dayId'].referees.$put({ ...dayId, json: { referees: [{ name: 'Moreau', athlete_id: athlete!.id }, { name: 'Rita Ref', club: 'Audit Club' }] } }));
    await expectAnswer(days[':dayId'].placements.$post(dayId));
    const rita = referees.referees.find((r) => r.name === 'Rita Ref')!.id;
    await expectAnswer(days[':dayId'].placements[':poolId'].referee.$put({ param: { dayId: day.id, poolId: adaPool.id }, json: { referee_id: rita } }));
    await expectAnswer(days[':dayId'].$patch({ ...dayId, json: { board_shared: true } }));
    await audit(found, 'competition days', page, '/days', (p) => p.getByRole('link', { name: /Audit Day/ }));
    await page.getByRole('button', { name: 'New day' }).click();
    await audit(found, 'new day dialog', page, null, (p) => p.getByRole('dialog'));
    await page.keyboard.press('Escape');
    // Once its schedule shows the estimated times (they follow the first paint): the whole screen is audited.
    await audit(found, 'competition day', page, `/days/${day.id}`, (p) => p.getByTestId('schedule-time'));
    expect(await page.getByTestId('referee-clash').count()).toBe(1);
    await audit(found, 'roster', page, '/athletes', (p) => p.getByText('Moreau'));
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Or paste the rows').fill('Name,Club\nZed Import,Club\n,Nowhere');
    await page.getByRole('button', { name: 'Preview' }).click();
    await audit(found, 'roster import preview', page, null, (p) => p.getByTestId('import-preview'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Restore a backup…' }).click();
    await audit(found, 'restore a backup', page, null, (p) => p.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await audit(found, 'athlete: history, charts and notes', page, `/athletes/${athlete!.id}`, (p) => p.getByTestId('indicator-chart').locator('canvas'));
    await audit(found, 'practice setup', page, '/practice-setup', (p) => p.getByText('Moreau'));
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('check-in-list').getByRole('button', { name: /^Moreau/ }).click();
    await audit(found, 'practice setup: check-in and pool sizes', page, null, (p) => p.getByTestId('division-preview'));
    await audit(found, 'pools', page, '/individual-practice', (p) => p.getByTestId('cell-1-2'));
    // Grid cells say who fences whom and the result, as the sheet reads.
    expect(await page.getByTestId('cell-1-2').getAttribute('aria-label')).toBe('MOREAU against YAMADA, V5');
    await page.getByTestId('cell-1-2').click();
    await audit(found, 'score picker', page, null, (p) => p.getByRole('dialog'));
    await page.keyboard.press('Escape');
    // The phone's pool menu and, at any width, the Share dialog (issue 29).
    await page.setViewportSize(PHONE);
    await page.getByTestId('pool-menu').click();
    await audit(found, 'pool menu on a phone', page, null, (p) => p.getByRole('dialog').getByLabel('Player name'));
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('share').click();
    await audit(found, 'share dialog', page, null, (p) => p.getByRole('dialog').getByTestId('room-code'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Status of NOVAK' }).click();
    await audit(found, 'fencer status menu', page, null, (p) => p.getByRole('dialog'));
    await page.keyboard.press('Escape');
    // The top 4 go on and 3rd place is fenced: pool results mark those cut; the tableau has a bout for places.
    await seed(viaBrowser(page.request)).format(practice.id, { cut: { kind: 'top', value: 4 }, third_place: 'bout', places_5_8: false });
    await audit(found, 'pool results', page, '/pool-results', (p) => p.getByTestId('result-note').first());
    await audit(found, 'tableau', page, '/tableau', (p) => p.getByTestId('places'));
    await page.getByRole('button', { name: 'Format…' }).click();
    await audit(found, 'tableau format dialog', page, null, (p) => p.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Enter Score' }).first().click();
    await page.getByRole('dialog').getByRole('group').nth(0).getByRole('button', { name: '15', exact: true }).click();
    await page.getByRole('dialog').getByRole('group').nth(1).getByRole('button', { name: '9', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit score' }).first().waitFor();
    await audit(found, 'tableau, scored', page, null, (p) => p.getByRole('button', { name: 'Edit score' }));
    // The other semi-final and the bout for 3rd, so the final results have places to show.
    for (const id of ['match-r1-m1', 'match-r2-m1']) {
      await page.getByTestId(id).getByRole('button', { name: 'Enter Score' }).click();
      await page.getByRole('dialog').getByRole('group').nth(0).getByRole('button', { name: '15', exact: true }).click();
      await page.getByRole('dialog').getByRole('group').nth(1).getByRole('button', { name: '9', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByTestId(id).getByRole('button', { name: 'Edit score' }).waitFor();
    }
    await audit(found, 'final results', page, '/final-results', (p) => p.getByRole('table'));

    // Sharing on: a guest and a spectator; the board's QR code in the header.
    const shared = await seed(viaBrowser(page.request)).share(practice.id);
    await page.goto('/individual-practice');
    await page.getByTestId('board-qr').click();
    await audit(found, 'live board QR code', page, null, (p) => p.getByRole('dialog').getByTestId('qr-code'));
    await page.keyboard.press('Escape');
    await page.getByTestId('share').click();
    await audit(found, 'share dialog, shared', page, null, (p) => p.getByRole('dialog').getByTestId('qr-code'));
    await page.keyboard.press('Escape');
    const teamApi = seed(viaBrowser(page.request));
    const team = await teamApi.practice('Audit Relays', { type: 'team' });
    await teamApi.teams(team.id, ['Ada', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay']);
    await teamApi.relay(team.id, 1, 5, 3);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), team.id);
    await audit(found, 'team practice', page, '/team-practice', (p) => p.getByRole('main'));
    await audit(found, 'team setup', page, '/team-practice-setup', (p) => p.getByLabel('Or type names, one per line'));
    await audit(found, 'team pools setup', page, '/team-pool-setup', (p) => p.getByRole('main'));
    await audit(found, 'relay sheet', page, '/teams', (p) => p.getByTestId('relay-row'));

    const guestContext = await newContext(browser());
    const guest = await guestContext.newPage();
    await audit(found, 'guest: join by link', guest, `/guest-join/${shared.room_code}`, (p) => p.getByRole('link', { name: 'Go to guest join' }));
    await guest.goto('/guest-join');
    await guest.getByLabel('Room code').fill(shared.room_code);
    await guest.getByRole('button', { name: 'Join Room' }).click();
    await guest.waitForURL('**/individual-practice');
    await audit(found, 'guest: pools', guest, null, (p) => p.getByTestId('cell-1-2'));
    await audit(found, 'guest: pool results', guest, '/pool-results', (p) => p.getByTestId('result-row'));
    await audit(found, 'guest: tableau', guest, '/tableau', (p) => p.getByTestId('tableau-round'));

    const spectatorContext = await newContext(browser());
    const spectator = await spectatorContext.newPage();
    await audit(found, 'spectator: live board', spectator, `/live/${shared.board_id}`, (p) => p.getByTestId('cell-1-2'));
    await audit(found, 'spectator: live board, results', spectator, `/live/${shared.board_id}/results`, (p) => p.getByTestId('live-status').filter({ hasText: /^live$/ }));
    await audit(found, 'spectator: live board, tableau', spectator, `/live/${shared.board_id}/tableau`, (p) => p.getByTestId('live-status').filter({ hasText: /^live$/ }));
    await audit(found, 'spectator: TV board, tableau', spectator, `/live/${shared.board_id}/tv`, (p) => p.getByTestId('tv-tableau'));
    // The final fenced on the coach's screen: the TV turns to the podium.
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/tableau');
    await page.getByTestId('match-r2-m0').getByRole('button', { name: 'Enter Score' }).click();
    await page.getByRole('dialog').getByRole('group').nth(0).getByRole('button', { name: '15', exact: true }).click();
    await page.getByRole('dialog').getByRole('group').nth(1).getByRole('button', { name: '13', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await audit(found, 'spectator: TV board, podium', spectator, null, (p) => p.getByTestId('tv-podium'));
    // A bout was fenced for 3rd place: one name on each step.
    expect(await spectator.getByTestId('podium-name').count()).toBe(3);
    await audit(found, 'spectator: board unavailable', spectator, '/live/000000', (p) => p.getByRole('heading', { name: 'Live board unavailable' }));
    await audit(found, 'spectator: hall board', spectator, `/hall/${day.board_id}`, (p) => p.getByTestId('hall-pool-time'));
    await audit(found, 'spectator: hall board on the TV', spectator, `/hall/${day.board_id}/tv`, (p) => p.getByTestId('tv-piste-now').first());
    const adaEntry = adaPool.players.find((f) => f.athlete_id === ada.id)!.id;
    await audit(found, 'spectator: a fencer’s page', spectator, `/hall/${day.board_id}/fencer/${event.id}/${adaEntry}`, (p) => p.getByTestId('fencer-next'));
    await audit(found, 'spectator: hall board unavailable', spectator, '/hall/000000', (p) => p.getByRole('heading', { name: 'Hall board unavailable' }));

    // In another language (issue 17): the page says which (lang), and every label is translated, not lost.
    const frenchContext = await newContext(browser(), { locale: 'fr-FR' });
    const french = await frenchContext.newPage();
    await audit(found, 'spectator: live board in French', french, `/live/${shared.board_id}`, (p) => p.getByRole('link', { name: 'Poules', exact: true }));
    await audit(found, 'spectator: TV board in German', french, `/live/${shared.board_id}/tv?lang=de`, (p) => p.getByTestId('tv-podium'));
    await audit(found, 'guest join in French', french, '/guest-join?lang=fr', (p) => p.getByRole('button', { name: 'Rejoindre la salle' }));

    expect(found).toEqual({});
    await Promise.all([context.close(), guestContext.close(), spectatorContext.close(), frenchContext.close()]);
  });

  it('the score picker and its dialog work by keyboard alone', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Keyboard Coach', email: uniqueEmail('keys'), password: 'keyboard coach pw' });
    const practice = await seed(viaBrowser(page.request)).practice('Keys');
    await seed(viaBrowser(page.request)).pools(practice.id, ['Ann', 'Bob', 'Cleo']);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/individual-practice');
    // The page the worker rendered takes no focus until the app has taken it over (issue 33): it is live by then.
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
    const cell = page.getByTestId('cell-1-2');
    await cell.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Focus moved into the dialog and stays there.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
    // Escape closes it and gives focus back to the cell.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cell.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, 'ANN score', '5');
    await page.keyboard.press('Space');
    await tabTo(page, 'BOB score', '2');
    await page.keyboard.press('Space');
    await tabTo(page, null, 'Save');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cell.getAttribute('aria-label')).toBe('ANN against BOB, V5');
    await expect.poll(() => cell.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});

/** Presses Tab until the focused button reads `text` (inside the group labelled `group`, when given). */
async function tabTo(page: Page, group: string | null, text: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(() => ({
      text: document.activeElement?.textContent?.trim() ?? '',
      group: document.activeElement?.closest('[role=group]')?.getAttribute('aria-label') ?? null,
      inDialog: !!document.activeElement?.closest('[role=dialog]'),
    }));
    expect(here.inDialog).toBe(true);
    if (here.text === text && (group === null || here.group === group)) return;
  }
  throw new Error(`Tab never reached ${group ?? ''} ${text}`);
}
