import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { BoutDelta, PoolSnapshot } from '../../core/contracts/pools';
import type { BracketSnapshot, MatchesDelta } from '../../core/contracts/tableau';
import type { AccountBackup } from '../../core/interop/backup';
import type { Practice } from '../../core/contracts/practices';
import { giveCard, touch, type RefereeState } from '../../core/fencing/referee';
import type { RefereeTarget } from '../../core/refereeing';
import { resolveTableau } from '../../core/fencing/tableau';
import { joinAsGuest } from '../helpers/guests';
import { openSocket } from '../helpers/sockets';
import { json, signedUpCoach, type Client } from '../helpers/worker-client';
import { expectAnswer } from '../helpers/api-client';
import { freshClient, sharedPractice } from '../security/helpers';
import { archived } from '../helpers/room-d1';

// Issue 29: the cards a referee gives are kept with the saved result, through the bout's own write.

const VIEW = 'cards-view-1';
const sent = ({ format: _format, ...rest }: RefereeState) => rest;

/** Claims a bout for the coach's referee view and sends its state (step 1). */
async function referee(client: Client, practiceId: string, target: RefereeTarget, play: (s: RefereeState, now: number) => RefereeState) {
  const claimed = await expectAnswer(client.api.practices[':practiceId'].referee.claim.$post({ param: { practiceId }, json: { target, view: VIEW } }));
  const state = play(claimed.refereeing.state, Date.now());
  const res = await client.api.practices[':practiceId'].referee.$put({ param: { practiceId }, json: { target, view: VIEW, seq: 1, sent_at: Date.now(), state: sent(state), past: [] } });
  expect(res.status).toBe(200);
  return state;
}

const archivedCards = (poolId: string) =>
  env.DB.prepare('SELECT player1_id, player2_id, cards FROM matches WHERE tournament_id = ? ORDER BY player1_id').bind(poolId).all<{ player1_id: string; player2_id: string; cards: string | null }>().then((r) => r.results);

const poolOf = (client: Client, practiceId: string, poolId: string) => expectAnswer(client.api.practices[':practiceId'].pools[':poolId'].$get({ param: { practiceId, poolId } }));

describe('cards kept with the saved result (issue 29)', () => {
  it('a refereed bout’s cards go live, are saved with its result (snapshot, archive, backup, restore) and go when it is cleared', async () => {
    const { client, practice, pool } = await sharedPractice(['ann', 'bob', 'cleo']);
    const [ann, bob, cleo] = pool.players as [PoolSnapshot['players'][number], PoolSnapshot['players'][number], PoolSnapshot['players'][number]];
    const board = (await openSocket(freshClient(), `board=${practice.board_id}`)).socket!;
    await board.waitFor((m) => m.type === 'hello');

    // Bob on the left, Ann on the right: the stored order (ids) need not be the referee's.
    const target: RefereeTarget = { kind: 'pool', pool_id: pool.id, a: bob.id, b: ann.id };
    await referee(client, practice.id, target, (s, now) => touch(giveCard(giveCard(s, 'left', 'yellow', now), 'right', 'yellow', now), 'left', now));
    const live = await board.waitFor((m) => m.type === 'referee' && m.bout.state.left === 1);
    expect(live.type === 'referee' && live.bout.state.cards).toEqual({ left: ['yellow'], right: ['yellow'] });

    // A second yellow to Ann is a red (t.158): a step, still only the referee's, then the result saved.
    const claimed = await expectAnswer(client.api.practices[':practiceId'].referee.claim.$post({ param: { practiceId: practice.id }, json: { target, view: VIEW } }));
    const more = giveCard(claimed.refereeing.state, 'right', 'yellow', Date.now());
    expect(more.cards.right).toEqual(['yellow', 'red']);
    expect((await client.api.practices[':practiceId'].referee.$put({ param: { practiceId: practice.id }, json: { target, view: VIEW, seq: 2, sent_at: Date.now(), state: sent(more), past: [] } })).status).toBe(200);

    const saved = await expectAnswer(client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: bob.id, player2_id: ann.id, score1: 5, score2: 2, version: 0 } }));
    const annFirst = ann.id < bob.id;
    const expected = annFirst ? { player1: ['yellow', 'red'], player2: ['yellow'], p_cards: 0 } : { player1: ['yellow'], player2: ['yellow', 'red'], p_cards: 0 };
    expect((saved as BoutDelta).bout?.cards).toEqual(expected);
    const heard = await board.waitFor((m) => m.type === 'bout');
    expect(heard.type === 'bout' && heard.delta.bout?.cards).toEqual(expected);
    expect((await poolOf(client, practice.id, pool.id)).bouts.find((b) => b.player1_id === (annFirst ? ann.id : bob.id))!.cards).toEqual(expected);

    // A bout typed in by hand keeps none; a body carrying cards of its own writes none (cards come from the referee desk only).
    const byHand = await client.post(`/api/pools/${pool.id}/bouts`, { player1_id: ann.id, player2_id: cleo.id, score1: 5, score2: 3, version: 0, cards: { player1: ['black'], player2: [], p_cards: 0 } });
    expect(byHand.status).toBe(200);
    expect((await json<BoutDelta>(byHand)).bout).not.toHaveProperty('cards');

    // The archive the room writes to D1, and the backup read from it.
    await vi.waitFor(async () => expect((await archivedCards(pool.id)).map((r) => r.cards && JSON.parse(r.cards))).toContainEqual(expected), { timeout: 5_000 });
    const backup = await expectAnswer(client.api.account.backup.$get());
    const bouts = backup.practices.find((p) => p.id === practice.id)!.pools[0]!.bouts;
    expect(bouts.filter((b) => b.cards)).toEqual([expect.objectContaining({ cards: expected })]);

    // A restore keeps them (on the fencers they belong to, whatever the new ids' order); a file written before cards still restores.
    const target2 = await signedUpCoach('Restorer');
    const restoredRes = await target2.client.settledApi.account.restore.$post({ json: backup });
    expect(restoredRes.status).toBe(201);
    const older = JSON.parse(JSON.stringify(backup, (k, v) => (k === 'cards' ? undefined : v))) as AccountBackup;
    expect((await target2.client.settledApi.account.restore.$post({ json: older })).status).toBe(201);
    const restored = (await json<Practice[]>(await target2.client.api.practices.$get())).filter((p) => p.name === practice.name);
    const withCards = await Promise.all(restored.map(async (p) => {
      const [rp] = await expectAnswer(target2.client.api.practices[':practiceId'].pools.$get({ param: { practiceId: p.id } }));
      const names = new Map(rp!.players.map((x) => [x.id, x.name]));
      return rp!.bouts.filter((b) => b.cards).map((b) => ({ [names.get(b.player1_id)!]: b.cards!.player1, [names.get(b.player2_id)!]: b.cards!.player2 }));
    }));
    expect(withCards.sort((x, y) => x.length - y.length)).toEqual([[], [{ [ann.name]: ['yellow', 'red'], [bob.name]: ['yellow'] }]]);

    // A score corrected by hand keeps the cards; clearing the bout clears them, and a result typed in again has none.
    const [p1, p2] = annFirst ? [ann, bob] : [bob, ann];
    const corrected = await expectAnswer(client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: p1.id, player2_id: p2.id, score1: 4, score2: 5, version: 1 } }));
    expect(corrected.bout?.cards).toEqual(expected);
    await expectAnswer(client.api.pools[':poolId'].bouts.$delete({ param: { poolId: pool.id }, json: { player1_id: p1.id, player2_id: p2.id, version: 2 } }));
    const again = await expectAnswer(client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: p1.id, player2_id: p2.id, score1: 5, score2: 0, version: 0 } }));
    expect(again.bout).not.toHaveProperty('cards');
    await vi.waitFor(async () => expect((await archivedCards(pool.id)).every((r) => r.cards === null)).toBe(true), { timeout: 5_000 });
  });

  it('only the referee holding the bout gives cards: a guest, another coach and nobody cannot', async () => {
    const { client, practice, pool } = await sharedPractice(['ann', 'bob']);
    const [ann, bob] = pool.players;
    const target: RefereeTarget = { kind: 'pool', pool_id: pool.id, a: ann!.id, b: bob!.id };
    const claimed = await expectAnswer(client.api.practices[':practiceId'].referee.claim.$post({ param: { practiceId: practice.id }, json: { target, view: VIEW } }));
    const carded = { target, view: VIEW, seq: 1, sent_at: Date.now(), state: sent(giveCard(claimed.refereeing.state, 'left', 'black', Date.now())), past: [] };

    const { guest } = await joinAsGuest(practice.room_code, 'Dana');
    const asGuest = await guest.api.practices[':practiceId'].referee.$put({ param: { practiceId: practice.id }, json: carded });
    expect(asGuest.status).toBe(409);
    const other = await signedUpCoach('Other');
    expect((await other.client.api.practices[':practiceId'].referee.$put({ param: { practiceId: practice.id }, json: carded })).status).toBe(404);
    expect((await freshClient().api.practices[':practiceId'].referee.$put({ param: { practiceId: practice.id }, json: carded })).status).toBe(401);
    // The guest's bout write with cards in its body: saved, without them.
    const guestBout = await guest.post(`/api/pools/${pool.id}/bouts`, { player1_id: ann!.id, player2_id: bob!.id, score1: 5, score2: 1, version: 0, cards: { player1: ['red'], player2: [], p_cards: 1 } });
    expect(guestBout.status).toBe(200);
    expect((await json<BoutDelta>(guestBout)).bout).not.toHaveProperty('cards');
    expect((await poolOf(client, practice.id, pool.id)).bouts.every((b) => !b.cards)).toBe(true);
  });

  it('a refereed tableau match keeps its cards with its score', async () => {
    const { client, practice, pool } = await sharedPractice(['ann', 'bob', 'cleo']);
    const [x, y, z] = pool.players;
    for (const [p, q, s1, s2] of [[x, y, 5, 1], [y, z, 5, 2], [x, z, 5, 3]] as const) {
      await expectAnswer(client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: p!.id, player2_id: q!.id, score1: s1, score2: s2, version: 0 } }));
    }
    const pools = await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }));
    const bracket = await json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } }));
    const m = resolveTableau(pools, bracket).matches.find((x) => x.player1_id && x.player2_id && !x.winner_id)!;
    await referee(client, practice.id, { kind: 'tableau', round: m.round, position: m.position }, (s, now) => giveCard(s, 'right', 'yellow', now));
    const scored = await client.post(`/api/practices/${practice.id}/bracket/scores`, {
      round: m.round, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 11, version: m.version,
    });
    expect(scored.status).toBe(200);
    const delta = await json<MatchesDelta>(scored);
    expect(delta.matches.find((s) => s.round === m.round && s.position === m.position)!.cards).toEqual({ player1: [], player2: ['yellow'], p_cards: 0 });
    await archived(practice.id);
    const backup = await expectAnswer(client.api.account.backup.$get());
    expect(backup.practices.find((p) => p.id === practice.id)!.bracket!.matches.find((s) => s.round === m.round && s.position === m.position)!.cards).toEqual({ player1: [], player2: ['yellow'], p_cards: 0 });
  });
});
