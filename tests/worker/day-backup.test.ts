import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { Day, DaySnapshot } from '../../core/contracts/days';
import type { Practice } from '../../core/contracts/practices';
import { getDayRoom } from '../../worker/day/day';
import type { DayRoom } from '../../worker/day/day-room';
import type { Env } from '../../worker/env';
import { seed, viaClient, fencerNames } from '../helpers/seed';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { backupOf, daysOf, practicesOf, rosterOf } from '../helpers/account';
import { expectAnswer, expectRefusal } from '../helpers/api-client';


/**
 * A coach's competition day made through the API: two events (U13 épée in two pools, U15 foil in one) on
 * three pistes, a roster referee and a typed one, the pools placed, one moved by hand and one given its
 * referee by the coach, a start time and bout minutes, the hall board shared.
 */
async function coachWithDay() {
  const { client } = await signedUpCoach('Source');
  const made = seed(viaClient(client));
  const rita = await made.athlete({ name: 'Rita Ricci', club: 'Lions' });
  const ann = await made.athlete({ name: 'Ann Lee', club: 'Lions' });
  const day = await json<Day>(await client.api.days.$post({ json: { name: 'Club open', date: '2026-12-05', venue: 'Salle Nord' } }));
  const api = client.api.days[':dayId'];
  const param = { dayId: day.id };
  await api.$patch({ param, json: { starts_at: '09:30', minutes: { epee: { pool: 4 } }, board_shared: true } });
  await api.pistes.$put({ param, json: { pistes: [{ name: 'Final', final: true }, { name: '2' }, { name: 'Blue' }] } });
  const u13 = await made.practice('U13 épée');
  const u15 = await made.practice('U15 foil', { weapon: 'foil' });
  await made.pools(u13.id, [{ athlete_id: ann.id }, ...fencerNames(9, 'Kid')], 2);
  await made.pools(u15.id, fencerNames(4, 'Teen'));
  for (const p of [u13, u15]) expect((await api.events[':practiceId'].$put({ param: { dayId: day.id, practiceId: p.id } })).status).toBe(200);
  await api.referees.$put({ param, json: { referees: [{ name: 'Rita', athlete_id: rita.id }, { name: 'Tom Typed', club: 'Tigers' }] } });
  const placed = await json<DaySnapshot>(await api.placements.$post({ param }));
  const blue = placed.pistes.find((p) => p.name === 'Blue')!;
  const moving = placed.placements.find((p) => p.piste_id !== blue.id)!;
  await api.placements[':poolId'].$put({ param: { dayId: day.id, poolId: moving.pool_id }, json: { piste_id: blue.id } });
  const chosen = placed.placements.find((p) => p.pool_id !== moving.pool_id)!;
  const final = await json<DaySnapshot>(await api.placements[':poolId'].referee.$put({ param: { dayId: day.id, poolId: chosen.pool_id }, json: { referee_id: placed.referees[0]!.id } }));
  return { client, day: final };
}

/** A day as a person reads it, without ids: the facts, the events and their pools, the pistes, referees and where each pool fences. */
function readable(s: DaySnapshot) {
  const pool = new Map(s.events.flatMap((e) => e.pools.map((p) => [p.id, `${e.name} / ${p.name}`])));
  const piste = new Map(s.pistes.map((p) => [p.id, p.name]));
  const referee = new Map(s.referees.map((r) => [r.id, r.name]));
  return {
    day: [s.day.name, s.day.date, s.day.venue, s.day.starts_at, s.day.minutes],
    events: s.events.map((e) => [e.position, e.name, e.weapon, e.pools.map((p) => [p.name, p.fencers, p.bouts])]),
    pistes: s.pistes.map((p) => [p.position, p.name, p.final]),
    referees: s.referees.map((r) => [r.position, r.name, r.club, r.athlete_id === null ? 'typed' : 'roster']),
    placements: s.placements.map((p) => [pool.get(p.pool_id), piste.get(p.piste_id), p.flight, p.pinned, referee.get(p.referee_id!) ?? null, p.referee_override, p.neutral]).sort(),
  };
}

const dayOf = (client: Client, dayId: string) => client.api.days[':dayId'].$get({ param: { dayId } });

async function expectNothingRestored(client: Client) {
  expect(await daysOf(client)).toEqual([]);
  expect(await practicesOf(client)).toEqual([]);
  expect(await rosterOf(client)).toEqual([]);
}

/** A D1 whose batches of six statements or more fail as D1 out of reach does: the restore's own batch, nothing smaller. */
function d1FailingRestoreBatch(): D1Database {
  const failing = (session: D1DatabaseSession) =>
    new Proxy(session, {
      get: (target, k) => (k === 'batch'
        ? (statements: D1PreparedStatement[]) => (statements.length >= 6 ? Promise.reject(new Error('D1_ERROR: Network connection lost.')) : target.batch(statements))
        : (target as unknown as Record<PropertyKey, unknown>)[k] instanceof Function ? ((target as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[k]!).bind(target) : (target as unknown as Record<PropertyKey, unknown>)[k]),
    });
  return new Proxy(env.DB, { get: (target, k) => (k === 'withSession' ? (b?: string) => failing(target.withSession(b)) : (target as unknown as Record<PropertyKey, unknown>)[k] instanceof Function ? ((target as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[k]!).bind(target) : (target as unknown as Record<PropertyKey, unknown>)[k]) });
}

/** The day rooms as they are, noting the name of each room the worker asks for. */
function notedDayRooms(noted: string[]): Env['DAY_ROOM'] {
  const real = (env as unknown as Env).DAY_ROOM;
  return { idFromName: (name: string) => (noted.push(name), real.idFromName(name)), get: (id: DurableObjectId) => real.get(id) } as unknown as Env['DAY_ROOM'];
}

/** Day rooms that fail as a Durable Object does after a deploy reset it. */
function resetDayRooms(): Env['DAY_ROOM'] {
  const reset = () => {
    throw Object.assign(new Error('Durable Object reset because its code was updated.'), { retryable: true });
  };
  const stub = new Proxy({}, { get: (_, k) => (k === 'then' ? undefined : reset) });
  return { idFromName: () => ({}), get: () => stub } as unknown as Env['DAY_ROOM'];
}

describe('competition days in the account backup (issue 28)', () => {
  it('a restored account has the day back: same pistes, events, placements, referees and times; the board not shared, under a new link', async () => {
    const source = await coachWithDay();
    const backup = await backupOf(source.client);
    expect(backup.days).toHaveLength(1);
    expect(backup.days[0]).toMatchObject({ name: 'Club open', venue: 'Salle Nord', starts_at: '09:30', minutes: { epee: { pool: 4 } } });
    expect([backup.days[0]!.events.length, backup.days[0]!.pistes.length, backup.days[0]!.placements.length, backup.days[0]!.referees.length]).toEqual([2, 3, 3, 2]);

    const target = await signedUpCoach('Restorer');
    expect(await expectAnswer(target.client.settledApi.account.restore.$post({ json: backup }), 201)).toMatchObject({ practices: 2, pools: 3, days: 1 });

    const [summary] = await daysOf(target.client);
    expect(summary).toMatchObject({ name: 'Club open', events: 2, board_shared: false });
    expect(summary!.id).not.toBe(source.day.day.id);
    expect(summary!.board_id).not.toBe(source.day.day.board_id);
    const restored = await json<DaySnapshot>(await dayOf(target.client, summary!.id));
    expect(readable(restored)).toEqual(readable(source.day));
    expect(restored.day.board_shared).toBe(false);
    // The restored day's events are the restored practices, its roster referee the restored roster's athlete.
    const practices = await json<Practice[]>(await target.client.api.practices.$get());
    expect(restored.events.map((e) => e.practice_id).sort()).toEqual(practices.map((p) => p.id).sort());
    const roster = await json<{ id: string; name: string }[]>(await target.client.api.athletes.$get());
    expect(restored.referees[0]!.athlete_id).toBe(roster.find((a) => a.name === 'Rita Ricci')!.id);

    // The hall board is not shared: its new link shows nothing of the day; another coach cannot read the day.
    expect((await new Client().api.hall[':boardId'].$get({ param: { boardId: restored.day.board_id } })).status).toBe(409);
    const { client: other } = await signedUpCoach('Nosy');
    expect((await dayOf(other, summary!.id)).status).toBe(404);
    // The source's day is untouched, and the same file restored again is a second day with a link of its own.
    expect(readable(await json<DaySnapshot>(await dayOf(source.client, source.day.day.id)))).toEqual(readable(source.day));
    expect((await target.client.settledApi.account.restore.$post({ json: backup })).status).toBe(201);
    const twice = await daysOf(target.client);
    expect(twice).toHaveLength(2);
    expect(new Set([...twice.map((d) => d.board_id), source.day.day.board_id]).size).toBe(3);

    // The day hears its restored events: a bout fenced in a restored pool counts on the day.
    const made = seed(viaClient(target.client));
    const u15 = practices.find((p) => p.name === 'U15 foil')!;
    const [teens] = await made.poolsOf(u15.id);
    await made.bout(teens!, teens!.players[0]!.id, teens!.players[1]!.id, 5, 3);
    await vi.waitFor(async () => {
      const now = await json<DaySnapshot>(await dayOf(target.client, summary!.id));
      expect(now.events.find((e) => e.practice_id === u15.id)!.pools[0]!.done).toBe(1);
    }, { timeout: 5000, interval: 100 });
  });

  it('restores a day whose practice is missing from the file without that event', async () => {
    const source = await coachWithDay();
    const backup = await backupOf(source.client);
    backup.practices = backup.practices.filter((p) => p.name !== 'U15 foil');
    const target = await signedUpCoach('Partial');
    expect((await target.client.settledApi.account.restore.$post({ json: backup })).status).toBe(201);
    const [summary] = await daysOf(target.client);
    const restored = await json<DaySnapshot>(await dayOf(target.client, summary!.id));
    expect(restored.events.map((e) => e.name)).toEqual(['U13 épée']);
    expect(readable(restored).placements.map((p) => String(p[0]).split(' / ')[0])).toEqual(['U13 épée', 'U13 épée']);
    expect(restored.pistes).toHaveLength(3);
  });

  it('refuses a malformed days section with its code, restoring nothing', async () => {
    const source = await coachWithDay();
    const backup = await backupOf(source.client);
    const target = await signedUpCoach('Careful');
    const damaged = structuredClone(backup);
    damaged.days[0]!.placements[0]!.piste_id = 'nowhere';
    expect(await expectRefusal(target.client.api.account.restore.$post({ json: damaged }), 400)).toMatchObject({ code: 'backup_damaged', error: 'This backup is damaged: a pool of the day Club open is placed on a piste the day does not have' });
    const tooMany = structuredClone(backup);
    tooMany.days[0]!.pistes = Array.from({ length: 65 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, final: false }));
    expect(await expectRefusal(target.client.post('/api/account/restore', tooMany), 400)).toMatchObject({ code: 'field_missing_or_not_valid', params: { field: 'days.0.pistes' } });
    expect((await target.client.post('/api/account/restore', { ...backup, days: [{ name: 'No more' }] })).status).toBe(400);
    await expectNothingRestored(target.client);
  });

  it('is all or nothing: a day room that fails, or the D1 batch after the rooms were filled, leaves the account as it was', async () => {
    const source = await coachWithDay();
    const backup = await backupOf(source.client);
    const target = await signedUpCoach('Unlucky');
    expect(await expectRefusal(target.client.apiIn({ DAY_ROOM: resetDayRooms() }).account.restore.$post({ json: backup }), 503)).toMatchObject({ code: 'server_busy' });
    await expectNothingRestored(target.client);

    const noted: string[] = [];
    const lost = await target.client.apiIn({ DB: d1FailingRestoreBatch(), DAY_ROOM: notedDayRooms(noted) }).account.restore.$post({ json: backup });
    expect(lost.status).toBe(503);
    await expectNothingRestored(target.client);
    // The room filled for the day D1 never held is empty again.
    expect(noted.length).toBeGreaterThan(0);
    for (const id of new Set(noted)) expect(await runInDurableObject(getDayRoom(env as unknown as Env, id), (room: DayRoom) => room.snapshot())).toBeNull();

    // The same file restores once the room and D1 answer.
    expect((await target.client.settledApi.account.restore.$post({ json: backup })).status).toBe(201);
    expect(await daysOf(target.client)).toHaveLength(1);
  });
});
