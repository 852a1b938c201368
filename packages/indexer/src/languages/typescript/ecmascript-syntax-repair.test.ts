import { describe, expect, it } from 'vitest';
import type { FileExtraction } from '../../model/extraction.js';
import { extractForTest, parseForTest } from '../../test-support/test-parser.js';
import { repairSource } from './ecmascript-syntax-repair.js';
import { ecmascriptExtractor } from './extractor.js';

const extractSource = (source: string) => extractForTest(ecmascriptExtractor, source, 'src/file.ts');

function rootOf(source: string) {
  return parseForTest('typescript', source);
}

function names(result: FileExtraction): string[] {
  return result.declarations.map((d) => d.qualifiedName);
}

function syntaxErrors(result: FileExtraction) {
  return result.errors.filter((e) => e.code === 'syntax-error');
}

// Each snippet breaks the pinned grammar; without the repair, error recovery swallows what follows.
describe('ecmascript syntax repair: grammar gaps no longer cost the rest of the file', () => {
  it('variance annotations on type parameters (in, out, in out, after a comment)', async () => {
    const r = await extractSource([
      'export interface Fiber<in out A, out E = never> { readonly a: A }',
      'interface Obj<',
      '  /** @ts-ignore */',
      '  out Shape extends object = {},',
      '> { shape: Shape }',
      'export const after = (x: number) => helper(x)',
      'const helper = (x: number) => x',
    ].join('\n'));
    expect(syntaxErrors(r)).toEqual([]);
    expect(names(r)).toEqual(expect.arrayContaining(['Fiber', 'Obj', 'after', 'helper']));
  });

  it('newline-separated generic call signatures (the dual overload idiom)', async () => {
    const r = await extractSource([
      'import { dual } from "./Function.js"',
      'export const unsafeSet: {',
      '  /** data-last */',
      '  <A>(fiber: A): (self: Set<A>) => void',
      '  /** data-first */',
      '  <A>(self: Set<A>, fiber: A): void',
      '} = dual(2, (self, fiber) => runImpl(self, fiber))',
      'const runImpl = (self: unknown, fiber: unknown) => undefined',
    ].join('\n'));
    expect(syntaxErrors(r)).toEqual([]);
    const runImpl = r.declarations.findIndex((d) => d.qualifiedName === 'runImpl');
    expect(runImpl).toBeGreaterThanOrEqual(0);
    // The call inside the `dual(...)` callback is made by `unsafeSet`, not by the file.
    const site = r.references.find((ref) => ref.name === 'runImpl')!;
    expect(r.declarations[site.enclosing!]?.qualifiedName).toBe('unsafeSet');
  });

  it('escaped backticks in a template literal type', async () => {
    const r = await extractSource([
      'type Missing<U extends string> =',
      '  `Missing \\`Self\\` - use \\`class Self extends ${U}<Self>()({ ... })\\``',
      'export const later = () => 1',
    ].join('\n'));
    expect(syntaxErrors(r)).toEqual([]);
    expect(names(r)).toContain('later');
  });

  it('after a repaired interface: local shadowing and callers are right again (effect Schema.ts, stm.ts)', async () => {
    const r = await extractSource([
      'export interface Schema<in out A> { readonly a: A }',
      'export const decode = (u: unknown) => u',
      'const makeTransformation = (decode: (s: string) => number) =>',
      '  transformOrFail({ decode: (i: string) => mapLeft(decode(i)) })',
      'export const merge = <A>(self: A) =>',
      '  core.matchSTM(self, { onFailure: (e) => core.succeed(e) })',
    ].join('\n'));
    expect(syntaxErrors(r)).toEqual([]);
    const shadowed = r.references.find((ref) => ref.name === 'decode' && ref.line === 4)!;
    expect(shadowed.locallyBound).toBe(true);
    expect(r.declarations[shadowed.enclosing!]?.qualifiedName).toBe('makeTransformation');
    const succeed = r.references.find((ref) => ref.name === 'succeed')!;
    expect(r.declarations[succeed.enclosing!]?.qualifiedName).toBe('merge');
  });

  it('keeps lines, offsets, names and signatures of the original source', async () => {
    const source = 'interface I<in out A> {\n  (a: A): A\n  <B>(b: B): B\n}\nexport function f() {}\n';
    const root = (await rootOf(source)).rootNode;
    const repaired = repairSource(source, root, true);
    expect(repaired).not.toBe(source);
    expect(repaired.length).toBe(source.length);
    expect(repaired.split('\n').length).toBe(source.split('\n').length);
    expect(repaired).toContain('interface I<       A>');
    expect(repaired).toContain('\n ;<B>(b: B): B');
    const r = await extractSource(source);
    const f = r.declarations.find((d) => d.qualifiedName === 'f')!;
    expect(f.startLine).toBe(5);
    expect(r.declarations.find((d) => d.qualifiedName === 'I')!.signature).toContain('in out A');
  });

  it('leaves strings, comments and expression continuations alone', async () => {
    const source = [
      'const s = "a, in b, out c>"',
      '// <in X, out Y>',
      'const t = cond ?',
      '  <T>(x: T) => x : null',
      'call(a,',
      '  <T>(x: T) => x)',
      'const u = (a: number) =>',
      '  <T>(x: T) => x',
      'interface Broken<in out A> {}',
    ].join('\n');
    const root = (await rootOf(source)).rootNode;
    const repaired = repairSource(source, root, true);
    expect(repaired.split('\n').slice(0, 8)).toEqual(source.split('\n').slice(0, 8));
    expect(repaired.split('\n')[8]).toBe('interface Broken<       A> {}');
  });
});
