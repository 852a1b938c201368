import { describe, expect, it } from 'vitest';
import {
  ARBOR_RESOLUTION_RULES,
  ARBOR_RESOLVED_BY,
  CODEGRAPH_RESOLUTION_RULES,
  CONFIDENCE,
  RESOLVED_BY,
  resolvedByIsNameBased,
} from './index.js';

const camelCase = (value: string) => value.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('the resolution table', () => {
  it('names each rule by the camelCase form of its value, and each value once', () => {
    for (const [key, rule] of Object.entries(ARBOR_RESOLUTION_RULES)) expect(key).toBe(camelCase(rule.value));
    expect(new Set(ARBOR_RESOLVED_BY).size).toBe(ARBOR_RESOLVED_BY.length);
  });

  it('derives RESOLVED_BY and CONFIDENCE from the rows', () => {
    expect(RESOLVED_BY.inheritedMember).toBe('inherited-member');
    expect(RESOLVED_BY.constructedReceiver).toBe('constructed-receiver');
    expect(Object.values(RESOLVED_BY)).toEqual(ARBOR_RESOLVED_BY);
    expect(Object.keys(CONFIDENCE).sort()).toEqual([...ARBOR_RESOLVED_BY].sort());
    expect(CONFIDENCE['inherited-member']).toBe(0.9);
    expect(CONFIDENCE['unique-name']).toBe(0.8);
  });

  it('rates every rule in (0, 1], and no name-based rule as certain', () => {
    for (const rule of Object.values(ARBOR_RESOLUTION_RULES)) {
      expect(rule.confidence, rule.value).toBeGreaterThan(0);
      expect(rule.confidence, rule.value).toBeLessThanOrEqual(1);
      if (rule.nameBased) expect(rule.confidence, rule.value).toBeLessThan(1);
      expect(rule.meaning.length, rule.value).toBeGreaterThan(0);
    }
  });

  it('agrees with the codegraph table where both writers use the same value', () => {
    const shared = Object.keys(CODEGRAPH_RESOLUTION_RULES).filter((value) => (ARBOR_RESOLVED_BY as readonly string[]).includes(value));
    expect(shared).toEqual(['import']);
    for (const value of shared) {
      const arbor = Object.values(ARBOR_RESOLUTION_RULES).find((rule) => rule.value === value)!;
      expect(CODEGRAPH_RESOLUTION_RULES[value as keyof typeof CODEGRAPH_RESOLUTION_RULES].nameBased).toBe(arbor.nameBased);
    }
  });

  it('looks up either writer, and knows nothing else', () => {
    expect(resolvedByIsNameBased('unique-name')).toBe(true);
    expect(resolvedByIsNameBased('returned-receiver')).toBe(false);
    expect(resolvedByIsNameBased('fuzzy')).toBe(true);
    expect(resolvedByIsNameBased('file-path')).toBe(false);
    expect(resolvedByIsNameBased('guess')).toBeUndefined();
    // Object.prototype names are not table rows.
    expect(resolvedByIsNameBased('constructor')).toBeUndefined();
  });
});
