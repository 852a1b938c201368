/**
 * How V8 compiles arbor's own JavaScript, set once when the process starts (V8 flags are
 * process-wide, so the extraction worker threads started later run with it too).
 *
 * V8 optimises a function with TurboFan once it has run "enough" bytecode: the interrupt budget.
 * An index run is a few seconds of a large body of code (a walk, eighteen languages' rules, the
 * resolver, the writer), and at V8's default budget it optimises hundreds of functions, many of
 * them twice: on google/gson, 271 TurboFan compilations took 2.5 s of CPU in a 2.4 s run. On a
 * two-core machine that CPU comes out of the extraction threads. With four times the default,
 * only the code that stays hot is optimised. Measured side by side (node --interrupt-budget=…,
 * alternating, 3 runs each): vuejs/core 3.09–3.10 → 2.77–2.79 s, gson 2.47–2.87 → 2.19–2.20 s,
 * python/mypy 7.20–7.62 → 6.77–6.83 s, the generated 20,000-file tree 42.3–43.5 → 39.8–42.0 s.
 * Twice the default gained less; six and eight times no more than four. At 50,000 generated files
 * (--no-cache, 2 runs each) it makes no difference beyond this machine's noise: 103.8–117.1 s
 * against 101.4–104.2 s, resolution 19.7–20.5 s against 18.0–18.9 s; so long a run optimises its
 * hot code either way.
 *
 * Only the commands that index set it (bin.ts): a query runs too briefly for the budget to matter, and
 * node:v8 is not in Node's start-up snapshot, so loading it would cost every query process time.
 */
import type * as V8 from 'node:v8';
import { lazyBuiltin } from '@arbor/vocabulary';

const v8 = lazyBuiltin<typeof V8>('node:v8');

/** V8's default interrupt budget (Node 20's V8 11.3: 66 KiB of bytecode). */
const V8_DEFAULT_INTERRUPT_BUDGET = 66 * 1024;

export const INTERRUPT_BUDGET = 4 * V8_DEFAULT_INTERRUPT_BUDGET;

/**
 * How far V8 lets the heap grow past what its last full collection kept before collecting again:
 * 20%. An index run allocates far more than it keeps (every file's extraction arrives as a copy,
 * resolution builds rows that go to the writer), and V8's own factor, up to 4× when the heap is
 * collected fast, lets that garbage stand as resident memory: on 10,000 generated files the run's
 * peak RSS was 683 MiB by default and 537 / 559 / 605 MiB at 10 / 20 / 50% (one run each, the
 * same build). Read by V8 at every full collection, so it applies although set after start-up.
 */
export const HEAP_GROWING_PERCENT = 20;

/** The V8 flags arbor sets, given the flags node was started with (an explicit choice there wins). */
export function v8FlagsFor(execArgv: readonly string[]): string[] {
  const chosen = (flag: string) => execArgv.some((arg) => new RegExp(`^--${flag}(=|$)`).test(arg));
  const flags: string[] = [];
  if (!chosen('interrupt[-_]budget')) flags.push(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  if (!chosen('heap[-_]growing[-_]percent')) flags.push(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return flags;
}

export function tuneV8(execArgv: readonly string[] = process.execArgv): void {
  for (const flag of v8FlagsFor(execArgv)) {
    try {
      v8().setFlagsFromString(flag);
    } catch {
      // A runtime without the flag compiles as it always does.
    }
  }
}
