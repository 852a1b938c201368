/**
 * `arbor affected --since` runs git in an untrusted checkout (issue 11, items 6 and 7): a
 * repository-local `core.fsmonitor` is a command git would run, and names git quotes
 * (non-ASCII, `"`, `\`, newline, control characters) must still be matched to the graph.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A committed repository: `tests/<name>.test.ts` imports `src/<name>.ts` for every name. */
function repository(names: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'arbor-git-config-'));
  temps.push(root);
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'tests'));
  names.forEach((name, i) => {
    writeFileSync(join(root, 'src', `${name}.ts`), `export function f${i}() { return ${i}; }\n`);
    writeFileSync(join(root, 'tests', `${name}.test.ts`), `import { f${i} } from ${specifier(`../src/${name}`)};\nf${i}();\n`);
  });
  git(root, 'init', '-q');
  git(root, 'add', '.');
  git(root, 'commit', '-qm', 'init');
  return root;
}

/** A string literal for an import: escapes only what a literal cannot hold raw. */
function specifier(path: string): string {
  return `'${path.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function arbor(root: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('affected --since does not run what the repository configures', () => {
  it('a repository-local core.fsmonitor command is not executed (item 6)', () => {
    const root = repository(['a']);
    expect(arbor(root, 'index', '.', '-q').status).toBe(0);
    const marker = join(root, '..', `${root.split('/').pop()}-fsmonitor-ran`);
    temps.push(marker);
    git(root, 'config', 'core.fsmonitor', `touch '${marker}'; false`);
    writeFileSync(join(root, 'src', 'a.ts'), 'export function f0() { return 42; }\n');

    // Control: plain git in this repository runs the hook.
    git(root, 'diff', '--name-only', 'HEAD');
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);

    const run = arbor(root, 'affected', '--since', 'HEAD');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('tests/a.test.ts');
    expect(existsSync(marker)).toBe(false);
  });
});

describe('affected --since finds files whose names git would quote', () => {
  it('a non-ASCII file name (item 7, the part core.quotePath covers)', () => {
    const root = repository(['plain', 'ünïcödé']);
    expect(arbor(root, 'index', '.', '-q').status).toBe(0);
    writeFileSync(join(root, 'src', 'ünïcödé.ts'), 'export function f1() { return 7; }\n');
    const run = arbor(root, 'affected', '--since', 'HEAD');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual(['tests/ünïcödé.test.ts']);
  });
});

describe('affected --since reads git names NUL-separated, unquoted (item 7)', () => {
  // Every name here is one git prints in quotes (or splits, for the newline) without -z.
  const odd = ['quo"te', 'back\\slash', 'new\nline', 'tab\tname', 'ctl\u0001name', 'esc\u001b[31mred', 'ünï'];

  it('a changed source file with any of these names reaches its test', () => {
    const root = repository(['plain', ...odd]);
    expect(arbor(root, 'index', '.', '-q').status).toBe(0);
    for (const name of odd) writeFileSync(join(root, 'src', `${name}.ts`), 'export function changed() { return 7; }\n');
    const run = arbor(root, 'affected', '--since', 'HEAD', '--json');
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { changedFiles: string[]; notIndexed: string[]; affectedTests: Array<{ filePath: string }> };
    expect(result.changedFiles).toEqual(odd.map((name) => `src/${name}.ts`).sort());
    expect(result.notIndexed).toEqual([]);
    expect(result.affectedTests.map((t) => t.filePath).sort()).toEqual(odd.map((name) => `tests/${name}.test.ts`).sort());
  });

  it('a changed test file with an odd name is affected itself, also from a subfolder', () => {
    const root = repository(['plain', ...odd]);
    expect(arbor(root, 'index', '.', '-q').status).toBe(0);
    for (const name of odd) writeFileSync(join(root, 'tests', `${name}.test.ts`), '// edited\n');
    const run = arbor(join(root, 'src'), 'affected', '-p', root, '--since', 'HEAD', '--json');
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { affectedTests: Array<{ filePath: string; reason: string }> };
    expect(result.affectedTests.map((t) => [t.filePath, t.reason]).sort()).toEqual(odd.map((name) => [`tests/${name}.test.ts`, 'changed']).sort());
  });
});
