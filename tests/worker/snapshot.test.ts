import { describe, expect, it } from 'vitest';
import type { PracticeSnapshot } from '../../core/contracts/snapshot';
import { joinAsGuest } from '../helpers/guests';
import { openSocket } from '../helpers/sockets';
import { Client, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';

/** A member's whole practice in one read (issue 33): GET /api/practices/:id/snapshot, answered by the room. */
const snapshotOf = (client: Client, practiceId: string) => client.api.practices[':practiceId'].snapshot.$get({ param: { practiceId } });

describe('a practice snapshot: one read for everything a member\'s screens show', async () => {
  const { client: coach } = await signedUpCoach('snapcoach');
  const api = seed(viaClient(coach));
  const { practice, pool } = await api.practiceWithPool('Snapshot night', ['Ann Snap', 'Bob Snap', 'Cy Snap']);
  await api.bout(pool, pool.players[0]!.id, pool.players[1]!.id, 5, 2);
  const shared = await api.share(practice.id);

  it('the coach gets the pools, the tableau and who is in the room, and no teams for an individual practice', async () => {
    const snapshot = await expectAnswer(snapshotOf(coach, practice.id));
    expect(snapshot.pools).toEqual(await api.poolsOf(practice.id));
    expect(snapshot.bracket).toEqual(await api.bracket(practice.id));
    expect(snapshot.pools[0]!.bouts.map((b) => [b.score1, b.score2].sort())).toEqual([[2, 5]]);
    expect(snapshot.teams).toBeNull();
    expect(snapshot.teamTableau).toBeNull();
    expect(snapshot.presence).toEqual({ guests: [], spectators: expect.any(Number) as number });
    expect(snapshot.mark).toMatch(/^\w+:\d+$/);
  });

  it('a guest of the practice gets what it shares (the pools and tableau), never the teams or who is in the room', async () => {
    const { guest } = await joinAsGuest(shared.room_code, 'Parent Snap');
    const snapshot = await expectAnswer(snapshotOf(guest, practice.id));
    expect(snapshot.pools).toEqual(await api.poolsOf(practice.id));
    expect(snapshot.bracket).toEqual(await api.bracket(practice.id));
    expect(snapshot.presence).toBeNull();
    expect(snapshot.teams).toBeNull();
    // The guest is in the room the coach reads.
    expect((await expectAnswer(snapshotOf(coach, practice.id))).presence!.guests.map((g) => g.name)).toEqual(['Parent Snap']);
  });

  it('another coach gets 404, a guest of another practice 404, nobody 401', async () => {
    const { client: other } = await signedUpCoach('othersnap');
    const res = await snapshotOf(other, practice.id);
    expect(res.status).toBe(404);
    const elsewhere = await seed(viaClient(other)).practiceWithPool('Elsewhere', ['Dee Snap', 'Eve Snap']);
    const { guest: stranger } = await joinAsGuest((await seed(viaClient(other)).share(elsewhere.practice.id)).room_code, 'Stranger');
    expect((await snapshotOf(stranger, practice.id)).status).toBe(404);
    expect((await expectRefusal(snapshotOf(new Client(), practice.id), 401)).code).toBeTruthy();
  });

  it('a team practice carries its teams, relay sheet and team tableau; a guest gets its team tableau only', async () => {
    const team = await api.practice('Team snapshot night', { type: 'team' });
    await api.teams(team.id, ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'], 2);
    const snapshot = await expectAnswer(snapshotOf(coach, team.id));
    expect(snapshot.teams!.teams.map((t) => t.members.length)).toEqual([3, 3]);
    expect(snapshot.teams!.sheet).toEqual(await expectAnswer(coach.api.practices[':practiceId']['team-matches'].$get({ param: { practiceId: team.id } })));
    expect(snapshot.teamTableau).toEqual(await expectAnswer(coach.api.practices[':practiceId']['team-tableau'].$get({ param: { practiceId: team.id } })));
    const { guest } = await joinAsGuest((await api.share(team.id)).room_code, 'Team parent');
    const guestSees = await expectAnswer(snapshotOf(guest, team.id));
    expect(guestSees.teams).toBeNull();
    expect(guestSees.teamTableau).toEqual(snapshot.teamTableau);
  });

  it('carries the mark the socket\'s hello repeats while nothing changed, and a later one after a change', async () => {
    const before = await expectAnswer(snapshotOf(coach, practice.id));
    const socket = (await openSocket(coach, `practice=${practice.id}`)).socket!;
    expect(await socket.waitFor((m) => m.type === 'hello')).toMatchObject({ mark: before.mark });
    const version = before.pools[0]!.bouts[0]!.version;
    await api.bout(pool, pool.players[0]!.id, pool.players[1]!.id, 5, 3, version);
    const after: PracticeSnapshot = await expectAnswer(snapshotOf(coach, practice.id));
    expect(after.mark).not.toBe(before.mark);
    const second = (await openSocket(coach, `practice=${practice.id}`)).socket!;
    expect(await second.waitFor((m) => m.type === 'hello')).toMatchObject({ mark: after.mark });
    socket.ws.close();
    second.ws.close();
  });

  it('a guest who joins after the coach\'s read is in the presence the coach\'s socket gets right after its hello', async () => {
    const { practice: p } = await api.practiceWithPool('Presence night', ['Ida Pres', 'Jo Pres']);
    const code = (await api.share(p.id)).room_code;
    const read = await expectAnswer(snapshotOf(coach, p.id));
    expect(read.presence!.guests).toEqual([]);
    // Another screen of the coach's, open all along, hears the join (the room tells it once, a moment later).
    const open = (await openSocket(coach, `practice=${p.id}`)).socket!;
    await joinAsGuest(code, 'Late Parent');
    await open.waitFor((m) => m.type === 'presence' && m.presence.guests.length === 1);
    // The screen that read before the join opens its socket only now, after that message went out.
    const socket = (await openSocket(coach, `practice=${p.id}`)).socket!;
    // Who comes and goes does not move the mark (boards come by the hundred): the hello alone would not catch it.
    expect(await socket.waitFor((m) => m.type === 'hello')).toMatchObject({ mark: read.mark });
    const presence = await socket.waitFor((m) => m.type === 'presence');
    expect(presence.type === 'presence' && presence.presence.guests.map((g) => g.name)).toEqual(['Late Parent']);
    socket.ws.close();
    open.ws.close();
  });
});
