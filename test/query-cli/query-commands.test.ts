import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleGraph, id } from '../../packages/query/src/test-support/sample-graph.js';
import { makeProject } from '../../packages/query/src/test-support/v4-database.js';
import { runQueryCli } from '../../packages/cli/src/test-support/run-query-cli.js';

const temps: string[] = [];
let root: string;
beforeAll(() => {
  root = makeProject(sampleGraph({ indexedAt: Date.now() + 60_000 })).root;
  temps.push(root);
});
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

const run = (args: string[], options: Partial<Parameters<typeof runQueryCli>[1]> = {}) => runQueryCli(args, { cwd: root, ...options });
const ESC = '\u001b[';

describe('arbor query commands', () => {
  it('every command answers with exit 0, and --json prints one parseable document', async () => {
    const commands = [
      ['status'], ['search', 'helper'], ['node', 'helper'], ['callers', 'helper'], ['callees', 'main'],
      ['impact', 'helper'], ['trace', 'main', 'inner'], ['files'], ['explore', 'helper'], ['context', 'greeter', 'names'],
      ['affected', 'src/b.ts'],
    ];
    for (const command of commands) {
      const human = await run(command);
      expect(human.code, command.join(' ')).toBe(0);
      expect(human.stdout.length, command.join(' ')).toBeGreaterThan(0);
      const json = await run([...command, '--json']);
      expect(json.code).toBe(0);
      expect(() => JSON.parse(json.stdout), command.join(' ')).not.toThrow();
      expect(json.stderr).toBe('');
    }
  });

  it('-p points at another project from anywhere', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'arbor-cwd-'));
    temps.push(elsewhere);
    const r = await run(['callers', 'helper', '-p', root, '--json'], { cwd: elsewhere });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hops.map((h: { node: { id: string } }) => h.node.id)).toContain(id.main);
  });

  it('a name two declarations share: the top-level one is answered and the other named, in trace too', async () => {
    const r = await run(['callers', 'validate']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('callers of function validate src/c.ts:1');
    expect(r.stdout).toMatch(/also named validate: Greeter::validate src\/b\.ts:8/);
    const json = JSON.parse((await run(['callers', 'validate', '--json'])).stdout);
    expect(json.symbol.id).toBe(id.validateC);
    expect(json.alsoNamed.map((n: { id: string }) => n.id)).toEqual([id.validate]);
    const trace = await run(['trace', 'helper', 'validate']);
    expect(trace.code).toBe(0);
    expect(trace.stdout).toContain('also named validate: Greeter::validate src/b.ts:8');
    const body = JSON.parse((await run(['trace', 'helper', 'validate', '--json'])).stdout);
    expect(body.to.id).toBe(id.validateC);
    expect(body.alsoNamed.to.map((n: { id: string }) => n.id)).toEqual([id.validate]);
    expect(body.alsoNamed.from).toEqual([]);
    const narrowed = await run(['callers', 'validate', '--kind', 'method', '--json']);
    expect(narrowed.code).toBe(0);
    expect(JSON.parse(narrowed.stdout).alsoNamed).toBeUndefined();
  });

  it('without an index: status says so and exits 0; every other command exits 3 naming arbor index', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'arbor-empty-'));
    temps.push(empty);
    const st = await run(['status'], { cwd: empty });
    expect(st.code).toBe(0);
    expect(st.stdout).toMatch(/No index/);
    expect(st.stdout).toMatch(/arbor index/);
    for (const command of [['search', 'x'], ['callers', 'x'], ['files'], ['affected', 'a.ts']]) {
      const r = await run(command, { cwd: empty });
      expect(r.code, command[0]).toBe(3);
      expect(r.stderr).toMatch(/arbor index/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('a broken index is one line on stderr and exit 4, never a stack trace', async () => {
    const cases: Array<[string, (dbPath: string) => void]> = [
      ['not sqlite', (p) => writeFileSync(p, 'plain text, not a database at all\n')],
      ['empty', (p) => writeFileSync(p, '')],
    ];
    for (const [name, damage] of cases) {
      const dir = mkdtempSync(join(tmpdir(), 'arbor-broken-'));
      temps.push(dir);
      mkdirSync(join(dir, '.codegraph'));
      damage(join(dir, '.codegraph', 'codegraph.db'));
      for (const command of [['status'], ['callers', 'x']]) {
        const r = await run(command, { cwd: dir });
        expect(r.code, name).toBe(4);
        expect(r.stderr.trim().split('\n'), name).toHaveLength(1);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
    }
    const future = makeProject(sampleGraph({ versions: [1, 4, 99] })).root;
    temps.push(future);
    const r = await run(['node', 'helper'], { cwd: future });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/schema v99/);
  });

  it('unknown symbols exit 1 with suggestions; impact of an unknown target is risk unknown', async () => {
    const r = await run(['node', 'helpr']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no symbol "helpr"/);
    const impact = await run(['impact', 'no_such_thing', '--json']);
    expect(impact.code).toBe(0);
    expect(JSON.parse(impact.stdout).risk).toBe('unknown');
  });

  it('usage errors: bad --limit, bad --depth, affected without files', async () => {
    expect((await run(['search', 'x', '--limit', '-1'])).code).toBe(2);
    expect((await run(['callers', 'helper', '--depth', '0'])).code).toBe(2);
    expect((await run(['affected'])).code).toBe(2);
  });

  it('colour only on a TTY, and never with NO_COLOR', async () => {
    expect((await run(['callers', 'helper'])).stdout).not.toContain(ESC);
    expect((await run(['callers', 'helper'], { isTTY: true })).stdout).toContain(ESC);
    expect((await run(['callers', 'helper'], { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain(ESC);
    expect((await run(['callers', 'helper', '--json'], { isTTY: true })).stdout).not.toContain(ESC);
  });

  it('affected prints only test paths on stdout, the summary on stderr', async () => {
    const r = await run(['affected', 'src/b.ts']);
    expect(r.stdout).toBe('src/b.test.ts\n');
    expect(r.stderr).toMatch(/1 test file affected by 1 changed file/);
    expect((await run(['affected', 'src/b.ts', '-q'])).stderr).toBe('');
  });

  it('--limit caps lists and --depth goes further', async () => {
    const limited = JSON.parse((await run(['callers', 'helper', '--limit', '1', '--json'])).stdout);
    expect(limited.hops).toHaveLength(1);
    expect(limited.truncated).toBe(true);
    const deep = JSON.parse((await run(['callers', 'inner', '--depth', '2', '--json'])).stdout);
    expect(deep.hops.some((h: { depth: number }) => h.depth === 2)).toBe(true);
  });
});

describe('signatures in one-line listings', async () => {
  const { inlineSignature } = await import('../../packages/cli/src/output/format.js');
  it.each([
    ['(n: number): number', 'helper', '(n: number): number'],
    ['function helper(n: number): number', 'helper', '(n: number): number'],
    ['def load_orders(path)', 'load_orders', '(path)'],
    ['const store = new UserStore()', 'store', ' = new UserStore()'],
    ['= new UserStore()', 'store', ' = new UserStore()'],
    ['private items: LineItem[] = []', 'items', ': LineItem[] = []'],
    ['class ReportWriter', 'ReportWriter', ''],
    ['class Box<T> extends Base', 'Box', '<T> extends Base'],
    [null, 'x', ''],
  ])('%s → %s', (signature, name, expected) => expect(inlineSignature(signature, name)).toBe(expected));
});
