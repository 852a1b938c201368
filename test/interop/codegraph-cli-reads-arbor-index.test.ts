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
    // Kotlin: a top-level function imported from another package; a companion's function called through its class
    // from a file of its package in another folder; a method called from a test.
    ['expectations/kotlin-traps', 'helper', 'main', 'src/main/kotlin/com/acme/app/Main.kt'],
    ['expectations/kotlin-traps', 'unit', 'unitArea', 'src/main/kotlin/extras/ShapeExtensions.kt'],
    ['expectations/kotlin-traps', 'grow', 'main', 'src/main/kotlin/com/acme/app/Main.kt'],
    // Go: a function called from another package and from an external test package; a method called from another
    // file of its package.
    ['expectations/go-packages', 'NewServer', 'main', 'cmd/app/main.go'],
    ['expectations/go-packages', 'NewServer', 'TestServer', 'server_test.go'],
    ['expectations/go-packages', 'Handle', 'run', 'routes.go'],
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
});
