import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passBenchUnderTest } from './pass-bench-test-support.js';
import { ARBOR_ROOT } from './tools.mjs';

const { bench, tree, refusesBadInput } = passBenchUnderTest('extract-bench');

describe('extract-bench', () => {
  it('times extraction alone for two checkouts on one tree and says whether their extractions agree', () => {
    const root = tree(30, 5);
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
    const root = tree(10, 3);
    const before = JSON.parse(bench(root, '--runs', '1', '--passes', '1', '--json').stdout);
    fs.writeFileSync(path.join(root, 'extra.ts'), 'export function added(): number { return 1; }\n');
    const after = JSON.parse(bench(root, '--runs', '1', '--passes', '1', '--json').stdout);
    expect(after.summary.arbor.files).toBe(before.summary.arbor.files + 1);
    expect(after.summary.arbor.digests[0]).not.toBe(before.summary.arbor.digests[0]);
  });

  refusesBadInput();
});
