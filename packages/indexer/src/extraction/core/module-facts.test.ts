import { describe, expect, it } from 'vitest';
import type { ModuleFacts } from '../../model/extraction.js';
import { extractionLanguages, languageForPath } from '../../languages/index.js';
import { extractFile } from '../extract-file.js';

/** The module facts the extraction of `source` (named `path`) records. */
async function factsOf(path: string, source: string): Promise<ModuleFacts | undefined> {
  const extraction = await extractFile(path, languageForPath(path)!, new TextEncoder().encode(source), extractionLanguages);
  return extraction.module;
}

const names = (facts: ModuleFacts | undefined) => facts?.packages?.map((p) => p.name);

describe('module facts from the syntax tree', () => {
  it('Go: the package clause after comments; a clause inside a block comment is none', async () => {
    expect(names(await factsOf('a.go', '/* block */\n// doc\npackage  gin // trailing\n'))).toEqual(['gin']);
    expect(names(await factsOf('a.go', '/*\nPackage echo serves.\n\n\tpackage main\n\n\tfunc main() {}\n*/\npackage echo\n'))).toEqual(['echo']);
    expect(await factsOf('a.go', '// no clause: package main\nfunc f() {}\n')).toBeUndefined();
    expect((await factsOf('a.go', '//go:build ignore\n\npackage main\n'))?.packages).toEqual([{ name: 'main', line: 3 }]);
  });

  it('Java: `package a.b;` after annotations and comments, spaces dropped', async () => {
    expect(names(await factsOf('A.java', '/* package wrong; */\n@Deprecated\npackage com . acme;\nclass A {}\n'))).toEqual(['com.acme']);
    expect(await factsOf('A.java', '// package com.x;\nclass A {}\n')).toBeUndefined();
  });

  it('Kotlin: the header without a semicolon, after file annotations, backquotes dropped; top-level names', async () => {
    const facts = await factsOf('A.kt', [
      '/* c */', '@file:JvmName("X")', 'package com.`acme`.app', '',
      'class A', 'fun String.shout() = this', 'val <T> List<T>.second: T get() = this[1]', 'typealias Ints = List<Int>',
      '@Retention(RUNTIME) @Target(FUNCTION) public annotation class FromJson',
      'fun f() { val local = 1 }', '',
    ].join('\n'));
    expect(names(facts)).toEqual(['com.acme.app']);
    expect(facts?.declaredNames).toEqual(['A', 'shout', 'second', 'Ints', 'FromJson', 'f']);
  });

  it('Scala: chained clauses by full name, in lines or blocks; a package object or a later clause is none', async () => {
    expect(names(await factsOf('A.scala', '// c\npackage a.b\npackage c\n\nclass X\npackage object d {}\n'))).toEqual(['a.b', 'a.b.c']);
    expect(names(await factsOf('A.scala', 'package a {\n  package b {\n    class X\n  }\n}\n'))).toEqual(['a', 'a.b']);
    expect(await factsOf('A.scala', 'class X\n')).toBeUndefined();
  });

  it('C#: file-scoped and block namespaces, nested ones by full name, `global::` and `@` dropped; global usings', async () => {
    expect(names(await factsOf('A.cs', '// namespace Wrong;\nnamespace global::Acme.@App;\nclass A {}\n'))).toEqual(['Acme.App']);
    expect(names(await factsOf('A.cs', 'namespace A { namespace B { class C {} } }\nnamespace D { }\n'))).toEqual(['A', 'A.B', 'D']);
    const usings = await factsOf('Usings.cs', 'global using A.B;\nglobal using static A.C;\nglobal using X = A.D;\nusing E;\n');
    expect(usings?.projectImports).toEqual(['A.B']);
  });

  it('PHP: every namespace in order with its line, a global block as the empty name', async () => {
    const facts = await factsOf('a.php', '<?php\n/* namespace Wrong; */\nnamespace App\\Models;\nclass A {}\nnamespace App\\Other;\nclass B {}\n');
    expect(facts?.packages).toEqual([{ name: 'App\\Models', line: 3 }, { name: 'App\\Other', line: 5 }]);
    expect(names(await factsOf('b.php', '<?php\nnamespace A { class X {} }\nnamespace { function g() {} }\n'))).toEqual(['A', '']);
  });

  it("Dart: `part of 'x.dart'` names a file, `part of lib.name` a library; `library` and `part` directives", async () => {
    expect((await factsOf('a.dart', "// part of 'wrong.dart';\npart of '../lib.dart';\n"))?.partOf).toEqual({ uri: '../lib.dart' });
    expect((await factsOf('a.dart', 'part of my.lib;\n'))?.partOf).toEqual({ library: 'my.lib' });
    const library = await factsOf('lib.dart', "library my.lib;\n\npart 'a.dart';\npart \"b.dart\";\nimport 'c.dart';\n");
    expect(library).toEqual({ library: 'my.lib', parts: ['a.dart', 'b.dart'] });
    expect(await factsOf('lib.dart', 'library;\nclass A {}\n')).toBeUndefined();
  });

  it('Rust: `mod` items at any depth, `#[macro_use]` among other attributes, modules an item macro declares', async () => {
    const facts = await factsOf('lib.rs', [
      '// mod commented;',
      '#[macro_use]', '#[path = "m.rs"]', 'pub(crate) mod macros;',
      '#[cfg(test)] mod tests { mod inner; }',
      'cfg_if::cfg_if! { if #[cfg(unix)] { mod unix; } else { mod windows; } }',
      'fn f() { println!("mod x"); }', '',
    ].join('\n'));
    expect([...facts!.submodules!].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'inner' },
      { name: 'macros', macroUse: true },
      { name: 'tests', inline: true },
      { name: 'unix' },
      { name: 'windows' },
    ]);
  });

  it('a language without module facts records none', async () => {
    expect(await factsOf('a.py', 'import os\n')).toBeUndefined();
  });
});
