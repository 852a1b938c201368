/**
 * Packs (cache-pack.ts) and what the cache does with them: entries written into one pack per run
 * are read back one by one; a file that is not a whole pack is not read; pruning drops packs with
 * nothing live, merges when dead entries outweigh live ones or packs pile up, and keeps the copy
 * of an entry that the run believed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileExtraction } from '../model/extraction.js';
import { encodeForCache, ExtractionCache } from './extraction-cache.js';
import { openPack, PackWriter, readSlot, closePack, type OpenPack } from './cache-pack.js';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-pack-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function extraction(file: string, lineCount = 1): FileExtraction {
  return { path: file, language: 'typescript', lineCount, declarations: [], imports: [], exports: [], references: [], errors: [] } as unknown as FileExtraction;
}

function openCache(): ExtractionCache {
  const cache = ExtractionCache.open(path.join(dir, 'cache'), true);
  if (!(cache instanceof ExtractionCache)) throw new Error(cache.unusable);
  return cache;
}

/** Writes one pack holding these files' entries (content hash = the file name, repeated). */
function storeRun(cache: ExtractionCache, files: string[], lineCount = 1): string {
  const writer = cache.writer();
  for (const file of files) {
    const entry = encodeForCache(file, 'typescript', hashOf(file), { extraction: extraction(file, lineCount), size: 10 });
    writer.add(entry.name, entry.bytes);
  }
  const name = writer.finish();
  if (name === undefined) throw new Error('no pack written');
  return name;
}

const hashOf = (file: string) => Buffer.from(file).toString('hex').padEnd(64, '0').slice(0, 64);
const packFiles = (cache: ExtractionCache) => fs.readdirSync(cache.packsDir).sort();
const liveOf = (cache: ExtractionCache, files: string[]) => new Set(files.map((f) => cache.entry(f, 'typescript', hashOf(f)).name));

function mustOpen(packsDir: string, name: string): OpenPack {
  const pack = openPack(packsDir, name);
  if (typeof pack !== 'object') throw new Error(`not a pack: ${String(pack)}`);
  return pack;
}

describe('a pack', () => {
  it('holds the entries written to it, each readable alone, and appears only when finished', () => {
    const packsDir = path.join(dir, 'packs');
    fs.mkdirSync(packsDir);
    const writer = new PackWriter(packsDir);
    const blobs = [Buffer.from('first entry'), Buffer.from('second, longer entry'), Buffer.from('3')];
    blobs.forEach((bytes, i) => writer.add(String(i).repeat(64), bytes));
    // Until finished only a temp file is there, which no reader takes for a pack.
    expect(fs.readdirSync(packsDir)).toHaveLength(1);
    expect(fs.readdirSync(packsDir)[0]).toMatch(/\.pack\.tmp-/);
    const name = writer.finish()!;
    expect(fs.readdirSync(packsDir)).toEqual([name]);
    const pack = mustOpen(packsDir, name);
    expect(pack.entries.map((e) => e.name)).toEqual(['0'.repeat(64), '1'.repeat(64), '2'.repeat(64)]);
    pack.entries.forEach((entry, i) => expect(readSlot({ pack, ...entry })!.equals(blobs[i])).toBe(true));
    closePack(pack);
  });

  it('is not written when nothing was added, and an abandoned one leaves nothing', () => {
    const empty = new PackWriter(dir);
    expect(empty.finish()).toBeUndefined();
    const abandoned = new PackWriter(dir);
    abandoned.add('a'.repeat(64), Buffer.from('x'));
    abandoned.abandon();
    expect(abandoned.finish()).toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('is refused when its footer, its index or its name is wrong, or it is reached through a link', () => {
    const writer = new PackWriter(dir);
    writer.add('a'.repeat(64), Buffer.from('entry bytes'));
    const name = writer.finish()!;
    const good = fs.readFileSync(path.join(dir, name));
    const variant = (label: string, bytes: Buffer) => {
      const file = `${label.repeat(32)}.pack`;
      fs.writeFileSync(path.join(dir, file), bytes);
      return openPack(dir, file);
    };
    expect(typeof mustOpen(dir, name)).toBe('object');
    expect(variant('b', good.subarray(0, good.length - 1))).toBe('malformed');
    expect(variant('c', Buffer.from('tiny'))).toBe('malformed');
    const badMagic = Buffer.from(good);
    badMagic.write('xxxxxxxx', good.length - 12, 'latin1');
    expect(variant('d', badMagic)).toBe('malformed');
    // An index that points past its own start.
    const index = Buffer.from(JSON.stringify([['a'.repeat(64), 5, 1000]]));
    const footer = Buffer.alloc(12);
    footer.write('arbpack3', 0, 'latin1');
    footer.writeUInt32BE(index.length, 8);
    expect(variant('e', Buffer.concat([Buffer.from('entry bytes'), index, footer]))).toBe('malformed');
    // An entry name of the wrong shape.
    const badName = Buffer.from(JSON.stringify([['../x', 0, 5]]));
    footer.writeUInt32BE(badName.length, 8);
    expect(variant('f', Buffer.concat([Buffer.from('entry bytes'), badName, footer]))).toBe('malformed');
    expect(openPack(dir, 'not-a-pack-name.pack')).toBeUndefined();
    fs.symlinkSync(path.join(dir, name), path.join(dir, `${'9'.repeat(32)}.pack`));
    expect(openPack(dir, `${'9'.repeat(32)}.pack`)).toBeUndefined();
  });
});

describe('the cache over its packs', () => {
  it('reads back what a run stored, and misses other content', () => {
    const cache = openCache();
    storeRun(cache, ['a.ts', 'b.ts']);
    const reader = openCache();
    expect(reader.has(reader.entry('a.ts', 'typescript', hashOf('a.ts')))).toBe(true);
    expect(reader.read(reader.entry('b.ts', 'typescript', hashOf('b.ts')))?.extraction.path).toBe('b.ts');
    expect(reader.has(reader.entry('a.ts', 'typescript', hashOf('other content')))).toBe(false);
    expect(reader.read(reader.entry('a.ts', 'typescript', hashOf('other content')))).toBeUndefined();
    reader.close();
  });

  it('drops a pack with nothing live, and keeps one with live entries as it is', () => {
    const cache = openCache();
    const first = storeRun(cache, ['a.ts', 'b.ts', 'c.ts']);
    const second = storeRun(cache, ['d.ts']);
    // d.ts was deleted: its pack goes (one entry dropped); one dead entry of three (c.ts) does
    // not make a merge, so it stays on disk.
    expect(cache.prune(liveOf(cache, ['a.ts', 'b.ts']))).toBe(1);
    expect(packFiles(cache)).toEqual([first]);
    expect(packFiles(cache)).not.toContain(second);
  });

  it('merges the live entries into one pack when dead ones outweigh them', () => {
    const cache = openCache();
    const first = storeRun(cache, ['a.ts', 'b.ts', 'c.ts', 'd.ts']);
    expect(cache.prune(liveOf(cache, ['a.ts']))).toBe(3);
    const after = packFiles(cache);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(first);
    const reader = openCache();
    expect(reader.read(reader.entry('a.ts', 'typescript', hashOf('a.ts')))?.extraction.path).toBe('a.ts');
    expect(reader.has(reader.entry('b.ts', 'typescript', hashOf('b.ts')))).toBe(false);
    reader.close();
  });

  it('merges when packs pile up, one per run', () => {
    const cache = openCache();
    const files = Array.from({ length: 10 }, (_, i) => `f${i}.ts`);
    for (const file of files) storeRun(cache, [file]);
    expect(packFiles(cache)).toHaveLength(10);
    expect(cache.prune(liveOf(cache, files))).toBe(0);
    expect(packFiles(cache)).toHaveLength(1);
    const reader = openCache();
    for (const file of files) expect(reader.read(reader.entry(file, 'typescript', hashOf(file)))?.extraction.path).toBe(file);
    reader.close();
  });

  it('keeps the copy of an entry that the run believed, whatever order the packs are listed in', () => {
    const cache = openCache();
    const good = storeRun(cache, ['a.ts', 'b.ts'], 7);
    // A second pack with an altered copy of a.ts's entry under the same name, listed before or after.
    const { name, bytes } = encodeForCache('a.ts', 'typescript', hashOf('a.ts'), { extraction: extraction('a.ts', 7), size: 10 });
    const altered = Buffer.from(bytes.toString().replace('"lineCount":7', '"lineCount":8'));
    for (const label of ['0', 'f']) {
      const badName = `${label.repeat(32)}.pack`;
      const writer = new PackWriter(cache.packsDir);
      writer.add(name, altered);
      writer.add(cache.entry('z.ts', 'typescript', hashOf('z.ts')).name, Buffer.from('dead'));
      fs.renameSync(path.join(cache.packsDir, writer.finish()!), path.join(cache.packsDir, badName));

      const run = openCache();
      expect(run.read(run.entry('a.ts', 'typescript', hashOf('a.ts')))?.extraction.lineCount).toBe(7);
      expect(run.read(run.entry('b.ts', 'typescript', hashOf('b.ts')))).toBeDefined();
      run.close();
      run.prune(liveOf(run, ['a.ts', 'b.ts']));
      // The altered copy's pack held nothing believed: it went, and the good pack stayed whole.
      expect(packFiles(run)).toEqual([good]);
    }
  });
});

describe('entries of cache format 2', () => {
  it('are removed by the first prune, and nothing else in their folder is', () => {
    const cache = openCache();
    const shard = path.join(cache.dir, 'extractions', 'ab');
    fs.mkdirSync(shard, { recursive: true });
    fs.writeFileSync(path.join(shard, 'c'.repeat(62)), 'an old entry');
    fs.writeFileSync(path.join(shard, 'notes.txt'), 'not arbor\'s');
    const lone = path.join(cache.dir, 'extractions', 'cd');
    fs.mkdirSync(lone);
    fs.writeFileSync(path.join(lone, 'd'.repeat(62)), 'another old entry');
    cache.prune(new Set());
    expect(fs.readdirSync(shard)).toEqual(['notes.txt']);
    expect(fs.existsSync(lone)).toBe(false);
  });
});
