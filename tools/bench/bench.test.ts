import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasGnuTime, measure, median } from './measure.mjs';
import { arborIndexerAt, checkoutLinksOutside, freshCopy } from './tools.mjs';

// A child that holds ~150 MB of live data, burns some CPU, and exits with a chosen code.
const HOG = "const a = []; for (let i = 0; i < 6e5; i++) a.push({ i, s: 'x' + i }); console.log(a.length); process.exit(3);";

describe('measure', () => {
  afterEach(() => { delete process.env.ARBOR_BENCH_NO_GNU_TIME; });

  it('reports exit code, output, CPU and peak memory of the child', async () => {
    const m = await measure(process.execPath, ['-e', HOG]);
    expect(m.exitCode).toBe(3);
    expect(m.stdout.trim()).toBe('600000');
    expect(m.cpuSeconds).toBeGreaterThan(0);
    expect(m.wallSeconds).toBeGreaterThan(0);
    if (hasGnuTime()) expect(m.maxRssKb).toBeGreaterThan(50_000);
    if (m.peakTreeRssKb != null) expect(m.peakTreeRssKb).toBeGreaterThan(30_000);
  });

  it('falls back to bash `times` for CPU when GNU time is not there', async () => {
    process.env.ARBOR_BENCH_NO_GNU_TIME = '1';
    const m = await measure(process.execPath, ['-e', HOG]);
    expect(m.via).toBe('bash times');
    expect(m.exitCode).toBe(3);
    expect(m.cpuSeconds).toBeGreaterThan(0);
    expect(m.maxRssKb).toBeNull();
  });
});

describe('median', () => {
  it('ignores missing values and averages the middle pair', () => {
    expect(median([3, null, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null])).toBeNull();
  });
});

describe('freshCopy', () => {
  it('copies a checkout without its graph', () => {
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-copy-src-'));
    const dst = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-copy-dst-')), 'repo');
    try {
      fs.mkdirSync(path.join(src, 'src'));
      fs.writeFileSync(path.join(src, 'src', 'a.ts'), 'export const a = 1;\n');
      fs.mkdirSync(path.join(src, '.codegraph'));
      fs.writeFileSync(path.join(src, '.codegraph', 'codegraph.db'), 'not a db');
      freshCopy(src, dst);
      expect(fs.readFileSync(path.join(dst, 'src', 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
      expect(fs.existsSync(path.join(dst, '.codegraph'))).toBe(false);
    } finally {
      fs.rmSync(src, { recursive: true, force: true });
      fs.rmSync(path.dirname(dst), { recursive: true, force: true });
    }
  });
});

describe('measure with a timeout', () => {
  it('stops the child tree and says so', async () => {
    const m = await measure(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { timeoutSeconds: 1 });
    expect(m.timedOut).toBe(true);
    expect(m.wallSeconds).toBeLessThan(20);
  });
});

/** A checkout's shape as the baseline check sees it: four packages that find each other through node_modules. */
function fakeCheckout(root: string, nodeModules?: string): void {
  for (const name of ['cli', 'indexer', 'query', 'vocabulary']) {
    const dir = path.join(root, 'packages', name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `@arbor/${name}`, main: 'index.js' }));
    fs.writeFileSync(path.join(dir, 'index.js'), '');
  }
  fs.mkdirSync(path.join(root, 'packages', 'cli', 'bin'), { recursive: true });
  fs.writeFileSync(path.join(root, 'packages', 'cli', 'bin', 'arbor.mjs'), '');
  if (nodeModules) {
    fs.symlinkSync(nodeModules, path.join(root, 'node_modules'));
    return;
  }
  fs.mkdirSync(path.join(root, 'node_modules', '@arbor'), { recursive: true });
  for (const name of ['cli', 'indexer', 'query', 'vocabulary']) {
    fs.symlinkSync(path.join('..', '..', 'packages', name), path.join(root, 'node_modules', '@arbor', name));
  }
}

describe('arborIndexerAt', () => {
  it('says when the baseline checkout has no built arbor, and runs its own bin otherwise', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-baseline-'));
    try {
      // No launcher at all: the message names today's (the CommonJS one).
      expect(arborIndexerAt(empty).available()).toMatch(/no built arbor at .*arbor\.cjs/);
      // A checkout from before the CommonJS launcher runs its ES module one.
      fakeCheckout(empty);
      expect(arborIndexerAt(empty).available()).toBe(true);
      const { args } = arborIndexerAt(empty).command('/some/repo');
      expect(args).toEqual([path.join(empty, 'packages', 'cli', 'bin', 'arbor.mjs'), 'index', '/some/repo', '--json']);
      // With both, the CommonJS launcher.
      fs.writeFileSync(path.join(empty, 'packages', 'cli', 'bin', 'arbor.cjs'), '');
      expect(arborIndexerAt(empty).command('/some/repo').args[0]).toBe(path.join(empty, 'packages', 'cli', 'bin', 'arbor.cjs'));
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('refuses a baseline whose packages load another checkout\'s (a node_modules linked from elsewhere)', () => {
    const main = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-main-'));
    const worktree = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-worktree-'));
    try {
      fakeCheckout(main);
      fakeCheckout(worktree, path.join(main, 'node_modules'));
      const verdict = arborIndexerAt(worktree).available();
      expect(verdict).toContain('outside the checkout');
      expect(verdict).toContain(fs.realpathSync(main));
      expect(checkoutLinksOutside(main, [['cli', 'indexer']])).toBeUndefined();
      fs.rmSync(path.join(main, 'node_modules', '@arbor', 'query'));
      expect(checkoutLinksOutside(main, [['cli', 'query']])).toMatch(/cannot load @arbor\/query/);
    } finally {
      fs.rmSync(main, { recursive: true, force: true });
      fs.rmSync(worktree, { recursive: true, force: true });
    }
  });
});
