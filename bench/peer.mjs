// The peer a coach might pick instead of Piste, doing the same work: a small Node server with `ws` and
// SQLite (node:sqlite). POST /pools/:id/bouts writes a bout with a version check in one transaction and
// broadcasts a delta of the same shape as Piste's to every socket; GET /pools/:id reads the pool back.
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { WebSocketServer } from 'ws';

export async function startPeer() {
  const db = new DatabaseSync(':memory:');
  db.exec(`
    CREATE TABLE pools (id TEXT PRIMARY KEY, version INTEGER NOT NULL);
    CREATE TABLE players (id TEXT PRIMARY KEY, pool_id TEXT NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL);
    CREATE TABLE bouts (pool_id TEXT NOT NULL, player1_id TEXT NOT NULL, player2_id TEXT NOT NULL, score1 INTEGER NOT NULL,
      score2 INTEGER NOT NULL, version INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (pool_id, player1_id, player2_id));
  `);
  const addPool = db.prepare('INSERT INTO pools (id, version) VALUES (?, 1)');
  const addPlayer = db.prepare('INSERT INTO players (id, pool_id, name, position) VALUES (?, ?, ?, ?)');
  const upsert = db.prepare(`INSERT INTO bouts (pool_id, player1_id, player2_id, score1, score2, version, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
    ON CONFLICT (pool_id, player1_id, player2_id) DO UPDATE SET score1 = excluded.score1, score2 = excluded.score2, version = bouts.version + 1,
    updated_at = excluded.updated_at WHERE bouts.version = ?7`);
  const bump = db.prepare('UPDATE pools SET version = version + 1 WHERE id = ?');
  const readBout = db.prepare('SELECT score1, score2, version, updated_at FROM bouts WHERE pool_id = ? AND player1_id = ? AND player2_id = ?');
  const readVersion = db.prepare('SELECT version FROM pools WHERE id = ?');
  const readPlayers = db.prepare('SELECT id, name, position FROM players WHERE pool_id = ? ORDER BY position');
  const readBouts = db.prepare('SELECT * FROM bouts WHERE pool_id = ?');

  /** Pools of `size` players each, as the bench sets them up. */
  const createPools = (count, size) =>
    Array.from({ length: count }, (_, i) => {
      const id = crypto.randomUUID();
      addPool.run(id);
      const players = Array.from({ length: size }, (_, j) => {
        const p = { id: crypto.randomUUID(), name: `P${i}-${j}` };
        addPlayer.run(p.id, id, p.name, j + 1);
        return p;
      });
      return { id, players };
    });

  const server = createServer((req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const bouts = req.url.match(/^\/pools\/([\w-]+)\/bouts$/);
    const pool = req.url.match(/^\/pools\/([\w-]+)$/);
    if (req.method === 'GET' && pool) {
      const id = pool[1];
      const v = readVersion.get(id);
      if (!v) return send(404, { error: 'Pool not found' });
      return send(200, { id, version: v.version, players: readPlayers.all(id), bouts: readBouts.all(id) });
    }
    if (req.method !== 'POST' || !bouts) return send(404, { error: 'Not found' });
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const b = JSON.parse(body);
      const poolId = bouts[1];
      db.exec('BEGIN');
      const changed = upsert.run(poolId, b.player1_id, b.player2_id, b.score1, b.score2, Date.now(), b.version).changes;
      if (changed) bump.run(poolId);
      const bout = readBout.get(poolId, b.player1_id, b.player2_id);
      const { version } = readVersion.get(poolId);
      db.exec('COMMIT');
      const delta = { pool_id: poolId, pool_version: version, player1_id: b.player1_id, player2_id: b.player2_id, bout: { ...bout, priority_id: null } };
      if (!changed) return send(409, { error: 'changed meanwhile', ...delta });
      const message = JSON.stringify({ type: 'bout', practiceId: 'peer', delta });
      for (const ws of wss.clients) ws.send(message);
      send(200, delta);
    });
  });
  const wss = new WebSocketServer({ server });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  return {
    base: `http://127.0.0.1:${port}`,
    createPools,
    close: () => new Promise((r) => { for (const ws of wss.clients) ws.terminate(); wss.close(); server.close(r); }),
  };
}
