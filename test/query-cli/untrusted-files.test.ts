/**
 * A checkout and its graph are untrusted (issue 11, items 1 and 2): queries must never show or
 * hash a file outside the root, never block on a FIFO, never read a device. A crafted graph names
 * `../../../../etc/passwd`, `/proc/self/environ` and files that became symlinks out of the tree;
 * the recorded size, mtime and hash match the outside file, so trusting the path would show it
 * as a current, fresh file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, explore, files, nodeInfo, openProject, status } from '@arbor/query';
import { runQueryCli } from '../../packages/cli/src/test-support/run-query-cli.js';
import { sampleGraph } from '../../packages/query/src/test-support/sample-graph.js';
import { makeProject, nodeId } from '../../packages/query/src/test-support/v4-database.js';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const SECRET = 'export const TOKEN = "sk-outside-the-root";\n';
const PASSWD = readFileSync('/etc/passwd');

let base: string;
let root: string;

/** Each crafted declaration, the file its row names, and the state a query must report. */
const CRAFTED = [
  { name: 'leak_passwd', file: '../../../../etc/passwd', state: 'outside-root' },
  { name: 'leak_environ', file: '../../../../proc/self/environ', state: 'outside-root' },
  { name: 'leak_link', file: 'src/link.ts', state: 'outside-root' },
  { name: 'leak_folder', file: 'up/secret.ts', state: 'outside-root' },
  { name: 'leak_zero', file: 'src/zero.ts', state: 'outside-root' },
  { name: 'leak_pipe', file: 'src/pipe.ts', state: 'unreadable' },
] as const;

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'arbor-untrusted-'));
  root = join(base, 'repo');
  mkdirSync(root);
  makeProject(sampleGraph({ indexedAt: Date.now() + 60_000 }), root);
  writeFileSync(join(base, 'secret.ts'), SECRET);
  symlinkSync('../../secret.ts', join(root, 'src', 'link.ts'));
  symlinkSync('..', join(root, 'up'));
  symlinkSync('/dev/zero', join(root, 'src', 'zero.ts'));
  execFileSync('mkfifo', [join(root, 'src', 'pipe.ts')]);

  // Rows whose size, mtime and hash are those of the outside file: a stat or hash of the target
  // would call them fresh.
  const secret = Buffer.from(SECRET);
  const secretStat = statSync(join(base, 'secret.ts'));
  const passwdStat = statSync('/etc/passwd');
  const record: Record<string, { hash: string; size: number; mtime: number }> = {
    '../../../../etc/passwd': { hash: sha256(PASSWD), size: passwdStat.size, mtime: passwdStat.mtimeMs },
    'src/link.ts': { hash: sha256(secret), size: secret.length, mtime: secretStat.mtimeMs },
    'up/secret.ts': { hash: sha256(secret), size: secret.length, mtime: secretStat.mtimeMs },
  };
  const db = new Database(join(root, '.codegraph', 'codegraph.db'));
  const now = Date.now();
  const insertFile = db.prepare('INSERT INTO files (path, content_hash, language, size, modified_at, indexed_at, node_count) VALUES (?, ?, ?, ?, ?, ?, 1)');
  const insertNode = db.prepare(
    `INSERT INTO nodes (id, kind, name, qualified_name, file_path, language, start_line, end_line, start_column, end_column, signature, updated_at)
     VALUES (?, 'function', ?, ?, ?, 'typescript', 1, 3, 0, 0, '()', ?)`,
  );
  for (const { name, file } of CRAFTED) {
    const r = record[file] ?? { hash: sha256(Buffer.alloc(0)), size: 0, mtime: now };
    insertFile.run(file, r.hash, 'typescript', r.size, r.mtime, now + 60_000);
    insertNode.run(nodeId('function', file, name, 1), name, name, file, now);
  }
  db.close();
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Nothing of the outside files in a result or an output. */
function expectNoLeak(text: string): void {
  expect(text).not.toContain('root:x:0');
  expect(text).not.toContain('sk-outside-the-root');
  expect(text).not.toMatch(/PATH=/);
}

describe('queries on a graph naming files outside the root', () => {
  it('explore and context show no text for them and report why', () => {
    const project = openProject({ path: root });
    try {
      for (const { name, file, state } of CRAFTED) {
        const r = explore(project, name, { limit: 1 });
        const item = r.items.find((i) => i.node.name === name);
        expect(item, name).toBeDefined();
        expect(item!.node.filePath).toBe(file);
        expect(item!.source.text, name).toBeNull();
        expect(item!.fileState, name).toBe(state);
        expect(r.staleFiles).toContain(file);
        expectNoLeak(JSON.stringify(r));
      }
      const c = context(project, 'leak passwd environ link folder zero pipe', { limit: 20 });
      expect(c.items.map((i) => i.node.name)).toEqual(expect.arrayContaining(CRAFTED.map((x) => x.name)));
      for (const item of c.items.filter((i) => i.node.name.startsWith('leak_'))) {
        expect(item.fileState, item.node.name).toBe(CRAFTED.find((x) => x.name === item.node.name)!.state);
      }
      expectNoLeak(JSON.stringify(c));
    } finally {
      project.close();
    }
  }, 10_000);

  it('node, files and status neither stat nor hash them as fresh', () => {
    const project = openProject({ path: root });
    try {
      for (const { name, state } of CRAFTED) expect(nodeInfo(project, name).fileState, name).toBe(state);
      const listed = files(project, undefined);
      for (const { file, state } of CRAFTED) expect(listed.files.find((f) => f.filePath === file)?.state, file).toBe(state);
      expect(listed.summary.removed).toBe(CRAFTED.length);
      // The sample's own files are still read and fresh.
      expect(listed.files.filter((f) => f.state === 'fresh')).toHaveLength(5);
    } finally {
      project.close();
    }
    const s = status({ path: root, limit: 0 });
    if (!s.indexed) throw new Error('expected an index');
    expect(s.staleness.stale).toBe(true);
    expect(s.staleness.fresh).toBe(5);
    expect(s.staleness.hashed).toBe(0);
    expect(s.staleness.files.removed.sort()).toEqual(CRAFTED.map((x) => x.file).sort());
  }, 10_000);

  it('the CLI prints none of their content, in text or JSON', async () => {
    for (const args of [
      ['explore', 'leak_passwd'], ['explore', 'leak_link'], ['explore', 'leak_folder'], ['explore', 'leak_environ'],
      ['context', 'leak passwd environ link folder', '--limit', '20'], ['node', 'leak_passwd'], ['node', 'leak_link'], ['status'], ['files'],
    ]) {
      for (const json of [false, true]) {
        const run = await runQueryCli(json ? [...args, '--json'] : args, { cwd: root });
        expect(run.code, args.join(' ')).toBe(0);
        expectNoLeak(run.stdout + run.stderr);
      }
    }
    const shown = await runQueryCli(['explore', 'leak_link'], { cwd: root });
    expect(shown.stdout).toContain('outside the project');
    expect(shown.stdout).toContain('(source not available)');
  }, 20_000);
});

/**
 * A FIFO or /dev/zero would block or fill memory inside a synchronous read, which no test
 * timeout can interrupt: these run the built binary with a kill timer instead.
 */
function arbor(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 20_000, maxBuffer: 16 * 1024 * 1024 });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

describe('FIFOs and devices in the checkout', () => {
  it('explore, node and status finish on a FIFO and a /dev/zero symlink at source paths', () => {
    for (const args of [['explore', 'leak_pipe'], ['explore', 'leak_zero'], ['node', 'leak_pipe'], ['status'], ['files', 'src']]) {
      const r = arbor(root, ...args);
      expect(r.signal, args.join(' ')).toBeNull();
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
  }, 60_000);

  it('files <dir> finishes when the root .gitignore is a symlink to /dev/zero or a FIFO, and ignores nothing by it', () => {
    const gitignore = join(root, '.gitignore');
    const later = Date.now() + 120_000;
    writeFileSync(join(root, 'src', 'new.ts'), 'export const n = 1;\n');
    execFileSync('touch', ['-d', `@${Math.floor(later / 1000)}`, join(root, 'src', 'new.ts')]);
    try {
      for (const make of [() => symlinkSync('/dev/zero', gitignore), () => execFileSync('mkfifo', [gitignore])]) {
        make();
        for (const args of [['files', 'src', '--json'], ['files', '--json']]) {
          const r = arbor(root, ...args);
          expect(r.signal, args.join(' ')).toBeNull();
          expect(r.status, r.stderr).toBe(0);
          expect(JSON.parse(r.stdout).added).toContain('src/new.ts');
        }
        unlinkSync(gitignore);
      }
      // A real .gitignore is still honoured, in the walk and above a folder filter.
      writeFileSync(gitignore, 'src/new.ts\n');
      for (const args of [['files', 'src', '--json'], ['files', '--json']]) {
        expect(JSON.parse(arbor(root, ...args).stdout).added).not.toContain('src/new.ts');
      }
    } finally {
      rmSync(gitignore, { force: true });
      rmSync(join(root, 'src', 'new.ts'), { force: true });
    }
  }, 60_000);
});
