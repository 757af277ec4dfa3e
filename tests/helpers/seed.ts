// One way for every test to set a practice up through the API (issue 27): workerd tests call it with their
// `Client`, browser tests with a page's (or a context's) request, both through the app's typed client
// (./api-client), so a practice, its pools and its fenced bouts are made the same way everywhere, and each
// step says which answer it did not get.
import type { PoolSnapshot } from '../../core/contracts/pools';
import type { AccountBackup } from '../../core/interop/backup';
import type { Practice } from '../../core/contracts/practices';
import type { secondRoundSchema, tableauFormatSchema } from '../../core/validation';
import type { z } from 'zod';
import { apiOver, expectAnswer, type Fetch } from './api-client';
import type { Client } from './worker-client';

export { viaBrowser } from './api-client';

/** A workerd test's client (its cookies, its address). */
export const viaClient = (client: Client): Fetch => client.fetch;

/** An entry of a draw: a typed name, or a roster athlete. */
export type Entry = string | { name: string } | { athlete_id: string };

/** How a fenced bout of the i-th and j-th fencers of a pool (i < j, in sheet order) ends: [their scores]. */
export type Outcome = (i: number, j: number) => [number, number];

/** The first fencer wins 5 to the gap between them (so the pool's order is its sheet order). */
export const BY_SHEET_ORDER: Outcome = (i, j) => [5, Math.min(4, j - i)];

/** Team pools fenced so the sheet's order is the ranking: the first team of a pair wins 45 to 45 − 5 × the gap. */
export const TEAMS_BY_SHEET_ORDER: Outcome = (i, j) => [45, 45 - 5 * (j - i)];

/** `n` typed names: "Fencer 1" … "Fencer n", or another prefix. */
export const fencerNames = (n: number, prefix = 'Fencer') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

/** The same names as typed entries of a draw ({ name }). */
export const fencerEntries = (n: number, prefix = 'Fencer') => fencerNames(n, prefix).map((name) => ({ name }));

export function seed(fetch: Fetch) {
  const client = apiOver(fetch);
  const practiceApi = client.practices[':practiceId'];
  const draw = (practiceId: string, entries: Entry[], pool_count?: number) => {
    const list = entries.map((e) => (typeof e === 'string' ? { name: e } : e));
    const json = pool_count ? { method: 'random' as const, pool_count, entries: list } : { method: 'single' as const, entries: list };
    return expectAnswer(practiceApi.pools.generate.$post({ param: { practiceId }, json }), 201);
  };
  const api = {
    /** A new practice of the signed-in coach (individual unless `type` says team; today unless `date`). */
    practice: (name = 'Practice night', { type = 'individual', ...more }: { type?: Practice['practice_type']; date?: string; weapon?: Practice['weapon'] } = {}): Promise<Practice> =>
      expectAnswer(client.practices.$post({ json: { practice_type: type, name, ...more } }), 201),
    /** A draw of `entries` into one pool, or `pool_count` pools at random. */
    pools: async (practiceId: string, entries: Entry[], pool_count?: number): Promise<PoolSnapshot[]> => (await draw(practiceId, entries, pool_count)).pools,
    /** A practice (individual unless `type` says team) with one pool of `entries`, the one pool its draw says it created. */
    practiceWithPool: async (name: string, entries: Entry[], { type }: { type?: Practice['practice_type'] } = {}) => {
      const practice = await api.practice(name, { type });
      const { pools: [pool], createdIds } = await draw(practice.id, entries);
      if (!pool || JSON.stringify(createdIds) !== JSON.stringify([pool.id])) throw new Error(`the draw of ${name} created ${JSON.stringify(createdIds)}, not its one pool`);
      return { practice, pool };
    },
    /** One bout of a pool saved over the version its writer saw (0: no result yet). */
    bout: (pool: Pick<PoolSnapshot, 'id' | 'practice_id'>, a: string, b: string, score1: number, score2: number, version = 0) =>
      expectAnswer(practiceApi.pools[':poolId'].bouts.$post({ param: { practiceId: pool.practice_id, poolId: pool.id }, json: { player1_id: a, player2_id: b, score1, score2, version } })),
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
    /** A roster athlete of the signed-in coach. */
    athlete: (input: { name: string; club?: string }) => expectAnswer(client.athletes.$post({ json: input }), 201),
    /** Roster rows imported in one go, as a roster file brings them (issue 15); the answer lists those created. */
    importAthletes: (athletes: { name: string; club?: string }[]) => expectAnswer(client.athletes.import.$post({ json: { athletes } })),
    /** The signed-in coach's roster. */
    athletes: () => expectAnswer(client.athletes.$get()),
    /** The coach's practices, newest first. */
    practices: () => expectAnswer(client.practices.$get()),
    /** The coach's competition days. */
    days: () => expectAnswer(client.days.$get()),
    /** The account's backup file, as the coach downloads it. */
    backup: () => expectAnswer(client.account.backup.$get()) as Promise<AccountBackup>,
    /** A practice's pools as its room holds them. */
    poolsOf: (practiceId: string) => expectAnswer(practiceApi.pools.$get({ param: { practiceId } })),
    /** Guest access (the room code and the board link) turned on, or off; the practice as it then reads. */
    share: (practiceId: string, enabled = true): Promise<Practice> => expectAnswer(practiceApi.sharing.$post({ param: { practiceId }, json: { enabled } })),
    /** A team practice's teams: `names` drawn at random into `teams` teams. */
    teams: (practiceId: string, names: string[], teams = 2) =>
      expectAnswer(practiceApi.teams.$post({ param: { practiceId }, json: { method: 'random', entries: names.map((name) => ({ name })), teams } }), 201),
    /** A team practice's teams made by hand: each entry (a roster athlete or a typed name) in the team its `team` names. */
    teamsByHand: (practiceId: string, entries: (Exclude<Entry, string> & { team: number })[]) =>
      expectAnswer(practiceApi.teams.$post({ param: { practiceId }, json: { method: 'manual', entries } }), 201),
    /** One relay of a team match saved over the version its writer saw. */
    relay: (practiceId: string, n: number, score_a: number | null, score_b: number | null, version = 0) =>
      expectAnswer(practiceApi['team-matches'][':n'].$put({ param: { practiceId, n: String(n) }, json: { score_a, score_b, version } })),
    /** A team practice's pools of its teams: one pool, or `pool_count` pools at random. */
    teamPools: async (practiceId: string, pool_count?: number): Promise<PoolSnapshot[]> => {
      const json = pool_count ? { method: 'random' as const, pool_count } : { method: 'single' as const };
      return (await expectAnswer(practiceApi.teams.pools.$post({ param: { practiceId }, json }), 201)).pools;
    },
    /** The team tableau (issue 28) the coach creates: seeded from finished team pools, or drawn without pools. */
    teamTableau: (practiceId: string, third_place = false) => expectAnswer(practiceApi['team-tableau'].$post({ param: { practiceId }, json: { third_place } }), 201),
    /** One relay of a team tableau match saved over the version its writer saw. */
    teamRelay: (practiceId: string, match: { round: number; position: number }, n: number, score_a: number | null, score_b: number | null, version = 0, winner?: 'A' | 'B' | null) =>
      expectAnswer(
        practiceApi['team-tableau'][':round'][':position'][':n'].$put({
          param: { practiceId, round: String(match.round), position: String(match.position), n: String(n) },
          json: { score_a, score_b, version, ...(winner !== undefined ? { winner } : {}) },
        }),
      ),
    /** A team tableau match's nine relays fenced to a decision: team A reaches 45 when `aWins`, else team B (5 touches a relay). */
    fenceTeamMatch: async (practiceId: string, match: { round: number; position: number }, aWins: boolean) => {
      for (let n = 1; n <= 9; n++) await api.teamRelay(practiceId, match, n, aWins ? 5 : 4, aWins ? 4 : 5);
    },
    /** The tableau's format (the cut, the 3rd place, places 5 to 8). */
    format: (practiceId: string, json: z.input<typeof tableauFormatSchema>) =>
      expectAnswer(practiceApi.bracket.format.$put({ param: { practiceId }, json })),
    /** A second round of pools composed from round 1's ranking (issue 28): the cut and a pool count or size. */
    secondRound: (practiceId: string, json: z.input<typeof secondRoundSchema>) =>
      expectAnswer(practiceApi.pools['second-round'].$post({ param: { practiceId }, json }), 201),
    /** A practice's tableau as its room holds it. */
    bracket: (practiceId: string) => expectAnswer(practiceApi.bracket.$get({ param: { practiceId } })),
    /** A note on a roster athlete. */
    note: (athleteId: string, note: string) => expectAnswer(client.athletes[':id'].notes.$post({ param: { id: athleteId }, json: { note } }), 201),
  };
  return api;
}
