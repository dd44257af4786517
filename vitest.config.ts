import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/{src,scripts}/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/{src,test}/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One Chromium and one server for the whole project; files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
