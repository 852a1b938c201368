import { describe, expect, it } from 'vitest';
import type { Declaration, FileExtraction } from '../model/extraction.js';
import type { ImportResolver, ResolutionLanguage } from '../model/language-support.js';
import { rustNameBinding } from '../languages/rust/name-binding.js';
import { ecmascriptNameBinding } from '../languages/typescript/name-binding.js';
import type { EdgeRow, UnresolvedRow } from '../storage/rows.js';
import { streamGraph, type IndexedFile } from './graph-builder.js';
import { HookFailures } from './hook-failures.js';

function decl(kind: Declaration['kind'], name: string, line: number, extra: Partial<Declaration> = {}): Declaration {
  return { kind, name, qualifiedName: name, parent: null, startLine: line, endLine: line + 1, startColumn: 0, endColumn: 1, ...extra };
}
function indexed(path: string, parts: Partial<FileExtraction>): IndexedFile {
  const extraction: FileExtraction = { path, language: 'typescript', lineCount: 20, declarations: [], imports: [], exports: [], references: [], errors: [], ...parts };
  return { extraction, contentHash: path, size: 1, modifiedAt: 0 };
}

/** The whole graph of a few files, gathered from the streamed portions. */
function buildGraph(indexed: IndexedFile[], languageOf: (file: FileExtraction) => ResolutionLanguage | undefined, now: number) {
  const edges: EdgeRow[] = [];
  const unresolved: UnresolvedRow[] = [];
  const stats = streamGraph(indexed, languageOf, {
    declared() {},
    resolved(portion, unresolvedPortion) {
      edges.push(...portion);
      unresolved.push(...unresolvedPortion);
    },
  }, now);
  return { edges, unresolved, stats };
}

// `app.ts` imports `helper` from './lib' twice over (two call sites) and calls it; lib.ts exports it.
const lib = indexed('lib.ts', { declarations: [decl('function', 'helper', 1, { isExported: true })] });
const app = indexed('app.ts', {
  declarations: [decl('import', './lib', 1)],
  imports: [{ declaration: 0, specifier: './lib', bindings: [{ local: 'helper', imported: 'helper' }], line: 1, column: 0 }],
  references: [
    { kind: 'calls', name: 'helper', receiver: [], enclosing: null, line: 3, column: 0 },
    { kind: 'calls', name: 'helper', receiver: [], enclosing: null, line: 4, column: 0 },
  ],
});

function language(resolveModule: ImportResolver['specifiers']['resolveModule']): ResolutionLanguage {
  return { family: 'ecmascript', modules: { specifiers: { resolveModule }, isBuiltin: () => false }, binding: ecmascriptNameBinding };
}

describe('import-resolver hooks that throw', () => {
  it('leave their lookups empty and are counted per language and hook, with the first message', () => {
    let calls = 0;
    const throwing = language(() => {
      calls++;
      throw new Error(`resolver exploded (${calls})`);
    });
    const { edges, unresolved, stats } = buildGraph([lib, app], () => throwing, 0);
    expect(edges.filter((e) => e.kind === 'calls')).toEqual([]);
    expect(unresolved.map((u) => u.referenceName)).toEqual(['helper', 'helper']);
    expect(calls).toBeGreaterThan(0);
    expect(stats.hookFailures).toEqual([{ language: 'typescript', hook: 'resolveModule', count: calls, firstMessage: 'resolver exploded (1)' }]);
  });

  it('are not reported when every hook answers', () => {
    const working = language((_from, specifier) => (specifier === './lib' ? 'lib.ts' : null));
    const { edges, stats } = buildGraph([lib, app], () => working, 0);
    expect(edges.filter((e) => e.kind === 'calls')).toHaveLength(2);
    expect(stats.hookFailures).toEqual([]);
  });

  it('a lookup step hook that throws (a module the language provides without an import) is counted too', () => {
    const crate = indexed('src/main.rs', {
      language: 'rust',
      references: [{ kind: 'calls', name: 'run', receiver: ['krate'], enclosing: null, line: 2, column: 0 }],
    });
    const rust: ResolutionLanguage = {
      family: 'rust',
      modules: { specifiers: { resolveModule: () => null, implicitModule: () => { throw new TypeError('no crate table'); } }, isBuiltin: () => false },
      binding: rustNameBinding,
    };
    const { unresolved, stats } = buildGraph([crate], () => rust, 0);
    expect(unresolved.map((u) => u.referenceName)).toEqual(['krate.run']);
    expect(stats.hookFailures).toEqual([{ language: 'rust', hook: 'implicitModule', count: 1, firstMessage: 'no crate table' }]);
  });
});

describe('HookFailures', () => {
  it('keeps the first message, counts the rest, and lists by language then hook', () => {
    const failures = new HookFailures();
    failures.record('python', 'resolveSubmodule', new Error('first'));
    failures.record('python', 'resolveSubmodule', new Error('second'));
    failures.record('go', 'resolveModule', 'a string thrown');
    failures.record('python', 'implicitModule', new RangeError(''));
    expect(failures.list()).toEqual([
      { language: 'go', hook: 'resolveModule', count: 1, firstMessage: 'a string thrown' },
      { language: 'python', hook: 'implicitModule', count: 1, firstMessage: 'RangeError' },
      { language: 'python', hook: 'resolveSubmodule', count: 2, firstMessage: 'first' },
    ]);
  });
});
