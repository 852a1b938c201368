import { describe, expect, it } from 'vitest';
import { likeSegments, relativeWeights } from './term-rarity.js';

describe('term rarity', () => {
  it('weighs a rare word above a common one, within bounds, mean near 1', () => {
    const [rare, common] = relativeWeights([6, 1]);
    expect(rare).toBeGreaterThan(common);
    expect(rare).toBeLessThanOrEqual(1.6);
    expect(common).toBeGreaterThanOrEqual(0.4);
    expect(relativeWeights([2, 2, 2])).toEqual([1, 1, 1]);
  });

  it('leaves weights at 1 when no word is known', () => {
    expect(relativeWeights([0, 0])).toEqual([1, 1]);
  });

  it('escapes LIKE wildcards in segments', () => {
    expect(likeSegments(['find', 'app'])).toBe('%find%app%');
    expect(likeSegments(['a_b', '100%'])).toBe('%a\\_b%100\\%%');
  });
});
