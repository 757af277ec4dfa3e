// `npm run test:e2e:soak`: the browser suite N times in a row (SOAK_RUNS, default 9: with the run in
// `npm test` that makes ten), stopping at the first failure. Prints one line per run and a summary.
// With `--crash` (or SOAK_CRASH=1; `npm run soak:crash`): the crash soak instead (scripts/crash-soak.mjs),
// which kills the local server under load, starts it again and counts acknowledged, lost and applied-twice writes.
import { spawnSync } from 'node:child_process';
import { quietEnv, root } from './local.mjs';

if (process.argv.includes('--crash') || process.env.SOAK_CRASH === '1') {
  const { crashSoak } = await import('./crash-soak.mjs');
  process.exit(await crashSoak());
}

const runs = Number(process.env.SOAK_RUNS) || 9;
let passed = 0;
for (let i = 1; i <= runs; i++) {
  const started = Date.now();
  const r = spawnSync(`${root}node_modules/.bin/vitest`, ['run', '-c', 'tests/vitest.e2e.config.ts'], { cwd: root, env: quietEnv, encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (r.status !== 0) {
    process.stdout.write(r.stdout + r.stderr);
    console.log(`soak: run ${i} of ${runs} failed after ${seconds} s`);
    console.log(`${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed++;
  console.log(`soak: run ${i} of ${runs} passed in ${seconds} s`);
}
console.log(`${passed} passed, 0 failed`);
