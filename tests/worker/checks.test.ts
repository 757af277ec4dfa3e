import { describe, expect, it } from 'vitest';
import type { AuditEntry, ResultCheck } from '../../core/contracts/checks';
import type { PracticeSnapshot } from '../../core/contracts/snapshot';
import { targetParam } from '../../core/refereeing';
import { resolveTableau } from '../../core/fencing/tableau';
import { errorBody } from '../../core/messages';
import { joinAsGuest } from '../helpers/guests';
import { guestSocket } from '../helpers/sockets';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { signedUpCoach, type Client } from '../helpers/worker-client';

/** Issue 58: results checked and locked, and who changed each bout's score and when. */

const audit = (client: Client, practiceId: string, bout: string) =>
  client.api.practices[':practiceId'].checks.audit.$get({ param: { practiceId }, query: { bout } });

async function sharedPool(name: string) {
  const owner = await signedUpCoach(name);
  const api = seed(viaClient(owner.client));
  const { practice, pool } = await api.practiceWithPool('Checked night', ['Ann', 'Bob', 'Cy']);
  const shared = await api.share(practice.id);
  const { guest } = await joinAsGuest(shared.room_code!, 'Marie');
  const [a, b, c] = pool.players;
  return { owner, api, practice, pool, guest, a: a!, b: b!, c: c! };
}

describe('a checked pool', () => {
  it('refuses a guest’s score with result_checked, takes the coach’s, and lists who changed the bout and when', async () => {
    const { owner, practice, pool, guest, a, b, c } = await sharedPool('Checker');
    const bouts = (client: Client) => client.api.pools[':poolId'].bouts;
    // The guest enters a score while the pool is open.
    const first = await expectAnswer(bouts(guest).$post({ param: { poolId: pool.id }, json: { player1_id: a.id, player2_id: b.id, score1: 5, score2: 3, version: 0 } }));
    // A guest's socket hears the check.
    const socket = await guestSocket(guest, practice.id);
    const marked = await expectAnswer(owner.client.api.practices[':practiceId'].checks.$put({ param: { practiceId: practice.id }, json: { scope: { kind: 'pool', pool_id: pool.id }, checked: true } }));
    expect(marked.checks.map((x: ResultCheck) => x.scope)).toEqual([{ kind: 'pool', pool_id: pool.id }]);
    const heard = await socket.waitFor((m) => m.type === 'checks');
    expect(heard.type === 'checks' && heard.checks.map((x) => x.scope)).toEqual([{ kind: 'pool', pool_id: pool.id }]);

    // The guest can no longer change, clear or add a result of the pool, nor referee its bouts.
    const refused = await expectRefusal(bouts(guest).$post({ param: { poolId: pool.id }, json: { player1_id: a.id, player2_id: b.id, score1: 4, score2: 5, version: first.bout!.version } }), 409);
    expect(refused).toMatchObject(errorBody('This result is checked and final: only the coach can change it now.'));
    expect(refused.code).toBe('result_checked');
    await expectRefusal(bouts(guest).$post({ param: { poolId: pool.id }, json: { player1_id: a.id, player2_id: c.id, score1: 5, score2: 0, version: 0 } }), 409);
    await expectRefusal(bouts(guest).$delete({ param: { poolId: pool.id }, json: { player1_id: a.id, player2_id: b.id, version: first.bout!.version } }), 409);
    const claim = await expectRefusal(guest.api.practices[':practiceId'].referee.claim.$post({ param: { practiceId: practice.id }, json: { target: { kind: 'pool', pool_id: pool.id, a: a.id, b: c.id }, view: 'view-guest-1' } }), 409);
    expect(claim.code).toBe('result_checked');
    // Nothing of it was written.
    const standing = await expectAnswer(owner.client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(standing.bouts.map((x) => [x.score1, x.score2])).toEqual([[first.bout!.score1, first.bout!.score2]]);

    // The coach corrects it: it goes through, and the bout's list says who, when and that it came after the check.
    const corrected = await expectAnswer(bouts(owner.client).$post({ param: { poolId: pool.id }, json: { player1_id: b.id, player2_id: a.id, score1: 5, score2: 4, version: first.bout!.version } }));
    const bout = targetParam({ kind: 'pool', pool_id: pool.id, a: a.id, b: b.id });
    const { entries } = await expectAnswer(audit(owner.client, practice.id, bout));
    const [lo] = [a.id, b.id].sort();
    const aFirst = lo === a.id;
    const asSheet = (e: AuditEntry) => ({ who: `${e.role} ${e.name}`, a: aFirst ? e.score1 : e.score2, b: aFirst ? e.score2 : e.score1, checked: e.checked });
    expect(entries.map(asSheet)).toEqual([
      { who: 'guest Marie', a: 5, b: 3, checked: false },
      { who: `coach ${owner.email}`, a: 4, b: 5, checked: true },
    ]);
    expect(entries[1]!.at).toBeGreaterThanOrEqual(entries[0]!.at);
    expect(corrected.bout!.version).toBe(first.bout!.version + 1);
    socket.ws.close();
  });

  it('a replayed write is listed once, and unlocking lets the guest score again', async () => {
    const { owner, practice, pool, guest, a, c } = await sharedPool('Replayer');
    const body = { player1_id: a.id, player2_id: c.id, score1: 2, score2: 5, version: 0 };
    const send = () => guest.request('POST', `/api/pools/${pool.id}/bouts`, body, { 'idempotency-key': 'k-replayed-0001' });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const bout = targetParam({ kind: 'pool', pool_id: pool.id, a: a.id, b: c.id });
    expect((await expectAnswer(audit(owner.client, practice.id, bout))).entries).toHaveLength(1);

    const checks = owner.client.api.practices[':practiceId'].checks;
    const before = (await expectAnswer(guest.api.practices[':practiceId'].snapshot.$get({ param: { practiceId: practice.id } })) as PracticeSnapshot).mark;
    await expectAnswer(checks.$put({ param: { practiceId: practice.id }, json: { scope: { kind: 'event' }, checked: true } }));
    const snapshot = await expectAnswer(guest.api.practices[':practiceId'].snapshot.$get({ param: { practiceId: practice.id } })) as PracticeSnapshot;
    expect(snapshot.checks.map((x) => x.scope)).toEqual([{ kind: 'event' }]);
    // The check moves the room's data version on: a board's cached read and a socket's hello see it.
    expect(snapshot.mark).not.toBe(before);
    // The guest's write stored before the check, sent again (its answer lost), is answered as done, not refused.
    expect((await send()).status).toBe(200);
    const version = (await expectAnswer(owner.client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }))).bouts[0]!.version;
    expect((await expectRefusal(guest.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { ...body, score1: 5, score2: 1, version } }), 409)).code).toBe('result_checked');
    await expectAnswer(checks.$put({ param: { practiceId: practice.id }, json: { scope: { kind: 'event' }, checked: false } }));
    await expectAnswer(guest.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { ...body, score1: 5, score2: 1, version } }));
  });
});

describe('a checked tableau round', () => {
  it('refuses a guest’s score in that round only, and a reset of the tableau drops the round’s check', async () => {
    const owner = await signedUpCoach('Rounds');
    const api = seed(viaClient(owner.client));
    const { practice, pool } = await api.practiceWithPool('Tableau night', ['A1', 'A2', 'A3', 'A4']);
    await api.fenceAll(pool);
    const shared = await api.share(practice.id);
    const { guest } = await joinAsGuest(shared.room_code!, 'Paul');
    const scores = (client: Client) => client.api.practices[':practiceId'].bracket.scores;
    // The tableau of four as drawn from the pool: two semi-finals (round 1) and the final (round 2).
    const drawn = resolveTableau(await api.poolsOf(practice.id), await api.bracket(practice.id)).matches;
    const [m1, m2] = drawn.filter((m) => m.round === 1 && m.player1_id && m.player2_id);
    expect([m1, m2].every(Boolean)).toBe(true);
    // The first score freezes the tableau; the coach enters it.
    await expectAnswer(scores(owner.client).$post({ param: { practiceId: practice.id }, json: { round: 1, position: m1!.position, player1_id: m1!.player1_id!, player2_id: m1!.player2_id!, player1_score: 15, player2_score: 10, version: 0 } }));
    const checks = owner.client.api.practices[':practiceId'].checks;
    // A round the tableau does not have is not found; a malformed scope is a 400 with its code.
    expect((await expectRefusal(checks.$put({ param: { practiceId: practice.id }, json: { scope: { kind: 'round', round: 9 }, checked: true } }), 404)).error).toBe('Round not found');
    const bad = await owner.client.request('PUT', `/api/practices/${practice.id}/checks`, { scope: { kind: 'piste' }, checked: true });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('check_scope');
    await expectAnswer(checks.$put({ param: { practiceId: practice.id }, json: { scope: { kind: 'round', round: 1 }, checked: true } }));
    // The guest cannot score round 1 (its other semi-final), but the coach can.
    const again = await expectRefusal(scores(guest).$post({ param: { practiceId: practice.id }, json: { round: 1, position: m2!.position, player1_id: m2!.player1_id!, player2_id: m2!.player2_id!, player1_score: 15, player2_score: 3, version: 0 } }), 409);
    expect(again.code).toBe('result_checked');
    const stored = await expectAnswer(scores(owner.client).$post({ param: { practiceId: practice.id }, json: { round: 1, position: m2!.position, player1_id: m2!.player1_id!, player2_id: m2!.player2_id!, player1_score: 15, player2_score: 3, version: 0 } }));
    expect(stored.matches.length).toBeGreaterThan(0);
    const { entries } = await expectAnswer(audit(owner.client, practice.id, targetParam({ kind: 'tableau', round: 1, position: m2!.position })));
    expect(entries.map((e) => [e.role, e.score1, e.score2, e.checked])).toEqual([['coach', 15, 3, true]]);
    // The final (round 2) is open to the guest.
    const final = (await api.bracket(practice.id)).matches.find((m) => m.round === 2 && m.player1_id && m.player2_id)!;
    await expectAnswer(scores(guest).$post({ param: { practiceId: practice.id }, json: { round: 2, position: final.position, player1_id: final.player1_id!, player2_id: final.player2_id!, player1_score: 15, player2_score: 14, version: final.version } }));
    // A reset draws the rounds again: the check of round 1 goes with it, and so do its matches' lists.
    await expectAnswer(owner.client.api.practices[':practiceId'].bracket.$delete({ param: { practiceId: practice.id } }));
    const snapshot = await expectAnswer(owner.client.api.practices[':practiceId'].snapshot.$get({ param: { practiceId: practice.id } })) as PracticeSnapshot;
    expect(snapshot.checks).toEqual([]);
    expect((await expectAnswer(audit(owner.client, practice.id, targetParam({ kind: 'tableau', round: 1, position: m2!.position })))).entries).toEqual([]);
  });
});

describe('who may check and read the audit list', () => {
  it('a guest and other coaches are refused', async () => {
    const { practice, pool, guest, a, b } = await sharedPool('Ownerchecks');
    const other = await signedUpCoach('Stranger');
    const scope = { kind: 'pool' as const, pool_id: pool.id };
    const put = (client: Client) => client.api.practices[':practiceId'].checks.$put({ param: { practiceId: practice.id }, json: { scope, checked: true } });
    expect((await put(guest)).status).toBe(403);
    expect((await put(other.client)).status).toBe(404);
    const bout = targetParam({ kind: 'pool', pool_id: pool.id, a: a.id, b: b.id });
    expect((await audit(guest, practice.id, bout)).status).toBe(403);
    expect((await audit(other.client, practice.id, bout)).status).toBe(404);
    const owner = (await signedUpCoach('Unrelated')).client;
    expect((await audit(owner, practice.id, bout)).status).toBe(404);
  });

  it('the owner’s malformed bout names and foreign pools are 400 and 404', async () => {
    const { owner, practice } = await sharedPool('Bounds');
    expect((await expectRefusal(audit(owner.client, practice.id, 'pool.only-two'), 400)).code).toBe('audit_bout');
    expect((await audit(owner.client, practice.id, 'x'.repeat(300))).status).toBe(400);
    const foreign = await audit(owner.client, practice.id, targetParam({ kind: 'pool', pool_id: crypto.randomUUID(), a: 'p1', b: 'p2' }));
    expect(foreign.status).toBe(404);
    const unknownPool = await owner.client.api.practices[':practiceId'].checks.$put({ param: { practiceId: practice.id }, json: { scope: { kind: 'pool', pool_id: crypto.randomUUID() }, checked: true } });
    expect(unknownPool.status).toBe(404);
  });
});
