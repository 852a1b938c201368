import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passBenchUnderTest } from './pass-bench-test-support.js';

const { bench, tree, againstItself, refusesBadInput } = passBenchUnderTest('extract-bench');

describe('extract-bench', () => {
  it('times extraction alone for two checkouts on one tree and says whether their extractions agree', () => {
    againstItself(tree(30, 5), 30, 'sameExtractions');
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
