/**
 * What the pass benches' tests share: the bench run as a user runs it, generated trees to run it on
 * (removed after the test file), a run against this checkout as its own baseline, and the test that
 * it refuses bad input the same way.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generateRepository } from './generate-repo.mjs';
import { ARBOR_ROOT } from './tools.mjs';

export function passBenchUnderTest(name: string) {
  const script = path.join(ARBOR_ROOT, 'tools', 'bench', `${name}.mjs`);
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

  const bench = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 120_000 });

  /** An empty temp folder, or a generated tree of `modules` modules (generate-repo.mjs). */
  const tree = (modules?: number, seed?: number): string => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `arbor-${name}-`));
    temps.push(root);
    if (modules !== undefined) generateRepository(root, modules, seed);
    return root;
  };

  /**
   * The bench on `root` with this checkout as its own baseline (one run of two passes, `--json`,
   * `extra` options besides): it ran cleanly, says the two agree (`agreeKey`) with the same digests,
   * and each checkout's summary covers at least `modules` files, more than `modules` rows, one
   * digest and a first pass no faster than the fastest. Returns the report.
   */
  const againstItself = (root: string, modules: number, agreeKey: string, ...extra: string[]) => {
    const result = bench(root, '--runs', '1', '--passes', '2', '--baseline', ARBOR_ROOT, ...extra, '--json');
    expect(result.stderr).not.toContain(`${name}:`);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report[agreeKey]).toBe(true);
    for (const checkout of ['arbor', 'arbor-baseline']) {
      const s = report.summary[checkout];
      // The generated modules (and any test files beside them), each declaring and using something.
      expect(s.files).toBeGreaterThanOrEqual(modules);
      expect(s.rows).toBeGreaterThan(modules);
      expect(s.digests).toHaveLength(1);
      expect(s.firstMs).toBeGreaterThanOrEqual(s.minMs);
    }
    expect(report.summary.arbor.digests).toEqual(report.summary['arbor-baseline'].digests);
    return report;
  };

  const refusesBadInput = () =>
    it('refuses a repository that is not a folder, and a checkout without a built indexer', () => {
      const missing = bench(path.join(os.tmpdir(), 'arbor-no-such-folder'));
      expect(missing.status).toBe(2);
      expect(missing.stderr).toContain('not a folder');
      const root = tree();
      const unbuilt = bench(root, '--baseline', root);
      expect(unbuilt.status).toBe(2);
      expect(unbuilt.stderr).toContain('no built indexer');
    });

  return { bench, tree, againstItself, refusesBadInput };
}
