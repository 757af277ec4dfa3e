import { describe, expect, it, vi } from 'vitest';
import type { Day, DaySnapshot } from '../../core/contracts/days';
import { scheduleOfDay } from '../../core/fencing/day-schedule';
import { seed, viaClient, fencerNames, TEAMS_BY_SHEET_ORDER } from '../helpers/seed';
import { json, signedUpCoach } from '../helpers/worker-client';

const MIN = 60_000;
const wait = { timeout: 5000, interval: 100 };

describe('a team event on a competition day (issue 28)', () => {
  it('calls its team matches to free pistes by team names, a decided sheet frees its piste, the final to the final piste; its rounds are on the schedule at team minutes', async () => {
    const { client } = await signedUpCoach();
    const made = seed(viaClient(client));
    const day = await json<Day>(await client.api.days.$post({ json: { name: 'Team open', date: '2026-12-05', venue: null } }));
    const api = client.api.days[':dayId'];
    expect((await api.pistes.$put({ param: { dayId: day.id }, json: { pistes: [{ name: '1', final: true }, { name: '2', final: false }] } })).status).toBe(200);
    const practice = await made.practice('Team épée', { type: 'team' });
    await made.teams(practice.id, fencerNames(16), 4);
    const [pool] = await made.teamPools(practice.id);
    await made.fenceAll(pool!, TEAMS_BY_SHEET_ORDER);
    expect((await api.events[':practiceId'].$put({ param: { dayId: day.id, practiceId: practice.id } })).status).toBe(200);
    const dayNow = async () => json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }));
    const pistes = Object.fromEntries((await dayNow()).pistes.map((p) => [p.id, p.name]));
    const callsNow = async () => (await dayNow()).calls.map((c) => `${c.names.join(' v ')} @${pistes[c.piste_id]}`);
    const team = pool!.players.map((p) => p.name);

    // Before the team tableau: its size from the team pools' ranking is on the schedule, nothing is called.
    const linked = await dayNow();
    expect(linked.events[0]).toMatchObject({ practice_type: 'team', tableau: { size: 4, rounds: [{ matches: 2, done: 0 }, { matches: 1, done: 0 }] } });
    expect(linked.calls).toEqual([]);

    await made.teamTableau(practice.id);
    // Seeds 1 v 4 and 3 v 2 by the teams' names; piste 1 is kept for the final, so the second semi takes it, nothing else being free.
    await vi.waitFor(async () => expect(await callsNow()).toEqual([`${team[0]} v ${team[3]} @2`, `${team[2]} v ${team[1]} @1`]), wait);
    const called = await dayNow();
    expect(called.calls.every((c) => c.keys.every((k) => k!.startsWith('t:')) && c.state === 'called')).toBe(true);

    // The schedule: two rounds of team matches at 46 minutes (épée's default), one wave each on 2 pistes.
    const at = Date.now();
    const rounds = (s: DaySnapshot) => scheduleOfDay(s, at, at)!.events[0]!.rounds.map((r) => [r.table, r.matches, (r.end - r.start) / MIN]);
    expect(rounds(called)).toEqual([[4, 2, 46], [2, 1, 46]]);
    // The coach's minutes for an épée team match replace the default.
    const timed = await json<DaySnapshot>(await api.$patch({ param: { dayId: day.id }, json: { minutes: { epee: { team: 40 } } } }));
    expect(timed.day.minutes).toEqual({ epee: { team: 40 } });
    expect(rounds(timed)).toEqual([[4, 2, 40], [2, 1, 40]]);
    const tooLong = await api.$patch({ param: { dayId: day.id }, json: { minutes: { epee: { team: 61 } } } });
    expect(tooLong.status).toBe(400);

    // The first semi's sheet decided: its call ends and piste 2 is free; the final waits for the other semi.
    await made.fenceTeamMatch(practice.id, { round: 1, position: 0 }, true);
    await vi.waitFor(async () => expect(await callsNow()).toEqual([`${team[2]} v ${team[1]} @1`]), wait);
    // The second semi goes to team B: the final, team 1 v team 2, is called to the final piste.
    await made.fenceTeamMatch(practice.id, { round: 1, position: 1 }, false);
    await vi.waitFor(async () => expect(await callsNow()).toEqual([`${team[0]} v ${team[1]} @1`]), wait);
    expect((await dayNow()).events[0]!.tableau).toEqual({ size: 4, rounds: [{ matches: 2, done: 2 }, { matches: 1, done: 0 }] });
    // The final decided: nothing left to call.
    await made.fenceTeamMatch(practice.id, { round: 2, position: 0 }, true);
    await vi.waitFor(async () => expect((await dayNow()).calls).toEqual([]), wait);
  });
});
