#!/usr/bin/env node
// The `arbor` command. A committed launcher, so that npm can link the bin when it installs the
// workspace, before `prepare` has built dist/ (npm skips bins whose file does not exist yet).
// CommonJS, like the bundle it loads: started as an ES module, the process would first set up Node's
// ES module loader, which a query never needs (python/mypy `callers`, whole process: ~20 ms of CPU).
'use strict';
const path = require('node:path');

const bundle = path.join(__dirname, '..', 'dist', 'arbor.cjs');
let launcher;
try {
  // How the bundle is loaded with its compiled code cached (src/launch.ts).
  launcher = require('../dist/launch.cjs');
} catch (error) {
  if (error?.code === 'MODULE_NOT_FOUND' && String(error.message).split('\n')[0].includes('launch.cjs')) {
    process.stderr.write('arbor: the CLI is not built yet: run `npm install` (or `npm run build`) in the arbor repository\n');
    process.exit(1);
  }
  throw error;
}
launcher.launch(bundle);
