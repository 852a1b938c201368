import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests run the query and vocabulary packages from source, so a stale dist/ never answers for them.
  resolve: {
    alias: {
      '@arbor/query': new URL('./packages/query/src/index.ts', import.meta.url).pathname,
      '@arbor/vocabulary': new URL('./packages/vocabulary/src/index.ts', import.meta.url).pathname,
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'fixtures/**'],
    // End-to-end tests start worker threads and real CLIs; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
