/**
 * The declarations a file lost to its syntax errors: counted in several languages, never claimed where
 * nothing was lost, and "unknown" (never "none") when the text around the errors does not parse.
 */
import { describe, expect, it } from 'vitest';
import { extractionLanguages, languageForPath } from '../languages/index.js';
import { DECLARATIONS_LOST, LOSSES_UNCHECKED, type FileExtraction } from '../model/extraction.js';
import { parseSource } from '../parsing/grammar-loader.js';
import { extractFile } from './extract-file.js';
import { lostDeclarations } from './lost-declarations.js';

async function extract(path: string, source: string): Promise<FileExtraction> {
  return extractFile(path, languageForPath(path)!, new TextEncoder().encode(source), extractionLanguages);
}

const names = (e: FileExtraction) => e.declarations.map((d) => d.name);

describe('declarations lost after a syntax error', () => {
  it('Go: an unclosed call swallows the rest of the file; the two declarations after it are counted', async () => {
    const e = await extract('a.go', 'package a\n\nvar x = foo(\n\nfunc later() {}\n\ntype B struct{}\n');
    expect(names(e)).not.toContain('later');
    expect(e.declarationsLost).toBe(2);
    const record = e.errors.find((error) => error.code === DECLARATIONS_LOST);
    expect(record).toEqual({
      message: '2 declarations lost after a syntax error, not indexed: later (line 5), B (line 7)',
      line: 5, severity: 'error', code: DECLARATIONS_LOST,
    });
  });

  it('Java: the methods of a class the error swallowed are counted', async () => {
    const e = await extract('A.java', 'public class A {\n  int x = foo(\n  void later() {}\n  void other() {}\n}\n');
    expect(e.declarationsLost).toBe(2);
    expect(e.errors.find((error) => error.code === DECLARATIONS_LOST)?.message).toContain('later (line 3), other (line 4)');
  });

  it('Python: a declaration inside an unclosed bracket is counted', async () => {
    const e = await extract('a.py', 'x = [\n\ndef later():\n    pass\n');
    expect(names(e)).not.toContain('later');
    expect(e.declarationsLost).toBe(1);
  });

  it('records nothing when the error cost no declaration (TypeScript, Go)', async () => {
    for (const [path, source] of [
      ['a.ts', 'export function ok() {}\nexport class A {\n  m() { let x = (1 + ; }\n  n() {}\n}\nexport function later() {}\n'],
      ['b.go', 'package a\n\nfunc broken( {\n\treturn 3\n}\n\nfunc after() int { return 1 }\n'],
    ]) {
      const e = await extract(path, source);
      expect(e.errors.some((error) => error.code === 'syntax-error')).toBe(true);
      expect(e.declarationsLost).toBeUndefined();
      expect(e.errors.filter((error) => error.code === DECLARATIONS_LOST || error.code === LOSSES_UNCHECKED)).toEqual([]);
    }
  });

  it('never counts a local that blanking a broken function header lifts to a field (Java)', async () => {
    const e = await extract('B.java', 'public class B {\n  void broken( {\n    int x = ;\n  }\n\n  void after() {}\n}\n');
    expect(e.errors.find((error) => error.code === DECLARATIONS_LOST)?.message ?? '').not.toContain('x (line');
  });

  it('checks nothing in a file without syntax errors', async () => {
    const e = await extract('c.go', 'package a\n\nfunc fine() {}\n');
    expect(e.errors).toEqual([]);
    expect(e.declarationsLost).toBeUndefined();
  });

  it('says the loss is unknown, not none, when the text around the errors never parses cleanly', async () => {
    const source = 'package a\n\nvar x = foo(\n\nfunc later() {}\n';
    const tree = (await parseSource('go', source))!;
    try {
      const extraction = await extract('a.go', source);
      // Every re-parse gives back the broken file: no clean text is reached.
      const check = await lostDeclarations(tree, source, extraction, {
        parse: () => parseSource('go', source),
        extract: () => { throw new Error('a broken text must not be extracted'); },
      });
      expect(check).toEqual({ unchecked: 'the text around the syntax errors does not parse without them' });
    } finally {
      tree.delete();
    }
  });
});
