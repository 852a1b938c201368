import { describe, expect, it } from 'vitest';
import type { MemberTypeFact } from '../../model/extraction.js';
import { DeclarationBuilder, type Located } from './declaration-builder.js';

/** A place in the file: rows and columns 0-based, as tree-sitter gives them. */
function at(row: number, column: number, endRow = row, endColumn = column + 1): Located {
  return { startPosition: { row, column }, endPosition: { row: endRow, column: endColumn } };
}

describe('DeclarationBuilder: declarations', () => {
  it('chains containers into qualified names; imports keep their specifier', () => {
    const b = new DeclarationBuilder();
    const outer = b.declare('class', 'Outer', null, at(0, 0, 9, 1));
    const inner = b.declare('class', 'Inner', outer, at(1, 2, 8, 3));
    const method = b.declare('method', 'run', inner, at(2, 4, 3, 5));
    const local = b.addImport('./util', method, at(3, 8), 'import x from "./util"', [{ local: 'x', imported: 'default' }]);
    expect(b.declarations.map((d) => d.qualifiedName)).toEqual(['Outer', 'Outer::Inner', 'Outer::Inner::run', './util']);
    expect(b.declarations[local.declaration]).toMatchObject({ kind: 'import', name: './util', parent: method, signature: 'import x from "./util"' });
  });

  it('takes lines 1-based and columns as they are', () => {
    const b = new DeclarationBuilder();
    b.declare('function', 'f', null, at(4, 2, 6, 1));
    expect(b.declarations[0]).toEqual({
      kind: 'function', name: 'f', qualifiedName: 'f', parent: null, startLine: 5, endLine: 7, startColumn: 2, endColumn: 1,
    });
  });

  it('leaves out undefined, false, empty-string and empty-list details and keeps the rest', () => {
    const b = new DeclarationBuilder();
    b.declare('method', 'm', null, at(0, 0), {
      signature: '', docstring: undefined, isAsync: false, decorators: [], typeParameters: ['T'], isStatic: true, visibility: 'private',
    });
    const declaration = b.declarations[0];
    for (const field of ['signature', 'docstring', 'isAsync', 'decorators']) expect(field in declaration, field).toBe(false);
    expect(declaration).toMatchObject({ typeParameters: ['T'], isStatic: true, visibility: 'private' });
  });

  it('keeps one declaration per (kind, name, start line): codegraph ids would collide', () => {
    const b = new DeclarationBuilder();
    const first = b.declare('import', 'os', null, at(0, 0), { signature: 'import os' });
    expect(b.declare('import', 'os', null, at(0, 11), { signature: 'import os' })).toBe(first);
    // Any other kind, name or line is another node.
    expect(b.declare('variable', 'os', null, at(0, 20))).not.toBe(first);
    expect(b.declare('import', 'sys', null, at(0, 30))).not.toBe(first);
    expect(b.declare('import', 'os', null, at(1, 0))).not.toBe(first);
    expect(b.declarations).toHaveLength(4);
    // Two statements may share the one declaration.
    const again = b.addImport('os', null, at(0, 11), 'import os', []);
    expect(again.declaration).toBe(first);
    expect(b.declarations).toHaveLength(4);
    expect(b.imports).toEqual([again]);
  });

  it('shifts rows of a piece parsed on its own, and collides on the shifted line', () => {
    const b = new DeclarationBuilder();
    const whole = b.declare('function', 'f', null, at(10, 0, 12, 0));
    b.lineOffset = 10;
    expect(b.declare('function', 'f', null, at(0, 0, 2, 0))).toBe(whole); // file line 11 again
    const g = b.declare('function', 'g', null, at(3, 4, 5, 0));
    const statement = b.addImport('m', null, at(6, 2), 'import m', []);
    const site = b.addReference('calls', 'h', g, at(4, 8));
    expect(b.declarations[g]).toMatchObject({ startLine: 14, endLine: 16, startColumn: 4 });
    expect(statement).toMatchObject({ line: 17, column: 2 });
    expect(b.declarations[statement.declaration]).toMatchObject({ startLine: 17, endLine: 17 });
    expect(site).toMatchObject({ line: 15, column: 8 });
  });
});

describe('DeclarationBuilder: imports and reference sites', () => {
  it('records an import statement with its flags only when set', () => {
    const b = new DeclarationBuilder();
    const plain = b.addImport('a', null, at(0, 0), 'import a', [{ local: 'a', imported: '*' }]);
    const typed = b.addImport('b', null, at(1, 0), 'import type { B } from "b"', [{ local: 'B', imported: 'B' }], { typeOnly: true });
    const bare = b.addImport('c', null, at(2, 0), 'import "c"', [], { sideEffectOnly: true, typeOnly: false });
    expect(plain).toEqual({ declaration: 0, specifier: 'a', bindings: [{ local: 'a', imported: '*' }], line: 1, column: 0 });
    expect(typed.typeOnly).toBe(true);
    expect('sideEffectOnly' in typed).toBe(false);
    expect(bare).toMatchObject({ sideEffectOnly: true });
    expect('typeOnly' in bare).toBe(false);
    expect(b.imports).toEqual([plain, typed, bare]);
  });

  it('returns the site for the caller to complete', () => {
    const b = new DeclarationBuilder();
    const site = b.addReference('calls', 'f', null, at(2, 4));
    site.receiver = ['a'];
    expect(b.references).toEqual([{ kind: 'calls', name: 'f', enclosing: null, line: 3, column: 4, receiver: ['a'] }]);
  });
});

describe('DeclarationBuilder: finish', () => {
  it('leaves records made in source order as they are', () => {
    const b = new DeclarationBuilder();
    const f = b.declare('function', 'f', null, at(0, 0, 3, 1));
    const inner = b.declare('function', 'inner', f, at(1, 2, 2, 3));
    b.addReference('calls', 'x', inner, at(1, 10));
    b.addReference('calls', 'y', f, at(2, 0));
    const built = b.finish();
    expect(built.declarations.map((d) => [d.name, d.parent])).toEqual([['f', null], ['inner', f]]);
    expect(built.references.map((s) => [s.name, s.enclosing])).toEqual([['x', inner], ['y', f]]);
    expect('memberTypes' in built).toBe(false);
  });

  it('orders everything by position and rewrites every local id to match', () => {
    const b = new DeclarationBuilder();
    // A walk that visits a body after its surroundings: `outer` (line 1), `later` (line 9), then
    // `outer`'s nested `inner` (line 3) and its import (line 4).
    const outer = b.declare('class', 'Outer', null, at(0, 0, 6, 0));
    const later = b.declare('function', 'later', null, at(8, 0, 9, 0));
    const inner = b.declare('method', 'inner', outer, at(2, 2, 5, 0));
    const imported = b.addImport('lib', inner, at(3, 4), 'import lib', [{ local: 'lib', imported: '*' }]);
    const laterSite = b.addReference('calls', 'inner', later, at(8, 10));
    laterSite.localTarget = inner;
    b.addReference('calls', 'first', inner, at(4, 4));
    b.addReference('calls', 'second', inner, at(4, 4)); // same position: recording order holds
    const facts: MemberTypeFact[] = [{ owner: outer, name: 'x', type: null, enclosing: inner }];

    const built = b.finish(facts);
    const ids = Object.fromEntries(built.declarations.map((d, id) => [d.name, id]));
    expect(built.declarations.map((d) => d.name)).toEqual(['Outer', 'inner', 'lib', 'later']);
    expect(built.declarations.map((d) => d.parent)).toEqual([null, ids.Outer, ids.inner, null]);
    expect(built.imports).toEqual([{ ...imported, declaration: ids.lib }]);
    expect(built.references.map((s) => [s.name, s.enclosing, s.localTarget])).toEqual([
      ['first', ids.inner, undefined], ['second', ids.inner, undefined], ['inner', ids.later, ids.inner],
    ]);
    expect(built.memberTypes).toEqual([{ owner: ids.Outer, name: 'x', type: null, enclosing: ids.inner }]);
  });

  it('orders imports and sites recorded out of order', () => {
    const b = new DeclarationBuilder();
    b.addImport('late', null, at(5, 0), 'import late', []);
    b.addImport('early', null, at(1, 0), 'import early', []);
    b.addReference('extends', 'Base', null, at(1, 16));
    b.addReference('calls', 'decorator', null, at(0, 1));
    const built = b.finish();
    expect(built.imports.map((s) => s.specifier)).toEqual(['early', 'late']);
    expect(built.imports.map((s) => built.declarations[s.declaration].name)).toEqual(['early', 'late']);
    expect(built.references.map((s) => s.name)).toEqual(['decorator', 'Base']);
  });
});
