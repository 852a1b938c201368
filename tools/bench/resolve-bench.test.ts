import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateRepository } from './generate-repo.mjs';
import { ARBOR_ROOT } from './tools.mjs';

const BENCH = path.join(ARBOR_ROOT, 'tools', 'bench', 'resolve-bench.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

function bench(...args: string[]) {
  return spawnSync(process.execPath, [BENCH, ...args], { encoding: 'utf8', timeout: 120_000 });
}

describe('resolve-bench', () => {
  it('times the resolution pass of two checkouts on one tree and says whether their rows agree', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-resolve-bench-'));
    temps.push(root);
    generateRepository(root, 40, 7);
    const result = bench(root, '--runs', '1', '--passes', '2', '--baseline', ARBOR_ROOT, '--json');
    expect(result.stderr).not.toContain('resolve-bench:');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.sameRows).toBe(true);
    for (const name of ['arbor', 'arbor-baseline']) {
      const s = report.summary[name];
      // The 40 modules and the test files beside them.
      expect(s.files).toBeGreaterThanOrEqual(40);
      // Every generated module declares and calls something: nodes, edges and unresolved refs.
      expect(s.rows).toBeGreaterThan(40);
      expect(s.digests).toHaveLength(1);
      expect(s.minMs).toBeGreaterThanOrEqual(0);
      expect(s.firstMs).toBeGreaterThanOrEqual(s.minMs);
    }
    expect(report.summary.arbor.digests).toEqual(report.summary['arbor-baseline'].digests);
    expect(report.summary.arbor.files).toBe(report.summary['arbor-baseline'].files);
  });

  it('refuses a repository that is not a folder, and a checkout without a built indexer', () => {
    const missing = bench(path.join(os.tmpdir(), 'arbor-no-such-folder'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('not a folder');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-resolve-bench-'));
    temps.push(root);
    const unbuilt = bench(root, '--baseline', root);
    expect(unbuilt.status).toBe(2);
    expect(unbuilt.stderr).toContain('no built indexer');
  });
});
