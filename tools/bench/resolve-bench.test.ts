import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passBenchUnderTest } from './pass-bench-test-support.js';
import { ARBOR_ROOT } from './tools.mjs';

const { bench, tree, refusesBadInput } = passBenchUnderTest('resolve-bench');

describe('resolve-bench', () => {
  it('times the resolution pass of two checkouts on one tree and says whether their rows agree', () => {
    const root = tree(40, 7);
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

  it('with --write, times resolution and storing the graph together, and both checkouts write the same bytes', () => {
    const root = tree(30, 11);
    const rowsOnly = JSON.parse(bench(root, '--runs', '1', '--passes', '1', '--json').stdout);
    const result = bench(root, '--runs', '1', '--passes', '2', '--baseline', ARBOR_ROOT, '--write', '--json');
    expect(result.stderr).not.toContain('resolve-bench:');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.write).toBe(true);
    expect(report.sameRows).toBe(true);
    // The same rows as without --write, and the database's bytes in the digest besides.
    expect(report.summary.arbor.rows).toBe(rowsOnly.summary.arbor.rows);
    expect(report.summary.arbor.digests).toHaveLength(1);
    expect(report.summary.arbor.digests[0]).not.toBe(rowsOnly.summary.arbor.digests[0]);
    expect(report.summary.arbor.digests).toEqual(report.summary['arbor-baseline'].digests);
    // The pass left no database behind in the repository.
    expect(fs.existsSync(path.join(root, '.codegraph'))).toBe(false);
  });

  refusesBadInput();
});
