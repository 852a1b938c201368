/**
 * Node's on-disk compile cache for arbor's own JavaScript. From Node 22.1, `module.enableCompileCache`
 * keeps V8's compiled code of every module the process loads after the call, so the next `arbor`
 * process skips parsing and compiling them. Where the runtime lacks it (Node 20, arbor's floor) this
 * does nothing (launch.ts keeps V8's code cache of the bundle there instead). The launcher
 * (bin/arbor.cjs, through launch.ts) calls it before it loads the CLI's bundle, so the bundle and the
 * indexer it loads are cached; worker threads compile their own code as before.
 *
 * The cache lives in `<OS temp dir>/arbor-compile-cache` (Node keys its entries by Node version and
 * file content, and drops stale ones itself), never in the repository being indexed. Node's own
 * switches win: NODE_COMPILE_CACHE names another folder, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { Module } from 'node:module';
import { join } from 'node:path';

/** What Node ≥ 22.1 adds to node:module (typed here: @types/node is pinned to Node 20's). */
interface CompileCacheApi {
  enableCompileCache?: (directory?: string) => { status: number; message?: string; directory?: string };
  constants?: { compileCacheStatus?: Record<string, number> };
}

export type CompileCacheOutcome =
  | { used: false; reason: 'unsupported' | 'disabled' | 'failed'; message?: string }
  | { used: true; directory?: string };

/** The folder arbor asks Node to keep the cache in (unless NODE_COMPILE_CACHE names one). */
export function compileCacheDirectory(env: NodeJS.ProcessEnv = process.env, tempDir?: string): string {
  return env.NODE_COMPILE_CACHE || join(tempDir ?? temporaryDirectory(), 'arbor-compile-cache');
}

/**
 * `os.tmpdir()`, as Node computes it from the environment. node:os is not in Node's start-up snapshot:
 * loading it cost every launch ~0.5 ms of CPU for this one value.
 */
export function temporaryDirectory(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') {
    const path = env.TEMP || env.TMP || `${env.SystemRoot || env.windir}\\temp`;
    return path.length > 1 && path.endsWith('\\') && !path.endsWith(':\\') ? path.slice(0, -1) : path;
  }
  const path = env.TMPDIR || env.TMP || env.TEMP || '/tmp';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Turns Node's compile cache on when the runtime has it; `api` is node:module (a test passes a stand-in). */
export function useCompileCache(api: CompileCacheApi = Module as CompileCacheApi, env: NodeJS.ProcessEnv = process.env): CompileCacheOutcome {
  if (typeof api.enableCompileCache !== 'function') return { used: false, reason: 'unsupported' };
  try {
    const result = api.enableCompileCache(compileCacheDirectory(env));
    const status = api.constants?.compileCacheStatus ?? {};
    if (result.status === status.ENABLED || result.status === status.ALREADY_ENABLED) return { used: true, directory: result.directory };
    if (result.status === status.DISABLED) return { used: false, reason: 'disabled' };
    return { used: false, reason: 'failed', message: result.message };
  } catch (error) {
    // A cache that cannot be set up (an unwritable temp dir) only costs speed.
    return { used: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
