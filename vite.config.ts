import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { RENDERED_PAGES, RENDERED_PRACTICE_SCREENS } from './core/practice-page';

// Builds only the SPA into dist/; the worker is bundled and served by wrangler (see README).
export default defineConfig(({ mode }) => ({
  plugins: [
    // react-router's build marks none of its top-level React calls pure, and names each component after it
    // (`Form.displayName = "Form"`), so a bundler keeps every component it ships, used or not: Form, the data
    // router's routes and what they import. Marked pure and without the names (which only React's developer tools
    // read), the unused ones go: 1.4 KiB gzip off every screen's first load (issue 13).
    {
      name: 'pure-router-components',
      transform(code, id) {
        if (!/node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
        const pure = code
          .replace(/^(var \w+ = )(React\d*\.(?:memo|forwardRef|createContext)\()/gm, '$1/* @__PURE__ */ $2')
          .replace(/^\w+\.displayName = "[^"]*";$/gm, '');
        return { code: pure, map: null };
      },
    },
    // Vite wraps every `import()` in a helper that first asks for the chunk's own imports (`<link
    // rel="modulepreload">`), so a screen's chunks are all requested at once, not one level at a time (issue 33).
    // Its own helper also detects browsers without modulepreload, reads CSP nonces, resolves relative bases and
    // waits on stylesheets: none of which this app has (every browser we support preloads modules, the CSP has no
    // nonce, the base is `/`, the stylesheet is index.html's). This is the same helper for this app: 0.7 KiB gzip
    // off every screen's first load (issue 13). A dynamic chunk that brought a stylesheet would still get it, but
    // not wait for it (Vite's waits, so the chunk never shows unstyled): none does today; index.html has the one.
    {
      name: 'lean-preload-helper',
      enforce: 'pre',
      apply: 'build',
      load(id) {
        if (id !== '\0vite/preload-helper.js') return null;
        return [
          'const seen = new Set();',
          'export const __vitePreload = (load, deps) => {',
          '  for (const dep of deps ?? []) {',
          "    const href = '/' + dep;",
          '    if (seen.has(href)) continue;',
          '    seen.add(href);',
          "    const link = document.createElement('link');",
          "    if (href.endsWith('.css')) link.rel = 'stylesheet';",
          "    else link.rel = 'modulepreload';",
          "    link.crossOrigin = '';",
          '    link.href = href;',
          '    document.head.append(link);',
          '  }',
          '  return load();',
          '};',
        ].join('\n');
      },
    },
    // The service worker's handler of the pages the worker renders (issue 33), with their list from core: one list.
    {
      name: 'page-handler',
      apply: 'build',
      generateBundle() {
        const source = readFileSync(fileURLToPath(new URL('./app/sw/page-handler.js', import.meta.url)), 'utf8');
        this.emitFile({ type: 'asset', fileName: 'page-handler.js', source: source.replace('__RENDERED_PAGES__', String(RENDERED_PAGES)) });
      },
    },
    react(),
    tailwindcss(),
    // An installable app that opens offline: Workbox precaches the built SPA; every client route falls back
    // to index.html; the API is never served from the cache (scores go through the app's own outbox).
    VitePWA({
      // A new version takes over once every tab of the old one is closed: a service worker that claimed
      // pages mid-flight would stand between a page and requests it already started.
      registerType: 'prompt',
      // A file, not an inline script: the CSP allows no inline script.
      injectRegister: 'script',
      manifest: {
        name: 'Piste',
        short_name: 'Piste',
        description: 'Pools, tableau and team relays for fencing practices, live on every screen in the hall.',
        theme_color: '#0f172a',
        background_color: '#f8fafc',
        display: 'standalone',
        start_url: '/practices',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
        navigateFallback: '/index.html',
        // The pages the worker renders (issue 33) are app/sw/page-handler.js's: the network first, then this fallback.
        navigateFallbackDenylist: [/^\/api\//, /^\/live\//, ...RENDERED_PRACTICE_SCREENS.map((path) => new RegExp(`^${path}(\\?|$)`))],
        cleanupOutdatedCaches: true,
        // Web Push (issue 28: a followed fencer's call): the handlers live in public/push-handler.js.
        importScripts: ['/push-handler.js', '/page-handler.js'],
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  // react-router's package exports point every bundler at its development build (dev warnings on); the
  // production build it ships beside it is the same code with them off, and lighter.
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Lets `npm run bench` add up what each entry route loads before its first paint (issue 13).
    manifest: true,
    // Every browser we support preloads modules itself; the polyfill was weight on every first load.
    modulePreload: { polyfill: false },
    // Shared chunks are named by their hash only: the entry lists every chunk a screen preloads, and the
    // names made that list the heaviest part of it (~0.8 KiB gzip on every route; sourcemaps still name
    // the sources).
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[hash].js',
        // The pools grid travels with the bout order and the small modules it uses (the board, the coach's
        // pools, the TV and the print sheets all load them together): one chunk instead of six on the live
        // board's first load, which keeps it under 100 KB (issue 15). React stays a chunk of its own, so a
        // screen without the grid (sign-in, guest join) never loads the grid to get React.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            // The language runtime (issue 17) and the texts every screen shares (common.ts) are on every screen: a
            // chunk of their own, never inside the grid's (whose group would otherwise take common.ts along).
            { name: 'i18n', test: /node_modules[\\/](nanostores|@nanostores)[\\/]|app[\\/]i18n[\\/](index\.ts|errors\.ts|common\.ts|language-picker\.tsx)/, priority: 2 },
            // The bout order's panel is not in it: the live board's first paint is the grid alone (issue 29).
            { name: 'pool-grid', priority: 1, test: /app[\\/]components[\\/]pool[\\/]pool-grid\.tsx/ },
            // What a signed-in coach's or a guest's screen holds before anything else (the API client, the session and
            // the guest's, the outbox's offline store, the app's paths): one chunk instead of eight on the sign-in and
            // guest join pages' first load. The live board and the hall board load none of it.
            {
              name: 'session',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](hono|idb-keyval)[\\/]|app[\\/]lib[\\/](api|json-write|offline-cache|paths|challenge|load-guard)\.ts|app[\\/]state[\\/](session|guest)\.ts|core[\\/]session-refresh\.ts/,
            },
            // The practice's state every screen of a practice reads (the board, the TV, the coach's screens), with the
            // pool selector and Go to a fencer's field (its search loads on first use): one chunk instead of twelve
            // small ones on the live board's first load (issue 33). Its own modules only (the libraries they import
            // stay where they are, so a screen without a practice never loads them).
            {
              name: 'practice-state',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /app[\\/]state[\\/](pools|resync|bracket|spectator|referee)\.ts|core[\\/]contracts[\\/]pools\.ts|core[\\/]live-cells\.ts|core[\\/]fencing[\\/]pool-stats\.ts|app[\\/]components[\\/]layout[\\/](live-indicator\.tsx|use-wide-screen\.ts)|app[\\/]components[\\/]pool[\\/](pool-select|pool-find)\.tsx|app[\\/]components[\\/]find[\\/]find-fencer\.tsx/,
            },
          ],
        },
      },
    },
  },
}));
