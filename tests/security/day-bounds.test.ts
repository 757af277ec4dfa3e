import { describe, expect, it } from 'vitest';
import type { Day, DaySummary } from '../../core/contracts/days';
import { MAX_COACH_DAYS } from '../../core/limits';
import { errorBody } from '../../core/messages';
import { json, signedUpCoach, type Client } from '../helpers/worker-client';
import { seedDays } from './helpers';

const createDay = (client: Client, name: string) => client.api.days.$post({ json: { name, date: '2026-12-05', venue: null } });

describe('a coach keeps at most MAX_COACH_DAYS competition days (issue 54)', () => {
  it('the day past the most is refused with its code and nothing is stored; another coach creates days as before', async () => {
    const full = await signedUpCoach();
    await seedDays(full.user.id, MAX_COACH_DAYS - 1);
    // The last day that fits is created.
    expect((await createDay(full.client, 'The last one')).status).toBe(201);

    const refused = await createDay(full.client, 'One too many');
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual(errorBody(`An account keeps at most ${MAX_COACH_DAYS} competition days. Delete a past day to create a new one.`));
    expect((await json<{ code: string; params: Record<string, string> }>(await createDay(full.client, 'Again')))).toMatchObject({ code: 'coach_days_most', params: { max_days: String(MAX_COACH_DAYS) } });
    const listed = await json<DaySummary[]>(await full.client.api.days.$get());
    expect(listed).toHaveLength(MAX_COACH_DAYS);
    expect(listed.some((d) => d.name === 'One too many' || d.name === 'Again')).toBe(false);

    // Another coach is not affected by this one's days.
    const other = await signedUpCoach('Other');
    const made = await createDay(other.client, 'Club open');
    expect(made.status).toBe(201);
    expect((await json<Day>(made)).name).toBe('Club open');

    // A past day deleted makes room for a new one.
    const old = listed.find((d) => d.name === 'Old day 1')!;
    expect((await full.client.api.days[':dayId'].$delete({ param: { dayId: old.id } })).status).toBe(200);
    expect((await createDay(full.client, 'Next season')).status).toBe(201);
  });

  it('days created at once cannot slip past the most together: one place left, one of five is created', async () => {
    const { client, user } = await signedUpCoach();
    await seedDays(user.id, MAX_COACH_DAYS - 1);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => createDay(client, `Race ${i + 1}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await json<DaySummary[]>(await client.api.days.$get())).toHaveLength(MAX_COACH_DAYS);
  });
});
