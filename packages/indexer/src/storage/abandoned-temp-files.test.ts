/**
 * Temp files of killed runs are removed by lock and age, not by PID liveness (issue 11, item
 * 20): in a container every run is PID 1, which is always alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ABANDONED_AFTER_MS, lockedByWriter, removeAbandonedTempFiles } from './abandoned-temp-files.js';
import { writeGraph } from './graph-writer.js';
import type { GraphToWrite } from './rows.js';

let dir: string;
let children: ChildProcess[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-temp-files-'));
});
afterEach(() => {
  children.forEach((c) => c.kill('SIGKILL'));
  children = [];
  fs.rmSync(dir, { recursive: true, force: true });
});

const old = () => new Date(Date.now() - 2 * ABANDONED_AFTER_MS);
function age(file: string): void {
  fs.utimesSync(file, old(), old());
}

/** Another process building a temp database the way the writer does, holding it open. */
async function liveWriter(file: string): Promise<ChildProcess> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('journal_mode = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);');
    process.stdout.write('ready\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['-e', script, file], { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`writer exited ${code}`)));
  });
  return child;
}

describe('abandoned temp files', () => {
  it('keeps a temp file a live writer holds, however old and whatever PID its name says, and removes it once the writer is killed', async () => {
    const temp = path.join(dir, 'codegraph.db.tmp-1-aaaaaa');
    const child = await liveWriter(temp);
    age(temp);
    expect(lockedByWriter(temp)).toBe(true);
    expect(removeAbandonedTempFiles(dir, 'codegraph.db')).toEqual([]);
    expect(fs.existsSync(temp)).toBe(true);

    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(lockedByWriter(temp)).toBe(false);
    // Through the writer itself: the next index run cleans up.
    writeGraph(path.join(dir, 'codegraph.db'), { nodes: [], edges: [], files: [], unresolved: [], metadata: {} } satisfies GraphToWrite);
    expect(fs.existsSync(temp)).toBe(false);
  });

  it('removes an old unlocked temp file named after PID 1 (always alive in a container), with its side files', () => {
    const temp = path.join(dir, 'codegraph.db.tmp-1-bbbbbb');
    for (const name of [temp, `${temp}-journal`, `${temp}-wal`]) {
      fs.writeFileSync(name, 'half-written');
      age(name);
    }
    fs.writeFileSync(path.join(dir, 'codegraph.db.tmp-1-cccccc-shm'), '');
    expect(removeAbandonedTempFiles(dir, 'codegraph.db')).toEqual(['codegraph.db.tmp-1-bbbbbb']);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('keeps a young unlocked temp file (a writer between its last write and the rename)', () => {
    const temp = path.join(dir, 'codegraph.db.tmp-1-dddddd');
    fs.writeFileSync(temp, '');
    expect(removeAbandonedTempFiles(dir, 'codegraph.db')).toEqual([]);
    expect(fs.existsSync(temp)).toBe(true);
    // The same file later: abandoned.
    expect(removeAbandonedTempFiles(dir, 'codegraph.db', Date.now() + 2 * ABANDONED_AFTER_MS)).toEqual(['codegraph.db.tmp-1-dddddd']);
  });

  it('removes an old .gitignore temp file, never follows a link, leaves other files alone', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-temp-outside-'));
    try {
      fs.writeFileSync(path.join(outside, 'keep'), 'precious');
      fs.symlinkSync(path.join(outside, 'keep'), path.join(dir, 'codegraph.db.tmp-1-link'));
      fs.writeFileSync(path.join(dir, '.gitignore.tmp-1-eeeeee'), '*\n');
      age(path.join(dir, '.gitignore.tmp-1-eeeeee'));
      fs.writeFileSync(path.join(dir, 'codegraph.db'), 'not a temp file');
      age(path.join(dir, 'codegraph.db'));
      expect(removeAbandonedTempFiles(dir, 'codegraph.db')).toEqual(['codegraph.db.tmp-1-link']);
      expect(removeAbandonedTempFiles(dir, '.gitignore')).toEqual(['.gitignore.tmp-1-eeeeee']);
      expect(fs.readdirSync(dir)).toEqual(['codegraph.db']);
      expect(fs.readFileSync(path.join(outside, 'keep'), 'utf8')).toBe('precious');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
