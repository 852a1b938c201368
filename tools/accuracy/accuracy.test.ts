import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGraph } from './test-graph.mjs';
import { callerVerdict, compare, declMatchesNode, judgeEdge } from './compare.mjs';
import { sample } from './sample.mjs';

const RUN = path.join(path.dirname(new URL(import.meta.url).pathname), 'run.mjs');

describe('declMatchesNode', () => {
  const decl = { file: 'a.ts', name: 'f', nameLine: 5, startLine: 4, endLine: 9, isClass: false };
  it('accepts a node of the same file and name whose range holds the name line', () => {
    expect(declMatchesNode(decl, { file: 'a.ts', name: 'f', start: 3, end: 9 })).toBe(true);
  });
  it('rejects another file, another name, or a range that misses the name line', () => {
    expect(declMatchesNode(decl, { file: 'b.ts', name: 'f', start: 3, end: 9 })).toBe(false);
    expect(declMatchesNode(decl, { file: 'a.ts', name: 'g', start: 3, end: 9 })).toBe(false);
    expect(declMatchesNode(decl, { file: 'a.ts', name: 'f', start: 6, end: 9 })).toBe(false);
  });
  it('accepts the constructor inside a class for a construction', () => {
    const cls = { ...decl, name: 'C', isClass: true, startLine: 1, endLine: 20 };
    expect(declMatchesNode(cls, { file: 'a.ts', name: 'constructor', start: 3, end: 6 })).toBe(true);
    expect(declMatchesNode(cls, { file: 'a.ts', name: 'constructor', start: 19, end: 25 })).toBe(false);
  });
});

describe('judgeEdge', () => {
  const site = (over) => ({ file: 'a.ts', line: 10, nameLine: 10, col: 0, kind: 'call', calleeName: 'f', answer: 'workspace',
    category: 'function', callers: [], decls: [{ file: 'b.ts', name: 'f', nameLine: 2, startLine: 2, endLine: 4, isClass: false }], ...over });
  const index = (sites) => {
    const m = new Map();
    for (const s of sites) for (const l of new Set([s.line, s.nameLine])) m.set(`${s.file}:${l}`, [...(m.get(`${s.file}:${l}`) ?? []), s]);
    return m;
  };
  const edge = (over) => ({ kind: 'calls', sourceFile: 'a.ts', line: 10, col: 0, targetFile: 'b.ts', targetName: 'f', targetStart: 1, targetEnd: 4, ...over });

  it('confirms, rejects, abstains and reports missing sites', () => {
    const sites = index([site(), site({ line: 20, nameLine: 21, answer: 'none', decls: [] }), site({ line: 30, nameLine: 30, answer: 'external', decls: [] })]);
    expect(judgeEdge(edge(), sites).verdict).toBe('confirmed');
    expect(judgeEdge(edge({ line: 21 }), sites).verdict).toBe('no-answer'); // name line of a chained call
    expect(judgeEdge(edge({ line: 30 }), sites).verdict).toBe('wrong');
    expect(judgeEdge(edge({ targetFile: 'c.ts' }), sites).verdict).toBe('wrong');
    expect(judgeEdge(edge({ line: 40 }), sites).verdict).toBe('no-site');
  });

  it('spreads edges over distinct calls of the same target on one line', () => {
    const a = site({ col: 4 }); const b = site({ col: 20 });
    const sites = index([a, b]);
    const claimed = new Map();
    const first = judgeEdge(edge({ col: 99 }), sites, claimed);
    const second = judgeEdge(edge({ col: 98 }), sites, claimed);
    expect(new Set([first.site, second.site])).toEqual(new Set([a, b]));
    expect(judgeEdge(edge({ col: 20 }), sites, new Map()).site).toBe(b);
  });
});

describe('compare', () => {
  const decl = { file: 'b.go', name: 'Int', nameLine: 2, startLine: 2, endLine: 4, isClass: false };
  const site = (over) => ({ file: 'a.go', line: 10, nameLine: 10, col: 1, kind: 'obj.m()', calleeName: 'Int', answer: 'workspace',
    category: 'method', edgeKind: 'calls', callers: [], decls: [decl], ...over });
  const edge = { kind: 'calls', sourceFile: 'a.go', line: 10, col: 1, resolvedBy: 'returned-receiver', sourceKind: 'function', sourceName: 'f',
    sourceStart: 9, sourceEnd: 12, targetFile: 'b.go', targetName: 'Int', targetStart: 2, targetEnd: 4 };
  const graph = { files: [{ path: 'a.go' }, { path: 'b.go' }], edges: [edge] };

  it('finds calls a graph cannot tell apart (one line, column and target) with one edge, and no others', () => {
    // `b.Int(x).Int(y).Uint(z)`: every call starts at `b`.
    const uint = site({ calleeName: 'Uint', decls: [{ ...decl, name: 'Uint', nameLine: 6, startLine: 6, endLine: 8 }] });
    const result = compare({ scannedFiles: ['a.go'], sites: [site(), site(), uint, site({ col: 30 })] }, graph);
    const all = result.recall.find((r) => r.group === '(all)');
    expect([all.sites, all.found]).toEqual([4, 2]);
    expect(result.falseNegatives.map((f) => [f.site.calleeName, f.site.col])).toEqual([['Uint', 1], ['Int', 30]]);
  });
});

describe('callerVerdict', () => {
  const edgeFrom = (sourceKind, sourceName, sourceStart, sourceEnd) => ({ sourceKind, sourceName, sourceStart, sourceEnd });
  const binding = { name: 'f', line: 10, strong: false };
  const fn = { name: 'outer', line: 3, strong: true };
  it('accepts the file or the binding for code in a top-level initializer', () => {
    const site = { callers: [binding] };
    expect(callerVerdict(site, edgeFrom('file', 'a.ts', 1, 99))).toBe('innermost');
    expect(callerVerdict(site, edgeFrom('constant', 'f', 10, 12))).toBe('innermost');
  });
  it('tells an outer function and a wrong caller apart inside a function', () => {
    const site = { callers: [{ name: 'inner', line: 5, strong: true }, fn] };
    expect(callerVerdict(site, edgeFrom('function', 'inner', 5, 8))).toBe('innermost');
    expect(callerVerdict(site, edgeFrom('function', 'outer', 3, 20))).toBe('outer');
    expect(callerVerdict(site, edgeFrom('file', 'a.ts', 1, 99))).toBe('elsewhere');
  });
});

describe('sample', () => {
  it('is reproducible for a seed and never repeats an item', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const a = sample(items, 10, 7);
    expect(sample(items, 10, 7)).toEqual(a);
    expect(new Set(a).size).toBe(10);
    expect(sample(items, 200, 7)).toEqual(items);
  });
});

// End to end: a tiny repository, a hand-written graph over it, and the CLI's verdicts.
describe('run.mjs on a hand-made graph', () => {
  let dir;
  const files = {
    'a.ts': [
      'export function helper() {}',
      'export class Box {',
      '  open() {}',
      '}',
    ],
    'c.ts': [
      "import { helper } from './a';",
      'export function map() {}',
      'export function foo() {}',
      'helper(); // MISSED',
    ],
    'b.ts': [
      "import { helper as h, Box } from './a';",
      "import { map } from 'lodash';",
      "import * as ns from './a';",
      'export function run(x: any, cb: () => void) {',
      '  h(); // ALIAS',
      '  new Box().open(); // BOX',
      '  map(); // EXTERNAL',
      '  cb(); // PARAM',
      '  x.foo(); // ANY',
      '  const y = 1; // NOCALL',
      '  const inner = () => y;',
      '  inner(); // LOCALFN',
      '  h.call(null); // CALLAPPLY',
      '  const { helper: named } = ns;',
      '  named(); // DESTRUCTURED',
      '}',
    ],
  };
  const lineOf = (file, marker) => files[file].findIndex((l) => l.includes(marker)) + 1;
  const declLine = (file, text) => files[file].findIndex((l) => l.includes(text)) + 1;
  let report;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-accuracy-'));
    for (const [name, lines] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
    // A small lib keeps the checker quick; the repo's tsconfig is what the oracle reads.
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { lib: ['es2020'], types: [] } }));
    const db = createTestGraph(dir, files, 'typescript');
    const node = (id, kind, name, file, text, end = null) => {
      const start = declLine(file, text);
      db.prepare('INSERT INTO nodes VALUES (?, ?, ?, ?, ?, ?, ?)').run(id, kind, name, name, file, start, end ?? start);
    };
    node('helper', 'function', 'helper', 'a.ts', 'function helper');
    node('Box', 'class', 'Box', 'a.ts', 'class Box', files['a.ts'].length);
    node('open', 'method', 'open', 'a.ts', 'open()');
    node('map', 'function', 'map', 'c.ts', 'function map');
    node('foo', 'function', 'foo', 'c.ts', 'function foo');
    node('run', 'function', 'run', 'b.ts', 'function run', files['b.ts'].length);
    node('inner', 'function', 'inner', 'b.ts', 'const inner');
    const edge = (kind, target, marker, resolvedBy) => db.prepare('INSERT INTO edges(source, target, kind, metadata, line, col) VALUES (?, ?, ?, ?, ?, 0)')
      .run('run', target, kind, JSON.stringify({ resolvedBy }), lineOf('b.ts', marker));
    edge('calls', 'helper', 'ALIAS', 'import');        // right, through an alias
    edge('instantiates', 'Box', 'BOX', 'import');      // right
    edge('calls', 'open', 'BOX', 'member');            // right
    edge('calls', 'map', 'EXTERNAL', 'unique-name');   // wrong: the checker binds it to lodash
    edge('calls', 'helper', 'PARAM', 'unique-name');   // wrong: cb is a parameter
    edge('calls', 'foo', 'ANY', 'unique-name');        // not judged: x is any
    edge('calls', 'helper', 'NOCALL', 'unique-name');  // not judged: no call on that line
    edge('calls', 'inner', 'LOCALFN', 'local-scope');  // right: a local function is a declaration too
    edge('calls', 'helper', 'CALLAPPLY', 'import');    // right: h.call(...) runs helper
    edge('calls', 'helper', 'DESTRUCTURED', 'import'); // right: a const destructured from a name chain runs its member
    db.close();
    const res = spawnSync(process.execPath, [RUN, dir, '--json', '--samples', '5'], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(res.stderr);
    report = JSON.parse(res.stdout);
  }, 30_000);
  afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

  const row = (kind, resolvedBy = '(all)') => report.precision.find((p) => p.kind === kind && p.resolvedBy === resolvedBy);

  it('counts confirmed, wrong, no-answer and no-site edges', () => {
    expect(row('calls')).toMatchObject({ edges: 9, confirmed: 5, wrong: 2, noAnswer: 1, noSite: 1, precision: 5 / 7 });
    expect(row('calls', 'local-scope')).toMatchObject({ confirmed: 1, wrong: 0 });
    expect(row('calls', 'unique-name')).toMatchObject({ confirmed: 0, wrong: 2 });
    expect(row('instantiates')).toMatchObject({ edges: 1, confirmed: 1, precision: 1 });
  });

  it('measures recall over workspace targets only and lists the miss', () => {
    const calls = report.recall.find((r) => r.siteKind === 'call' && r.group === '(all)');
    expect(calls).toMatchObject({ sites: 6, found: 5 });
    expect(report.recall.find((r) => r.siteKind === 'call' && r.group === 'nested-function')).toMatchObject({ sites: 1, found: 1 });
    expect(report.samples.falseNegatives.map((s) => s.site)).toEqual([`c.ts:${lineOf('c.ts', 'MISSED')}`]);
    expect(report.samples.falsePositives.map((s) => s.site).sort()).toEqual(
      [`b.ts:${lineOf('b.ts', 'EXTERNAL')}`, `b.ts:${lineOf('b.ts', 'PARAM')}`].sort());
  });

  it('finds every confirmed edge at its innermost caller', () => {
    expect(report.callers).toMatchObject({ confirmed: 6, innermost: 6, elsewhere: 0 });
  });
});

// extends/implements against the checker: a type position names the type, even when a const shares its name.
describe('run.mjs on extends/implements edges', () => {
  let dir;
  const files = {
    'types.ts': [
      'export interface $ZodType { a: string }',
      'export const $ZodType = { make: () => 1 };',
      'export class Base {}',
      'export interface Shape { s: number }',
      'export const Made = class {};',
    ],
    'use.ts': [
      "import { $ZodType, Base, Shape, Made } from './types';",
      'export interface ZodType extends $ZodType {} // TOINTERFACE',
      'export interface ZodOther extends $ZodType {} // TOCONST',
      'export class Impl extends Base implements Shape { s = 1 } // IMPL',
      'export class K extends Made {} // MADE',
      'export class Err extends Error {} // EXTERNAL',
      'export interface Missed extends Shape {} // MISSED',
    ],
    'more.d.ts': [
      "import { Shape } from './types';",
      'export interface FromDts extends Shape {} // DTS',
    ],
  };
  const lineOf = (file, marker) => files[file].findIndex((l) => l.includes(marker)) + 1;
  let report;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-accuracy-heritage-'));
    for (const [name, lines] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { lib: ['es2020'], types: [] } }));
    const db = createTestGraph(dir, files, 'typescript');
    const node = (id, kind, name, file, marker) => {
      const line = lineOf(file, marker);
      db.prepare('INSERT INTO nodes VALUES (?, ?, ?, ?, ?, ?, ?)').run(id, kind, name, name, file, line, line);
    };
    node('iface', 'interface', '$ZodType', 'types.ts', 'interface $ZodType');
    node('const', 'constant', '$ZodType', 'types.ts', 'const $ZodType');
    node('Base', 'class', 'Base', 'types.ts', 'class Base');
    node('Shape', 'interface', 'Shape', 'types.ts', 'interface Shape');
    node('Made', 'constant', 'Made', 'types.ts', 'const Made');
    node('ZodType', 'interface', 'ZodType', 'use.ts', 'TOINTERFACE');
    node('ZodOther', 'interface', 'ZodOther', 'use.ts', 'TOCONST');
    node('Impl', 'class', 'Impl', 'use.ts', 'IMPL');
    node('K', 'class', 'K', 'use.ts', 'MADE');
    node('FromDts', 'interface', 'FromDts', 'more.d.ts', 'DTS');
    const edge = (source, target, kind, file, marker) => db.prepare('INSERT INTO edges(source, target, kind, metadata, line, col) VALUES (?, ?, ?, ?, ?, 0)')
      .run(source, target, kind, JSON.stringify({ resolvedBy: 'import' }), lineOf(file, marker));
    edge('ZodType', 'iface', 'extends', 'use.ts', 'TOINTERFACE'); // right: the interface
    edge('ZodOther', 'const', 'extends', 'use.ts', 'TOCONST');    // wrong: the const of the same name
    edge('Impl', 'Base', 'extends', 'use.ts', 'IMPL');            // right
    edge('Impl', 'Shape', 'implements', 'use.ts', 'IMPL');        // right
    edge('K', 'Made', 'extends', 'use.ts', 'MADE');               // right: a class's extends is a value (the const holding a class)
    edge('FromDts', 'Shape', 'extends', 'more.d.ts', 'DTS');      // right: .d.ts hierarchies are judged too
    db.close();
    const res = spawnSync(process.execPath, [RUN, dir, '--json', '--samples', '5'], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(res.stderr);
    report = JSON.parse(res.stdout);
  }, 30_000);
  afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

  const row = (kind) => report.heritage.precision.find((p) => p.kind === kind && p.resolvedBy === '(all)');

  it('counts an edge to the same-named const wrong and the interface right', () => {
    expect(row('extends')).toMatchObject({ edges: 5, confirmed: 4, wrong: 1, noAnswer: 0, noSite: 0, precision: 4 / 5 });
    expect(row('implements')).toMatchObject({ edges: 1, confirmed: 1, wrong: 0, precision: 1 });
    expect(report.heritage.samples.falsePositives).toEqual([expect.objectContaining({
      site: `use.ts:${lineOf('use.ts', 'TOCONST')}`, edgeKind: 'extends',
      graph: expect.stringContaining('constant $ZodType'), oracle: expect.stringContaining('type $ZodType'),
    })]);
  });

  it('keeps heritage edges out of the call rows', () => {
    expect(report.precision.filter((p) => p.kind === 'extends' || p.kind === 'implements')).toEqual([]);
  });

  it('measures recall over workspace bases only (Error is external) and lists the miss', () => {
    const extendsAll = report.heritage.recall.find((r) => r.siteKind === 'extends' && r.group === '(all)');
    expect(extendsAll).toMatchObject({ sites: 6, found: 4 });
    expect(report.heritage.oracle.byAnswer).toMatchObject({ external: 1 });
    expect(report.heritage.samples.falseNegatives.map((s) => s.site).sort()).toEqual(
      [`use.ts:${lineOf('use.ts', 'MISSED')}`, `use.ts:${lineOf('use.ts', 'TOCONST')}`].sort());
  });
});
