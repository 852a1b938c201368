/**
 * `arbor index` end to end, through the built binary: the report, exit codes, lazy grammar
 * loading, and bad input that must be recorded rather than crash the run.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function project(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'arbor-cli-'));
  temps.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

function arbor(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the README set-up', () => {
  it('`npx arbor` runs the workspace binary after `npm install` (no registry lookup)', () => {
    const repo = join(import.meta.dirname, '..', '..');
    const result = spawnSync('npx', ['--no-install', 'arbor', '--version'], { cwd: repo, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('arbor index', () => {
  it('writes a graph and a JSON report, loading only the grammars it needs', () => {
    const root = project({
      'pkg/__init__.py': 'from .core import run\n',
      'pkg/core.py': 'def run():\n    return helper()\n\ndef helper():\n    return 1\n',
      'main.py': 'from pkg import run\n\nrun()\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(3);
    expect(report.grammarsLoaded).toEqual(['python']);
    expect(report.edges.byKind.calls).toBe(2);
    expect(report.unresolved_likely_internal_count).toBe(0);
    expect(result.stderr).toContain('indexed 3 files');

    const db = new Database(join(root, '.codegraph', 'codegraph.db'), { readonly: true });
    const calls = db
      .prepare(`SELECT s.name AS caller, t.name AS callee, t.file_path AS file, json_extract(e.metadata, '$.resolvedBy') AS how
                FROM edges e JOIN nodes s ON s.id = e.source JOIN nodes t ON t.id = e.target WHERE e.kind = 'calls' ORDER BY e.line`)
      .all();
    db.close();
    expect(calls).toEqual([
      { caller: 'run', callee: 'helper', file: 'pkg/core.py', how: 'same-file' },
      { caller: 'main.py', callee: 'run', file: 'pkg/core.py', how: 'import' },
    ]);
  });

  it('a Java-only repository loads only the Java grammar', () => {
    const root = project({
      'src/main/java/com/acme/Shop.java': 'package com.acme;\n\npublic class Shop {\n  public int total() { return Prices.of(2); }\n}\n',
      'src/main/java/com/acme/Prices.java': 'package com.acme;\n\nclass Prices {\n  static int of(int n) { return n; }\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(2);
    expect(report.grammarsLoaded).toEqual(['java']);
    expect(report.edges.byKind.calls).toBe(1);
  });

  it('affected finds Java tests by *Test.java, *Tests.java and src/test/, and no other file', () => {
    const root = project({
      'src/main/java/com/acme/Prices.java': 'package com.acme;\n\npublic class Prices {\n  public static int of(int n) { return n; }\n}\n',
      'src/main/java/com/acme/Shop.java': 'package com.acme;\n\npublic class Shop {\n  int total() { return Prices.of(2); }\n}\n',
      'src/test/java/com/acme/PricesTest.java': 'package com.acme;\n\nclass PricesTest {\n  void of() { Prices.of(1); }\n}\n',
      'src/test/java/com/acme/Samples.java': 'package com.acme;\n\nclass Samples {\n  static int one() { return Prices.of(1); }\n}\n',
      'it/com/acme/ShopTests.java': 'package com.acme;\n\nclass ShopTests {\n  void total() { new Shop().total(); }\n}\n',
    });
    expect(arbor('index', root, '-q').status).toBe(0);
    const result = arbor('affected', 'src/main/java/com/acme/Prices.java', '-p', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const tests = JSON.parse(result.stdout).affectedTests.map((t: { filePath: string }) => t.filePath).sort();
    expect(tests).toEqual(['it/com/acme/ShopTests.java', 'src/test/java/com/acme/PricesTest.java', 'src/test/java/com/acme/Samples.java']);
  });

  it('a Kotlin-only repository loads only the Kotlin grammar', () => {
    const root = project({
      'src/main/kotlin/com/acme/Shop.kt': 'package com.acme\n\nclass Shop {\n    fun total(): Int = Prices.of(2)\n}\n',
      'src/main/kotlin/pricing/Prices.kt': 'package com.acme\n\nobject Prices {\n    fun of(n: Int): Int = n\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(2);
    expect(report.grammarsLoaded).toEqual(['kotlin']);
    expect(report.edges.byKind.calls).toBe(1);
  });

  it('affected finds Kotlin tests by *Test.kt and src/test/, and no other file', () => {
    const root = project({
      'src/main/kotlin/com/acme/Prices.kt': 'package com.acme\n\nobject Prices {\n    fun of(n: Int): Int = n\n}\n',
      'src/main/kotlin/com/acme/Shop.kt': 'package com.acme\n\nclass Shop {\n    fun total(): Int = Prices.of(2)\n}\n',
      'src/test/kotlin/com/acme/PricesTest.kt': 'package com.acme\n\nclass PricesTest {\n    fun of() { Prices.of(1) }\n}\n',
      'src/test/kotlin/com/acme/Samples.kt': 'package com.acme\n\nfun one(): Int = Prices.of(1)\n',
      'it/ShopTest.kt': 'package com.acme\n\nclass ShopTest {\n    fun total() { Shop().total() }\n}\n',
    });
    expect(arbor('index', root, '-q').status).toBe(0);
    const result = arbor('affected', 'src/main/kotlin/com/acme/Prices.kt', '-p', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const tests = JSON.parse(result.stdout).affectedTests.map((t: { filePath: string }) => t.filePath).sort();
    expect(tests).toEqual(['it/ShopTest.kt', 'src/test/kotlin/com/acme/PricesTest.kt', 'src/test/kotlin/com/acme/Samples.kt']);
  });

  it('a Dart-only repository loads only the Dart grammar', () => {
    const root = project({
      'pubspec.yaml': 'name: shop\n',
      'lib/shop.dart': "import 'src/prices.dart';\n\nclass Shop {\n  int total() => Prices.of(2);\n}\n",
      'lib/src/prices.dart': 'class Prices {\n  static int of(int n) => n;\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(2);
    expect(report.grammarsLoaded).toEqual(['dart']);
    expect(report.edges.byKind.calls).toBe(1);
  });

  it('affected finds Dart tests by *_test.dart and test/, and no other file', () => {
    const root = project({
      'pubspec.yaml': 'name: shop\n',
      'lib/prices.dart': 'int of(int n) => n;\n',
      'lib/shop.dart': "import 'package:shop/prices.dart';\n\nint total() => of(2);\n",
      'test/prices_test.dart': "import 'package:shop/prices.dart';\n\nvoid main() {\n  of(1);\n}\n",
      'test/helpers.dart': "import 'package:shop/prices.dart';\n\nint one() => of(1);\n",
      'tool/shop_test.dart': "import '../lib/shop.dart';\n\nvoid main() {\n  total();\n}\n",
    });
    expect(arbor('index', root, '-q').status).toBe(0);
    const result = arbor('affected', 'lib/prices.dart', '-p', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const tests = JSON.parse(result.stdout).affectedTests.map((t: { filePath: string }) => t.filePath).sort();
    expect(tests).toEqual(['test/helpers.dart', 'test/prices_test.dart', 'tool/shop_test.dart']);
  });

  it('a PHP-only repository loads only the PHP grammar', () => {
    const root = project({
      'composer.json': '{"autoload": {"psr-4": {"Acme\\\\": "src/"}}}\n',
      'src/Shop.php': '<?php\nnamespace Acme;\n\nuse Acme\\Money\\Prices;\n\nclass Shop {\n  public function total(): int { return Prices::of(2); }\n}\n',
      'src/Money/Prices.php': '<?php\nnamespace Acme\\Money;\n\nclass Prices {\n  public static function of(int $n): int { return $n; }\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(2);
    expect(report.grammarsLoaded).toEqual(['php']);
    expect(report.edges.byKind.calls).toBe(1);
    expect(report.edges.byKind.imports).toBe(1);
  });

  it('affected finds PHP tests by *Test.php and tests/, and no other file', () => {
    const root = project({
      'composer.json': '{"autoload": {"psr-4": {"Acme\\\\": "src/"}}, "autoload-dev": {"psr-4": {"Acme\\\\Tests\\\\": "tests/"}}}\n',
      'src/Prices.php': '<?php\nnamespace Acme;\n\nclass Prices {\n  public static function of(int $n): int { return $n; }\n}\n',
      'src/Shop.php': '<?php\nnamespace Acme;\n\nclass Shop {\n  public function total(): int { return Prices::of(2); }\n}\n',
      'tests/PricesTest.php': '<?php\nnamespace Acme\\Tests;\n\nuse Acme\\Prices;\n\nclass PricesTest {\n  public function testOf(): void { Prices::of(1); }\n}\n',
      'tests/Samples.php': '<?php\nnamespace Acme\\Tests;\n\nclass Samples {\n  public static function one(): int { return \\Acme\\Prices::of(1); }\n}\n',
      'lib/ShopTest.php': '<?php\nnamespace Acme\\Lib;\n\nclass ShopTest {\n  public function testTotal(): void { (new \\Acme\\Shop())->total(); }\n}\n',
    });
    expect(arbor('index', root, '-q').status).toBe(0);
    const result = arbor('affected', 'src/Prices.php', '-p', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const tests = JSON.parse(result.stdout).affectedTests.map((t: { filePath: string }) => t.filePath).sort();
    expect(tests).toEqual(['lib/ShopTest.php', 'tests/PricesTest.php', 'tests/Samples.php']);
  });

  it('a Ruby-only repository loads only the Ruby grammar', () => {
    const root = project({
      'lib/shop.rb': "require_relative 'shop/prices'\n\nmodule Shop\n  class Cart\n    def total\n      Prices.of(2)\n    end\n  end\nend\n",
      'lib/shop/prices.rb': 'module Shop\n  class Prices\n    def self.of(n)\n      n\n    end\n  end\nend\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(2);
    expect(report.grammarsLoaded).toEqual(['ruby']);
    expect(report.edges.byKind.calls).toBe(1);
    expect(report.edges.byKind.imports).toBe(1);
  });

  it('affected finds Ruby tests by *_spec.rb, *_test.rb and spec/, and no other file', () => {
    const root = project({
      'lib/shop/prices.rb': 'module Shop\n  class Prices\n    def self.of(n)\n      n\n    end\n  end\nend\n',
      'lib/shop/cart.rb': 'module Shop\n  class Cart\n    def total\n      Prices.of(2)\n    end\n  end\nend\n',
      'spec/prices_spec.rb': "require 'shop/prices'\n\nclass PricesSpec\n  def run\n    Shop::Prices.of(1)\n  end\nend\n",
      'spec/support/samples.rb': 'module Samples\n  def self.one\n    Shop::Prices.of(1)\n  end\nend\n',
      'test/cart_test.rb': 'class CartTest\n  def test_total\n    Shop::Cart.new.total\n  end\nend\n',
    });
    expect(arbor('index', root, '-q').status).toBe(0);
    const result = arbor('affected', 'lib/shop/prices.rb', '-p', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const tests = JSON.parse(result.stdout).affectedTests.map((t: { filePath: string }) => t.filePath).sort();
    expect(tests).toEqual(['spec/prices_spec.rb', 'spec/support/samples.rb', 'test/cart_test.rb']);
  });

  it('a C#-only repository loads only the C# grammar', () => {
    const root = project({
      'src/Shop/Shop.cs': 'namespace Acme.Shop;\n\npublic class Shop\n{\n    public int Total() => Prices.Of(2);\n}\n',
      'src/Shop/Prices.cs': 'namespace Acme.Shop\n{\n    internal static class Prices\n    {\n        public static int Of(int n) => n;\n    }\n}\n',
      'src/Shop/Shop.csproj': '<Project Sdk="Microsoft.NET.Sdk" />\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(2);
    expect(report.grammarsLoaded).toEqual(['csharp']);
    expect(report.edges.byKind.calls).toBe(1);
  });

  it('affected finds C# tests by *Test.cs, *Tests.cs and test projects (*.Tests/), and no other file', () => {
    const root = project({
      'src/Shop/Prices.cs': 'namespace Acme.Shop;\n\npublic static class Prices\n{\n    public static int Of(int n) => n;\n}\n',
      'src/Shop/Shop.cs': 'namespace Acme.Shop;\n\npublic class Shop\n{\n    int Total() => Prices.Of(2);\n}\n',
      'src/Shop.UnitTests/Samples.cs': 'using Acme.Shop;\n\nnamespace Shop.UnitTests;\n\nclass Samples\n{\n    static int One() => Prices.Of(1);\n}\n',
      'src/Shop.UnitTests/PricesTest.cs': 'using Acme.Shop;\n\nnamespace Shop.UnitTests;\n\nclass PricesTest\n{\n    void Of() => Prices.Of(1);\n}\n',
      'it/ShopTests.cs': 'using Acme.Shop;\n\nclass ShopTests\n{\n    void Total() => new Shop().Total();\n}\n',
    });
    expect(arbor('index', root, '-q').status).toBe(0);
    const result = arbor('affected', 'src/Shop/Prices.cs', '-p', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const tests = JSON.parse(result.stdout).affectedTests.map((t: { filePath: string }) => t.filePath).sort();
    expect(tests).toEqual(['it/ShopTests.cs', 'src/Shop.UnitTests/PricesTest.cs', 'src/Shop.UnitTests/Samples.cs']);
  });

  it('a Scala-only repository loads only the Scala grammar', () => {
    const root = project({
      'src/main/scala/acme/Shop.scala': 'package acme\n\nclass Shop {\n  def total(): Int = Prices.of(2)\n}\n',
      'src/main/scala/acme/Prices.scala': 'package acme\n\nobject Prices {\n  def of(n: Int): Int = n\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(2);
    expect(report.grammarsLoaded).toEqual(['scala']);
    expect(report.edges.byKind.calls).toBe(1);
  });

  it('a Swift-only repository loads only the Swift grammar; a test target reaches the module it imports', () => {
    const root = project({
      'Package.swift': '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "Shop", targets: [.target(name: "Shop"), .testTarget(name: "ShopTests", dependencies: ["Shop"])])\n',
      'Sources/Shop/Shop.swift': 'public struct Shop {\n  public init() {}\n  public func total() -> Int { return price(2) }\n}\n',
      'Sources/Shop/Prices.swift': 'func price(_ n: Int) -> Int { return n }\n',
      'Tests/ShopTests/ShopTests.swift': 'import XCTest\n@testable import Shop\n\nfinal class ShopTests: XCTestCase {\n  func testTotal() { XCTAssertEqual(Shop().total(), 2) }\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(4);
    expect(report.grammarsLoaded).toEqual(['swift']);
    // price() from another file of the module; Shop().total() from the test target.
    expect(report.edges.byKind.calls).toBe(2);
    const affected = arbor('affected', 'Sources/Shop/Prices.swift', '-p', root, '--json');
    expect(affected.status, affected.stderr).toBe(0);
    expect(JSON.parse(affected.stdout).affectedTests.map((t: { filePath: string }) => t.filePath)).toEqual(['Tests/ShopTests/ShopTests.swift']);
  });

  it('a Go-only repository loads only the Go grammar', () => {
    const root = project({
      'go.mod': 'module example.com/shop\n\ngo 1.21\n',
      'shop.go': 'package shop\n\ntype Shop struct{}\n\nfunc (s *Shop) Total() int { return price(2) }\n',
      'prices.go': 'package shop\n\nfunc price(n int) int { return n }\n',
      'cmd/app/main.go': 'package main\n\nimport "example.com/shop"\n\nfunc main() {\n\ts := &shop.Shop{}\n\ts.Total()\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(3);
    expect(report.grammarsLoaded).toEqual(['go']);
    // price() in another file of the package; s.Total() through the import.
    expect(report.edges.byKind.calls).toBe(2);
  });

  it('a C-only repository loads only the C grammar, and `affected` finds its tests', () => {
    const root = project({
      'include/shop.h': '#ifndef SHOP_H\n#define SHOP_H\nint shop_total(int n);\n#endif\n',
      'src/shop.c': '#include "shop.h"\n\nstatic int price(int n) { return n; }\n\nint shop_total(int n) { return price(n); }\n',
      'src/main.c': '#include <shop.h>\n#include <stdio.h>\n\nint main(void) { printf("%d", shop_total(2)); return 0; }\n',
      'test/shop_test.c': '#include "shop.h"\n\nint main(void) { return shop_total(1) == 1 ? 0 : 1; }\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(4);
    expect(report.grammarsLoaded).toEqual(['c']);
    // price() in its file; shop_total() from main.c and the test, through the prototype to the definition.
    expect(report.edges.byKind.calls).toBe(3);
    expect(report.edges.byKind.imports).toBe(3);
    const affected = arbor('affected', 'src/shop.c', '-p', root, '--json');
    expect(affected.status, affected.stderr).toBe(0);
    expect(JSON.parse(affected.stdout).affectedTests.map((t: { filePath: string }) => t.filePath)).toEqual(['test/shop_test.c']);
  });

  it('a C++-only repository loads only the C++ grammar, its `.h` headers included', () => {
    const root = project({
      'include/shop.h': '#pragma once\nnamespace shop {\nclass Shop {\n public:\n  int total() const;\n};\n}  // namespace shop\n',
      'src/shop.cc': '#include "shop.h"\nnamespace shop {\nstatic int price(int n) { return n; }\nint Shop::total() const { return price(2); }\n}  // namespace shop\n',
      'src/main.cpp': '#include <shop.h>\n\nint main() {\n  shop::Shop s;\n  return s.total();\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(3);
    expect(report.grammarsLoaded).toEqual(['cpp']);
    // price() in its file; s.total() on a stated type, to the definition written outside the class.
    expect(report.edges.byKind.calls).toBe(2);
    const affected = arbor('affected', 'src/shop.cc', '-p', root, '--json');
    expect(affected.status, affected.stderr).toBe(0);
  });

  it('a Rust-only repository loads only the Rust grammar', () => {
    const root = project({
      'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\n',
      'src/lib.rs': 'mod prices;\n\npub struct Shop;\n\nimpl Shop {\n    pub fn total(&self) -> u32 { prices::price(2) }\n}\n',
      'src/prices.rs': 'pub fn price(n: u32) -> u32 { n }\n',
      'src/main.rs': 'use shop::Shop;\n\nfn main() {\n    let s = Shop;\n    s.total();\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(3);
    expect(report.grammarsLoaded).toEqual(['rust']);
    // prices::price() through `mod prices;`; s.total() on a value of the crate's imported struct.
    expect(report.edges.byKind.calls).toBe(2);
  });

  it('affected: a Rust change reaches tests/ crates and source files holding #[cfg(test)] modules', () => {
    const root = project({
      'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\n',
      'src/lib.rs': 'pub mod prices;\n\npub fn total() -> u32 { prices::price(2) }\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn totals() { assert_eq!(total(), 2); }\n}\n',
      'src/prices.rs': 'pub fn price(n: u32) -> u32 { n }\n',
      'src/unrelated.rs': 'pub fn other() {}\n\n#[test]\nfn alone() { other(); }\n',
      'tests/shop.rs': 'use shop::total;\n\n#[test]\nfn it_totals() { total(); }\n',
    });
    expect(arbor('index', root, '-q').status).toBe(0);
    const result = arbor('affected', 'src/prices.rs', '-p', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const tests = JSON.parse(result.stdout).affectedTests.map((t: { filePath: string }) => t.filePath).sort();
    expect(tests).toEqual(['src/lib.rs', 'tests/shop.rs']);
  });

  it('a Zig-only repository loads only the Zig grammar; its test blocks make a file a test for affected', () => {
    const root = project({
      'build.zig': 'const std = @import("std");\n\npub fn build(b: *std.Build) void {\n    _ = b.addModule("shop", .{ .root_source_file = b.path("src/shop.zig") });\n}\n',
      'src/shop.zig': 'const prices = @import("prices.zig");\n\npub const Shop = struct {\n    pub fn total(self: *Shop) u32 {\n        _ = self;\n        return prices.price(2);\n    }\n};\n',
      'src/prices.zig': 'pub fn price(n: u32) u32 {\n    return n;\n}\n',
      'src/main.zig': 'const shop = @import("shop");\n\npub fn main() void {\n    var s = shop.Shop{};\n    _ = s.total();\n}\n\ntest "main totals" {\n    main();\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(4);
    expect(report.grammarsLoaded).toEqual(['zig']);
    // prices.price() through @import; s.total() on a value of the build module's struct; main() in the test.
    expect(report.edges.byKind.calls).toBe(3);
    const affected = arbor('affected', 'src/prices.zig', '-p', root, '--json');
    expect(affected.status, affected.stderr).toBe(0);
    expect(JSON.parse(affected.stdout).affectedTests.map((t: { filePath: string }) => t.filePath)).toEqual(['src/main.zig']);
  });

  it('records bad input and still indexes everything else', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const root = project({
      'good.ts': 'export function ok() { return 1 }\n',
      'broken.ts': 'export function before() {}\nfunction (( {\nexport function after() { return before() }\n',
      'latin1.ts': Buffer.concat([Buffer.from('export const s = "'), Buffer.from([0xe9, 0xff]), Buffer.from('";\nexport function stillHere() {}\n')]),
      'binary.ts': Buffer.from([0x00, 0x01, 0x02, 0x00, 0x41]),
      'deep.js': `const x = ${deep};\nfunction afterDeep() {}\n`,
      '.env': 'SECRET=1\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(4);
    expect(report.files.skipped.binary).toBe(1);
    expect(report.files.skippedFiles).toEqual(expect.arrayContaining([{ path: '.env', reason: 'secret' }, { path: 'binary.ts', reason: 'binary' }]));
    expect(report.filesWithParseErrors).toContain('broken.ts');

    const db = new Database(join(root, '.codegraph', 'codegraph.db'), { readonly: true });
    const names = (db.prepare(`SELECT name FROM nodes WHERE kind = 'function'`).all() as Array<{ name: string }>).map((r) => r.name);
    const latin1Errors = (db.prepare(`SELECT errors FROM files WHERE path = 'latin1.ts'`).get() as { errors: string }).errors;
    db.close();
    expect(names).toEqual(expect.arrayContaining(['ok', 'before', 'after', 'stillHere', 'afterDeep']));
    expect(latin1Errors).toContain('invalid-utf8');

    // Again with the cache: the binary file is refused the same way, never taken for a cache miss to parse.
    const again = JSON.parse(arbor('index', root, '--json').stdout);
    expect(again.cache.fromCache).toBe(4);
    expect(again.files.skipped.binary).toBe(1);
    expect(again.files.skippedFiles).toEqual(expect.arrayContaining([{ path: 'binary.ts', reason: 'binary' }]));
  });

  it('fails with one clear line and exit 1 when the root is missing', () => {
    const result = arbor('index', join(tmpdir(), 'arbor-no-such-folder-0f3a'));
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/does not exist/);
  });

  it('fails with a clear message when the database folder cannot be written', () => {
    const root = project({ 'a.ts': 'export const a = 1;\n' });
    // A file where the .codegraph folder should be makes the database unwritable, even for root.
    writeFileSync(join(root, '.codegraph'), 'not a folder');
    const result = arbor('index', root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/arbor index: .*codegraph/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('rejects a bad --max-file-size with a usage message', () => {
    const root = project({ 'a.ts': 'export const a = 1;\n' });
    const result = arbor('index', root, '--max-file-size', 'lots');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--max-file-size');
    expect(existsSync(join(root, '.codegraph', 'codegraph.db'))).toBe(false);
  });

  it('honours --exclude and --max-file-size', () => {
    const root = project({
      'src/a.ts': 'export function a() {}\n',
      'src/gen/big.ts': `export const big = "${'x'.repeat(3000)}";\n`,
      'scripts/tool.ts': 'export function tool() {}\n',
    });
    const result = arbor('index', root, '--json', '--exclude', 'scripts/', '--max-file-size', '2KiB');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(1);
    expect(report.files.skipped['too-large']).toBe(1);
  });

  it('keeps going when a sub-folder is unreadable', () => {
    const root = project({ 'ok.ts': 'export function ok() {}\n', 'locked/secret.ts': 'export function hidden() {}\n' });
    chmodSync(join(root, 'locked'), 0o000);
    try {
      const result = arbor('index', root, '--json');
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).files.indexed).toBeGreaterThanOrEqual(1);
    } finally {
      chmodSync(join(root, 'locked'), 0o755);
    }
  });
});
