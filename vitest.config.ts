import { createRequire } from 'node:module';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const POSTGRES_RESTART_TEST = 'apps/server/test/faults/postgres-restarted.test.ts';

const reactRouterRoot = path.dirname(
  createRequire(import.meta.url).resolve('react-router/package.json', { paths: ['apps/web'] }),
);
const reactRouterEsBuild = [
  { find: /^react-router$/, replacement: path.join(reactRouterRoot, 'dist/development/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterRoot, 'dist/development/dom-export.mjs') },
];

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // `npm run coverage`: statements of the three source trees reached in Vitest's workers. It runs
    // the core, web and server projects: the browser and fault tests run their servers elsewhere
    // (Vitest's main process, child processes), where v8 coverage does not look.
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      reportOnFailure: true,
    },
    // Three files at a time on a two-core machine (Vitest's default there is one): most test
    // time is spent waiting on PostgreSQL, child servers, Chromium and timers, not computing.
    maxWorkers: 3,
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      {
        // Screen tests (*.test.tsx, apps/web/src/app/testing/) draw in happy-dom, named by each file's
        // `@vitest-environment` comment. React Router's ES build only, and through Vite: on Node 20
        // its ES build imports its CommonJS one, and screens then did not find the router.
        resolve: { alias: reactRouterEsBuild },
        test: {
          name: 'web',
          include: ['apps/web/{src,scripts}/**/*.test.{ts,tsx}'],
          server: { deps: { inline: ['react-router'] } },
          // A screen test waits for the screen's code to compile on its first visit.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/{src,test}/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'apps/server/test/faults/**'],
          // Migrates a template database per engine once; each file's database is a copy.
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // Files share their worker's loaded modules (the server, its database drivers, PGlite's
          // WebAssembly): importing them again for every file cost about a third of the round.
          // Each file still builds its own app and database, and none mocks a module or changes
          // the environment.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['apps/server/test/faults/**/*.test.ts'],
          exclude: [...configDefaults.exclude, POSTGRES_RESTART_TEST],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Servers killed, a database cut, an SMTP outage and a flood, each on servers and
          // databases of its own: beside the server files, whose CPU they leave alone while they
          // wait out their outages.
        },
      },
      {
        test: {
          // Restarts this machine's PostgreSQL, which every other project uses: alone, last.
          name: 'postgres-restart',
          include: [POSTGRES_RESTART_TEST],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          setupFiles: ['apps/web/e2e/support/release-test-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page takes over later on a machine busy with the other projects: wait up to 10 s, not 1 s.
          expect: { poll: { timeout: 10_000 } },
          // Two files side by side, each with its own Chromium and a server of its own
          // (support/global-setup.ts, support/test-server.ts), after the server tests.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
