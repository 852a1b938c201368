/**
 * Guarded lookups (order-dependence.ts) give every asker the answer any order of questions gives, where a
 * plain memo keeps what a cycle's inner lookup found for whoever asks next. Modelled on exports followed
 * through `import *` cycles: A re-exports B and C, B re-exports A, only C declares `x`.
 */
import { describe, expect, it } from 'vitest';
import { cutsSoFar, GuardedMemo, insideGuardedLookup, mayKeep } from './order-dependence.js';
import { resolutionInterface } from './resolution-interface.js';
import type { FileExtraction } from '../model/extraction.js';

const STARS: Record<string, string[]> = { A: ['B', 'C'], B: ['A'], C: [] };
const DECLARES: Record<string, string[]> = { A: [], B: [], C: ['x'] };

/** Where `name` is declared as seen from `module`, through its star re-exports (a cycle finds nothing). */
function guardedFinder(): (module: string) => string | undefined {
  const memo = new GuardedMemo<string | undefined>();
  const find = (module: string): string | undefined => {
    const known = memo.get(module);
    if (known) return 'value' in known ? known.value : undefined;
    return memo.compute(module, () => {
      if (DECLARES[module].includes('x')) return module;
      for (const next of STARS[module]) {
        const found = find(next);
        if (found) return found;
      }
      return undefined;
    });
  };
  return find;
}

/** The same with a plain memo and an in-progress set, as resolution had it. */
function plainFinder(): (module: string) => string | undefined {
  const memo = new Map<string, string | undefined>();
  const running = new Set<string>();
  const find = (module: string): string | undefined => {
    if (memo.has(module)) return memo.get(module);
    if (running.has(module)) return undefined;
    running.add(module);
    let found: string | undefined;
    if (DECLARES[module].includes('x')) found = module;
    for (const next of STARS[module]) found ??= find(next);
    running.delete(module);
    memo.set(module, found);
    return found;
  };
  return find;
}

describe('guarded lookups', () => {
  it('answer alike whatever is asked first, where a plain memo does not', () => {
    const orders = [['A', 'B', 'C'], ['B', 'A', 'C'], ['C', 'B', 'A'], ['A', 'C', 'B']];
    const answers = (make: () => (m: string) => string | undefined) => orders.map((order) => {
      const find = make();
      const got: Record<string, string | undefined> = {};
      for (const module of order) got[module] = find(module);
      return got;
    });
    for (const got of answers(guardedFinder)) expect(got).toEqual({ A: 'C', B: 'C', C: 'C' });
    // The control: asked A first, a plain memo keeps B's inner "nothing" for B's own askers.
    expect(answers(plainFinder)[0].B).toBeUndefined();
  });

  it('keep no chain open after a lookup returns or throws, and count no cut for a cycle they handle', () => {
    const before = cutsSoFar();
    const find = guardedFinder();
    find('B');
    expect(insideGuardedLookup()).toBe(false);
    expect(mayKeep()).toBe(true);
    const memo = new GuardedMemo<number>();
    expect(() => memo.compute('k', () => { throw new Error('hook failed'); })).toThrow('hook failed');
    expect(insideGuardedLookup()).toBe(false);
    expect(memo.compute('k', () => 2)).toBe(2);
    expect(cutsSoFar()).toBe(before);
  });
});

describe('a file\'s resolution interface', () => {
  const file = (overrides: Partial<FileExtraction>): FileExtraction => ({
    path: 'a.ts', language: 'typescript', lineCount: 3, imports: [], exports: [], errors: [],
    declarations: [{ kind: 'class', name: 'A', qualifiedName: 'A', startLine: 1, endLine: 3, startColumn: 0, endColumn: 1, parent: null, isExported: true } as FileExtraction['declarations'][number]],
    references: [
      { kind: 'calls', name: 'f', line: 2, column: 2, enclosing: 0 } as FileExtraction['references'][number],
      { kind: 'extends', name: 'B', line: 1, column: 16, enclosing: 0 } as FileExtraction['references'][number],
    ],
    ...overrides,
  });
  const base = file({});

  it('is what other files can read: not the line count nor call sites, but declarations and heritage clauses', () => {
    expect(resolutionInterface(file({ lineCount: 9 }))).toBe(resolutionInterface(base));
    expect(resolutionInterface(file({ references: [base.references[1], { ...base.references[0], name: 'g' }] }))).toBe(resolutionInterface(base));
    expect(resolutionInterface(file({ references: [base.references[0], { ...base.references[1], name: 'C' }] }))).not.toBe(resolutionInterface(base));
    expect(resolutionInterface(file({ declarations: [{ ...base.declarations[0], startLine: 2 }] }))).not.toBe(resolutionInterface(base));
  });

  it('sees of syntax errors whether there is one and which names they hide, not where they are', () => {
    const broken = (line: number, names: string[]) => file({ errors: [{ severity: 'error', message: 'syntax error', line, column: 0 } as FileExtraction['errors'][number]], namesInSyntaxErrors: names });
    expect(resolutionInterface(broken(3, ['x', 'y']))).toBe(resolutionInterface(broken(9, ['y', 'x', 'x'])));
    expect(resolutionInterface(broken(3, ['x']))).not.toBe(resolutionInterface(base));
    expect(resolutionInterface(broken(3, ['x']))).not.toBe(resolutionInterface(broken(3, ['z'])));
  });
});
