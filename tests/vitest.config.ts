import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { compileMessageCatalogs } from '../frontend/i18n-plugin.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  // SPA modules imported by unit tests get their message catalogs compiled as in the build.
  plugins: [compileMessageCatalogs()],
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: ['functions/**/*.test.ts', 'events/**/*.test.ts', 'infra/**/*.test.ts', 'frontend/src/**/*.test.{ts,tsx}', 'eslint.config.test.ts'],
          environment: 'node',
        },
        // The SPA reaches the backend only as @functions/… (eslint.config.js), as in its build.
        resolve: { alias: { '@functions': `${root}functions`, '@events': `${root}events` } },
      },
      {
        test: {
          name: 'infra',
          root,
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 180_000,
          // A whole-app synth with bundling takes about 80 s alone and 390 s or more on a busy
          // 2-core machine (the full suite beside it); the limit only stops a hung synth, it
          // measures nothing.
          hookTimeout: 900_000,
        },
      },
      {
        test: {
          name: 'system',
          root,
          include: ['tests/integration/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Files share one emulator and one browser budget on a 2-core machine.
          fileParallelism: false,
          // On a busy 2-core machine a browser step can miss its wait once; a second try of that
          // one test tells load from a defect (a defect fails both). npm test lists every test
          // that passed only on its second try (docs/decisions/2026-11-30-second-try.md).
          retry: 1,
        },
      },
    ],
  },
});
