import { describe, expect, it } from 'vitest';
import { conditionsByLine } from './build-conditions.js';
import { swiftMatchArguments } from './name-binding.js';

describe('conditionsByLine', () => {
  it('holds an #if condition in its first branch and its negation in the later ones, nested', () => {
    const lines = conditionsByLine([
      'import Foundation', // 1
      '#if os(macOS) // AppKit', // 2
      'let a = 1', // 3
      '#elseif os(iOS)', // 4
      'let b = 2', // 5
      '#else', // 6
      '#if !DEBUG', // 7
      'let c = 3', // 8
      '#endif', // 9
      '#endif', // 10
      'let d = 4', // 11
      '#if !a || b', // 12
      'let e = 5', // 13
      '#else', // 14
      'let f = 6', // 15
      '#endif', // 16
    ].join('\n'));
    expect(lines[1]).toBeUndefined();
    expect(lines[3]).toEqual(['os(macOS)']);
    expect(lines[5]).toEqual(['!os(macOS)']);
    expect(lines[8]).toEqual(['!os(macOS)', '!DEBUG']);
    expect(lines[11]).toBeUndefined();
    // A condition that is no plain negation is kept whole, never read as one.
    expect(lines[13]).toEqual(['(!a||b)']);
    expect(lines[15]).toEqual(['!(!a||b)']);
  });
});

describe('swiftMatchArguments and a trailing closure', () => {
  it('passes over a defaulted closure parameter to a later one that must be given', () => {
    expect(swiftMatchArguments(['*:?'], ['configure=:?', '_:?'], false)).toEqual([1]);
  });
  it('fills the first of two defaulted closure parameters (the forward scan)', () => {
    expect(swiftMatchArguments(['*:?'], ['first=:?', 'second=:?'], false)).toEqual([0]);
  });
});
