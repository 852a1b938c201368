/**
 * Bundles the compiled CLI (dist/bin.js and everything it imports except native and lazily loaded
 * packages) into one file, dist/arbor.cjs. A query command's whole run is a few milliseconds of
 * work after Node has loaded ~100 small ES modules; loading one file instead cuts the start-up
 * that dominates `arbor callers` in scripts and CI loops.
 *
 * CommonJS rather than an ES module: loaded through require(), the bundle skips what Node's ES module
 * loader adds on top of the same work — an ES module facade for every built-in it imports (node:fs's
 * facade reads every export, which loads the stream modules), a lexer pass over better-sqlite3 to find
 * its named exports, asynchronous resolution and loading. Measured on python/mypy, `arbor callers`
 * as a whole process, 11 runs interleaved, load ~15 on 2 cores: 240 → 210 ms of CPU (median).
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

await build({
  entryPoints: [`${dist}bin.js`],
  outfile: `${dist}arbor.cjs`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // better-sqlite3 is a native addon; the indexer is imported lazily by `arbor index` only and
  // starts worker threads from its own files. @arbor/vocabulary holds constants and the safe file reader, so it is
  // bundled for the query commands; the external indexer loads its own copy from node_modules.
  external: ['better-sqlite3', '@arbor/indexer'],
  // The sources are ES modules: import.meta.url (lazily loaded dist modules, package.json, createRequire)
  // becomes the bundle's own file URL. Dynamic import() stays as it is, so the indexer and the lazily
  // loaded modules load as the ES modules they are.
  define: { 'import.meta.url': '__arborBundleUrl' },
  banner: { js: "const __arborBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  legalComments: 'none',
  logLevel: 'warning',
});

// npm links the bin at install time, possibly before this build created it: make sure it can run.
const { chmodSync, rmSync } = await import('node:fs');
chmodSync(`${dist}bin.js`, 0o755);
// The ES module bundle earlier builds wrote: nothing loads it any more.
rmSync(`${dist}arbor.mjs`, { force: true });
