/**
 * Control characters from the repository never reach a terminal raw (issue 11, item 21): file
 * names, docstrings, signatures and source holding escape sequences (a window-title OSC, a
 * screen clear), a bidi override or a newline are escaped in the human output of every
 * command; `--json` keeps them exact.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQueryCli } from '../../packages/cli/src/test-support/run-query-cli.js';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
let root = '';

const TITLE = '\u001b]0;pwned\u0007';
const CLEAR = '\u001b[2J';
const BIDI = '\u202e';
const C1_CSI = '\u009b';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'arbor-terminal-'));
  const files: Record<string, string> = {
    [`src/evil${TITLE}name.ts`]: 'export function evilName() { return 1; }\n',
    'src/new\nline.ts': 'export function newLine() { return 2; }\n',
    [`src/bidi${BIDI}.ts`]: 'export function bidiName() { return 3; }\n',
    'src/doc.ts': [
      `/** Docs ${CLEAR}that clear${C1_CSI}2J the screen ${TITLE}. */`,
      `export function documented(a: string = "${CLEAR}"): number {`,
      `  // comment ${TITLE}`,
      '  return evilName() + newLine() + bidiName();',
      '}',
      '',
    ].join('\n'),
    'src/imports.ts': [
      `import { evilName } from './evil${TITLE}name';`,
      "import { newLine } from './new\\nline';",
      `import { bidiName } from './bidi${BIDI}';`,
      "import { documented } from './doc';",
      'export { evilName, newLine, bidiName, documented };',
      '',
    ].join('\n'),
    'tests/doc.test.ts': "import { documented } from '../src/doc';\ndocumented();\n",
    [`src/dup${TITLE}.ts`]: 'export function dup() { return 1; }\n',
    'src/dup\nb.ts': 'export function dup() { return 2; }\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = arbor(['index', root]);
  expect(run.status, run.stderr).toBe(0);
  // The index summary, too, names no raw control.
  expectSafe(run.stderr, 'index');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function arbor(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '', ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** No control character but newline and tab, no escape sequence but colour (SGR). */
function expectSafe(text: string, what: string): void {
  const unsafe = text.replace(/\u001b\[[0-9;]*m/g, '').match(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g);
  expect(unsafe, `${what}: ${JSON.stringify(text.slice(0, 400))}`).toBeNull();
}

const COMMANDS: string[][] = [
  ['files'],
  ['status'],
  ['search', 'evil'],
  ['search', 'documented'],
  ['node', 'documented'],
  ['node', 'evilName'],
  ['callers', 'evilName'],
  ['callees', 'documented'],
  ['impact', 'evilName'],
  ['trace', 'documented', 'evilName'],
  ['explore', 'documented'],
  ['explore', 'evilName'],
  ['context', 'documented screen'],
  ['affected', `src/evil${TITLE}name.ts`, 'src/new\nline.ts', `src/bidi${BIDI}.ts`],
  ['node', `nosuch${TITLE}`],
];

describe('human output escapes control characters from the repository', () => {
  it.each(COMMANDS.map((c) => [c.join(' ').replace(/[^ -~]/g, '?'), c]))('%s', (_, args) => {
    for (const env of [{}, { FORCE_COLOR: '1' }]) {
      const run = arbor([...(args as string[]), '-p', root], env);
      expect(run.stderr).not.toMatch(/internal error/i);
      expect(run.status, run.stderr).not.toBeNull();
      expectSafe(run.stdout, 'stdout');
      expectSafe(run.stderr, 'stderr');
    }
  });

  it('shows the escaped names, one row per file', () => {
    const files = arbor(['files', '-p', root]).stdout;
    expect(files).toContain('src/evil\\u001b]0;pwned\\u0007name.ts');
    expect(files).toContain('src/new\\nline.ts');
    expect(files).toContain('src/bidi\\u202e.ts');
    // Every row starts with the file's path: a newline in a name did not split one.
    const rows = files.split('\n').filter((l) => l.startsWith('src/') || l.startsWith('tests/'));
    expect(rows).toHaveLength(8);
    const node = arbor(['node', 'documented', '-p', root]).stdout;
    expect(node).toContain('\\u001b[2Jthat clear\\u009b2J the screen \\u001b]0;pwned\\u0007');
    const explore = arbor(['explore', 'documented', '-p', root]).stdout;
    expect(explore).toContain('// comment \\u001b]0;pwned\\u0007');
    // Source keeps its own layout: the function's lines are separate rows.
    expect(explore).toMatch(/\n\s*4 │ {3}return evilName\(\)/);
    const affected = arbor(['affected', 'src/gone\nfile.ts', '-p', root]);
    // A named .ts file that is not on disk is a deleted one: its name is escaped there too.
    expect(affected.stderr).toContain('1 deleted file (src/gone\\nfile.ts: used by 0 indexed files)');
  });

  it('--json keeps the exact names and text', () => {
    const files = JSON.parse(arbor(['files', '--json', '-p', root]).stdout) as { files: Array<{ filePath: string }> };
    expect(files.files.map((f) => f.filePath)).toEqual(expect.arrayContaining([`src/evil${TITLE}name.ts`, 'src/new\nline.ts', `src/bidi${BIDI}.ts`]));
    const node = JSON.parse(arbor(['node', 'documented', '--json', '-p', root]).stdout) as { node: { docstring: string } };
    expect(JSON.stringify(node)).toContain(JSON.stringify(`${CLEAR}that clear${C1_CSI}2J the screen ${TITLE}`).slice(1, -1));
  });
});

describe('other commands that print repository text', () => {
  it('an ambiguous symbol: the candidates on stderr are escaped before any guard (in-process, no process writer)', async () => {
    const run = await runQueryCli(['trace', 'dup', 'evilName', '-p', root], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('src/dup\\u001b]0;pwned\\u0007.ts');
    expect(run.stderr).toContain('src/dup\\nb.ts');
    expectSafe(run.stderr, 'stderr');
  });

  it('hooks status: a hooks folder named by the repository config (core.hooksPath) is escaped', () => {
    const repo = mkdtempSync(join(tmpdir(), 'arbor-terminal-hooks-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: repo });
      execFileSync('git', ['config', 'core.hooksPath', `hooks${TITLE}dir`], { cwd: repo });
      const run = arbor(['hooks', 'status', '-p', repo]);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('hooks\\u001b]0;pwned\\u0007dir');
      expectSafe(run.stdout, 'stdout');
      expectSafe(run.stderr, 'stderr');
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
