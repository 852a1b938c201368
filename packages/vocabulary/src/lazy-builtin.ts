/**
 * A Node built-in module loaded on first use rather than when the importing module loads. A query
 * command's whole process is mostly Node starting and loading code: node:crypto and node:child_process
 * each cost several milliseconds of compiling Node's own JavaScript (they are not in Node's start-up
 * snapshot), paid by every `arbor callers` although only `status`, `affected`, hashing and git ever use
 * them. The getter is memoised, so a hot caller (sha256Hex in an index run) pays one branch per call.
 */
import { createRequire } from 'node:module';

// Made on first use too: createRequire (a file URL made a path, a module object, its lookup paths) cost a
// query process ~1 ms of CPU at load time, before any built-in is asked for.
let requireHere: NodeJS.Require | undefined;

export function lazyBuiltin<T>(name: `node:${string}`): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= (requireHere ??= createRequire(import.meta.url))(name) as T);
}
