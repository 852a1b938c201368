import { readFileSync } from 'node:fs';
import { LANGUAGE_TEST_CONVENTIONS, languageFamily, type TestConvention } from '@arbor/vocabulary';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../model/graph-vocabulary.js';
import { grammarsJsonPath } from '../parsing/grammar-loader.js';
import { descriptorOf, familyOf, LANGUAGE_DESCRIPTORS, languageForPath, moduleNamingForPath } from './index.js';

describe('languageForPath', () => {
  it.each([
    ['src/a.ts', 'typescript'], ['a.mts', 'typescript'], ['a.cts', 'typescript'], ['types/index.d.ts', 'typescript'],
    ['App.tsx', 'tsx'], ['a.js', 'javascript'], ['a.mjs', 'javascript'], ['a.cjs', 'javascript'], ['a.jsx', 'jsx'],
    ['m.py', 'python'], ['m.pyi', 'python'], ['main.go', 'go'], ['A.java', 'java'], ['a.c', 'c'], ['a.h', 'c'],
    ['a.cpp', 'cpp'], ['a.cc', 'cpp'], ['a.cxx', 'cpp'], ['a.hpp', 'cpp'], ['a.hh', 'cpp'], ['a.hxx', 'cpp'],
    ['P.cs', 'csharp'], ['i.php', 'php'], ['lib.rs', 'rust'], ['a.rb', 'ruby'], ['build.zig', 'zig'],
    ['A.kt', 'kotlin'], ['build.gradle.kts', 'kotlin'], ['A.swift', 'swift'], ['main.dart', 'dart'],
    ['A.scala', 'scala'], ['worksheet.sc', 'scala'], ['C:\\src\\Main.JAVA', 'java'], ['lib/Foo.PY', 'python'],
    ['a.H', 'c'], ['a.C', 'c'],
  ])('%s → %s', (path, language) => {
    expect(languageForPath(path)).toBe(language);
  });

  it.each(['README.md', 'Makefile', '.ts', 'src/.py', 'a.ts.bak', 'x.json', 'dir.ts/file', 'a.'])('%s → none', (path) => {
    expect(languageForPath(path)).toBeUndefined();
  });
});

describe('language descriptors', () => {
  it('describe every language once, and give each extension to one language only', () => {
    expect(LANGUAGE_DESCRIPTORS.map((d) => d.name).sort()).toEqual([...LANGUAGES].sort());
    const all = LANGUAGE_DESCRIPTORS.flatMap((d) => d.extensions);
    expect(new Set(all).size).toBe(all.length);
    for (const extension of all) expect(extension).toMatch(/^\.[a-z0-9]+$/);
  });

  it('name the grammar grammars.json pins for their language', () => {
    const manifest = JSON.parse(readFileSync(grammarsJsonPath(), 'utf8')) as { grammars: Array<{ language: string; package: string; file: string }> };
    for (const descriptor of LANGUAGE_DESCRIPTORS) {
      const entry = manifest.grammars.find((g) => g.language === descriptor.name);
      expect(entry && { package: entry.package, file: entry.file }, descriptor.name).toEqual(descriptor.grammar);
    }
  });

  // The query package reads a stored language's family from the vocabulary (it does not load the
  // indexer); the two must never disagree.
  it('declare module naming that covers their own extensions, for the languages whose deleted files affected follows', () => {
    const named = LANGUAGE_DESCRIPTORS.filter((d) => d.moduleNaming).map((d) => d.name).sort();
    expect(named).toEqual(['go', 'java', 'javascript', 'jsx', 'kotlin', 'python', 'scala', 'tsx', 'typescript']);
    for (const d of LANGUAGE_DESCRIPTORS) {
      if (d.moduleNaming) expect(d.moduleNaming.extensions, d.name).toEqual(expect.arrayContaining([...d.extensions]));
    }
    expect(moduleNamingForPath('src/a.py')).toMatchObject({ language: 'python', family: 'python', moduleNaming: { style: 'dotted' } });
    expect(moduleNamingForPath('lib/a.rb')).toEqual({ language: 'ruby', family: 'ruby', moduleNaming: undefined });
    expect(moduleNamingForPath('package.json')).toBeUndefined();
  });

  // The query package reads each language's test conventions from the vocabulary (it does not load
  // the indexer); a descriptor carries that same entry, and no convention is left without a language.
  it('carry their language\'s test conventions from the vocabulary, each convention in exactly one descriptor', () => {
    expect(Object.keys(LANGUAGE_TEST_CONVENTIONS).sort()).toEqual([...LANGUAGES].sort());
    for (const d of LANGUAGE_DESCRIPTORS) expect(d.tests, d.name).toBe(LANGUAGE_TEST_CONVENTIONS[d.name]);
    const owners = new Map<TestConvention, string[]>();
    for (const d of LANGUAGE_DESCRIPTORS) {
      for (const convention of d.tests.names) owners.set(convention, [...(owners.get(convention) ?? []), d.name]);
    }
    for (const language of LANGUAGES) {
      for (const convention of LANGUAGE_TEST_CONVENTIONS[language].names) {
        expect(owners.get(convention), `${language}: ${convention.name}`).toEqual([language]);
      }
    }
    expect(owners.size).toBe(Object.values(LANGUAGE_TEST_CONVENTIONS).flatMap((entry) => entry.names).length);
    // A file a language calls a test by its folder alone is one of that language's own files.
    for (const d of LANGUAGE_DESCRIPTORS) {
      for (const extension of d.tests.inTestFolder) expect(d.extensions, d.name).toContain(extension);
    }
  });

  it('state the family the vocabulary gives the query package', () => {
    for (const language of LANGUAGES) expect(familyOf(language), language).toBe(languageFamily(language));
  });

  it('share modules only within the ECMAScript languages, which share one import resolver', () => {
    const ecmascript = descriptorOf('typescript')!.modules;
    for (const language of ['tsx', 'javascript', 'jsx'] as const) expect(descriptorOf(language)!.modules).toBe(ecmascript);
    const others = LANGUAGE_DESCRIPTORS.filter((d) => d.family !== 'ecmascript').map((d) => d.modules);
    expect(new Set(others).size).toBe(others.length);
  });

  it('load each language\'s extractor and resolution modules', async () => {
    for (const descriptor of LANGUAGE_DESCRIPTORS) {
      const extraction = await descriptor.modules.extraction();
      const resolution = await descriptor.modules.resolution();
      expect(typeof extraction.extractor.extract, descriptor.name).toBe('function');
      expect(typeof resolution.importResolver, descriptor.name).toBe('function');
      expect(resolution.binding, descriptor.name).toBeTypeOf('object');
    }
  });
});
