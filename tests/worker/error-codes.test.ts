import { describe, expect, it } from 'vitest';
import type { Athlete } from '../../core/contracts/athletes';
import { ERROR_MESSAGES } from '../../core/messages';
import { app } from '../../worker/app';
import { roomRoutes } from '../../worker/room/http';
import { json, signedUpCoach } from '../helpers/worker-client';
import { seed, viaClient } from '../helpers/seed';
import { expectRefusal } from '../helpers/api-client';

const CODES = new Set(Object.keys(ERROR_MESSAGES));

/** Every route that may read a body, as the worker and a practice's room declare them. */
function writeRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of [...app.routes, ...roomRoutes.routes]) {
    if (!r.path.startsWith('/api/') || r.method === 'ALL' || r.method === 'GET' || r.path.includes('*')) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  // Those that end what the others need (a deletion, signing out) go last.
  const last = (r: { method: string; path: string }) => (r.method === 'DELETE' ? 1 : 0) + (/signout|refresh|restore/.test(r.path) ? 2 : 0);
  return [...seen.values()].sort((a, b) => last(a) - last(b));
}

/** Bodies a careless or hostile client sends: not an object, an empty object, every field of the wrong type. */
const WRONG_BODIES: unknown[] = [
  [1, 2, 3],
  {},
  { version: 'x', name: 7, score1: 'a', score2: null, entries: 'all', method: 9, enabled: 'yes', round: -1, position: 'p', weapon: 3, status: [], email: 5, password: 5 },
];

describe('errors by code (issue 27)', () => {
  it('every route answers a wrong body with a 4xx and a code the app translates: never a 500, never a validator’s own words', async () => {
    const { client } = await signedUpCoach();
    const api = seed(viaClient(client));
    const { practice, pool } = await api.practiceWithPool('Codes', ['Ann', 'Bob', 'Cleo', 'Dan']);
    const team = await api.practice('Codes relay', { type: 'team' });
    const athlete = await json<Athlete>(await client.api.athletes.$post({ json: { name: 'Eve' } }));
    const note = await json<{ id: string }>(await client.post(`/api/athletes/${athlete.id}/notes`, { content: 'A note' }));
    const concrete = (path: string) => {
      const owner = path.startsWith('/api/athletes') ? athlete.id : path.startsWith('/api/notes') ? note.id : /\/(teams|team-matches)(\/|$)/.test(path) ? team.id : practice.id;
      return path
        .replace(/:(id|practiceId)\b/g, owner)
        .replace(':poolId', pool.id)
        .replace(':playerId', pool.players[0]!.id)
        .replace(':sessionId', crypto.randomUUID())
        .replace(':n', '1');
    };

    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const uncoded: string[] = [];
    for (const { method, path } of routes) {
      for (const body of WRONG_BODIES) {
        const res = await client.request(method, concrete(path), body);
        const what = `${method} ${path} ${JSON.stringify(body).slice(0, 20)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status < 400) continue;
        const answer = await json<{ error?: string; code?: string }>(res);
        if (!answer.code || !CODES.has(answer.code)) uncoded.push(`${what}: ${res.status} ${answer.error}`);
      }
    }
    expect(uncoded).toEqual([]);
  });

  it('inside a practice’s room, another coach and a guest of another practice hear 404 before their body is read', async () => {
    const { client } = await signedUpCoach();
    const { client: stranger } = await signedUpCoach('Stranger');
    const { practice, pool } = await seed(viaClient(client)).practiceWithPool('Mine', ['Ann', 'Bob']);
    const [a, b] = pool.players;
    const bouts = stranger.api.practices[':practiceId'].pools[':poolId'].bouts;
    const param = { practiceId: practice.id, poolId: pool.id };
    // A wrong body and a right one: the same answer, so a stranger learns nothing from either.
    for (const json of [{ player1_id: a!.id, player2_id: b!.id, score1: 9, score2: 'x', version: 0 }, { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 1, version: 0 }]) {
      const res = await bouts.$post({ param, json: json as never });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found_2', params: { what: 'Practice' } });
    }
    // The coach's own wrong body is a coded 400, and nothing was written.
    const own = await client.api.practices[':practiceId'].pools[':poolId'].bouts.$post({ param, json: { player1_id: a!.id, player2_id: b!.id, score1: 9, score2: 1, version: 0 } });
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ code: 'scores_whole_numbers_from_0' });
    const now = await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } });
    expect((await now.json())[0]!.bouts).toEqual([]);
  });

  it('a live socket’s query is declared too: an over-long practice id is a coded 400', async () => {
    const { client } = await signedUpCoach();
    expect(CODES.has((await expectRefusal(client.request('GET', `/api/live?practice=${'p'.repeat(65)}`, undefined, { upgrade: 'websocket' }), 400)).code ?? '')).toBe(true);
  });
});
