// The platform's floor under Miniflare: the least any worker with a Durable Object can do on this machine. A
// worker with no middleware hands each request to one SQLite-backed room in one call; the room does the peer's
// work (bench/peer.mjs: the same tables and statements, a version check in one transaction, the same delta to
// every hibernatable socket) and nothing else: no sign-in, no validation, no archive. Piste's figures over
// these show what Piste's own code costs; the peer's over these, what the platform costs.
import { Miniflare } from 'miniflare';

const WORKER = `
import { DurableObject } from 'cloudflare:workers';

export class Floor extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec('CREATE TABLE IF NOT EXISTS pools (id TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    sql.exec('CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, pool_id TEXT NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL)');
    sql.exec(\`CREATE TABLE IF NOT EXISTS bouts (pool_id TEXT NOT NULL, player1_id TEXT NOT NULL, player2_id TEXT NOT NULL, score1 INTEGER NOT NULL,
      score2 INTEGER NOT NULL, version INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (pool_id, player1_id, player2_id))\`);
  }
  async fetch(request) {
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }
  setup(pools) {
    const sql = this.ctx.storage.sql;
    for (const p of pools) {
      sql.exec('INSERT INTO pools (id, version) VALUES (?, 1)', p.id);
      p.players.forEach((x, j) => sql.exec('INSERT INTO players (id, pool_id, name, position) VALUES (?, ?, ?, ?)', x.id, p.id, x.name, j + 1));
    }
  }
  write(poolId, b) {
    const sql = this.ctx.storage.sql;
    const delta = this.ctx.storage.transactionSync(() => {
      const changed = sql.exec(\`INSERT INTO bouts (pool_id, player1_id, player2_id, score1, score2, version, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
        ON CONFLICT (pool_id, player1_id, player2_id) DO UPDATE SET score1 = excluded.score1, score2 = excluded.score2, version = bouts.version + 1,
        updated_at = excluded.updated_at WHERE bouts.version = ?7\`, poolId, b.player1_id, b.player2_id, b.score1, b.score2, Date.now(), b.version).rowsWritten > 0;
      if (changed) sql.exec('UPDATE pools SET version = version + 1 WHERE id = ?', poolId);
      const bout = sql.exec('SELECT score1, score2, version, updated_at FROM bouts WHERE pool_id = ? AND player1_id = ? AND player2_id = ?', poolId, b.player1_id, b.player2_id).one();
      const { version } = sql.exec('SELECT version FROM pools WHERE id = ?', poolId).one();
      return { changed, pool_id: poolId, pool_version: version, player1_id: b.player1_id, player2_id: b.player2_id, bout: { ...bout, priority_id: null } };
    });
    const { changed, ...rest } = delta;
    if (changed) {
      const message = JSON.stringify({ type: 'bout', practiceId: 'floor', delta: rest });
      for (const ws of this.ctx.getWebSockets()) ws.send(message);
    }
    return { status: changed ? 200 : 409, body: rest };
  }
  read(poolId) {
    const sql = this.ctx.storage.sql;
    const pool = sql.exec('SELECT version FROM pools WHERE id = ?', poolId).toArray()[0];
    if (!pool) return null;
    return { id: poolId, version: pool.version, players: sql.exec('SELECT id, name, position FROM players WHERE pool_id = ? ORDER BY position', poolId).toArray(), bouts: sql.exec('SELECT * FROM bouts WHERE pool_id = ?', poolId).toArray() };
  }
}

export default {
  async fetch(request, env) {
    const room = env.FLOOR.get(env.FLOOR.idFromName('practice'));
    const path = new URL(request.url).pathname;
    if (path === '/ws') return room.fetch(request);
    if (path === '/setup') return Response.json(await room.setup(await request.json()));
    const bouts = path.match(/^\\/pools\\/([\\w-]+)\\/bouts$/);
    if (bouts && request.method === 'POST') {
      const { status, body } = await room.write(bouts[1], await request.json());
      return Response.json(body, { status });
    }
    const pool = path.match(/^\\/pools\\/([\\w-]+)$/);
    if (pool) {
      const body = await room.read(pool[1]);
      return body ? Response.json(body) : Response.json({ error: 'Pool not found' }, { status: 404 });
    }
    return Response.json({ error: 'Not found' }, { status: 404 });
  },
};
`;

export async function startFloor(port) {
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    // Reached on the worker's own socket, not through Miniflare's entry worker, as Piste is (bench/miniflare.mjs).
    unsafeDirectSockets: [{ host: '127.0.0.1', port }],
    modules: [{ type: 'ESModule', path: 'floor.js', contents: WORKER }],
    compatibilityDate: '2026-07-01',
    durableObjects: { FLOOR: { className: 'Floor', useSQLite: true } },
  });
  await mf.ready;
  const base = (await mf.unsafeGetDirectURL()).origin;
  return {
    base,
    /** Pools of `size` players each, as the bench sets them up. */
    async createPools(count, size) {
      const pools = Array.from({ length: count }, (_, i) => ({
        id: crypto.randomUUID(),
        players: Array.from({ length: size }, (_, j) => ({ id: crypto.randomUUID(), name: `P${i}-${j}` })),
      }));
      const res = await fetch(`${base}/setup`, { method: 'POST', body: JSON.stringify(pools) });
      if (!res.ok) throw new Error(`floor setup: ${res.status}`);
      return pools;
    },
    close: () => mf.dispose(),
  };
}
