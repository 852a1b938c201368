/**
 * An in-place update compares its new rows with the digests the previous update kept beside the
 * graph (storage/group-digests.ts) instead of reading the graph's rows back. What that promises:
 * back-to-back updates, each compared by digests, give the graph a cold build gives for every kind
 * of change; and digests that do not describe the graph as it is (written behind arbor's back,
 * copied in with a checkout, a link) are not believed: the rows are read and the graph comes out
 * right all the same.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dumpGraphContent } from '../test-support/graph-dump.js';
import { coldBuildContent, writeTreeFile } from '../test-support/tree-files.js';
import { groupDigestsPath } from '../storage/group-digests.js';
import { indexRepository } from './index-repository.js';
import type { IndexReport } from './index-report.js';

const NOW = 1_700_000_000_000;
let base: string;
let root: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-in-place-digests-'));
  root = path.join(base, 'repo');
  write('lib/helpers.js', 'function helperOnly(x) {\n  return x + 1;\n}\n');
  write('lib/main.js', 'function main() {\n  return helperOnly(41);\n}\n');
  write('py/app.py', 'def run():\n    return 1\n\n\ndef start():\n    return run()\n');
  write('py/use.py', 'from app import start\n\n\ndef go():\n    return start()\n');
  fs.mkdirSync(path.join(root, '.codegraph'));
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const write = (relative: string, text: string) => writeTreeFile(root, relative, text);

const graphPath = () => path.join(root, '.codegraph', 'codegraph.db');

/** A trigger of its own: a graph arbor does not update in place (it builds a new file). */
function planTrigger(): void {
  const db = new Database(graphPath());
  try {
    db.exec('CREATE TRIGGER planted AFTER INSERT ON edges BEGIN SELECT 1; END');
  } finally {
    db.close();
  }
}
const index = () => indexRepository(root, { threads: 1, now: NOW, onNotice: () => {} });
const comparedBy = (report: IndexReport) => (report.graphWrite?.mode === 'in-place' ? report.graphWrite.changes.comparedBy : undefined);

const coldContent = () => coldBuildContent(root, base, NOW);

describe('in-place updates compared by the digests kept beside the graph', () => {
  it('give a cold build\'s graph after an edit, an added, a deleted and a renamed file, and a name made ambiguous', async () => {
    // A first build keeps no digests (a cold run pays nothing for them): the first update reads the graph's rows, and keeps them.
    await index();
    expect(fs.existsSync(groupDigestsPath(graphPath()))).toBe(false);
    write('lib/main.js', 'function main() {\n  return helperOnly(41);\n}\n// a comment\n');
    expect(comparedBy(await index())).toBe('rows');
    expect(fs.existsSync(groupDigestsPath(graphPath()))).toBe(true);
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());

    // A build without the cache removes those of the graph it replaces.
    await indexRepository(root, { threads: 1, now: NOW, cache: false, onNotice: () => {} });
    expect(fs.existsSync(groupDigestsPath(graphPath()))).toBe(false);
    write('lib/main.js', 'function main() {\n  return helperOnly(41);\n}\n// another comment\n');
    expect(comparedBy(await index())).toBe('rows');
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());

    // A re-index with --no-in-place keeps none; one that builds a new file because the graph could not be updated
    // keeps them (here on a thread of its own, as a big run builds), and so does every update.
    await indexRepository(root, { threads: 1, now: NOW, inPlace: false, onNotice: () => {} });
    expect(fs.existsSync(groupDigestsPath(graphPath()))).toBe(false);
    planTrigger();
    expect((await indexRepository(root, { threads: 1, now: NOW, writeOnThread: true, onNotice: () => {} })).graphWrite?.mode).toBe('new-file');
    expect(fs.existsSync(groupDigestsPath(graphPath()))).toBe(true);

    const steps: Array<[string, () => void, (dump: string) => void]> = [
      ['edit', () => write('lib/main.js', 'function main() {\n  return helperOnly(41);\n}\n\nfunction second() {\n  return main();\n}\n'), (dump) => expect(dump).toContain('second')],
      ['add', () => write('lib/extra.js', 'function extra() {\n  return second();\n}\n'), (dump) => expect(dump).toContain('lib/extra.js')],
      ['delete', () => fs.rmSync(path.join(root, 'lib/extra.js')), (dump) => expect(dump).not.toContain('lib/extra.js')],
      ['rename', () => fs.renameSync(path.join(root, 'lib/helpers.js'), path.join(root, 'lib/util.js')), (dump) => expect(dump).not.toContain('lib/helpers.js')],
      ['twin', () => write('lib/other.js', 'function helperOnly(y) {\n  return y;\n}\n'), (dump) => expect(dump).toContain('lib/other.js')],
      ['edit a line in place', () => write('py/app.py', 'def run():\n    return 2\n\n\ndef start():\n    return run()\n'), () => {}],
      ['nothing', () => {}, () => {}],
    ];
    for (const [what, change, check] of steps) {
      change();
      const report = await index();
      expect(comparedBy(report), what).toBe('digests');
      const dump = dumpGraphContent(graphPath());
      check(dump);
      expect(dump, what).toBe(await coldContent());
    }
  });

  it('are not taken by a first build the cache answers for (a shard merge): the update after it reads the rows and gives a cold build\'s graph', async () => {
    await index();
    for (const file of fs.readdirSync(path.dirname(graphPath()))) if (file.startsWith('codegraph.db')) fs.rmSync(path.join(path.dirname(graphPath()), file));
    const merged = await index();
    expect(merged.cache.fromCache).toBe(merged.files.indexed);
    expect(merged.graphWrite).toMatchObject({ mode: 'new-file', reason: 'no graph yet' });
    expect(fs.existsSync(groupDigestsPath(graphPath()))).toBe(false);
    write('lib/main.js', 'function main() {\n  return helperOnly(41);\n}\n// a comment\n');
    expect(comparedBy(await index())).toBe('rows');
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());
  });

  it('are kept by a re-index building a new file on the caller\'s thread too, and the update after it gives a cold build\'s graph', async () => {
    await index();
    planTrigger();
    expect((await indexRepository(root, { threads: 1, now: NOW, writeOnThread: false, onNotice: () => {} })).graphWrite?.mode).toBe('new-file');
    write('py/use.py', 'from app import run\n\n\ndef go():\n    return run()\n');
    expect(comparedBy(await index())).toBe('digests');
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());
  });

  it('are written whole or not at all: a temp file a killed write left is removed once it is a minute old', async () => {
    await index();
    const leftover = `${groupDigestsPath(graphPath())}.tmp-1-0123456789ab`;
    const fresh = `${groupDigestsPath(graphPath())}.tmp-2-0123456789ab`;
    fs.writeFileSync(leftover, '{"format":1,"tab');
    fs.writeFileSync(fresh, '{"format":1,"tab');
    const twoMinutesAgo = (Date.now() - 120_000) / 1000;
    fs.utimesSync(leftover, twoMinutesAgo, twoMinutesAgo);
    write('lib/main.js', 'function main() {\n  return helperOnly(46);\n}\n');
    await index();
    expect(fs.existsSync(leftover)).toBe(false);
    // Another run's write may still be under way.
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(groupDigestsPath(graphPath()))).toBe(true);
  });

  it('are not believed for a graph written since (rows changed, its time set back): the rows are read and the graph is right', async () => {
    await index();
    write('lib/main.js', 'function main() {\n  return helperOnly(42);\n}\n');
    await index();
    const before = fs.statSync(graphPath());
    const db = new Database(graphPath());
    try {
      db.exec("DELETE FROM edges WHERE kind = 'calls'");
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    fs.utimesSync(graphPath(), before.atime, before.mtime);
    write('py/app.py', 'def run():\n    return 3\n\n\ndef start():\n    return run()\n');
    const report = await index();
    expect(comparedBy(report)).toBe('rows');
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());
  });

  it('are not believed when copied in with the graph (a checkout, an archive) or reached through a link', async () => {
    await index();
    write('lib/main.js', 'function main() {\n  return helperOnly(43);\n}\n');
    await index();
    const digests = groupDigestsPath(graphPath());
    // The folder as a checkout would bring it: the same bytes, another file.
    const carried = path.join(base, 'carried');
    fs.cpSync(path.join(root, '.codegraph'), carried, { recursive: true });
    fs.rmSync(path.join(root, '.codegraph'), { recursive: true });
    fs.cpSync(carried, path.join(root, '.codegraph'), { recursive: true, preserveTimestamps: true });
    write('lib/main.js', 'function main() {\n  return helperOnly(44);\n}\n');
    expect(comparedBy(await index())).toBe('rows');
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());

    // A link where the digests go is neither followed when read nor written through.
    const elsewhere = path.join(base, 'elsewhere.groups');
    fs.copyFileSync(digests, elsewhere);
    const kept = fs.readFileSync(elsewhere, 'utf8');
    fs.rmSync(digests);
    fs.symlinkSync(elsewhere, digests);
    write('lib/main.js', 'function main() {\n  return helperOnly(45);\n}\n');
    expect(comparedBy(await index())).toBe('rows');
    expect(dumpGraphContent(graphPath())).toBe(await coldContent());
    expect(fs.readFileSync(elsewhere, 'utf8')).toBe(kept);
    expect(fs.lstatSync(digests).isSymbolicLink()).toBe(false);
  });
});
