/**
 * What a checkout's cache can cost, and what it can claim: a pack is read within bounds (one slot
 * per entry listed once, slots that do not overlap, a header checked before its payload, an
 * entry no larger than its source can give), packs are read newest first up to a cap and closed
 * once their index is read, and a cache secret inside the indexed tree signs nothing believed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '@arbor/vocabulary';
import { indexRepository } from '../pipeline/index-repository.js';
import type { IndexReport } from '../pipeline/index-report.js';
import { dumpGraph } from '../test-support/graph-dump.js';
import { encodeEntry } from './cache-entry.js';
import { cacheKeyOf, entryNameOf } from './cache-key.js';
import { openPack, PackWriter } from './cache-pack.js';
import { secretInsideRoot } from './cache-secret.js';
import { encodeForCache, ENTRY_BYTES_PER_SOURCE_BYTE, ENTRY_SLACK_BYTES, ExtractionCache, MAX_PACKS_READ } from './extraction-cache.js';

const FILES: Record<string, string> = {
  'src/a.ts': 'export function alpha(n: number): number {\n  return n * 2;\n}\n',
  'src/b.ts': "import { alpha } from './a';\nexport function beta(): number {\n  return alpha(2);\n}\n",
  'src/c.py': 'def gamma():\n    return 3\n',
};

let base: string;
let root: string;
beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-cache-bounds-'));
  root = path.join(base, 'repo');
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  fs.mkdirSync(path.join(root, '.codegraph'));
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const packsDir = () => path.join(root, '.codegraph', 'cache', 'packs');
const index = (options: Parameters<typeof indexRepository>[1] = {}): Promise<IndexReport> =>
  indexRepository(root, { threads: 1, now: 1_700_000_000_000, onNotice: () => {}, ...options });
const entryName = (file: string) => entryNameOf(cacheKeyOf(file, file.endsWith('.py') ? 'python' : 'typescript', sha256Hex(Buffer.from(FILES[file]))));

/** A pack of arbor's layout whose index says what `entries` say, its slots `payloadBytes` of zeros (a sparse file). */
function plantPack(dir: string, entries: Array<[name: string, offset: number, length: number]>, payloadBytes: number, name = `${'f'.repeat(31)}${Math.floor(Math.random() * 16).toString(16)}.pack`): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  const index = Buffer.from(JSON.stringify(entries), 'utf8');
  const footer = Buffer.alloc(12);
  Buffer.from('arbpack3', 'latin1').copy(footer, 0);
  footer.writeUInt32BE(index.length, 8);
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, Buffer.concat([index, footer]), 0, index.length + 12, payloadBytes);
  } finally {
    fs.closeSync(fd);
  }
  return name;
}

const MiB = 1024 * 1024;
const CLI = new URL('../../../cli/bin/arbor.mjs', import.meta.url).pathname;

describe('pack reads are bounded', () => {
  it('a pack that lists an entry twice, or slots that overlap, is not read', () => {
    const dir = path.join(base, 'packs');
    const twice = plantPack(dir, [['a'.repeat(64), 0, 100], ['a'.repeat(64), 100, 100]], 200, `${'1'.repeat(32)}.pack`);
    const overlapping = plantPack(dir, [['a'.repeat(64), 0, 100], ['b'.repeat(64), 50, 100]], 200, `${'2'.repeat(32)}.pack`);
    const fine = plantPack(dir, [['a'.repeat(64), 0, 100], ['b'.repeat(64), 100, 100]], 200, `${'3'.repeat(32)}.pack`);
    expect(openPack(dir, twice)).toBe('malformed');
    expect(openPack(dir, overlapping)).toBe('malformed');
    expect(openPack(dir, fine)).toMatchObject({ entries: [{ offset: 0 }, { offset: 100 }] });
  });

  it('an entry larger than its source can give is not read, and a foreign header costs only the header', () => {
    const dir = path.join(base, 'cache');
    const cache = ExtractionCache.open(dir, false) as ExtractionCache;
    const size = Buffer.byteLength(FILES['src/a.ts']);
    const entry = cache.entry('src/a.ts', 'typescript', sha256Hex(Buffer.from(FILES['src/a.ts'])));
    const other = cache.entry('src/b.ts', 'typescript', sha256Hex(Buffer.from(FILES['src/b.ts'])));
    const bound = size * ENTRY_BYTES_PER_SOURCE_BYTE + ENTRY_SLACK_BYTES;
    // Slot 1: 64 MiB of zeros for a.ts. Slot 2: b.ts's entry padded to within a.ts's bound, under a.ts's name.
    const foreign = encodeForCache('src/b.ts', 'typescript', other.key.contentHash, { extraction: { path: 'src/b.ts', language: 'typescript', lineCount: 4, declarations: [], imports: [], exports: [], references: [], errors: [] }, size: 10 });
    const padded = Buffer.concat([foreign.bytes, Buffer.alloc(bound - foreign.bytes.length - 1, 0x20)]);
    const name = plantPack(path.join(dir, 'packs'), [[entry.name, 0, 64 * MiB]], 64 * MiB, `${'4'.repeat(32)}.pack`);
    expect(cache.read(entry, size)).toBeUndefined();
    expect(cache.bytesRead).toBe(0);
    fs.rmSync(path.join(dir, 'packs', name));
    cache.close();
    const writer = new PackWriter(path.join(dir, 'packs'));
    writer.add(entry.name, padded);
    expect(writer.finish()).toBeDefined();
    expect(cache.read(entry, size)).toBeUndefined();
    expect(cache.bytesRead).toBeGreaterThan(0);
    expect(cache.bytesRead).toBeLessThanOrEqual(4096);
    cache.close();
  });

  it('a planted pack listing 64 MiB slots under every file costs little, and the good entries are still used', async () => {
    const cold = await index();
    expect(cold.cache.extracted).toBe(3);
    const expected = dumpGraph(cold.database);
    // 60 slots of 64 MiB (a sparse file of 3.75 GiB), three under each file's entry name and the rest under others.
    const names = Object.keys(FILES).map(entryName);
    const entries: Array<[string, number, number]> = [];
    for (let i = 0; i < 60; i++) entries.push([i < names.length ? names[i] : sha256Hex(`filler ${i}`), i * 64 * MiB, 64 * MiB]);
    const planted = plantPack(packsDir(), entries, 60 * 64 * MiB, `${'e'.repeat(32)}.pack`);
    // Newer than the run's own pack: read first.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(packsDir(), planted), later, later);
    const started = performance.now();
    const again = await index();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(again.cache.fromCache).toBe(3);
    expect(dumpGraph(again.database)).toBe(expected);
  });
});

describe('packs are bounded in number and not held open', () => {
  function openDescriptors(): number {
    return fs.readdirSync('/proc/self/fd').length;
  }

  it.runIf(fs.existsSync('/proc/self/fd'))('reads the newest packs up to the cap, holds no descriptor after, and a run prunes the rest', async () => {
    await index();
    // 400 planted packs, older than the run's own; the oldest holds a real, well-signed entry.
    const old = new Date(Date.now() - 3_600_000);
    for (let i = 0; i < 400; i++) {
      const name = plantPack(packsDir(), [[sha256Hex(`junk ${i}`), 0, 10]], 10, `${i.toString(16).padStart(32, '0')}.pack`);
      const at = new Date(old.getTime() + i * 1000);
      fs.utimesSync(path.join(packsDir(), name), at, at);
    }
    const cache = ExtractionCache.open(path.join(root, '.codegraph', 'cache'), true) as ExtractionCache;
    const before = openDescriptors();
    const entry = cache.entry('src/a.ts', 'typescript', sha256Hex(Buffer.from(FILES['src/a.ts'])));
    expect(cache.has(entry)).toBe(true);
    expect(openDescriptors()).toBeLessThanOrEqual(before + 1);
    expect(cache.read(entry, Buffer.byteLength(FILES['src/a.ts']))?.extraction.path).toBe('src/a.ts');
    cache.close();

    const report = await index();
    expect(report.files.indexed).toBe(3);
    expect(report.cache.fromCache).toBe(3);
    // Only the newest packs are read; the run prunes the others (never read, so never needed).
    expect(fs.readdirSync(packsDir()).filter((n) => n.endsWith('.pack')).length).toBeLessThanOrEqual(MAX_PACKS_READ);
  });

  it('a well-signed entry in a pack past the cap is a miss (the pack is not read)', () => {
    const dir = path.join(base, 'capped');
    const cache = ExtractionCache.open(dir, false) as ExtractionCache;
    const entry = cache.entry('src/a.ts', 'typescript', sha256Hex(Buffer.from(FILES['src/a.ts'])));
    const encoded = encodeForCache('src/a.ts', 'typescript', entry.key.contentHash, { extraction: { path: 'src/a.ts', language: 'typescript', lineCount: 4, declarations: [], imports: [], exports: [], references: [], errors: [] }, size: 10 });
    const writer = new PackWriter(path.join(dir, 'packs'));
    writer.add(encoded.name, encoded.bytes);
    const real = writer.finish()!;
    fs.utimesSync(path.join(dir, 'packs', real), new Date(1_000_000), new Date(1_000_000));
    for (let i = 0; i < MAX_PACKS_READ; i++) plantPack(path.join(dir, 'packs'), [[sha256Hex(`junk ${i}`), 0, 10]], 10, `${i.toString(16).padStart(32, '0')}.pack`);
    expect(cache.read(entry, 100)).toBeUndefined();
    cache.close();
    fs.rmSync(path.join(dir, 'packs', `${'0'.repeat(32)}.pack`));
    expect(cache.read(entry, 100)?.extraction.path).toBe('src/a.ts');
    cache.close();
  });
});

describe('a cache secret inside the indexed tree', () => {
  const saved = { xdg: process.env.XDG_CACHE_HOME, secret: process.env.ARBOR_CACHE_SECRET };
  afterEach(() => {
    for (const [name, value] of [['XDG_CACHE_HOME', saved.xdg], ['ARBOR_CACHE_SECRET', saved.secret]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('is not used: a pack signed with it puts nothing into the graph, and the report says so once', async () => {
    delete process.env.ARBOR_CACHE_SECRET;
    // The checkout ships its own cache folder and secret (a CI recipe with XDG_CACHE_HOME=$PWD/.cache).
    process.env.XDG_CACHE_HOME = path.join(root, '.cache');
    const secretFile = path.join(root, '.cache', 'arbor', 'cache-secret');
    const secret = Buffer.alloc(32, 7);
    fs.mkdirSync(path.dirname(secretFile), { recursive: true });
    fs.writeFileSync(secretFile, secret.toString('hex'), { mode: 0o600 });
    expect(secretInsideRoot(root)).toContain('inside the indexed tree');

    const content = FILES['src/a.ts'];
    const key = cacheKeyOf('src/a.ts', 'typescript', sha256Hex(Buffer.from(content)));
    const invented = {
      path: 'src/a.ts', language: 'typescript', lineCount: 4, imports: [], exports: [], references: [], errors: [],
      declarations: [{ kind: 'function', name: 'inventedByTheCheckout', qualifiedName: 'inventedByTheCheckout', startLine: 1, endLine: 1, startColumn: 0, endColumn: 1, isExported: true, parent: null }],
    };
    const writer = new PackWriter(packsDir());
    fs.mkdirSync(packsDir(), { recursive: true });
    writer.add(entryNameOf(key), encodeEntry(key, { extraction: invented as never, size: Buffer.byteLength(content) }, secret));
    expect(writer.finish()).toBeDefined();

    // In a process of its own, as `arbor index` runs: this test process already holds the user's secret.
    const run = spawnSync(process.execPath, [CLI, 'index', root, '--json'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env } });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as IndexReport;
    expect(report.cache.fromCache).toBe(0);
    expect(report.cache.secretRefused).toContain('inside the indexed tree');
    expect(run.stderr.split('inside the indexed tree').length - 1).toBe(1);
    const db = new Database(report.database, { readonly: true });
    try {
      expect(db.prepare("SELECT count(*) FROM nodes WHERE name = 'inventedByTheCheckout'").pluck().get()).toBe(0);
      expect(db.prepare("SELECT count(*) FROM nodes WHERE name = 'alpha'").pluck().get()).toBe(1);
    } finally {
      db.close();
    }
    // Nor through a link: a secret folder outside the root's path that resolves inside it.
    fs.symlinkSync(path.join(root, '.cache'), path.join(base, 'xdg-link'));
    process.env.XDG_CACHE_HOME = path.join(base, 'xdg-link');
    expect(secretInsideRoot(root)).toContain('inside the indexed tree');
    process.env.XDG_CACHE_HOME = path.join(base, 'elsewhere');
    expect(secretInsideRoot(root)).toBeUndefined();
  });
});
