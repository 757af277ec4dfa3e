import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, sidewaysOverflow, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser } from '../helpers/seed';
import { apiOver, expectAnswer } from '../helpers/api-client';

const browser = useBrowser();

/**
 * Controls smaller than 44×44 px on screen (WCAG 2.5.5's size; a thumb at the piste needs it). Links inside
 * running text are the rule's own exception. One line per control: what it is and its size.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role=switch], [tabindex="0"]')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return false;
        if (el.tagName === 'A' && el.closest('p')) return false;
        // A scrollable list made focusable for the keyboard is not a touch target.
        if (el.tagName === 'OL' || el.tagName === 'UL') return false;
        return r.width < 44 || r.height < 44;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`),
  );


describe('on a 375 px phone', () => {
  it('the pools, results, tableau, relay and live screens fit without sideways page scroll', async () => {
    const context = await newContext(browser(), { width: 375, height: 812, touch: true });
    const page = await context.newPage();
    await signUp(page, { name: 'Phone Coach', email: uniqueEmail('phone'), password: 'phone coach pw' });

    // An individual practice with a fenced pool of eight, so the tableau has three rounds.
    const api = seed(viaBrowser(page.request));
    const names = ['Moreau', 'Yamada', 'Okafor', 'Lindqvist', 'Castillo', 'Nakamura', 'Petrov', 'Dubois'];
    const { practice, pool } = await api.practiceWithPool('Phone night', names);
    await api.fenceAll(pool, (i, j) => [5, (j - i) % 5]);
    const shared = await api.share(practice.id);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);

    for (const [path, ready] of [
      ['/individual-practice', 'pool-row'],
      ['/pool-results', 'result-row'],
      ['/tableau', 'match-r1-m0'],
      ['/final-results', 'practice-name'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(ready).first().waitFor();
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      expect(await smallTargets(page), path).toEqual([]);
    }

    // A bout from the grid: the cell, the left score, the right score, and Save within the thumb's reach.
    await page.goto('/individual-practice');
    await page.getByTestId('cell-1-2').click();
    const picker = page.getByRole('dialog');
    await picker.waitFor();
    expect(await smallTargets(page), 'score picker').toEqual([]);
    await picker.getByRole('group').nth(0).getByRole('button', { name: '4', exact: true }).click();
    await picker.getByRole('group').nth(1).getByRole('button', { name: '5', exact: true }).click();
    const save = (await picker.getByRole('button', { name: 'Save' }).boundingBox())!;
    // In the lower half of the screen, where a thumb holding the phone reaches.
    expect(save.y + save.height).toBeLessThanOrEqual(812);
    expect(save.y).toBeGreaterThan(812 / 2);
    await picker.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('cell-1-2').textContent()).toBe('D4');

    // A team practice's relay sheet.
    const team = await seed(viaBrowser(page.request)).practice('Phone relay', { type: 'team' });
    await seed(viaBrowser(page.request)).teams(team.id, ['A', 'B', 'C', 'D', 'E', 'F']);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), team.id);
    await page.goto('/teams');
    await page.getByRole('button', { name: 'Save Results' }).waitFor();
    expect(await sidewaysOverflow(page), '/teams').toBeLessThanOrEqual(0);
    expect(await smallTargets(page), '/teams').toEqual([]);

    // The live board, on a parent's phone.
    const board = await context.newPage();
    for (const path of [`/live/${shared.board_id}`, `/live/${shared.board_id}/results`, `/live/${shared.board_id}/tableau`]) {
      await board.goto(path);
      await expect.poll(() => board.getByTestId('live-status').textContent()).toBe('live');
      expect(await sidewaysOverflow(board), path).toBeLessThanOrEqual(0);
      expect(await smallTargets(board), path).toEqual([]);
    }
    await context.close();
  });

  it('a pool still being fenced, its bout order tagged and refereed, fits too; and an athlete\'s page with charts', async () => {
    const context = await newContext(browser(), { width: 375, height: 812, touch: true });
    const page = await context.newPage();
    await signUp(page, { name: 'Phone Coach', email: uniqueEmail('phone-order'), password: 'phone coach pw' });
    const api = seed(viaBrowser(page.request));
    const athletes = [];
    for (const name of ['Alexandrina Konstantinopoulou', 'Maximilian Oberhollenzer', 'Bartholomew Fitzgerald-Smythe', 'Ana Li']) {
      athletes.push(await api.athlete({ name, club: 'Club Nord' }));
    }
    const practice = await api.practice('Phone bout order');
    const [pool] = await api.pools(practice.id, [...athletes.map((a) => ({ athlete_id: a.id })), 'Wilhelmina Vanderbilt-Rothschild']);
    const [a, b] = pool!.players;
    await api.bout(pool!, a!.id, b!.id, 5, 3);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/individual-practice');
    await page.getByTestId('bout-order-item').first().waitFor();
    expect(await page.getByTestId('bout-order-item').filter({ hasText: 'Fencing now' }).count()).toBe(1);
    expect(await sidewaysOverflow(page), 'pools being fenced').toBeLessThanOrEqual(0);
    // The bout on the piste names its fencers: their names keep room beside the tag.
    const names = page.getByTestId('bout-order-item').filter({ hasText: 'Fencing now' }).locator('span.truncate');
    expect((await names.boundingBox())!.width).toBeGreaterThanOrEqual(80);

    // Its Teams tab, with no teams: what to do first shows, not an empty sheet folded under a summary.
    await page.goto('/teams');
    await page.getByText('No teams yet. Build them to fill in the fencers’ names.').waitFor();
    expect(await page.getByTestId('teams-details').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save Results' }).isDisabled()).toBe(true);

    await page.goto(`/athletes/${athletes[0]!.id}`);
    await page.getByTestId('rating-chart').locator('canvas').waitFor();
    expect(await sidewaysOverflow(page), 'athlete page').toBeLessThanOrEqual(0);
    await context.close();
  });

  it('a competition day with a team event fits: its minutes per bout scroll in their box, not the page', async () => {
    const context = await newContext(browser(), { width: 375, height: 812, touch: true });
    const page = await context.newPage();
    await signUp(page, { name: 'Day Phone Coach', email: uniqueEmail('day-phone'), password: 'day phone coach pw' });
    const made = seed(viaBrowser(page.request));
    const api = apiOver(viaBrowser(page.request));
    const solo = await made.practice('Épée U13');
    const team = await made.practice('Team foil', { type: 'team', weapon: 'foil' });
    await made.teams(team.id, Array.from({ length: 8 }, (_, i) => `Phone Fencer ${i + 1}`), 2);
    const day = await expectAnswer(api.days.$post({ json: { name: 'Phone day' } }), 201);
    for (const practice of [solo, team]) await expectAnswer(api.days[':dayId'].events[':practiceId'].$put({ param: { dayId: day.id, practiceId: practice.id } }));
    for (const lang of ['en', 'de']) {
      await page.goto(`/days/${day.id}?lang=${lang}`);
      await page.getByTestId('bout-minutes').waitFor();
      expect(await page.getByTestId('bout-minutes').locator('thead th').count(), lang).toBe(4);
      expect(await sidewaysOverflow(page), lang).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it('a tablet in landscape shows the bout order beside the grid', async () => {
    for (const [width, height] of [[1024, 768], [960, 600]]) {
      const context = await newContext(browser(), { width, height, touch: true });
      const page = await context.newPage();
      await signUp(page, { name: 'Tablet Coach', email: uniqueEmail('tablet'), password: 'tablet coach pw' });
      const practice = await seed(viaBrowser(page.request)).practice('Tablet night');
      await seed(viaBrowser(page.request)).pools(practice.id, ['Ann', 'Bob', 'Cleo', 'Dan', 'Eve']);
      await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
      await page.goto('/individual-practice');
      await page.getByTestId('bout-order').waitFor();
      const grid = (await page.getByTestId('pool-grid-area').boundingBox())!;
      const order = (await page.getByTestId('bout-order').boundingBox())!;
      expect(order.x, `${width}×${height}`).toBeGreaterThanOrEqual(grid.x + grid.width);
      expect(order.y, `${width}×${height}`).toBeLessThan(grid.y + grid.height);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    }
  });
});

/** The top of the first score cell, in px from the top of the page (scrolled to the top). */
const cellTop = async (page: Page, testId: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  return (await page.getByTestId(testId).boundingBox())!.y;
};

describe('the grid first on a 375×667 phone (issue 29)', () => {
  it('the pools and relay screens show their first cell without scrolling; Share and the pool menu hold the rest', async () => {
    const context = await newContext(browser(), { width: 375, height: 667, touch: true });
    const page = await context.newPage();
    await signUp(page, { name: 'Grid Coach', email: uniqueEmail('grid'), password: 'grid coach pw' });
    const api = seed(viaBrowser(page.request));
    const practice = await api.practice('Phone first');
    // Five pools of four in the selector, as the coach who filed the issue had.
    await api.pools(practice.id, ['Ann', 'Bob', 'Cleo', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kim', 'Lou', 'Max', 'Ned', 'Oli', 'Pia', 'Quy', 'Rex', 'Sue', 'Tom'], 5);
    const shared = await api.share(practice.id);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/individual-practice');
    await page.getByTestId('cell-1-2').waitFor();
    expect(await cellTop(page, 'cell-1-2')).toBeLessThanOrEqual(400);
    // The pool selector stays in sight; the rest waits behind the menu.
    expect(await page.getByLabel('Pool', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Player name').count()).toBe(0);

    // Share: the room code, the live board link and its QR code; Escape closes it and focus comes back.
    const share = page.getByTestId('share');
    expect(await share.getAttribute('aria-haspopup')).toBe('dialog');
    await share.tap();
    const dialog = page.getByRole('dialog', { name: 'Share this practice' });
    await dialog.waitFor();
    expect(await share.getAttribute('aria-expanded')).toBe('true');
    expect(await dialog.getByTestId('room-code').textContent()).toBe(shared.room_code);
    expect(await dialog.getByRole('link', { name: 'Live board' }).getAttribute('href')).toBe(`/live/${shared.board_id}`);
    const qr = dialog.getByRole('img', { name: 'QR code of the live board' });
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.getAttribute('data-value')).toMatch(new RegExp(`/live/${shared.board_id}$`));
    expect(await smallTargets(page), 'share dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => share.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await share.getAttribute('aria-expanded')).toBe('false');

    // The pool menu by keyboard: Enter opens it, an athlete added inside joins the grid, Escape closes it.
    const menu = page.getByTestId('pool-menu');
    expect(await menu.getAttribute('aria-haspopup')).toBe('dialog');
    await menu.focus();
    await page.keyboard.press('Enter');
    const tools = page.getByRole('dialog', { name: 'Pool tools' });
    await tools.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await smallTargets(page), 'pool menu').toEqual([]);
    await tools.getByLabel('Player name').focus();
    await page.keyboard.type('Zed');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('pool-row').count()).toBe(5);
    // A dialog the menu opens comes on top of it; closing it comes back to the menu.
    await tools.getByRole('button', { name: 'Rename' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Edit Pool' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Edit Pool' }).waitFor({ state: 'hidden' });
    await expect.poll(() => tools.getByRole('button', { name: 'Rename' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await tools.getByRole('button', { name: 'Zoom in' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => tools.getByRole('group', { name: 'Zoom' }).textContent()).toContain('110%');
    await page.keyboard.press('Escape');
    await tools.waitFor({ state: 'hidden' });
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // Space opens it too.
    await page.keyboard.press('Space');
    await tools.waitFor();
    await page.keyboard.press('Escape');
    await tools.waitFor({ state: 'hidden' });

    // The relay sheet of a team practice: its first touch cell in sight, the teams folded above it.
    const team = await api.practice('Phone relays', { type: 'team' });
    await api.teams(team.id, ['Ada', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay']);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), team.id);
    await page.goto('/teams');
    await page.getByTestId('touch-1-a').waitFor();
    expect(await cellTop(page, 'touch-1-a')).toBeLessThanOrEqual(400);
    await page.getByText('Teams and setup').tap();
    await page.getByTestId('team-list').waitFor();
    expect(await page.getByTestId('team-list').textContent()).toContain('Ada');
    await context.close();
  });

  it('on a 1440×900 screen the grid’s box is as tall as its rows, and Share is there too', async () => {
    const context = await newContext(browser(), { width: 1440, height: 900 });
    const page = await context.newPage();
    await signUp(page, { name: 'Wide Coach', email: uniqueEmail('wide'), password: 'wide coach pw' });
    const api = seed(viaBrowser(page.request));
    // Six fencers: fifteen bouts in the order beside the grid, taller than its six rows.
    const { practice } = await api.practiceWithPool('Wide night', ['Ann', 'Bob', 'Cleo', 'Dan', 'Eve', 'Fay']);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/individual-practice');
    await page.getByTestId('bout-order').waitFor();
    const area = page.getByTestId('pool-grid-area');
    const [box, rows] = await area.evaluate((el) => [el.getBoundingClientRect().height, el.querySelector('table')!.getBoundingClientRect().height]);
    expect(Math.abs(box - rows)).toBeLessThanOrEqual(4);
    // The management controls stay in place on a wide screen; Share opens its dialog here too.
    expect(await page.getByLabel('Player name').isVisible()).toBe(true);
    await page.getByTestId('share').click();
    await page.getByRole('dialog', { name: 'Share this practice' }).getByTestId('room-code').waitFor();
    await context.close();
  });
});
