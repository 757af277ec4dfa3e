// Piste's worker under Miniflare directly (no `wrangler dev` proxy in front): the bundle `wrangler deploy
// --dry-run` writes, a fresh in-memory D1 with the migrations applied, and the room Durable Object. `bundle:
// false` reuses the bundle already in `outdir` (the bench's repetitions start a fresh Miniflare each time).
//
// Clients reach the worker on its own socket (`unsafeDirectSockets`), not through Miniflare's entry worker:
// that is a JavaScript worker of Miniflare's own in front of every request (it adds the `cf` object and dev
// features) and costs about 0.3 ms of CPU a request here, about as much as the floor's whole read. Production
// has no such hop. The floor (bench/floor.mjs) is served the same way, so both are measured alike.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { bin, root, run } from '../scripts/local.mjs';

export async function startMiniflare({ outdir, port, vars, bundle = true }) {
  if (bundle) run(bin('wrangler'), ['deploy', '--dry-run', '--outdir', outdir]);
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    unsafeDirectSockets: [{ host: '127.0.0.1', port }],
    // The bundle as one module given by content (its path is outside Miniflare's starting directory).
    modules: [{ type: 'ESModule', path: 'index.js', contents: readFileSync(join(outdir, 'index.js'), 'utf8') }],
    compatibilityDate: '2026-07-01',
    d1Databases: { DB: 'piste-bench' },
    durableObjects: { PRACTICE_ROOM: { className: 'PracticeRoom', useSQLite: true }, DAY_ROOM: { className: 'DayRoom', useSQLite: true }, BOARD_RELAY: { className: 'BoardRelay', useSQLite: true } },
    bindings: { ACCESS_TOKEN_TTL: '900', GUEST_IDLE_HOURS: '12', MAIL_OUTBOX: '1', APP_ORIGIN: `http://127.0.0.1:${port}`, ...vars },
  });
  await mf.ready;
  const url = await mf.unsafeGetDirectURL();
  const db = await mf.getD1Database('DB');
  const dir = join(root, 'migrations');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    const sql = readFileSync(join(dir, file), 'utf8').replace(/--.*$/gm, '');
    const statements = sql.split(/;\s*(?:\n|$)/).map((s) => s.trim()).filter(Boolean);
    await db.batch(statements.map((s) => db.prepare(s)));
  }
  return { base: url.origin, db, close: () => mf.dispose() };
}
