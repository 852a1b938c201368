import type { ModuleNaming } from '@arbor/vocabulary';
import { describe, expect, it } from 'vitest';
import type { NodeDetails } from '../model.js';
import { findDeletedFileImporters, specifierNames, type PathLanguage } from './deleted-importers.js';

// The naming data as the language descriptors declare it (kept in step by the indexer's descriptor test).
const ECMASCRIPT: ModuleNaming = {
  style: 'path', relativeOnly: true, extensions: ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'],
  folderFiles: ['index'], writtenExtensionMayDiffer: true,
};
const PYTHON: ModuleNaming = {
  style: 'dotted', extensions: ['.py', '.pyi'], folderFiles: ['__init__'], leadingDotsRelative: true, importedNamesMayBeModules: true,
};
const JAVA: ModuleNaming = { style: 'dotted', extensions: ['.java'], namesMayContinuePastFile: true, namesMayBeFolders: true, folderSharesDeclarations: true };
const GO: ModuleNaming = { style: 'dotted', separator: '/', extensions: ['.go'], namesMayBeFolders: true, folderSharesDeclarations: true };

const imp = (filePath: string, name: string, signature = '') => ({ filePath, name, signature });
const names = (naming: ModuleNaming, node: ReturnType<typeof imp>, deleted: string, folderGone = false) =>
  specifierNames(naming, node, deleted, naming, folderGone);

describe('specifierNames: which import specifiers name a deleted path', () => {
  it('relative paths: with or without an extension, a folder by its index file, the ESM .js spelling of a .ts file', () => {
    expect(names(ECMASCRIPT, imp('src/cart.ts', './math'), 'src/math.ts')).toBe(true);
    expect(names(ECMASCRIPT, imp('src/cart.ts', '../lib/math'), 'lib/math.tsx')).toBe(true);
    expect(names(ECMASCRIPT, imp('src/cart.ts', './math.js'), 'src/math.ts')).toBe(true);
    expect(names(ECMASCRIPT, imp('src/cart.ts', './util'), 'src/util/index.ts')).toBe(true);
    expect(names(ECMASCRIPT, imp('src/cart.ts', '.'), 'src/index.ts')).toBe(true);
    expect(names(ECMASCRIPT, imp('src/cart.ts', './types'), 'src/types.d.ts')).toBe(true);
  });

  it('relative paths: never a bare package, another folder, a longer name, or a path out of the root', () => {
    expect(names(ECMASCRIPT, imp('src/cart.ts', 'math'), 'src/math.ts')).toBe(false);
    expect(names(ECMASCRIPT, imp('src/cart.ts', './math'), 'lib/math.ts')).toBe(false);
    expect(names(ECMASCRIPT, imp('src/cart.ts', './math'), 'src/mathematics.ts')).toBe(false);
    expect(names(ECMASCRIPT, imp('src/cart.ts', './math'), 'src/math.test.ts')).toBe(false);
    expect(names(ECMASCRIPT, imp('src/cart.ts', '../../math'), 'math.ts')).toBe(false);
    expect(names(ECMASCRIPT, imp('src/cart.ts', './math.json'), 'src/math.ts')).toBe(false);
  });

  it('dotted modules: absolute (under a source root too), relative dots, a package by __init__, a submodule imported by name', () => {
    expect(names(PYTHON, imp('app/core.py', 'app.util'), 'app/util.py')).toBe(true);
    expect(names(PYTHON, imp('app/core.py', 'app.util'), 'src/app/util.py')).toBe(true);
    expect(names(PYTHON, imp('app/core.py', '.util'), 'app/util.py')).toBe(true);
    expect(names(PYTHON, imp('app/sub/core.py', '..util'), 'app/util.py')).toBe(true);
    expect(names(PYTHON, imp('app/core.py', 'app.pkg'), 'app/pkg/__init__.py')).toBe(true);
    expect(names(PYTHON, imp('app/core.py', 'app', 'from app import util, cart as c'), 'app/util.py')).toBe(true);
    expect(names(PYTHON, imp('app/core.py', '.', 'from . import util'), 'app/util.py')).toBe(true);
  });

  it('dotted modules: not a relative import anchored elsewhere, not a name ending inside a segment, not an unimported sibling', () => {
    expect(names(PYTHON, imp('lib/core.py', '.util'), 'app/util.py')).toBe(false);
    expect(names(PYTHON, imp('app/core.py', 'app.util'), 'app/myutil.py')).toBe(false);
    expect(names(PYTHON, imp('app/core.py', 'app', 'from app import cart'), 'app/util.py')).toBe(false);
    expect(names(PYTHON, imp('app/core.py', 'app.util'), 'app/util/helpers.py')).toBe(false);
  });

  it('Java: a class, a static member of it, a wildcard package once no file of the folder is left', () => {
    const util = 'src/main/java/com/acme/Util.java';
    expect(names(JAVA, imp('A.java', 'com.acme.Util'), util)).toBe(true);
    expect(names(JAVA, imp('A.java', 'com.acme.Util.f'), util)).toBe(true);
    expect(names(JAVA, imp('A.java', 'com.acme.Other'), util)).toBe(false);
    expect(names(JAVA, imp('A.java', 'com.acme'), util, false)).toBe(false);
    expect(names(JAVA, imp('A.java', 'com.acme'), util, true)).toBe(true);
    expect(names(JAVA, imp('A.java', 'com'), util, true)).toBe(false);
  });

  it('Go: an import path names the package folder, only once the folder has no file left', () => {
    expect(names(GO, imp('cmd/main.go', 'example.com/m/store'), 'store/cursor.go', true)).toBe(true);
    expect(names(GO, imp('cmd/main.go', 'example.com/m/store'), 'internal/store/cursor.go', true)).toBe(false);
    expect(names(GO, imp('cmd/main.go', 'example.com/m/store'), 'store/cursor.go', false)).toBe(false);
    expect(names(GO, imp('cmd/main.go', 'fmt'), 'cursor.go', true)).toBe(false);
  });
});

describe('findDeletedFileImporters', () => {
  const languages: Record<string, PathLanguage> = {
    '.ts': { language: 'typescript', family: 'ecmascript', moduleNaming: ECMASCRIPT },
    '.py': { language: 'python', family: 'python', moduleNaming: PYTHON },
    '.go': { language: 'go', family: 'go', moduleNaming: GO },
    '.rb': { language: 'ruby', family: 'ruby' },
  };
  const languageOf = (path: string) => languages[path.slice(path.lastIndexOf('.'))];
  // Files, and the lines of each file's imports edges (an import on such a line lands on a file).
  const store = (paths: string[], importLines: Record<string, number[]> = {}) => ({
    files: () => paths.map((path) => ({ path })),
    nodesInFile: (path: string) => [{ id: `file:${path}` }],
    edgesFrom: (ids: string[]) => ids.flatMap((id) => (importLines[id.slice(5)] ?? []).map((line) => ({ line }))),
  }) as never;
  const node = (filePath: string, name: string, line = 1) =>
    ({ filePath, name, signature: null, startLine: line, endLine: line }) as unknown as NodeDetails;

  it('only importers of the same family; a folder-package language also names its folder files', () => {
    const found = findDeletedFileImporters(
      store(['src/cart.ts', 'py/math.py', 'store/store.go', 'store/store_test.go', 'other/x.go']),
      [node('src/cart.ts', './math'), node('py/math.py', '.math')],
      ['src/math.ts', 'store/cursor.go', 'lib/a.rb'],
      languageOf,
    );
    expect(found).toEqual([
      { path: 'src/math.ts', importers: ['src/cart.ts'], packageFiles: [], namingKnown: true },
      { path: 'store/cursor.go', importers: [], packageFiles: ['store/store.go', 'store/store_test.go'], namingKnown: true },
      { path: 'lib/a.rb', importers: [], packageFiles: [], namingKnown: false },
    ]);
  });

  it('any language: an import that lands nowhere and ends in the deleted name (an alias, a require) is an importer', () => {
    const found = findDeletedFileImporters(
      store(['src/alias.ts', 'src/ok.ts', 'lib/b.rb', 'lib/c.rb'], { 'src/ok.ts': [1] }),
      [
        node('src/alias.ts', '@lib/math'), // lands nowhere now: the alias named the deleted file
        node('src/ok.ts', '@lib/math'), // lands on a file (an edge on its line): not this one
        node('lib/b.rb', 'lib/a'), node('lib/c.rb', 'lib/ab'),
      ],
      ['src/math.ts', 'lib/a.rb'],
      languageOf,
    );
    expect(found.map((d) => [d.path, d.importers, d.namingKnown])).toEqual([
      ['src/math.ts', ['src/alias.ts'], true],
      ['lib/a.rb', ['lib/b.rb'], false],
    ]);
  });
});
