/**
 * A cached re-index updates the graph in place (storage/graph-update-in-place.ts). What it promises
 * beyond the cache's equality with a cold build (extraction-cache/cache-equivalence.test.ts): an update
 * that fails or is killed before its commit leaves the previous graph; a reader sees the old graph or
 * the new one, never a mix; and a graph arbor cannot update in place is rebuilt as a new file, saying why.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dumpGraphContent } from '../test-support/graph-dump.js';
import { coldBuildContent, writeTreeFile } from '../test-support/tree-files.js';
import { indexRepository } from './index-repository.js';
import type { IndexOptions } from './index-report.js';

const NOW = 1_700_000_000_000;
const BUNDLE = new URL('../../dist/bundle/index.js', import.meta.url).pathname;
let base: string;
let root: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-in-place-'));
  root = path.join(base, 'repo');
  write('lib/helpers.js', 'function helperOnly(x) {\n  return x + 1;\n}\n');
  write('lib/main.js', 'function main() {\n  return helperOnly(41);\n}\n');
  write('py/app.py', 'def run():\n    return 1\n\n\ndef start():\n    return run()\n');
  fs.mkdirSync(path.join(root, '.codegraph'));
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const write = (relative: string, text: string) => writeTreeFile(root, relative, text);

const graphPath = () => path.join(root, '.codegraph', 'codegraph.db');
const index = (options: IndexOptions = {}) => indexRepository(root, { threads: 1, now: NOW, onNotice: () => {}, ...options });

function nodeNames(db: Database.Database): string[] {
  return db.prepare("SELECT name FROM nodes WHERE kind = 'function' ORDER BY name").pluck().all() as string[];
}

const coldContent = () => coldBuildContent(root, base, NOW);

describe('an in-place update', () => {
  it('that fails before its commit leaves the previous graph, and the next run updates it', async () => {
    await index();
    const before = dumpGraphContent(graphPath());
    write('lib/extra.js', 'function extra() {\n  return main();\n}\n');
    await expect(index({ beforeGraphCommit: () => { throw new Error('injected failure'); } })).rejects.toThrow(/injected failure/);
    expect(dumpGraphContent(graphPath())).toBe(before);

    const report = await index();
    expect(report.graphWrite?.mode).toBe('in-place');
    const after = dumpGraphContent(graphPath());
    expect(after).toContain('lib/extra.js');
    expect(after).toBe(await coldContent());
  });

  it('killed before its commit leaves the previous graph', async () => {
    await index();
    const before = dumpGraphContent(graphPath());
    write('lib/main.js', 'function main() {\n  return helperOnly(41);\n}\n\nfunction added() {\n  return main();\n}\n');
    // A process of its own (the built bundle), stopped inside the transaction and killed there.
    const script = `
      const { indexRepository } = await import(${JSON.stringify(BUNDLE)});
      await indexRepository(${JSON.stringify(root)}, { threads: 1, now: ${NOW}, onNotice: () => {}, beforeGraphCommit() {
        process.stdout.write('inside\\n');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120000);
      } });
      process.stdout.write('committed\\n');`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('inside')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the child ended (${String(code)}) before its commit: ${output}`)));
    });
    // The changes are made (in SQLite's page cache or already in the WAL), the commit is not.
    expect(fs.existsSync(`${graphPath()}-wal`)).toBe(true);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(output).not.toContain('committed');

    expect(dumpGraphContent(graphPath())).toBe(before);
    const report = await index();
    expect(report.graphWrite?.mode).toBe('in-place');
    const after = dumpGraphContent(graphPath());
    expect(after).toContain('added');
    expect(after).toBe(await coldContent());
  }, 60_000);

  it('waits for another process\'s update to commit, then updates the graph that one left', async () => {
    await index();
    write('lib/main.js', 'function main() {\n  return helperOnly(41);\n}\n\nfunction first() {\n  return 1;\n}\n');
    // The other process holds its transaction for a while before it commits.
    const script = `
      const { indexRepository } = await import(${JSON.stringify(BUNDLE)});
      const report = await indexRepository(${JSON.stringify(root)}, { threads: 1, now: ${NOW}, onNotice: () => {}, beforeGraphCommit() {
        process.stdout.write('inside\\n');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
      } });
      process.stdout.write(report.graphWrite.mode + '\\n');`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('inside')) resolve();
      });
      child.on('exit', () => reject(new Error(`the child ended before its commit: ${output}`)));
    });
    write('lib/more.js', 'function more() {\n  return first();\n}\n');
    const report = await index();
    expect(await exited).toBe(0);
    expect(output).toContain('in-place');
    expect(report.graphWrite?.mode).toBe('in-place');
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());
  }, 60_000);

  it('is seen by a reader as the old graph until its commit and as the new one after', async () => {
    await index();
    const reader = new Database(graphPath(), { readonly: true, fileMustExist: true });
    try {
      expect(nodeNames(reader)).toEqual(['helperOnly', 'main', 'run', 'start']);
      write('lib/more.js', 'function more() {\n  return 2;\n}\n');
      let seenInside: string[] = [];
      const report = await index({ beforeGraphCommit: () => { seenInside = nodeNames(reader); } });
      expect(report.graphWrite?.mode).toBe('in-place');
      expect(seenInside).toEqual(['helperOnly', 'main', 'run', 'start']);
      expect(nodeNames(reader)).toEqual(['helperOnly', 'main', 'more', 'run', 'start']);
    } finally {
      reader.close();
    }
    // The WAL was folded into the file: the file alone is the new graph.
    const copy = path.join(base, 'copy.db');
    fs.copyFileSync(graphPath(), copy);
    const alone = new Database(copy, { readonly: true });
    try {
      expect(nodeNames(alone)).toContain('more');
    } finally {
      alone.close();
    }
  });
});

describe('a graph arbor cannot update in place is built as a new file, saying why', () => {
  const tamper = (sql: string) => {
    const db = new Database(graphPath());
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
  };

  it.each([
    ['written by another tool', "UPDATE project_metadata SET value = 'codegraph' WHERE key = 'written_by'", /not written by arbor/],
    ['written by another arbor version', "UPDATE project_metadata SET value = '0.0.1' WHERE key = 'arbor_version'", /written by arbor 0\.0\.1/],
    ['with a trigger of its own', "CREATE TRIGGER planted AFTER INSERT ON edges BEGIN DELETE FROM nodes; END", /schema is not the v4 schema/],
    ['not in WAL mode', 'PRAGMA journal_mode = DELETE', /journal mode/],
  ])('%s', async (_what, sql, reason) => {
    await index();
    tamper(sql);
    write('lib/extra.js', 'function extra() {\n  return main();\n}\n');
    const report = await index();
    expect(report.graphWrite).toMatchObject({ mode: 'new-file', reason: expect.stringMatching(reason) });
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());
    // The new file is one arbor updates in place again.
    write('lib/extra.js', 'function extra() {\n  return 3;\n}\n');
    expect((await index()).graphWrite?.mode).toBe('in-place');
  });

  it('missing, or a run without the cache or with --no-in-place', async () => {
    await index();
    fs.rmSync(graphPath());
    expect((await index()).graphWrite).toEqual({ mode: 'new-file', reason: 'no graph yet' });
    expect((await index({ cache: false })).graphWrite).toEqual({ mode: 'new-file' });
    expect((await index({ inPlace: false })).graphWrite).toEqual({ mode: 'new-file' });
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());
  });

  it('damaged', async () => {
    await index();
    // The header stays, the pages after it are garbage.
    const fd = fs.openSync(graphPath(), 'r+');
    try {
      fs.writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 100);
    } finally {
      fs.closeSync(fd);
    }
    const report = await index();
    expect(report.graphWrite?.mode).toBe('new-file');
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());
  });
});
