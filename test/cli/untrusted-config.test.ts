/**
 * `arbor index` reads config files from an untrusted checkout (issue 11, item 3): tsconfig.json
 * and its `extends` chain, package.json, setup.cfg, pyproject.toml. A FIFO there must not hang
 * the run, a symlink to /dev/zero must not fill memory, and a symlink out of the root must not
 * be read: the outside config below maps `@lib/*` and names a workspace package, so reading it
 * would add imports edges that the in-root control run shows.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const TSCONFIG = JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['lib/*'] } } });
const PACKAGE = JSON.stringify({ name: 'utilpkg', main: 'index.ts' });

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

type Entry = string | { symlink: string } | 'fifo';

/** A project in `<temp>/repo` with the outside configs next to it in `<temp>/outside`. */
function project(config: Record<string, Entry>): string {
  const base = mkdtempSync(join(tmpdir(), 'arbor-untrusted-config-'));
  temps.push(base);
  const root = join(base, 'repo');
  const files: Record<string, Entry> = {
    'src/main.ts': "import { x } from '@lib/x';\nimport { u } from 'utilpkg';\nexport const m = x + u;\n",
    'lib/x.ts': 'export const x = 1;\n',
    'packages/util/index.ts': 'export const u = 2;\n',
    'py/app/__init__.py': '',
    'py/app/main.py': 'from app import helpers\n',
    'py/app/helpers.py': 'def h():\n    return 1\n',
    ...config,
  };
  mkdirSync(join(base, 'outside'));
  writeFileSync(join(base, 'outside', 'tsconfig.json'), TSCONFIG);
  writeFileSync(join(base, 'outside', 'package.json'), PACKAGE);
  for (const [path, entry] of Object.entries(files)) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    if (entry === 'fifo') execFileSync('mkfifo', [abs]);
    else if (typeof entry === 'string') writeFileSync(abs, entry);
    else symlinkSync(entry.symlink, abs);
  }
  return root;
}

/** Runs the built binary with a kill timer: a blocking read could not be interrupted in-process. */
function index(root: string) {
  const r = spawnSync(process.execPath, [BIN, 'index', root], { encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, signal: r.signal, stderr: r.stderr };
}

function imports(root: string, from: string, to: string): boolean {
  const db = new Database(join(root, '.codegraph', 'codegraph.db'), { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT count(*) AS n FROM edges e JOIN nodes s ON s.id = e.source JOIN nodes t ON t.id = e.target
         WHERE e.kind = 'imports' AND s.file_path = ? AND t.file_path = ?`,
      )
      .get(from, to) as { n: number };
    return row.n > 0;
  } finally {
    db.close();
  }
}

function expectFinished(run: ReturnType<typeof index>): void {
  expect(run.signal, run.stderr).toBeNull();
  expect(run.status, run.stderr).toBe(0);
}

describe('arbor index on hostile config files', () => {
  it('control: the same configs inside the root are read (tsconfig paths, extends, workspace package.json)', () => {
    const direct = project({ 'tsconfig.json': TSCONFIG, 'packages/util/package.json': PACKAGE });
    expectFinished(index(direct));
    expect(imports(direct, 'src/main.ts', 'lib/x.ts')).toBe(true);
    expect(imports(direct, 'src/main.ts', 'packages/util/index.ts')).toBe(true);

    const extended = project({ 'tsconfig.json': JSON.stringify({ extends: './config/base.json' }), 'config/base.json': TSCONFIG.replace('"."', '".."') });
    expectFinished(index(extended));
    expect(imports(extended, 'src/main.ts', 'lib/x.ts')).toBe(true);
  }, 60_000);

  it('tsconfig.json, an extended config and package.json symlinked out of the root are not read', () => {
    const linked = project({ 'tsconfig.json': { symlink: '../outside/tsconfig.json' }, 'packages/util/package.json': { symlink: '../../../outside/package.json' } });
    expectFinished(index(linked));
    expect(imports(linked, 'src/main.ts', 'lib/x.ts')).toBe(false);
    expect(imports(linked, 'src/main.ts', 'packages/util/index.ts')).toBe(false);

    // The outside config extended through a folder symlink that leaves the root.
    const extended = project({ 'tsconfig.json': JSON.stringify({ extends: './up/outside/tsconfig.json' }), up: { symlink: '..' } });
    expectFinished(index(extended));
    expect(imports(extended, 'src/main.ts', 'lib/x.ts')).toBe(false);
  }, 60_000);

  it('a FIFO tsconfig.json, package.json, pyproject.toml or setup.cfg does not hang the run', () => {
    const root = project({ 'tsconfig.json': 'fifo', 'packages/util/package.json': 'fifo', 'py/pyproject.toml': 'fifo', 'py/setup.cfg': 'fifo' });
    expectFinished(index(root));
    expect(imports(root, 'src/main.ts', 'lib/x.ts')).toBe(false);
  }, 60_000);

  it('config files symlinked to /dev/zero do not fill memory', () => {
    const root = project({
      'tsconfig.json': { symlink: '/dev/zero' },
      'packages/util/package.json': { symlink: '/dev/zero' },
      'py/pyproject.toml': { symlink: '/dev/zero' },
    });
    expectFinished(index(root));
    expect(imports(root, 'src/main.ts', 'lib/x.ts')).toBe(false);
  }, 60_000);

  it('a character device at tsconfig.json inside the root is not read (when this machine can create one)', () => {
    const root = project({});
    try {
      execFileSync('mknod', [join(root, 'tsconfig.json'), 'c', '1', '5'], { stdio: 'ignore' });
    } catch {
      return; // no CAP_MKNOD: the /dev/zero symlink case above still runs
    }
    expectFinished(index(root));
    expect(imports(root, 'src/main.ts', 'lib/x.ts')).toBe(false);
  }, 60_000);
});
