import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { isBoutOf } from '../../core/fencing/bout-result';
import type { BracketSnapshot, GeneratedPools, PoolSnapshot } from '../../core/api';
import { resolveTableau } from '../../core/fencing/tableau';
import { getDb } from '../../worker/db/client';
import { loadBracket, saveBracketMatches } from '../../worker/store/bracket';
import { openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';

/** A practice with one pool of `n` fenced fencers: the lower-numbered always wins 5–(index). */
async function fencedPractice(client: Client, n: number) {
  const practice = await json(await client.post('/api/practices', { practice_type: 'individual', name: 'DE night' }));
  const names = Array.from({ length: n }, (_, i) => `F${i + 1}`);
  const { pools } = await json<GeneratedPools>(await client.post(`/api/practices/${practice.id}/pools/generate`, { method: 'single', entries: names.map((name) => ({ name })) }));
  const pool = pools[0]!;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      await client.post(`/api/pools/${pool.id}/bouts`, { player1_id: pool.players[i]!.id, player2_id: pool.players[j]!.id, score1: 5, score2: j % 5, version: 0 });
    }
  }
  return { practice, pool: await json<PoolSnapshot>(await client.get(`/api/pools/${pool.id}`)) };
}

async function tableauOf(client: Client, practiceId: string) {
  const [pools, bracket] = await Promise.all([
    json<PoolSnapshot[]>(await client.get(`/api/practices/${practiceId}/pools`)),
    json<BracketSnapshot>(await client.get(`/api/practices/${practiceId}/bracket`)),
  ]);
  return { bracket, tableau: resolveTableau(pools, bracket) };
}

const score = (client: Client, practiceId: string, body: Record<string, unknown>) => client.post(`/api/practices/${practiceId}/bracket/scores`, body);

describe('the tableau', () => {
  it('is not drawn while pool bouts remain', async () => {
    const { client } = await signedUpCoach();
    const practice = await json(await client.post('/api/practices', { practice_type: 'individual', name: 'Early' }));
    await client.post(`/api/practices/${practice.id}/pools/generate`, { method: 'single', entries: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] });
    const { tableau } = await tableauOf(client, practice.id);
    expect(tableau.matches).toEqual([]);
    expect(tableau.remaining).toBe(3);
    const res = await score(client, practice.id, { round: 1, position: 0, player1_id: 'x', player2_id: 'y', player1_score: 15, player2_score: 3 });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe('Complete pool matches to generate the elimination bracket.');
  });

  it('saves a score with its advancement, freezes the seeding, and a changed winner clears what it had reached', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 4);
    let { tableau } = await tableauOf(client, practice.id);
    expect(tableau.seeds.map((s) => s.name)).toEqual(['F1', 'F2', 'F3', 'F4']);
    const [semi1, semi2] = tableau.matches.filter((m) => m.round === 1);
    expect([semi1!.player1_id, semi1!.player2_id]).toEqual([tableau.seeds[0]!.id, tableau.seeds[3]!.id]);

    let res = await score(client, practice.id, { round: 1, position: 0, player1_id: semi1!.player1_id, player2_id: semi1!.player2_id, player1_score: 15, player2_score: 9 });
    expect(res.status).toBe(200);
    const saved = await json<BracketSnapshot>(res);
    expect(saved.version).toBe(1);
    expect(saved.seeding!.map((s) => s.name)).toEqual(['F1', 'F2', 'F3', 'F4']);
    expect(saved.matches).toHaveLength(3);
    ({ tableau } = await tableauOf(client, practice.id));
    expect(tableau.matches.find((m) => m.round === 2)!.player1_id).toBe(tableau.seeds[0]!.id);

    await score(client, practice.id, { round: 1, position: 1, player1_id: semi2!.player1_id, player2_id: semi2!.player2_id, player1_score: 15, player2_score: 14 });
    ({ tableau } = await tableauOf(client, practice.id));
    const final = tableau.matches.find((m) => m.round === 2)!;
    await score(client, practice.id, { round: 2, position: 0, player1_id: final.player1_id, player2_id: final.player2_id, player1_score: 15, player2_score: 11 });

    // Seed 4 actually won the first semi-final: the final loses its fencer, scores and winner.
    res = await score(client, practice.id, { round: 1, position: 0, player1_id: semi1!.player1_id, player2_id: semi1!.player2_id, player1_score: 8, player2_score: 15 });
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
    const base = { round: 1, position: 0, player1_id: m.player1_id, player2_id: m.player2_id };
    const cases: [Record<string, unknown>, number, string][] = [
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
    expect((await json<BracketSnapshot>(await client.get(`/api/practices/${practice.id}/bracket`))).version).toBe(0);
  });

  it('a tie without priority saves no winner; with priority the named fencer advances', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 4);
    const { tableau } = await tableauOf(client, practice.id);
    const m = tableau.matches[0]!;
    const base = { round: 1, position: 0, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 14, player2_score: 14 };
    await score(client, practice.id, base);
    let t = (await tableauOf(client, practice.id)).tableau;
    expect(t.matches[0]!.winner_id).toBeNull();
    await score(client, practice.id, { ...base, priority_id: m.player2_id });
    t = (await tableauOf(client, practice.id)).tableau;
    expect(t.matches[0]!.winner_id).toBe(m.player2_id);
    expect(t.matches.find((x) => x.round === 2)!.player1_id).toBe(m.player2_id);
  });

  it('once scored, pool changes do not reshuffle it: it is marked stale until the coach regenerates', async () => {
    const { client } = await signedUpCoach();
    const { practice, pool } = await fencedPractice(client, 4);
    const m = (await tableauOf(client, practice.id)).tableau.matches[0]!;
    await score(client, practice.id, { round: 1, position: 0, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 2 });
    // F4 now beats everyone in the pools (each bout rewritten over the version it stands at).
    const fenced = await json<PoolSnapshot>(await client.get(`/api/pools/${pool.id}`));
    for (const i of [0, 1, 2]) {
      const [a, b] = [pool.players[3]!.id, pool.players[i]!.id];
      const version = fenced.bouts.find((x) => isBoutOf(x, a, b))!.version;
      expect((await client.post(`/api/pools/${pool.id}/bouts`, { player1_id: a, player2_id: b, score1: 5, score2: 0, version })).status).toBe(200);
    }
    let { tableau } = await tableauOf(client, practice.id);
    expect(tableau.stale).toBe(true);
    expect(tableau.seeds[0]!.name).toBe('F1');
    expect(tableau.matches[0]!.winner_id).toBe(m.player1_id);

    const reset = await client.delete(`/api/practices/${practice.id}/bracket`);
    expect(reset.status).toBe(200);
    ({ tableau } = await tableauOf(client, practice.id));
    expect(tableau.stale).toBe(false);
    expect(tableau.seeds[0]!.name).toBe('F4');
    expect(tableau.matches.every((x) => x.winner_id === null)).toBe(true);
  });

  it('a score and its advancement land together or not at all', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 4);
    const db = getDb(env.DB);
    const { tableau } = await tableauOf(client, practice.id);
    const m = tableau.matches[0]!;
    const p = await json(await client.get(`/api/practices/${practice.id}`));
    // The advancement row carries an invalid score, so the batch fails: the match write must not survive.
    const ok = await saveBracketMatches(db, p, 0, tableau.seeds, [
      { ...m, player1_score: 15, player2_score: 3, winner_id: m.player1_id },
      { ...tableau.matches.find((x) => x.round === 2)!, player1_id: m.player1_id, player1_score: -1 },
    ]).catch(() => 'failed');
    expect(ok).toBe('failed');
    const after = await loadBracket(db, practice.id);
    expect(after).toEqual({ practice_id: practice.id, version: 0, seeding: null, matches: [] });
  });

  it('two clients entering different winners for one match end with one consistent tableau', async () => {
    const { client } = await signedUpCoach();
    const { practice } = await fencedPractice(client, 8);
    const s1 = (await openSocket(client, `practice=${practice.id}`)).socket!;
    try {
      const m = (await tableauOf(client, practice.id)).tableau.matches[0]!;
      const base = { round: 1, position: 0, player1_id: m.player1_id, player2_id: m.player2_id };
      const [a, b] = await Promise.all([
        score(client, practice.id, { ...base, player1_score: 15, player2_score: 10 }),
        score(client, practice.id, { ...base, player1_score: 9, player2_score: 15 }),
      ]);
      expect([a.status, b.status].every((s) => s === 200 || s === 409)).toBe(true);
      const { bracket, tableau } = await tableauOf(client, practice.id);
      const first = tableau.matches[0]!;
      const next = tableau.matches.find((x) => x.round === 2 && x.position === 0)!;
      expect([m.player1_id, m.player2_id]).toContain(first.winner_id);
      expect(next.player1_id).toBe(first.winner_id);
      expect(first.winner_id === m.player1_id ? first.player1_score! > first.player2_score! : first.player2_score! > first.player1_score!).toBe(true);
      // Every open screen ends on that same state.
      const last = await s1.waitFor((msg) => msg.type === 'bracket' && msg.bracket.version === bracket.version);
      expect(last).toEqual({ type: 'bracket', practiceId: practice.id, bracket });
    } finally {
      s1.ws.close();
    }
  });

  it('another coach gets 404 for the tableau', async () => {
    const { client } = await signedUpCoach();
    const { client: other } = await signedUpCoach('Other');
    const { practice } = await fencedPractice(client, 2);
    expect((await other.get(`/api/practices/${practice.id}/bracket`)).status).toBe(404);
    expect((await other.delete(`/api/practices/${practice.id}/bracket`)).status).toBe(404);
    expect((await score(other, practice.id, { round: 1, position: 0, player1_id: 'a', player2_id: 'b', player1_score: 15, player2_score: 1 })).status).toBe(404);
  });
});
