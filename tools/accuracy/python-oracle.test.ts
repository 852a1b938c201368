import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGraph, oracleMissing } from './test-graph.mjs';
import { collectPythonSites, findPython } from './python-oracle.mjs';

const RUN = path.join(path.dirname(new URL(import.meta.url).pathname), 'run.mjs');

const missing = oracleMissing('Python', Boolean(findPython()), 'Python interpreter with jedi (apt-get install python3-jedi, or set ARBOR_PYTHON)');

// A tiny project: two modules, imports, a class whose method calls another through self, a typed receiver,
// a local function shadowing an import, a parameter call and calls into the standard library.
const files: Record<string, string[]> = {
  'pkg/__init__.py': [''],
  'pkg/util.py': [
    'def helper(x):',
    '    return x',
    '',
    'def join(a, b):',
    '    return a + b',
    '',
    'class Box:',
    '    def __init__(self):',
    '        self.items = []',
    '',
    '    def open(self):',
    '        return self.size()  # SELF',
    '',
    '    def size(self):',
    '        return len(self.items)  # BUILTIN',
    '',
    '',
    'make_box = Box',
  ],
  'pkg/main.py': [
    'import os.path',
    'from pkg.util import Box, helper',
    'from pkg import util',
    '',
    '',
    'def run(box: Box, cb):',
    '    box.open()  # TYPED',
    '    Box().open()  # CHAINED',
    '    util.helper(1)  # MODULE',
    "    os.path.join('a', 'b')  # EXTERNAL",
    '    helper(2)  # IMPORTED',
    '    cb()  # PARAM',
    '    util.make_box()  # HELD',
    "    joiner('a')  # HELDEXT",
    '    return Box.size(box)  # CLASSMEMBER',
    '',
    '',
    'joiner = os.path.join',
    '',
    '',
    'def shadow():',
    '    def helper():',
    '        return 0',
    '    return helper()  # SHADOW',
  ],
};
const lineOf = (file: string, marker: string) => files[file].findIndex((l) => l.includes(marker)) + 1;

describe.skipIf(missing !== null)('Python oracle (jedi)', () => {
  let dir: string;
  let oracle: ReturnType<typeof collectPythonSites>;
  let report: any;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-py-accuracy-'));
    for (const [name, lines] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
    }
    oracle = collectPythonSites(dir, { graphFiles: Object.keys(files) });

    // A graph as a writer might produce it: right edges, one edge fooled by the shadowing local function, one
    // edge that takes os.path.join for the repo's join, and no edge for `Box().open()` (a miss).
    const db = createTestGraph(dir, files, 'python');
    const node = (id: string, kind: string, name: string, file: string, from: string, to?: string) => {
      const start = lineOf(file, from);
      db.prepare('INSERT INTO nodes VALUES (?, ?, ?, ?, ?, ?, ?)').run(id, kind, name, id, file, start, to ? lineOf(file, to) : start + 1);
    };
    node('helper', 'function', 'helper', 'pkg/util.py', 'def helper');
    node('join', 'function', 'join', 'pkg/util.py', 'def join');
    node('Box', 'class', 'Box', 'pkg/util.py', 'class Box', 'BUILTIN');
    node('Box::open', 'method', 'open', 'pkg/util.py', 'def open');
    node('Box::size', 'method', 'size', 'pkg/util.py', 'def size');
    node('run', 'function', 'run', 'pkg/main.py', 'def run', 'CLASSMEMBER');
    node('shadow', 'function', 'shadow', 'pkg/main.py', 'def shadow', 'SHADOW');
    node('shadow::helper', 'function', 'helper', 'pkg/main.py', '    def helper');
    const edge = (source: string, target: string, kind: string, file: string, marker: string, resolvedBy: string) => db
      .prepare('INSERT INTO edges(source, target, kind, metadata, line, col) VALUES (?, ?, ?, ?, ?, 4)')
      .run(source, target, kind, JSON.stringify({ resolvedBy }), lineOf(file, marker));
    edge('Box::open', 'Box::size', 'calls', 'pkg/util.py', 'SELF', 'this-member');           // right
    edge('run', 'Box::open', 'calls', 'pkg/main.py', 'TYPED', 'annotated-receiver');      // right
    edge('run', 'Box', 'instantiates', 'pkg/main.py', 'CHAINED', 'import');               // right: `Box()` constructs
    edge('run', 'helper', 'calls', 'pkg/main.py', 'MODULE', 'import');                    // right
    edge('run', 'join', 'calls', 'pkg/main.py', 'EXTERNAL', 'unique-name');               // wrong: the stdlib's join
    edge('run', 'helper', 'calls', 'pkg/main.py', 'IMPORTED', 'import');                  // right
    edge('run', 'Box::size', 'calls', 'pkg/main.py', 'CLASSMEMBER', 'qualified-member');  // right
    edge('run', 'Box', 'instantiates', 'pkg/main.py', 'HELD', 'import');                  // right: make_box holds Box
    edge('shadow', 'helper', 'calls', 'pkg/main.py', 'SHADOW', 'import');                 // wrong: the local def runs
    db.close();

    const res = spawnSync(process.execPath, [RUN, dir, '--json', '--samples', '10'], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(res.stderr);
    report = JSON.parse(res.stdout);
  }, 120_000);
  afterAll(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  const siteAt = (file: string, marker: string, callee?: string) => {
    const found = oracle.sites.filter((s: any) => s.file === file && s.line === lineOf(file, marker)
      && (callee === undefined || s.calleeText === callee));
    expect(found).toHaveLength(1);
    return found[0] as any;
  };
  const declsOf = (site: any) => site.decls.map((d: any) => `${d.name}@${d.file}:${d.nameLine}`);

  it('binds calls through a typed receiver, self, a module, an import and a class to their definitions', () => {
    expect(siteAt('pkg/main.py', 'TYPED')).toMatchObject({ kind: 'obj.m()', answer: 'workspace', category: 'method', edgeKind: 'calls' });
    expect(declsOf(siteAt('pkg/main.py', 'TYPED'))).toEqual([`open@pkg/util.py:${lineOf('pkg/util.py', 'def open')}`]);
    expect(siteAt('pkg/util.py', 'SELF')).toMatchObject({ kind: 'self.m()', answer: 'workspace', category: 'method' });
    expect(siteAt('pkg/main.py', 'MODULE')).toMatchObject({ kind: 'mod.f()', answer: 'workspace', category: 'function' });
    expect(siteAt('pkg/main.py', 'IMPORTED')).toMatchObject({ kind: 'f()', answer: 'workspace', category: 'function' });
    expect(siteAt('pkg/main.py', 'CLASSMEMBER', 'Box.size')).toMatchObject({ kind: 'Cls.m()', answer: 'workspace', category: 'method' });
    // A call of a class accepts the class and its __init__, and either edge kind.
    const construct = siteAt('pkg/main.py', 'CHAINED', 'Box');
    expect(construct).toMatchObject({ kind: 'f()', answer: 'workspace', category: 'class', edgeKind: null });
    expect(declsOf(construct)).toEqual([`Box@pkg/util.py:${lineOf('pkg/util.py', 'class Box')}`, `__init__@pkg/util.py:${lineOf('pkg/util.py', '__init__')}`]);
    expect(siteAt('pkg/main.py', 'CHAINED', 'Box().open')).toMatchObject({ kind: 'obj.m()', answer: 'workspace', category: 'method' });
    // A variable holding a class: the variable and the class (with its __init__) are all right.
    const held = siteAt('pkg/main.py', 'HELD');
    expect(held).toMatchObject({ kind: 'mod.f()', answer: 'workspace', edgeKind: null });
    expect(declsOf(held).sort()).toEqual([`Box@pkg/util.py:${lineOf('pkg/util.py', 'class Box')}`,
      `__init__@pkg/util.py:${lineOf('pkg/util.py', '__init__')}`, `make_box@pkg/util.py:${lineOf('pkg/util.py', 'make_box')}`].sort());
  });

  it('sees the local function that shadows an import, parameters and the standard library', () => {
    const shadow = siteAt('pkg/main.py', 'SHADOW');
    expect(shadow).toMatchObject({ kind: 'f()', answer: 'workspace', category: 'nested-function' });
    expect(declsOf(shadow)).toEqual([`helper@pkg/main.py:${lineOf('pkg/main.py', '    def helper')}`]);
    expect(siteAt('pkg/main.py', 'PARAM')).toMatchObject({ answer: 'local' });
    expect(siteAt('pkg/main.py', 'EXTERNAL')).toMatchObject({ kind: 'mod.f()', answer: 'external' });
    expect(siteAt('pkg/main.py', 'HELDEXT')).toMatchObject({ kind: 'f()', answer: 'external' }); // joiner = os.path.join
    expect(siteAt('pkg/util.py', 'BUILTIN')).toMatchObject({ answer: 'external' });
    expect(siteAt('pkg/main.py', 'TYPED').callers).toEqual([{ name: 'run', line: lineOf('pkg/main.py', 'def run'), strong: true }]);
  });

  it('judges the graph: precision with the wrong edges listed, recall overall and by site shape', () => {
    expect(report.language).toBe('python');
    const calls = report.precision.find((p: any) => p.kind === 'calls' && p.resolvedBy === '(all)');
    expect(calls).toMatchObject({ edges: 7, confirmed: 5, wrong: 2, noAnswer: 0, noSite: 0, precision: 5 / 7 });
    expect(report.precision.find((p: any) => p.kind === 'instantiates' && p.resolvedBy === '(all)')).toMatchObject({ confirmed: 2, wrong: 0 });
    expect(report.samples.falsePositives.map((s: any) => s.site).sort()).toEqual(
      [`pkg/main.py:${lineOf('pkg/main.py', 'EXTERNAL')}`, `pkg/main.py:${lineOf('pkg/main.py', 'SHADOW')}`].sort());
    // Workspace sites: self.size, box.open, Box(), Box().open, util.helper, util.make_box, helper, Box.size and
    // the shadowing helper.
    expect(report.recallOverall).toMatchObject({ sites: 9, found: 7 });
    const shape = (kind: string) => report.recall.find((r: any) => r.siteKind === kind && r.group === '(all)');
    expect(shape('obj.m()')).toMatchObject({ sites: 2, found: 1 });
    expect(shape('f()')).toMatchObject({ sites: 3, found: 2 });
    expect(shape('self.m()')).toMatchObject({ sites: 1, found: 1 });
    expect(shape('mod.f()')).toMatchObject({ sites: 2, found: 2 });
    expect(shape('Cls.m()')).toMatchObject({ sites: 1, found: 1 });
    expect(report.samples.falseNegatives.map((s: any) => `${s.site} ${s.callee}`).sort()).toEqual([
      `pkg/main.py:${lineOf('pkg/main.py', 'CHAINED')} Box().open`, `pkg/main.py:${lineOf('pkg/main.py', 'SHADOW')} helper`,
    ].sort());
    expect(report.callers).toMatchObject({ confirmed: 7, innermost: 7, elsewhere: 0 });
  });
});
