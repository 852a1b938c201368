import { describe, expect, it } from 'vitest';
import type { ReferenceSite, TypeRef } from '../../model/extraction.js';
import { Scope, type ReceiverWords, type ScopeRules } from './scopes.js';

/** Python-like rules: function-wide names, class bodies hidden from nested code, walrus out of comprehensions. */
const FUNCTION_WIDE: ScopeRules = {
  scopes: { module: { fileLevel: true }, function: {}, class: { visibleToNested: false }, comprehension: {} },
  bindings: {
    definition: {},
    assignment: {},
    parameter: {},
    receiver: { classReceiver: true },
    walrus: { hoistsTo: ['function', 'class', 'module'] },
    import: { resolvesOutside: true },
  },
};

/** ECMAScript-like rules: block scopes, `var` hoisted to the function. */
const BLOCK_SCOPED: ScopeRules = {
  scopes: { module: { fileLevel: true }, function: {}, block: {} },
  bindings: { lexical: {}, var: { hoistsTo: ['function'] }, parameter: {} },
};

const named = (...chain: string[]): TypeRef => ({ kind: 'named', chain });
const call = (...callee: string[]): TypeRef => ({ kind: 'call', callee });

function site(name: string, receiver?: string[]): ReferenceSite {
  return { kind: 'calls', name, enclosing: null, line: 1, column: 0, ...(receiver ? { receiver } : {}) };
}

describe('local scopes: bindings visible from their position on', () => {
  /** Go-like rules: block scopes, a local seen only after its declaration, parameters in the whole function. */
  const FROM_POSITION: ScopeRules = {
    scopes: { file: { fileLevel: true }, function: {}, block: {} },
    bindings: { local: { fromPosition: true }, parameter: {} },
  };
  const at = (line: number, column = 0) => ({ line, column });

  it('a site before the binding sees the enclosing binding, a site after it the local one', () => {
    const fn = Scope.file(FROM_POSITION, 'file').open('function');
    fn.bind('x', 'parameter', undefined, { type: named('Outer'), scope: fn });
    const block = fn.open('block');
    block.bind('x', 'local', undefined, { type: named('Inner'), scope: block }, at(5, 10));
    expect(block.classify('x', false, at(4)).scope).toBe(fn);
    expect(block.classify('x', false, at(5, 9)).scope).toBe(fn);
    expect(block.classify('x', false, at(6)).scope).toBe(block);
    // Without a position (Python, ECMAScript callers) the binding counts in its whole scope.
    expect(block.classify('x', false).scope).toBe(block);
  });

  it('a name bound only later in its scope is not local before: an import or package name is meant', () => {
    const fn = Scope.file(FROM_POSITION, 'file').open('function');
    fn.bind('pkg', 'local', undefined, undefined, at(7));
    const before = { ...site('Get', ['pkg']), line: 3 };
    fn.completeSite(before);
    expect(before.locallyBound).toBeUndefined();
    const after = { ...site('Get', ['pkg']), line: 8 };
    fn.completeSite(after);
    expect(after.locallyBound).toBe(true);
  });

  it('a value is read where it is evaluated: `node := &node{}` names the outer type, `y := x` holds what x holds', () => {
    const file = Scope.file(FROM_POSITION, 'file');
    const fn = file.open('function');
    fn.bind('node', 'local', undefined, { type: named('node'), scope: fn, at: at(3, 1) }, at(3, 20));
    const typed = { ...site('addRoute', ['node']), line: 4 };
    fn.completeSite(typed);
    expect(typed.typedReceiver).toEqual({ type: named('node'), path: [] });
    fn.bind('x', 'local', undefined, { type: call('NewServer'), scope: fn, at: at(5, 1) }, at(5, 30));
    fn.bind('y', 'local', undefined, { type: { kind: 'value', chain: ['x'] }, scope: fn, at: at(6, 1) }, at(6, 10));
    const held = { ...site('Use', ['y']), line: 7 };
    fn.completeSite(held);
    expect(held.typedReceiver).toEqual({ type: call('NewServer'), path: [] });
    // A name no scope binds stays for the global pass (a package-level variable).
    expect(fn.provenType({ kind: 'value', chain: ['Query'] })).toEqual({ kind: 'value', chain: ['Query'] });
  });

  it('a kind without the rule ignores positions; the earliest binding of a name counts', () => {
    const fn = Scope.file(FROM_POSITION, 'file').open('function');
    fn.bind('p', 'parameter', undefined, undefined, at(9));
    expect(fn.classify('p', false, at(1)).locallyBound).toBe(true);
    fn.bind('y', 'local', undefined, undefined, at(6));
    fn.bind('y', 'local', undefined, undefined, at(3));
    expect(fn.classify('y', false, at(4)).locallyBound).toBe(true);
    expect(fn.classify('y', false, at(2)).locallyBound).toBe(false);
  });
});

describe('local scopes: where names are visible', () => {
  it('classifies after the walk: a name bound later in the same function is local to all of it', () => {
    const fn = Scope.file(FUNCTION_WIDE, 'module').open('function');
    expect(fn.classify('x', false).locallyBound).toBe(false);
    fn.bind('x', 'assignment');
    expect(fn.classify('x', false).locallyBound).toBe(true);
  });

  it('never calls a file-level name local, however it is bound', () => {
    const file = Scope.file(FUNCTION_WIDE, 'module');
    file.bind('f', 'definition', 3);
    expect(file.classify('f', false)).toEqual({ locallyBound: false });
    expect(file.open('function').classify('f', false)).toEqual({ locallyBound: false });
  });

  it('scopes block bindings to their block and the blocks nested in it', () => {
    const fn = Scope.file(BLOCK_SCOPED, 'module').open('function');
    const block = fn.open('block');
    const nested = block.open('block');
    block.bind('onlyHere', 'lexical');
    expect(nested.classify('onlyHere', false).locallyBound).toBe(true);
    expect(block.classify('onlyHere', false).locallyBound).toBe(true);
    expect(fn.classify('onlyHere', false).locallyBound).toBe(false);
  });

  it('hoists a var to its function, and keeps it in its block at file level', () => {
    const file = Scope.file(BLOCK_SCOPED, 'module');
    const fn = file.open('function');
    const inner = fn.open('block').open('block');
    inner.bind('hoisted', 'var');
    expect(fn.classify('hoisted', false)).toMatchObject({ locallyBound: true, scope: fn });
    expect(fn.open('block').classify('hoisted', false).locallyBound).toBe(true);

    const topBlock = file.open('block');
    topBlock.bind('loopVar', 'var');
    expect(topBlock.classify('loopVar', false)).toMatchObject({ locallyBound: true, scope: topBlock });
    expect(file.classify('loopVar', false).locallyBound).toBe(false);
  });

  it('binds a walrus in the nearest scope that is no comprehension', () => {
    const file = Scope.file(FUNCTION_WIDE, 'module');
    const fn = file.open('function');
    fn.open('comprehension').open('comprehension').bind('y', 'walrus');
    expect(fn.classify('y', false)).toMatchObject({ locallyBound: true, scope: fn });
    // At module level the walrus is a module name: not local.
    file.open('comprehension').bind('z', 'walrus');
    expect(file.open('function').classify('z', false).locallyBound).toBe(false);
  });

  it('shows a class body only to code directly in it', () => {
    const fn = Scope.file(FUNCTION_WIDE, 'module').open('function');
    fn.bind('shared', 'assignment');
    const cls = fn.open('class');
    cls.bind('shared', 'assignment');
    cls.bind('attr', 'assignment');
    const method = cls.open('function');
    expect(cls.classify('attr', false)).toMatchObject({ locallyBound: true, scope: cls });
    expect(method.classify('attr', false).locallyBound).toBe(false);
    expect(cls.open('comprehension').classify('attr', false).locallyBound).toBe(false);
    // The method sees past the class body to the enclosing function.
    expect(method.classify('shared', false)).toMatchObject({ locallyBound: true, scope: fn });
  });

  it('follows global and nonlocal declarations', () => {
    const file = Scope.file(FUNCTION_WIDE, 'module');
    const outer = file.open('function');
    outer.declare('counter', 'global');
    outer.bind('counter', 'assignment', undefined, { type: call('Counter'), scope: outer });
    expect(outer.classify('counter', false).locallyBound).toBe(false);
    expect(file.provenValue('counter')?.type).toEqual(call('Counter'));
    expect(outer.provenValue('counter')).toBeUndefined();

    outer.bind('total', 'assignment');
    const inner = outer.open('function');
    inner.declare('total', 'nonlocal');
    inner.bind('total', 'assignment');
    expect(inner.classify('total', false)).toMatchObject({ locallyBound: true, scope: outer });
  });

  it('lets the innermost binding shadow outer ones', () => {
    const outer = Scope.file(FUNCTION_WIDE, 'module').open('function');
    outer.bind('helper', 'definition', 1);
    const inner = outer.open('function');
    expect(inner.classify('helper', false)).toEqual({ locallyBound: true, localTarget: 1, scope: outer });
    inner.bind('helper', 'definition', 2);
    expect(inner.classify('helper', false)).toEqual({ locallyBound: true, localTarget: 2, scope: inner });
  });
});

describe('local scopes: what a binding means', () => {
  it('targets a local declaration only when it is the name\'s one binding in its scope', () => {
    const fn = Scope.file(FUNCTION_WIDE, 'module').open('function');
    fn.bind('once', 'definition', 4);
    fn.bind('twice', 'definition', 5);
    fn.bind('twice', 'definition', 6);
    fn.bind('reassigned', 'definition', 7);
    fn.bind('reassigned', 'assignment');
    expect(fn.classify('once', false).localTarget).toBe(4);
    expect(fn.classify('twice', false)).toMatchObject({ locallyBound: true });
    expect(fn.classify('twice', false).localTarget).toBeUndefined();
    expect(fn.classify('reassigned', false).localTarget).toBeUndefined();
  });

  it('resolves a name bound only by an import like a file-level name', () => {
    const fn = Scope.file(FUNCTION_WIDE, 'module').open('function');
    fn.bind('json', 'import');
    fn.bind('os', 'import');
    fn.bind('os', 'assignment');
    expect(fn.classify('json', false).locallyBound).toBe(false);
    expect(fn.classify('json', true).locallyBound).toBe(false);
    expect(fn.classify('os', false).locallyBound).toBe(true);
  });

  it('does not call a receiver parameter local where it heads a receiver chain', () => {
    const method = Scope.file(FUNCTION_WIDE, 'module').open('class').open('function');
    method.bind('self', 'receiver');
    expect(method.classify('self', true).locallyBound).toBe(false);
    expect(method.classify('self', false).locallyBound).toBe(true);
  });
});

describe('local scopes: proven types', () => {
  it('proves a value type only when every binding states the same one', () => {
    const fn = Scope.file(FUNCTION_WIDE, 'module').open('function');
    fn.bind('client', 'assignment', undefined, { type: call('Client'), scope: fn });
    fn.bind('client', 'assignment', undefined, 'none');
    fn.bind('client', 'assignment', undefined, { type: call('Client'), scope: fn });
    fn.bind('mixed', 'assignment', undefined, { type: call('A'), scope: fn });
    fn.bind('mixed', 'assignment', undefined, { type: call('B'), scope: fn });
    fn.bind('unknown', 'assignment', undefined, { type: call('A'), scope: fn });
    fn.bind('unknown', 'assignment');
    fn.bind('onlyNone', 'assignment', undefined, 'none');
    fn.bind('def', 'definition', 1);
    expect(fn.provenValue('client')).toEqual({ type: call('Client'), scope: fn });
    expect(fn.provenValue('mixed')).toBeUndefined();
    expect(fn.provenValue('unknown')).toBeUndefined();
    expect(fn.provenValue('onlyNone')).toBeUndefined();
    expect(fn.provenValue('def')).toBeUndefined();
  });

  it('keeps a stated type naming a non-local, drops one naming a local, and goes through a typed local', () => {
    const file = Scope.file(FUNCTION_WIDE, 'module');
    const fn = file.open('function');
    fn.bind('make', 'definition', 1);
    // A parameter's annotation is evaluated where the function is written.
    fn.bind('conn', 'parameter', undefined, { type: named('Connection'), scope: file });
    expect(fn.provenType(call('Client'))).toEqual(call('Client'));
    expect(fn.provenType(call('make'))).toBeUndefined();
    expect(fn.provenType({ kind: 'call', callee: ['conn', 'cursor'], awaited: true })).toEqual({
      kind: 'member-call', of: named('Connection'), name: 'cursor', awaited: true,
    });
    expect(fn.provenType(named('conn', 'Cursor'))).toBeUndefined();
    // Evaluated in its own scope: a local `Connection` in the function does not hide the annotation's.
    fn.bind('Connection', 'assignment');
    expect(fn.provenType(call('conn', 'cursor'))).toEqual({ kind: 'member-call', of: named('Connection'), name: 'cursor' });
  });

  it('completes a site after the walk: locality, local target and receiver type', () => {
    const fn = Scope.file(BLOCK_SCOPED, 'module').open('function');
    const early = site('helper', []);
    const member = site('send', ['client', 'pool']);
    const chained = { ...site('run'), typedReceiver: { type: call('factory'), path: [] } };
    const outside = { ...site('run'), typedReceiver: { type: call('Factory'), path: ['inner'] } };
    // Bindings met after the sites, as a function declaration below its first call.
    fn.bind('helper', 'lexical', 9);
    fn.bind('client', 'lexical', undefined, { type: call('Client'), scope: fn });
    fn.bind('factory', 'parameter');
    for (const s of [early, member, chained, outside]) fn.completeSite(s);
    expect(early).toMatchObject({ locallyBound: true, localTarget: 9 });
    expect(member).toMatchObject({ locallyBound: true, typedReceiver: { type: call('Client'), path: ['pool'] } });
    expect(member.localTarget).toBeUndefined();
    expect(chained.typedReceiver).toBeUndefined();
    expect(outside.typedReceiver).toEqual({ type: call('Factory'), path: ['inner'] });
    expect(outside.locallyBound).toBeUndefined();
  });

  it('never looks receiver words up, and lets the language say what a type through them proves', () => {
    const words: ReceiverWords = {
      has: (word) => word === 'this',
      typeThrough: (type) => (type.kind === 'call' ? type : undefined),
    };
    const fn = Scope.file(BLOCK_SCOPED, 'module').open('function');
    fn.bind('this', 'lexical');
    const s = site('m', ['this']);
    fn.completeSite(s, words);
    expect(s.locallyBound).toBeUndefined();
    expect(fn.provenType(call('this', 'make'), words)).toEqual(call('this', 'make'));
    expect(fn.provenType(named('this', 'T'), words)).toBeUndefined();
  });
});
