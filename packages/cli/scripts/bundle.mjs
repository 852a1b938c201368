/**
 * Bundles the compiled CLI (dist/bin.js and everything it imports except native and lazily loaded
 * packages) into one file, dist/arbor.mjs. A query command's whole run is a few milliseconds of
 * work after Node has loaded ~100 small ES modules; loading one file instead cuts the start-up
 * that dominates `arbor callers` in scripts and CI loops.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

await build({
  entryPoints: [`${dist}bin.js`],
  outfile: `${dist}arbor.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // better-sqlite3 is a native addon; the indexer is imported lazily by `arbor index` only and
  // starts worker threads from its own files. @arbor/vocabulary holds constants and the safe file reader, so it is
  // bundled for the query commands; the external indexer loads its own copy from node_modules.
  external: ['better-sqlite3', '@arbor/indexer'],
  // Bundled CommonJS dependencies call require(); give the ES module one.
  banner: { js: "import { createRequire as __arborCreateRequire } from 'node:module'; const require = __arborCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
});

// npm links the bin at install time, possibly before this build created it: make sure it can run.
const { chmodSync } = await import('node:fs');
chmodSync(`${dist}arbor.mjs`, 0o755);
chmodSync(`${dist}bin.js`, 0o755);
