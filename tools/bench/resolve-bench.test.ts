import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passBenchUnderTest } from './pass-bench-test-support.js';

const { bench, tree, againstItself, refusesBadInput } = passBenchUnderTest('resolve-bench');

describe('resolve-bench', () => {
  it('times the resolution pass of two checkouts on one tree and says whether their rows agree', () => {
    const report = againstItself(tree(40, 7), 40, 'sameRows');
    for (const name of ['arbor', 'arbor-baseline']) expect(report.summary[name].minMs).toBeGreaterThanOrEqual(0);
    expect(report.summary.arbor.files).toBe(report.summary['arbor-baseline'].files);
  });

  it('with --write, times resolution and storing the graph together, and both checkouts write the same bytes', () => {
    const root = tree(30, 11);
    const rowsOnly = JSON.parse(bench(root, '--runs', '1', '--passes', '1', '--json').stdout);
    const report = againstItself(root, 30, 'sameRows', '--write');
    expect(report.write).toBe(true);
    // The same rows as without --write, and the database's bytes in the digest besides.
    expect(report.summary.arbor.rows).toBe(rowsOnly.summary.arbor.rows);
    expect(report.summary.arbor.digests).toHaveLength(1);
    expect(report.summary.arbor.digests[0]).not.toBe(rowsOnly.summary.arbor.digests[0]);
    // The pass left no database behind in the repository.
    expect(fs.existsSync(path.join(root, '.codegraph'))).toBe(false);
  });

  refusesBadInput();
});
