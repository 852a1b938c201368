/**
 * Watch mode on temporary repositories: each change is followed by re-indexes until the graph is
 * the one a fresh `arbor index` of the same tree writes.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { indexRepository, type IndexOptions } from '@arbor/indexer';
import { afterEach, describe, expect, it } from 'vitest';
import { watchRepository, type RepositoryWatcher, type ReindexResult } from '../../packages/cli/src/watch/watcher.js';
import { isWslWindowsMount, watchDecision } from '../../packages/cli/src/watch/watch-policy.js';

const DEBOUNCE = 250;
const quiet: IndexOptions = { threads: 1, onNotice: () => {} };
const open: Array<{ root: string; watcher?: RepositoryWatcher }> = [];
afterEach(async () => {
  for (const { root, watcher } of open.splice(0)) {
    await watcher?.close();
    rmSync(root, { recursive: true, force: true });
  }
});

function write(root: string, path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

async function tree(files: Record<string, string>): Promise<string> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'arbor-watch-')));
  for (const [path, content] of Object.entries(files)) write(root, path, content);
  await indexRepository(root, quiet);
  return root;
}

const BASE = {
  'src/a.ts': "import { b } from './b';\nexport function a() { return b(); }\n",
  'src/b.ts': 'export function b() { return 1; }\n',
  'lib/c.py': 'def c():\n    return 2\n',
  '.gitignore': 'generated/\n',
};

const fullIndex = async (root: string): Promise<ReindexResult> => {
  await indexRepository(root, quiet);
  return { ok: true };
};

async function start(root: string, reindex: () => Promise<ReindexResult> = () => fullIndex(root), debounceMs = DEBOUNCE) {
  const watcher = await watchRepository(root, { reindex, debounceMs });
  open.push({ root, watcher });
  return watcher;
}

/** Waits until the watcher has been idle for a few quiet periods (events may trail a change). */
async function settle(watcher: RepositoryWatcher, atLeast: (w: RepositoryWatcher) => boolean = () => true) {
  const deadline = Date.now() + 40_000;
  let idleSince = 0;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    if (watcher.busy() || !atLeast(watcher)) idleSince = 0;
    else if (idleSince === 0) idleSince = Date.now();
    else if (Date.now() - idleSince > DEBOUNCE * 3) return;
  }
  throw new Error(`watcher did not settle: ${JSON.stringify(watcher.stats)}`);
}

/** The graph's content without build times, in a fixed order. */
function snapshot(root: string) {
  const db = new Database(join(root, '.codegraph', 'codegraph.db'), { readonly: true });
  try {
    return {
      files: db.prepare('SELECT path, content_hash, size, modified_at, node_count FROM files ORDER BY path').all(),
      nodes: db.prepare('SELECT id, kind, name, qualified_name, file_path, start_line, end_line, signature FROM nodes ORDER BY id').all(),
      edges: db.prepare('SELECT source, target, kind, line, col, metadata FROM edges ORDER BY source, target, kind, line, col').all(),
      unresolved: db.prepare('SELECT from_node_id, reference_name, line, col FROM unresolved_refs ORDER BY from_node_id, line, col, reference_name').all(),
    };
  } finally {
    db.close();
  }
}

/** The watched graph must equal what a fresh index of the same tree writes. */
async function expectFresh(root: string) {
  const watched = snapshot(root);
  await indexRepository(root, quiet);
  expect(watched).toEqual(snapshot(root));
  return watched;
}

const paths = (s: ReturnType<typeof snapshot>) => (s.files as Array<{ path: string }>).map((f) => f.path);
const names = (s: ReturnType<typeof snapshot>) => (s.nodes as Array<{ name: string }>).map((n) => n.name);

describe('arbor watch', () => {
  it('re-indexes after an edit, an added folder, a delete, a rename and a removed folder', async () => {
    const root = await tree(BASE);
    const watcher = await start(root);

    write(root, 'src/b.ts', 'export function b() { return 1; }\nexport function edited() { return b(); }\n');
    await settle(watcher, (w) => w.stats.reindexes >= 1);
    expect(names(await expectFresh(root))).toContain('edited');

    write(root, 'pkg/deep/d.ts', "import { a } from '../../src/a';\nexport const d = () => a();\n");
    unlinkSync(join(root, 'lib/c.py'));
    renameSync(join(root, 'src/b.ts'), join(root, 'src/renamed.ts'));
    await settle(watcher, (w) => w.stats.reindexes >= 2);
    let graph = await expectFresh(root);
    expect(paths(graph)).toEqual(['pkg/deep/d.ts', 'src/a.ts', 'src/renamed.ts']);

    rmSync(join(root, 'pkg'), { recursive: true });
    await settle(watcher, (w) => w.stats.reindexes >= 3);
    graph = await expectFresh(root);
    expect(paths(graph)).toEqual(['src/a.ts', 'src/renamed.ts']);
    expect(watcher.stats.failures).toBe(0);
  });

  it('ignores what discovery ignores, and its own writes never retrigger it', async () => {
    const root = await tree(BASE);
    const before = snapshot(root);
    const watcher = await start(root);
    write(root, 'node_modules/dep/index.ts', 'export const x = 1;\n');
    write(root, '.codegraph/scratch.txt', 'x');
    write(root, 'generated/out.ts', 'export const y = 1;\n');
    write(root, 'notes.txt', 'not a source file');
    await new Promise((r) => setTimeout(r, DEBOUNCE * 4));
    await settle(watcher);
    expect(watcher.stats.reindexes).toBe(0);
    expect(snapshot(root)).toEqual(before);

    write(root, 'src/new.ts', 'export function added() {}\n');
    await settle(watcher, (w) => w.stats.reindexes >= 1);
    // Its write of .codegraph/codegraph.db raised no event that led to another run.
    await new Promise((r) => setTimeout(r, DEBOUNCE * 4));
    expect(watcher.stats.reindexes).toBe(1);
    expect(names(await expectFresh(root))).toContain('added');
  });

  it('a burst of 2,000 changes costs one re-index', async () => {
    const root = await tree(BASE);
    const watcher = await start(root, () => fullIndex(root), 600);
    for (let i = 0; i < 2000; i++) write(root, `burst/f${i}.ts`, `export function f${i}() { return ${i}; }\n`);
    await settle(watcher, (w) => w.stats.reindexes >= 1);
    expect(watcher.stats.reindexes).toBe(1);
    expect(watcher.stats.events).toBeGreaterThanOrEqual(2000);
    const graph = await expectFresh(root);
    expect(paths(graph).filter((p) => p.startsWith('burst/'))).toHaveLength(2000);
  });

  it('a file deleted while the re-index runs is gone from the graph after the next one', async () => {
    const root = await tree({ ...BASE, 'src/doomed.ts': 'export function doomed() {}\n' });
    let calls = 0;
    const watcher = await start(root, async () => {
      calls++;
      let deleted = calls > 1;
      await indexRepository(root, {
        ...quiet,
        onProgress: (p) => {
          if (!deleted && p.phase === 'extract') {
            deleted = true;
            unlinkSync(join(root, 'src/doomed.ts'));
          }
        },
      });
      return { ok: true };
    });
    write(root, 'src/a.ts', "import { b } from './b';\nexport function a() { return b() + 1; }\n");
    // The deletion's event arrives during the run: the tree is checked once more afterwards (and
    // re-indexed if the run had still recorded the file).
    await settle(watcher, (w) => w.stats.reindexes + w.stats.unchanged >= 2);
    expect(calls).toBeGreaterThanOrEqual(1);
    const graph = await expectFresh(root);
    expect(paths(graph)).not.toContain('src/doomed.ts');
    expect(names(graph)).not.toContain('doomed');
  });

  it('a failing re-index keeps the last good graph, and the next change re-indexes', async () => {
    const root = await tree(BASE);
    const db = join(root, '.codegraph', 'codegraph.db');
    const good = readFileSync(db);
    let fail = true;
    const events: string[] = [];
    const watcher = await watchRepository(root, {
      debounceMs: DEBOUNCE,
      reindex: async () => {
        if (fail) throw new Error('disk full');
        return fullIndex(root);
      },
      onEvent: (e) => events.push(e.type === 'failed' ? `failed: ${e.message}` : e.type),
    });
    open.push({ root, watcher });
    write(root, 'src/b.ts', 'export function b() { return 2; }\nexport function second() {}\n');
    await settle(watcher, (w) => w.stats.failures >= 1);
    expect(events).toContain('failed: disk full');
    expect(readFileSync(db).equals(good)).toBe(true);

    fail = false;
    write(root, 'src/a.ts', "import { b } from './b';\nexport function a() { return b() * 2; }\n");
    await settle(watcher, (w) => w.stats.reindexes >= 2);
    expect(events.at(-1)).toBe('reindexed');
    expect(names(await expectFresh(root))).toContain('second');
  });

  it('refresh() brings a graph that went stale while nobody watched up to date', async () => {
    const root = await tree(BASE);
    write(root, 'src/offline.ts', 'export function offline() {}\n');
    const watcher = await start(root);
    watcher.refresh();
    await settle(watcher, (w) => w.stats.reindexes >= 1);
    expect(names(await expectFresh(root))).toContain('offline');
  });
});

describe('when to watch', () => {
  it('is off on a WSL2 kernel watching a Windows drive, unless forced; the environment decides over everything', () => {
    const wsl = '5.15.167.4-microsoft-standard-WSL2';
    expect(isWslWindowsMount('/mnt/c/src/app', wsl)).toBe(true);
    expect(isWslWindowsMount('/mnt/c', wsl)).toBe(true);
    expect(isWslWindowsMount('/home/me/app', wsl)).toBe(false);
    expect(isWslWindowsMount('/mnt/c/src/app', '6.8.0-45-generic')).toBe(false);
    expect(isWslWindowsMount('/mnt/data/app', wsl)).toBe(false);

    expect(watchDecision('/mnt/d/repo', { enabled: true, env: {}, kernelRelease: wsl }).watch).toBe(false);
    expect(watchDecision('/mnt/d/repo', { enabled: true, env: {}, kernelRelease: wsl }).reason).toMatch(/ARBOR_FORCE_WATCH=1/);
    expect(watchDecision('/mnt/d/repo', { enabled: true, env: { ARBOR_FORCE_WATCH: '1' }, kernelRelease: wsl }).watch).toBe(true);
    expect(watchDecision('/home/me/repo', { enabled: true, env: {}, kernelRelease: wsl }).watch).toBe(true);
    expect(watchDecision('/home/me/repo', { enabled: true, env: { ARBOR_NO_WATCH: '1' }, kernelRelease: '6.8.0' }).watch).toBe(false);
    expect(watchDecision('/home/me/repo', { enabled: true, env: { ARBOR_NO_WATCH: '1', ARBOR_FORCE_WATCH: '1' }, kernelRelease: '6.8.0' }).watch).toBe(false);
    expect(watchDecision('/home/me/repo', { enabled: false, env: { ARBOR_FORCE_WATCH: '1' }, kernelRelease: '6.8.0' }).watch).toBe(false);
    expect(watchDecision('/home/me/repo', { enabled: true, env: { ARBOR_NO_WATCH: '0' }, kernelRelease: '6.8.0' }).watch).toBe(true);
  });
});
