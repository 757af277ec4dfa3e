import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getRoom } from '../../worker/room/room';
import type { BoutDelta } from '../../core/contracts/pools';
import type { Practice, RoomPresence } from '../../core/contracts/practices';
import { errorBody } from '../../core/messages';
import { can } from '../../core/permissions';
import { boutFormat, giveCard, startBout, step, toggleClock, touch, undo, type Card, type RefereeState, type Refereeing } from '../../core/fencing/referee';
import type { LiveBout, RefereeClaim, RefereeTarget } from '../../core/refereeing';
import type { LiveMessage } from '../../core/live-messages';
import { joinAsGuest } from '../helpers/guests';
import { guestSocket, openSocket, type TestSocket } from '../helpers/sockets';
import { Client, json } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { freshClient, sharedPractice } from '../security/helpers';

const VIEW = 'phone-view-1';
const OTHER_VIEW = 'phone-view-2';

/** The state as a phone sends it: everything but the format (the room keeps its own). */
const sent = ({ format: _format, ...rest }: RefereeState) => rest;

const liveOf = (m: LiveMessage) => (m.type === 'referee' ? m.bout : null);
const scoreOn = (s: TestSocket, left: number, right: number) => s.waitFor((m) => m.type === 'referee' && m.bout.state.left === left && m.bout.state.right === right);

async function setting() {
  const shared = await sharedPractice(['ann', 'bob', 'cleo']);
  const { client, practice, pool } = shared;
  const [ann, bob] = pool.players;
  const target: RefereeTarget = { kind: 'pool', pool_id: pool.id, a: ann!.id, b: bob!.id };
  const base = `/api/practices/${practice.id}/referee`;
  const claim = (c: Client, view = VIEW) => c.post(`${base}/claim`, { target, view });
  const update = (c: Client, seq: number, state: RefereeState, view = VIEW, sentAt = Date.now()) =>
    c.request('PUT', base, { target, view, seq, sent_at: sentAt, state: sent(state), past: [] });
  /** What the app sends: the state and its undo history. */
  const send = (c: Client, seq: number, r: Refereeing) =>
    c.api.practices[':practiceId'].referee.$put({ param: { practiceId: practice.id }, json: { target, view: VIEW, seq, sent_at: Date.now(), state: sent(r.state), past: r.past.map(sent) } });
  return { ...shared, client, practice, pool, ann: ann!, bob: bob!, target, base, claim, update, send };
}

describe('referee mode: a bout touch by touch through the room (issue 18)', () => {
  it('a coach’s phone claims a bout; every touch reaches a guest’s screen and the live board at once', async () => {
    const { client, practice, ann, bob, claim, update } = await setting();
    const { guest } = await joinAsGuest(practice.room_code, 'Dana');
    const board = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    const g = await guestSocket(guest, practice.id);
    await Promise.all([board, g].map((s) => s.waitFor((m) => m.type === 'hello')));

    const res = await claim(client);
    expect(res.status).toBe(200);
    const claimed = await json<RefereeClaim>(res);
    expect(claimed.bout.left).toEqual({ id: ann.id, name: ann.name });
    expect(claimed.bout.right).toEqual({ id: bob.id, name: bob.name });
    expect(claimed.bout.referee).toBe('Coach');
    expect(claimed.refereeing.state).toEqual(startBout(boutFormat('pool', 'epee')));

    const one = touch(claimed.refereeing.state, 'left', Date.now());
    expect((await update(client, 1, one)).status).toBe(200);
    for (const s of [board, g]) {
      const live = liveOf(await scoreOn(s, 1, 0))!;
      expect(live.left.name).toBe(ann.name);
      expect(live.referee).toBe('Coach');
      expect(live.state.format.limit).toBe(5);
    }
  });

  it('keeps the bout in its own storage across a dropped socket: the same view resumes where it was, a new screen sees it at once', async () => {
    const { client, practice, claim, update } = await setting();
    const mine = (await openSocket(client, `practice=${practice.id}`)).socket!;
    await mine.waitFor((m) => m.type === 'hello');
    const state = (await json<RefereeClaim>(await claim(client))).refereeing.state;
    let s = touch(state, 'left', Date.now());
    s = touch(s, 'left', Date.now());
    s = touch(s, 'right', Date.now());
    expect((await update(client, 3, s)).status).toBe(200);
    mine.ws.close();
    await mine.closed;

    // The phone reloads: the same view id claims again and gets the bout as it stood.
    const again = await json<RefereeClaim>(await claim(client));
    expect([again.refereeing.state.left, again.refereeing.state.right]).toEqual([2, 1]);
    expect(again.seq).toBe(3);
    // A screen that opens now is told what is on the piste with its hello.
    const late = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const live = liveOf(await late.waitFor((m) => m.type === 'referee'))!;
    expect([live.state.left, live.state.right]).toEqual([2, 1]);
    // An update that crossed a later one is kept out.
    const older = await update(client, 2, touch(s, 'right', Date.now()));
    expect(await json(older)).toEqual({ ok: true, applied: false });
    expect((await json<RefereeClaim>(await claim(client))).refereeing.state.right).toBe(1);
  });

  it('refuses a second referee view (409 with who holds it) until the first hands over; then the second continues the same bout', async () => {
    const { client, practice, claim, update, base, target } = await setting();
    const { guest } = await joinAsGuest(practice.room_code, 'Dana');
    const first = (await json<RefereeClaim>(await claim(client))).refereeing.state;
    expect((await update(client, 1, touch(first, 'right', Date.now()))).status).toBe(200);

    const refused = await claim(guest, OTHER_VIEW);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual(errorBody('Coach is refereeing this bout. Ask them to hand it over.'));
    // The coach's own second tab is another view, refused the same way.
    expect((await claim(client, OTHER_VIEW)).status).toBe(409);
    // The guest cannot write into a bout they do not hold, nor hand it over for the coach.
    expect((await update(guest, 5, touch(first, 'left', Date.now()))).status).toBe(409);
    expect((await guest.post(`${base}/release`, { target, view: VIEW, discard: true })).status).toBe(409);

    expect((await client.post(`${base}/release`, { target, view: VIEW, discard: false })).status).toBe(200);
    const taken = await json<RefereeClaim>(await claim(guest, OTHER_VIEW));
    expect(taken.bout.referee).toBe('Dana');
    expect([taken.refereeing.state.left, taken.refereeing.state.right]).toEqual([0, 1]);
    // The coach's phone no longer holds it.
    expect((await update(client, 9, first)).status).toBe(409);
  });

  it('a guest who gave no name holds a bout under no English stand-in: the refusal names a guest, in a code the screen translates', async () => {
    const { client, practice, claim } = await setting();
    const { guest, answer } = await joinAsGuest(practice.room_code, '');
    expect(answer.guest_name).toBe('');
    const held = await json<RefereeClaim>(await claim(guest, OTHER_VIEW));
    expect(held.bout.referee).toBe('');
    expect(await expectRefusal(claim(client), 409)).toEqual({ error: 'A guest is refereeing this bout. Ask them to hand it over.', code: 'referee_held_unnamed' });
  });

  it('a guest sent away (sharing off, removed, or left) hands their bout over as it stands: the coach takes it at once', async () => {
    const { client, practice, claim, update, target } = await setting();
    const coachScreen = (await openSocket(client, `practice=${practice.id}`)).socket!;
    await coachScreen.waitFor((m) => m.type === 'hello');
    for (const [i, end] of (['sharing off', 'removed', 'left'] as const).entries()) {
      const { guest } = await joinAsGuest(practice.room_code, 'Rita');
      const view = `${OTHER_VIEW}-${i}`;
      const held = await json<RefereeClaim>(await claim(guest, view));
      expect((await update(guest, held.seq + 1, { ...held.refereeing.state, left: held.refereeing.state.left + 1 }, view)).status).toBe(200);
      expect((await claim(client)).status).toBe(409);
      const heard = coachScreen.messages.length;
      if (end === 'sharing off') {
        await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: false } });
        await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
      } else if (end === 'removed') {
        const { guests } = await json<RoomPresence>(await client.get(`/api/practices/${practice.id}/room`));
        expect((await client.api.practices[':practiceId'].guests[':sessionId'].$delete({ param: { practiceId: practice.id, sessionId: guests.find((g) => g.name === 'Rita')!.id } })).status).toBe(200);
      } else {
        expect((await guest.api.guest.leave.$post()).status).toBe(200);
      }
      // Every screen hears the bout held by no one, under its last referee's name, its touches kept.
      const handed = await coachScreen.waitFor((m) => m.type === 'referee' && coachScreen.messages.indexOf(m) >= heard);
      expect(liveOf(handed)).toMatchObject({ referee: 'Rita', state: { left: held.refereeing.state.left + 1 } });
      const taken = await claim(client);
      expect(taken.status).toBe(200);
      expect((await json<RefereeClaim>(taken)).refereeing.state.left).toBe(held.refereeing.state.left + 1);
      expect((await client.post(`/api/practices/${practice.id}/referee/release`, { target, view: VIEW, discard: false })).status).toBe(200);
    }
    coachScreen.ws.close();
  });

  it('spectators cannot referee: nobody gets 401, and the permission table says no', async () => {
    const { practice, target, base } = await setting();
    expect(can('spectator', 'bout.referee')).toBe(false);
    expect(can('guest', 'bout.referee')).toBe(true);
    const anyone = freshClient();
    expect((await anyone.post(`${base}/claim`, { target, view: VIEW })).status).toBe(401);
    expect((await anyone.request('PUT', base, { target, view: VIEW, seq: 1, sent_at: 1, state: sent(startBout(boutFormat('pool', 'epee'))), past: [] })).status).toBe(401);
    expect((await anyone.post(`${base}/release`, { target, view: VIEW, discard: true })).status).toBe(401);
    void practice;
  });

  it('attacks: another practice’s guest, a fenced bout, a team practice, impossible scores, bad input', async () => {
    const { client, practice, pool, ann, bob, claim, update, base, target } = await setting();
    const other = await sharedPractice(['x', 'y']);
    const { guest: stranger } = await joinAsGuest(other.practice.room_code);
    expect((await claim(stranger)).status).toBe(404);
    // Their own practice's URL with our pool in the body: still 404.
    expect((await stranger.api.practices[':practiceId'].referee.claim.$post({ param: { practiceId: other.practice.id }, json: { target, view: VIEW } })).status).toBe(404);

    const state = (await json<RefereeClaim>(await claim(client))).refereeing.state;
    expect(await expectRefusal(update(client, 1, { ...state, left: 9 }), 400)).toEqual(errorBody('This score or clock cannot belong to this bout.'));
    expect((await update(client, 1, { ...state, pCards: 1 })).status).toBe(400);
    expect((await client.request('PUT', base, { target, view: VIEW, seq: 1, sent_at: 1, state: { ...sent(state), left: -1 }, past: [] })).status).toBe(400);
    expect((await client.post(`${base}/claim`, { target, view: 'x' })).status).toBe(400);
    expect((await client.post(`${base}/claim`, { target: { kind: 'pool', pool_id: pool.id, a: ann.id, b: ann.id }, view: VIEW })).status).toBe(400);
    expect((await client.post(`${base}/claim`, { target: { kind: 'tableau', round: 0, position: 1 }, view: VIEW })).status).toBe(400);
    expect((await client.post(`${base}/claim`, { target: { kind: 'pool', pool_id: pool.id, a: ann.id, b: 'nobody' }, view: VIEW })).status).toBe(400);

    // A result typed in the grid ends the live bout for every screen; it can then no longer be refereed.
    const watcher = (await openSocket(client, `practice=${practice.id}`)).socket!;
    await watcher.waitFor((m) => m.type === 'referee');
    expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: ann.id, player2_id: bob.id, score1: 5, score2: 1, version: 0 } })).status).toBe(200);
    // Saying why: the referee's phone tells its referee the result was entered elsewhere.
    expect(await watcher.waitFor((m) => m.type === 'referee-end')).toMatchObject({ why: 'result' });
    expect(await expectRefusal(claim(client), 409)).toEqual(errorBody('This bout already has a result. Open it in the grid to change it.'));

    const team = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'team', name: 'Relays' } }));
    const teamPools = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: team.id }, json: { method: 'single', entries: [{ name: 'p' }, { name: 'q' }] } }), 201);
    const [p, q] = teamPools.pools[0]!.players;
    expect(await expectRefusal(client.api.practices[':practiceId'].referee.claim.$post({ param: { practiceId: team.id }, json: { target: { kind: 'pool', pool_id: teamPools.pools[0]!.id, a: p!.id, b: q!.id }, view: VIEW } }), 409)).toEqual(errorBody('Referee mode scores individual bouts; team matches are scored relay by relay.'));
  });

  it('reads the phone’s clock against the room’s: a phone 50 s behind still shows the right time everywhere', async () => {
    const { client, practice, claim, update } = await setting();
    const watcher = (await openSocket(client, `practice=${practice.id}`)).socket!;
    await watcher.waitFor((m) => m.type === 'hello');
    const state = (await json<RefereeClaim>(await claim(client))).refereeing.state;
    const phoneNow = Date.now() - 50_000;
    // Play! a second ago on the phone's clock.
    const running: RefereeState = { ...state, phase: 'fencing', running: true, since: phoneNow - 1_000 };
    expect((await update(client, 1, running, VIEW, phoneNow)).status).toBe(200);
    const live = liveOf(await watcher.waitFor((m) => m.type === 'referee' && m.bout.state.running)) as LiveBout;
    expect(live.now - live.state.since!).toBe(1_000);
  });

  it('refs a tableau match with the seeds from the server: 15 touches, three periods, the lower seed known', async () => {
    const { client, practice, pool, base } = await setting();
    const [x, y, z] = pool.players;
    for (const [p, q, s1, s2] of [[x, y, 5, 1], [y, z, 5, 2], [x, z, 5, 3]] as const) {
      expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: p!.id, player2_id: q!.id, score1: s1, score2: s2, version: 0 } })).status).toBe(200);
    }
    // Three fencers in a tableau of 4: the top seed has a bye, so the match with two fencers is 2 v 3.
    const answers = await Promise.all([0, 1].map((position) => client.post(`${base}/claim`, { target: { kind: 'tableau', round: 1, position }, view: VIEW })));
    const claimed = await Promise.all(answers.filter((r) => r.status === 200).map((r) => json<RefereeClaim>(r)));
    expect(claimed).toHaveLength(1);
    const { bout, refereeing } = claimed[0]!;
    expect([bout.left.seed, bout.right.seed].sort()).toEqual([2, 3]);
    expect(refereeing.state.format).toEqual(boutFormat('tableau', 'epee'));
    // The final waits for its second fencer.
    expect(await expectRefusal(client.post(`${base}/claim`, { target: { kind: 'tableau', round: 2, position: 0 }, view: VIEW }), 409)).toEqual(errorBody('This match has no two fencers yet.'));
    void practice;
  });

  it('the coach chooses who referees a pool bout; every screen is told, a new one with its hello; guests and strangers cannot', async () => {
    const { client, practice, pool, ann, bob, base } = await setting();
    const cleo = pool.players[2]!;
    const board = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    await board.waitFor((m) => m.type === 'hello');
    const res = await client.request('PUT', `${base}/duty`, { pool_id: pool.id, a: ann.id, b: bob.id, referee_id: cleo.id });
    expect(res.status).toBe(200);
    const key = [ann.id, bob.id].sort().join(':');
    expect((await json<{ chosen: Record<string, string> }>(res)).chosen).toEqual({ [key]: cleo.id });
    await board.waitFor((m) => m.type === 'duty' && m.chosen[key] === cleo.id);
    const late = (await openSocket(client, `practice=${practice.id}`)).socket!;
    await late.waitFor((m) => m.type === 'duty' && m.poolId === pool.id && m.chosen[key] === cleo.id);

    expect(await expectRefusal(client.request('PUT', `${base}/duty`, { pool_id: pool.id, a: ann.id, b: bob.id, referee_id: ann.id }), 400)).toEqual(errorBody('The referee must be another fencer of this pool who still fences.'));
    const { guest } = await joinAsGuest(practice.room_code);
    expect((await guest.request('PUT', `${base}/duty`, { pool_id: pool.id, a: ann.id, b: bob.id, referee_id: null })).status).toBe(403);
    const other = await sharedPractice(['x', 'y']);
    expect((await other.client.request('PUT', `${base}/duty`, { pool_id: pool.id, a: ann.id, b: bob.id, referee_id: null })).status).toBe(404);
    expect((await other.client.request('PUT', `/api/practices/${other.practice.id}/referee/duty`, { pool_id: pool.id, a: ann.id, b: bob.id, referee_id: null })).status).toBe(404);
    // Back to the suggestion.
    expect((await json<{ chosen: Record<string, string> }>(await client.request('PUT', `${base}/duty`, { pool_id: pool.id, a: bob.id, b: ann.id, referee_id: null }))).chosen).toEqual({});
  });

  it('a black card in a pool: the coach marks the fencer excluded (o.74.3) and the bout leaves the piste on every screen', async () => {
    const { client, practice, pool, ann, claim } = await setting();
    const watcher = (await openSocket(client, `practice=${practice.id}`)).socket!;
    await watcher.waitFor((m) => m.type === 'hello');
    expect((await claim(client)).status).toBe(200);
    await watcher.waitFor((m) => m.type === 'referee');
    expect((await client.request('PUT', `/api/pools/${pool.id}/players/${ann.id}/status`, { status: 'excluded' })).status).toBe(200);
    expect(await watcher.waitFor((m) => m.type === 'referee-end')).toMatchObject({ why: 'changed' });
    // Excluded, ann's bouts can no longer be refereed.
    expect(await expectRefusal(claim(client), 409)).toEqual(errorBody('A fencer of this bout has withdrawn or been excluded.'));
  });
});

describe('referee steps in sequence and by the rules (issue 25)', () => {
  /** The room's copy of the bout, as a phone that reloads gets it. */
  const held = async (claim: (c: Client) => Promise<Response>, c: Client) => json<RefereeClaim>(await claim(c));
  const play = (r: Refereeing, ...rules: ((s: RefereeState) => RefereeState)[]) => rules.reduce((x, rule) => step(x, rule(x.state)), r);

  it('a step numbered 1,000,000 is refused and the next real step still counts; a retry of an older one changes nothing', async () => {
    const { client, claim, send } = await setting();
    const start = (await held(claim, client)).refereeing;
    const one = play(start, (s) => touch(s, 'left', Date.now()));
    expect((await send(client, 1, one)).status).toBe(200);

    expect(await expectRefusal(send(client, 1_000_000, play(one, (s) => touch(s, 'left', Date.now()))), 409)).toEqual(errorBody('This step does not follow the last one this bout received. Open the bout again to continue.'));
    expect((await send(client, 1 + 9, play(one, (s) => touch(s, 'left', Date.now())))).status).toBe(409);
    let room = await held(claim, client);
    expect([room.seq, room.refereeing.state.left]).toEqual([1, 1]);

    // A retry of the same step, or an older one, is stale: no change.
    expect(await expectAnswer(send(client, 1, play(one, (s) => touch(s, 'right', Date.now()))))).toEqual({ ok: true, applied: false });
    const two = play(one, (s) => touch(s, 'right', Date.now()));
    expect(await expectAnswer(send(client, 2, two))).toEqual({ ok: true, applied: true });
    expect(await expectAnswer(send(client, 1, play(two, (s) => touch(s, 'right', Date.now()))))).toEqual({ ok: true, applied: false });
    room = await held(claim, client);
    expect([room.seq, room.refereeing.state.left, room.refereeing.state.right]).toEqual([2, 1, 1]);
  });

  it('a black card ends the bout: a touch, card or clock after it is refused, and twenty black cards too', async () => {
    const { client, practice, claim, send } = await setting();
    const board = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    await board.waitFor((m) => m.type === 'hello');
    const start = (await held(claim, client)).refereeing;
    const black = play(start, (s) => touch(s, 'left', Date.now()), (s) => giveCard(s, 'right', 'black', Date.now()));
    expect((await send(client, 1, black)).status).toBe(200);
    await board.waitFor((m) => m.type === 'referee' && m.bout.state.excluded === 'right');

    const after = [
      step(black, { ...black.state, left: 2 }),
      step(black, { ...black.state, cards: { ...black.state.cards, left: ['yellow'] } }),
      step(black, { ...black.state, running: true, since: Date.now() }),
      { state: { ...black.state, left: 2 }, past: black.past },
      { state: { ...black.state, cards: { left: [], right: Array<Card>(20).fill('black') } }, past: black.past },
    ];
    for (const [i, r] of after.entries()) {
      expect(await expectRefusal(send(client, 2 + i, r), 400)).toEqual(errorBody('These hits or cards break the rules of this bout: nothing follows a black card, and a second yellow is a red.'));
    }
    const room = await held(claim, client);
    expect([room.seq, room.refereeing.state.left, room.refereeing.state.cards.right]).toEqual([1, 1, ['black']]);
  });

  it('the app’s own flow still passes: steps 1, 2, 3, an undo, the black card undone, steps kept offline sent as one', async () => {
    const { client, practice, claim, send } = await setting();
    const board = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    await board.waitFor((m) => m.type === 'hello');
    let r = (await held(claim, client)).refereeing;
    let seq = 0;
    const tap = async (rule: (x: Refereeing) => Refereeing) => {
      r = rule(r);
      const res = await send(client, ++seq, r);
      expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
      expect(await json(res)).toEqual({ ok: true, applied: true });
    };
    await tap((x) => play(x, (s) => toggleClock(s, Date.now())));
    await tap((x) => play(x, (s) => touch(s, 'left', Date.now())));
    await tap((x) => play(x, (s) => giveCard(s, 'left', 'yellow', Date.now())));
    await tap((x) => undo(x, Date.now()));
    await tap((x) => play(x, (s) => giveCard(s, 'right', 'black', Date.now())));
    await tap((x) => undo(x, Date.now()));
    // Six taps made offline travel as one update, numbered after the room's.
    await tap((x) => play(x, ...Array(3).fill(0).flatMap(() => [(s: RefereeState) => toggleClock(s, Date.now()), (s: RefereeState) => touch(s, 'right', Date.now())])));
    const live = await board.waitFor((m) => m.type === 'referee' && m.bout.state.right === 3);
    expect(live.type === 'referee' && [live.bout.state.left, live.bout.state.right, live.bout.state.cards]).toEqual([1, 3, { left: [], right: [] }]);
    expect((await held(claim, client)).seq).toBe(seq);
  });
});

describe('the room: publishing only publishes; a saved result ends its refereed bout where it is saved (issue 26)', () => {
  it('a bout message published as news leaves the bout on the piste; the same result saved ends it', async () => {
    const { client, practice, pool, ann, bob, claim } = await setting();
    expect((await claim(client)).status).toBe(200);
    const room = getRoom(env, practice.id);
    const delta: BoutDelta = { pool_id: pool.id, pool_version: pool.version + 1, bout: { player1_id: ann.id, player2_id: bob.id, score1: 5, score2: 1, priority_id: null, updated_at: Date.now(), version: 1 } };
    const message: Extract<LiveMessage, { type: 'bout' }> = { type: 'bout', practiceId: practice.id, delta };
    await room.publish(message);
    const socket = (await openSocket(client, `practice=${practice.id}`)).socket!;
    try {
      // Still on the piste: a screen opening now is told of it.
      await socket.waitFor((m) => m.type === 'referee' && m.bout.left.id === ann.id);
      await room.resultSaved(message);
      await socket.waitFor((m) => m.type === 'referee-end');
    } finally {
      socket.ws.close();
    }
  });
});
