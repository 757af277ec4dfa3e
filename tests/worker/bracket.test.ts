import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { isBoutOf } from '../../core/fencing/bout-result';
import type { BracketSnapshot, MatchConflict, MatchesDelta } from '../../core/contracts/tableau';
import { resolveTableau } from '../../core/fencing/tableau';
import { roomDb } from '../../worker/db/client';
import { scoreMatch } from '../../core/fencing/bracket';
import { freezeBracket, loadBracket, writeMatchScore } from '../../worker/store/room/bracket';
import { openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';

/** A practice with one pool of `n` fenced fencers: the lower-numbered always wins 5–(index). */
async function fencedPractice(client: Client, n: number) {
  const api = seed(viaClient(client));
  const { practice, pool } = await api.practiceWithPool('DE night', Array.from({ length: n }, (_, i) => `F${i + 1}`));
  await api.fenceAll(pool, (_, j) => [5, j % 5]);
  return { practice, pool: await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } })) };
}

async function tableauOf(client: Client, practiceId: string) {
  const [pools, bracket] = await Promise.all([
    await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practiceId } })),
    json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practiceId } })),
  ]);
  return { bracket, tableau: resolveTableau(pools, bracket) };
}

const score = (client: Client, practiceId: string, body: Record<string, unknown>) => client.post(`/api/practices/${practiceId}/bracket/scores`, body);

describe('the tableau', () => {
  it('is not drawn while pool bouts remain', async () => {
    const { client } = await signedUpCoach();
    const practice = await seed(viaClient(client)).practice('Early');
    await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } });
    const { tableau } = await tableauOf(client, practice.id);
    expect(tableau.matches).toEqual([]);
    expect(tableau.remaining).toBe(3);
    expect((await expectRefusal(score(client, practice.id, { round: 1, position: 0, player1_id: 'x', player2_id: 'y', player1_score: 15, player2_score: 3, version: 0 }), 409)).error).toBe('Complete pool matches to generate the elimination bracket.');
  });

  it('saves a score with its advancement, freezes the seeding, and a changed winner clears what it had reached', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 4);
    let { tableau } = await tableauOf(client, practice.id);
    expect(tableau.seeds.map((s) => s.name)).toEqual(['F1', 'F2', 'F3', 'F4']);
    const [semi1, semi2] = tableau.matches.filter((m) => m.round === 1);
    expect([semi1!.player1_id, semi1!.player2_id]).toEqual([tableau.seeds[0]!.id, tableau.seeds[3]!.id]);

    let res = await score(client, practice.id, { round: 1, position: 0, player1_id: semi1!.player1_id, player2_id: semi1!.player2_id, player1_score: 15, player2_score: 9, version: 0 });
    expect(res.status).toBe(200);
    // The answer is a delta: the matches the score wrote, and (it froze the draw) the seeding.
    const delta = await json<MatchesDelta>(res);
    expect(delta.version).toBe(1);
    expect(delta.seeding!.map((s) => s.name)).toEqual(['F1', 'F2', 'F3', 'F4']);
    expect(delta.matches.map((m) => [m.round, m.position, m.version])).toEqual([[1, 0, 1], [2, 0, 1]]);
    const saved = await json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } }));
    expect(saved.matches).toHaveLength(3);
    ({ tableau } = await tableauOf(client, practice.id));
    expect(tableau.matches.find((m) => m.round === 2)!.player1_id).toBe(tableau.seeds[0]!.id);

    expect(saved.matches.map((m) => m.version)).toEqual([1, 0, 1]);
    await score(client, practice.id, { round: 1, position: 1, player1_id: semi2!.player1_id, player2_id: semi2!.player2_id, player1_score: 15, player2_score: 14, version: 0 });
    ({ tableau } = await tableauOf(client, practice.id));
    const final = tableau.matches.find((m) => m.round === 2)!;
    expect(final.version).toBe(2);
    await score(client, practice.id, { round: 2, position: 0, player1_id: final.player1_id, player2_id: final.player2_id, player1_score: 15, player2_score: 11, version: 2 });

    // Seed 4 actually won the first semi-final: the final loses its fencer, scores and winner.
    res = await score(client, practice.id, { round: 1, position: 0, player1_id: semi1!.player1_id, player2_id: semi1!.player2_id, player1_score: 8, player2_score: 15, version: 1 });
    expect(res.status).toBe(200);
    ({ tableau } = await tableauOf(client, practice.id));
    expect(tableau.matches.find((m) => m.round === 2)).toMatchObject({
      player1_id: semi1!.player2_id, player2_id: semi2!.player1_id, player1_score: null, player2_score: null, winner_id: null,
    });
  });

  it('refuses bad scores with 400 and a stale match with 409', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 4);
    const { tableau } = await tableauOf(client, practice.id);
    const m = tableau.matches[0]!;
    const base = { round: 1, position: 0, player1_id: m.player1_id, player2_id: m.player2_id, version: 0 };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, player1_score: 15, player2_score: 3, version: -1 }, 400, 'Say which version of the match this result replaces'],
      [{ ...base, player1_score: 15, player2_score: 3, version: undefined }, 400, 'Say which version of the match this result replaces'],
      [{ ...base, player1_score: 16, player2_score: 3 }, 400, 'Scores must be whole numbers from 0 to 15'],
      [{ ...base, player1_score: -2, player2_score: 3 }, 400, 'Scores must be whole numbers of 0 or more'],
      [{ ...base, player1_score: 7.5, player2_score: 3 }, 400, 'Scores must be whole numbers of 0 or more'],
      [{ ...base, player2_id: m.player1_id, player1_id: m.player2_id, player1_score: 15, player2_score: 3 }, 409, 'This match changed while the score was being entered. The tableau now shows its current state.'],
      [{ ...base, round: 9, player1_score: 15, player2_score: 3 }, 404, 'Match not found'],
    ];
    for (const [body, status, error] of cases) {
      const res = await score(client, practice.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await json(res)).error).toBe(error);
    }
    expect((await json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } }))).version).toBe(0);
  });

  it('a tie without priority saves no winner; with priority the named fencer advances', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 4);
    const { tableau } = await tableauOf(client, practice.id);
    const m = tableau.matches[0]!;
    const base = { round: 1, position: 0, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 14, player2_score: 14, version: 0 };
    await score(client, practice.id, base);
    let t = (await tableauOf(client, practice.id)).tableau;
    expect(t.matches[0]!.winner_id).toBeNull();
    await score(client, practice.id, { ...base, priority_id: m.player2_id, version: 1 });
    t = (await tableauOf(client, practice.id)).tableau;
    expect(t.matches[0]!.winner_id).toBe(m.player2_id);
    expect(t.matches.find((x) => x.round === 2)!.player1_id).toBe(m.player2_id);
  });

  it('once scored, pool changes do not reshuffle it: it is marked stale until the coach regenerates', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await fencedPractice(client, 4);
    const m = (await tableauOf(client, practice.id)).tableau.matches[0]!;
    await score(client, practice.id, { round: 1, position: 0, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 2, version: 0 });
    // F4 now beats everyone in the pools (each bout rewritten over the version it stands at).
    const fenced = await expectAnswer(client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    for (const i of [0, 1, 2]) {
      const [a, b] = [pool.players[3]!.id, pool.players[i]!.id];
      const version = fenced.bouts.find((x) => isBoutOf(x, a, b))!.version;
      expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a, player2_id: b, score1: 5, score2: 0, version } })).status).toBe(200);
    }
    let { tableau } = await tableauOf(client, practice.id);
    expect(tableau.stale).toBe(true);
    expect(tableau.seeds[0]!.name).toBe('F1');
    expect(tableau.matches[0]!.winner_id).toBe(m.player1_id);

    const reset = await client.api.practices[':practiceId'].bracket.$delete({ param: { practiceId: practice.id } });
    expect(reset.status).toBe(200);
    ({ tableau } = await tableauOf(client, practice.id));
    expect(tableau.stale).toBe(false);
    expect(tableau.seeds[0]!.name).toBe('F4');
    expect(tableau.matches.every((x) => x.winner_id === null)).toBe(true);
  });

  it('a score and its advancement land together or not at all', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 4);
    const db = roomDb(env.DB);
    const { tableau } = await tableauOf(client, practice.id);
    const p = await expectAnswer(client.api.practices[':practiceId'].$get({ param: { practiceId: practice.id } }));
    await freezeBracket(db, p, tableau.seeds, tableau.matches);
    const m = tableau.matches[0]!;
    const change = scoreMatch(tableau.matches, { round: 1, position: 0, player1_score: 15, player2_score: 3 })!;
    // The advancement carries an invalid score, so the batch fails: the match write must not survive.
    const bad = change.later.map((l) => ({ ...l, set: { ...l.set, player1_score: -1 } }));
    const ok = await writeMatchScore(db, practice.id, change.target, [m.player1_id!, m.player2_id!], 0, bad, { key: 'k-atomic-1', practiceId: practice.id }).catch(() => 'failed');
    expect(ok).toBe('failed');
    const after = await loadBracket(db, practice.id);
    expect(after.matches.map((x) => [x.player1_score, x.winner_id, x.version])).toEqual([[null, null, 0], [null, null, 0], [null, null, 0]]);
    expect(after.version).toBe(0);
    // Nor is its idempotency key kept: the same write, made right, applies.
    const good = await writeMatchScore(db, practice.id, change.target, [m.player1_id!, m.player2_id!], 0, change.later, { key: 'k-atomic-1', practiceId: practice.id });
    expect(good.ok).toBe(true);
  });

  it('two clients entering different winners for one match at the same version: one applies, the other gets 409 with it', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 8);
    const s1 = (await openSocket(client, `practice=${practice.id}`)).socket!;
    try {
      const m = (await tableauOf(client, practice.id)).tableau.matches[0]!;
      const base = { round: 1, position: 0, player1_id: m.player1_id, player2_id: m.player2_id, version: 0 };
      const answers = await Promise.all([
        score(client, practice.id, { ...base, player1_score: 15, player2_score: 10 }),
        score(client, practice.id, { ...base, player1_score: 9, player2_score: 15 }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const lost = await json<MatchConflict>(answers.find((a) => a.status === 409)!);
      expect(lost.error).toBe('Someone else changed this match meanwhile. The tableau shows their result: enter yours again to replace it.');
      const { bracket, tableau } = await tableauOf(client, practice.id);
      const first = tableau.matches[0]!;
      expect(lost.current).toMatchObject({ player1_score: first.player1_score, player2_score: first.player2_score, winner_id: first.winner_id, version: 1 });
      const next = tableau.matches.find((x) => x.round === 2 && x.position === 0)!;
      expect(next.player1_id).toBe(first.winner_id);
      expect(first.winner_id === m.player1_id ? first.player1_score! > first.player2_score! : first.player2_score! > first.player1_score!).toBe(true);
      // Every open screen ends on that same state.
      // Every open screen receives the delta of the score that applied.
      const last = await s1.waitFor((msg) => msg.type === 'matches' && msg.delta.version === bracket.version);
      expect(last.type === 'matches' && last.delta.matches).toEqual(bracket.matches.filter((x) => x.version > 0));
    } finally {
      s1.ws.close();
    }
  });

  it('versions belong to the match: scores of different matches at the same moment all apply', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 8);
    let { tableau } = await tableauOf(client, practice.id);
    const firstRound = tableau.matches.filter((m) => m.round === 1);
    // All four quarter-finals at once, the first of them freezing the draw.
    const opening = await Promise.all(firstRound.map((m) => score(client, practice.id, { round: 1, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 5, version: 0 })));
    expect(opening.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // Then the two quarter-finals feeding the same semi-final, thirty times at the same moment: 60 saves, no 409.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      ({ tableau } = await tableauOf(client, practice.id));
      const [q0, q1] = [0, 1].map((p) => tableau.matches.find((m) => m.round === 1 && m.position === p)!);
      const answers = await Promise.all(
        [q0!, q1!].map((m, k) => score(client, practice.id, { round: 1, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: (i + k) % 2 ? 15 : 4, player2_score: (i + k) % 2 ? 4 : 15, version: m.version })),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    ({ tableau } = await tableauOf(client, practice.id));
    const [q0, q1] = [0, 1].map((p) => tableau.matches.find((m) => m.round === 1 && m.position === p)!);
    const semi = tableau.matches.find((m) => m.round === 2 && m.position === 0)!;
    expect([semi.player1_id, semi.player2_id]).toEqual([q0!.winner_id, q1!.winner_id]);
    expect(q0!.version).toBe(31);
  });

  it('a score on a quarter-final and one on the semi-final it feeds, at once, end consistent', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 8);
    let { tableau } = await tableauOf(client, practice.id);
    for (const m of tableau.matches.filter((x) => x.round === 1)) {
      await score(client, practice.id, { round: 1, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 5, version: 0 });
    }
    ({ tableau } = await tableauOf(client, practice.id));
    const q0 = tableau.matches.find((m) => m.round === 1 && m.position === 0)!;
    const semi = tableau.matches.find((m) => m.round === 2 && m.position === 0)!;
    const [a, b] = await Promise.all([
      // The quarter-final's other fencer won after all: the semi-final changes fencer.
      score(client, practice.id, { round: 1, position: 0, player1_id: q0.player1_id, player2_id: q0.player2_id, player1_score: 3, player2_score: 15, version: q0.version }),
      score(client, practice.id, { round: 2, position: 0, player1_id: semi.player1_id, player2_id: semi.player2_id, player1_score: 15, player2_score: 12, version: semi.version }),
    ]);
    expect(a.status).toBe(200);
    expect([200, 409]).toContain(b.status);
    ({ tableau } = await tableauOf(client, practice.id));
    const after = tableau.matches.find((m) => m.round === 2 && m.position === 0)!;
    // Whatever the order, the semi-final holds the new winner and no result made against the old one.
    expect(after).toMatchObject({ player1_id: q0.player2_id, player1_score: null, player2_score: null, winner_id: null });
    expect(tableau.matches.find((m) => m.round === 3)!.player1_id).toBeNull();
  });

  it('a replayed score (the same idempotency key) applies once, even sent twice at once', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 4);
    const m = (await tableauOf(client, practice.id)).tableau.matches[0]!;
    const body = { round: 1, position: 0, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 7, version: 0 };
    const url = `/api/practices/${practice.id}/bracket/scores`;
    const answers = await Promise.all([1, 2].map(() => client.request('POST', url, body, { 'idempotency-key': 'replayed-tableau-1' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const again = await client.request('POST', url, body, { 'idempotency-key': 'replayed-tableau-1' });
    expect(again.status).toBe(200);
    const { tableau } = await tableauOf(client, practice.id);
    expect(tableau.matches[0]).toMatchObject({ player1_score: 15, player2_score: 7, version: 1 });
    // A different key at the old version is a real conflict.
    expect((await client.request('POST', url, body, { 'idempotency-key': 'another-key-22' })).status).toBe(409);
  });

  it('another coach gets 404 for the tableau', async () => {
    const { client } = await signedUpCoach();
    const { client: other } = await signedUpCoach('Other');
    const { practice } = await fencedPractice(client, 2);
    expect((await other.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } })).status).toBe(404);
    expect((await other.api.practices[':practiceId'].bracket.$delete({ param: { practiceId: practice.id } })).status).toBe(404);
    expect((await score(other, practice.id, { round: 1, position: 0, player1_id: 'a', player2_id: 'b', player1_score: 15, player2_score: 1 })).status).toBe(404);
  });
});
