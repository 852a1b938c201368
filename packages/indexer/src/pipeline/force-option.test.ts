/**
 * Replacing a file at the database path that is not a codegraph graph takes `force` in the options:
 * nothing in the environment (an earlier `--force` in the same process once left one there) does it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DATABASE_RELATIVE_PATH, indexRepository } from './index-repository.js';
import { IndexError } from './index-report.js';

let root: string;
let database: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-force-'));
  fs.writeFileSync(path.join(root, 'a.py'), 'def alpha():\n    return 1\n');
  database = path.join(root, DATABASE_RELATIVE_PATH);
  fs.mkdirSync(path.dirname(database));
  fs.writeFileSync(database, 'my notes, not a graph\n');
});
afterEach(() => {
  delete process.env.ARBOR_INDEX_FORCE;
  fs.rmSync(root, { recursive: true, force: true });
});

it('refuses to replace a foreign file without force, whatever the environment says', async () => {
  process.env.ARBOR_INDEX_FORCE = '1';
  await expect(indexRepository(root, { threads: 1, cache: false, onNotice: () => {} })).rejects.toThrow(IndexError);
  expect(fs.readFileSync(database, 'utf8')).toBe('my notes, not a graph\n');
});

it('replaces it with force, and says so', async () => {
  const notices: string[] = [];
  const report = await indexRepository(root, { threads: 1, cache: false, force: true, onNotice: (m) => notices.push(m) });
  expect(report.files.indexed).toBe(1);
  expect(notices.join('\n')).toMatch(/replacing it \(--force\)/);
  expect(fs.readFileSync(database).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
});
