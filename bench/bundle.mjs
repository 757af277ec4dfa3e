// What each entry route downloads as JavaScript before its first paint, from Vite's build manifest: the
// entry chunk, the scripts index.html loads, and the route's screens with everything they import
// statically (dynamic imports load later and are not counted).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Entry routes and the source modules that render them (layouts included). */
export const ENTRY_ROUTES = {
  'sign-in (/auth)': ['app/keepers.tsx', 'app/features/auth/auth-page.tsx'],
  'guest join (/guest-join)': ['app/keepers.tsx', 'app/features/guest/guest-join-page.tsx'],
  'live board (/live/{id})': ['app/features/spectator/spectator-page.tsx', 'app/features/spectator/board-pools.tsx'],
  "coach's pools (/individual-practice)": ['app/keepers.tsx', 'app/features/account/account-shell.tsx', 'app/components/layout/practice-layout.tsx', 'app/features/pools/pools-screen.tsx'],
  // Issue 28: a competition day's hall board, opened by parents on their phones.
  'hall board (/hall/{id})': ['app/features/hall/hall-page.tsx'],
};

/** Goals of issue 13, KiB gzip before first paint. */
export const ENTRY_GOALS = { 'sign-in (/auth)': 100, 'guest join (/guest-join)': 100, 'live board (/live/{id})': 100, "coach's pools (/individual-practice)": 150, 'hall board (/hall/{id})': 100 };

/**
 * Each route before the languages (issue 17), KiB gzip, measured on f91d2ec with this same build: the
 * issue lets a first load grow by at most 5 KB for them.
 */
export const ENTRY_BEFORE_LANGUAGES = { 'sign-in (/auth)': 94.1, 'guest join (/guest-join)': 92.4, 'live board (/live/{id})': 97.5, "coach's pools (/individual-practice)": 138.6 };

export function entrySizes(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const gz = new Map();
  const sizeOf = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return gz.get(file);
  };
  const collect = (key, files) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) collect(dep, files);
  };
  // index.html's own scripts: the entry and the service worker's registration.
  const base = new Set();
  collect('index.html', base);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  for (const [, src] of html.matchAll(/<script[^>]*src="\/([^"]+)"/g)) if (existsSync(join(dist, src))) base.add(src);
  const out = {};
  for (const [route, modules] of Object.entries(ENTRY_ROUTES)) {
    const files = new Set(base);
    for (const m of modules) {
      if (!manifest[m]) throw new Error(`${m} is not a chunk of its own in the build manifest`);
      collect(m, files);
    }
    const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + sizeOf(f), 0);
    out[route] = { kib: bytes / 1024, goal: ENTRY_GOALS[route], files: files.size };
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [route, { kib, goal }] of Object.entries(entrySizes(join(process.cwd(), 'dist')))) {
    const grown = kib - (ENTRY_BEFORE_LANGUAGES[route] ?? kib);
    const since = route in ENTRY_BEFORE_LANGUAGES ? `  ${grown >= 0 ? '+' : ''}${grown.toFixed(1)} KiB since the languages (≤ 5 KB)` : '';
    console.log(`${route.padEnd(40)} ${kib.toFixed(1).padStart(6)} KiB gzip  (goal ≤ ${goal})${since}`);
  }
}
