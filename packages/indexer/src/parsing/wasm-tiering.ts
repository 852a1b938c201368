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

/** Runs inside withBaselineWasm now: the flag is set by the first and cleared by the last. */
let active = 0;
let flagSet = false;

/** Runs `work` with optimising recompilation of WebAssembly off (for runs that parse a few files). */
export async function withBaselineWasm<T>(work: () => Promise<T>): Promise<T> {
  // Counted, not nested: runs in one process (a watch, an MCP server, tests) overlap in any order,
  // and one ending must not switch the flag back under another that is still running.
  if (active++ === 0) setBaselineOnly(true);
  try {
    return await work();
  } finally {
    if (--active === 0) setBaselineOnly(false);
  }
}

/** Whether WebAssembly compiled now is compiled by the baseline compiler alone. */
export function baselineWasmOnly(): boolean {
  return flagSet;
}

function setBaselineOnly(on: boolean): void {
  if (on === flagSet) return;
  try {
    setFlagsFromString(on ? '--liftoff-only' : '--no-liftoff-only');
    flagSet = on;
  } catch {
    // A runtime without the flag: compile as it always does.
  }
}
