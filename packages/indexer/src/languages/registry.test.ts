import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../model/graph-vocabulary.js';
import { LANGUAGE_EXTENSIONS, languageForPath } from './registry.js';

describe('languageForPath', () => {
  it.each([
    ['src/a.ts', 'typescript'], ['a.mts', 'typescript'], ['a.cts', 'typescript'], ['types/index.d.ts', 'typescript'],
    ['App.tsx', 'tsx'], ['a.js', 'javascript'], ['a.mjs', 'javascript'], ['a.cjs', 'javascript'], ['a.jsx', 'jsx'],
    ['m.py', 'python'], ['m.pyi', 'python'], ['main.go', 'go'], ['A.java', 'java'], ['a.c', 'c'], ['a.h', 'c'],
    ['a.cpp', 'cpp'], ['a.cc', 'cpp'], ['a.cxx', 'cpp'], ['a.hpp', 'cpp'], ['a.hh', 'cpp'], ['a.hxx', 'cpp'],
    ['P.cs', 'csharp'], ['i.php', 'php'], ['lib.rs', 'rust'], ['a.rb', 'ruby'], ['build.zig', 'zig'],
    ['A.kt', 'kotlin'], ['build.gradle.kts', 'kotlin'], ['A.swift', 'swift'], ['main.dart', 'dart'],
    ['A.scala', 'scala'], ['worksheet.sc', 'scala'], ['C:\\src\\Main.JAVA', 'java'], ['lib/Foo.PY', 'python'],
  ])('%s → %s', (path, language) => {
    expect(languageForPath(path)).toBe(language);
  });

  it.each(['README.md', 'Makefile', '.ts', 'src/.py', 'a.ts.bak', 'x.json', 'dir.ts/file', 'a.'])('%s → none', (path) => {
    expect(languageForPath(path)).toBeUndefined();
  });

  it('maps every language and gives each extension to one language only', () => {
    expect(Object.keys(LANGUAGE_EXTENSIONS).sort()).toEqual([...LANGUAGES].sort());
    const all = Object.values(LANGUAGE_EXTENSIONS).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
