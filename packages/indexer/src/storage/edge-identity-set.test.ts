import { describe, expect, it } from 'vitest';
import { EdgeIdentitySet } from './edge-identity-set.js';

describe('EdgeIdentitySet', () => {
  it('reports a repeated identity once and keeps edges that differ in any part', () => {
    const set = new EdgeIdentitySet();
    expect(set.add(1, 2, 'calls', 10, 4)).toBe(true);
    expect(set.add(1, 2, 'calls', 10, 4)).toBe(false);
    expect(set.add(1, 2, 'calls', 10, 5)).toBe(true);
    expect(set.add(1, 2, 'calls', 11, 4)).toBe(true);
    expect(set.add(1, 2, 'references', 10, 4)).toBe(true);
    expect(set.add(2, 1, 'calls', 10, 4)).toBe(true);
    expect(set.add(1, 3, 'calls', 10, 4)).toBe(true);
    expect(set.add(1, 2, 'calls', 10, 5)).toBe(false);
  });

  it('tells a missing position from position 0', () => {
    const set = new EdgeIdentitySet();
    expect(set.add(1, 2, 'contains', null, null)).toBe(true);
    expect(set.add(1, 2, 'contains', null, null)).toBe(false);
    expect(set.add(1, 2, 'contains', 0, 0)).toBe(true);
    expect(set.add(1, 2, 'contains', 0, null)).toBe(true);
    expect(set.add(1, 2, 'contains', null, 0)).toBe(true);
  });

  it('handles values that do not pack (huge columns, negatives, fractions, many kinds, huge ordinals)', () => {
    const set = new EdgeIdentitySet();
    for (const [line, col] of [[1, 5_000_000], [-1, 0], [1.5, 2], [50_000_000, 1]] as const) {
      expect(set.add(1, 2, 'calls', line, col)).toBe(true);
      expect(set.add(1, 2, 'calls', line, col)).toBe(false);
    }
    // -1 must not collide with "no position".
    expect(set.add(1, 2, 'calls', null, 0)).toBe(true);
    for (let kind = 0; kind < 20; kind++) {
      expect(set.add(7, 8, `kind${kind}`, 1, 1)).toBe(true);
      expect(set.add(7, 8, `kind${kind}`, 1, 1)).toBe(false);
    }
    expect(set.add(2 ** 27, 1, 'calls', 1, 1)).toBe(true);
    expect(set.add(2 ** 27, 1, 'calls', 1, 1)).toBe(false);
  });
});

describe('EdgeIdentitySet over many edges', () => {
  it('keeps every distinct identity through its growth and refuses every repeat', () => {
    const set = new EdgeIdentitySet();
    let accepted = 0;
    // 60,000 identities sharing sources, targets and lines in every combination, so hashes collide often.
    for (let source = 0; source < 50; source++) {
      for (let target = 0; target < 40; target++) {
        for (const [line, col] of [[1, 0], [1, 1], [2, 0], [null, null], [16_000_000, 1_000_000], [3, 7], [4, 0], [9, 9], [5, 5], [6, 6], [7, 7], [8, 8], [10, 10], [11, 11], [12, 12], [13, 13], [14, 14], [15, 15], [16, 16], [17, 17], [18, 18], [19, 19], [20, 20], [21, 21], [22, 22], [23, 23], [24, 24], [25, 25], [26, 26], [27, 27]] as const) {
          if (set.add(source * 1_000_003, target, 'calls', line, col)) accepted++;
        }
      }
    }
    expect(accepted).toBe(50 * 40 * 30);
    for (let source = 0; source < 50; source++) {
      for (let target = 0; target < 40; target++) {
        expect(set.add(source * 1_000_003, target, 'calls', 1, 0)).toBe(false);
        expect(set.add(source * 1_000_003, target, 'calls', null, null)).toBe(false);
        expect(set.add(source * 1_000_003, target, 'imports', 1, 0)).toBe(true);
      }
    }
  });
});

describe('EdgeIdentitySet sized for its edges', () => {
  it('behaves as one that grows', () => {
    const sized = new EdgeIdentitySet(5_000);
    const growing = new EdgeIdentitySet();
    for (let i = 0; i < 6_000; i++) {
      const edge = [i % 997, i % 13, 'calls', i % 50, null] as const;
      expect(sized.add(...edge)).toBe(growing.add(...edge));
    }
  });
});
