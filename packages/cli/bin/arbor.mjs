#!/usr/bin/env node
// The `arbor` command. A committed launcher, so that npm can link the bin when it installs the
// workspace, before `prepare` has built dist/ (npm skips bins whose file does not exist yet).
try {
  await import('../dist/arbor.mjs');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('arbor.mjs')) {
    process.stderr.write('arbor: the CLI is not built yet: run `npm install` (or `npm run build`) in the arbor repository\n');
    process.exit(1);
  }
  throw error;
}
