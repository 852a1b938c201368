/**
 * The watch option of `arbor mcp`: on after a successful codegraph_index (the graph follows edits),
 * off with --no-watch (then `status` still reports the stale files it finds on disk).
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tree(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'arbor-mcp-watch-')));
  temps.push(root);
  write(root, 'src/a.ts', 'export function first() { return 1; }\n');
  return root;
}

function write(root: string, path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

async function connect(args: string[]): Promise<Client> {
  const env = { ...(process.env as Record<string, string>) };
  delete env.ARBOR_NO_WATCH;
  delete env.ARBOR_FORCE_WATCH;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], env, stderr: 'ignore' });
  const client = new Client({ name: 'arbor-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, tool: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  if (result.isError) throw new Error(text);
  return text;
}

describe('arbor mcp watch option', () => {
  it('is on after a successful codegraph_index: an edit reaches the graph without another index call', async () => {
    const root = tree();
    const client = await connect([root, '--debounce', '200']);
    expect(await call(client, 'codegraph', { operation: 'status' })).toContain('watch: off (starts after a successful codegraph_index)');
    await call(client, 'codegraph_index', {});
    expect(await call(client, 'codegraph', { operation: 'status' })).toMatch(/watch: on/);

    write(root, 'src/b.ts', "import { first } from './a';\nexport function second() { return first(); }\n");
    const deadline = Date.now() + 30_000;
    let answer = '';
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      answer = await call(client, 'codegraph', { operation: 'callers', symbol: 'first' });
      if (answer.includes('second')) break;
    }
    expect(answer).toMatch(/<- function second src\/b\.ts:2 \[calls at src\/b\.ts:2 via import\]/);
    expect(await call(client, 'codegraph', { operation: 'status' })).toMatch(/fresh: every indexed file matches the disk/);
  });

  it('is off with --no-watch, and status still reports what changed on disk', async () => {
    const root = tree();
    const client = await connect([root, '--no-watch', '--debounce', '100']);
    await call(client, 'codegraph_index', {});
    write(root, 'src/b.ts', 'export function second() { return 2; }\n');
    write(root, 'src/a.ts', 'export function first() { return 11; }\n');
    await new Promise((r) => setTimeout(r, 1000));
    const status = await call(client, 'codegraph', { operation: 'status' });
    expect(status).toContain('watch: off: turned off by --no-watch');
    expect(status).toMatch(/stale: 1 modified, 0 removed, 1 new since indexing/);
    expect(await call(client, 'codegraph', { operation: 'search', query: 'second' })).toContain('no declarations match');
  });
});
