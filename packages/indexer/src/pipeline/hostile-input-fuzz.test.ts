/**
 * Hostile files in every grammar cost only themselves: deep nesting, a very long line, a huge
 * identifier and invalid UTF-8 of each language go through the whole pipeline beside innocent
 * files of several languages (its own included), and every innocent file keeps its declaration
 * in the graph. Runs with a worker and the main thread both parsing, so a runtime a hostile file
 * damaged (parsing/runtime-crash.ts) would show on whichever thread parses next. Bounded: a few
 * seconds per grammar (a seeded generator, sizes fixed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../model/graph-vocabulary.js';
import { isSupportedLanguage } from '../languages/index.js';
import { indexRepository } from './index-repository.js';
import { seededRandom } from '../test-support/seeded-random.js';

/** A file extension and an innocent declaration named `name`, per language. */
const INNOCENT: Record<string, [extension: string, source: (name: string) => string]> = {
  typescript: ['ts', (n) => `export function ${n}() {\n  return 1;\n}\n`],
  tsx: ['tsx', (n) => `export function ${n}() {\n  return <div />;\n}\n`],
  javascript: ['js', (n) => `function ${n}() {\n  return 1;\n}\n`],
  jsx: ['jsx', (n) => `function ${n}() {\n  return <div />;\n}\n`],
  python: ['py', (n) => `def ${n}():\n    return 1\n`],
  go: ['go', (n) => `package p\n\nfunc ${n}() int { return 1 }\n`],
  java: ['java', (n) => `class ${n} {\n}\n`],
  c: ['c', (n) => `int ${n}(void) { return 1; }\n`],
  cpp: ['cpp', (n) => `int ${n}() { return 1; }\n`],
  csharp: ['cs', (n) => `class ${n} {\n}\n`],
  php: ['php', (n) => `<?php\nfunction ${n}() { return 1; }\n`],
  rust: ['rs', (n) => `fn ${n}() -> i32 { 1 }\n`],
  ruby: ['rb', (n) => `def ${n}\n  1\nend\n`],
  zig: ['zig', (n) => `pub fn ${n}() void {}\n`],
  kotlin: ['kt', (n) => `fun ${n}(): Int = 1\n`],
  swift: ['swift', (n) => `func ${n}() -> Int { return 1 }\n`],
  dart: ['dart', (n) => `int ${n}() => 1;\n`],
  scala: ['scala', (n) => `object ${n} {\n}\n`],
};

/** Innocent companions in every run: other languages than the hostile one, on every thread. */
const COMPANIONS: Language[] = ['typescript', 'python', 'go', 'zig', 'cpp'];

/** Openers that nest in most grammars, and some that nest in a few. */
const OPENERS = ['{', '(', '[', 'struct {', 'class A {', 'namespace a {', 'fn f() {', 'def f():\n ', 'if (x) {', 'f(', '"${', '`${', '#if 1\n', 'impl A {', 'do ', 'x = '];


function hostileFiles(language: string, random: () => number): Record<string, string | Buffer> {
  const [extension, source] = INNOCENT[language];
  let mixed = '';
  for (let i = 0; i < 1500; i++) mixed += OPENERS[Math.floor(random() * OPENERS.length)];
  const badBytes = Buffer.alloc(4096);
  for (let i = 0; i < badBytes.length; i++) badBytes[i] = random() < 0.3 ? 0x80 + Math.floor(random() * 0x7f) : 0x20 + Math.floor(random() * 0x5f);
  return {
    [`hostile/nested.${extension}`]: '{'.repeat(2500) + '\n' + '('.repeat(2500),
    [`hostile/mixed.${extension}`]: mixed,
    [`hostile/structs.${extension}`]: source('Outer').replace(/\{\n?/, '{\n' + 'struct {\n'.repeat(400)),
    // A 200 KB line, then a line of 1,000 operators (error recovery over a longer run of them is
    // quadratic in some grammars: Dart and Scala take minutes for 25,000, a cost left to bound).
    [`hostile/long-line.${extension}`]: `${source('longLine').trimEnd()}${' '.repeat(200_000)}1\n${'x = 1 + '.repeat(1_000)}1\n`,
    [`hostile/identifier.${extension}`]: source(`i${'x'.repeat(200_000)}`),
    [`hostile/invalid-utf8.${extension}`]: Buffer.concat([Buffer.from(source('badBytes')), badBytes, Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xf0, 0x90, 0x28])]),
  };
}

const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

describe('hostile files in every grammar lose no innocent file', () => {
  const languages = LANGUAGES.filter((l) => isSupportedLanguage(l) && INNOCENT[l]);
  it('covers every supported language', () => {
    expect(languages.length).toBe(LANGUAGES.filter((l) => isSupportedLanguage(l)).length);
  });

  languages.forEach((language, index) => {
    it(`${language}: every innocent declaration is in the graph`, async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), `arbor-hostile-${language}-`));
      temps.push(root);
      const random = seededRandom(20261206 + index);
      for (const [file, text] of Object.entries(hostileFiles(language, random))) {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), text);
      }
      const innocent: string[] = [];
      // Enough files that a worker and the main thread both parse (eight per thread at least).
      for (const [i, companion] of [...COMPANIONS, language, language, language].entries()) {
        for (let copy = 0; copy < 3; copy++) {
          const name = `innocent_${i}_${copy}`;
          const [extension, source] = INNOCENT[companion];
          fs.writeFileSync(path.join(root, `${name}.${extension}`), source(name));
          innocent.push(name);
        }
      }
      const report = await indexRepository(root, { threads: 2, cache: false, onNotice: () => {} });
      const db = new Database(report.database, { readonly: true });
      try {
        const names = new Set(db.prepare('SELECT name FROM nodes').pluck().all() as string[]);
        expect(innocent.filter((name) => !names.has(name))).toEqual([]);
        const files = db.prepare('SELECT path FROM files').pluck().all() as string[];
        // Every file is in the graph, the hostile ones included (a crash keeps the file node).
        expect(files).toHaveLength(innocent.length + 6);
      } finally {
        db.close();
      }
      expect(report.files.skipped).toEqual({});
      // Only hostile files may be reported as not extracted.
      expect(report.filesNotExtracted.filter((f) => !f.path.startsWith('hostile/'))).toEqual([]);
    }, 60_000);
  });
});

describe('nesting thousands deep', () => {
  it('3,000 nested C++ namespaces and structs lose only the deep part: what precedes and follows it is in the graph', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-deep-cpp-'));
    temps.push(root);
    const deep = (opener: string, closer: string) =>
      `int before() { return 1; }\n${opener.repeat(3000)}${closer.repeat(3000)}int after() { return 2; }\n`;
    fs.writeFileSync(path.join(root, 'namespaces.cpp'), deep('namespace a {\n', '}\n').replace(/before|after/g, (m) => `${m}Namespaces`));
    fs.writeFileSync(path.join(root, 'structs.cpp'), deep('struct A {\n', '};\n').replace(/before|after/g, (m) => `${m}Structs`));
    for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(root, `plain${i}.cpp`), `int plain${i}() { return ${i}; }\n`);
    const report = await indexRepository(root, { threads: 2, cache: false, onNotice: () => {} });
    const db = new Database(report.database, { readonly: true });
    try {
      const names = new Set(db.prepare('SELECT name FROM nodes').pluck().all() as string[]);
      for (const name of ['beforeNamespaces', 'afterNamespaces', 'beforeStructs', 'afterStructs', ...Array.from({ length: 20 }, (_, i) => `plain${i}`)]) {
        expect(names.has(name), name).toBe(true);
      }
      const errors = db.prepare("SELECT errors FROM files WHERE path = 'namespaces.cpp'").pluck().get() as string;
      expect(errors).toContain('nesting deeper than');
    } finally {
      db.close();
    }
    expect(report.filesNotExtracted).toEqual([]);
    expect(report.filesWithParseErrors).toEqual(['namespaces.cpp', 'structs.cpp']);
  }, 60_000);
});
