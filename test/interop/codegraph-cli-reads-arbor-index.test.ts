/**
 * End to end: `arbor index` on the fixtures, then the real codegraph CLI answers from that graph
 * (on a copy: codegraph 1.x would migrate it in place, and no CLI may touch our output).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codegraphMissing, runCodegraphJson } from './codegraph-cli.js';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const BIN = path.join(REPO, 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

interface StatusJson { initialized: boolean; fileCount: number; nodeCount: number; pendingChanges: { added: number; modified: number; removed: number } }
interface QueryJson { node: { name: string; kind: string; filePath: string } }
interface CallersJson { callers: Array<{ name: string; filePath: string }> }

function indexFixture(name: string): { root: string; report: { files: { indexed: number }; nodes: { total: number } } } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `arbor-interop-${name.replace(/\//g, '-')}-`));
  temps.push(root);
  fs.cpSync(path.join(REPO, 'fixtures', name), root, { recursive: true, preserveTimestamps: true });
  const run = spawnSync(process.execPath, [BIN, 'index', root, '--json', '-q'], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return { root, report: JSON.parse(run.stdout) };
}

const missing = codegraphMissing('0.9.9');
describe.skipIf(missing !== null)('codegraph 0.9.9 answers from a graph `arbor index` wrote', () => {
  it.each([
    // [fixture, symbol, a caller that must be listed, the file it lives in]
    ['typescript', 'normalize', 'format', 'src/utils/strings.ts'],
    ['typescript', 'normalize', 'stillGood', 'src/broken.ts'],
    ['python', 'total_price', 'save', 'shop/storage/files.py'],
    // Java: a static method called from a main class and from a test in the same package.
    ['expectations/java-traps', 'times', 'scale', 'src/main/java/com/acme/shapes/Circle.java'],
    ['expectations/java-traps', 'times', 'testArea', 'src/test/java/com/acme/shapes/CircleTest.java'],
    // C#: a static method called bare through `using static`, and an extension method called on a typed local from a
    // test project (its namespace brought in by a `global using`).
    ['expectations/csharp-traps', 'Times', 'Main', 'src/App/Program.cs'],
    ['expectations/csharp-traps', 'Perimeter', 'AreaIsPositive', 'tests/Shapes.Tests/CircleTests.cs'],
    // Scala: a companion object's method called from another package and from a test of its own package.
    ['expectations/scala-traps', 'make', 'main', 'src/main/scala/com/acme/app/Main.scala'],
    ['expectations/scala-traps', 'make', 'areaIsPositive', 'src/test/scala/com/acme/shapes/CircleSpec.scala'],
    // Kotlin: a top-level function imported from another package; a companion's function called through its class
    // from a file of its package in another folder; a method called from a test.
    ['expectations/kotlin-traps', 'helper', 'main', 'src/main/kotlin/com/acme/app/Main.kt'],
    ['expectations/kotlin-traps', 'unit', 'unitArea', 'src/main/kotlin/extras/ShapeExtensions.kt'],
    ['expectations/kotlin-traps', 'grow', 'main', 'src/main/kotlin/com/acme/app/Main.kt'],
    // Swift: a protocol extension's default method called on a value of a conforming class from another target, and
    // an extension's method called from a test target.
    ['expectations/swift-packages', 'describe', 'run', 'Sources/App/main.swift'],
    ['expectations/swift-packages', 'grow', 'testArea', 'Tests/CoreTests/CircleTests.swift'],
    // Go: a function called from another package and from an external test package; a method called from another
    // file of its package.
    ['expectations/go-packages', 'NewServer', 'main', 'cmd/app/main.go'],
    ['expectations/go-packages', 'NewServer', 'TestServer', 'server_test.go'],
    ['expectations/go-packages', 'Handle', 'run', 'routes.go'],
    // Rust: a function called through a workspace crate's re-export, and a trait default method called on a typed value.
    ['expectations/rust-workspace', 'slug', 'main', 'app/src/main.rs'],
    ['expectations/rust-traits', 'describe', 'render', 'src/render.rs'],
    // C: a definition called through its header's prototype from another program, and a file-local helper.
    ['expectations/c-linkage', 'geo_dist', 'main', 'tools/main.c'],
    ['expectations/c-linkage', 'internal_note', 'geo_log', 'src/geo.c'],
    // C++: a member defined outside its class, called on a typed local from another file; a namespace function.
    ['expectations/cpp-classes', 'total', 'main', 'src/main.cpp'],
    ['expectations/cpp-classes', 'helper', 'total', 'src/cart.cc'],
    // PHP: a static method reached through a `use` alias, a function through `use function`, and a global
    // function an unqualified call in a namespace falls back to.
    ['expectations/php-namespaces', 'make', 'run', 'src/Main.php'],
    ['expectations/php-namespaces', 'format', 'run', 'src/Main.php'],
    ['expectations/php-namespaces', 'legacy_helper', 'run', 'src/Main.php'],
    // Ruby: a method of a class reopened in another file, called on a constructed receiver from a test.
    ['expectations/rb-open-classes', 'total', 'test_total', 'test/order_test.rb'],
    // Dart: a mixin's method called through implicit `this`, and an extension's method on a typed receiver. (A fixture
    // with a pubspec.yaml cannot serve: codegraph 0.9.9 indexes pubspec.yaml files, so its status reports them added.)
    ['expectations/dart-classes', 'label', 'describe', 'lib/shapes.dart'],
    ['expectations/dart-classes', 'twice', 'draw', 'lib/shapes.dart'],
  ])('fixtures/%s: callers of %s include %s', (fixture, symbol, caller, callerFile) => {
    const { root, report } = indexFixture(fixture);
    const status = runCodegraphJson<StatusJson>('0.9.9', ['status', root], root);
    expect(status.initialized).toBe(true);
    expect(status.fileCount).toBe(report.files.indexed);
    expect(status.nodeCount).toBe(report.nodes.total);
    expect(status.pendingChanges).toEqual({ added: 0, modified: 0, removed: 0 });

    const found = runCodegraphJson<QueryJson[]>('0.9.9', ['query', symbol, '-p', root], root);
    expect(found.some((r) => r.node.name === symbol)).toBe(true);

    const callers = runCodegraphJson<CallersJson>('0.9.9', ['callers', symbol, '-p', root], root);
    expect(callers.callers).toEqual(expect.arrayContaining([expect.objectContaining({ name: caller, filePath: callerFile })]));
  });

  // Zig: codegraph 0.9.9 indexes no Zig, so its `status` counts arbor's nodes but takes the .zig files for removed
  // ones; `query` and `callers` answer from the graph as written.
  it('fixtures/expectations/zig-basics: callers of add include build and a test block', () => {
    const { root, report } = indexFixture('expectations/zig-basics');
    const status = runCodegraphJson<StatusJson>('0.9.9', ['status', root], root);
    expect(status.initialized).toBe(true);
    expect(status.fileCount).toBe(report.files.indexed);
    expect(status.nodeCount).toBe(report.nodes.total);
    expect(status.pendingChanges).toEqual({ added: 0, modified: 0, removed: report.files.indexed });

    const found = runCodegraphJson<QueryJson[]>('0.9.9', ['query', 'add', '-p', root], root);
    expect(found.some((r) => r.node.name === 'add')).toBe(true);

    const callers = runCodegraphJson<CallersJson>('0.9.9', ['callers', 'add', '-p', root], root);
    expect(callers.callers).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'build', filePath: 'src/router.zig' }),
      expect.objectContaining({ name: 'test "router adds"', filePath: 'src/router.zig' }),
    ]));
  });
});
