/**
 * The cache's promise: a re-index that takes extractions from the cache gives the graph a cold
 * full rebuild writes, after real changes to the tree (an edit, a new file, a deleted one, a
 * rename, and a new same-named declaration that turns a unique-name link ambiguous), because
 * resolution always runs over every file. Such a re-index updates the graph in place: equal to the
 * cold build in every row of every table and in what the FTS index holds (dumpGraphContent), not in
 * the file's layout. Cold builds stay byte-identical.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../pipeline/index-repository.js';
import type { IndexReport } from '../pipeline/index-report.js';
import { dumpGraph, dumpGraphContent } from '../test-support/graph-dump.js';

const FIXTURES = new URL('../../../../fixtures/', import.meta.url).pathname;
const NOW = 1_700_000_000_000;
let base: string;
let root: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-cache-'));
  root = path.join(base, 'repo');
  fs.cpSync(path.join(FIXTURES, 'typescript'), path.join(root, 'ts'), { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'python'), path.join(root, 'py'), { recursive: true });
  // Browser scripts without imports: `helperOnly()` is linked by the one workspace declaration of that name.
  write('web/helpers.js', 'function helperOnly(x) {\n  return x + 1;\n}\n');
  write('web/main.js', 'function main() {\n  return helperOnly(41);\n}\n');
  // The report stored in the graph counts .codegraph/ as an ignored folder once it exists: make
  // the first run see the tree every later run sees.
  fs.mkdirSync(path.join(root, '.codegraph'));
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

function write(relative: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
}

function index(options: Parameters<typeof indexRepository>[1] = {}): Promise<IndexReport> {
  return indexRepository(root, { threads: 2, now: NOW, onNotice: () => {}, ...options });
}

const graphPath = () => path.join(root, '.codegraph', 'codegraph.db');

/**
 * Re-indexes with the cache (in place), then cold (--no-cache) into a second copy of the graph's
 * folder on the same tree; returns both graphs' content. The in-place graph stays for the next step.
 */
async function cachedThenCold(): Promise<{ cached: string; cold: string; report: IndexReport }> {
  const report = await index();
  expect(report.graphWrite?.mode).toBe('in-place');
  const cached = dumpGraphContent(graphPath());
  const saved = path.join(base, 'saved.db');
  fs.copyFileSync(graphPath(), saved);
  await index({ cache: false });
  const cold = dumpGraphContent(graphPath());
  fs.copyFileSync(saved, graphPath());
  return { cached, cold, report };
}

function uniqueNameCalls(): number {
  const db = new Database(graphPath(), { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM edges WHERE kind = 'calls' AND json_extract(metadata, '$.resolvedBy') = 'unique-name'").pluck().get() as number;
  } finally {
    db.close();
  }
}

describe('a cached re-index writes the graph a cold rebuild writes', () => {
  it('after an edit, an added, a deleted and a renamed file, and a name made ambiguous', async () => {
    const first = await index();
    expect(first.cache).toMatchObject({ used: true, fromCache: 0 });
    const total = first.files.indexed;
    expect(total).toBe(24); // 12 TypeScript files, 10 Python files, 2 scripts
    const coldDump = dumpGraphContent(graphPath());
    const coldBytes = dumpGraph(graphPath());

    // Nothing changed: every file from the cache, no worker started, the same graph, not a row touched.
    const again = await index();
    expect(again.cache.fromCache).toBe(total);
    expect(again.threads).toBe(0);
    expect(again.graphWrite).toMatchObject({ mode: 'in-place', changes: { nodes: { deleted: 0, inserted: 0 }, edges: { deleted: 0, inserted: 0 }, metadata: 0 } });
    expect(dumpGraph(graphPath())).toBe(coldBytes);

    // Edit: a new function in one file.
    fs.appendFileSync(path.join(root, 'web/main.js'), 'function second() {\n  return helperOnly(1) + main();\n}\n');
    let run = await cachedThenCold();
    expect(run.report.cache).toMatchObject({ fromCache: total - 1, extracted: 1 });
    expect(run.cached).toBe(run.cold);
    expect(run.cached).not.toBe(coldDump);
    expect(run.cached).toContain('second');

    // Add a file.
    write('web/extra.js', 'function extra() {\n  return main();\n}\n');
    run = await cachedThenCold();
    expect(run.report.cache).toMatchObject({ fromCache: total, extracted: 1 });
    expect(run.cached).toBe(run.cold);
    expect(run.cached).toContain('web/extra.js');

    // Delete a file: its entry is pruned, everything else still hits.
    fs.rmSync(path.join(root, 'web/extra.js'));
    run = await cachedThenCold();
    expect(run.report.cache).toMatchObject({ fromCache: total, extracted: 0 });
    expect(run.report.cache.pruned).toBeGreaterThan(0);
    expect(run.cached).toBe(run.cold);
    expect(run.cached).not.toContain('web/extra.js');

    // Rename a file: same content, new path (extraction depends on the path, so it is parsed again).
    fs.renameSync(path.join(root, 'web/helpers.js'), path.join(root, 'web/util.js'));
    run = await cachedThenCold();
    expect(run.report.cache).toMatchObject({ fromCache: total - 1, extracted: 1 });
    expect(run.cached).toBe(run.cold);
    expect(run.cached).toContain('web/util.js');
    expect(run.cached).not.toContain('web/helpers.js');
    expect(uniqueNameCalls()).toBeGreaterThan(0);

    // A second helperOnly elsewhere: the unique-name links of the unchanged main.js must go.
    write('web/other.js', 'function helperOnly(y) {\n  return y;\n}\n');
    run = await cachedThenCold();
    expect(run.report.cache).toMatchObject({ fromCache: total, extracted: 1 });
    expect(run.cached).toBe(run.cold);
    expect(uniqueNameCalls()).toBe(0);
  });

  it('the same graph, byte for byte in the file, with one thread, two threads, from the cache, and written on a thread of its own or not', async () => {
    const fileHash = () => createHash('sha256').update(fs.readFileSync(graphPath())).digest('hex');
    await index({ threads: 1, cache: false });
    const one = dumpGraph(graphPath());
    const oneBytes = fileHash();
    await index({ threads: 2 });
    expect(dumpGraph(graphPath())).toBe(one);
    expect(fileHash()).toBe(oneBytes);
    const cached = await index({ threads: 1 });
    expect(cached.cache.fromCache).toBe(cached.files.indexed);
    expect(dumpGraph(graphPath())).toBe(one);
    expect(fileHash()).toBe(oneBytes);
    await index({ threads: 2 });
    expect(fileHash()).toBe(oneBytes);
    await index({ threads: 2, writeOnThread: true, cache: false });
    expect(fileHash()).toBe(oneBytes);
    await index({ threads: 1, writeOnThread: true });
    expect(fileHash()).toBe(oneBytes);
    await index({ threads: 1, writeOnThread: false, cache: false });
    expect(fileHash()).toBe(oneBytes);
  });
});
