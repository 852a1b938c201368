import { describe, expect, it } from 'vitest';
import { PairMap, PairSet } from './pair-map.js';

describe('PairMap', () => {
  it('tells pairs apart that one joined string would run together', () => {
    const map = new PairMap<string, string, number>();
    map.set('a\0b', 'c', 1).set('a', 'b\0c', 2);
    expect(map.get('a\0b', 'c')).toBe(1);
    expect(map.get('a', 'b\0c')).toBe(2);
    expect(map.size).toBe(2);
  });

  it('keeps undefined and null values apart from absence', () => {
    const map = new PairMap<string, number, string | null | undefined>();
    map.set('f', 0, undefined).set('f', 1, null);
    expect(map.has('f', 0)).toBe(true);
    expect(map.get('f', 0)).toBeUndefined();
    expect(map.get('f', 1)).toBeNull();
    expect(map.has('f', 2)).toBe(false);
    expect(map.has('g', 0)).toBe(false);
  });

  it('counts each pair once and forgets deleted ones', () => {
    const map = new PairMap<string, number, string>();
    map.set('f', 1, 'x').set('f', 1, 'y').set('f', 2, 'z');
    expect(map.size).toBe(2);
    expect(map.get('f', 1)).toBe('y');
    expect(map.delete('f', 1)).toBe(true);
    expect(map.delete('f', 1)).toBe(false);
    expect(map.delete('nope', 1)).toBe(false);
    expect(map.size).toBe(1);
    expect(map.delete('f', 2)).toBe(true);
    expect(map.size).toBe(0);
    expect(map.has('f', 2)).toBe(false);
  });
});

describe('PairSet', () => {
  it('adds, finds, counts and deletes pairs', () => {
    const set = new PairSet<string, string>();
    set.add('m.py', 'x').add('m.py', 'x').add('n.py', 'x');
    expect(set.size).toBe(2);
    expect(set.has('m.py', 'x')).toBe(true);
    expect(set.has('m.py', 'y')).toBe(false);
    expect(set.delete('m.py', 'x')).toBe(true);
    expect(set.size).toBe(1);
    expect(set.has('m.py', 'x')).toBe(false);
  });
});
