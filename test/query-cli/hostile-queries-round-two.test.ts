/**
 * Bounded cost and right answers on hostile input, second round (docs/threat-model.md, "Second adversarial review"):
 * a call tree over layers of mutual calls (finding 5), a folder named `..foo` (finding 6), a
 * `context` task with a 50,000-character word or 1,500 terms (finding 10).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleGraph } from '../../packages/query/src/test-support/sample-graph.js';
import { makeProject } from '../../packages/query/src/test-support/v4-database.js';
import { runQueryCli } from '../../packages/cli/src/test-support/run-query-cli.js';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function arbor(args: string[], cwd?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, signal: result.signal };
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'arbor-hostile-two-'));
  temps.push(dir);
  return dir;
}

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/**
 * `target`, then 20 layers of two functions each calling both of the layer below: 41 lines, and
 * 2^k paths from layer k down to `target`.
 */
function layeredCalls(layers: number): string {
  const lines = ['export function target() {}'];
  let below = ['target'];
  for (let k = 1; k <= layers; k++) {
    const here = [`a${k}`, `b${k}`];
    for (const name of here) lines.push(`export function ${name}() { ${below.map((b) => `${b}();`).join(' ')} }`);
    below = here;
  }
  return `${lines.join('\n')}\n`;
}

describe('finding 5: the human call tree over layers of mutual calls', () => {
  const root = tempDir();
  writeTree(root, { 'src/layers.ts': layeredCalls(24) });
  const indexed = arbor(['index', root, '--quiet']);

  it('prints each node once and refers back to it: one line per hop, at depth 20 and 24 (2^20 lines and 17 s before)', () => {
    expect(indexed.status, indexed.stderr).toBe(0);
    for (const depth of [20, 24]) {
      const started = Date.now();
      const human = arbor(['callers', 'target', '-p', root, '--depth', String(depth), '--limit', '0']);
      expect(human.status, human.stderr).toBe(0);
      expect(Date.now() - started).toBeLessThan(15_000);
      const hopLines = human.stdout.split('\n').filter((l) => l.trimStart().startsWith('←'));
      // Layer 1: a1 and b1 each call target once; every higher layer: two callers of each of two nodes.
      expect(hopLines).toHaveLength(2 + 4 * (depth - 1));
      // Every node is expanded exactly once; its other appearance points back to it.
      for (let k = 1; k <= depth; k++) {
        for (const name of [`a${k}`, `b${k}`]) {
          const mine = hopLines.filter((l) => new RegExp(`← ${name} `).test(l));
          expect(mine.filter((l) => !l.includes('↑ see above')), `${name} at depth ${depth}`).toHaveLength(1);
          if (k > 1) expect(mine.filter((l) => l.includes('↑ see above')), name).toHaveLength(1);
        }
      }
      expect(human.stdout).toContain(`${2 * depth} nodes within depth ${depth}`);
    }
  });

  it('the JSON is bounded too: one hop per (node, node it reaches) pair, never per path', () => {
    const json = arbor(['callers', 'target', '-p', root, '--depth', '24', '--limit', '0', '--json']);
    expect(json.status, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { hops: Array<{ depth: number; node: { name: string }; via: string }>; total: number };
    expect(body.total).toBe(48);
    expect(body.hops).toHaveLength(2 + 4 * 23);
    expect(new Set(body.hops.map((h) => `${h.node.name}>${h.via}`)).size).toBe(body.hops.length);
    expect(json.stdout.length).toBeLessThan(200_000);
  });

  it('callees of the top of the layers: the same, in the other direction', () => {
    const human = arbor(['callees', 'a24', '-p', root, '--depth', '24', '--limit', '0']);
    expect(human.status, human.stderr).toBe(0);
    const hopLines = human.stdout.split('\n').filter((l) => l.trimStart().startsWith('→'));
    expect(hopLines).toHaveLength(2 + 4 * 22 + 2);
    expect(hopLines.filter((l) => /→ target /.test(l) && !l.includes('↑ see above'))).toHaveLength(1);
  });
});

describe('finding 6: a folder named ..foo is inside the project', () => {
  it('affected --since sees a change under ..foo (it was dropped as outside the project)', () => {
    const root = tempDir();
    writeTree(root, {
      '..foo/lib.ts': 'export function lib() { return 1; }\n',
      '..foo/lib.test.ts': "import { lib } from './lib';\nlib();\n",
      '.../dots.ts': 'export function dots() { return 1; }\n',
      '.../dots.test.ts': "import { dots } from './dots';\ndots();\n",
    });
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: root, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'start');
    const indexed = arbor(['index', root, '--quiet']);
    expect(indexed.status, indexed.stderr).toBe(0);
    writeFileSync(join(root, '..foo/lib.ts'), 'export function lib() { return 2; }\n');
    writeFileSync(join(root, '.../dots.ts'), 'export function dots() { return 2; }\n');
    const run = arbor(['affected', '--since', 'HEAD', '-p', root, '--json']);
    expect(run.status, run.stderr).toBe(0);
    const body = JSON.parse(run.stdout) as { changedFiles: string[]; affectedTests: Array<{ filePath: string }> };
    expect(body.changedFiles).toEqual(['.../dots.ts', '..foo/lib.ts']);
    expect(body.affectedTests.map((t) => t.filePath).sort()).toEqual(['.../dots.test.ts', '..foo/lib.test.ts']);
    // Named on the command line, from the root and from inside the folder.
    const named = arbor(['affected', '..foo/lib.ts', '-p', root, '--json']);
    expect((JSON.parse(named.stdout) as { changedFiles: string[] }).changedFiles).toEqual(['..foo/lib.ts']);
    const fromInside = arbor(['affected', 'lib.ts', '-p', root, '--json'], join(root, '..foo'));
    expect((JSON.parse(fromInside.stdout) as { changedFiles: string[] }).changedFiles).toEqual(['..foo/lib.ts']);
    // A path that does leave the project still counts for nothing.
    const outside = arbor(['affected', '../elsewhere.ts', '-p', root, '--json'], root);
    expect((JSON.parse(outside.stdout) as { changedFiles: string[] }).changedFiles).toEqual([]);
  });
});

describe('finding 10: a context task the database cannot take as one query', () => {
  const root = makeProject(sampleGraph()).root;
  temps.push(root);
  const run = (args: string[]) => runQueryCli(args, { cwd: root });

  it('a 50,000-character word is left out and the answer says why (it was "database unreadable", exit 4)', async () => {
    const word = `helper${'x'.repeat(50_000)}`;
    const human = await run(['context', word]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/No searchable terms/);
    expect(human.stdout).toMatch(/1 term over 128 characters left out/);
    const json = await run(['context', `greeter ${word}`, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { terms: string[]; notes: string[]; items: Array<{ node: { name: string } }> };
    expect(body.terms).toEqual(['greeter']);
    expect(body.notes).toHaveLength(1);
    expect(body.items.map((i) => i.node.name)).toContain('Greeter');
  });

  it('1,500 distinct terms: the first 64 are used, and the answer says so (it was "Expression tree is too large", exit 4)', async () => {
    const letters = (i: number) => [i % 26, Math.floor(i / 26) % 26, Math.floor(i / 676) % 26].map((c) => String.fromCharCode(97 + c)).join('');
    const task = ['helper', ...Array.from({ length: 1500 }, (_, i) => `q${letters(i)}`)].join(' ');
    const json = await run(['context', task, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { terms: string[]; notes: string[]; items: Array<{ node: { name: string } }> };
    expect(body.terms).toHaveLength(64);
    expect(body.notes).toEqual(['only the first 64 of 1501 terms used: each term is one more pattern in a single database query']);
    expect(body.items.map((i) => i.node.name)).toContain('helper');
    const human = await run(['context', task]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('only the first 64 of 1501 terms used');
  });

  it('a task within the bounds has no notes', async () => {
    const body = JSON.parse((await run(['context', 'greeter', 'names', '--json'])).stdout) as { notes: string[] };
    expect(body.notes).toEqual([]);
  });
});
