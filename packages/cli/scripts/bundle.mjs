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
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const bundled = await build({
  entryPoints: [`${dist}bin.js`],
  outfile: `${dist}arbor.cjs`,
  write: false,
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
  // …through __arborImport: the launcher compiles the bundle as a vm.Script to give it V8's code cache
  // (src/launch.ts), and an import() written in such a script fails on Node 20, so the launcher passes an
  // import() of its own as the wrapper's sixth argument. Required as a plain file, the bundle has none
  // (the `var` reads undefined) and uses its own.
  banner: {
    js: "const __arborBundleUrl = require('node:url').pathToFileURL(__filename).href;\n" +
      "var __arborImport = typeof __arborImport === 'function' ? __arborImport : (specifier) => import(specifier);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});
{
  const [output] = bundled.outputFiles;
  const routed = output.text.replace(/\bawait import\(/g, 'await __arborImport(');
  // Every dynamic import but the banner's goes through __arborImport: one left behind would fail under the launcher's cache.
  const left = routed.split('\n').filter((line) => /\bimport\(/.test(line) && !line.startsWith('var __arborImport =') && !/^\s*(\/\/|\*)/.test(line));
  if (left.length > 0) throw new Error(`bundle: a dynamic import() not routed through __arborImport:\n${left.join('\n')}`);
  writeFileSync(output.path, routed);
}

// The launcher's loader (src/launch.ts, with compile-cache.ts): CommonJS too, so bin/arbor.cjs requires it
// without Node's ES module loader.
await build({
  entryPoints: [`${dist}launch.js`],
  outfile: `${dist}launch.cjs`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});

// npm links the bin at install time, possibly before this build created it: make sure it can run.
const { chmodSync, rmSync } = await import('node:fs');
chmodSync(`${dist}bin.js`, 0o755);
// The ES module bundle earlier builds wrote: nothing loads it any more.
rmSync(`${dist}arbor.mjs`, { force: true });
