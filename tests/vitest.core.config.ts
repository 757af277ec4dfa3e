import { defineConfig } from 'vitest/config';

// Unit tests of the pure rules in core/ (and the app's pure helpers), and the venue bridge (bridge/) on loopback, in Node.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['tests/core/**/*.test.ts', 'tests/bridge/**/*.test.ts'],
    environment: 'node',
  },
});
