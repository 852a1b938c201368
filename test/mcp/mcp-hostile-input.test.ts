/**
 * `arbor mcp` on hostile input (docs/threat-model.md, "Second adversarial review"): a request over 10 MiB (finding 8)
 * and a tool error quoting megabytes of argument (finding 9). The built binary, driven by the MCP
 * SDK's own client over stdio, and by raw lines where a client would never send them.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { makeProject } from '../../packages/query/src/test-support/v4-database.js';
import { sampleGraph } from '../../packages/query/src/test-support/sample-graph.js';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const ELEVEN_MIB = 11 * 1024 * 1024;
const temps: string[] = [];
const clients: Client[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  for (const child of children) child.kill();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function graphRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'arbor-mcp-hostile-'));
  temps.push(dir);
  return makeProject(sampleGraph(), dir).root;
}

async function connect(args: string[]): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), ARBOR_NO_WATCH: '1' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'arbor-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

async function call(client: Client, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name: 'codegraph', arguments: args })) as CallToolResult;
  return { text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n'), isError: result.isError === true };
}

/** The server as a child process spoken to line by line; `next()` waits for its next message. */
function rawServer(root: string) {
  const child = spawn(process.execPath, [BIN, 'mcp', root], { env: { ...process.env, ARBOR_NO_WATCH: '1' }, stdio: 'pipe' });
  children.push(child);
  const messages: unknown[] = [];
  const waiting: Array<(m: unknown) => void> = [];
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    for (let at = buffered.indexOf('\n'); at !== -1; at = buffered.indexOf('\n')) {
      const message = JSON.parse(buffered.slice(0, at)) as unknown;
      buffered = buffered.slice(at + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else messages.push(message);
    }
  });
  let exit: number | null | undefined;
  child.on('exit', (code) => (exit = code));
  return {
    child,
    exited: () => exit,
    send: (line: string) => new Promise<void>((resolve) => (child.stdin.write(line) ? resolve() : child.stdin.once('drain', () => resolve()))),
    next: () => new Promise<unknown>((resolve, reject) => {
      if (messages.length > 0) return resolve(messages.shift());
      const timer = setTimeout(() => reject(new Error(`no answer (server exit ${exit})`)), 30_000);
      waiting.push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    }),
  };
}

const initialize = (id: number) => `${JSON.stringify({
  jsonrpc: '2.0', id, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
})}\n`;

describe('finding 8: a request over 10 MiB', () => {
  it('through the SDK client: the call fails with a JSON-RPC error naming the limit, and the server answers the next call', async () => {
    const { client } = await connect([graphRoot()]);
    const error = await call(client, { operation: 'search', query: 'x'.repeat(ELEVEN_MIB) }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidRequest);
    expect((error as McpError).message).toMatch(/request of \d+ bytes is over this server's limit of 10485760 bytes/);
    const after = await call(client, { operation: 'search', query: 'helper' });
    expect(after.isError, after.text).toBe(false);
    expect(after.text).toContain('function helper src/b.ts:2');
  }, 60_000);

  it('line by line: the id is read from either end of the oversized line (null when neither has it), the server stays up', async () => {
    const server = rawServer(graphRoot());
    await server.send(initialize(1));
    expect(await server.next()).toMatchObject({ id: 1, result: { serverInfo: { name: 'arbor' } } });
    await server.send(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);

    const search = (id: number | string, query: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'codegraph', arguments: { operation: 'search', query } } });
    const huge = 'y'.repeat(ELEVEN_MIB);
    // The id after the short members that open the line, after all of it (as the SDK's client
    // writes it), and nowhere: then null, as JSON-RPC says.
    const { id: _id, ...rest } = search(0, huge);
    await server.send(`${JSON.stringify(search(7, huge))}\n`);
    expect(await server.next()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32600 } });
    await server.send(`${JSON.stringify({ ...rest, id: 'last' })}\n`);
    expect(await server.next()).toMatchObject({ id: 'last', error: { code: -32600 } });
    await server.send(`${JSON.stringify({ ...rest, params: { ...rest.params, id: 99 } })}\n`);
    expect(await server.next()).toMatchObject({ id: null, error: { code: -32600 } });
    // A line that is not JSON, and JSON that is not JSON-RPC: answered, not fatal.
    await server.send('{"jsonrpc": "2.0", "id": 8, "method": \n');
    expect(await server.next()).toMatchObject({ id: null, error: { code: -32700 } });
    await server.send('{"id": 9, "hello": "world"}\n');
    expect(await server.next()).toMatchObject({ id: 9, error: { code: -32600 } });

    await server.send(`${JSON.stringify(search(10, 'helper'))}\n`);
    const answer = (await server.next()) as { id: number; result: CallToolResult };
    expect(answer.id).toBe(10);
    expect(answer.result.content[0]).toMatchObject({ type: 'text' });
    expect((answer.result.content[0] as { text: string }).text).toContain('function helper src/b.ts:2');
    expect(server.exited()).toBeUndefined();
  }, 60_000);
});

describe('finding 9: a tool error is capped like an answer', () => {
  it('a 2 MiB symbol that names nothing: the error fits --max-bytes and says it was cut (2 MiB came back)', async () => {
    const { client } = await connect([graphRoot(), '--max-bytes', '4KiB']);
    for (const args of [
      { operation: 'node', symbol: `missing${'z'.repeat(2 * 1024 * 1024)}` },
      { operation: 'search', query: 'helper', [`unknown${'k'.repeat(2 * 1024 * 1024)}`]: 1 },
    ]) {
      const r = await call(client, args);
      expect(r.isError).toBe(true);
      expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(4096);
      expect(r.text).toMatch(/… error cut at 4096 bytes \(\d+ lines kept\)$/);
    }
    // A short error is whole.
    const short = await call(client, { operation: 'node', symbol: 'nothingLikeThis' });
    expect(short.isError).toBe(true);
    expect(short.text).not.toContain('cut at');
  }, 60_000);
});
