import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measure, pythonImports, testsReaching, typescriptImports } from './affected-recall.mjs';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const ARBOR = path.join(HERE, '../../packages/cli/bin/arbor.mjs');

// A tiny repository in each language: a module behind two barrels, a test reaching it through them,
// one reaching it only through a dynamic import, and a test of something else.
const files: Record<string, string> = {
  'src/core.ts': 'export const core = 1;\n',
  'src/mid.ts': "export * from './core';\n",
  'src/index.ts': "export { core } from './mid';\n",
  'src/other.ts': 'export const other = 2;\n',
  'src/lazy.ts': "export const load = () => import('./core');\n",
  'test/core.test.ts': "import { core } from '../src/index';\nconsole.log(core);\n",
  'test/lazy.test.ts': "import { load } from '../src/lazy';\nload();\n",
  'test/other.test.ts': "import { other } from '../src/other';\nconsole.log(other);\n",
  'py/pkg/__init__.py': 'from . import core\n',
  'py/pkg/core.py': 'def run():\n    return 1\n',
  'py/pkg/sub/__init__.py': '',
  'py/pkg/sub/deep.py': 'X = 1\n',
  'py/tests/test_core.py': 'from pkg import core\n\ndef test_run():\n    assert core.run() == 1\n',
  'py/tests/test_deep.py': 'import pkg.sub.deep\n',
};

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-affected-recall-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const r = spawnSync(process.execPath, [ARBOR, 'index', dir, '-q'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`arbor index failed: ${r.stderr}`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the import-closure oracle', () => {
  it('TypeScript: follows re-exports and import() with the compiler resolution', () => {
    const graph = typescriptImports(dir);
    expect(graph.get('src/index.ts')).toEqual(['src/mid.ts']);
    expect(graph.get('src/lazy.ts')).toEqual(['src/core.ts']);
    expect(testsReaching(graph, 'src/core.ts')).toEqual(['test/core.test.ts', 'test/lazy.test.ts']);
    expect(testsReaching(graph, 'src/other.ts')).toEqual(['test/other.test.ts']);
  });

  it('Python: a from-import of a submodule and the parent packages of a dotted import', () => {
    const graph = pythonImports(dir);
    expect(graph.get('py/tests/test_core.py')).toEqual(['py/pkg/__init__.py', 'py/pkg/core.py']);
    expect(graph.get('py/tests/test_deep.py')).toEqual(['py/pkg/__init__.py', 'py/pkg/sub/__init__.py', 'py/pkg/sub/deep.py']);
    // Changing the package's __init__ reaches every test that imports anything below it.
    expect(testsReaching(graph, 'py/pkg/__init__.py')).toEqual(['py/tests/test_core.py', 'py/tests/test_deep.py']);
  });
});

describe('measure', () => {
  it('arbor affected finds exactly the tests of the closure here', () => {
    const ts = measure(dir, { language: 'typescript', sampleSize: 0 });
    expect(ts.rows.map((r) => r.file)).toEqual(['src/core.ts', 'src/index.ts', 'src/lazy.ts', 'src/mid.ts', 'src/other.ts']);
    expect(ts.rows.find((r) => r.file === 'src/core.ts')).toMatchObject({ truth: 2, arbor: 2, hits: 2, missed: [], extra: [] });
    expect([ts.recall, ts.precision]).toEqual([1, 1]);
    const py = measure(dir, { language: 'python', changed: ['py/pkg/__init__.py', 'py/pkg/sub/deep.py'] });
    expect(py.rows.map((r) => [r.file, r.truth, r.hits])).toEqual([['py/pkg/__init__.py', 2, 2], ['py/pkg/sub/deep.py', 1, 1]]);
    expect([py.recall, py.precision]).toEqual([1, 1]);
  });

  it('counts misses and extras against the truth', () => {
    // A stand-in for a weaker writer: it lists one test that does not depend on the file and misses the rest.
    const fake = path.join(dir, 'fake-arbor.mjs');
    fs.writeFileSync(fake, "console.log(JSON.stringify({ affectedTests: [{ filePath: 'test/other.test.ts', reason: 'depends' }] }));\n");
    const r = measure(dir, { language: 'typescript', changed: ['src/core.ts'], arbor: fake });
    expect(r.rows[0]).toMatchObject({ truth: 2, arbor: 1, hits: 0, missed: ['test/core.test.ts', 'test/lazy.test.ts'], extra: ['test/other.test.ts'] });
    expect([r.recall, r.precision]).toEqual([0, 0]);
  });
});
