/**
 * Answers that read right, on real git repositories made here: Python overload stubs answered
 * once, recursive calls listed, a missing trace path that says whether unproven sites could make
 * one, callees that do not warn about builtins, and search that flags a weak best match and puts
 * the implementation above tests and examples. The CLI as a process, with `--json` where the
 * shape is the point.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, removeTemps } from '../git-hooks/git-test-repo.js';
import { indexedRepository, PYTHON_FILES } from './answer-repos.js';

afterAll(removeTemps);

function arbor(root: string, ...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, [BIN, ...args, '-p', root], {
    encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' },
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const json = (root: string, ...args: string[]) => {
  const r = arbor(root, ...args, '--json');
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('answers on a Python repository', () => {
  let root: string;
  beforeAll(() => {
    root = indexedRepository('arbor-answers-py-', PYTHON_FILES);
  });

  it('@overload stubs fold into their implementation: callers answer once, with the calls that landed on a stub', () => {
    const r = json(root, 'callers', 'convert');
    expect(r.answers).toBeUndefined();
    expect(r.symbol).toMatchObject({ filePath: 'shop/convert.py', startLine: 8 });
    const callers = r.hops.map((h: { node: { qualifiedName: string } }) => h.node.qualifiedName).sort();
    expect(callers).toEqual(['convert', 'main', 'test_convert']);
  });

  it('node of an overloaded function names its stubs and its callers', () => {
    const r = json(root, 'node', 'convert');
    expect(r.node.startLine).toBe(8);
    expect(r.overloads.map((o: { startLine: number }) => o.startLine)).toEqual([5, 7]);
    expect(r.counts.callers).toBe(3);
    const human = arbor(root, 'node', 'convert').stdout;
    expect(human).not.toContain('definitions');
    expect(human).toContain('overloads: shop/convert.py:5, shop/convert.py:7');
  });

  it('trace accepts the overloaded name and ends the path at the implementation', () => {
    const r = json(root, 'trace', 'main', 'convert');
    expect(r.found).toBe(true);
    expect(r.paths[0].hops.at(-1).to).toMatchObject({ name: 'convert', startLine: 8 });
  });

  it('a stub named by path:line means its function', () => {
    expect(json(root, 'node', 'shop/convert.py:5').node.startLine).toBe(8);
  });

  it('a recursive call is listed among the callers, marked recursive', () => {
    const r = json(root, 'callers', 'factorial');
    const self = r.hops.find((h: { recursive?: boolean }) => h.recursive);
    expect(self).toMatchObject({ depth: 1, node: { name: 'factorial' }, sites: [{ filePath: 'shop/convert.py', line: 15 }] });
    expect(arbor(root, 'callers', 'factorial').stdout).toMatch(/← factorial .*recursive: calls itself/);
    const node = json(root, 'node', 'factorial');
    expect(node.callers.filter((c: { recursive?: boolean }) => c.recursive)).toHaveLength(1);
    // The overloaded function's recursion landed on a stub: still itself.
    expect(json(root, 'callers', 'convert').hops.find((h: { recursive?: boolean }) => h.recursive)?.sites[0].line).toBe(10);
  });

  it('callees do not warn about calls into builtins', () => {
    const r = json(root, 'callees', 'main');
    expect(r.completeness.complete).toBe(true);
    expect(arbor(root, 'callees', 'main').stdout).not.toContain('may be incomplete');
  });

  it('callees still warn about a call whose receiver was not proven', () => {
    const r = json(root, 'callees', 'show');
    expect(r.completeness.complete).toBe(false);
    expect(r.completeness.reasons[0]).toMatch(/1 site in it left unresolved that may call indexed code/);
  });

  it('trace with no proven path says that an unproven site could make one, and lists it', () => {
    const r = json(root, 'trace', 'main', 'Page::render');
    expect(r.found).toBe(false);
    expect(r.message).toMatch(/unproven sites could make one/);
    expect(r.completeness.unprovenSites).toEqual([expect.objectContaining({ reference: 'widget.render', filePath: 'shop/views.py', line: 2 })]);
    const human = arbor(root, 'trace', 'main', 'Page::render').stdout;
    expect(human).toContain('shop/views.py:2');
    expect(human).toContain('may be incomplete');
  });

  it('trace with no path and no unproven site says so', () => {
    const r = json(root, 'trace', 'lonely', 'factorial');
    expect(r.found).toBe(false);
    expect(r.completeness.complete).toBe(true);
    expect(r.message).toMatch(/no unproven site could make one either/);
  });

  it('search puts the implementation above a test that matches as well, and flags a weak best match', () => {
    const r = json(root, 'search', 'convert');
    expect(r.results[0].node).toMatchObject({ filePath: 'shop/convert.py', name: 'convert' });
    expect(r.results.findIndex((h: { node: { name: string } }) => h.node.name === 'test_convert'))
      .toBeGreaterThan(r.results.findIndex((h: { node: { filePath: string } }) => h.node.filePath === 'shop/convert.py'));
    expect(r.lowConfidence).toBeNull();
    const weak = json(root, 'search', 'render', 'pipeline');
    expect(weak.lowConfidence).toMatch(/only some of the 2 words/);
    expect(arbor(root, 'search', 'render', 'pipeline').stdout).toContain('low confidence');
  });
});

describe('answers on a TypeScript repository', () => {
  let root: string;
  beforeAll(() => {
    root = indexedRepository('arbor-answers-ts-', {
      'src/pad.ts': [
        'export function pad(value: string): string;',
        'export function pad(value: number): string;',
        'export function pad(value: string | number): string {',
        '  return String(value);',
        '}',
        '',
      ].join('\n'),
      'src/use.ts': "import { pad } from './pad';\nexport function run() {\n  return pad(1);\n}\n",
      'examples/demo.ts': "import { pad } from '../src/pad';\nexport function padDemo() {\n  return pad('x');\n}\n",
    });
  });

  it('overload signatures are one declaration: one answer, spanning the signatures and the implementation', () => {
    const r = json(root, 'callers', 'pad');
    expect(r.answers).toBeUndefined();
    // The node starts at the first signature (where a call's overload is declared) and ends with the implementation.
    expect([r.symbol.startLine, r.symbol.endLine]).toEqual([1, 5]);
    expect(r.hops.map((h: { node: { name: string } }) => h.node.name).sort()).toEqual(['padDemo', 'run']);
  });

  it('an example ranks below the implementation it uses', () => {
    const names = json(root, 'search', 'pad').results.map((h: { node: { filePath: string } }) => h.node.filePath);
    expect(names.indexOf('src/pad.ts')).toBeLessThan(names.indexOf('examples/demo.ts'));
  });
});
