/**
 * How V8 compiles the parsers' WebAssembly for a run. V8 first compiles a module quickly
 * (Liftoff), then recompiles the functions that get hot with its optimising compiler (TurboFan)
 * on background threads. Over hundreds of files that pays for itself (python/mypy, cold: 8% faster
 * than Liftoff alone); for the handful of files a cached re-index or a watch run parses, it is
 * all cost, and more than its CPU: on vuejs/core with one file changed, the main thread sat
 * blocked for 140–190 ms after that one parse, while the recompilation held the lock that loading
 * resolution's modules needed. So a run that parses only a few files asks for Liftoff alone.
 *
 * V8 flags are process-wide and read when code is compiled or tiered up, so the choice is made
 * for the span of one small run and undone after it.
 */
import { setFlagsFromString } from 'node:v8';

let baselineOnly = false;

/** Runs `work` with optimising recompilation of WebAssembly off (for runs that parse a few files). */
export async function withBaselineWasm<T>(work: () => Promise<T>): Promise<T> {
  if (baselineOnly) return work();
  setBaselineOnly(true);
  try {
    return await work();
  } finally {
    setBaselineOnly(false);
  }
}

function setBaselineOnly(on: boolean): void {
  try {
    setFlagsFromString(on ? '--liftoff-only' : '--no-liftoff-only');
    baselineOnly = on;
  } catch {
    // A runtime without the flag: compile as it always does.
  }
}
