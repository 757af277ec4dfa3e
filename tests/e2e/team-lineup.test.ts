import { describe, expect, it } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seriousViolations } from '../helpers/axe';
import { holdPrint } from '../helpers/pdf';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();

const names = ['Ada Blue', 'Ben Blue', 'Cy Blue', 'Dee Blue', 'Eve Red', 'Fay Red', 'Gus Red', 'Hal Red'];

describe('a team match as fenced (o.99.4–6)', () => {
  it('draws the sides by lot, takes both captains’ orders and a reserve brought in, shows who fenced each relay to a guest, and counts it in the results', async () => {
    const coachContext = await newContext(browser());
    const coach = await coachContext.newPage();
    await signUp(coach, { name: 'Lineup Coach', email: uniqueEmail('team-lineup'), password: 'team lineup pw' });
    // Two teams of four and their tableau (one match: the final), set up through the API (not the point here).
    const api = seed(viaBrowser(coach.request));
    const practice = await api.practice('Relay Cup', { type: 'team' });
    const teams = await api.teams(practice.id, names, 2);
    await api.teamTableau(practice.id);
    const shared = await api.share(practice.id);
    await coach.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);

    // A guest at the piste follows the same sheet.
    const guestContext = await newContext(browser());
    const guest = await guestContext.newPage();
    await guest.goto('/guest-join');
    await guest.getByLabel('Room code').fill(shared.room_code);
    await guest.getByLabel('Your name (optional)').fill('Referee');
    await guest.getByRole('button', { name: 'Join Room' }).click();
    await expectToast(guest, 'Joined room successfully!');
    await guest.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Tableau' }).click();

    // The coach opens the final's sheet: the sides are not drawn yet, then drawn by lot.
    await coach.goto('/tableau');
    await coach.getByTestId('match-r1-m0').getByRole('button', { name: 'Relay sheet' }).click();
    const sheet = coach.getByRole('dialog', { name: /^Final: / });
    const lineup = sheet.getByTestId('team-lineup');
    await lineup.getByText(/The sides are not drawn yet: Team \d fences as team A until they are\./).waitFor();
    await lineup.getByRole('button', { name: 'Draw lots for the sides' }).click();
    const drawn = lineup.getByText(/^Drawn by lot: Team \d is team A \(left\), Team \d team B \(right\)\.$/);
    await drawn.waitFor();
    const [, aNumber] = /Team (\d) is team A/.exec((await drawn.textContent())!)!;
    const teamA = teams.find((t) => t.team_number === Number(aNumber))!;
    const teamB = teams.find((t) => t.team_number !== Number(aNumber))!;
    const a = teamA.members.map((m) => m.athlete_name);
    const b = teamB.members.map((m) => m.athlete_name);
    expect(await seriousViolations(coach)).toEqual([]);

    // The captains' orders: team A puts its third member on 4; each team's fourth member is its reserve.
    const sideA = lineup.getByTestId('lineup-side-A');
    const sideB = lineup.getByTestId('lineup-side-B');
    for (const [place, name] of [[4, a[2]], [5, a[0]], [6, a[1]]] as const) await sideA.getByLabel(`Fencer no. ${place}`).selectOption({ label: name! });
    await sideA.getByLabel('Reserve').selectOption({ label: a[3]! });
    for (const [place, name] of [[1, b[0]], [2, b[1]], [3, b[2]]] as const) await sideB.getByLabel(`Fencer no. ${place}`).selectOption({ label: name! });
    await sideB.getByLabel('Reserve').selectOption({ label: b[3]! });
    await lineup.getByRole('button', { name: 'Save the order' }).click();
    await expect.poll(() => sheet.getByTestId('team-fencer-3-a').textContent()).toBe(a[2]);
    expect(await sheet.getByTestId('team-fencer-1-b').textContent()).toBe(b[2]);

    const substitute = lineup.getByTestId('lineup-substitute');
    await substitute.getByLabel('In place of').selectOption('1');
    await substitute.getByLabel('From relay').selectOption('4');
    await substitute.getByRole('button', { name: 'Record the substitution' }).click();
    // Team B's reserve comes in for fencer 1 from relay 4: relays 4 and 7 are the reserve's.
    await expect.poll(() => sheet.getByTestId('team-fencer-4-b').textContent()).toBe(`${b[3]} · reserve`);
    expect(await sheet.getByTestId('team-fencer-7-b').textContent()).toBe(`${b[3]} · reserve`);
    expect(await sheet.getByTestId('team-fencer-2-b').textContent()).toBe(b[0]);
    expect(await lineup.getByTestId('lineup-substitutions').textContent()).toBe(`Relay 4: ${b[3]} in for ${b[0]}`);
    // The replaced fencer may come back only in the reserve's place: another place is refused before anything is sent.
    await substitute.getByLabel('In place of').selectOption('2');
    await substitute.getByLabel('From relay').selectOption('6');
    await substitute.getByRole('button', { name: 'Record the substitution' }).click();
    await lineup.getByRole('alert').filter({ hasText: 'A team brings its reserve in once a match' }).waitFor();

    // The guest's sheet shows the same line-up, live.
    await guest.getByTestId('match-r1-m0').getByRole('button', { name: 'Relay sheet' }).click();
    const guestSheet = guest.getByRole('dialog', { name: /^Final: / });
    await expect.poll(() => guestSheet.getByTestId('team-fencer-4-b').textContent()).toBe(`${b[3]} · reserve`);
    await guestSheet.getByText(`Team ${aNumber} is team A (left)`, { exact: false }).waitFor();

    // The relays, team A 5 and team B 4 each (through the API): the match goes to the team the lot made team A.
    await api.fenceTeamMatch(practice.id, { round: 1, position: 0 }, true);
    await expect.poll(() => guestSheet.getByTestId('team-match-state').textContent()).toBe(`Over: Team ${aNumber} wins 45–36`);
    await expect.poll(() => sheet.getByTestId('team-match-state').textContent()).toBe(`Over: Team ${aNumber} wins 45–36`);
    // The sheet on paper: who fenced each relay, the touches and running scores, the reserves and the substitution.
    await holdPrint(coach);
    await sheet.getByRole('button', { name: 'Print' }).click();
    const paper = coach.getByTestId('print-relay-sheet');
    await expect.poll(() => paper.count()).toBe(1);
    const relay4 = await paper.getByTestId('print-relay-row').nth(3).locator('td').allTextContents();
    expect(relay4).toEqual(['4', `6 · ${a[1]}`, '5', '20', '20', '16', '4', `1 · ${b[3]} · reserve`]);
    expect(await paper.textContent()).toContain(`Reserve of Team ${teamB.team_number}: ${b[3]}`);
    expect(await paper.textContent()).toContain(`Relay 4: ${b[3]} in for ${b[0]}`);
    expect(await paper.textContent()).toContain(`Result: Over: Team ${aNumber} wins 45–36`);
    await sheet.getByRole('button', { name: 'Done' }).click();

    // Final Results count what each fencer really fenced: the reserve two relays, the fencer replaced one.
    await coach.getByRole('navigation', { name: 'Practice' }).getByRole('link', { name: 'Final Results' }).click();
    await coach.getByRole('heading', { name: 'What each fencer fenced' }).waitFor();
    const row = async (name: string) => coach.getByTestId('team-fencer-row').filter({ hasText: name }).locator('td').allTextContents();
    await expect.poll(() => row(b[3]!)).toEqual([`Team ${teamB.team_number}`, b[3], '2', '8', '10', '-2']);
    expect(await row(b[0]!)).toEqual([`Team ${teamB.team_number}`, b[0], '1', '4', '5', '-1']);
    expect(await row(a[2]!)).toEqual([`Team ${aNumber}`, a[2], '3', '15', '12', '+3']);
    expect(await coach.getByTestId('team-fencer-row').filter({ hasText: a[3]! }).count()).toBe(0);
    expect(await seriousViolations(coach)).toEqual([]);
    await guestContext.close();
    await coachContext.close();
  });
});
