import { describe, expect, it } from 'vitest';
import { newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { seed, viaBrowser, fencerNames, TEAMS_BY_SHEET_ORDER } from '../helpers/seed';
import { apiOver, expectAnswer } from '../helpers/api-client';

const browser = useBrowser();

describe('a team event on a competition day (issue 28)', () => {
  it('calls its team matches by the teams’ names on the hall board and the coach’s screen, live, with the team match’s minutes to set', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Team Coach', email: uniqueEmail('day-teams'), password: 'competition day pw' });
    const made = seed(viaBrowser(page.request));
    const api = apiOver(viaBrowser(page.request));
    const practice = await made.practice('Team épée', { type: 'team' });
    await made.teams(practice.id, fencerNames(16, 'Relay Fencer'), 4);
    const [pool] = await made.teamPools(practice.id);
    await made.fenceAll(pool!, TEAMS_BY_SHEET_ORDER);
    const team = pool!.players.map((p) => p.name);
    const day = await expectAnswer(api.days.$post({ json: { name: 'Team day' } }), 201);
    const dayId = day.id;
    await expectAnswer(api.days[':dayId'].pistes.$put({ param: { dayId }, json: { pistes: [{ name: '1', final: true }, { name: '2' }] } }));
    await expectAnswer(api.days[':dayId'].events[':practiceId'].$put({ param: { dayId, practiceId: practice.id } }));
    await expectAnswer(api.days[':dayId'].$patch({ param: { dayId }, json: { board_shared: true } }));
    await page.goto(`/days/${dayId}`);
    const hall = await (await newContext(browser())).newPage();
    await hall.goto(`/hall/${day.board_id}`);
    await expect.poll(() => hall.getByTestId('now-calling').textContent()).toContain('No match is called right now.');
    // A team match's minutes: its own field, the usual 46 at épée shown in grey.
    expect(await page.getByLabel('Minutes per team match (nine relays), Épée').getAttribute('placeholder')).toBe('46');

    // The team tableau is created: both semi-finals are called by the teams' names, the second to the final piste.
    await made.teamTableau(practice.id);
    const semis = [`${team[2]} v ${team[1]}`, `${team[0]} v ${team[3]}`];
    await expect.poll(() => hall.getByTestId('call-fencers').allTextContents(), { timeout: 15_000 }).toEqual(semis);
    await expect.poll(() => page.getByTestId('call-fencers').allTextContents()).toEqual(semis);
    // The coach marks them on piste as for any call; a team match is scored on its relay sheet, so no referee view.
    await expect.poll(() => page.getByRole('button', { name: `${team[0]} – ${team[3]}: the fencers are on piste` }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Referee .* on the event’s tableau$/ }).count()).toBe(0);

    // Both semis decided on their sheets: the final is called to the final piste.
    await made.fenceTeamMatch(practice.id, { round: 1, position: 0 }, true);
    await made.fenceTeamMatch(practice.id, { round: 1, position: 1 }, false);
    await expect.poll(() => hall.getByTestId('call-fencers').allTextContents(), { timeout: 15_000 }).toEqual([`${team[0]} v ${team[1]}`]);
    expect(await hall.getByTestId('call').getAttribute('data-piste')).toBe('1');
    await expect.poll(() => page.getByTestId('call-fencers').allTextContents()).toEqual([`${team[0]} v ${team[1]}`]);
  });
});
