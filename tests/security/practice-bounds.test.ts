import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Practice } from '../../core/contracts/practices';
import { backupSchema, type AccountBackup } from '../../core/interop/backup';
import { MAX_COACH_DAYS, MAX_COACH_PRACTICES } from '../../core/limits';
import { errorBody } from '../../core/messages';
import { d1Db } from '../../worker/db/client';
import { dayRoomsOf } from '../../worker/day/day-backup';
import type { Env } from '../../worker/env';
import { restoreAccount } from '../../worker/store/d1/interop';
import { createDay } from '../../worker/store/d1/days';
import { createPractice } from '../../worker/store/d1/practices';
import { json, signedUpCoach, type Client } from '../helpers/worker-client';
import { daysOf, practicesOf, rosterOf } from '../helpers/account';
import { seedDays } from './helpers';

const PRACTICES_FULL = `An account keeps at most ${MAX_COACH_PRACTICES} practices. Delete an old practice to create a new one.`;
const DAYS_FULL = `An account keeps at most ${MAX_COACH_DAYS} competition days. Delete a past day to create a new one.`;

/** Gives the coach `n` practices straight in D1 (one statement), as if made one by one over the years. */
async function seedPractices(userId: string, n: number) {
  await env.DB.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?2)
     INSERT INTO practices (id, user_id, name, date, practice_type, weapon, room_code, allow_guest_access, board_id, guest_epoch, sharing_expires_at, created_at, updated_at)
     SELECT ?1 || '-practice-' || i, ?1, 'Old practice ' || i, '2020-01-01', 'individual', 'epee', ?1 || '-code-' || i, 0, ?1 || '-board-' || i, 0, 0, i, i FROM k`,
  )
    .bind(userId, n)
    .run();
}

const createPracticeVia = (client: Client, name: string) => client.api.practices.$post({ json: { practice_type: 'individual', name, date: '2026-12-05' } });
const restore = (client: Client, backup: AccountBackup) => client.settledApi.account.restore.$post({ json: backup });

/** A backup of a fresh account holding `practices` practices, `days` competition days and one athlete, made through the API. */
async function backupWith(practices: number, days: number): Promise<AccountBackup> {
  const { client } = await signedUpCoach('Source');
  expect((await client.api.athletes.$post({ json: { name: 'Ada Source' } })).status).toBe(201);
  for (let i = 1; i <= practices; i++) expect((await createPracticeVia(client, `Saved practice ${i}`)).status).toBe(201);
  for (let i = 1; i <= days; i++) expect((await client.api.days.$post({ json: { name: `Saved day ${i}`, date: '2026-12-05', venue: null } })).status).toBe(201);
  return json<AccountBackup>(await client.api.account.backup.$get());
}

describe('a coach keeps at most MAX_COACH_PRACTICES practices', () => {
  it('the practice past the most is refused with its code and nothing is stored; another coach creates practices as before', async () => {
    const full = await signedUpCoach();
    await seedPractices(full.user.id, MAX_COACH_PRACTICES - 1);
    // The last practice that fits is created.
    expect((await createPracticeVia(full.client, 'The last one')).status).toBe(201);

    const refused = await createPracticeVia(full.client, 'One too many');
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual(errorBody(PRACTICES_FULL));
    expect(await json(await createPracticeVia(full.client, 'Again'))).toMatchObject({ code: 'coach_practices_most', params: { max_practices: String(MAX_COACH_PRACTICES) } });
    const listed = await practicesOf(full.client);
    expect(listed).toHaveLength(MAX_COACH_PRACTICES);
    expect(listed.some((p) => p.name === 'One too many' || p.name === 'Again')).toBe(false);

    // Another coach is not affected by this one's practices.
    const other = await signedUpCoach('Other');
    const made = await createPracticeVia(other.client, 'Club night');
    expect(made.status).toBe(201);
    expect((await json<Practice>(made)).name).toBe('Club night');

    // An old practice deleted makes room for a new one.
    const old = listed.find((p) => p.name === 'Old practice 1')!;
    expect((await full.client.api.practices[':practiceId'].$delete({ param: { practiceId: old.id } })).status).toBe(200);
    expect((await createPracticeVia(full.client, 'Next season')).status).toBe(201);
  });

  it('practices created at once cannot slip past the most together: one place left, one of five is created', async () => {
    const { client, user } = await signedUpCoach();
    await seedPractices(user.id, MAX_COACH_PRACTICES - 1);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => createPracticeVia(client, `Race ${i + 1}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await practicesOf(client)).toHaveLength(MAX_COACH_PRACTICES);
  });
});

describe('a restore keeps the account within the practices and days it may keep', () => {
  it('a restore that would pass the practices is refused with their code and writes nothing; one that fits restores, and again is refused', async () => {
    const backup = await backupWith(2, 1);
    const { client, user } = await signedUpCoach();
    await seedPractices(user.id, MAX_COACH_PRACTICES - 1);

    const refused = await restore(client, backup);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual(errorBody(PRACTICES_FULL));
    expect(await practicesOf(client)).toHaveLength(MAX_COACH_PRACTICES - 1);
    expect(await daysOf(client)).toEqual([]);
    expect(await rosterOf(client)).toEqual([]);

    // An old practice deleted makes the two places the file needs: it restores whole, and the account is at the most.
    const old = (await practicesOf(client)).find((p) => p.name === 'Old practice 1')!;
    expect((await client.api.practices[':practiceId'].$delete({ param: { practiceId: old.id } })).status).toBe(200);
    const restored = await restore(client, backup);
    expect(restored.status).toBe(201);
    expect(await json(restored)).toMatchObject({ practices: 2, days: 1, athletes: 1 });
    const now = await practicesOf(client);
    expect(now).toHaveLength(MAX_COACH_PRACTICES);
    expect(now.filter((p) => p.name.startsWith('Saved practice'))).toHaveLength(2);
    expect((await daysOf(client)).map((d) => d.name)).toEqual(['Saved day 1']);

    // The same file again would take the account past the most: refused, nothing added.
    const again = await restore(client, backup);
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: 'coach_practices_most', params: { max_practices: String(MAX_COACH_PRACTICES) } });
    expect(await practicesOf(client)).toHaveLength(MAX_COACH_PRACTICES);
    expect(await daysOf(client)).toHaveLength(1);
  });

  it('a restore that would pass the competition days is refused with their code and writes nothing; one that fits restores', async () => {
    const backup = await backupWith(1, 2);
    const { client, user } = await signedUpCoach();
    await seedDays(user.id, MAX_COACH_DAYS - 1);

    const refused = await restore(client, backup);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual(errorBody(DAYS_FULL));
    expect(await daysOf(client)).toHaveLength(MAX_COACH_DAYS - 1);
    expect(await practicesOf(client)).toEqual([]);
    expect(await rosterOf(client)).toEqual([]);

    const fits = await backupWith(1, 1);
    const restored = await restore(client, fits);
    expect(restored.status).toBe(201);
    expect(await json(restored)).toMatchObject({ practices: 1, days: 1 });
    expect(await daysOf(client)).toHaveLength(MAX_COACH_DAYS);
    expect((await practicesOf(client)).map((p) => p.name)).toEqual(['Saved practice 1']);
  });

  const meanwhile = [
    {
      made: 'a practice created while a restore is under way',
      file: [2, 1],
      fill: (userId: string) => seedPractices(userId, MAX_COACH_PRACTICES - 2),
      make: (userId: string) => createPractice(d1Db(env.DB), userId, { name: 'Made meanwhile', practice_type: 'individual', date: '2026-12-05' }),
      refusal: PRACTICES_FULL,
    },
    {
      made: 'a competition day created while a restore is under way',
      file: [1, 2],
      fill: (userId: string) => seedDays(userId, MAX_COACH_DAYS - 2),
      make: (userId: string) => createDay(d1Db(env.DB), userId, { name: 'Made meanwhile', date: '2026-12-05', venue: null }),
      refusal: DAYS_FULL,
    },
    {
      made: 'a competition day created while a restore of days alone is under way',
      file: [0, 2],
      fill: (userId: string) => seedDays(userId, MAX_COACH_DAYS - 2),
      make: (userId: string) => createDay(d1Db(env.DB), userId, { name: 'Made meanwhile', date: '2026-12-05', venue: null }),
      refusal: DAYS_FULL,
    },
  ] as const;

  for (const { made, file, fill, make, refusal } of meanwhile) {
    it(`${made} still counts: the restore past the most writes nothing`, async () => {
      const backup = backupSchema.parse(await backupWith(file[0], file[1]));
      const { client, user } = await signedUpCoach();
      await fill(user.id);
      const before = { practices: (await practicesOf(client)).length, days: (await daysOf(client)).length };
      const rooms = dayRoomsOf(env as unknown as Env);
      // The file fits when the restore starts; another screen takes one of its two places while the restore
      // fills its days' rooms, before its writes reach D1.
      const racing = {
        fill: async (days: Parameters<typeof rooms.fill>[0]) => {
          await make(user.id);
          return rooms.fill(days);
        },
        erase: rooms.erase,
      };
      await expect(restoreAccount(d1Db(env.DB), user.id, backup, racing)).rejects.toMatchObject({ status: 409, message: refusal });
      const practices = await practicesOf(client);
      const days = await daysOf(client);
      expect(practices.length + days.length).toBe(before.practices + before.days + 1);
      expect(practices.some((p) => p.name.startsWith('Saved practice'))).toBe(false);
      expect(days.some((d) => d.name.startsWith('Saved day'))).toBe(false);
      expect(await rosterOf(client)).toEqual([]);
    });
  }
});
