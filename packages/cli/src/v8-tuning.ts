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

/** The V8 flags arbor sets, given the flags node was started with (an explicit choice there wins). */
export function v8FlagsFor(execArgv: readonly string[]): string[] {
  const chosen = execArgv.some((arg) => /^--interrupt[-_]budget(=|$)/.test(arg));
  return chosen ? [] : [`--interrupt-budget=${INTERRUPT_BUDGET}`];
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
