/**
 * A grammar that will not load (a broken install, memory) loses only its own files' contents: the run
 * still writes a graph with every other file, keeps a file node for each file it could not extract,
 * says which files and why in the report, and caches nothing of them, so the next run parses them again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const broken = vi.hoisted(() => ({ language: '' as string }));
vi.mock('../parsing/grammar-loader.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../parsing/grammar-loader.js')>();
  return {
    ...actual,
    parseSource: (async (language, source, options) => {
      if (language === broken.language) throw new actual.GrammarError(`simulated: the ${language} grammar would not load`);
      return actual.parseSource(language, source, options);
    }) as typeof actual.parseSource,
  };
});

const { indexRepository } = await import('./index-repository.js');
const { dumpGraph } = await import('../test-support/graph-dump.js');

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-grammar-failure-'));
  fs.writeFileSync(path.join(root, 'a.ts'), 'export function alpha() { return 1 }\nexport function beta() { return alpha() }\n');
  fs.writeFileSync(path.join(root, 'b.py'), 'def gamma():\n    return 1\n');
  fs.writeFileSync(path.join(root, 'c.py'), 'def delta(:\n    return 1\n'); // a syntax error, not a failure
});
afterEach(() => {
  broken.language = '';
  fs.rmSync(root, { recursive: true, force: true });
});

it('reports the files it could not extract, apart from files with syntax errors, and does not cache them', async () => {
  broken.language = 'python';
  const first = await indexRepository(root, { threads: 1 });
  expect(first.filesNotExtractedCount).toBe(2);
  expect(first.filesNotExtracted).toEqual([
    { path: 'b.py', message: 'parse failed: simulated: the python grammar would not load' },
    { path: 'c.py', message: 'parse failed: simulated: the python grammar would not load' },
  ]);
  expect(first.filesWithParseErrors).toEqual([]);
  expect(first.files.indexed).toBe(3);
  const degraded = dumpGraph(first.database);
  expect(degraded).toContain('beta');
  expect(degraded).toContain('b.py');
  expect(degraded).not.toContain('gamma');

  // The grammar loads again: the Python files are parsed (not taken from the cache), the TypeScript one is not.
  broken.language = '';
  const second = await indexRepository(root, { threads: 1 });
  expect(second.cache).toMatchObject({ fromCache: 1, extracted: 2 });
  expect(second.filesNotExtractedCount).toBe(0);
  expect(second.filesNotExtracted).toEqual([]);
  expect(second.filesWithParseErrors).toEqual(['c.py']);
  expect(dumpGraph(second.database)).toContain('gamma');
});
