#!/usr/bin/env node
// The `arbor` command. A committed launcher, so that npm can link the bin when it installs the
// workspace, before `prepare` has built dist/ (npm skips bins whose file does not exist yet).
try {
  // Node's compile cache (Node ≥ 22.1; nothing on 20) is turned on before the CLI's bundle loads, so it covers it.
  (await import('../dist/compile-cache.js')).useCompileCache();
  await import('../dist/arbor.mjs');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && /(arbor\.mjs|compile-cache\.js)/.test(String(error.message))) {
    process.stderr.write('arbor: the CLI is not built yet: run `npm install` (or `npm run build`) in the arbor repository\n');
    process.exit(1);
  }
  throw error;
}
