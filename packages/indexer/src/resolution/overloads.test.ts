import { describe, expect, it } from 'vitest';
import type { Declaration } from '../model/extraction.js';
import type { ArgumentFit } from '../model/language-support.js';
import { selectOverload } from './overloads.js';
import type { DeclarationRef } from './targets.js';

function method(line: number, parameterTypes: string[] | undefined, variadic = false): Declaration {
  return {
    kind: 'method', name: 'm', qualifiedName: 'C::m', parent: 0, startLine: line, endLine: line, startColumn: 0, endColumn: 1,
    ...(parameterTypes ? { parameterTypes } : {}), ...(variadic ? { variadic } : {}),
  };
}

/** A small Java-like rule: int widens to long, anything goes to Object. */
const fits = (arg: string | null, param: string): ArgumentFit => {
  if (arg === param) return 'exact';
  if (param === 'Object') return 'converts';
  if (arg === 'int' && param === 'long') return 'converts';
  if (['int', 'long', 'String', 'boolean'].includes(arg) && ['int', 'long', 'String', 'boolean'].includes(param)) return 'no';
  return 'unknown';
};

function pick(decls: Declaration[], args: Array<string | null> | undefined, kind: 'calls' | 'references' = 'calls') {
  const refs: DeclarationRef[] = decls.map((_, localId) => ({ file: 'C.java', localId }));
  const result = selectOverload(refs, { argumentTypes: args, kind }, (ref) => decls[ref.localId], fits);
  if (!result) return undefined;
  if ('ref' in result) return result.ref.localId;
  if ('ambiguous' in result) return result.ambiguous.map((r) => r.localId);
  return 'none';
}

describe('overload selection', () => {
  it('lets an overload needing a default value lose only to one of the same file (never to a cross-build twin)', () => {
    const rule = Object.assign((arg: string | null, param: string) => fits(arg, param), { defaultsLose: true });
    // `apply(x: Int)` beside `apply(x: Int, cb: Int = 0)` in one class: the one using no default wins.
    const decls = [method(1, ['int']), { ...method(2, ['int', 'int']), requiredParameters: 1 }];
    const choose = (files: string[]) => {
      const refs: DeclarationRef[] = decls.map((_, localId) => ({ file: files[localId], localId }));
      const result = selectOverload(refs, { argumentTypes: ['int'], kind: 'calls' }, (ref) => decls[ref.localId], rule);
      return result && 'ref' in result ? result.ref.localId : result && 'ambiguous' in result ? result.ambiguous.map((r) => r.localId) : result;
    };
    expect(choose(['A.scala', 'A.scala'])).toBe(0);
    // The same pair declared once in src-2 and once in src-3: only one is compiled, so no pick.
    expect(choose(['src-2/A.scala', 'src-3/A.scala'])).toEqual([0, 1]);
  });

  it('prefers the non-generic of overloads that fit exactly, and a variadic one in its normal form, where the rule says so', () => {
    // `T` fits any argument exactly (a method's own type parameter, inferred).
    const generic = (arg: string | null, param: string): ArgumentFit => (param === 'T' ? (arg === null ? 'unknown' : 'exact') : fits(arg, param));
    const csharp = Object.assign((arg: string | null, param: string) => generic(arg, param), { nonGenericFirst: true, variadicNormalForm: true });
    const decls = [{ ...method(1, ['String', 'T']), typeParameters: ['T'] }, method(2, ['String', 'Object[]'], true)];
    const refs: DeclarationRef[] = decls.map((_, localId) => ({ file: 'C.cs', localId }));
    const choose = (args: string[], rule: typeof generic) => {
      const result = selectOverload(refs, { argumentTypes: args, kind: 'calls' }, (ref) => decls[ref.localId], rule);
      return result && 'ref' in result ? result.ref.localId : result;
    };
    // An array for the `params` array: both fit exactly, the non-generic wins.
    expect(choose(['String', 'Object[]'], csharp)).toBe(1);
    // One value: only the generic fits it by identity (the `params` form would box it).
    expect(choose(['String', 'int'], csharp)).toBe(0);
    // Without the language's word the variadic one is tried last, after the generic that surely applies.
    expect(choose(['String', 'Object[]'], generic)).toBe(0);
  });

  it('never picks an overload ranked last (Swift `@_disfavoredOverload`) while another may apply', () => {
    const disfavored = { ...method(1, ['int']), rankedLast: true };
    // The other surely applies: it wins, though the ranked-last one fits exactly too.
    expect(pick([disfavored, method(2, ['long'])], ['int'])).toBe(1);
    // The other may apply (an argument of unknown fit): no answer rather than the ranked-last one.
    expect(pick([disfavored, method(2, ['Thing'])], ['int'])).toEqual([0, 1]);
    // The other is ruled out: the ranked-last one is the only overload left.
    expect(pick([disfavored, method(2, ['boolean'])], ['int'])).toBe(0);
  });

  it('of candidates that fit equally, the one of the default build wins over twins for builds that opt in (Rust `#[cfg(loom)]`)', () => {
    const optIn = { ...method(2, ['?']), buildVariant: 'loom' };
    expect(pick([method(1, ['?']), optIn], [null])).toBe(0);
    expect(pick([optIn, method(1, ['?'])], [null])).toBe(1);
    // Two of the default build (or none): still ambiguous.
    expect(pick([method(1, ['?']), method(2, ['?']), optIn], [null])).toEqual([0, 1, 2]);
    expect(pick([optIn, { ...optIn, startLine: 3 }], [null])).toEqual([0, 1]);
  });

  it('a parameter with a default value makes several arities fit (C# `int width = 2`)', () => {
    const padded = [{ ...method(1, ['String', 'int']), requiredParameters: 1 }, method(2, ['String', 'int', 'char'])];
    expect(pick(padded, [null])).toBe(0);
    expect(pick(padded, [null, null, null])).toBe(1);
    expect(pick(padded, [])).toBe('none');
    // Two arguments: only the first takes two (its default left out).
    expect(pick(padded, ['String', 'int'])).toBe(0);
  });

  const set = [method(1, []), method(2, ['String']), method(3, ['int']), method(4, ['String', 'int'])];

  it('the one overload whose parameter count fits', () => {
    expect(pick(set, [])).toBe(0);
    expect(pick(set, [null, null])).toBe(3);
    expect(pick(set, [null, null, null])).toBe('none');
  });

  it('several fit the count: the one the proven argument types fit, else ambiguous (never the first declared)', () => {
    expect(pick(set, ['String'])).toBe(1);
    expect(pick(set, ['int'])).toBe(2);
    expect(pick(set, [null])).toEqual([1, 2]);
    expect(pick(set, ['Foo'])).toEqual([1, 2]);
  });

  it('an exact match beats a conversion when every argument is proven', () => {
    const objects = [method(1, ['Object']), method(2, ['String'])];
    expect(pick(objects, ['String'])).toBe(1);
    expect(pick(objects, ['Foo'])).toEqual([0, 1]);
  });

  it('variadic overloads take n-1 or more arguments, after the fixed-arity ones', () => {
    const varargs = [method(1, ['String', 'Object[]'], true), method(2, ['String', 'Object'])];
    expect(pick(varargs, ['String'])).toBe(0);
    expect(pick(varargs, ['String', null, null])).toBe(0);
    expect(pick(varargs, ['String', null])).toBe(1);
  });

  it('a fixed-arity overload that may not apply leaves the variadic ones in play', () => {
    // m(Modifier...) and m(Iterable) called with one argument of an unproven type: either may run.
    const modifiers = [method(1, ['Modifier[]'], true), method(2, ['Iterable'])];
    expect(pick(modifiers, [null])).toEqual([1, 0]);
    expect(pick(modifiers, ['Iterable'])).toBe(1);
    expect(pick(modifiers, [null, null])).toBe(0);
  });

  it('the most specific overload, when the caller gives the rule; never through boxing', () => {
    // Java-like: int widens to long and double, long to double; boxing to Integer is a later phase.
    const javaish = (arg: string | null, param: string): ArgumentFit => {
      if (arg === param) return 'exact';
      const widens: Record<string, string[]> = { int: ['long', 'double'], long: ['double'] };
      if (arg !== null && widens[arg]?.includes(param)) return 'converts';
      if (arg === 'int' && param === 'Integer') return 'boxes';
      if (param === 'Object') return arg === 'int' || arg === 'long' ? 'boxes' : 'converts';
      if (arg === 'Sub' && param === 'Base') return 'converts';
      if (arg === 'null' && param !== 'int' && param !== 'long' && param !== 'double') return 'converts';
      return arg === null ? 'unknown' : 'no';
    };
    const run = (decls: Declaration[], args: Array<string | null>, specific = true) => {
      const refs: DeclarationRef[] = decls.map((_, localId) => ({ file: 'C.java', localId }));
      const result = selectOverload(refs, { argumentTypes: args, kind: 'calls' }, (ref) => decls[ref.localId], javaish, specific ? javaish : undefined)!;
      return 'ref' in result ? result.ref.localId : 'ambiguous' in result ? result.ambiguous.map((r) => r.localId) : 'none';
    };
    const numbers = [method(1, ['double']), method(2, ['long']), method(3, ['Integer'])];
    expect(run(numbers, ['int'])).toBe(1);
    expect(run(numbers, ['int'], false)).toEqual([0, 1, 2]);
    // Only boxing reaches them: no phase without boxing to pick from.
    expect(run([method(1, ['Integer']), method(2, ['Object'])], ['int'])).toEqual([0, 1]);
    const objects = [method(1, ['Object']), method(2, ['Base']), method(3, ['Sub'])];
    expect(run(objects, ['null'])).toBe(2);
    // An argument of an unproven type: nothing is most specific for sure.
    expect(run([method(1, ['Object']), method(2, ['Base'])], [null])).toEqual([0, 1]);
  });

  it('a method reference means an overloaded name only when it has one overload', () => {
    expect(pick(set, undefined, 'references')).toEqual([0, 1, 2, 3]);
    expect(pick([method(1, ['int'])], undefined, 'references')).toBe(0);
  });

  it('does not apply when the site states no arguments or no candidate states parameters', () => {
    expect(pick(set, undefined)).toBeUndefined();
    expect(pick([method(1, undefined), method(2, undefined)], ['int'])).toBeUndefined();
  });
});
