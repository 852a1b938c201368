/**
 * The `affected` operation of the `codegraph` MCP tool, through the MCP SDK's own client over stdio,
 * on a real git repository: the same JSON document as `arbor affected --json` (list, completeness,
 * staleness, deleted files), and argument mistakes as tool errors.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const GIT_ENV = {
  ...(process.env as Record<string, string>),
  GIT_AUTHOR_NAME: 'arbor test', GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'arbor test', GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1',
};
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

let root: string;
let client: Client;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'arbor-mcp-affected-')));
  const files: Record<string, string> = {
    '.gitignore': '.codegraph/\n',
    'src/math.ts': 'export function add(a: number, b: number) { return a + b; }\n',
    'src/cart.ts': "import { add } from './math';\nexport function total(xs: number[]) { return xs.reduce((s, x) => add(s, x), 0); }\n",
    'src/cart.test.ts': "import { total } from './cart';\nexport const checked = total([1, 2]);\n",
    'src/other.ts': 'export const other = 1;\n',
    'src/other.test.ts': "import { other } from './other';\nexport const o = other;\n",
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'first');
  // The CI order: delete, re-index, ask.
  git(root, 'rm', '-q', 'src/math.ts');
  const index = spawnSync(process.execPath, [BIN, 'index', '-q', root], { encoding: 'utf8' });
  expect(index.status, index.stderr).toBe(0);
  const transport = new StdioClientTransport({
    command: process.execPath, args: [BIN, 'mcp', root], env: { ...GIT_ENV, ARBOR_NO_WATCH: '1' }, stderr: 'ignore',
  });
  client = new Client({ name: 'arbor-test', version: '1.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});

async function call(args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name: 'codegraph', arguments: args })) as CallToolResult;
  return { text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n'), isError: result.isError === true };
}

function cliJson(...args: string[]): unknown {
  const r = spawnSync(process.execPath, [BIN, 'affected', '--json', ...args], { cwd: root, encoding: 'utf8', env: GIT_ENV });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('codegraph tool, operation affected', () => {
  it('is listed with its arguments', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'codegraph')!;
    const schema = tool.inputSchema as { properties: Record<string, { enum?: string[] }> };
    expect(schema.properties.operation.enum).toContain('affected');
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['files', 'since']));
  });

  it('since: the same answer as the CLI, with the deleted file\'s importers and the completeness and staleness flags', async () => {
    const answer = await call({ operation: 'affected', since: 'HEAD' });
    expect(answer.isError, answer.text).toBe(false);
    const json = JSON.parse(answer.text);
    expect(json).toEqual(cliJson('--since', 'HEAD'));
    expect(json.affectedTests.map((t: { filePath: string }) => t.filePath)).toEqual(['src/cart.test.ts']);
    expect(json.deletedFiles[0]).toEqual({ path: 'src/math.ts', importers: ['src/cart.ts'], packageFiles: [] });
    expect(json.completeness.complete).toBe(true);
    expect(json.staleIndex.stale).toBe(false);
  });

  it('files: paths relative to the repository, the same answer as the CLI; a stale index is flagged', async () => {
    const json = JSON.parse((await call({ operation: 'affected', files: ['src/other.ts'] })).text);
    expect(json).toEqual(cliJson('src/other.ts'));
    expect(json.affectedTests.map((t: { filePath: string }) => t.filePath)).toEqual(['src/other.test.ts']);

    writeFileSync(join(root, 'src/other.ts'), 'export const other = 22;\n');
    const stale = JSON.parse((await call({ operation: 'affected', files: ['src/other.ts'] })).text);
    expect(stale.staleIndex).toMatchObject({ stale: true, modified: 1, files: ['src/other.ts'] });
    expect(stale.completeness.complete).toBe(false);
    expect(stale.completeness.reasons.join('\n')).toMatch(/older than the working tree/);
    expect(stale).toEqual(cliJson('src/other.ts'));
  });

  it('argument mistakes are tool errors naming the argument', async () => {
    const none = await call({ operation: 'affected' });
    expect(none.isError).toBe(true);
    expect(none.text).toMatch(/needs argument `files`.*or `since`/);
    const wrong = await call({ operation: 'affected', files: 'src/other.ts' });
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toMatch(/`files` must be an array of strings/);
    const badRef = await call({ operation: 'affected', since: 'no-such-ref' });
    expect(badRef.isError).toBe(true);
    expect(badRef.text).toMatch(/git-failed: --since no-such-ref/);
  });
});
