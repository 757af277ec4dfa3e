import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { getDayRoom } from '../../worker/day/day';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';
import type { Day, DaySnapshot, DaySummary } from '../../core/contracts/days';
import { joinAsGuest } from '../helpers/guests';
import { seed, viaClient, fencerNames } from '../helpers/seed';
import { openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectRefusal } from '../helpers/api-client';


/** A coach with a day of `pistes` pistes named 1…n. */
async function coachWithDay(pistes = 4) {
  const { client } = await signedUpCoach();
  const made = seed(viaClient(client));
  const day = await json<Day>(await client.api.days.$post({ json: { name: 'Club open', date: '2026-12-05', venue: 'Salle Nord' } }));
  const set = await client.api.days[':dayId'].pistes.$put({ param: { dayId: day.id }, json: { pistes: Array.from({ length: pistes }, (_, i) => ({ name: String(i + 1), final: i === 0 })) } });
  expect(set.status).toBe(200);
  return { client, made, day, api: client.api.days[':dayId'] };
}

const link = (client: Client, dayId: string, practiceId: string) => client.api.days[':dayId'].events[':practiceId'].$put({ param: { dayId, practiceId } });

describe('a competition day (issue 28)', () => {
  it('groups two events on 4 pistes: 40 fencers in 6 pools go in two flights, a moved pool stays where the coach put it', async () => {
    const { client, made, day, api } = await coachWithDay(4);
    const u13 = await made.practice('U13 épée');
    const u15 = await made.practice('U15 foil', { weapon: 'foil' });
    await made.pools(u13.id, fencerNames(20, 'Ann'), 3);
    await made.pools(u15.id, fencerNames(20, 'Bob'), 3);
    expect((await link(client, day.id, u13.id)).status).toBe(200);
    const linked = await json<DaySnapshot>(await link(client, day.id, u15.id));
    expect(linked.events.map((e) => [e.name, e.weapon, e.pools.length, e.pools.reduce((n, p) => n + p.fencers, 0)])).toEqual([
      ['U13 épée', 'epee', 3, 20],
      ['U15 foil', 'foil', 3, 20],
    ]);
    expect(linked.events[0]!.pools.every((p) => p.bouts === (p.fencers * (p.fencers - 1)) / 2 && p.done === 0)).toBe(true);
    // Before the draw, the tableau the pools' ranking would give: 20 fencers in a table of 32, 4 first-round matches.
    expect(linked.events[0]!.tableau).toEqual({ size: 32, rounds: [{ matches: 4, done: 0 }, { matches: 8, done: 0 }, { matches: 4, done: 0 }, { matches: 2, done: 0 }, { matches: 1, done: 0 }] });
    // The weapon changes until the first bout: the day hears it.
    expect((await client.request('PUT', `/api/practices/${u13.id}/weapon`, { weapon: 'sabre' })).status).toBe(200);
    await vi.waitFor(async () => expect((await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }))).events[0]!.weapon).toBe('sabre'), { timeout: 5000, interval: 100 });

    const placed = await json<DaySnapshot>(await api.placements.$post({ param: { dayId: day.id } }));
    expect(placed.placements).toHaveLength(6);
    expect(new Set(placed.placements.map((p) => p.flight))).toEqual(new Set([0, 1]));
    expect(placed.placements.filter((p) => p.flight === 0)).toHaveLength(4);
    // A pool stays on one piste; no piste holds two pools in one flight.
    const slots = placed.placements.map((p) => `${p.piste_id}:${p.flight}`);
    expect(new Set(slots).size).toBe(6);

    const pool = placed.placements.find((p) => p.flight === 1)!;
    const target = placed.pistes.find((p) => p.name === '4')!;
    const moved = await json<DaySnapshot>(await api.placements[':poolId'].$put({ param: { dayId: day.id, poolId: pool.pool_id }, json: { piste_id: target.id } }));
    expect(moved.placements.find((p) => p.pool_id === pool.pool_id)).toMatchObject({ piste_id: target.id, pinned: true });
    const again = await json<DaySnapshot>(await api.placements.$post({ param: { dayId: day.id } }));
    expect(again.placements.find((p) => p.pool_id === pool.pool_id)).toMatchObject({ piste_id: target.id, pinned: true });
    expect(again.version).toBeGreaterThan(moved.version);

    const list = await json<DaySummary[]>(await client.api.days.$get());
    expect(list.map((d) => [d.name, d.venue, d.events])).toEqual([['Club open', 'Salle Nord', 2]]);
  });

  it('hears every score of its events: the day counts the bout, and a piste with a pool fencing on it cannot go (409)', async () => {
    const { client, made, day, api } = await coachWithDay(2);
    const { practice, pool } = await made.practiceWithPool('Tuesday', ['Ann', 'Bob', 'Cleo']);
    await link(client, day.id, practice.id);
    const placed = await json<DaySnapshot>(await api.placements.$post({ param: { dayId: day.id } }));
    const piste = placed.pistes.find((p) => p.id === placed.placements[0]!.piste_id)!;
    await made.bout(pool, pool.players[0]!.id, pool.players[1]!.id, 5, 2);
    await vi.waitFor(async () => {
      const now = await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }));
      expect(now.events[0]!.pools[0]).toMatchObject({ fencers: 3, bouts: 3, done: 1 });
    }, { timeout: 5000, interval: 100 });
    const others = placed.pistes.filter((p) => p.id !== piste.id).map((p) => ({ id: p.id, name: p.name }));
    expect(await expectRefusal(api.pistes.$put({ param: { dayId: day.id }, json: { pistes: others } }), 409)).toMatchObject({ code: 'piste_in_use', params: { name: piste.name } });
    const still = await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }));
    expect(still.pistes).toHaveLength(2);
    // A started pool stays on its piste.
    expect(await expectRefusal(api.placements[':poolId'].$put({ param: { dayId: day.id, poolId: pool.id }, json: { piste_id: others[0]!.id } }), 409)).toMatchObject({ code: 'pool_started_stays' });
  });

  it('a removed piste unplaces its waiting pool; new pistes get the day’s ids; the order is kept', async () => {
    const { client, made, day, api } = await coachWithDay(2);
    const { practice } = await made.practiceWithPool('Wednesday', ['Ann', 'Bob', 'Cleo', 'Dan']);
    await link(client, day.id, practice.id);
    const placed = await json<DaySnapshot>(await api.placements.$post({ param: { dayId: day.id } }));
    const used = placed.placements[0]!.piste_id;
    const kept = placed.pistes.filter((p) => p.id !== used);
    const next = await json<DaySnapshot>(await api.pistes.$put({ param: { dayId: day.id }, json: { pistes: [{ name: 'Blue', id: 'made-up-id' }, ...kept.map((p) => ({ id: p.id, name: p.name }))] } }));
    expect(next.pistes.map((p) => p.name)).toEqual(['Blue', kept[0]!.name]);
    expect(next.pistes[0]!.id).not.toBe('made-up-id');
    expect(next.pistes[1]!.id).toBe(kept[0]!.id);
    expect(next.placements).toEqual([]);
  });

  it('is the coach’s alone: another coach 404, a guest 403, nobody 401; a practice joins one day at most', async () => {
    const { client, made, day, api } = await coachWithDay(2);
    const practice = await made.share((await made.practice('Shared')).id);
    const { client: other } = await signedUpCoach('Other');
    const theirs = await seed(viaClient(other)).practice('Theirs');
    expect((await other.api.days[':dayId'].$get({ param: { dayId: day.id } })).status).toBe(404);
    expect((await other.api.days[':dayId'].pistes.$put({ param: { dayId: day.id }, json: { pistes: [] } })).status).toBe(404);
    expect((await other.api.days[':dayId'].placements.$post({ param: { dayId: day.id } })).status).toBe(404);
    expect((await other.api.days[':dayId'].$delete({ param: { dayId: day.id } })).status).toBe(404);
    // Someone else's practice cannot be linked to my day, nor mine to theirs.
    expect((await link(client, day.id, theirs.id)).status).toBe(404);
    const { guest } = await joinAsGuest(practice.room_code);
    expect((await guest.api.days[':dayId'].$get({ param: { dayId: day.id } })).status).toBe(403);
    expect((await guest.api.days.$post({ json: { name: 'Mine now' } })).status).toBe(403);
    expect((await new Client().api.days.$get()).status).toBe(401);
    expect((await new Client().api.days[':dayId'].placements.$post({ param: { dayId: day.id } })).status).toBe(401);

    expect((await link(client, day.id, practice.id)).status).toBe(200);
    const second = await json<Day>(await client.api.days.$post({ json: { name: 'Another day' } }));
    expect(await expectRefusal(link(client, second.id, practice.id), 409)).toMatchObject({ code: 'practice_in_other_day' });
    // Linking it again to its own day changes nothing.
    expect((await json<DaySnapshot>(await link(client, day.id, practice.id))).events).toHaveLength(1);
    expect((await api.events[':practiceId'].$delete({ param: { dayId: day.id, practiceId: practice.id } })).status).toBe(200);
    expect((await link(client, second.id, practice.id)).status).toBe(200);
  });

  it('refuses bad input with a coded 400 and keeps what it had', async () => {
    const { client, day, api } = await coachWithDay(2);
    const cases: [unknown, string][] = [
      [{ pistes: Array.from({ length: 65 }, (_, i) => ({ name: `P${i}` })) }, 'day_pistes_most'],
      [{ pistes: [{ name: 'Red' }, { name: 'red' }] }, 'day_piste_names_unique'],
      [{ pistes: [{ name: '  ' }] }, 'piste_name_required'],
      [{ pistes: [{ name: 'A', id: 'x'.repeat(65) }] }, 'say_which_piste'],
      [{ pistes: 'all of them' }, 'say_which_piste'],
    ];
    for (const [body, code] of cases) {
      expect((await expectRefusal(client.request('PUT', `/api/days/${day.id}/pistes`, body), 400)).code, JSON.stringify(body).slice(0, 60)).toBe(code);
    }
    // Raw: the typed client sends no day without its date.
    expect((await expectRefusal(client.request('POST', '/api/days', { name: '' }), 400)).code).toBe('day_name_required');
    expect((await expectRefusal(api.$patch({ param: { dayId: day.id }, json: { starts_at: '25:00' } }), 400)).code).toBe('day_start_time');
    expect((await expectRefusal(api.$patch({ param: { dayId: day.id }, json: { minutes: { epee: { pool: 0 } } } }), 400)).code).toBe('day_bout_minutes');
    expect((await client.request('PATCH', `/api/days/${day.id}`, { minutes: { lance: { pool: 3 } } })).status).toBe(400);
    const timed = await json<DaySnapshot>(await api.$patch({ param: { dayId: day.id }, json: { starts_at: '08:30', minutes: { foil: { pool: 3, tableau: 10 } } } }));
    expect([timed.day.starts_at, timed.day.minutes]).toEqual(['08:30', { foil: { pool: 3, tableau: 10 } }]);
    expect((await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }))).day.minutes).toEqual({ foil: { pool: 3, tableau: 10 } });
    expect((await expectRefusal(client.api.days.$post({ json: { name: 'x', date: '2026-02-30' } }), 400)).code).toBe('date_calendar_date_yyyy_mm');
    expect((await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }))).pistes.map((p) => p.name)).toEqual(['1', '2']);
    const unknownPool = await api.placements[':poolId'].$put({ param: { dayId: day.id, poolId: crypto.randomUUID() }, json: { piste_id: 'nope' } });
    expect(unknownPool.status).toBe(404);
    const empty = await coachWithDay(0);
    expect(await expectRefusal(empty.api.placements.$post({ param: { dayId: empty.day.id } }), 409)).toMatchObject({ code: 'day_needs_pistes' });
  });

  it('shows its hall board only while shared; a spectator hears each change live and cannot change anything', async () => {
    const { client, made, day, api } = await coachWithDay(2);
    const ann = await made.athlete({ name: 'Ann', club: 'Lions' });
    const { practice } = await made.practiceWithPool('Thursday', [{ athlete_id: ann.id }, 'Bob', 'Cleo']);
    await link(client, day.id, practice.id);
    const visitor = new Client();
    // Not shared yet: the right link shows nothing of the day (it says so, and a board on it waits).
    expect((await visitor.api.hall[':boardId'].$get({ param: { boardId: day.board_id } })).status).toBe(409);
    const early = (await openSocket(visitor, `hall=${day.board_id}`)).socket!;
    expect((await early.waitFor((m) => m.type === 'paused')).type).toBe('paused');
    early.ws.close();
    await api.$patch({ param: { dayId: day.id }, json: { board_shared: true } });
    const board = await json<DaySnapshot>(await visitor.api.hall[':boardId'].$get({ param: { boardId: day.board_id } }));
    expect(board.events.map((e) => e.name)).toEqual(['Thursday']);
    // Anyone with the link sees names and progress, never the roster's ids.
    expect(board.events[0]!.pools[0]).toMatchObject({ fencers: 3, athletes: [] });
    const { socket } = await openSocket(visitor, `hall=${day.board_id}`);
    await socket!.waitFor((m) => m.type === 'day');
    await api.placements.$post({ param: { dayId: day.id } });
    const heard = await socket!.waitFor((m) => m.type === 'day' && m.day.placements.length === 1);
    expect(heard.type === 'day' && heard.day.placements[0]!.pool_id).toBe(board.events[0]!.pools[0]!.id);
    expect(heard.type === 'day' && heard.day.events[0]!.pools[0]!.athletes).toEqual([]);
    expect((await visitor.api.days[':dayId'].placements.$post({ param: { dayId: day.id } })).status).toBe(401);
    expect((await openSocket(visitor, `day=${day.id}`)).status).toBe(401);
    const { client: other } = await signedUpCoach('Other');
    expect((await openSocket(other, `day=${day.id}`)).status).toBe(404);
    // One character off (never the link itself: a random id may already end in x).
    expect(await expectRefusal(new Client().api.hall[':boardId'].$get({ param: { boardId: `${day.board_id.slice(0, -1)}${day.board_id.endsWith('x') ? 'y' : 'x'}` } }), 404)).toMatchObject({ code: 'hall_board_not_valid' });
    // Sharing off: the board stays open, is told why, and hears nothing of the day meanwhile; shared again, it
    // hears the day at once (a TV on the wall comes back by itself).
    await api.$patch({ param: { dayId: day.id }, json: { board_shared: false } });
    expect(await socket!.waitFor((m) => m.type === 'paused')).toEqual({ type: 'paused', practiceId: day.id, reason: 'The coach stopped sharing the hall board.', code: 'hall_board_unshared' });
    const pausedAt = socket!.messages.length;
    await api.$patch({ param: { dayId: day.id }, json: { name: 'Renamed while paused' } });
    // A board opened meanwhile (a TV reloaded): the link is right, the day not shared; its socket waits too.
    expect(await expectRefusal(visitor.api.hall[':boardId'].$get({ param: { boardId: day.board_id } }), 409)).toMatchObject({ code: 'hall_not_shared' });
    const reloaded = (await openSocket(visitor, `hall=${day.board_id}`)).socket!;
    expect(await reloaded.waitFor((m) => m.type === 'paused')).toMatchObject({ code: 'hall_board_unshared' });
    expect(socket!.messages.slice(pausedAt)).toEqual([]);
    await api.$patch({ param: { dayId: day.id }, json: { board_shared: true } });
    const back = await socket!.waitFor((m) => m.type === 'day' && socket!.messages.indexOf(m) >= pausedAt);
    expect(back.type === 'day' && back.day.day.name).toBe('Renamed while paused');
    const reloadedBack = await reloaded.waitFor((m) => m.type === 'day');
    expect(reloadedBack.type === 'day' && reloadedBack.day.day.name).toBe('Renamed while paused');
    // A hello before the day: the board's screen counts itself live again.
    expect(reloaded.messages.map((m) => m.type)).toEqual(['paused', 'hello', 'day']);
    expect(socket!.messages.slice(pausedAt).map((m) => m.type).slice(0, 2)).toEqual(['hello', 'day']);
    // A new link ends the old one's sockets and lookups.
    await api.board.$post({ param: { dayId: day.id } });
    expect(await socket!.closed).toBe(4001);
    expect(await reloaded.closed).toBe(4001);
    expect((await visitor.api.hall[':boardId'].$get({ param: { boardId: day.board_id } })).status).toBe(404);
  });

  it('deleting the day frees its events for another; deleting a practice takes it off the day', async () => {
    const { client, made, day, api } = await coachWithDay(2);
    const a = await made.practice('A');
    const b = await made.practice('B');
    await link(client, day.id, a.id);
    await link(client, day.id, b.id);
    const { socket } = await openSocket(client, `day=${day.id}`);
    await socket!.waitFor((m) => m.type === 'day');
    expect((await client.api.practices[':practiceId'].$delete({ param: { practiceId: b.id } })).status).toBe(200);
    expect((await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }))).events.map((e) => e.name)).toEqual(['A']);
    expect((await api.$delete({ param: { dayId: day.id } })).status).toBe(200);
    await socket!.waitFor((m) => m.type === 'day-deleted');
    expect((await api.$get({ param: { dayId: day.id } })).status).toBe(404);
    const next = await json<Day>(await client.api.days.$post({ json: { name: 'Next' } }));
    expect((await json<DaySnapshot>(await link(client, next.id, a.id))).events.map((e) => e.name)).toEqual(['A']);
  });

  it('a score answers while the day cannot be reached; the room’s alarm tells the day later, and an older word changes nothing', async () => {
    const { client, made, day, api } = await coachWithDay(2);
    const { practice, pool } = await made.practiceWithPool('Friday', ['Ann', 'Bob', 'Cleo']);
    await link(client, day.id, practice.id);
    const unreachable = { idFromName: (name: string) => env.DAY_ROOM.idFromName(name), get: () => ({ eventChanged: () => Promise.reject(new Error('Network connection lost.')) }) };
    const setDayRooms = (rooms: unknown) =>
      runInDurableObject(getRoom(env, practice.id), async (room: PracticeRoom) => {
        (room as unknown as { env: typeof env }).env = { ...env, DAY_ROOM: rooms as typeof env.DAY_ROOM };
      });
    await setDayRooms(unreachable);
    const [a, b] = pool.players;
    expect((await client.api.practices[':practiceId'].pools[':poolId'].bouts.$post({ param: { practiceId: practice.id, poolId: pool.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 1, version: 0 } })).status).toBe(200);
    const failures = () => runInDurableObject(getRoom(env, practice.id), async (_room, state) => state.storage.sql.exec<{ day_failures: number }>('SELECT day_failures FROM room').one().day_failures);
    await vi.waitFor(async () => expect(await failures()).toBeGreaterThan(0), { timeout: 5000, interval: 50 });
    const before = await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }));
    expect(before.events[0]!.pools[0]!.done).toBe(0);

    await setDayRooms(env.DAY_ROOM);
    expect(await runDurableObjectAlarm(getRoom(env, practice.id))).toBe(true);
    const after = await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }));
    expect(after.events[0]!.pools[0]).toMatchObject({ done: 1, bouts: 3 });
    expect(await failures()).toBe(0);
    // A word older than the day's is acknowledged and changes nothing.
    expect(await getDayRoom(env, day.id).eventChanged(1, { practiceId: practice.id, weapon: 'epee', pools: [], tableau: null, matches: [] })).toBe(true);
    expect((await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }))).events[0]!.pools).toHaveLength(1);
    // A practice that is not one of the day's events is told so.
    expect(await getDayRoom(env, day.id).eventChanged(99, { practiceId: crypto.randomUUID(), weapon: 'epee', pools: [], tableau: null, matches: [] })).toBe(false);
  });

  it('seats a neutral referee on each pool from the roster’s clubs; the coach’s choice stands, marked not neutral', async () => {
    const { client, made, day, api } = await coachWithDay(2);
    const lions = await Promise.all(['Ann', 'Bob', 'Cleo'].map((name) => made.athlete({ name, club: 'Lions' })));
    const tigers = await Promise.all(['Dan', 'Eve', 'Finn'].map((name) => made.athlete({ name, club: 'Tigers' })));
    const practice = await made.practice('Saturday');
    await made.pools(practice.id, lions.map((a) => ({ athlete_id: a.id })));
    await made.pools(practice.id, tigers.map((a) => ({ athlete_id: a.id })));
    await link(client, day.id, practice.id);
    // Rita is a Lion from the roster (her name and club come from it, whatever the screen sent); Tom is typed.
    const rita = await made.athlete({ name: 'Rita', club: 'Lions' });
    const listed = await json<DaySnapshot>(
      await api.referees.$put({ param: { dayId: day.id }, json: { referees: [{ name: 'Someone else', club: 'Nobody', athlete_id: rita.id }, { name: 'Tom', club: 'Tigers' }] } }),
    );
    expect(listed.referees.map((r) => [r.name, r.club, r.athlete_id])).toEqual([['Rita', 'Lions', rita.id], ['Tom', 'Tigers', null]]);
    const placed = await json<DaySnapshot>(await api.placements.$post({ param: { dayId: day.id } }));
    const poolOf = (p: { pool_id: string }) => placed.events[0]!.pools.find((x) => x.id === p.pool_id)!;
    const refereeOf = (id: string | null) => placed.referees.find((r) => r.id === id)?.name;
    const byPool = Object.fromEntries(placed.placements.map((p) => [poolOf(p).athletes.includes(lions[0]!.id) ? 'lions' : 'tigers', [refereeOf(p.referee_id), p.neutral]]));
    expect(byPool).toEqual({ lions: ['Tom', true], tigers: ['Rita', true] });

    const lionsPool = placed.placements.find((p) => poolOf(p).athletes.includes(lions[0]!.id))!;
    const ritaId = placed.referees[0]!.id;
    const chosen = await json<DaySnapshot>(await api.placements[':poolId'].referee.$put({ param: { dayId: day.id, poolId: lionsPool.pool_id }, json: { referee_id: ritaId } }));
    expect(chosen.placements.find((p) => p.pool_id === lionsPool.pool_id)).toMatchObject({ referee_id: ritaId, referee_override: true, neutral: false });
    // The other pool is refereed by Tom now (Rita has the Lions), though he is a Tiger: nobody neutral is left.
    expect(chosen.placements.find((p) => p.pool_id !== lionsPool.pool_id)).toMatchObject({ referee_id: chosen.referees[1]!.id, neutral: false });

    const { client: other } = await signedUpCoach('Other');
    const theirs = await seed(viaClient(other)).athlete({ name: 'Spy', club: 'Lions' });
    const foreign = await api.referees.$put({ param: { dayId: day.id }, json: { referees: [{ name: 'Spy', athlete_id: theirs.id }] } });
    expect(foreign.status).toBe(404);
    expect(await expectRefusal(client.request('PUT', `/api/days/${day.id}/referees`, { referees: Array.from({ length: 201 }, (_, i) => ({ name: `R${i}` })) }), 400)).toMatchObject({ code: 'day_referees_most' });
    expect((await api.placements[':poolId'].referee.$put({ param: { dayId: day.id, poolId: lionsPool.pool_id }, json: { referee_id: 'not-a-referee' } })).status).toBe(404);
    expect((await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }))).referees.map((r) => r.name)).toEqual(['Rita', 'Tom']);
  });

  it('calls tableau matches to free pistes as they become ready, the final to the final piste; a result frees the piste, a corrected winner is called again', async () => {
    const { client, made, day, api } = await coachWithDay(2);
    const { practice, pool } = await made.practiceWithPool('Sunday', ['Ann', 'Bob', 'Cleo', 'Dan']);
    await link(client, day.id, practice.id);
    await api.placements.$post({ param: { dayId: day.id } });
    const pistes = Object.fromEntries((await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }))).pistes.map((p) => [p.name, p.id]));
    const dayNow = async () => json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }));
    const callsNow = async () => (await dayNow()).calls.map((c) => `${c.names.join(' v ')} @${Object.keys(pistes).find((n) => pistes[n] === c.piste_id)}`);
    // Nothing is called while the pool fences: its piste is busy and the tableau is not drawn.
    expect((await dayNow()).calls).toEqual([]);
    await made.fenceAll(pool);
    // Ann 1, Bob 2, Cleo 3, Dan 4: the semi-finals 1 v 4 and 3 v 2 (names as the pool sheet writes them). Piste 1
    // is kept for the final, so the first semi takes piste 2 and the second the final piste, nothing else being free.
    await vi.waitFor(async () => expect(await callsNow()).toEqual(['ANN v DAN @2', 'CLEO v BOB @1']), { timeout: 5000, interval: 100 });

    const names = Object.fromEntries(pool.players.map((p) => [p.name.toUpperCase(), p.id]));
    const score = async (position: number, p1: string, p2: string, s1: number, s2: number) => {
      const bracket = await made.bracket(practice.id);
      const version = bracket.matches.find((m) => m.round === 1 && m.position === position)?.version ?? 0;
      const res = await client.api.practices[':practiceId'].bracket.scores.$post({ param: { practiceId: practice.id }, json: { round: 1, position, player1_id: names[p1]!, player2_id: names[p2]!, player1_score: s1, player2_score: s2, version } });
      expect(res.status).toBe(200);
    };
    await score(1, 'CLEO', 'BOB', 9, 15);
    // Bob's semi is done: its piste is free, but the final waits for Ann v Dan.
    await vi.waitFor(async () => expect(await callsNow()).toEqual(['ANN v DAN @2']), { timeout: 5000, interval: 100 });
    await score(0, 'ANN', 'DAN', 15, 11);
    await vi.waitFor(async () => expect(await callsNow()).toEqual(['ANN v BOB @1']), { timeout: 5000, interval: 100 });
    // The semi's winner was typed wrong: Dan won. The final's call goes, and Dan v Bob is called.
    await score(0, 'ANN', 'DAN', 12, 15);
    await vi.waitFor(async () => expect(await callsNow()).toEqual(['DAN v BOB @1']), { timeout: 5000, interval: 100 });

    // The coach's steps: on piste (over the version seen), a stale step refused, a cancel holds the match back.
    const final = (await dayNow()).calls[0]!;
    const step = (event: 'on-piste' | 'cancel-call', version: number) => api.calls[':callId'].$post({ param: { dayId: day.id, callId: final.id }, json: { event, version } });
    const onPiste = await json<DaySnapshot>(await step('on-piste', final.version));
    expect(onPiste.calls[0]).toMatchObject({ state: 'on-piste', version: final.version + 1 });
    expect(await expectRefusal(step('cancel-call', final.version), 409)).toMatchObject({ code: 'call_moved' });
    const cancelled = await json<DaySnapshot>(await step('cancel-call', final.version + 1));
    // Held back: not called again though its fencers and the final piste are free.
    expect(cancelled.calls).toEqual([]);
    expect(cancelled.held.map((h) => h.names.join(' v '))).toEqual(['DAN v BOB']);
    const again = await json<DaySnapshot>(await api.held[':callId'].$delete({ param: { dayId: day.id, callId: final.id } }));
    expect(again.held).toEqual([]);
    expect(again.calls.map((c) => [c.names.join(' v '), c.state, c.version])).toEqual([['DAN v BOB', 'called', 1]]);
    // Only the coach: a guest gets 403, another coach 404, nobody 401; an unknown call 404; a bad step 400.
    const { client: other } = await signedUpCoach('Other');
    expect((await other.api.days[':dayId'].calls[':callId'].$post({ param: { dayId: day.id, callId: final.id }, json: { event: 'cancel-call', version: 1 } })).status).toBe(404);
    expect((await new Client().api.days[':dayId'].calls[':callId'].$post({ param: { dayId: day.id, callId: final.id }, json: { event: 'cancel-call', version: 1 } })).status).toBe(401);
    const shared = await made.share(practice.id);
    const { guest } = await joinAsGuest(shared.room_code);
    expect((await guest.api.days[':dayId'].calls[':callId'].$post({ param: { dayId: day.id, callId: final.id }, json: { event: 'cancel-call', version: 1 } })).status).toBe(403);
    expect((await api.calls[':callId'].$post({ param: { dayId: day.id, callId: 'nope' }, json: { event: 'cancel-call', version: 1 } })).status).toBe(404);
    expect(await expectRefusal(client.request('POST', `/api/days/${day.id}/calls/${encodeURIComponent(final.id)}`, { event: 'finish', version: 1 }), 400)).toMatchObject({ code: 'call_step' });
    expect((await dayNow()).calls.map((c) => c.state)).toEqual(['called']);
  });
});
