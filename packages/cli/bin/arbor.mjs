#!/usr/bin/env node
// The `arbor` command. A committed launcher, so that npm can link the bin when it installs the
// workspace, before `prepare` has built dist/ (npm skips bins whose file does not exist yet).
import nodeModule, { createRequire } from 'node:module';

let loading = '../dist/arbor.cjs';
try {
  // Node's compile cache (Node ≥ 22.1) is turned on before the CLI's bundle loads, so it covers it. Where the
  // runtime has none (Node 20), its module is not even imported: that import alone cost a query process
  // ~30-40 ms of CPU (python/mypy `callers`, 15 runs interleaved).
  if (typeof nodeModule.enableCompileCache === 'function') {
    loading = '../dist/compile-cache.js';
    (await import(loading)).useCompileCache();
    loading = '../dist/arbor.cjs';
  }
  // The bundle is CommonJS (scripts/bundle.mjs says why), so it is required.
  createRequire(import.meta.url)(loading);
} catch (error) {
  // Only the launcher's own file missing means an unbuilt CLI; a dependency missing inside the bundle is its own error.
  const missing = error?.code === 'ERR_MODULE_NOT_FOUND' || error?.code === 'MODULE_NOT_FOUND';
  if (missing && String(error.message).split('\n')[0].includes(loading.slice(3))) {
    process.stderr.write('arbor: the CLI is not built yet: run `npm install` (or `npm run build`) in the arbor repository\n');
    process.exit(1);
  }
  throw error;
}
