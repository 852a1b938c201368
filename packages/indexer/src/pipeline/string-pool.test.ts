import { describe, expect, it } from 'vitest';
import { StringPool } from './string-pool.js';

describe('StringPool', () => {
  it('leaves every value equal and keeps nothing but strings shared', () => {
    const pool = new StringPool();
    const make = () => ({ name: 'load', receiver: ['self', 'items'], line: 3, nested: { kind: 'calls', list: [{ a: 'load' }, null, 7] }, none: undefined });
    const first = pool.intern(structuredClone(make()));
    const second = pool.intern(structuredClone(make()));
    expect(first).toEqual(make());
    expect(second).toEqual(make());
    expect(second.nested.list[1]).toBeNull();
    expect(second.line).toBe(3);
    // Interning returns the same containers, changed in place.
    const input = structuredClone(make());
    expect(pool.intern(input)).toBe(input);
  });
});
