import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, INTERRUPT_BUDGET, v8FlagsFor } from './v8-tuning.js';

const HEAP_FLAG = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;

describe('v8FlagsFor', () => {
  it('raises the interrupt budget above V8’s default and caps how far the heap grows between full collections', () => {
    expect(v8FlagsFor([])).toEqual([`--interrupt-budget=${INTERRUPT_BUDGET}`, HEAP_FLAG]);
    expect(INTERRUPT_BUDGET).toBeGreaterThan(66 * 1024);
    expect(HEAP_GROWING_PERCENT).toBeGreaterThan(0);
  });

  it('leaves a budget given on node’s command line alone, in either spelling', () => {
    expect(v8FlagsFor(['--interrupt-budget=1000'])).toEqual([HEAP_FLAG]);
    expect(v8FlagsFor(['--max-old-space-size=4096', '--interrupt_budget=5000'])).toEqual([HEAP_FLAG]);
    expect(v8FlagsFor(['--interrupt-budget-for-feedback-allocation=10'])).toEqual([`--interrupt-budget=${INTERRUPT_BUDGET}`, HEAP_FLAG]);
  });

  it('leaves a heap growing factor given on node’s command line alone, in either spelling', () => {
    expect(v8FlagsFor(['--heap-growing-percent=50'])).toEqual([`--interrupt-budget=${INTERRUPT_BUDGET}`]);
    expect(v8FlagsFor(['--heap_growing_percent=5', '--interrupt-budget=1'])).toEqual([]);
  });
});
