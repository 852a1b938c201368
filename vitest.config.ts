import { defineConfig } from 'vitest/config';

/**
 * Three projects, all run by `npm test` (and `.ci/run`):
 * - fast: unit tests of the packages, the inline expectations with their annotated snapshots and the
 *   golden graphs; nothing outside node is needed (`npm run test:fast`).
 * - oracle: the accuracy oracles, which need a Go toolchain, a JDK, jedi or clang; a missing tool skips
 *   its tests with a message naming it, or fails them when ARBOR_REQUIRE_ORACLES=1, as `.ci/run` sets
 *   after installing them (`npm run test:oracles`).
 * - end-to-end: the CLIs run as processes, interop with the codegraph CLI, the benches' and tools'
 *   tests (`npm run test:e2e`).
 */
const ORACLES = ['tools/accuracy/*oracle*.test.ts'];
const FAST = ['packages/*/src/**/*.test.ts', 'test/expectations/**/*.test.ts', 'test/golden/**/*.test.ts'];
const EXCLUDE = ['**/node_modules/**', '**/dist/**', 'fixtures/**'];

export default defineConfig({
  // Tests run the query and vocabulary packages from source, so a stale dist/ never answers for them.
  resolve: {
    alias: {
      '@arbor/query': new URL('./packages/query/src/index.ts', import.meta.url).pathname,
      '@arbor/vocabulary': new URL('./packages/vocabulary/src/index.ts', import.meta.url).pathname,
    },
  },
  test: {
    exclude: EXCLUDE,
    // End-to-end tests start worker threads and real CLIs; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      // Worker threads rather than child processes: the same tests in about two thirds of the CPU time
      // (measured on two cores: 50 s instead of 73 s of user+system time).
      { extends: true, test: { name: 'fast', include: FAST, pool: 'threads' } },
      { extends: true, test: { name: 'oracle', include: ORACLES } },
      {
        extends: true,
        test: { name: 'end-to-end', include: ['test/**/*.test.ts', 'tools/**/*.test.ts'], exclude: [...EXCLUDE, ...FAST, ...ORACLES] },
      },
    ],
  },
});
