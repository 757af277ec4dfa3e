// ESLint (flat config): the tree's import boundaries, checked in `npm test` (`npm run lint`).
// - a feature (app/features/<name>) imports no other feature: screens share through components/, state/, lib/;
// - components/, state/, lib/ and i18n/ import no feature; state/ draws nothing (no components/);
// - core/ imports nothing outside core/ (it is the domain: app and worker both build on it);
// - the venue bridge (bridge/, plain Node at the venue) imports only core/;
// - the worker imports nothing of the app, and the app nothing of the worker but the API's type (worker/contract.ts,
//   `import type` only: Hono's typed client reads the routes from it and nothing of the worker is bundled).
// The router (app/*.tsx at the top) composes features; tests, bench and scripts are outside the boundaries.
// And (issue 32) no text in app/ that a user reads or hears outside the catalogs: scripts/eslint-no-literal-text.mjs.
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import noLiteralText from './scripts/eslint-no-literal-text.mjs';

const element = (type, extra = {}) => ({ element: { type, ...extra } });

export default [
  { ignores: ['node_modules/**', 'dist/**', '.wrangler/**', 'bench/**', 'scripts/**', 'tests/**', '*.config.*'] },
  {
    files: ['app/**/*.{ts,tsx}', 'core/**/*.ts', 'worker/**/*.{ts,tsx}', 'bridge/**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true }, sourceType: 'module' } },
    plugins: { boundaries },
    settings: {
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'app/features/*', capture: ['name'] },
        { type: 'components', pattern: 'app/components' },
        { type: 'state', pattern: 'app/state' },
        { type: 'lib', pattern: ['app/lib', 'app/i18n'] },
        { type: 'core', pattern: 'core' },
        { type: 'worker', pattern: 'worker' },
        { type: 'bridge', pattern: 'bridge' },
      ],
      // The app's own top: main, the router and the keepers, which compose features into screens.
      // The API's type (issue 27): the one file of the worker the app may name, and only as a type.
      'boundaries/files': [{ category: 'app', pattern: 'app/*.{ts,tsx}' }, { category: 'contract', pattern: 'worker/contract.ts' }],
    },
    rules: {
      // The tree's regexes that match control characters say so (eslint-disable-next-line with the reason).
      'no-control-regex': 2,
      'boundaries/dependencies': [
        2,
        {
          default: 'allow',
          policies: [
            { from: element('feature'), disallow: { to: element('feature', { captured: { name: '!{{ from.element.captured.name }}' } }) } },
            { from: element('components'), disallow: { to: { element: { types: { anyOf: ['feature', 'worker'] } } } } },
            { from: element('state'), disallow: { to: { element: { types: { anyOf: ['feature', 'components', 'worker'] } } } } },
            { from: element('lib'), disallow: { to: { element: { types: { anyOf: ['feature', 'components', 'worker'] } } } } },
            { from: element('core'), disallow: { to: { element: { types: { anyOf: ['feature', 'components', 'state', 'lib', 'worker', 'bridge'] } } } } },
            { from: element('bridge'), disallow: { to: { element: { types: { anyOf: ['feature', 'components', 'state', 'lib', 'worker'] } } } } },
            { from: element('worker'), disallow: { to: { element: { types: { anyOf: ['feature', 'components', 'state', 'lib'] } } } } },
            { from: { element: { types: { anyOf: ['feature', 'components', 'state', 'lib'] } } }, allow: { to: { file: { categories: 'contract' } }, dependency: { kind: 'type' } } },
            // Only the app's top may be imported by nothing but itself.
            { from: { element: { type: '*' } }, disallow: { to: { file: { categories: 'app' } } } },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { piste: noLiteralText },
    rules: {
      'piste/no-literal-text': 2,
      // react-router's own would bring back what app/components/link.tsx keeps off every first load (issue 13).
      'no-restricted-imports': [
        2,
        {
          paths: [
            { name: 'react-router', importNames: ['Link', 'NavLink', 'Navigate'], message: 'Use app/components/link.tsx: react-router\'s carries prefetching and view transitions onto every first load.' },
            { name: 'react-router', importNames: ['useSearchParams'], message: 'Use app/lib/use-search.ts: react-router\'s carries its form support onto every first load.' },
          ],
        },
      ],
    },
  },
];
