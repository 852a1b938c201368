/**
 * A re-index does not read a file whose stamp (device, inode, size, modification and change times) is the one
 * the last index recorded, and reads every other one: a file rewritten with the same size and its old
 * modification time put back, and a file that changed shortly before the recording run (git's racy rule).
 * The graph stays the one a cold build writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dumpGraphContent } from '../test-support/graph-dump.js';
import { coldBuildContent, writeTreeFile } from '../test-support/tree-files.js';
import { indexRepository } from './index-repository.js';
import { RACY_MARGIN_MS, stampToRecord } from './stat-fast-path.js';

const NOW = 1_700_000_000_000;
let base: string;
let root: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-stat-'));
  root = path.join(base, 'repo');
  fs.mkdirSync(path.join(root, '.codegraph'), { recursive: true });
  writeTreeFile(root, 'py/app.py', 'from util import helper\n\n\ndef run():\n    return helper()\n');
  writeTreeFile(root, 'py/util.py', 'def helper():\n    return 1\n');
  writeTreeFile(root, 'web/a.js', 'function onlyHere(x) {\n  return x + 1;\n}\n');
  writeTreeFile(root, 'web/b.js', 'function caller() {\n  return onlyHere(41);\n}\n');
});

afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(base, { recursive: true, force: true });
});

const index = () => indexRepository(root, { threads: 1, now: NOW, onNotice: () => {} });
const graphContent = () => dumpGraphContent(path.join(root, '.codegraph', 'codegraph.db'));

/** Runs as if started `ms` from now: the files written so far then changed long before the run. */
function runLater(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe('the stat fast path', () => {
  it('records a stamp only for a file that changed well before the run started', () => {
    const seen = { stamp: 's', changedAtMs: 1_000_000 };
    expect(stampToRecord(seen, 1_000_000 + RACY_MARGIN_MS + 1)).toBe('s');
    expect(stampToRecord(seen, 1_000_000 + RACY_MARGIN_MS)).toBeUndefined();
    expect(stampToRecord(seen, 1_000_000)).toBeUndefined();
    expect(stampToRecord(undefined, 2_000_000_000)).toBeUndefined();
  });

  it('reads no unchanged file, and every file whose stamp changed, even with its size and modification time put back', async () => {
    runLater(RACY_MARGIN_MS * 4);
    await index();
    await index();
    let report = await index();
    expect(report.cache.notRead).toBe(4);
    expect(report.resolutionReuse).toEqual({ resolved: 0, kept: 4 });

    // The same size, the old modification time put back: only the change time (and the content) differ.
    const util = path.join(root, 'py/util.py');
    const before = fs.statSync(util);
    fs.writeFileSync(util, 'def helper():\n    return 2\n');
    fs.utimesSync(util, before.atime, before.mtime);
    expect(fs.statSync(util).size).toBe(before.size);
    expect(fs.statSync(util).mtimeMs).toBe(before.mtimeMs);
    runLater(RACY_MARGIN_MS * 4);
    report = await index();
    expect(report.cache.notRead).toBe(3);
    expect(report.cache.extracted).toBe(1);
    expect(report.graphWrite?.mode).toBe('in-place');
    vi.useRealTimers();
    expect(graphContent()).toBe(await coldBuildContent(root, base, NOW));
  });

  it('reads again a file that changed shortly before the run that recorded it (racy)', async () => {
    await index();
    // Every file changed within the margin before the first run: none was stamped, every one is read.
    let report = await index();
    expect(report.cache.notRead).toBe(0);
    expect(report.cache.fromCache).toBe(4);
    // Once a run started well after their change, the next one reads none.
    runLater(RACY_MARGIN_MS * 4);
    await index();
    report = await index();
    expect(report.cache.notRead).toBe(4);
    vi.useRealTimers();
    expect(graphContent()).toBe(await coldBuildContent(root, base, NOW));
  });
});
