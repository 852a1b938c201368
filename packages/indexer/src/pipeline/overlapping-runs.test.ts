/**
 * Index runs that overlap in one process (an MCP server or a watcher asked twice, a test suite) share
 * the thread's tree-sitter runtime, its grammars and V8's flags. Each must write the graph it writes
 * alone. Both trees hold languages no run here has loaded yet, so the overlapping runs link their
 * grammars at the same time (which once failed every Scala file: parsing/grammar-loader.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { dumpGraph } from '../test-support/graph-dump.js';
import { indexRepository } from './index-repository.js';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-overlap-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const root = path.join(base, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    fs.utimesSync(path.join(root, file), 1_600_000_000, 1_600_000_000);
  }
  return root;
}

const jvm = tree('jvm', {
  'src/Shapes.scala': 'package shapes\n\nclass Circle(r: Double) {\n  def area(): Double = r * r * 3.14\n}\n\nobject Main {\n  def run(): Double = new Circle(2).area()\n}\n',
  'src/Util.kt': 'package util\n\nfun twice(x: Int): Int = x * 2\n\nfun four(): Int = twice(2)\n',
  'src/Counter.java': 'package util;\n\npublic class Counter {\n  int n;\n  void inc() { n++; }\n  void twice() { inc(); inc(); }\n}\n',
  'src/Clock.cs': 'namespace Util {\n  public class Clock {\n    public int Now() { return 1; }\n    public int Later() { return Now() + 1; }\n  }\n}\n',
});
const native = tree('native', {
  'Sources/App/main.swift': 'func greet() -> String {\n  return "hi"\n}\n\nfunc run() {\n  print(greet())\n}\n',
  'src/lib.rs': 'pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n\npub fn three() -> i32 {\n    add(1, 2)\n}\n',
  'cmd/main.go': 'package main\n\nfunc helper() int { return 1 }\n\nfunc main() { helper() }\n',
  'src/main.zig': 'fn one() i32 {\n    return 1;\n}\n\npub fn main() void {\n    _ = one();\n}\n',
});

const index = (root: string) =>
  indexRepository(root, { threads: 1, now: 1_700_000_000_000, cache: false, onNotice: () => {} });

it('gives each of two overlapping runs the graph it gives alone', async () => {
  const [a, b] = await Promise.all([index(jvm), index(native)]);
  expect(a.filesNotExtracted).toEqual([]);
  expect(b.filesNotExtracted).toEqual([]);
  expect(a.grammarsLoaded).toEqual(['csharp', 'java', 'kotlin', 'scala']);
  expect(b.grammarsLoaded).toEqual(['go', 'rust', 'swift', 'zig']);
  const together = [dumpGraph(a.database), dumpGraph(b.database)];
  expect(together[0]).toContain('area');
  expect(together[1]).toContain('greet');

  const alone = [dumpGraph((await index(jvm)).database), dumpGraph((await index(native)).database)];
  expect(together).toEqual(alone);
});
