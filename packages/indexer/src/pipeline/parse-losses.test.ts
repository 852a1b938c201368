/**
 * The index report says what syntax errors cost: the declarations lost (in all and per file) and the
 * files stored with the record, apart from files whose errors cost nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { indexRepository } from './index-repository.js';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-parse-losses-'));
  fs.writeFileSync(path.join(root, 'go.mod'), 'module example.com/a\n');
  fs.writeFileSync(path.join(root, 'lossy.go'), 'package a\n\nvar x = foo(\n\nfunc later() {}\n\ntype B struct{}\n');
  fs.writeFileSync(path.join(root, 'broken.go'), 'package a\n\nfunc broken( {\n\treturn 3\n}\n\nfunc after() int { return 1 }\n');
  fs.writeFileSync(path.join(root, 'fine.go'), 'package a\n\nfunc fine() {}\n');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it('reports the declarations lost per file and stores the record with the file', async () => {
  const report = await indexRepository(root, { threads: 1 });
  expect([...report.filesWithParseErrors].sort()).toEqual(['broken.go', 'lossy.go']);
  expect(report.parseLosses).toEqual({ declarations: 2, files: [{ path: 'lossy.go', declarations: 2 }], unchecked: [] });
  const db = new Database(report.database, { readonly: true });
  try {
    const errors = JSON.parse((db.prepare('SELECT errors FROM files WHERE path = ?').get('lossy.go') as { errors: string }).errors);
    expect(errors).toContainEqual({ message: '2 declarations lost after a syntax error, not indexed: later (line 5), B (line 7)', line: 5, severity: 'error', code: 'declarations-lost' });
  } finally {
    db.close();
  }
});
