import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateRepository } from './generate-repo.mjs';
import { ARBOR_ROOT } from './tools.mjs';

const BENCH = path.join(ARBOR_ROOT, 'tools', 'bench', 'extract-bench.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

function bench(...args: string[]) {
  return spawnSync(process.execPath, [BENCH, ...args], { encoding: 'utf8', timeout: 120_000 });
}

describe('extract-bench', () => {
  it('times extraction alone for two checkouts on one tree and says whether their extractions agree', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-extract-bench-'));
    temps.push(root);
    generateRepository(root, 30, 5);
    const result = bench(root, '--runs', '1', '--passes', '2', '--baseline', ARBOR_ROOT, '--json');
    expect(result.stderr).not.toContain('extract-bench:');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.sameExtractions).toBe(true);
    for (const name of ['arbor', 'arbor-baseline']) {
      const s = report.summary[name];
      expect(s.files).toBeGreaterThanOrEqual(30);
      // Every generated module declares, imports and calls something.
      expect(s.rows).toBeGreaterThan(30);
      expect(s.digests).toHaveLength(1);
      expect(s.firstMs).toBeGreaterThanOrEqual(s.minMs);
    }
    expect(report.summary.arbor.digests).toEqual(report.summary['arbor-baseline'].digests);
  });

  it('gives another digest when an extraction differs', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-extract-bench-'));
    temps.push(root);
    generateRepository(root, 10, 3);
    const before = JSON.parse(bench(root, '--runs', '1', '--passes', '1', '--json').stdout);
    fs.writeFileSync(path.join(root, 'extra.ts'), 'export function added(): number { return 1; }\n');
    const after = JSON.parse(bench(root, '--runs', '1', '--passes', '1', '--json').stdout);
    expect(after.summary.arbor.files).toBe(before.summary.arbor.files + 1);
    expect(after.summary.arbor.digests[0]).not.toBe(before.summary.arbor.digests[0]);
  });

  it('refuses a repository that is not a folder, and a checkout without a built indexer', () => {
    const missing = bench(path.join(os.tmpdir(), 'arbor-no-such-folder'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('not a folder');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-extract-bench-'));
    temps.push(root);
    const unbuilt = bench(root, '--baseline', root);
    expect(unbuilt.status).toBe(2);
    expect(unbuilt.stderr).toContain('no built indexer');
  });
});
