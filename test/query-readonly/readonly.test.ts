/**
 * The query commands never write to the index: after every command has run (human and
 * --json), the database bytes are identical and nothing appeared beside it except SQLite's
 * own -wal (empty) and -shm for a WAL-mode database.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runQueryCli } from '../../packages/cli/src/test-support/run-query-cli.js';
import { indexWithCodegraph, REPO_ROOT, tempCopy } from '../../packages/query/src/test-support/codegraph-cli.js';
import { sampleGraph } from '../../packages/query/src/test-support/sample-graph.js';
import { makeProject } from '../../packages/query/src/test-support/v4-database.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Every file under `dir` with its size (the .codegraph folder included). */
function listing(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else out.set(path, statSync(join(dir, path)).size);
    }
  };
  walk('');
  return out;
}

async function runEverything(root: string, symbols: { name: string; from: string; to: string; file: string }) {
  const commands = [
    ['status'], ['search', symbols.name], ['node', symbols.name], ['callers', symbols.name, '--depth', '3'],
    ['callees', symbols.from, '--depth', '3'], ['impact', symbols.name], ['impact', symbols.file], ['trace', symbols.from, symbols.to],
    ['files'], ['files', '**/*.ts'], ['explore', symbols.name], ['context', `change ${symbols.name} and ${symbols.from}`],
    ['affected', symbols.file], ['node', 'no_such_symbol'], ['callers', 'x', '--depth', '0'],
  ];
  for (const command of commands) {
    for (const json of [false, true]) {
      await runQueryCli(json ? [...command, '--json'] : command, { cwd: root });
    }
  }
  return commands.length;
}

function expectUntouched(root: string, before: Map<string, number>, dbHash: string, wal: boolean) {
  const dbPath = join(root, '.codegraph', 'codegraph.db');
  expect(sha(dbPath)).toBe(dbHash);
  const after = listing(root);
  const appeared = [...after.keys()].filter((p) => !before.has(p)).sort();
  const allowed = wal ? ['.codegraph/codegraph.db-shm', '.codegraph/codegraph.db-wal'] : [];
  for (const path of appeared) expect(allowed).toContain(path);
  if (after.has('.codegraph/codegraph.db-wal')) expect(after.get('.codegraph/codegraph.db-wal')).toBe(0);
  for (const [path, size] of before) expect(after.get(path), path).toBe(size);
}

describe('the query commands never write', () => {
  it('a WAL-mode database written by codegraph 0.9.9', async () => {
    const root = tempCopy(join(REPO_ROOT, 'fixtures', 'query-demo'));
    temps.push(root);
    const dbPath = indexWithCodegraph(root);
    // Start from the file alone, as a finished index is left.
    const db = new Database(dbPath);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const before = listing(root);
    const hash = sha(dbPath);
    const ran = await runEverything(root, { name: 'roundCents', from: 'handleCheckout', to: 'roundCents', file: 'src/cart/pricing.ts' });
    expect(ran).toBeGreaterThan(10);
    expectUntouched(root, before, hash, true);
  });

  it('a rollback-journal database (as arbor leaves its own)', async () => {
    const { root, dbPath } = makeProject(sampleGraph({ journalMode: 'delete' }));
    temps.push(root);
    const before = listing(root);
    const hash = sha(dbPath);
    await runEverything(root, { name: 'helper', from: 'main', to: 'inner', file: 'src/b.ts' });
    expectUntouched(root, before, hash, false);
  });
});
