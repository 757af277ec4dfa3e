import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { getRoom } from '../../worker/room/room';
import type { Day, DaySnapshot, EventCalls } from '../../core/contracts/days';
import type { LiveMessage } from '../../core/live-messages';
import { joinAsGuest } from '../helpers/guests';
import { seed, viaClient } from '../helpers/seed';
import { guestSocket, openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';

type DayCallsMessage = Extract<LiveMessage, { type: 'day-calls' }>;
const isCalls = (m: LiveMessage): m is DayCallsMessage => m.type === 'day-calls';

/**
 * A day with two events on 4 pistes: Sunday's pool of four fenced, so its semi-finals are called; Monday's
 * pool waits on a piste. Both practices share their room codes.
 */
async function dayWithCalls() {
  const { client } = await signedUpCoach();
  const made = seed(viaClient(client));
  const day = await json<Day>(await client.api.days.$post({ json: { name: 'Club open', date: '2026-12-05', venue: null } }));
  const api = client.api.days[':dayId'];
  await api.pistes.$put({ param: { dayId: day.id }, json: { pistes: [{ name: 'Red', final: true }, { name: 'Blue' }, { name: 'Green' }, { name: 'White' }] } });
  const sunday = await made.practiceWithPool('Sunday', ['Ann', 'Bob', 'Cleo', 'Dan']);
  const monday = await made.practiceWithPool('Monday', ['Eve', 'Fay', 'Gus']);
  for (const p of [sunday, monday]) await api.events[':practiceId'].$put({ param: { dayId: day.id, practiceId: p.practice.id } });
  expect((await api.placements.$post({ param: { dayId: day.id } })).status).toBe(200);
  await made.fenceAll(sunday.pool);
  const dayNow = async () => json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }));
  await vi.waitFor(async () => expect((await dayNow()).calls).toHaveLength(2), { timeout: 5000, interval: 100 });
  const codes = await Promise.all([sunday, monday].map((p) => made.share(p.practice.id)));
  return { client, day, api, dayNow, sunday: { ...sunday, code: codes[0]!.room_code }, monday: { ...monday, code: codes[1]!.room_code } };
}

const step = (who: Client, practiceId: string, callId: string, body: { event: 'on-piste' | 'cancel-call'; version: number }, key?: string) =>
  who.api.practices[':practiceId'].calls[':callId'].$post({ param: { practiceId, callId }, json: body }, key ? { headers: { 'idempotency-key': key } } : undefined);


describe('an event’s calls on its own screens (issue 28)', () => {
  it('tells the event’s sockets its calls and where its pools fence; a guest marks a call on piste only once the coach allows it', async () => {
    const { client, day, api, dayNow, sunday } = await dayWithCalls();
    const { guest } = await joinAsGuest(sunday.code);
    const socket = await guestSocket(guest, sunday.practice.id);
    // On connect: the two semi-finals, on the pistes the day gave them, and the pool's piste and flight.
    const first = (await socket.waitFor((m) => isCalls(m) && m.calls !== null && m.calls.calls.length === 2)) as DayCallsMessage;
    const snapshot = await dayNow();
    const pisteName = (id: string) => snapshot.pistes.find((p) => p.id === id)!.name;
    expect(first.calls!.calls.map((c) => [c.match_id, c.piste, c.state]).sort()).toEqual(snapshot.calls.map((c) => [c.match_id, pisteName(c.piste_id), 'called']).sort());
    const placed = snapshot.placements.find((p) => p.pool_id === sunday.pool.id)!;
    expect(first.calls!.pools).toEqual([{ pool_id: sunday.pool.id, piste: pisteName(placed.piste_id), flight: placed.flight, referee: null }]);
    expect(first.calls!.guests_call).toBe(false);

    const call = first.calls!.calls[0]!;
    // Not yet allowed: 403 with its code, and nothing changed.
    expect(await expectRefusal(step(guest, sunday.practice.id, call.id, { event: 'on-piste', version: call.version }, 'guest-step-0001'), 403)).toMatchObject({ code: 'guests_call_off' });
    expect((await dayNow()).calls.find((c) => c.id === call.id)!.state).toBe('called');

    // The coach lets guests take the steps: the event's screens hear it.
    expect((await api.$patch({ param: { dayId: day.id }, json: { guests_call: true } })).status).toBe(200);
    await socket.waitFor((m) => isCalls(m) && m.calls?.guests_call === true);
    const taken = await step(guest, sunday.practice.id, call.id, { event: 'on-piste', version: call.version }, 'guest-step-0002');
    expect(taken.status).toBe(200);
    const answer = await json<EventCalls>(taken);
    expect(answer.calls.find((c) => c.id === call.id)).toMatchObject({ state: 'on-piste', version: call.version + 1 });
    // The coach's day screen shows it on piste; the event's other screens hear it too.
    expect((await dayNow()).calls.find((c) => c.id === call.id)).toMatchObject({ state: 'on-piste', version: call.version + 1 });
    await socket.waitFor((m) => isCalls(m) && m.calls?.calls.some((c) => c.id === call.id && c.state === 'on-piste') === true);

    // The same step sent again after a lost answer (same key) is taken once: 200, the version moved on once.
    expect((await expectAnswer(step(guest, sunday.practice.id, call.id, { event: 'on-piste', version: call.version }, 'guest-step-0002'))).calls.find((c) => c.id === call.id)!.version).toBe(call.version + 1);
    // A new step over the old version is stale: 409 call_moved.
    expect(await expectRefusal(step(guest, sunday.practice.id, call.id, { event: 'on-piste', version: call.version }, 'guest-step-0003'), 409)).toMatchObject({ code: 'call_moved' });
    // A guest never cancels a call: the coach does (from the event's tableau too).
    const other = first.calls!.calls[1]!;
    const cancel = await step(guest, sunday.practice.id, other.id, { event: 'cancel-call', version: other.version });
    expect(cancel.status).toBe(403);
    expect(await json(cancel)).toMatchObject({ code: 'guests_on_piste_only' });
    const byCoach = await step(client, sunday.practice.id, other.id, { event: 'cancel-call', version: other.version });
    expect(byCoach.status).toBe(200);
    expect((await dayNow()).held.map((h) => h.id)).toEqual([other.id]);
  });

  it('is the event’s alone: a guest of another event, another coach, nobody, a practice in no day and bad input are refused', async () => {
    const { client, day, api, dayNow, sunday, monday } = await dayWithCalls();
    await api.$patch({ param: { dayId: day.id }, json: { guests_call: true } });
    const call = (await dayNow()).calls[0]!;
    const body = { event: 'on-piste' as const, version: call.version };
    // Monday's guest: Sunday's path is not their practice (404), and Sunday's call is not one of Monday's (404).
    const { guest: mondayGuest } = await joinAsGuest(monday.code);
    expect((await step(mondayGuest, sunday.practice.id, call.id, body)).status).toBe(404);
    expect((await step(mondayGuest, monday.practice.id, call.id, body)).status).toBe(404);
    const { client: other } = await signedUpCoach('Other');
    expect((await step(other, sunday.practice.id, call.id, body)).status).toBe(404);
    expect((await step(new Client(), sunday.practice.id, call.id, body)).status).toBe(401);
    // A practice in no day has no calls.
    const alone = await seed(viaClient(client)).practiceWithPool('Alone', ['Hal', 'Ida', 'Jo']);
    expect((await step(client, alone.practice.id, call.id, body)).status).toBe(404);
    // Bad input: a coded 400, and a malformed idempotency key too.
    expect(await expectRefusal(client.request('POST', `/api/practices/${sunday.practice.id}/calls/${encodeURIComponent(call.id)}`, { event: 'finish', version: 1 }), 400)).toMatchObject({ code: 'call_step' });
    expect((await step(client, sunday.practice.id, call.id, body, 'no spaces!')).status).toBe(400);
    // Nothing was taken by any of these.
    expect((await dayNow()).calls.find((c) => c.id === call.id)).toMatchObject({ state: 'called', version: call.version });
  });

  it('a practice that leaves the day hears that its calls and pistes are gone', async () => {
    const { client, day, sunday } = await dayWithCalls();
    const socket = (await openSocket(client, `practice=${sunday.practice.id}`)).socket!;
    await socket.waitFor((m) => isCalls(m) && (m.calls?.calls.length ?? 0) === 2);
    expect((await client.api.days[':dayId'].events[':practiceId'].$delete({ param: { dayId: day.id, practiceId: sunday.practice.id } })).status).toBe(200);
    await socket.waitFor((m) => isCalls(m) && m.calls === null);
  });

  it('a referee who takes a called match on the referee desk is at its piste: the call is on piste', async () => {
    const { client, dayNow, sunday } = await dayWithCalls();
    const call = (await dayNow()).calls.find((c) => c.state === 'called')!;
    const claimed = await client.api.practices[':practiceId'].referee.claim.$post({
      param: { practiceId: sunday.practice.id },
      json: { target: { kind: 'tableau', round: call.round, position: call.position }, view: 'desk-view-0001' },
    });
    expect(claimed.status).toBe(200);
    await vi.waitFor(async () => expect((await dayNow()).calls.find((c) => c.id === call.id)).toMatchObject({ state: 'on-piste', version: call.version + 1 }), { timeout: 5000, interval: 100 });
    // The other semi-final, not refereed, is still only called.
    expect((await dayNow()).calls.filter((c) => c.state === 'called')).toHaveLength(1);
  });

  it('a word that reaches the room before the room heard it joined the day is refused, so the day tells it again', async () => {
    const { client } = await signedUpCoach();
    const made = seed(viaClient(client));
    const { practice, pool } = await made.practiceWithPool('Early', ['Ann', 'Bob', 'Cleo']);
    const day = await json<Day>(await client.api.days.$post({ json: { name: 'Early day', date: '2026-12-05', venue: null } }));
    const word = (seq: number) => ({ seq, guests_call: false, calls: [], pools: [{ pool_id: pool.id, piste: '1', flight: 0, referee: null }] });
    // Not linked yet: the room says no, and keeps nothing.
    expect(await getRoom(env, practice.id).dayCalls(day.id, word(1))).toBe(false);
    expect(await getRoom(env, practice.id).heldDayCalls()).toBeNull();
    await client.api.days[':dayId'].events[':practiceId'].$put({ param: { dayId: day.id, practiceId: practice.id } });
    // Linked: the same word is heard, kept, and an older one changes nothing.
    expect(await getRoom(env, practice.id).dayCalls(day.id, word(1_000))).toBe(true);
    expect((await getRoom(env, practice.id).heldDayCalls())?.pools).toEqual(word(1_000).pools);
    expect(await getRoom(env, practice.id).dayCalls(day.id, { ...word(999), pools: [] })).toBe(true);
    expect((await getRoom(env, practice.id).heldDayCalls())?.seq).toBe(1_000);
  });
});
