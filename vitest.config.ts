import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { LOCAL_ANON_KEY } from './mocks/supabase/keys';
import { FUNCTION_STORAGE_KEY } from './supabase/functions/_shared/clientKey';

/**
 * Tests of code with no React and no browser API (rules, formats, catalogue, query strings): run in
 * node, since setting up jsdom for a file costs more than many of these files' tests.
 */
const PLAIN_SRC_TESTS = [
  'src/domain/**/*.test.ts',
  'src/i18n/**/*.test.ts',
  'src/list/csv.test.ts',
  'src/layout/palette.test.ts',
  'src/providers/earlyReads.test.ts',
  'src/providers/qsCompat.test.ts',
  'src/providers/search.test.ts',
  'src/providers/tableNames.test.ts',
  'src/resources/contact-messages/statuses.test.ts',
  'src/resources/registry.test.ts',
];

export default defineConfig({
  plugins: [react()],
  define: {
    'import.meta.env.VITE_SUPABASE_URL': JSON.stringify('http://localhost:54321'),
    'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(LOCAL_ANON_KEY),
  },
  test: {
    globals: true,
    globalSetup: ['mocks/supabase/testing/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    // The stand-in runs the edge functions in the test's process, under happy-dom in component tests,
    // where supabase-js takes their per-request clients for a browser's (see clientKey.ts).
    onConsoleLog: (log) =>
      !(log.includes(`GoTrueClient@${FUNCTION_STORAGE_KEY}:`) && log.includes('Multiple GoTrueClient instances')),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'mocks/**/*.test.ts',
            'supabase/**/*.test.ts',
            'scripts/**/*.test.ts',
            'demo/**/*.test.ts',
            ...PLAIN_SRC_TESTS,
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          // happy-dom rather than jsdom: the same screen tests cost less CPU (docs/testing.md, "Where
          // `npm test`'s time goes").
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'site/**/*.test.{ts,tsx}'],
          exclude: PLAIN_SRC_TESTS,
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
    ],
  },
});
