/**
 * Discovery and reading are two steps (issue 11, item 5): whatever the checkout turns a file
 * into between them, the read must not block, must not leave the root and must not pass the
 * size limit. The swap happens in the progress callback, after discovery has listed and
 * checked every file and before any worker reads one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexRepository } from './index-repository.js';

let base: string;
let root: string;
const SECRET = 'export const API_KEY = "sk-outside-the-root";\n';

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-races-'));
  root = path.join(base, 'repo');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(base, 'secret.ts'), SECRET);
  for (const name of ['fifo', 'link', 'grows', 'kept']) {
    fs.writeFileSync(path.join(root, 'src', `${name}.ts`), `export function ${name}() { return 1; }\n`);
  }
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

function swapAfterDiscovery(): void {
  const src = path.join(root, 'src');
  fs.rmSync(path.join(src, 'fifo.ts'));
  execFileSync('mkfifo', [path.join(src, 'fifo.ts')]);
  fs.rmSync(path.join(src, 'link.ts'));
  fs.symlinkSync('../../secret.ts', path.join(src, 'link.ts'));
  fs.writeFileSync(path.join(src, 'grows.ts'), `export const big = "${'x'.repeat(64 * 1024)}";\n`);
}

describe('indexRepository re-checks every file when it reads it (item 5)', () => {
  it('a FIFO, a symlink out of the root and a file grown past --max-file-size swapped in after discovery', async () => {
    let swapped = false;
    const started = Date.now();
    const report = await indexRepository(root, {
      maxFileSize: 4096,
      threads: 1,
      onProgress: (p) => {
        if (p.phase === 'extract' && !swapped) {
          swapped = true;
          swapAfterDiscovery();
        }
      },
    });
    expect(swapped).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(report.files.indexed).toBe(1);
    const reasons = Object.fromEntries(report.files.skippedFiles.map((s) => [s.path, s.reason.split(':')[0]]));
    expect(reasons).toEqual({ 'src/fifo.ts': 'unreadable', 'src/link.ts': 'symlink-outside-root', 'src/grows.ts': 'too-large' });

    const db = new Database(report.database, { readonly: true });
    try {
      expect(db.prepare('SELECT path FROM files ORDER BY path').pluck().all()).toEqual(['src/kept.ts']);
      expect(db.prepare("SELECT count(*) FROM nodes WHERE name IN ('API_KEY', 'big')").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });
});
