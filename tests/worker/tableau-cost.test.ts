import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { resolveTableau } from '../../core/fencing/tableau';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';
import { expectAnswer } from '../helpers/api-client';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { seed, viaClient } from '../helpers/seed';
import { signedUpCoach } from '../helpers/worker-client';

/** A statement of the practice's store that reads the pools: their rows, entries or bouts. */
const READS_POOLS = /\b(from|join)\s+"?(tournaments|players|matches)"?(\s|$|\))/i;

/**
 * A practice of 512 fencers in 74 pools of six or seven (drawn through the API, 10 pools a draw), every pool bout
 * fenced: the bouts are written into the room's SQLite in one transaction (1,518 requests would take the test
 * pool minutes), the better of each pair by sheet order winning 5–n.
 */
async function fencedEvent(client: Awaited<ReturnType<typeof signedUpCoach>>['client']) {
  const api = seed(viaClient(client));
  const practice = await api.practice('National 512');
  const sizes = Array.from({ length: 74 }, (_, i) => (i < 512 - 74 * 6 ? 7 : 6));
  let pools: PoolSnapshot[] = [];
  for (let at = 0, drawn = 0; at < sizes.length; at += 10) {
    const group = sizes.slice(at, at + 10);
    const count = group.reduce((a, b) => a + b, 0);
    const entries = Array.from({ length: count }, (_, i) => ({ name: `Fencer ${String(drawn + i + 1).padStart(3, '0')} National` }));
    const made = await expectAnswer(client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'random', pool_count: group.length, entries } }), 201);
    pools = [...pools, ...made.createdIds.map((id) => made.pools.find((p) => p.id === id)!)];
    drawn += count;
  }
  await runInDurableObject(getRoom(env, practice.id), (_room: PracticeRoom, state) => {
    state.storage.transactionSync(() => {
      for (const pool of pools) {
        const ids = pool.players.map((p) => p.id);
        ids.forEach((a, i) =>
          ids.slice(i + 1).forEach((b, k) => {
            const [p1, p2] = a < b ? [a, b] : [b, a];
            const loser = (i + k) % 5;
            state.storage.sql.exec('INSERT INTO matches (id, tournament_id, player1_id, player2_id, score1, score2, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1)', crypto.randomUUID(), pool.id, p1, p2, p1 === a ? 5 : loser, p1 === a ? loser : 5, Date.now());
          }),
        );
      }
    });
  });
  return { practice, pools: await api.poolsOf(practice.id) };
}

/**
 * A national event's tableau at a club's speed (issue 59): a score in a frozen tableau reads and writes what it
 * changes, never the pools, so its cost does not grow with the number of pools.
 */
describe('a score in a frozen tableau of 512 fencers', () => {
  it('reads no pool: its statements and rows are the tableau’s, whatever the 74 pools and 1,518 bouts', async () => {
    const { client } = await signedUpCoach();
    const { practice, pools } = await fencedEvent(client);
    expect(pools).toHaveLength(74);
    expect(pools.flatMap((p) => p.bouts).filter((b) => b.score1 !== null)).toHaveLength(1_518);
    const api = seed(viaClient(client));
    const practiceApi = client.api.practices[':practiceId'];
    const drawn = resolveTableau(pools, await api.bracket(practice.id));
    const ready = drawn.matches.filter((m) => m.round === 1 && m.player1_id && m.player2_id);
    const score = (m: (typeof ready)[number]) =>
      expectAnswer(practiceApi.bracket.scores.$post({ param: { practiceId: practice.id }, json: { round: 1, position: m.position, player1_id: m.player1_id!, player2_id: m.player2_id!, player1_score: 15, player2_score: 7, version: m.version } }));
    // The first score freezes the draw: it alone reads the pools.
    await score(ready[0]!);
    const room = getRoom(env, practice.id);
    const counted = async (write: () => Promise<unknown>) => {
      await runInDurableObject(room, (r: PracticeRoom) => void Object.assign(r.sqlStats, { statements: 0, rowsRead: 0, log: [] }));
      await write();
      return runInDurableObject(room, (r: PracticeRoom) => {
        const { statements, rowsRead, log } = r.sqlStats;
        r.sqlStats.log = null;
        return { statements, rowsRead, log: [...(log ?? [])] };
      });
    };
    const second = await counted(() => score(ready[1]!));
    const third = await counted(() => score(ready[2]!));
    for (const cost of [second, third]) {
      expect(cost.log.filter((q) => READS_POOLS.test(q))).toEqual([]);
      // The tableau's 511 matches and its own rows at most: the pools' 512 entries and 1,518 bouts are never read.
      expect(cost.rowsRead).toBeLessThan(2 * 511);
      expect(cost.statements).toBeLessThan(20);
    }
    // Every score costs the same.
    expect(third.statements).toBe(second.statements);
    const saved = await api.bracket(practice.id);
    expect(saved.matches.filter((m) => m.round === 1 && m.winner_id !== null)).toHaveLength(3);
  }, 180_000);
});
