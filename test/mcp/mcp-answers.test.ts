/**
 * The MCP server answers as the CLI does, driven by the MCP SDK's own client over stdio on a real
 * git repository: the unproven same-name sites and the "may be incomplete" line, a name several
 * declarations share answered per definition, the CLI's argument names, the package version.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedRepository, PYTHON_FILES } from '../answers/answer-repos.js';
import { BIN, removeTemps } from '../git-hooks/git-test-repo.js';

let client: Client;
let root: string;

beforeAll(async () => {
  root = indexedRepository('arbor-mcp-answers-', PYTHON_FILES);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', root],
    env: { ...(process.env as Record<string, string>), ARBOR_NO_WATCH: '1' },
    stderr: 'ignore',
  });
  client = new Client({ name: 'arbor-answers-test', version: '1.0.0' });
  await client.connect(transport);
});
afterAll(async () => {
  await client?.close().catch(() => {});
  removeTemps();
});

async function call(args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name: 'codegraph', arguments: args })) as CallToolResult;
  return { text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n'), isError: result.isError === true };
}

function cli(...args: string[]): string {
  const r = spawnSync(process.execPath, [BIN, ...args, '-p', root], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** The CLI's lines from its "unproven sites" heading on: the part both must say alike. */
function completenessPart(text: string): string[] {
  const lines = text.split('\n');
  const from = lines.findIndex((l) => l.startsWith('unproven sites'));
  return from === -1 ? [] : lines.slice(from).filter((l) => l.startsWith('  shop/') || l.startsWith('unproven') || l.startsWith('may be incomplete'));
}

describe('arbor mcp answers as the CLI does', () => {
  it('callers carries the unproven same-name sites and the may-be-incomplete line, word for word the CLI’s', async () => {
    const r = await call({ operation: 'callers', symbol: 'Page::render' });
    expect(r.isError).toBe(false);
    expect(r.text).toContain('shop/views.py:2');
    expect(r.text).toMatch(/may be incomplete: 1 unresolved same-name site/);
    const shared = completenessPart(cli('callers', 'Page::render'));
    expect(shared.length).toBeGreaterThan(1);
    for (const line of shared) expect(r.text).toContain(line);
  });

  it('node, impact and trace carry them too', async () => {
    expect((await call({ operation: 'node', symbol: 'Page::render' })).text).toContain('may be incomplete');
    expect((await call({ operation: 'impact', symbol: 'Page::render' })).text).toContain('may be incomplete');
    const trace = await call({ operation: 'trace', from: 'main', to: 'Page::render' });
    expect(trace.isError).toBe(false);
    expect(trace.text).toMatch(/unproven sites could make one/);
    expect(trace.text).toContain('shop/views.py:2');
  });

  it('a name several declarations share is answered per definition, not an error', async () => {
    const r = await call({ operation: 'callers', symbol: 'render' });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/"render" has 2 definitions; each answered apart/);
    expect(r.text).toContain('callers of method Page::render shop/render.py:2');
    expect(r.text).toContain('callers of method Card::render shop/render.py:7');
    expect(r.text).toContain('narrow with the file or kind argument');
  });

  it('overload stubs and recursion read as in the CLI: one answer, the recursive call marked', async () => {
    const r = await call({ operation: 'callers', symbol: 'convert' });
    expect(r.text).not.toContain('definitions');
    expect(r.text).toMatch(/<- function convert shop\/convert\.py:8 .*\(recursive: calls itself\)/);
    expect((await call({ operation: 'node', symbol: 'convert' })).text).toContain('overloads (stubs folded into this declaration): shop/convert.py:5, shop/convert.py:7');
  });

  it('the CLI’s argument names work: target, filter, --from-file/--to-kind and --edge-kinds spellings', async () => {
    const impact = await call({ operation: 'impact', target: 'convert' });
    expect(impact.isError).toBe(false);
    expect(impact.text).toContain('impact of function convert shop/convert.py:8');
    const files = await call({ operation: 'files', filter: 'tests' });
    expect(files.text).toContain('tests/test_convert.py');
    expect(files.text).not.toContain('shop/main.py');
    const trace = await call({ operation: 'trace', from: 'main', to: 'render', 'to-file': 'shop/render.py', to_kind: 'method' });
    expect(trace.isError).toBe(true); // two methods named render in that file: the error lists them
    expect(trace.text).toContain('Card::render');
    const narrowed = await call({ operation: 'callers', symbol: 'convert', 'edge-kinds': 'instantiates' });
    expect(narrowed.text).toContain('following instantiates');
  });

  it('a wrong argument name is answered with the names the operation takes', async () => {
    const r = await call({ operation: 'callers', name: 'convert' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('unknown argument `name`: operation `callers` takes symbol (required)');
    const clash = await call({ operation: 'impact', symbol: 'convert', target: 'main' });
    expect(clash.isError).toBe(true);
    expect(clash.text).toContain('`target` and `symbol` are the same argument and disagree');
    const missing = await call({ operation: 'trace', symbol: 'main' });
    expect(missing.text).toContain('needs argument `from` (it takes from (required), to (required)');
  });

  it('the server reports the package version, and plural matches are "matches"', async () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'packages', 'cli', 'package.json'), 'utf8')) as { version: string };
    expect(client.getServerVersion()).toMatchObject({ name: 'arbor', version: pkg.version });
    expect(pkg.version).not.toBe('0.0.0');
    const r = await call({ operation: 'search', query: 'render' });
    expect(r.text).toMatch(/^search "render": \d+ matches/);
  });
});
