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

  it('copies an object of more than four fields whole: same keys in the same order, one copy of an object met twice, maps keyed by names left as they are', () => {
    const pool = new StringPool();
    const type = { name: 'Repo', path: ['app'], kind: 'named', module: 'app.repo', args: [] };
    const site = { kind: 'calls', name: 'load', receiver: ['self'], enclosing: null, line: 3, column: 4, none: undefined };
    const byName = { 'Foo-Bar': { kind: 'a', name: 'b', line: 1, column: 2, end: 3 }, __proto__x: 1 };
    const input = structuredClone({ path: 'a.py', references: [site, { ...site, line: 4 }], heritage: { of: type, again: type }, byName });
    const out = pool.intern(input);
    expect(out).toBe(input);
    expect(out.references[0]).toEqual(site);
    expect(Object.keys(out.references[0])).toEqual(Object.keys(site));
    expect(out.references[1].line).toBe(4);
    expect(out.heritage.of).toBe(out.heritage.again);
    expect(out.heritage.of).toEqual(type);
    expect(out.byName).toEqual(byName);
    expect(Object.getPrototypeOf(out.references[0])).toBe(Object.prototype);
  });
});
