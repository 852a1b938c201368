import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProject, type Project } from '../project.js';
import { id, sampleGraph } from '../test-support/sample-graph.js';
import { idOf, makeProject } from '../test-support/v4-database.js';
import { callees, callers } from './callers.js';
import { affected } from './affected.js';
import { impact, riskOf } from './impact.js';
import { nodeInfo } from './node.js';
import { trace } from './trace.js';

let project: Project;
let root: string;
beforeAll(() => {
  root = makeProject(sampleGraph()).root;
  project = openProject({ path: root, cwd: root });
});
afterAll(() => {
  project.close();
  rmSync(root, { recursive: true, force: true });
});

describe('callers / callees', () => {
  it('lists direct callers once each, with every call site and how it was resolved', () => {
    const r = callers(project, 'helper');
    expect(r.hops.map((h) => h.node.id).sort()).toEqual(['file:src/b.test.ts', id.greet, id.main].sort());
    const fromMain = r.hops.find((h) => h.node.id === id.main)!;
    // The duplicate edge row counts once.
    expect(fromMain.sites).toEqual([
      { kind: 'calls', filePath: 'src/a.ts', line: 5, column: 9, resolvedBy: 'import', confidence: 0.9, nameBased: false },
    ]);
    const fromGreet = r.hops.find((h) => h.node.id === id.greet)!;
    expect(fromGreet.sites[0]).toMatchObject({ filePath: 'src/b.ts', line: 7, resolvedBy: 'unique-name', nameBased: true });
    expect(r.nameBasedHops).toBe(1);
    expect(r.total).toBe(3);
  });

  it('follows --depth, each deeper hop naming the node it reaches through', () => {
    const one = callers(project, 'inner');
    expect(one.hops.map((h) => h.node.name)).toEqual(['helper']);
    expect(one.moreBeyondDepth).toBe(true);
    const two = callers(project, 'inner', { depth: 2 });
    const second = two.hops.filter((h) => h.depth === 2);
    expect(second.map((h) => h.node.id).sort()).toEqual(['file:src/b.test.ts', id.greet, id.main].sort());
    expect(second.every((h) => h.via === id.helper)).toBe(true);
    // greet → helper → inner and main → greet: main is already at depth 2, never repeated deeper.
    const three = callers(project, 'inner', { depth: 3 });
    expect(three.hops.filter((h) => h.node.id === id.main)).toHaveLength(1);
  });

  it('callees ignore edges to missing nodes and include instantiation', () => {
    const r = callees(project, 'main');
    expect(r.hops.map((h) => h.node.id).sort()).toEqual([id.greet, id.greeter, id.helper].sort());
    expect(r.hops.find((h) => h.node.id === id.greeter)!.sites[0].kind).toBe('instantiates');
  });

  it('--edge-kinds restricts what is followed', () => {
    const r = callees(project, 'main', { edgeKinds: ['calls'] });
    expect(r.hops.map((h) => h.node.id)).not.toContain(id.greeter);
  });

  it('--limit cuts the list and says so', () => {
    const r = callers(project, 'helper', { limit: 1 });
    expect(r.hops).toHaveLength(1);
    expect(r.truncated).toBe(true);
    expect(r.total).toBe(3);
  });
});

describe('node', () => {
  it('shows location, container, members, callers, callees and unresolved sites', () => {
    const greet = nodeInfo(project, 'Greeter::greet');
    expect(greet.container?.id).toBe(id.greeter);
    expect(greet.callers.map((c) => c.node.id)).toEqual([id.main]);
    expect(greet.callees.map((c) => c.node.id)).toEqual([id.helper]);
    expect(greet.fileState).toBe('fresh');

    const cls = nodeInfo(project, 'Greeter');
    expect(cls.members.map((m) => m.name)).toEqual(['greet', 'validate']);

    const run = nodeInfo(project, 'run');
    expect(run.unresolved).toHaveLength(1);
    expect(run.unresolved[0]).toMatchObject({ name: 'load', line: 6, filePath: 'py/tool.py' });
    expect(run.unresolved[0].candidates.map((c) => c.id).sort()).toEqual([id.helper, id.validateC].sort());
  });
});

describe('impact', () => {
  it('a symbol: reverse closure, dependent files, tests, risk and summary', () => {
    const r = impact(project, 'inner');
    expect(r.target.type).toBe('symbol');
    expect(r.affected.map((a) => [a.node.id, a.depth])).toEqual(
      expect.arrayContaining([[id.helper, 1], [id.main, 2], [id.greet, 2], ['file:src/b.test.ts', 2]]),
    );
    expect(r.dependentFiles.map((f) => f.filePath).sort()).toEqual(['src/a.ts', 'src/b.test.ts']);
    expect(r.affectedTests).toEqual(['src/b.test.ts']);
    // What `affected` would say of the symbol's file, so that a reader can tell why counts differ.
    expect(r.fileTests).toEqual({ filePath: 'src/b.ts', count: affected(project, ['src/b.ts']).affectedTests.length });
    expect(r.risk).toBe('low');
    expect(r.summary).toContain('inner');
    expect(r.summary).toContain('risk low');
  });

  it('a class includes its members: callers of a method are affected by the class', () => {
    const r = impact(project, 'Greeter', { depth: 1 });
    expect(r.affected.map((a) => a.node.id)).toContain(id.main);
  });

  it('each affected node appears once, with every site that reaches it', () => {
    const r = impact(project, 'src/b.ts', { depth: 1 });
    expect(r.target.type).toBe('file');
    const main = r.affected.filter((a) => a.node.id === id.main);
    expect(main).toHaveLength(1);
    expect(main[0].via.length).toBeGreaterThan(1);
    expect(new Set(main[0].sites.map((s) => s.kind))).toEqual(new Set(['calls', 'instantiates']));
    // The file-level import edges reach the importing files too.
    expect(r.affected.map((a) => a.node.id)).toEqual(expect.arrayContaining(['file:src/a.ts', 'file:src/b.test.ts']));
  });

  it('an unknown target has risk unknown; an ambiguous one is an error', () => {
    const r = impact(project, 'no_such_thing');
    expect(r.risk).toBe('unknown');
    expect(r.target.type).toBe('unknown');
    expect(() => impact(project, 'validate')).toThrow(/matches 2 declarations/);
  });

  it('risk levels follow the documented thresholds', () => {
    expect(riskOf(0, 0).risk).toBe('low');
    expect(riskOf(2, 7).risk).toBe('low');
    expect(riskOf(3, 0).risk).toBe('medium');
    expect(riskOf(0, 8).risk).toBe('medium');
    expect(riskOf(10, 0).risk).toBe('high');
    expect(riskOf(0, 30).risk).toBe('high');
  });
});

describe('trace', () => {
  it('finds the shortest path with each hop and its site', () => {
    const r = trace(project, 'main', 'inner');
    expect(r.found).toBe(true);
    expect(r.paths).toHaveLength(1);
    expect(r.paths[0].hops.map((h) => [h.from.name, h.to.name, h.sites[0].line])).toEqual([
      ['main', 'helper', 5],
      ['helper', 'inner', 3],
    ]);
  });

  it('returns every shortest path (up to --limit), never a longer one', () => {
    const n = (name: string, line: number) => ({ kind: 'function', name, file: 'x.ts', line });
    const nodes = [n('start', 1), n('left', 2), n('right', 3), n('goal', 4), n('detour', 5)];
    const ids = Object.fromEntries(nodes.map((node) => [node.name, idOf(node)]));
    const call = (a: string, b: string, line: number) => ({ source: ids[a], target: ids[b], kind: 'calls', line, col: 0 });
    const made = makeProject({
      files: [{ path: 'x.ts', content: 'x\n'.repeat(10) }],
      nodes,
      edges: [call('start', 'left', 1), call('start', 'right', 1), call('left', 'goal', 2), call('right', 'goal', 3),
        call('start', 'detour', 1), call('detour', 'left', 5)],
    });
    const p = openProject({ path: made.root });
    try {
      const r = trace(p, 'start', 'goal');
      expect(r.paths.map((path) => path.hops.map((h) => h.to.name))).toEqual([['left', 'goal'], ['right', 'goal']]);
      expect(trace(p, 'start', 'goal', { limit: 1 }).paths).toHaveLength(1);
    } finally {
      p.close();
      rmSync(made.root, { recursive: true, force: true });
    }
  });

  it('says plainly when there is no path, and when the bound stopped it', () => {
    const none = trace(project, 'inner', 'main');
    expect(none.found).toBe(false);
    expect(none.searched).toBe('complete');
    expect(none.message).toMatch(/no call path/);
    const bounded = trace(project, 'main', 'inner', { depth: 1 });
    expect(bounded.found).toBe(false);
    expect(bounded.searched).toBe('depth-limit');
  });
});
