import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProject, type Project } from '../project.js';
import { sampleGraph } from '../test-support/sample-graph.js';
import { makeProject } from '../test-support/v4-database.js';
import { MIN_MAP_BUDGET, rankFiles, repositoryMap } from './map.js';

describe('rankFiles (PageRank over the file dependency graph)', () => {
  it('a file depended on by many ranks above the files that depend on it; scores sum to 1', () => {
    const ranked = rankFiles(['a.ts', 'b.ts', 'c.ts', 'core.ts'], [
      { from: 'a.ts', to: 'core.ts', edges: 1 }, { from: 'b.ts', to: 'core.ts', edges: 1 }, { from: 'c.ts', to: 'core.ts', edges: 1 },
    ]);
    expect(ranked[0]).toMatchObject({ path: 'core.ts', rank: 1, dependents: 3 });
    expect(ranked.map((r) => r.path).slice(1)).toEqual(['a.ts', 'b.ts', 'c.ts']); // a tie goes by path
    expect(ranked.reduce((sum, r) => sum + r.score, 0)).toBeCloseTo(1, 5);
  });

  it('rank flows on: what a central file depends on ranks above it', () => {
    const ranked = rankFiles(['app1.ts', 'app2.ts', 'mid.ts', 'base.ts'], [
      { from: 'app1.ts', to: 'mid.ts', edges: 1 }, { from: 'app2.ts', to: 'mid.ts', edges: 1 }, { from: 'mid.ts', to: 'base.ts', edges: 1 },
    ]);
    expect(ranked.map((r) => r.path)).toEqual(['base.ts', 'mid.ts', 'app1.ts', 'app2.ts']);
  });

  it('edges are weighted by count, and the order of the input never changes the answer', () => {
    const links = [
      { from: 'x.ts', to: 'heavy.ts', edges: 9 }, { from: 'x.ts', to: 'light.ts', edges: 1 },
      { from: 'y.ts', to: 'light.ts', edges: 1 }, { from: 'y.ts', to: 'heavy.ts', edges: 1 },
    ];
    const paths = ['heavy.ts', 'light.ts', 'x.ts', 'y.ts'];
    const one = rankFiles(paths, links);
    expect(one[0].path).toBe('heavy.ts');
    expect(rankFiles([...paths].reverse(), [...links].reverse())).toEqual(one);
  });

  it('self-edges, unknown files and an empty repository are harmless', () => {
    expect(rankFiles([], [])).toEqual([]);
    const ranked = rankFiles(['a.ts'], [{ from: 'a.ts', to: 'a.ts', edges: 5 }, { from: 'gone.ts', to: 'a.ts', edges: 1 }]);
    expect(ranked).toEqual([{ path: 'a.ts', rank: 1, score: 1, dependents: 0 }]);
  });
});

describe('repositoryMap', () => {
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

  it('ranks src/b.ts (what the others call) first, with its declarations and members', () => {
    const map = repositoryMap(project, undefined, { budget: 64 * 1024 });
    expect(map.files[0].filePath).toBe('src/b.ts');
    expect(map.files[0].dependents).toBe(2);
    const names = map.files[0].declarations.map((d) => d.name);
    expect(names).toEqual(['helper', 'inner', 'Greeter']); // this graph marks nothing exported: every top-level declaration
    expect(map.files[0].declarations.find((d) => d.name === 'Greeter')!.members.map((m) => m.name)).toEqual(['greet', 'validate']);
    expect(map.files.find((f) => f.filePath === 'src/a.ts')?.imports).toEqual(['src/b.ts']);
    expect(map.leftOut.files).toBe(0);
    expect(map.text).toContain('src/b.ts  #1, 2 dependent files\n');
    expect(map.text).not.toContain('left out');
  });

  it('every budget is kept: the text is never longer, it shows a prefix of the ranking, and says how many files it left out', () => {
    const whole = repositoryMap(project, undefined, { budget: 64 * 1024 });
    let previousShown = 0;
    for (let budget = MIN_MAP_BUDGET; budget <= whole.usedBytes + 64; budget += 16) {
      const map = repositoryMap(project, undefined, { budget });
      expect(Buffer.byteLength(map.text), `budget ${budget}`).toBeLessThanOrEqual(budget);
      expect(map.usedBytes).toBe(Buffer.byteLength(map.text));
      expect(map.files.map((f) => f.filePath)).toEqual(whole.files.slice(0, map.files.length).map((f) => f.filePath));
      expect(map.files.length + map.leftOut.files).toBe(whole.totalFiles);
      if (map.leftOut.files > 0) expect(map.text).toContain(`… ${map.leftOut.files} more files left out by the budget`);
      expect(map.files.length).toBeGreaterThanOrEqual(previousShown);
      previousShown = map.files.length;
      expect(repositoryMap(project, undefined, { budget }).text).toBe(map.text); // deterministic
    }
    expect(previousShown).toBe(whole.totalFiles);
  });

  it('the first file that does not fit is shown as far as it does, with its remaining declarations counted', () => {
    const whole = repositoryMap(project, undefined, { budget: 64 * 1024 });
    const cut = [...Array(200).keys()].map((i) => repositoryMap(project, undefined, { budget: MIN_MAP_BUDGET + i * 4 }))
      .find((m) => m.files.some((f) => f.declarationsLeftOut > 0));
    expect(cut).toBeDefined();
    const partial = cut!.files.at(-1)!;
    const full = whole.files.find((f) => f.filePath === partial.filePath)!;
    expect(partial.declarations.length + partial.declarationsLeftOut).toBe(full.declarations.length);
    expect(cut!.text).toMatch(/… \d+ more declarations? \(budget\)/);
  });

  it('a folder or a glob narrows the files, keeping their ranks in the whole repository', () => {
    const whole = repositoryMap(project, undefined, { budget: 64 * 1024 });
    const py = repositoryMap(project, 'py', { budget: 64 * 1024 });
    expect(py.scope).toEqual({ type: 'dir', value: 'py' });
    expect(py.files.map((f) => f.filePath)).toEqual(['py/tool.py']);
    expect(py.files[0].rank).toBe(whole.files.find((f) => f.filePath === 'py/tool.py')!.rank);
    const tests = repositoryMap(project, 'src/*.test.ts', { budget: 64 * 1024 });
    expect(tests.files.map((f) => f.filePath)).toEqual(['src/b.test.ts']);
    expect(() => repositoryMap(project, '../elsewhere')).toThrow(/outside the project/);
  });
});
