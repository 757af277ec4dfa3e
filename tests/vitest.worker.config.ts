import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { generateKeyPairSync } from 'node:crypto';
import { defineConfig } from 'vitest/config';

const root = new URL('..', import.meta.url).pathname;

// Worker tests run inside workerd against a real (local) D1 with every migration applied.
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: `${root}wrangler.toml` },
      miniflare: {
        bindings: {
          JWT_SECRET: 'test-secret-for-workerd-tests-only-0123456789',
          APP_ORIGIN: 'https://piste.test',
          MAIL_OUTBOX: '1',
          // The human check's local stand-in, with Turnstile's always-pass test keys (tests/security/networks).
          TURNSTILE_STANDIN: '1',
          TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
          TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
          // Web Push (issue 28): a fresh VAPID key each run, pushes to the local stand-in (push_outbox).
          VAPID_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64url'),
          PUSH_STANDIN: '1',
          TEST_MIGRATIONS: await readD1Migrations(`${root}migrations`),
        },
      },
    })),
  ],
  test: {
    root,
    include: ['tests/worker/**/*.test.ts', 'tests/security/**/*.test.ts'],
    setupFiles: ['tests/worker/apply-migrations.ts'],
    testTimeout: 20_000,
  },
});
