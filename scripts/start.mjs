// `npm start`: local D1 migrated, SPA built, the whole product on http://localhost:8787 (PORT overrides).
import { buildSpa, ensureDevVars, migrateLocal, serve } from './local.mjs';

const port = Number(process.env.PORT) || 8787;
ensureDevVars();
migrateLocal();
buildSpa();
const child = serve({ port });
console.log(`\nPiste is starting on http://localhost:${port}\n`);
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
