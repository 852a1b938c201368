/**
 * A file of a build variant the default build compiles (Scala's `src-2/` under Mill's default 2.13) is resolved as a
 * copy marked as a default-build file. Its call sites, held apart from the extraction until it is resolved (as
 * bytes from its thread, or as its cache entry's JSON), must go with that copy: they did not, and every such file
 * was resolved with its `extends` / `implements` sites alone, cold and from the cache alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexRepository } from './index-repository.js';

const FIXTURE = path.resolve(__dirname, '../../../../fixtures/expectations/scala-cross-build-mill-default');
const NOW = 1_700_000_000_000;
let base: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-variant-sites-'));
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

function copyOfFixture(name: string): string {
  const root = path.join(base, name);
  fs.cpSync(FIXTURE, root, { recursive: true });
  fs.mkdirSync(path.join(root, '.codegraph'), { recursive: true });
  return root;
}

/** The call and `new` edges whose site is in the default-variant file. */
function edgesFromVariantFile(root: string): string[] {
  const db = new Database(path.join(root, '.codegraph', 'codegraph.db'), { readonly: true });
  try {
    return db.prepare(`SELECT e.kind || ' ' || t.name || ' @' || e.line AS edge FROM edges e JOIN nodes s ON s.id = e.source
      JOIN nodes t ON t.id = e.target WHERE s.file_path = 'parsers/src-2/acme/package.scala' AND e.kind IN ('calls', 'instantiates')
      ORDER BY e.line, t.name`).pluck().all() as string[];
  } finally {
    db.close();
  }
}

function resolved(root: string): unknown[] {
  const db = new Database(path.join(root, '.codegraph', 'codegraph.db'), { readonly: true });
  try {
    return [
      db.prepare('SELECT source, target, kind, line, col, metadata FROM edges ORDER BY source, target, kind, line, col').all(),
      db.prepare('SELECT from_node_id, reference_name, reference_kind, line, col FROM unresolved_refs ORDER BY 1, 2, 3, 4, 5').all(),
    ];
  } finally {
    db.close();
  }
}

describe('call sites of a default-build variant file', () => {
  it('are resolved in a cold run on threads, and a run the cache answers writes the same graph', async () => {
    const cold = copyOfFixture('cold');
    await indexRepository(cold, { threads: 1, now: NOW, cache: false, onNotice: () => {} });
    const edges = edgesFromVariantFile(cold);
    expect(edges).toContain('instantiates Parser @3');

    const cacheDir = path.join(base, 'cache');
    const filling = copyOfFixture('filling');
    await indexRepository(filling, { threads: 1, now: NOW, cacheDir, onNotice: () => {} });
    const cached = copyOfFixture('cached');
    await indexRepository(cached, { threads: 1, now: NOW, cacheDir, onNotice: () => {} });
    expect(edgesFromVariantFile(cached)).toEqual(edges);
    // Every edge and unresolved site alike (the copies' file times differ, so not the files table).
    expect(resolved(cached)).toEqual(resolved(cold));
  }, 120_000);
});
