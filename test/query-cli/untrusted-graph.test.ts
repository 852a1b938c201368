/**
 * Queries on a graph from an untrusted or shared place (issue 11): a graph in a location the
 * reader cannot write (item 9), and failures that must be coded errors, not internal ones
 * (item 22): NULL identities in a crafted graph, a hot rollback journal, a project folder that
 * does not exist, a folder at the database path.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function arbor(args: string[], uid?: number) {
  const command = uid === undefined ? [process.execPath, BIN, ...args] : ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', process.execPath, BIN, ...args];
  const result = spawnSync(command[0], command.slice(1), { encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** An indexed project: `alpha` calls `beta`. */
function indexed(): string {
  const base = mkdtempSync(join(tmpdir(), 'arbor-untrusted-graph-'));
  temps.push(base);
  const root = join(base, 'repo');
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'src', 'a.ts'), 'export function alpha() { return beta(); }\nexport function beta() { return 1; }\n');
  const run = arbor(['index', root, '--quiet']);
  expect(run.status, run.stderr).toBe(0);
  return root;
}

const dbOf = (root: string) => join(root, '.codegraph', 'codegraph.db');
const canSwitchUser = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

describe('item 9: a WAL-mode graph in a location the reader cannot write is queryable', () => {
  it.skipIf(!canSwitchUser)('status, search and callers answer as another user, and nothing is created beside the graph', () => {
    const root = indexed();
    chmodSync(join(root, '..'), 0o755);
    const db = new Database(dbOf(root), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const before = readdirSync(join(root, '.codegraph')).sort();

    const status = arbor(['status', '-p', root, '--json'], 65534);
    expect(status.status, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).counts.nodes).toBe(3);
    const callers = arbor(['callers', 'beta', '-p', root, '--json'], 65534);
    expect(callers.status, callers.stderr).toBe(0);
    expect(callers.stdout).toContain('alpha');
    const search = arbor(['search', 'alpha', '-p', root], 65534);
    expect(search.status, search.stderr).toBe(0);
    expect(search.stdout).toContain('alpha');
    expect(readdirSync(join(root, '.codegraph')).sort()).toEqual(before);
  });
});

/** Rebuilds `nodes` without its NOT NULL constraints (as a crafted graph may), then nulls identities. */
function nullIdentities(root: string): void {
  const db = new Database(dbOf(root));
  db.pragma('journal_mode = DELETE');
  for (const trigger of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[]) {
    db.exec(`DROP TRIGGER "${trigger}"`);
  }
  db.exec('CREATE TABLE nodes_copy AS SELECT * FROM nodes; DROP TABLE nodes; ALTER TABLE nodes_copy RENAME TO nodes;');
  db.exec("UPDATE nodes SET name = NULL WHERE name = 'alpha'; UPDATE nodes SET file_path = NULL WHERE name = 'beta';");
  db.close();
}

describe('item 22: coded errors, never "internal error"', () => {
  it('a node with a NULL name or file_path is a corrupt graph: exit 4', () => {
    const root = indexed();
    nullIdentities(root);
    for (const args of [['search', 'alpha'], ['explore', 'alpha'], ['callers', 'beta'], ['search', 'beta', '--json']]) {
      const run = arbor([...args, '-p', root]);
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(4);
      expect(run.stderr).toMatch(/corrupt/);
      expect(run.stderr).not.toMatch(/internal error|TypeError|\n\s+at /);
    }
  });

  it('a hot rollback journal is explained as one, not as a missing -shm', () => {
    const root = indexed();
    const db = new Database(dbOf(root));
    db.pragma('journal_mode = DELETE');
    db.close();
    // A writer killed half-way through a transaction leaves a hot journal.
    const script = `
      const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
      const db = new Database(${JSON.stringify(dbOf(root))});
      db.pragma('cache_size = 1');
      db.exec('BEGIN');
      const insert = db.prepare("INSERT INTO project_metadata (key, value, updated_at) VALUES (?, ?, 0)");
      for (let i = 0; i < 3000; i++) insert.run('k' + i, 'x'.repeat(400));
      process.kill(process.pid, 'SIGKILL');`;
    spawnSync(process.execPath, ['-e', script]);
    expect(readdirSync(join(root, '.codegraph'))).toContain('codegraph.db-journal');
    const run = arbor(['status', '-p', root]);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/hot rollback journal/);
    expect(run.stderr).not.toMatch(/-shm/);
  });

  it('status -p on a folder that does not exist says so (exit 1), not "no index"', () => {
    const missing = join(tmpdir(), 'arbor-no-such-project-7c1e');
    const run = arbor(['status', '-p', missing]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no such folder/);
    expect(arbor(['search', 'x', '-p', missing]).stderr).toMatch(/no such folder/);
  });

  it('a folder at the database path is not a codegraph database (exit 4)', () => {
    const base = mkdtempSync(join(tmpdir(), 'arbor-untrusted-graph-'));
    temps.push(base);
    mkdirSync(join(base, '.codegraph', 'codegraph.db'), { recursive: true });
    for (const command of ['status', 'files']) {
      const run = arbor([command, '-p', base]);
      expect(run.status, run.stderr).toBe(4);
      expect(run.stderr).toMatch(/is a folder/);
    }
    const index = arbor(['index', base]);
    expect(index.status).toBe(1);
    expect(index.stderr).toMatch(/is a folder/);
  });
});

describe('item 16: globs in files and --file', () => {
  it('a bad glob is a usage error (exit 2), a pathological one answers at once', () => {
    const root = indexed();
    for (const args of [['files', '[z-a]'], ['search', 'alpha', '--file', 'src/[z-a].ts']]) {
      const run = arbor([...args, '-p', root]);
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/out of order/);
      expect(run.stderr).not.toMatch(/internal error/);
    }
    const started = Date.now();
    const run = arbor(['files', `${'s/**/'.repeat(40)}x`, '-p', root]);
    expect(run.status, run.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
