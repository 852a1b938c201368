/**
 * `arbor affected` as a CI gate, on real git repositories made here: a deleted or renamed file's
 * importers (TypeScript, Python, Java, Go), Go tests compiled with their package, a stale index,
 * `--strict` and `--fail-if-stale` exit codes, and a shallow clone's missing history. The order is
 * the CI one: change, `arbor index`, `arbor affected --since`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'arbor test', GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'arbor test', GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1',
};
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function write(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A git repository holding `files`, committed, and indexed. */
function repository(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'arbor-gate-')));
  temps.push(root);
  git(root, 'init', '-q', '-b', 'main');
  write(root, { '.gitignore': '.codegraph/\n', ...files });
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'first');
  index(root);
  return root;
}

function index(root: string): void {
  const r = spawnSync(process.execPath, [BIN, 'index', '-q', root], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

function arbor(root: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8', env: GIT_ENV });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface AffectedJson {
  affectedTests: Array<{ filePath: string; via: string; convention: string }>;
  deletedFiles: Array<{ path: string; importers: string[]; packageFiles: string[] }>;
  notIndexed: string[];
  completeness: { complete: boolean; reasons: string[] };
  staleIndex: { stale: boolean; modified: number; removed: number; added: number; files: string[] };
}

function affectedJson(root: string, ...args: string[]): AffectedJson {
  const r = arbor(root, 'affected', '--since', 'HEAD', '--json', ...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as AffectedJson;
}
const testsOf = (json: AffectedJson) => json.affectedTests.map((t) => t.filePath);

const TS = {
  'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["src/*"] } } }\n',
  'src/math.ts': 'export function add(a: number, b: number) { return a + b; }\n',
  'src/alias.ts': "import { add } from '@lib/math';\nexport const three = add(1, 2);\n",
  'src/alias.test.ts': "import { three } from './alias';\nexport const a = three;\n",
  'src/barrel.ts': "export * from './math';\n",
  'src/barrel.test.ts': "import { add } from './barrel';\nexport const b = add(2, 2);\n",
  'src/cart.ts': "import { add } from './math';\nexport function total(xs: number[]) { return xs.reduce((s, x) => add(s, x), 0); }\n",
  'src/cart.test.ts': "import { total } from './cart';\nexport const checked = total([1, 2]);\n",
  'src/esm.ts': "import { add } from './math.js';\nexport const two = add(1, 1);\n",
  'test/esm.test.ts': "import { two } from '../src/esm.js';\nexport const t = two;\n",
  'src/other.ts': 'export const other = 1;\n',
  'src/other.test.ts': "import { other } from './other';\nexport const o = other;\n",
};

describe('a deleted file', () => {
  it('TypeScript: the tests of its importers are affected after the re-index (they were not: [] and exit 0)', () => {
    const root = repository(TS);
    git(root, 'rm', '-q', 'src/math.ts');
    index(root);
    const json = affectedJson(root);
    expect(testsOf(json)).toEqual(['src/alias.test.ts', 'src/barrel.test.ts', 'src/cart.test.ts', 'test/esm.test.ts']);
    expect(json.affectedTests.every((t) => t.via === 'src/math.ts')).toBe(true);
    // `./math` and `./math.js` (ESM spelling of math.ts) name it, the tsconfig alias `@lib/math` that now lands
    // nowhere, and the re-export `export * from './math'` (no import node: found in the text); an unrelated file does not.
    expect(json.deletedFiles).toEqual([{ path: 'src/math.ts', importers: ['src/alias.ts', 'src/barrel.ts', 'src/cart.ts', 'src/esm.ts'], packageFiles: [] }]);
    expect(json.notIndexed).toEqual([]);
    expect(json.completeness.complete).toBe(true);
    expect(arbor(root, 'affected', '--since', 'HEAD', '--strict').code).toBe(0);
  });

  it('a rename (git: delete + add) reaches the importers still naming the old path; one that follows it is a change itself', () => {
    const root = repository(TS);
    git(root, 'mv', 'src/math.ts', 'src/sum.ts');
    index(root);
    expect(testsOf(affectedJson(root))).toEqual(['src/alias.test.ts', 'src/barrel.test.ts', 'src/cart.test.ts', 'test/esm.test.ts']);

    git(root, 'commit', '-q', '-m', 'rename');
    write(root, { 'src/cart.ts': TS['src/cart.ts'].replace('./math', './sum'), 'src/esm.ts': TS['src/esm.ts'].replace('./math.js', './sum.js') });
    git(root, 'mv', 'src/sum.ts', 'src/math2.ts');
    write(root, {
      'src/cart.ts': TS['src/cart.ts'].replace('./math', './math2'), 'src/esm.ts': TS['src/esm.ts'].replace('./math.js', './math2.js'),
      'src/alias.ts': TS['src/alias.ts'].replace('@lib/math', '@lib/math2'),
    });
    index(root);
    const json = affectedJson(root);
    // Nothing imports the old name any more: the importers are changed files, and their tests follow.
    expect(json.deletedFiles).toEqual([{ path: 'src/sum.ts', importers: [], packageFiles: [] }]);
    expect(testsOf(json)).toEqual(['src/alias.test.ts', 'src/cart.test.ts', 'test/esm.test.ts']);
  });

  it('Python: absolute, relative and `from package import module` imports name the deleted module', () => {
    const root = repository({
      'app/__init__.py': '',
      'app/util.py': 'def slug(x):\n    return x\n',
      'app/core.py': 'from app import util\n\ndef run():\n    return util.slug(1)\n',
      'app/rel.py': 'from .util import slug\n\ndef go():\n    return slug(2)\n',
      'app/dotted.py': 'import app.util\n\ndef f():\n    return app.util.slug(3)\n',
      'app/unrelated.py': 'from app import core\n',
      'tests/test_core.py': 'from app.core import run\n\ndef test_run():\n    run()\n',
      'tests/test_rel.py': 'from app.rel import go\n\ndef test_go():\n    go()\n',
      'tests/test_dotted.py': 'from app.dotted import f\n\ndef test_f():\n    f()\n',
      'tests/test_alone.py': 'def test_nothing():\n    assert True\n',
    });
    git(root, 'rm', '-q', 'app/util.py');
    index(root);
    const json = affectedJson(root);
    expect(json.deletedFiles[0].importers).toEqual(['app/core.py', 'app/dotted.py', 'app/rel.py']);
    expect(testsOf(json)).toEqual(['tests/test_core.py', 'tests/test_dotted.py', 'tests/test_rel.py']);
  });

  it('Java and Kotlin: its importers and the files of its package, which used it without an import', () => {
    const root = repository({
      'src/main/java/com/acme/Util.java': 'package com.acme;\npublic class Util { public static int f() { return 1; } }\n',
      'src/main/java/com/acme/Core.java': 'package com.acme;\npublic class Core { public int g() { return Util.f(); } }\n',
      'src/main/java/com/acme/api/Api.java': 'package com.acme.api;\nimport com.acme.Util;\npublic class Api { int h() { return Util.f(); } }\n',
      'src/test/java/com/acme/CoreTest.java': 'package com.acme;\npublic class CoreTest { void t() { new Core().g(); } }\n',
      'src/test/java/com/acme/api/ApiTest.java': 'package com.acme.api;\npublic class ApiTest { void t() { new Api(); } }\n',
      'src/test/java/com/acme/OtherTest.java': 'package com.acme;\npublic class OtherTest { void t() { } }\n',
      // Kotlin imports the Java class: one JVM family, one naming of classes by package.
      'src/main/kotlin/com/acme/k/Use.kt': 'package com.acme.k\n\nimport com.acme.Util\n\nfun callUtil() = Util.f()\n',
      'src/test/kotlin/com/acme/k/UseTest.kt': 'package com.acme.k\n\nimport com.acme.k.callUtil\n\nclass UseTest { fun t() { callUtil() } }\n',
    });
    git(root, 'rm', '-q', 'src/main/java/com/acme/Util.java');
    index(root);
    const json = affectedJson(root);
    expect(json.deletedFiles[0].importers).toEqual(['src/main/java/com/acme/api/Api.java', 'src/main/kotlin/com/acme/k/Use.kt']);
    expect(json.deletedFiles[0].packageFiles).toEqual(['src/main/java/com/acme/Core.java']);
    // OtherTest shares the package but not the source set's compilation: Java tests are not compiled with their package.
    expect(testsOf(json)).toEqual([
      'src/test/java/com/acme/CoreTest.java', 'src/test/java/com/acme/api/ApiTest.java', 'src/test/kotlin/com/acme/k/UseTest.kt',
    ]);
  });

  it('a deleted file whose language has no import naming makes the answer incomplete (--strict: exit 5)', () => {
    const root = repository({
      'lib/a.rb': "def a\n  1\nend\n",
      'lib/b.rb': "require_relative 'a'\ndef b\n  a\nend\n",
      'spec/b_spec.rb': "require_relative '../lib/b'\n",
    });
    git(root, 'rm', '-q', 'lib/a.rb');
    index(root);
    const json = affectedJson(root);
    expect(json.completeness.complete).toBe(false);
    expect(json.completeness.reasons.join('\n')).toMatch(/lib\/a\.rb was deleted .* only the imports that now land nowhere and end in its name/);
    expect(json.notIndexed).toContain('lib/a.rb');
    // `require_relative 'a'` now lands nowhere and ends in the deleted name: followed, though not proven whole.
    expect(json.deletedFiles).toEqual([{ path: 'lib/a.rb', importers: ['lib/b.rb'], packageFiles: [] }]);
    expect(testsOf(json)).toEqual(['spec/b_spec.rb']);
    const strict = arbor(root, 'affected', '--since', 'HEAD', '--strict');
    expect(strict.code).toBe(5);
    expect(strict.stderr).toMatch(/may be incomplete/);
  });
});

describe('Go: a test file compiles with every file of its package', () => {
  const GO = {
    'go.mod': 'module example.com/gg\n\ngo 1.21\n',
    'store/store.go': 'package store\n\nfunc Open() int { return 1 }\n',
    'store/cursor.go': 'package store\n\nfunc Next() int { return 2 }\n',
    'store/store_test.go': 'package store\n\nimport "testing"\n\nfunc TestOpen(t *testing.T) { Open() }\n',
    'cmd/main.go': 'package main\n\nimport "example.com/gg/store"\n\nfunc main() { store.Open() }\n',
    'cmd/main_test.go': 'package main\n\nimport "testing"\n\nfunc TestMain1(t *testing.T) {}\n',
    'other/other_test.go': 'package other\n\nimport "testing"\n\nfunc TestOther(t *testing.T) {}\n',
  };

  it('a change to cursor.go affects store_test.go though no call links them, and the tests of the packages importing it', () => {
    const root = repository(GO);
    write(root, { 'store/cursor.go': 'package store\n\nfunc Next() int { return 3 }\n' });
    index(root);
    const json = affectedJson(root);
    expect(testsOf(json)).toEqual(['cmd/main_test.go', 'store/store_test.go']);
    expect(json.affectedTests.find((t) => t.filePath === 'store/store_test.go')!.convention).toMatch(/compiled with its folder/);
  });

  it('a deleted file changes its package; a deleted package reaches its importers by import path', () => {
    const root = repository(GO);
    git(root, 'rm', '-q', 'store/cursor.go');
    index(root);
    const one = affectedJson(root);
    expect(one.deletedFiles).toEqual([{ path: 'store/cursor.go', importers: [], packageFiles: ['store/store.go', 'store/store_test.go'] }]);
    expect(testsOf(one)).toEqual(['cmd/main_test.go', 'store/store_test.go']);

    git(root, 'commit', '-q', '-m', 'drop cursor');
    git(root, 'rm', '-rq', 'store');
    index(root);
    const all = affectedJson(root);
    expect(all.deletedFiles.map((d) => d.importers)).toEqual([['cmd/main.go'], ['cmd/main.go']]);
    expect(testsOf(all)).toEqual(['cmd/main_test.go']);
  });
});

describe('a stale index, --strict and --fail-if-stale', () => {
  it('says the index is older than the working tree; --fail-if-stale refuses (exit 6), --strict answers with exit 5', () => {
    const root = repository(TS);
    write(root, { 'src/other.ts': 'export const other = 2;\n' });
    const json = affectedJson(root);
    expect(json.staleIndex).toMatchObject({ stale: true, modified: 1, removed: 0, added: 0, files: ['src/other.ts'] });
    expect(json.completeness.complete).toBe(false);
    expect(json.completeness.reasons.join('\n')).toMatch(/older than the working tree.*arbor index/);
    const human = arbor(root, 'affected', '--since', 'HEAD');
    expect(human.code).toBe(0);
    expect(human.stdout).toBe('src/other.test.ts\n');
    expect(human.stderr).toMatch(/older than the working tree/);
    // -q keeps stdout to the list, and still warns.
    const quiet = arbor(root, 'affected', '--since', 'HEAD', '-q');
    expect(quiet.stdout).toBe('src/other.test.ts\n');
    expect(quiet.stderr).toBe('arbor affected: warning: the index is older than the working tree (1 modified file since it was built): run `arbor index` first\n');

    const refused = arbor(root, 'affected', '--since', 'HEAD', '--fail-if-stale');
    expect(refused.code).toBe(6);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/older than the working tree \(1 modified file since it was built\): run `arbor index` first/);
    const refusedJson = arbor(root, 'affected', '--since', 'HEAD', '--fail-if-stale', '--json');
    expect(JSON.parse(refusedJson.stderr).error.code).toBe('stale-index');
    expect(arbor(root, 'affected', '--since', 'HEAD', '--strict').code).toBe(5);

    index(root);
    const fresh = arbor(root, 'affected', '--since', 'HEAD', '--strict', '--fail-if-stale');
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toBe('src/other.test.ts\n');
    expect(affectedJson(root).staleIndex.stale).toBe(false);
    expect(arbor(root, 'affected', '--since', 'HEAD', '-q').stderr).toBe('');
  });

  it('a new file after the index and a deleted one not re-indexed are stale too', () => {
    const root = repository(TS);
    write(root, { 'src/new.ts': 'export const n = 1;\n' });
    rmSync(join(root, 'src/other.ts'));
    const json = affectedJson(root);
    expect(json.staleIndex).toMatchObject({ stale: true, modified: 0, removed: 1, added: 1 });
  });

  it('--strict: a changed file arbor cannot see into (package.json) is exit 5, with the reason', () => {
    const root = repository({ ...TS, 'package.json': '{ "name": "x" }\n' });
    write(root, { 'package.json': '{ "name": "y" }\n' });
    const r = arbor(root, 'affected', '--since', 'HEAD', '--strict');
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/not in the index, whose effect on tests arbor cannot see/);
    const json = affectedJson(root);
    expect(json.notIndexed).toEqual(['package.json']);
    expect(json.completeness.complete).toBe(false);
  });
});

describe('a shallow clone', () => {
  it('--since HEAD~1 at depth 1 names the cause and the fix; after git fetch --deepen it answers', () => {
    const origin = repository(TS);
    write(origin, { 'src/other.ts': 'export const other = 3;\n' });
    git(origin, 'commit', '-q', '-am', 'second');
    const clone = realpathSync(mkdtempSync(join(tmpdir(), 'arbor-shallow-')));
    temps.push(clone);
    git(clone, 'clone', '-q', '--depth', '1', `file://${origin}`, 'work');
    const work = join(clone, 'work');
    index(work);
    const r = arbor(work, 'affected', '--since', 'HEAD~1');
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/shallow clone/);
    expect(r.stderr).toMatch(/git fetch --deepen/);
    expect(r.stderr).not.toMatch(/^fatal/m);

    git(work, 'fetch', '-q', '--deepen=1');
    const deepened = arbor(work, 'affected', '--since', 'HEAD~1', '--strict');
    expect(deepened.code, deepened.stderr).toBe(0);
    expect(deepened.stdout).toBe('src/other.test.ts\n');
  });

  it('an unknown ref in a full clone keeps git\'s own message, without the shallow advice', () => {
    const root = repository(TS);
    const r = arbor(root, 'affected', '--since', 'no-such-ref');
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/shallow/);
    expect(r.stderr).toMatch(/no-such-ref/);
  });
});
