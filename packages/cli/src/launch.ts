/**
 * How the `arbor` launcher (bin/arbor.cjs) loads the CLI's bundle (dist/arbor.cjs) with its compiled
 * code kept between processes. A query's whole run is start-up: Node itself, then parsing and
 * compiling the 270 KB bundle, then a few milliseconds of queries.
 *
 *  - Node ≥ 22.1 has its own on-disk compile cache (`module.enableCompileCache`, compile-cache.ts):
 *    turned on, then the bundle is required as usual.
 *  - Node 20 (arbor's floor) has none, but V8 takes a code cache for one script: the bundle is
 *    compiled as a `vm.Script` with the cache the last process wrote (`cachedData`), and a process
 *    that had none (or whose cache V8 rejected) writes one when it exits, holding every function the
 *    run compiled. Together with the CommonJS launcher (bin/arbor.cjs: no ES module loader set up),
 *    measured on python/mypy (`arbor callers assert_equal --json`, whole process, 30 runs interleaved,
 *    load ~22 on 2 cores): 226 → 204 ms of CPU (median), `node -e 0` being 130 ms of it.
 *  - Otherwise (NODE_DISABLE_COMPILE_CACHE set, no private folder for the cache): the bundle is
 *    required as usual.
 *
 * The cache file's name holds what makes a cache valid: the Node version and architecture, and the
 * bundle's size and modification time (V8 itself only checks the source's length), so a rebuilt
 * bundle never runs a stale cache; and the command (its first word), since a cache holds the
 * functions the run that wrote it compiled, and `callers` compiles other ones than `--version`. It lives in the folder Node's cache would use
 * (`<OS temp dir>/arbor-compile-cache`, or NODE_COMPILE_CACHE), only when that folder belongs to this
 * user and nobody else can write to it: compiled code read from a folder another user controls would
 * be code that user chose.
 */
// Named imports only: bundled as CommonJS (scripts/bundle.mjs), a default import of a built-in becomes a copy
// of all its exports, made in every process before anything runs.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { Module, createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { compileCacheDirectory, useCompileCache } from './compile-cache.js';

/** What `launch` did, for tests. */
export type LaunchMode = 'node-compile-cache' | 'v8-code-cache' | 'require';

/** Loads the CommonJS bundle at `bundle` (an absolute path), with its compiled code cached where the runtime allows. */
export function launch(bundle: string, env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv.slice(2)): LaunchMode {
  if (typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function') {
    useCompileCache(Module as Parameters<typeof useCompileCache>[0], env);
    createRequire(bundle)(bundle);
    return 'node-compile-cache';
  }
  const cacheFile = env.NODE_DISABLE_COMPILE_CACHE === undefined ? codeCacheFile(bundle, compileCacheDirectory(env), argv[0]) : undefined;
  if (!cacheFile) {
    createRequire(bundle)(bundle);
    return 'require';
  }
  runCached(bundle, cacheFile);
  return 'v8-code-cache';
}

/**
 * Where the code cache of `bundle` lives in `directory` (created when missing); undefined when the
 * folder cannot be used safely (another user's, writable by others) or the bundle cannot be read.
 */
export function codeCacheFile(bundle: string, directory: string, command: string | undefined): string | undefined {
  try {
    const stat = statSync(bundle);
    // Created only when missing: a recursive mkdir of a folder that exists still checks it, in every process.
    let folder = statSync(directory, { throwIfNoEntry: false });
    if (folder === undefined) {
      mkdirSync(directory, { recursive: true, mode: 0o700 });
      folder = statSync(directory);
    }
    if (!isPrivateFolder(folder)) return undefined;
    // One cache per command: a cache holds the functions its run compiled, and `callers` compiles other ones than `index`.
    const word = command !== undefined && /^[a-z][a-z-]{0,30}$/.test(command) ? command : 'other';
    const key = `${process.version}-${process.arch}-${stat.size}-${Math.trunc(stat.mtimeMs)}-${word}`;
    return join(directory, `${basename(bundle)}-${key}.v8cache`);
  } catch {
    return undefined;
  }
}

/** A folder only this process's user owns and can write to (always true where there are no user ids). */
export function isPrivateFolder(stat: Pick<Stats, 'uid' | 'mode' | 'isDirectory'>, uid: number | undefined = process.getuid?.()): boolean {
  if (!stat.isDirectory()) return false;
  if (uid === undefined) return true;
  return stat.uid === uid && (stat.mode & 0o022) === 0;
}

/** Compiles the bundle with its cache (when one is there), runs it as `require` would, and writes a cache at exit when it had none that V8 took. */
function runCached(bundle: string, cacheFile: string): void {
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The file is compiled as it is: a function that applies itself to Node's CommonJS arguments, or to the
  // ones this launcher passes (scripts/bundle.mjs). Wrapping its text here made a second copy of the
  // 230 KB source in V8's young generation, and that copy was most of what made a query process collect garbage.
  const script = new Script(readFileSync(bundle, 'utf8'), { filename: bundle, cachedData });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    // At exit: the cache then holds every function the run compiled, not only the top level.
    process.once('exit', () => writeCache(cacheFile, () => script.createCachedData()));
  }
  const CommonJsModule = Module as unknown as new (id: string, parent?: unknown) => { filename: string; paths: string[]; exports: unknown; loaded: boolean };
  const module = new CommonJsModule(bundle);
  module.filename = bundle;
  module.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(dirname(bundle));
  // Node's CommonJS arguments, and a sixth: an import() written in a vm.Script fails on Node 20 (without
  // --experimental-vm-modules), so the bundle's dynamic imports call this file's (scripts/bundle.mjs routes
  // them through __arborImport). It resolves as the bundle's own would: both files sit in dist/, and the
  // specifiers are absolute URLs and package names. Read once, when the script starts.
  const launch = globalThis as { __arborLaunch?: { self: unknown; args: unknown[] } };
  launch.__arborLaunch = {
    self: module.exports,
    args: [module.exports, createRequire(bundle), module, bundle, dirname(bundle), (specifier: string) => import(specifier)],
  };
  try {
    script.runInThisContext();
  } finally {
    delete launch.__arborLaunch;
  }
  module.loaded = true;
}

/** Writes the cache through a temporary file, so a process reading it never sees half of one; a failure only costs speed. */
function writeCache(cacheFile: string, data: () => Buffer): void {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data(), { mode: 0o600 });
    renameSync(temporary, cacheFile);
    dropSuperseded(cacheFile);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing left to do: the next process compiles without a cache and tries again.
    }
  }
}

/**
 * Removes the caches `cacheFile` replaces: those of the same bundle and command for another build or
 * Node version (a cache is written only when none fitted, so the folder does not grow with every rebuild).
 */
export function dropSuperseded(cacheFile: string): void {
  const directory = dirname(cacheFile);
  const name = basename(cacheFile);
  const match = /^(.+?)-v\d[^-]*-[^-]+-\d+-\d+-([a-z-]+)\.v8cache$/.exec(name);
  if (!match) return;
  const [, bundle, command] = match;
  for (const other of readdirSync(directory)) {
    if (other === name || !other.startsWith(`${bundle}-`) || !other.endsWith(`-${command}.v8cache`)) continue;
    const parsed = /^(.+?)-v\d[^-]*-[^-]+-\d+-\d+-([a-z-]+)\.v8cache$/.exec(other);
    if (parsed && parsed[1] === bundle && parsed[2] === command) rmSync(join(directory, other), { force: true });
  }
}
