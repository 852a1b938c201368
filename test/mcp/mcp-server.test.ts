/**
 * `arbor mcp` end to end: the built binary driven by the MCP SDK's own client over stdio.
 * Query answers are checked against the sample graph (a v4 database written the way the codegraph
 * CLI writes one); indexing runs the real indexer on a small temporary tree.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject } from '../../packages/query/src/test-support/v4-database.js';
import { sampleGraph } from '../../packages/query/src/test-support/sample-graph.js';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

async function connect(args: string[], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), ARBOR_NO_WATCH: '1', ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'arbor-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, args: Record<string, unknown>, tool = 'codegraph'): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return { text, isError: result.isError === true };
}

function sourceTree(): string {
  const root = tempDir('arbor-mcp-src-');
  const files: Record<string, string> = {
    'src/config.ts': "export function parseConfig(text: string) {\n  return normalise(text.trim());\n}\nfunction normalise(s: string) {\n  return s.toLowerCase();\n}\n",
    'src/main.ts': "import { parseConfig } from './config';\nexport function start() {\n  return parseConfig(' X ');\n}\n",
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe('arbor mcp on a graph the codegraph CLI could have written', () => {
  let client: Client;
  let root: string;
  beforeAll(async () => {
    root = makeProject(sampleGraph(), tempDir('arbor-mcp-graph-')).root;
    client = await connect([root]);
  });

  it('lists exactly the two tools, with the operations and their required arguments in the schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['codegraph', 'codegraph_index']);
    const query = tools.find((t) => t.name === 'codegraph')!;
    const operation = (query.inputSchema.properties as Record<string, { enum?: string[]; description?: string }>).operation;
    expect(operation.enum?.sort()).toEqual(['affected', 'callees', 'callers', 'context', 'explore', 'files', 'impact', 'map', 'node', 'search', 'status', 'trace']);
    expect(query.inputSchema.required).toEqual(['operation']);
    expect(query.description).toContain('trace (from, to)');
    expect(query.description).toContain('affected (files or since)');
    expect(query.annotations?.readOnlyHint).toBe(true);
  });

  it('search: every hit with file:line', async () => {
    const r = await call(client, { operation: 'search', query: 'helper' });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/function helper src\/b\.ts:2/);
  });

  it('node: members, callers and callees, each edge with how it was resolved', async () => {
    const r = await call(client, { operation: 'node', symbol: 'helper' });
    expect(r.isError).toBe(false);
    expect(r.text).toContain('function helper src/b.ts:2-4');
    expect(r.text).toMatch(/callers \(3\):/);
    expect(r.text).toMatch(/function main src\/a\.ts:2 \[calls at src\/a\.ts:5 via import\]/);
    expect(r.text).toMatch(/method Greeter::greet src\/b\.ts:7 \[calls at src\/b\.ts:7 via unique-name, name-based\]/);
    expect(r.text).toMatch(/callees \(1\):\n- function inner src\/b\.ts:5/);
  });

  it('callers and callees follow depth', async () => {
    const up = await call(client, { operation: 'callers', symbol: 'inner', depth: 2 });
    expect(up.text).toMatch(/<- function helper src\/b\.ts:2 \[calls at src\/b\.ts:3 via same-file\]/);
    expect(up.text).toMatch(/\n {2}<- function main src\/a\.ts:2/);
    const shallow = await call(client, { operation: 'callers', symbol: 'inner', depth: 1 });
    expect(shallow.text).not.toContain('function main');
    expect(shallow.text).toContain('more beyond this depth');
    const down = await call(client, { operation: 'callees', symbol: 'main' });
    expect(down.text).toMatch(/-> class Greeter src\/b\.ts:6 \[instantiates at src\/a\.ts:3 via import\]/);
  });

  it('impact, trace, files, explore, context', async () => {
    const impact = await call(client, { operation: 'impact', symbol: 'inner' });
    expect(impact.isError).toBe(false);
    expect(impact.text).toMatch(/impact of function inner src\/b\.ts:5: risk \w+/);
    expect(impact.text).toContain('src/a.ts');
    expect(impact.text).toContain('tests: src/b.test.ts');

    const trace = await call(client, { operation: 'trace', from: 'main', to: 'inner' });
    expect(trace.text).toMatch(/function main src\/a\.ts:2 -> function helper src\/b\.ts:2 \[calls at src\/a\.ts:5 via import\]/);
    expect(trace.text).toMatch(/function helper src\/b\.ts:2 -> function inner src\/b\.ts:5/);

    const files = await call(client, { operation: 'files', path: 'src' });
    expect(files.text).toMatch(/^dir src: 4 files/);
    expect(files.text).toContain('- src/b.ts typescript');
    expect(files.text).not.toContain('py/tool.py');

    const explore = await call(client, { operation: 'explore', query: 'helper' });
    expect(explore.text).toContain('## function helper src/b.ts:2-4 (match)');
    expect(explore.text).toContain('return inner(n) + 1;');
    expect(explore.text).toContain('## function inner src/b.ts:5-5 (callee of function helper src/b.ts:2)');

    const context = await call(client, { operation: 'context', task: 'change how the greeter validates names' });
    expect(context.isError).toBe(false);
    expect(context.text).toMatch(/## method Greeter::validate src\/b\.ts:8/);
  });

  it('status: what is indexed, who wrote it, staleness and the worktree', async () => {
    const r = await call(client, { operation: 'status' });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/schema v4, written by arbor 0\.1\.0/);
    expect(r.text).toContain('5 files');
    expect(r.text).toContain('fresh: every indexed file matches the disk');
    expect(r.text).toContain('git: not a git repository');
    expect(r.text).toContain('watch: off');
  });

  it('missing and wrong arguments are tool errors that name the argument', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /missing argument `operation`/],
      [{ operation: 'grep' }, /unknown operation `grep`/],
      [{ operation: 'callers' }, /operation `callers` needs argument `symbol`/],
      [{ operation: 'trace', from: 'main' }, /operation `trace` needs argument `to`/],
      [{ operation: 'context', task: '  ' }, /needs argument `task`/],
      [{ operation: 'search', query: 'x', limit: 0 }, /argument `limit` must be a whole number ≥ 1/],
      [{ operation: 'search', query: 'x', depth: 'deep' }, /argument `depth` must be a whole number/],
      [{ operation: 'search', query: 7 }, /argument `query` must be a string/],
      [{ operation: 'search', query: 'x', root: '/' }, /unknown argument `root`/],
      [{ operation: 'node', symbol: 'nothingLikeThis' }, /symbol-not-found/],
    ];
    for (const [args, message] of cases) {
      const r = await call(client, args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(r.text, JSON.stringify(args)).toMatch(message);
    }
    // A name two declarations share: the top-level one is answered, the other named, no error.
    const shared = await call(client, { operation: 'node', symbol: 'validate' });
    expect(shared.isError).toBeFalsy();
    expect(shared.text).toMatch(/function validate[\s\S]*src\/c\.ts:1/);
    expect(shared.text).toContain('also named validate: Greeter::validate src/b.ts:8');
    const unknownTool = (await client.callTool({ name: 'grep', arguments: {} })) as CallToolResult;
    expect(unknownTool.isError).toBe(true);
  });

  it('arguments never lead outside the root', async () => {
    const outside = tempDir('arbor-mcp-outside-');
    writeFileSync(join(outside, 'secret.ts'), 'export function secretThing() {}\n');
    for (const args of [
      { operation: 'files', path: '../' },
      { operation: 'files', path: outside },
      { operation: 'node', symbol: join(outside, 'secret.ts') },
      { operation: 'explore', query: 'secretThing', file: '../' },
      { operation: 'impact', symbol: '/etc/passwd' },
    ]) {
      const r = await call(client, args);
      expect(r.text, JSON.stringify(args)).not.toContain('secretThing()');
      expect(r.text, JSON.stringify(args)).not.toContain('root:x:0');
    }
  });
});

describe('bounded answers', () => {
  it('a limit above maxLimit is clamped and says so; a byte cap cuts the answer and says so', async () => {
    const root = makeProject(sampleGraph(), tempDir('arbor-mcp-bounds-')).root;
    const client = await connect([root, '--max-limit', '2', '--max-bytes', '200']);
    const many = await call(client, { operation: 'files', limit: 40 });
    expect(many.isError).toBe(false);
    expect(many.text.match(/^- /gm)?.length).toBe(2);
    expect(many.text).toContain('limit 40 is above this server\'s maximum; used 2');
    const { tools } = await client.listTools();
    const limit = (tools[0].inputSchema.properties as Record<string, { maximum?: number }>).limit;
    expect(limit.maximum).toBe(2);

    const long = await call(client, { operation: 'explore', query: 'helper', limit: 2 });
    expect(Buffer.byteLength(long.text)).toBeLessThanOrEqual(200);
    expect(long.text).toMatch(/answer cut at 200 bytes \(\d+ lines kept\)/);
    expect(long.text).toContain('## function helper src/b.ts:2-4 (match)');
  });
});

describe('without an index', () => {
  it('status says there is none and names codegraph_index; every other operation is a tool error', async () => {
    const root = sourceTree();
    const client = await connect([root]);
    const status = await call(client, { operation: 'status' });
    expect(status.isError).toBe(false);
    expect(status.text).toMatch(/no index for .*Run the codegraph_index tool/);
    for (const args of [
      { operation: 'search', query: 'parseConfig' },
      { operation: 'files' },
      { operation: 'callers', symbol: 'parseConfig' },
      { operation: 'context', task: 'parse the config' },
    ]) {
      const r = await call(client, args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(r.text).toMatch(/no index for .*not an empty result.*codegraph_index/);
    }
    // No query indexed anything behind our back.
    expect(() => statSync(join(root, '.codegraph', 'codegraph.db'))).toThrow();
  });
});

describe('codegraph_index', () => {
  it('indexes with progress notifications, then queries answer from the new graph', async () => {
    const root = sourceTree();
    const client = await connect([root]);
    const progress: Array<{ progress: number; message?: string }> = [];
    const result = (await client.callTool({ name: 'codegraph_index', arguments: {} }, undefined, {
      onprogress: (p) => progress.push({ progress: p.progress, message: p.message }),
    })) as CallToolResult;
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    expect(result.isError, text).toBeFalsy();
    expect(text).toMatch(/indexed .*: 2 files/);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));
    expect(progress.some((p) => p.message?.startsWith('extract'))).toBe(true);

    const callers = await call(client, { operation: 'callers', symbol: 'parseConfig' });
    expect(callers.isError).toBe(false);
    expect(callers.text).toMatch(/<- function start src\/main\.ts:2 \[calls at src\/main\.ts:3 via import\]/);
    const status = await call(client, { operation: 'status' });
    expect(status.text).toMatch(/written by arbor/);
  });

  it('two concurrent calls for one root never run at once: the second waits, then indexes again', async () => {
    const root = sourceTree();
    const client = await connect([root]);
    const [a, b] = await Promise.all([
      call(client, {}, 'codegraph_index'),
      call(client, {}, 'codegraph_index'),
    ]);
    expect(a.isError, a.text).toBe(false);
    expect(b.isError, b.text).toBe(false);
    expect([a.text, b.text].filter((t) => t.includes('waited for it')).length).toBe(1);
    // The graph both left behind is whole.
    const nodes = await call(client, { operation: 'search', query: 'normalise' });
    expect(nodes.text).toContain('function normalise src/config.ts:4');
  });

  it('gives up at its timeout and keeps the previous graph', async () => {
    const root = makeProject(sampleGraph(), tempDir('arbor-mcp-timeout-')).root;
    const db = join(root, '.codegraph', 'codegraph.db');
    const before = readFileSync(db);
    const client = await connect([root, '--index-timeout', '0.001']);
    const r = await call(client, {}, 'codegraph_index');
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/gave up after 0\.001 s .*previous graph, if any, is unchanged/);
    expect(readFileSync(db).equals(before)).toBe(true);
    const still = await call(client, { operation: 'search', query: 'helper' });
    expect(still.text).toContain('function helper src/b.ts:2');
  });

  it('rejects arguments: it indexes the server root only', async () => {
    const client = await connect([sourceTree()]);
    const r = await call(client, { root: '/' }, 'codegraph_index');
    expect(r.isError).toBe(true);
    expect(r.text).toContain('takes no arguments');
  });
});

describe('the root from the client', () => {
  it('without a root argument the server uses the client\'s first file root', async () => {
    const root = makeProject(sampleGraph(), tempDir('arbor-mcp-roots-')).root;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: tmpdir(),
      env: { ...(process.env as Record<string, string>), ARBOR_NO_WATCH: '1' },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'arbor-test', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
    const { ListRootsRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: `file://${root}`, name: 'project' }] }));
    await client.connect(transport);
    clients.push(client);
    const r = await call(client, { operation: 'search', query: 'helper' });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain('function helper src/b.ts:2');
  });
});

describe('a codegraph v11 graph', () => {
  it('is served as it is', async () => {
    const graph = sampleGraph({ v11: true, versions: [1, 4, 5, 6, 7, 8, 9, 10, 11], metadata: { indexed_with_version: '1.6.1' } });
    const root = makeProject(graph, tempDir('arbor-mcp-v11-')).root;
    const client = await connect([root]);
    const status = await call(client, { operation: 'status' });
    expect(status.text).toMatch(/schema v11, written by codegraph 1\.6\.1/);
    const callers = await call(client, { operation: 'callers', symbol: 'helper' });
    expect(callers.text).toContain('<- function main src/a.ts:2');
  });
});
