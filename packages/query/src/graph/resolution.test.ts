import { ARBOR_RESOLUTION_RULES, CODEGRAPH_RESOLUTION_RULES } from '@arbor/vocabulary';
import { describe, expect, it } from 'vitest';
import { isNameBased } from './resolution.js';

const arborRules = Object.values(ARBOR_RESOLUTION_RULES);

describe('isNameBased', () => {
  // Every value the indexer can write must get a label; null would tell the user "unknown".
  it.each(arborRules)('arbor $value is classified as the shared table says', (rule) => {
    const label = isNameBased({ resolvedBy: rule.value, provenance: rule.nameBased ? 'heuristic' : 'tree-sitter' });
    expect(label).not.toBeNull();
    expect(label).toBe(rule.nameBased);
    // Without a provenance the strategy alone decides.
    expect(isNameBased({ resolvedBy: rule.value, provenance: null })).toBe(rule.nameBased);
  });

  it('labels inherited-member edges as proven (they once came out null)', () => {
    expect(isNameBased({ resolvedBy: 'inherited-member', provenance: 'tree-sitter' })).toBe(false);
  });

  it('labels the values arbor is about to emit', () => {
    for (const value of ['same-package', 'implicit-this', 'annotated-receiver', 'constructed-receiver', 'returned-receiver']) {
      expect(isNameBased({ resolvedBy: value, provenance: 'tree-sitter' }), value).toBe(false);
    }
    expect(isNameBased({ resolvedBy: 'unique-name', provenance: null })).toBe(true);
  });

  it.each(Object.entries(CODEGRAPH_RESOLUTION_RULES))('codegraph %s is classified as the shared table says', (value, rule) => {
    expect(isNameBased({ resolvedBy: value, provenance: null })).toBe(rule.nameBased);
  });

  it('a heuristic provenance makes any edge name-based', () => {
    expect(isNameBased({ resolvedBy: 'import', provenance: 'heuristic' })).toBe(true);
    expect(isNameBased({ resolvedBy: null, provenance: 'heuristic' })).toBe(true);
  });

  it('an unrecorded or unknown strategy is unknown, not assumed proven', () => {
    expect(isNameBased({ resolvedBy: null, provenance: 'tree-sitter' })).toBeNull();
    expect(isNameBased({ resolvedBy: 'some-future-rule', provenance: null })).toBeNull();
  });
});
