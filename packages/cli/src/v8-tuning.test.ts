import { describe, expect, it } from 'vitest';
import { INTERRUPT_BUDGET, v8FlagsFor } from './v8-tuning.js';

describe('v8FlagsFor', () => {
  it('raises the interrupt budget above V8’s default', () => {
    expect(v8FlagsFor([])).toEqual([`--interrupt-budget=${INTERRUPT_BUDGET}`]);
    expect(INTERRUPT_BUDGET).toBeGreaterThan(66 * 1024);
  });

  it('leaves a budget given on node’s command line alone, in either spelling', () => {
    expect(v8FlagsFor(['--interrupt-budget=1000'])).toEqual([]);
    expect(v8FlagsFor(['--max-old-space-size=4096', '--interrupt_budget=5000'])).toEqual([]);
    expect(v8FlagsFor(['--interrupt-budget-for-feedback-allocation=10'])).toEqual([`--interrupt-budget=${INTERRUPT_BUDGET}`]);
  });
});
