// One way for every test to set a practice up through the API (issue 27): workerd tests call it with their
// `Client`, browser tests with a page's (or a context's) request, so a practice, its pools and its fenced
// bouts are made the same way everywhere, and each step says which answer it did not get.
import type { APIRequestContext } from 'playwright-core';
import type { GeneratedPools, PoolSnapshot, Practice } from '../../core/api';
import type { Client } from './worker-client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The API as a test reaches it: the status and the JSON body of an answer. */
export type Caller = (method: Method, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

const bodyOf = async (text: string) => (text ? JSON.parse(text) : null);

/** A workerd test's client (its cookies, its address). */
export const viaClient =
  (client: Client): Caller =>
  async (method, path, body) => {
    const res = await client.request(method, path, body);
    return { status: res.status, body: await bodyOf(await res.text()) };
  };

/** A browser test's page or context, signed in as whoever that page is. */
export const viaBrowser =
  (request: APIRequestContext): Caller =>
  async (method, path, body) => {
    const res = await request.fetch(path, { method, headers: { 'content-type': 'application/json' }, data: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status(), body: await bodyOf(await res.text()) };
  };

/** An entry of a draw: a typed name, or a roster athlete. */
export type Entry = string | { name: string } | { athlete_id: string };

/** How a fenced bout of the i-th and j-th fencers of a pool (i < j, in sheet order) ends: [their scores]. */
export type Outcome = (i: number, j: number) => [number, number];

/** The first fencer wins 5 to the gap between them (so the pool's order is its sheet order). */
export const BY_SHEET_ORDER: Outcome = (i, j) => [5, Math.min(4, j - i)];

export function seed(call: Caller) {
  const expectStatus = async (method: Method, path: string, body: unknown, status: number) => {
    const answer = await call(method, path, body);
    if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} (expected ${status}) ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const api = {
    /** A new practice of the signed-in coach (individual unless `type` says team; today unless `date`). */
    practice: (name = 'Practice night', { type = 'individual', ...more }: { type?: Practice['practice_type']; date?: string; weapon?: Practice['weapon'] } = {}): Promise<Practice> =>
      expectStatus('POST', '/api/practices', { practice_type: type, name, ...more }, 201),
    /** A draw of `entries` into one pool, or `pool_count` pools at random. */
    pools: async (practiceId: string, entries: Entry[], pool_count?: number): Promise<PoolSnapshot[]> => {
      const list = entries.map((e) => (typeof e === 'string' ? { name: e } : e));
      const body = pool_count ? { method: 'random', pool_count, entries: list } : { method: 'single', entries: list };
      return ((await expectStatus('POST', `/api/practices/${practiceId}/pools/generate`, body, 201)) as GeneratedPools).pools;
    },
    /** A practice with one pool of `entries`. */
    practiceWithPool: async (name: string, entries: Entry[]) => {
      const practice = await api.practice(name);
      const [pool] = await api.pools(practice.id, entries);
      return { practice, pool: pool! };
    },
    /** One bout of a pool saved over the version its writer saw (0: no result yet). */
    bout: (pool: Pick<PoolSnapshot, 'id' | 'practice_id'>, a: string, b: string, score1: number, score2: number, version = 0) =>
      expectStatus('POST', `/api/practices/${pool.practice_id}/pools/${pool.id}/bouts`, { player1_id: a, player2_id: b, score1, score2, version }, 200),
    /** Every bout of a pool fenced, each as `outcome` says. */
    fenceAll: async (pool: Pick<PoolSnapshot, 'id' | 'practice_id'> & { players: readonly { id: string }[] }, outcome: Outcome = BY_SHEET_ORDER) => {
      const { players } = pool;
      for (let i = 0; i < players.length; i++) {
        for (let j = i + 1; j < players.length; j++) {
          const [s1, s2] = outcome(i, j);
          await api.bout(pool, players[i]!.id, players[j]!.id, s1, s2);
        }
      }
    },
    /** Guest access (the room code and the board link) turned on; the practice as it then reads. */
    share: (practiceId: string): Promise<Practice> => expectStatus('POST', `/api/practices/${practiceId}/sharing`, { enabled: true }, 200),
  };
  return api;
}
