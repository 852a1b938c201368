import { describe, expect, it } from 'vitest';
import { editDistance, similarity } from './similarity.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps, and stops past the bound', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('jsonify', 'jsnoify')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});

describe('similarity', () => {
  it('suggests close spellings and names sharing most segments, not unrelated ones', () => {
    expect(similarity('jsnoify', 'jsonify')).toBeGreaterThan(0.8);
    expect(similarity('findApp', 'find_best_app')).toBeGreaterThan(0);
    expect(similarity('ensureSink', 'ensure_sync')).toBeGreaterThan(0);
    expect(similarity('jsonify', 'parse_args')).toBe(0);
  });
});
