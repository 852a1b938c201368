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
