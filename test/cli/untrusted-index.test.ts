/**
 * `arbor index` on an untrusted checkout, end to end through the built binary (issue 11):
 * a symlinked `.codegraph/` (item 4), a root that cannot be listed (item 8), argument parsing
 * (item 10), what is already at the database path (item 13) and the thread cap (item 17).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** `<base>/repo` holding the files, with an empty `<base>/outside` beside it. */
function project(files: Record<string, string> = { 'src/a.ts': 'export function a() { return 1; }\n' }): { base: string; root: string } {
  const base = mkdtempSync(join(tmpdir(), 'arbor-untrusted-index-'));
  temps.push(base);
  const root = join(base, 'repo');
  mkdirSync(join(base, 'outside'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return { base, root };
}

function arbor(args: string[], options: { cwd?: string; uid?: number } = {}) {
  const command = options.uid === undefined ? [process.execPath, ...[BIN, ...args]] : ['setpriv', `--reuid=${options.uid}`, `--regid=${options.uid}`, '--clear-groups', process.execPath, BIN, ...args];
  const result = spawnSync(command[0], command.slice(1), { encoding: 'utf8', cwd: options.cwd, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function dbOf(root: string): string {
  return join(root, '.codegraph', 'codegraph.db');
}

function names(root: string): string[] {
  const db = new Database(dbOf(root), { readonly: true });
  try {
    return db.prepare("SELECT name FROM nodes WHERE kind != 'file' ORDER BY name").pluck().all() as string[];
  } finally {
    db.close();
  }
}

describe('item 4: a symlinked .codegraph/ is refused, nothing is written outside the root', () => {
  it('exits 1 with one clear line and leaves the link target empty', () => {
    const { base, root } = project();
    symlinkSync('../outside', join(root, '.codegraph'));
    const run = arbor(['index', root]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/arbor index: .*symlink/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(join(base, 'outside'))).toEqual([]);
  });
});

const canSwitchUser = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

describe('item 8: a root that cannot be listed fails and keeps the previous graph', () => {
  it.skipIf(!canSwitchUser)('exit 1 as a user who may not read the root; the graph is byte-identical', () => {
    const { base, root } = project();
    chmodSync(base, 0o755);
    execFileSync('chown', ['-R', '65534:65534', root]);
    expect(arbor(['index', root], { uid: 65534 }).status).toBe(0);
    const before = readFileSync(dbOf(root));
    chmodSync(root, 0o300);
    try {
      const run = arbor(['index', root], { uid: 65534 });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/cannot list the root folder/);
    } finally {
      chmodSync(root, 0o755);
      chownSync(root, 0, 0);
    }
    expect(readFileSync(dbOf(root))).toEqual(before);
    expect(names(root)).toEqual(['a']);
  });
});

describe('item 10: one value per flag, `--` ends options', () => {
  it('`index --exclude X repo` indexes repo with X excluded', () => {
    const { base } = project({ 'src/a.ts': 'export function a() {}\n', 'src/gen/g.ts': 'export function g() {}\n' });
    const run = arbor(['index', '--exclude', 'gen/', 'repo', '--json'], { cwd: base });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.root).toBe(join(base, 'repo'));
    expect(report.files.indexed).toBe(1);
    expect(existsSync(join(base, '.codegraph'))).toBe(false);
  });

  it('`index -- --json` indexes the folder named --json', () => {
    const { base } = project({});
    mkdirSync(join(base, '--json'));
    writeFileSync(join(base, '--json', 'x.ts'), 'export function fromDashFolder() {}\n');
    const run = arbor(['index', '--', '--json'], { cwd: base });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(names(join(base, '--json'))).toEqual(['fromDashFolder']);
  });

  it('`search -- -foo` searches for -foo', () => {
    const { root } = project({ 'src/a.ts': 'export function a() {}\n' });
    expect(arbor(['index', root]).status).toBe(0);
    const run = arbor(['search', '-p', root, '--', '-foo']);
    expect(run.stderr).not.toMatch(/Not enough non-option arguments|Unknown argument/);
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toContain('-foo');
  });
});

function writeSqlite(file: string, setup: (db: Database.Database) => void): Buffer {
  mkdirSync(join(file, '..'), { recursive: true });
  const db = new Database(file);
  setup(db);
  db.close();
  return readFileSync(file);
}

describe('item 13: what is at the database path', () => {
  it('refuses another SQLite database or a text file (exit 1, unchanged); --force replaces it', () => {
    const { root } = project();
    const other = writeSqlite(dbOf(root), (db) => db.exec("CREATE TABLE invoices (id INTEGER); INSERT INTO invoices VALUES (7)"));
    const run = arbor(['index', root]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/is not a codegraph graph.*--force/);
    expect(readFileSync(dbOf(root))).toEqual(other);

    writeFileSync(dbOf(root), 'my notes\n');
    expect(arbor(['index', root]).status).toBe(1);
    expect(readFileSync(dbOf(root), 'utf8')).toBe('my notes\n');

    const forced = arbor(['index', root, '--force']);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stderr).toMatch(/replacing it \(--force\)/);
    expect(names(root)).toEqual(['a']);
  });

  it('refuses a graph of a schema newer than any codegraph release arbor knows', () => {
    const { root } = project();
    expect(arbor(['index', root]).status).toBe(0);
    const db = new Database(dbOf(root));
    db.prepare('INSERT INTO schema_versions (version, applied_at, description) VALUES (99, 0, ?)').run('from the future');
    db.close();
    const run = arbor(['index', root]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/schema v99 graph, newer than any codegraph release/);
  });

  it('replaces a graph codegraph 1.x migrated forward (v11), and says so on stderr', () => {
    const { root } = project();
    expect(arbor(['index', root]).status).toBe(0);
    const db = new Database(dbOf(root));
    db.prepare('INSERT INTO schema_versions (version, applied_at, description) VALUES (11, 0, ?)').run('codegraph 1.6');
    db.close();
    const run = arbor(['index', root]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/replacing a codegraph schema v11 graph/);
    const after = new Database(dbOf(root), { readonly: true });
    expect(after.prepare('SELECT MAX(version) FROM schema_versions').pluck().get()).toBe(4);
    after.close();
  });

  it('replaces its own graph, an empty file and a damaged graph quietly', () => {
    const { root } = project();
    expect(arbor(['index', root]).status).toBe(0);
    const again = arbor(['index', root, '--quiet']);
    expect(again.status).toBe(0);
    expect(again.stderr).toBe('');
    writeFileSync(dbOf(root), '');
    expect(arbor(['index', root]).status).toBe(0);
    const header = readFileSync(dbOf(root)).subarray(0, 100);
    writeFileSync(dbOf(root), Buffer.concat([header, Buffer.alloc(4096, 0xff)]));
    const damaged = arbor(['index', root]);
    expect(damaged.status, damaged.stderr).toBe(0);
    expect(names(root)).toEqual(['a']);
  });
});

describe('item 17: --threads is capped at the core count', () => {
  it('asks for 500 threads and gets at most one per core', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 64; i++) files[`src/f${i}.ts`] = `export function f${i}() {}\n`;
    const { root } = project(files);
    const run = arbor(['index', root, '--threads', '500', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.threads).toBeLessThanOrEqual(availableParallelism());
    expect(report.threads).toBeGreaterThanOrEqual(1);
    expect(report.files.indexed).toBe(64);
  });
});
