import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affected } from '../commands/affected.js';
import { callees, callers } from '../commands/callers.js';
import { impact } from '../commands/impact.js';
import { nodeInfo } from '../commands/node.js';
import { openProject, type Project } from '../project.js';
import { idOf, makeProject, type TestGraph } from '../test-support/v4-database.js';
import { referenceTail } from './unproven.js';

// app.py declares App.ensure_sync and a top-level helper; ctx.py and a test call ensure_sync on
// receivers the writer could not type; a TypeScript file uses the same member name.
const app = { kind: 'class', name: 'App', file: 'pkg/app.py', line: 1, endLine: 9, language: 'python' };
const ensure = { kind: 'method', name: 'ensure_sync', qualifiedName: 'App::ensure_sync', file: 'pkg/app.py', line: 2, endLine: 3, language: 'python', parent: idOf(app) };
const dispatch = { kind: 'method', name: 'dispatch', qualifiedName: 'App::dispatch', file: 'pkg/app.py', line: 4, endLine: 5, language: 'python', parent: idOf(app) };
const helper = { kind: 'function', name: 'helper', file: 'pkg/app.py', line: 10, endLine: 11, language: 'python' };
const wrapper = { kind: 'function', name: 'wrapper', file: 'pkg/ctx.py', line: 1, endLine: 3, language: 'python' };
const testIt = { kind: 'function', name: 'test_it', file: 'tests/test_app.py', line: 1, endLine: 6, language: 'python' };
const testOther = { kind: 'function', name: 'test_other', file: 'tests/test_other.py', line: 1, endLine: 3, language: 'python' };
const web = { kind: 'function', name: 'web', file: 'web/main.ts', line: 1, endLine: 3 };

function graph(): TestGraph {
  const files = ['pkg/app.py', 'pkg/ctx.py', 'tests/test_app.py', 'tests/test_other.py'].map((path) => ({ path, content: 'x = 1\n'.repeat(12), language: 'python' }));
  return {
    files: [...files, { path: 'web/main.ts', content: 'x;\n'.repeat(4) }],
    nodes: [app, ensure, dispatch, helper, wrapper, testIt, testOther, web],
    edges: [
      { source: idOf(dispatch), target: idOf(ensure), kind: 'calls', line: 5, col: 8, resolvedBy: 'this-member' },
      { source: idOf(testOther), target: idOf(dispatch), kind: 'calls', line: 2, col: 4, resolvedBy: 'annotated-receiver' },
      { source: 'file:tests/test_other.py', target: 'file:pkg/app.py', kind: 'imports', line: 1, col: 0, resolvedBy: 'import' },
    ],
    unresolved: [
      { from: idOf(wrapper), name: 'ctx.app.ensure_sync', line: 2, col: 11, file: 'pkg/ctx.py' },
      { from: idOf(testIt), name: 'client.app.ensure_sync', line: 2, col: 4, file: 'tests/test_app.py' },
      // A longer name ending the same way is another name.
      { from: idOf(testIt), name: 'app.ensure_sync_now', line: 3, col: 4, file: 'tests/test_app.py' },
      // A bare top-level name without candidates is bound to something else.
      { from: idOf(testIt), name: 'helper', line: 4, col: 4, file: 'tests/test_app.py' },
      // With the writer's candidates naming helper, it may be helper.
      { from: idOf(testIt), name: 'helper', line: 5, col: 4, file: 'tests/test_app.py', candidates: [idOf(helper), 'function:elsewhere'] },
      // Another language cannot call a Python method.
      { from: idOf(web), name: 'api.ensure_sync', line: 2, col: 2, file: 'web/main.ts' },
      // An unresolved site one hop further out: reaches dispatch, a caller of ensure_sync.
      { from: idOf(wrapper), name: 'self.app.dispatch', line: 3, col: 4, file: 'pkg/ctx.py' },
    ],
  };
}

let project: Project;
let root: string;
beforeAll(() => {
  root = makeProject(graph()).root;
  project = openProject({ path: root, cwd: root });
});
afterAll(() => {
  project.close();
  rmSync(root, { recursive: true, force: true });
});

describe('unproven sites: an answer built from edges says when it is a lower bound', () => {
  it('callers lists same-name sites on unproven receivers apart, non-test files first, and says why', () => {
    const r = callers(project, 'ensure_sync');
    expect(r.hops.map((h) => h.node.name)).toEqual(['dispatch']);
    expect(r.completeness.complete).toBe(false);
    expect(r.completeness.unprovenSites.map((s) => [s.reference, `${s.filePath}:${s.line}`, s.isTest, s.from?.name])).toEqual([
      ['ctx.app.ensure_sync', 'pkg/ctx.py:2', false, 'wrapper'],
      ['client.app.ensure_sync', 'tests/test_app.py:2', true, 'test_it'],
    ]);
    expect(r.completeness.unprovenTotal).toBe(2);
    expect(r.completeness.reasons).toEqual([
      '2 unresolved same-name sites (2 files, 1 of them test) may also reach it: receiver or name not proven',
    ]);
  });

  it('at depth 2 also lists sites that may reach a caller, and --limit cuts the list, not the total', () => {
    const r = callers(project, 'ensure_sync', { depth: 2, limit: 1 });
    expect(r.completeness.unprovenTotal).toBe(3);
    expect(r.completeness.unprovenSites).toHaveLength(1);
    const all = callers(project, 'ensure_sync', { depth: 2 });
    expect(all.completeness.unprovenSites.map((s) => s.reference)).toContain('self.app.dispatch');
  });

  it('a top-level function counts only sites whose candidates name it', () => {
    const r = callers(project, 'helper');
    expect(r.completeness.unprovenSites.map((s) => [s.line, s.candidate])).toEqual([[5, true]]);
    expect(r.completeness.reasons[0]).toContain('1 with an ambiguous name');
  });

  it('an answer with nothing unproven is complete', () => {
    const r = callers(project, 'web');
    expect(r.completeness).toEqual({ complete: true, reasons: [], unprovenSites: [], unprovenTotal: 0 });
  });

  it('callees count the unresolved sites inside the walked declarations', () => {
    const r = callees(project, 'wrapper');
    expect(r.completeness.complete).toBe(false);
    expect(r.completeness.reasons[0]).toMatch(/^2 sites in it left unresolved/);
  });

  it('node carries the same completeness for its callers', () => {
    const r = nodeInfo(project, 'App::ensure_sync');
    expect(r.completeness.unprovenTotal).toBe(2);
  });

  it('impact names test files only an unproven site links, apart from the affected tests', () => {
    const r = impact(project, 'App::ensure_sync');
    expect(r.affectedTests).toEqual(['tests/test_other.py']);
    expect(r.possibleTests).toEqual(['tests/test_app.py']);
    expect(r.completeness.complete).toBe(false);
  });

  it('affected keeps its list exact and names the possible tests apart', () => {
    const r = affected(project, ['pkg/app.py']);
    expect(r.affectedTests.map((t) => t.filePath)).toEqual(['tests/test_other.py']);
    expect(r.possibleTests).toEqual(['tests/test_app.py']);
    // ctx.py is not reached through the graph, so its sites (ensure_sync, dispatch) are listed too.
    expect(r.completeness.unprovenSites.map((s) => `${s.filePath}:${s.line}`)).toEqual(['pkg/ctx.py:2', 'pkg/ctx.py:3', 'tests/test_app.py:2', 'tests/test_app.py:5']);
    expect(r.completeness.reasons).toContain('1 more test file may be affected (possibleTests)');
  });
});

describe('referenceTail', () => {
  it('takes the last name segment', () => {
    expect(referenceTail('ctx.app.ensure_sync')).toBe('ensure_sync');
    expect(referenceTail('a?.b')).toBe('b');
    expect(referenceTail('ns::f')).toBe('f');
    expect(referenceTail('new Foo()')).toBe('Foo');
    expect(referenceTail('helper')).toBe('helper');
  });
});
