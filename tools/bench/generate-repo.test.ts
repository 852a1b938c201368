import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { generateRepository, pathOf, planRepository } from './generate-repo.mjs';
import { ARBOR_BIN } from './tools.mjs';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

describe('generate-repo', () => {
  it('is deterministic for a size and seed, and mixes TypeScript, Python and tests', () => {
    const a = planRepository(200, 7).map((m) => [pathOf(m), m.imports.map(pathOf)]);
    const b = planRepository(200, 7).map((m) => [pathOf(m), m.imports.map(pathOf)]);
    expect(a).toEqual(b);
    expect(planRepository(200, 8).map(pathOf)).not.toEqual(a.map(([p]) => p));
    const plan = planRepository(200, 7);
    expect(plan.filter((m) => m.python).length).toBeGreaterThan(60);
    expect(plan.filter((m) => !m.python).length).toBeGreaterThan(60);
    expect(plan.filter((m) => m.isTest)).toHaveLength(20);
  });

  it('writes modules whose imports all land on generated files, and whose calls arbor links', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-generate-'));
    temps.push(root);
    const modules = generateRepository(root, 80, 3);
    const run = spawnSync(process.execPath, [ARBOR_BIN, 'index', root, '--quiet'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const db = new Database(path.join(root, '.codegraph', 'codegraph.db'), { readonly: true });
    try {
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      const imports = modules.reduce((n, m) => n + m.imports.length, 0);
      // One imports edge per import statement: every specifier resolved to a generated file.
      expect(count("SELECT COUNT(*) AS n FROM edges WHERE kind = 'imports'")).toBeGreaterThanOrEqual(imports);
      // Every imported function is called once per function of the importer: those calls are linked.
      const importedCalls = modules.reduce((n, m) => n + m.imports.length * m.functions.length, 0);
      expect(count("SELECT COUNT(*) AS n FROM edges WHERE kind = 'calls' AND metadata LIKE '%\"import\"%'")).toBeGreaterThanOrEqual(importedCalls);
      expect(count("SELECT COUNT(*) AS n FROM files")).toBe(fs.readdirSync(root, { recursive: true }).filter((f) => /\.(ts|py)$/.test(String(f))).length);
    } finally {
      db.close();
    }
  });
});
