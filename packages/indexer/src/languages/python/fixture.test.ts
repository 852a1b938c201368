/**
 * The Python fixture (fixtures/python) through this folder alone: extraction of every file and
 * where each import lands. The linked graph is checked by the golden test (see EXPECTED.md there).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileExtraction } from '../../model/extraction.js';
import { createPythonImportResolver } from './module-resolution.js';
import { extractForTest } from '../../test-support/test-parser.js';
import { pythonExtractor } from './extractor.js';

const FIXTURE = join(import.meta.dirname, '..', '..', '..', '..', '..', 'fixtures', 'python');

function pythonFiles(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const full = join(folder, name);
    if (statSync(full).isDirectory()) found.push(...pythonFiles(full));
    else if (name.endsWith('.py')) found.push(relative(FIXTURE, full).split('\\').join('/'));
  }
  return found.sort();
}

const extracted = new Map<string, FileExtraction>();

beforeAll(async () => {
  for (const path of pythonFiles(FIXTURE)) {
    extracted.set(path, await extractForTest(pythonExtractor, readFileSync(join(FIXTURE, path), 'utf8'), path));
  }
});

function file(path: string): FileExtraction {
  const found = extracted.get(path);
  if (!found) throw new Error(`fixture file ${path} missing`);
  return found;
}

function siteOn(path: string, name: string, line: number) {
  const sites = file(path).references.filter((s) => s.name === name && s.line === line);
  expect(sites, `${name} at ${path}:${line}`).toHaveLength(1);
  return sites[0];
}

describe('python fixture', () => {
  it('has its 10 files and only one broken file, which still yields the code after the error', () => {
    expect(extracted.size).toBe(10);
    const withErrors = [...extracted.values()].filter((f) => f.errors.length > 0).map((f) => f.path);
    expect(withErrors).toEqual(['shop/broken.py']);
    const broken = file('shop/broken.py');
    expect(broken.errors[0]).toMatchObject({ line: 6, code: 'syntax-error' });
    expect(broken.declarations.filter((d) => d.kind === 'function').map((d) => [d.name, d.startLine])).toEqual([
      ['unfinished', 5], ['still_fine', 9], ['discounted', 13],
    ]);
    expect(siteOn('shop/broken.py', 'Product', 14).enclosing).toBe(broken.declarations.findIndex((d) => d.name === 'discounted'));
  });

  it('resolves every workspace import to its file and leaves the others external', () => {
    const resolver = createPythonImportResolver({ root: FIXTURE, files: new Set(extracted.keys()), readText: () => undefined, extraction: (path) => extracted.get(path) });
    const landing = [...extracted.values()].flatMap((f) => f.imports.map((s) => `${f.path}:${s.line} ${s.specifier} -> ${resolver.specifiers.resolveModule(f.path, s.specifier)}`));
    expect(landing).toEqual([
      'reporting/src/reportkit/__init__.py:2 .summary -> reporting/src/reportkit/summary.py',
      'reporting/src/reportkit/summary.py:2 shop.pricing -> shop/pricing.py',
      'reporting/src/reportkit/summary.py:3 shop -> shop/__init__.py',
      'reporting/src/reportkit/summary.py:4 shop.text -> shop/text.py',
      'scripts/run_report.py:2 sys -> null',
      'scripts/run_report.py:4 reportkit.summary -> reporting/src/reportkit/summary.py',
      'scripts/run_report.py:5 reportkit -> reporting/src/reportkit/__init__.py',
      'scripts/run_report.py:6 shop.models -> shop/models.py',
      'shop/__init__.py:2 .models -> shop/models.py',
      'shop/__init__.py:3 .pricing -> shop/pricing.py',
      'shop/broken.py:2 .models -> shop/models.py',
      'shop/pricing.py:2 .models -> shop/models.py',
      'shop/pricing.py:3 .text -> shop/text.py',
      'shop/storage/files.py:2 json -> null',
      'shop/storage/files.py:3 os.path -> null',
      'shop/storage/files.py:5 ..models -> shop/models.py',
      'shop/storage/files.py:6 ..pricing -> shop/pricing.py',
      'shop/storage/files.py:7 .. -> shop/__init__.py',
    ]);
    // `from .. import text`: `text` is a submodule, found through submoduleSpecifier.
    expect(resolver.specifiers.resolveModule('shop/__init__.py', resolver.submodules!.submoduleSpecifier!('shop/__init__.py', 'text')!)).toBe('shop/text.py');
  });

  it('marks the shadowing local binding and the nested function, but not the external-import name', () => {
    const script = file('scripts/run_report.py');
    expect(siteOn('scripts/run_report.py', 'apply_discount', 15).locallyBound).toBe(true);
    const slugify = siteOn('scripts/run_report.py', 'slugify', 22);
    expect(script.declarations[slugify.localTarget!].qualifiedName).toBe('tidy::slugify');
    for (const line of [15, 27]) {
      const join = siteOn('shop/storage/files.py', 'join', line);
      expect(join.receiver).toEqual([]);
      expect(join.locallyBound).toBeUndefined(); // resolved through the (external) import
    }
    expect(file('shop/storage/files.py').imports.find((s) => s.specifier === 'os.path')?.bindings).toEqual([{ local: 'join', imported: 'join' }]);
    expect(siteOn('shop/text.py', 'join', 5)).toMatchObject({ receiver: ['separator'], locallyBound: true });
  });

  it('records receivers for self calls, module aliases and dotted module paths', () => {
    expect(siteOn('reporting/src/reportkit/summary.py', 'line_for', 12).receiver).toEqual(['self']);
    expect(siteOn('reporting/src/reportkit/summary.py', 'total_price', 15).receiver).toEqual(['pricing']);
    expect(siteOn('scripts/run_report.py', 'Summary', 12).receiver).toEqual(['reportkit', 'summary']);
    expect(siteOn('shop/pricing.py', 'single', 28).receiver).toEqual(['Order']);
    expect(siteOn('shop/models.py', 'describe', 21).receiver).toEqual(['self']);
    expect(siteOn('shop/models.py', 'append', 32).receiver).toEqual(['self', 'lines']);
  });
});
