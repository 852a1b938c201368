import { describe, expect, it } from 'vitest';
import type { NodeDetails } from '../model.js';
import { foldOverloads, isOverloadStub } from './overloads.js';

const decl = (id: string, startLine: number, decorators: string[] = [], over: Partial<NodeDetails> = {}) =>
  ({ id, kind: 'function', name: 'convert', qualifiedName: 'convert', filePath: 'a.py', startLine, decorators, ...over }) as NodeDetails;

describe('overload stubs', () => {
  it('knows the overload decorator however it is imported', () => {
    expect(isOverloadStub(decl('a', 1, ['overload']))).toBe(true);
    expect(isOverloadStub(decl('a', 1, ['typing.overload']))).toBe(true);
    expect(isOverloadStub(decl('a', 1, ['@t.overload']))).toBe(true);
    expect(isOverloadStub(decl('a', 1, ['overloaded']))).toBe(false);
    expect(isOverloadStub(decl('a', 1, ['functools.cache']))).toBe(false);
  });

  it('folds stubs into the one implementation of the same name, file and kind', () => {
    const nodes = [decl('s1', 1, ['overload']), decl('s2', 3, ['overload']), decl('impl', 5)];
    expect(foldOverloads(nodes).map((n) => n.id)).toEqual(['impl']);
  });

  it('stubs alone (a .pyi) fold into the first', () => {
    expect(foldOverloads([decl('s1', 1, ['overload']), decl('s2', 3, ['overload'])]).map((n) => n.id)).toEqual(['s1']);
  });

  it('keeps apart what is not one function: redefinitions, other files, other kinds, other containers', () => {
    const redefined = [decl('s1', 1, ['overload']), decl('a', 5), decl('b', 9)];
    expect(foldOverloads(redefined).map((n) => n.id)).toEqual(['s1', 'a', 'b']);
    const elsewhere = [decl('s1', 1, ['overload']), decl('impl', 5, [], { filePath: 'b.py' })];
    expect(foldOverloads(elsewhere).map((n) => n.id)).toEqual(['s1', 'impl']);
    const method = [decl('s1', 1, ['overload']), decl('m', 5, [], { kind: 'method', qualifiedName: 'Box::convert' })];
    expect(foldOverloads(method).map((n) => n.id)).toEqual(['s1', 'm']);
  });
});
