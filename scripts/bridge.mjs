// `npm run bridge -- --server … --key …`: builds the venue bridge (bridge/) into one plain Node file with no
// dependency, bridge-dist/piste-bridge.mjs (copy that file alone to a Raspberry Pi and run it with `node`), then runs it.
// `npm run bridge -- --build-only` stops after the build.
import { spawn } from 'node:child_process';
import { build } from 'vite';
import { root } from './local.mjs';

const out = `${root}bridge-dist`;
await build({
  root,
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  build: { ssr: 'bridge/main.ts', outDir: out, emptyOutDir: true, target: 'node20', minify: false, rollupOptions: { output: { entryFileNames: 'piste-bridge.mjs' } } },
  ssr: { target: 'node', noExternal: true },
});
const args = process.argv.slice(2);
if (args.includes('--build-only')) {
  console.log(`built ${out}/piste-bridge.mjs`);
  process.exit(0);
}
const child = spawn(process.execPath, [`${out}/piste-bridge.mjs`, ...args], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
process.on('SIGINT', () => child.kill('SIGINT'));
