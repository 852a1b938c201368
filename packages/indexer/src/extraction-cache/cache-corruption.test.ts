/**
 * A cache is never trusted: an entry that is garbage, cut short, altered, of another extractor
 * version or of the wrong shape is a miss (the file is parsed again and the entry rewritten),
 * and the graph is the one a cold run writes; so is a pack that is cut short or whose index lies. Plus the switches: --no-cache reads and writes no
 * cache, --cache-dir keeps it elsewhere, and a cache folder that is a link is never gone through.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../pipeline/index-repository.js';
import type { IndexReport } from '../pipeline/index-report.js';
import { dumpGraph } from '../test-support/graph-dump.js';
import { EXTRACTION_VERSION } from '../version.js';
import { cacheSecret } from './cache-secret.js';

const NOW = 1_700_000_000_000;
let base: string;
let root: string;

const FILES: Record<string, string> = {
  'src/a.ts': 'export function alpha(n: number): number {\n  return n * 2;\n}\n',
  'src/b.ts': "import { alpha } from './a';\nexport function beta(): number {\n  return alpha(2);\n}\n",
  'src/c.ts': "import { beta } from './b';\nexport class Gamma {\n  run(): number {\n    return beta();\n  }\n}\n",
  'src/d.py': 'def delta():\n    return 4\n\n\ndef epsilon():\n    return delta()\n',
  'src/e.js': 'function zeta() {\n  return 1;\n}\nfunction eta() {\n  return zeta();\n}\n',
};

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-cache-bad-'));
  root = path.join(base, 'repo');
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    // Whole seconds: a copy keeps them exactly (mtimes are in the files table).
    fs.utimesSync(path.join(root, file), 1_600_000_000, 1_600_000_000 + Object.keys(FILES).indexOf(file));
  }
  fs.mkdirSync(path.join(root, '.codegraph'));
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const graphPath = () => path.join(root, '.codegraph', 'codegraph.db');
const defaultCache = () => path.join(root, '.codegraph', 'cache');

function index(options: Parameters<typeof indexRepository>[1] = {}): Promise<IndexReport> {
  return indexRepository(root, { threads: 1, now: NOW, onNotice: () => {}, ...options });
}

/** An entry of a pack: the source path its header names, and its bytes. */
interface PackedEntry {
  name: string;
  path: string;
  bytes: Buffer;
}

const packsOf = (cacheDir = defaultCache()) => path.join(cacheDir, 'packs');

/** The packs of a cache, each with its entries in order (read the way the layout says, cache-pack.ts). */
function packs(cacheDir = defaultCache()): Map<string, PackedEntry[]> {
  const found = new Map<string, PackedEntry[]>();
  for (const file of fs.readdirSync(packsOf(cacheDir)).filter((f) => f.endsWith('.pack')).sort()) {
    const bytes = fs.readFileSync(path.join(packsOf(cacheDir), file));
    const indexLength = bytes.readUInt32BE(bytes.length - 4);
    expect(bytes.subarray(bytes.length - 12, bytes.length - 4).toString('latin1')).toBe('arbpack3');
    const index = JSON.parse(bytes.subarray(bytes.length - 12 - indexLength, bytes.length - 12).toString('utf8')) as Array<[string, number, number]>;
    found.set(file, index.map(([name, offset, length]) => {
      const entry = bytes.subarray(offset, offset + length);
      const header = JSON.parse(entry.subarray(0, entry.indexOf(0x0a)).toString('utf8')) as { key: { path: string } };
      return { name, path: header.key.path, bytes: Buffer.from(entry) };
    }));
  }
  return found;
}

/** Every entry of a cache, by the source path its header names. */
function entries(cacheDir = defaultCache()): Map<string, PackedEntry> {
  const found = new Map<string, PackedEntry>();
  for (const list of packs(cacheDir).values()) for (const entry of list) found.set(entry.path, entry);
  return found;
}

/** Writes a pack of these entries with a correct index (so only the entries' own checks can refuse them). */
function writePack(file: string, list: Array<{ name: string; bytes: Buffer }>): void {
  const index: Array<[string, number, number]> = [];
  let offset = 0;
  for (const entry of list) {
    index.push([entry.name, offset, entry.bytes.length]);
    offset += entry.bytes.length;
  }
  const indexBytes = Buffer.from(JSON.stringify(index), 'utf8');
  const footer = Buffer.alloc(12);
  footer.write('arbpack3', 0, 'latin1');
  footer.writeUInt32BE(indexBytes.length, 8);
  fs.writeFileSync(file, Buffer.concat([...list.map((e) => e.bytes), indexBytes, footer]));
}

/** Rewrites every pack of the cache, each entry through `change` (which returns its new bytes). */
function editEntries(change: (entry: PackedEntry) => Buffer, cacheDir = defaultCache()): void {
  for (const [file, list] of packs(cacheDir)) {
    writePack(path.join(packsOf(cacheDir), file), list.map((entry) => ({ name: entry.name, bytes: change(entry) })));
  }
}

/**
 * An entry's bytes re-signed with `secret` after `change` (default: this user's secret, so only
 * the key or shape check can refuse it; another: an entry a checkout carried in).
 */
function forged(bytes: Buffer, change: (header: Record<string, any>, payload: Record<string, any>) => void, secret: Buffer = cacheSecret()): Buffer {
  const text = bytes.toString('utf8');
  const newline = text.indexOf('\n');
  const header = JSON.parse(text.slice(0, newline)) as Record<string, any>;
  // The payload's two lines (cache-entry.ts): the extraction without its call sites, then every site (left as it is).
  const sitesAt = text.indexOf('\n', newline + 1);
  const payload = JSON.parse(text.slice(newline + 1, sitesAt)) as Record<string, any>;
  change(header, payload);
  const body = Buffer.from(`${JSON.stringify(payload)}${text.slice(sitesAt)}`, 'utf8');
  header.bytes = body.length;
  header.hmac = createHmac('sha256', secret).update(JSON.stringify(header.key)).update('\n').update(body).digest('hex');
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]);
}

describe('a bad cache is ignored and rebuilt, never trusted', () => {
  it('garbage, a truncated entry, flipped bytes, a foreign version and a wrong shape are misses; the graph is the cold one', async () => {
    await index({ cache: false });
    const cold = dumpGraph(graphPath());
    const first = await index();
    expect(first.cache).toMatchObject({ used: true, fromCache: 0, extracted: 5 });
    const found = entries();
    expect([...found.keys()].sort()).toEqual(Object.keys(FILES).sort());

    // Each of these, were it believed, would rename a declaration in the graph.
    const rename = (payload: Record<string, any>) => {
      payload.extraction.declarations[0].name = 'forged';
      payload.extraction.declarations[0].qualifiedName = 'forged';
    };
    editEntries((entry) => {
      switch (entry.path) {
        case 'src/a.ts':
          return Buffer.from('not an entry at all \u0000\u0001');
        case 'src/b.ts':
          return entry.bytes.subarray(0, Math.floor(entry.bytes.length / 2));
        case 'src/c.ts': {
          const flipped = Buffer.from(entry.bytes.toString('utf8').replace('"Gamma"', '"Gamme"'), 'utf8');
          expect(flipped.equals(entry.bytes)).toBe(false);
          return flipped;
        }
        case 'src/d.py':
          return forged(entry.bytes, (header, payload) => {
            header.key.extractionVersion = EXTRACTION_VERSION + 1;
            rename(payload);
          });
        default:
          return forged(entry.bytes, (_header, payload) => {
            payload.extraction.declarations = 'forged';
          });
      }
    });

    const second = await index();
    expect(second.cache).toMatchObject({ fromCache: 0, extracted: 5 });
    expect(dumpGraph(graphPath())).toBe(cold);
    expect(dumpGraph(graphPath())).not.toContain('forged');

    // The entries were rewritten: the next run takes every file from the cache.
    const third = await index();
    expect(third.cache).toMatchObject({ fromCache: 5, extracted: 0 });
    expect(dumpGraph(graphPath())).toBe(cold);

    // A well-formed entry of the right key is believed: the checks above are what refused the others.
    // (A graph built anew: an update keeps the rows of files unchanged since the last run without reading their entries.)
    editEntries((entry) => (entry.path === 'src/a.ts' ? forged(entry.bytes, (_header, payload) => rename(payload)) : entry.bytes));
    await index({ inPlace: false });
    expect(dumpGraph(graphPath())).toContain('forged');
  });

  it('an entry signed with another secret (one a checkout carried in) is a miss, however well formed', async () => {
    await index({ cache: false });
    const cold = dumpGraph(graphPath());
    await index();
    editEntries((entry) => forged(entry.bytes, (_header, payload) => {
      payload.extraction.declarations[0].name = 'forged';
      payload.extraction.declarations[0].qualifiedName = 'forged';
    }, Buffer.from('a secret that is not this user\'s')));
    const report = await index();
    expect(report.cache).toMatchObject({ fromCache: 0, extracted: 5 });
    expect(dumpGraph(graphPath())).toBe(cold);
  });

  it('a half-written pack, a pack cut short, a pack whose index lies and stray files are not believed, and are cleaned up', async () => {
    await index({ cache: false });
    const cold = dumpGraph(graphPath());
    await index();
    const [[packFile, list]] = [...packs()];
    const packed = fs.readFileSync(path.join(packsOf(), packFile));
    fs.rmSync(path.join(packsOf(), packFile));
    // A writer killed before its rename leaves a temp file; an old one is removed, and never read.
    const temp = path.join(packsOf(), `${'1'.repeat(32)}.pack.tmp-99999-abcdef`);
    fs.writeFileSync(temp, packed);
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(temp, old, old);
    // A pack cut short has no footer: not read, and removed.
    const cut = path.join(packsOf(), `${'2'.repeat(32)}.pack`);
    fs.writeFileSync(cut, packed.subarray(0, Math.floor(packed.length / 2)));
    // An index that gives a.ts's name to b.ts's entry and the other way round: both are misses.
    const byPath = new Map(list.map((e) => [e.path, e]));
    const swapped = list.map((e) => e.path === 'src/a.ts'
      ? { name: e.name, bytes: byPath.get('src/b.ts')!.bytes }
      : e.path === 'src/b.ts' ? { name: e.name, bytes: byPath.get('src/a.ts')!.bytes } : e);
    writePack(path.join(packsOf(), `${'3'.repeat(32)}.pack`), swapped);

    const report = await index();
    expect(report.cache).toMatchObject({ fromCache: 3, extracted: 2 });
    expect(dumpGraph(graphPath())).toBe(cold);
    expect(fs.existsSync(temp)).toBe(false);
    expect(fs.existsSync(cut)).toBe(false);
    // The two files parsed again are in this run's pack, and believed next time.
    const again = await index();
    expect(again.cache).toMatchObject({ fromCache: 5, extracted: 0 });
    expect(dumpGraph(graphPath())).toBe(cold);
  });

  it('--no-cache parses every file and neither reads nor writes the cache', async () => {
    const report = await index({ cache: false });
    expect(report.cache).toEqual({ used: false, fromCache: 0, extracted: 5, pruned: 0 });
    expect(fs.existsSync(defaultCache())).toBe(false);
    await index();
    const before = fs.readdirSync(packsOf()).sort();
    const cold = await index({ cache: false });
    expect(cold.cache.fromCache).toBe(0);
    expect(cold.threads).toBeGreaterThan(0);
    expect(fs.readdirSync(packsOf()).sort()).toEqual(before);
  });

  it('two runs at once on one --cache-dir (a CI matrix) each write a whole graph, and leave a cache the next run takes every file from', async () => {
    const ci = path.join(base, 'shared-cache');
    await index({ cache: false });
    const cold = dumpGraph(graphPath());
    const other = path.join(base, 'checkout-2');
    fs.cpSync(root, other, { recursive: true, preserveTimestamps: true });
    const run = (at: string) => indexRepository(at, { threads: 1, now: NOW, onNotice: () => {}, cacheDir: ci });
    const [first, second] = await Promise.all([run(root), run(other)]);
    expect(first.cache.extracted + second.cache.extracted).toBeGreaterThanOrEqual(5);
    expect(dumpGraph(first.database)).toBe(cold);
    expect(dumpGraph(second.database)).toBe(cold);
    // No half pack or temp file is left, and what is there answers for every file.
    expect(fs.readdirSync(packsOf(ci)).every((name) => /^[0-9a-f]{32}\.pack$/.test(name))).toBe(true);
    const third = await run(root);
    expect(third.cache).toMatchObject({ fromCache: 5, extracted: 0 });
    expect(dumpGraph(graphPath())).toBe(cold);
  });

  it('--cache-dir keeps the cache elsewhere (a fresh checkout reuses it), and nothing lands in .codegraph/cache', async () => {
    const ci = path.join(base, 'ci-cache');
    await index({ cacheDir: ci });
    const cold = dumpGraph(graphPath());
    expect(fs.existsSync(defaultCache())).toBe(false);
    expect(entries(ci).size).toBe(5);

    // A second checkout of the same tree elsewhere: same paths and contents, so every file hits.
    const other = path.join(base, 'checkout-2');
    fs.cpSync(root, other, { recursive: true, preserveTimestamps: true });
    fs.rmSync(path.join(other, '.codegraph', 'codegraph.db'));
    const report = await indexRepository(other, { threads: 1, now: NOW, onNotice: () => {}, cacheDir: ci });
    expect(report.cache).toMatchObject({ used: true, dir: ci, fromCache: 5, extracted: 0 });
    expect(report.threads).toBe(0);
    expect(dumpGraph(report.database)).toBe(cold);
  });

  it('a cache folder that is a symlink is never gone through', async () => {
    const outside = path.join(base, 'outside');
    fs.mkdirSync(outside);
    // Committed in the checkout: arbor's own folder is replaced by a real one, the target untouched.
    fs.symlinkSync(outside, defaultCache());
    const own = await index();
    expect(own.cache).toMatchObject({ used: true, extracted: 5 });
    expect(fs.lstatSync(defaultCache()).isDirectory()).toBe(true);
    expect(fs.readdirSync(outside)).toEqual([]);
    // The folder carries its own .gitignore, whatever .codegraph/.gitignore says.
    expect(fs.readFileSync(path.join(defaultCache(), '.gitignore'), 'utf8')).toContain('*');

    // A --cache-dir that is a link is not used (a cold run says why), and nothing is written through it.
    const link = path.join(base, 'cache-link');
    fs.symlinkSync(outside, link);
    const notices: string[] = [];
    const report = await indexRepository(root, { threads: 1, cacheDir: link, onNotice: (m) => notices.push(m) });
    expect(report.cache).toMatchObject({ used: false, extracted: 5 });
    expect(notices.join('\n')).toMatch(/cache not used: .*symlink/);
    expect(fs.readdirSync(outside)).toEqual([]);
  });
});
