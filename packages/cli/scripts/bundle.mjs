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
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * better-sqlite3's JavaScript (13 small CommonJS files) goes into the bundle; its compiled addon
 * stays where npm installed it. Required from node_modules, those files cost a query process a
 * module resolution, a read and a compile each, outside the bundle's code cache. The bundled copy is
 * used only when it can be the installed one: the same version (the JavaScript and the addon are
 * released together; `^12.11.1` lets npm install another) with its addon at node-gyp's place, handed
 * to it as `nativeBinding` (without it better-sqlite3 finds the addon through the `bindings` package,
 * which looks for it from the calling file's folder, the bundle's). Otherwise the installed package is
 * required as before. The package is looked for first where it was when the bundle was built (relative
 * to dist/), then by Node's resolution: resolving a package name from the bundle (node_modules folders
 * walked, package.json read, the path made real) cost ~5 ms of CPU, twice (the version and the addon).
 * Measured on python/mypy in packages/query/README.md ("A query as a process").
 *
 * The query package's store/native-binding.js (where the addon is) is answered by the same module, so
 * the bundle finds the package once.
 */
const sqliteMain = createRequire(`${dist}bin.js`).resolve('better-sqlite3');
const sqliteRoot = join(dirname(sqliteMain), '..');
const sqliteVersion = JSON.parse(readFileSync(join(sqliteRoot, 'package.json'), 'utf8')).version;
const SQLITE_DRIVER = `
const fs = require('node:fs');
const path = require('node:path');
let state;
/** The addon of the package at root when it is the bundled version and its addon is built, else undefined. */
function sameVersionAt(root) {
  try {
    if (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version !== ${JSON.stringify(sqliteVersion)}) return undefined;
    const addon = path.join(root, 'build', 'Release', 'better_sqlite3.node');
    return fs.existsSync(addon) ? addon : undefined;
  } catch {
    return undefined;
  }
}
function resolvedRoot() {
  try {
    return path.join(path.dirname(require.resolve('better-sqlite3')), '..');
  } catch {
    return undefined;
  }
}
function chosen() {
  if (state === undefined) {
    let addon = sameVersionAt(path.join(__dirname, ${JSON.stringify(relative(dist, sqliteRoot))}));
    const root = addon === undefined ? resolvedRoot() : undefined;
    if (addon === undefined && root !== undefined) addon = sameVersionAt(root);
    if (addon !== undefined) {
      state = { Database: require(${JSON.stringify(sqliteMain)}), addon };
    } else {
      // The installed package as it is; its addon where node-gyp puts it, or better-sqlite3's own search.
      const built = root === undefined ? undefined : path.join(root, 'build', 'Release', 'better_sqlite3.node');
      state = { Database: require('better-sqlite3'), addon: built !== undefined && fs.existsSync(built) ? built : undefined };
    }
  }
  return state;
}
// A constructor returning the chosen driver's database (an object a constructor returns replaces \`this\`).
module.exports = function Database(filename, options) {
  return new (chosen().Database)(filename, options);
};
module.exports.betterSqliteAddon = () => chosen().addon;
`;
const bundledSqlite = {
  name: 'bundled-better-sqlite3',
  setup(build) {
    build.onResolve({ filter: /^better-sqlite3$/ }, (args) =>
      args.namespace === 'arbor-sqlite' ? { path: 'better-sqlite3', external: true } : { path: 'driver', namespace: 'arbor-sqlite' });
    build.onResolve({ filter: /^arbor-sqlite-driver$/ }, () => ({ path: 'driver', namespace: 'arbor-sqlite' }));
    build.onResolve({ filter: /\/native-binding\.js$/ }, (args) =>
      /[\\/]query[\\/]dist[\\/]store$/.test(args.resolveDir) ? { path: 'native-binding', namespace: 'arbor-sqlite' } : undefined);
    build.onLoad({ filter: /^driver$/, namespace: 'arbor-sqlite' }, () => ({ resolveDir: dirname(sqliteMain), loader: 'js', contents: SQLITE_DRIVER }));
    build.onLoad({ filter: /^native-binding$/, namespace: 'arbor-sqlite' }, () => ({
      resolveDir: dirname(sqliteMain),
      loader: 'js',
      contents: "module.exports = { betterSqliteAddon: require('arbor-sqlite-driver').betterSqliteAddon };",
    }));
  },
};

const bundled = await build({
  entryPoints: [`${dist}bin.js`],
  outfile: `${dist}arbor.cjs`,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // The indexer is imported lazily by `arbor index` only and starts worker threads from its own files.
  // @arbor/vocabulary holds constants and the safe file reader, so it is bundled for the query commands;
  // the external indexer loads its own copy (and better-sqlite3's) from node_modules. better-sqlite3's
  // JavaScript is bundled (bundledSqlite above); its addon, and the `bindings` package that finds it, are not.
  external: ['bindings', '@arbor/indexer'],
  plugins: [bundledSqlite],
  // The sources are ES modules: import.meta.url (lazily loaded dist modules, package.json, createRequire)
  // becomes the bundle's own file URL, made when first read (a URL made at load time cost every query
  // process ~0.5 ms of CPU, and nothing a query runs reads it). Dynamic import() stays as it is, so the
  // indexer and the lazily loaded modules load as the ES modules they are.
  define: { 'import.meta.url': '__arborBundle.url' },
  // …through __arborImport: the launcher compiles the bundle as a vm.Script to give it V8's code cache
  // (src/launch.ts), and an import() written in such a script fails on Node 20, so the launcher passes an
  // import() of its own as the sixth argument (below). Required as a plain file, the bundle has none
  // (the `var` reads undefined) and uses its own.
  banner: {
    js: "const __arborBundle = { get url() { return (this.href ??= require('node:url').pathToFileURL(__filename).href); } };\n" +
      "var __arborImport = typeof __arborImport === 'function' ? __arborImport : (specifier) => import(specifier);",
  },
  legalComments: 'none',
  // No comments or indentation (identifiers as they are): a smaller file, and ASCII only (esbuild escapes
  // non-ASCII text in strings; two characters in comments were enough). V8 holds a source with any other
  // character in two bytes per character: reading, decoding and checking it against the code cache cost
  // the launcher ~5 ms more of CPU per process (Node 20, 300 KB; a query process is ~190 ms).
  minifyWhitespace: true,
  charset: 'ascii',
  logLevel: 'warning',
});
{
  const [output] = bundled.outputFiles;
  const routed = output.text.replace(/\bawait import\(/g, 'await __arborImport(');
  // Every dynamic import but the banner's goes through __arborImport: one left behind would fail under the launcher's cache.
  const left = routed.split('\n').filter((line) => /\bimport\(/.test(line) && !line.startsWith('var __arborImport =') && !/^\s*(\/\/|\*)/.test(line));
  if (left.length > 0) throw new Error(`bundle: a dynamic import() not routed through __arborImport:\n${left.join('\n')}`);
  const wide = /[^\x00-\x7f]/.exec(routed);
  if (wide) throw new Error(`bundle: a non-ASCII character (${JSON.stringify(wide[0])}) at offset ${wide.index}: the launcher's one-byte source needs ASCII`);
  // One function applying itself to its CommonJS arguments: Node's when the file is required (`arguments` of
  // Node's module wrapper, `this` its exports), or those the launcher hands over in __arborLaunch when it
  // compiles the file as a vm.Script with V8's code cache. The launcher so compiles the file's text as it is
  // read, instead of a wrapped copy of it (src/launch.ts). The shebang esbuild keeps from bin.js goes: the
  // package's bin is bin/arbor.cjs.
  const body = routed.replace(/^#![^\n]*\n/, '');
  const launched = "typeof __arborLaunch === 'object' && __arborLaunch !== null";
  writeFileSync(output.path,
    `(function (exports, require, module, __filename, __dirname, __arborImport) {${body}\n})` +
    `.apply(${launched} ? __arborLaunch.self : this, ${launched} ? __arborLaunch.args : arguments);\n`);
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
