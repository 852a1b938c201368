/**
 * `arbor map` and the MCP `map` operation on a git repository made here: the ranking follows what
 * the repository depends on, only exported declarations show, the byte budget is a hard bound, the
 * output is the same run after run, and what is left out is said.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, git, removeTemps, tempDir } from '../git-hooks/git-test-repo.js';

let root: string;
const clients: Client[] = [];

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeAll(() => {
  root = tempDir('arbor-map-');
  git(root, 'init', '-q');
  write('src/core/types.ts', 'export interface Money {\n  cents: number;\n  currency: string;\n}\nexport type Rate = number;\n');
  write('src/core/money.ts', [
    "import type { Money } from './types';",
    'export function add(a: Money, b: Money): Money {',
    '  return { cents: a.cents + b.cents, currency: same(a, b) };',
    '}',
    'function same(a: Money, b: Money): string {',
    '  return a.currency === b.currency ? a.currency : "mixed";',
    '}',
    'export class Ledger {',
    '  private entries: Money[] = [];',
    '  record(m: Money): void { this.entries.push(m); }',
    '  total(): Money { return this.entries.reduce(add); }',
    '}',
    '',
  ].join('\n'));
  for (const name of ['cart', 'invoice', 'refund']) {
    write(`src/features/${name}.ts`, [
      "import { add, Ledger } from '../core/money';",
      "import type { Money } from '../core/types';",
      `export function ${name}Total(items: Money[]): Money {`,
      '  const ledger = new Ledger();',
      '  items.forEach((m) => ledger.record(m));',
      '  return add(ledger.total(), { cents: 0, currency: "EUR" });',
      '}',
      '',
    ].join('\n'));
  }
  write('scripts/report.py', 'def report(rows):\n    return len(rows)\n');
  git(root, 'add', '.');
  git(root, 'commit', '-qm', 'money');
  execFileSync(process.execPath, [BIN, 'index', '-q', root], { stdio: 'pipe' });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  removeTemps();
});

const arbor = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8' });

describe('arbor map', () => {
  it('ranks the files everything depends on first, shows exported declarations with signatures and members, and imports', () => {
    const r = arbor('map', '--json');
    expect(r.status, r.stderr).toBe(0);
    const map = JSON.parse(r.stdout);
    expect(map.files.map((f: { filePath: string }) => f.filePath).slice(0, 2)).toEqual(['src/core/types.ts', 'src/core/money.ts']);
    // Nothing depends on the other four: they tie, and a tie goes by path.
    expect(map.files.slice(2).map((f: { filePath: string }) => f.filePath)).toEqual(
      ['scripts/report.py', 'src/features/cart.ts', 'src/features/invoice.ts', 'src/features/refund.ts'],
    );
    expect(new Set(map.files.slice(2).map((f: { score: number }) => f.score)).size).toBe(1);
    const money = map.files[1];
    expect(money.dependents).toBe(3);
    expect(money.imports).toEqual(['src/core/types.ts']);
    expect(money.declarations.map((d: { name: string }) => d.name)).toEqual(['add', 'Ledger']); // `same` is not exported
    expect(money.declarations[0].text).toBe('function add(a: Money, b: Money): Money');
    expect(money.declarations[1].members.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['record', 'total']));
    expect(map.leftOut).toEqual({ files: 0, paths: [] });
    const human = arbor('map');
    expect(human.stdout).toBe(map.text);
    expect(human.stdout).toMatch(/^Repository map: 6 of 6 files, most depended on first/);
    expect(human.stdout).toContain('src/core/money.ts  #2, 3 dependent files\n  imports src/core/types.ts\n  2: function add(a: Money, b: Money): Money\n');
  });

  it('keeps every budget, says what it left out, and prints the same bytes every run', () => {
    for (const budget of [256, 300, 400, 600, 900]) {
      const r = arbor('map', '--budget', String(budget));
      expect(r.status).toBe(0);
      expect(Buffer.byteLength(r.stdout), `budget ${budget}`).toBeLessThanOrEqual(budget);
      expect(arbor('map', '--budget', String(budget)).stdout).toBe(r.stdout);
    }
    const small = arbor('map', '--budget', '400');
    expect(small.stdout).toMatch(/… \d+ more files left out by the budget \(ranks \d+–6 of 6\): raise --budget/);
    const json = JSON.parse(arbor('map', '--budget', '400', '--json').stdout);
    expect(json.leftOut.files).toBeGreaterThan(0);
    expect(json.files.length + json.leftOut.files).toBe(6);
  });

  it('a folder maps its files with their ranks in the whole repository', () => {
    const r = arbor('map', 'src/features', '--json');
    const map = JSON.parse(r.stdout);
    expect(map.scope).toEqual({ type: 'dir', value: 'src/features' });
    expect(map.files.map((f: { rank: number }) => f.rank).sort()).toEqual([4, 5, 6]);
    expect(arbor('map', 'docs').stdout).toContain('No indexed file under docs.');
  });

  it('usage mistakes exit 2, a missing graph exits 3', () => {
    expect(arbor('map', '--budget', 'lots').status).toBe(2);
    const tiny = arbor('map', '--budget', '100');
    expect(tiny.status).toBe(2);
    expect(tiny.stderr).toContain('--budget must be at least 256 bytes');
    const empty = tempDir('arbor-map-empty-');
    const none = spawnSync(process.execPath, [BIN, 'map'], { cwd: empty, encoding: 'utf8' });
    expect(none.status).toBe(3);
    expect(none.stderr).toContain('arbor index');
  });
});

describe('the MCP map operation (official SDK client)', () => {
  async function connect(...extra: string[]): Promise<Client> {
    const transport = new StdioClientTransport({
      command: process.execPath, args: [BIN, 'mcp', root, ...extra], env: { ...(process.env as Record<string, string>), ARBOR_NO_WATCH: '1' }, stderr: 'ignore',
    });
    const client = new Client({ name: 'arbor-map-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }
  const call = async (client: Client, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name: 'codegraph', arguments: args })) as CallToolResult;
    return { text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n'), isError: result.isError === true };
  };

  it('answers the same map as the CLI, within its budget, narrowed by path; a bad budget is a tool error naming it', async () => {
    const client = await connect();
    const tools = await client.listTools();
    const schema = tools.tools.find((t) => t.name === 'codegraph')!.inputSchema as { properties: Record<string, { enum?: string[] }> };
    expect(schema.properties.operation.enum).toContain('map');
    expect(schema.properties).toHaveProperty('budget');
    const whole = await call(client, { operation: 'map' });
    expect(whole.isError).toBe(false);
    expect(whole.text).toBe(arbor('map').stdout);
    const small = await call(client, { operation: 'map', budget: 300 });
    expect(Buffer.byteLength(small.text)).toBeLessThanOrEqual(300);
    expect(small.text).toContain('left out by the budget');
    const folder = await call(client, { operation: 'map', path: 'src/core' });
    expect(folder.text).toMatch(/^Repository map of src\/core: 2 of 2 files/);
    const bad = await call(client, { operation: 'map', budget: 10 });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('argument `budget` must be a whole number ≥ 256');
  });

  it("never answers past the server's --max-bytes", async () => {
    const client = await connect('--max-bytes', '600');
    const r = await call(client, { operation: 'map', budget: 100_000 });
    expect(r.isError).toBe(false);
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(600);
    expect(r.text).toContain('left out by the budget');
  });
});
