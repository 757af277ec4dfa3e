import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seriousViolations } from '../helpers/axe';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

const names = Array.from({ length: 16 }, (_, i) => `Fencer ${i + 1}`);
const match = (page: Page, id: string) => page.getByTestId(`match-${id}`);

/** On an open relay sheet: one side's touches of a relay, from the touch picker over the sheet. */
async function pickTeamTouch(page: Page, relay: number, side: 'a' | 'b', value: number) {
  await page.getByTestId(`team-touch-${relay}-${side}`).click();
  const picker = page.getByRole('dialog', { name: new RegExp(`^Relay ${relay}: `) });
  await picker.getByRole('button', { name: String(value), exact: true }).click();
  await picker.waitFor({ state: 'hidden' });
}

describe('a team tableau', () => {
  it('is created by the coach, a match is fenced relay by relay to 45, a guest sees the winner move on, and the final team standings show', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    await signUp(coach, { name: 'Team Coach', email: uniqueEmail('team-tableau'), password: 'team tableau pw' });
    // Four teams of four, their one team pool fenced so the sheet's order is the ranking (not the point here).
    const api = seed(viaBrowser(coach.request));
    const practice = await api.practice('Team Cup', { type: 'team' });
    const teams = await api.teams(practice.id, names, 4);
    const [pool] = await api.teamPools(practice.id);
    await api.fenceAll(pool!, (i, j) => [45, 45 - 5 * (j - i)]);
    const team = pool!.players.map((p) => p.name);
    const shared = await api.share(practice.id);
    await coach.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);

    // The coach creates the team tableau, with the match for 3rd place.
    await coach.goto('/tableau');
    const create = coach.getByTestId('team-tableau-create');
    await create.getByLabel('Fence the match for 3rd place').waitFor();
    expect(await seriousViolations(coach)).toEqual([]);
    await create.getByLabel('Fence the match for 3rd place').check();
    await create.getByRole('button', { name: 'Create team tableau' }).click();
    await create.waitFor({ state: 'hidden' });
    await expect.poll(() => coach.getByTestId('tableau-round').locator('h2').allTextContents()).toEqual(['Semi-finals', 'Final']);
    expect(await match(coach, 'r1-m0').textContent()).toMatch(new RegExp(`1${team[0]}.*4${team[3]}`));
    expect(await match(coach, 'r1-m1').textContent()).toMatch(new RegExp(`3${team[2]}.*2${team[1]}`));

    // A guest follows the tableau from their own screen.
    const guestContext = await newContext(browser());
    const guest = await guestContext.newPage();
    await guest.goto('/guest-join');
    await guest.getByLabel('Room code').fill(shared.room_code);
    await guest.getByLabel('Your name (optional)').fill('Parent');
    await guest.getByRole('button', { name: 'Join Room' }).click();
    await expectToast(guest, 'Joined room successfully!');
    await guest.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Tableau' }).click();
    await expect.poll(() => match(guest, 'r2-m0').textContent()).toMatch(/TBD.*TBD/);

    // The first semi-final on its sheet: team A 5, team B 4 in every relay; eight relays leave it at 40–32.
    await match(coach, 'r1-m0').getByRole('button', { name: 'Relay sheet' }).click();
    const sheet = coach.getByRole('dialog', { name: `Semi-finals: ${team[0]} vs ${team[3]}` });
    await expect.poll(() => sheet.getByTestId('team-relay-row').count()).toBe(9);
    // Relay 1 is fencer 6 of team A (its third member) against fencer 3 of team B (its third member).
    const memberOf = (name: string, position: number) => teams.find((x) => `Team ${x.team_number}` === name)!.members.find((m) => m.position === position)!.athlete_name;
    const first = await sheet.getByTestId('team-relay-row').first().locator('td').allTextContents();
    expect([first[0], first[1], first.at(-2), first.at(-1)]).toEqual(['6', memberOf(team[0]!, 3), memberOf(team[3]!, 3), '3']);
    expect(await sheet.getByTestId('team-match-state').textContent()).toBe('Not started');
    expect(await seriousViolations(coach)).toEqual([]);
    for (let relay = 1; relay <= 8; relay++) {
      await pickTeamTouch(coach, relay, 'a', 5);
      await pickTeamTouch(coach, relay, 'b', 4);
    }
    await expect.poll(() => sheet.getByTestId('team-match-state').textContent()).toBe('In progress: 40–32');
    expect(await sheet.getByTestId('team-total-8-a').textContent()).toBe('40');
    await pickTeamTouch(coach, 9, 'a', 5);
    await pickTeamTouch(coach, 9, 'b', 4);
    await expect.poll(() => sheet.getByTestId('team-match-state').textContent()).toBe(`Over: ${team[0]} wins 45–36`);
    await sheet.getByRole('button', { name: 'Done' }).click();

    // The guest's screen sees the winner reach the final, and the loser the match for 3rd, live.
    await expect.poll(() => match(guest, 'r1-m0').textContent()).toMatch(new RegExp(`${team[0]}\\s*45.*${team[3]}\\s*36`));
    await expect.poll(() => match(guest, 'r2-m0').textContent()).toMatch(new RegExp(`1${team[0]}.*TBD`));
    await expect.poll(() => guest.getByTestId('places').textContent()).toContain(team[3]!);

    // The other matches are fenced through the API (not the point here): seed 2 wins the second semi-final, seed 1 the final.
    await api.fenceTeamMatch(practice.id, { round: 1, position: 1 }, false);
    await api.fenceTeamMatch(practice.id, { round: 2, position: 0 }, true);
    // With the final fenced and the match for 3rd not yet, the final results count the teams still in the tableau.
    await guest.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Final Results' }).click();
    await guest.getByText('2 teams are still in the tableau.').waitFor();
    expect(await guest.getByText(/fencers? (is|are) still in the tableau/).count()).toBe(0);
    await guest.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Tableau' }).click();
    // The match for 3rd ends level at 36–36: on its sheet the coach gives the deciding touch to team A.
    for (let n = 1; n <= 9; n++) await api.teamRelay(practice.id, { round: 2, position: 1 }, n, 4, 4);
    await match(coach, 'r2-m1').getByRole('button', { name: 'Relay sheet' }).click();
    const third = coach.getByRole('dialog', { name: new RegExp(`: ${team[3]} vs ${team[2]}$`) });
    await expect.poll(() => third.getByTestId('team-match-state').textContent()).toBe('Level at 36–36: one deciding touch');
    await third.getByRole('button', { name: `${team[3]} took the deciding touch` }).click();
    await expect.poll(() => third.getByTestId('team-match-state').textContent()).toBe(`Over: ${team[3]} wins 36–36`);
    await third.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => match(guest, 'r2-m0').textContent()).toMatch(new RegExp(`${team[0]}\\s*45.*${team[1]}\\s*36`));

    // The final team standings.
    for (const page of [coach, guest]) {
      await page.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Final Results' }).click();
      await page.getByRole('heading', { name: 'Final team standings' }).waitFor();
      await expect
        .poll(() => page.getByTestId('standing-row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent))))
        .toEqual([['1', team[0]], ['2', team[1]], ['3', team[3]], ['4', team[2]]]);
    }
    // The live board shows the same, read-only.
    const boardContext = await newContext(browser());
    const board = await boardContext.newPage();
    await board.goto(`/live/${shared.board_id}/tableau`);
    await expect.poll(() => match(board, 'r2-m0').textContent()).toMatch(new RegExp(`${team[0]}\\s*45.*${team[1]}\\s*36`));
    expect(await match(board, 'r2-m0').getByRole('button').count()).toBe(0);
    await board.goto(`/live/${shared.board_id}/final`);
    await board.getByRole('heading', { name: 'Final team standings' }).waitFor();
    expect(await board.getByTestId('standing-row').count()).toBe(4);
    await boardContext.close();
    await guestContext.close();
    await coachContext.close();
  });
});
