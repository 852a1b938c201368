import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openProject } from '../project.js';
import { B, id, sampleGraph } from '../test-support/sample-graph.js';
import { idOf, makeProject } from '../test-support/v4-database.js';
import { affected, changedSince } from './affected.js';
import { context } from './context.js';
import { explore, MAX_ITEM_SOURCE_BYTES, MAX_TOTAL_SOURCE_BYTES } from './explore.js';
import { files } from './files.js';
import { status, writerOf } from './status.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));
function sample(overrides: Parameters<typeof sampleGraph>[0] = {}) {
  const made = makeProject(sampleGraph({ indexedAt: Date.now() + 60_000, ...overrides }));
  temps.push(made.root);
  return made.root;
}

describe('status', () => {
  it('no index is an answer, not a failure, and names arbor index', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbor-status-'));
    temps.push(dir);
    const r = status({ path: dir });
    expect(r.indexed).toBe(false);
    expect(!r.indexed && r.message).toMatch(/arbor index/);
  });

  it('counts, languages, schema, writer and staleness', () => {
    const root = sample();
    const r = status({ path: root });
    if (!r.indexed) throw new Error('expected an index');
    expect(r.counts).toMatchObject({ files: 5, unresolvedRefs: 1 });
    expect(r.languages).toEqual({ python: 1, typescript: 4 });
    expect(r.schemaVersion).toBe(4);
    expect(r.writer).toEqual({ tool: 'arbor', version: '0.1.0', source: 'project_metadata' });
    expect(r.staleness.stale).toBe(false);
    expect(r.edgesByKind.calls).toBeGreaterThan(0);

    appendFileSync(join(root, 'src/a.ts'), '// changed\n');
    const later = status({ path: root });
    if (!later.indexed) throw new Error('expected an index');
    expect(later.staleness).toMatchObject({ stale: true, modified: 1, files: { modified: ['src/a.ts'] } });
  });

  it('tells codegraph writers apart from arbor (whose codegraph stamps do not count)', () => {
    expect(writerOf({})).toEqual({ tool: null, version: null, source: 'unrecorded' });
    expect(writerOf({ indexed_with_version: '1.6.1' })).toMatchObject({ tool: 'codegraph', version: '1.6.1' });
    expect(writerOf({ indexed_with_version: '1.6.1', written_by: 'arbor', arbor_version: '0.2.0' })).toMatchObject({ tool: 'arbor', version: '0.2.0' });
  });
});

describe('files', () => {
  it('lists by folder and by glob with language, node count and staleness', () => {
    const root = sample();
    const p = openProject({ path: root, cwd: root });
    const all = files(p, undefined);
    expect(all.files.map((f) => f.filePath)).toEqual(['py/tool.py', 'src/a.ts', 'src/b.test.ts', 'src/b.ts', 'src/c.ts']);
    expect(all.files.find((f) => f.filePath === 'src/b.ts')).toMatchObject({ language: 'typescript', nodeCount: 6, state: 'fresh' });

    rmSync(join(root, 'src/c.ts'));
    const later = new Date(Date.now() + 120_000);
    writeFileSync(join(root, 'src/new.ts'), 'x');
    utimesSync(join(root, 'src/new.ts'), later, later);
    const src = files(p, 'src');
    expect(src.filter).toEqual({ type: 'dir', value: 'src' });
    expect(src.files.map((f) => f.filePath)).not.toContain('py/tool.py');
    expect(src.files.find((f) => f.filePath === 'src/c.ts')?.state).toBe('removed');
    expect(src.added).toEqual(['src/new.ts']);
    expect(files(p, '**/*.py').files.map((f) => f.filePath)).toEqual(['py/tool.py']);
    expect(files(p, 'src', { limit: 2 }).truncated).toBe(true);
    p.close();
  });
});

describe('explore', () => {
  it('shows matches and their neighbours with source text, flagging a changed file', () => {
    const root = sample();
    const p = openProject({ path: root, cwd: root });
    const r = explore(p, 'helper', { limit: 4 });
    expect(r.items[0]).toMatchObject({ relation: 'match', node: { id: id.helper }, fileState: 'fresh' });
    expect(r.items[0].source.text).toBe(B.split('\n').slice(1, 4).join('\n'));
    expect(r.items.slice(1).map((i) => i.relation)).toContain('callee');
    expect(r.staleFiles).toEqual([]);

    writeFileSync(join(root, 'src/b.ts'), `// a new first line\n${B}`);
    const stale = explore(p, 'helper', { limit: 1 });
    expect(stale.items[0].fileState).toBe('modified');
    expect(stale.staleFiles).toEqual(['src/b.ts']);
    p.close();
  });
  it('caps source bytes per item and in all, and marks an item cut for size (a minified line can be megabytes)', () => {
    const long = `export function packed() { return "${'x'.repeat(200_000)}"; }`;
    const { root } = makeProject({
      files: [{ path: 'src/min.ts', content: Array.from({ length: 12 }, () => long).join('\n') }],
      nodes: Array.from({ length: 12 }, (_, i) => ({ kind: 'function', name: `packed${i}`, file: 'src/min.ts', line: i + 1, endLine: i + 1 })),
    });
    temps.push(root);
    const p = openProject({ path: root, cwd: root });
    const r = explore(p, 'packed', { limit: 12, matches: 12 });
    expect(r.items.length).toBe(12);
    const sizes = r.items.map((i) => Buffer.byteLength(i.source.text ?? ''));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_ITEM_SOURCE_BYTES);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MAX_TOTAL_SOURCE_BYTES);
    expect(r.items.every((i) => i.source.oversized && i.source.truncated)).toBe(true);
    p.close();
  });
});

describe('context', () => {
  it('ranks declarations by shared identifier terms and stays within the byte budget', () => {
    const root = sample();
    const p = openProject({ path: root, cwd: root });
    const r = context(p, 'change how the greeter validates names');
    expect(r.terms).toEqual(['greeter', 'validates', 'names']);
    // Greeter::validate shares two terms (validate via its name, greeter via its class): it ranks first.
    expect(r.items[0].node.id).toBe(id.validate);
    expect(r.items[0].matchedTerms).toEqual(['greeter', 'validates']);
    expect(r.usedBytes).toBeLessThanOrEqual(r.budgetBytes);

    const small = context(p, 'change how the greeter validates names', { budget: 300 });
    expect(small.usedBytes).toBeLessThanOrEqual(300);
    expect(small.items.length).toBeGreaterThan(0);
    expect(context(p, 'the and of').items).toEqual([]);
    p.close();
  });
});

describe('affected', () => {
  it('finds tests through the reverse graph and counts changed tests themselves', () => {
    const root = sample();
    const p = openProject({ path: root, cwd: root });
    const viaGraph = affected(p, ['src/b.ts']);
    expect(viaGraph.affectedTests).toEqual([
      { filePath: 'src/b.test.ts', reason: 'depends', via: 'src/b.ts', distance: 1, convention: 'JS/TS *.test.* / *.spec.*' },
    ]);
    const direct = affected(p, ['src/b.test.ts', 'src/unknown.ts']);
    expect(direct.affectedTests.map((t) => [t.filePath, t.reason])).toEqual([['src/b.test.ts', 'changed']]);
    expect(direct.notIndexed).toEqual(['src/unknown.ts']);
    expect(affected(p, ['src/c.ts']).affectedTests).toEqual([]);
    // A folder stands for the indexed files under it.
    expect(affected(p, ['src']).changedFiles).toEqual(['src/a.ts', 'src/b.test.ts', 'src/b.ts', 'src/c.ts']);
    // The test calls helper (in b.ts) directly: one hop over calls alone reaches it; over
    // instantiates alone nothing does.
    expect(affected(p, ['src/b.ts'], { depth: 1, edgeKinds: ['calls'] }).affectedTests.map((t) => t.filePath)).toEqual(['src/b.test.ts']);
    expect(affected(p, ['src/b.ts'], { edgeKinds: ['instantiates'] }).affectedTests).toEqual([]);
    p.close();
  });

  it('follows an import chain deeper than --depth to the end, and keeps direct callers exact', () => {
    // core.ts ← m1.ts ← … ← m7.ts (barrels re-exporting each other) ← deep.test.ts; direct.test.ts calls run() in core.ts.
    const chain = ['src/core.ts', ...Array.from({ length: 7 }, (_, i) => `src/m${i + 1}.ts`), 'src/deep.test.ts'];
    const run = { kind: 'function', name: 'run', file: 'src/core.ts', line: 1, endLine: 1 };
    const root = sample({
      files: [...chain, 'src/direct.test.ts', 'src/other.test.ts'].map((path) => ({ path, content: 'export {};\n' })),
      nodes: [run],
      edges: [
        ...chain.slice(1).map((path, i) => ({ source: `file:${path}`, target: `file:${chain[i]}`, kind: 'imports', line: 1, col: 0, resolvedBy: 'module-import' })),
        { source: 'file:src/direct.test.ts', target: idOf(run), kind: 'calls', line: 2, col: 0, resolvedBy: 'import' },
      ],
      unresolved: [],
    });
    const p = openProject({ path: root, cwd: root });
    const r = affected(p, ['src/core.ts']);
    expect(r.depth).toBe(5);
    expect(r.affectedTests.map((t) => [t.filePath, t.distance])).toEqual([['src/deep.test.ts', 8], ['src/direct.test.ts', 1]]);
    expect(r.filesReached).toBe(9);
    expect(r.moreBeyondDepth).toBe(false);
    // Without imports edges only the direct caller is left, at the depth it had.
    expect(affected(p, ['src/core.ts'], { edgeKinds: ['calls'] }).affectedTests.map((t) => t.filePath)).toEqual(['src/direct.test.ts']);
    // A change in the middle of the chain reaches the test above it, not the file below it.
    expect(affected(p, ['src/m4.ts']).affectedTests.map((t) => [t.filePath, t.distance])).toEqual([['src/deep.test.ts', 4]]);
    p.close();
  });

  it('--since reads the changed files from git', () => {
    const root = sample();
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
    git('init', '-q');
    git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', 'src', 'py');
    git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'base');
    appendFileSync(join(root, 'src/b.ts'), '// edit\n');
    expect(changedSince(root, 'HEAD')).toEqual(['src/b.ts']);
    // A new file git does not track yet is a change; an ignored one is not.
    writeFileSync(join(root, 'src/new.ts'), 'export const n = 1;\n');
    writeFileSync(join(root, '.gitignore'), 'build/\n.gitignore\n');
    mkdirSync(join(root, 'build'));
    writeFileSync(join(root, 'build/out.js'), '1;\n');
    expect(changedSince(root, 'HEAD')).toEqual(['src/b.ts', 'src/new.ts']);
    expect(() => changedSince(root, 'no-such-ref')).toThrow(/--since no-such-ref/);
    expect(() => changedSince(root, '--output=/tmp/x')).toThrow(/not a git ref/);
    // Outside any git work tree: our own message, not git's advice about --no-index.
    const plain = mkdtempSync(join(tmpdir(), 'arbor-no-git-'));
    temps.push(plain);
    expect(() => changedSince(plain, 'HEAD')).toThrow(/not inside a git work tree; name the changed files instead/);
  });
});
