// `npm run dev`: rebuilds the SPA on every change and serves it with `wrangler dev` (which reloads the worker).
import { spawn } from 'node:child_process';
import { buildSpa, ensureDevVars, migrateLocal, quietEnv, root, serve } from './local.mjs';

const port = Number(process.env.PORT) || 8787;
ensureDevVars();
migrateLocal();
buildSpa();
const vite = spawn(`${root}node_modules/.bin/vite`, ['build', '--watch', '--logLevel', 'warn'], { cwd: root, env: quietEnv, stdio: 'inherit' });
const worker = serve({ port, extraArgs: ['--live-reload'] });
const stop = () => {
  vite.kill('SIGTERM');
  worker.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
worker.on('exit', (code) => {
  vite.kill('SIGTERM');
  process.exit(code ?? 0);
});
