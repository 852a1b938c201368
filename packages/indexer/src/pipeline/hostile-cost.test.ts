/**
 * Bounded cost on hostile input (issue 11): inputs crafted so that a naive indexer does
 * quadratic or exponential work, checked through the whole pipeline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_STORED_CANDIDATES } from '../storage/row-packing.js';
import { indexRepository } from './index-repository.js';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-hostile-cost-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function write(relative: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
}

describe('item 14: candidate lists do not grow quadratically', () => {
  it('one name declared N times and called from N files stores at most a few candidates per site', async () => {
    const n = 150;
    for (let i = 0; i < n; i++) {
      // Classic scripts (no import, no export): their top-level functions are global names, so each is a candidate.
      write(`decl/d${i}.ts`, 'function dup() { return 1; }\n');
      write(`call/c${i}.ts`, 'export function caller() { return dup(); }\n');
    }
    const report = await indexRepository(root, { threads: 2 });
    expect(report.files.indexed).toBe(2 * n);
    const db = new Database(report.database, { readonly: true });
    try {
      const rows = db.prepare("SELECT candidates FROM unresolved_refs WHERE reference_name = 'dup'").pluck().all() as string[];
      expect(rows).toHaveLength(n);
      const lengths = rows.map((text) => (JSON.parse(text) as string[]).length);
      // Every site still names candidates, but never all N of them.
      expect(Math.min(...lengths)).toBeGreaterThan(0);
      expect(Math.max(...lengths)).toBe(MAX_STORED_CANDIDATES);
      const stored = lengths.reduce((a, b) => a + b, 0);
      expect(stored).toBeLessThanOrEqual(n * MAX_STORED_CANDIDATES);
      expect(stored).toBeLessThan(n * n);
    } finally {
      db.close();
    }
  });
});

describe('item 19: a pathological .gitignore pattern', () => {
  it('indexing files under deep folders costs little CPU whatever the pattern (76 s for 2 files before)', async () => {
    const deep = 'a/'.repeat(30);
    write(`${deep}keep.ts`, 'export function keep() { return 1; }\n');
    write(`${deep}b/dropped.ts`, 'export function dropped() { return 2; }\n');
    write('.gitignore', `${'a/**/'.repeat(14)}b\n${'**/'.repeat(200)}zzz\n`);
    const started = process.cpuUsage();
    const report = await indexRepository(root, { threads: 1 });
    const used = process.cpuUsage(started);
    // The pattern still means what git says: the folder a/…/a/b is ignored, keep.ts is not.
    expect(report.files.indexed).toBe(1);
    const db = new Database(report.database, { readonly: true });
    try {
      expect(db.prepare("SELECT path FROM files").pluck().all()).toEqual([`${deep}keep.ts`]);
    } finally {
      db.close();
    }
    // The `ignore` package's regular expression spent over 5 s of CPU on this one pattern and path.
    expect((used.user + used.system) / 1000).toBeLessThan(4000);
  });
});
