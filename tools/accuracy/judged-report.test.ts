import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allSites } from './draw-sites.mjs';
import { callSitesOf } from './call-sites.mjs';
import { drawEdges, edgesAtSite, judgedReport, parameterCount, parseEntry, readCorpus, score, siteOfEdge } from './judged-report.mjs';
import { sample } from './sample.mjs';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const ARBOR = path.join(HERE, '../../packages/cli/dist/bin.js');

// A tiny Python repository whose calls a judge can verify at a glance.
const files: Record<string, string[]> = {
  // Left out of `git archive` (as many repositories leave out their tests): the report must index it all the same.
  '.gitattributes': ['lib.py export-ignore'],
  'lib.py': [
    'def helper(x):',
    '    return x + 1',
    '',
    '',
    'def other():',
    '    return 2',
  ],
  'main.py': [
    'from lib import helper, other',
    '',
    '',
    'def run(items):',
    '    a = helper(1)',
    '    b = len(items)',
    '    c = other()',
    "    d = getattr(items, 'x')()",
    '    return a + b + c + d',
  ],
};

const git = (cwd: string, ...args: string[]) => {
  const res = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  return res.stdout.trim();
};

describe('judged corpora: drawing sites and scoring verdicts', () => {
  let reposDir: string;
  let repo: string;
  let commit: string;
  let corpusFile: string;

  beforeAll(() => {
    reposDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-judged-test-'));
    repo = path.join(reposDir, 'acme+tiny');
    fs.mkdirSync(repo);
    for (const [name, lines] of Object.entries(files)) fs.writeFileSync(path.join(repo, name), `${lines.join('\n')}\n`);
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'tiny');
    commit = git(repo, 'rev-parse', 'HEAD');
    // Changed after the commit: the report must index the commit, not the working tree.
    fs.writeFileSync(path.join(repo, 'main.py'), 'print("changed")\n');

    const site = (line: number, target: unknown, extra: object = {}) => JSON.stringify({
      repository: 'acme/tiny', commit, file: 'main.py', line, column: 9, call: files['main.py'][line - 1].trim(), language: 'python',
      ...(target === undefined ? {} : { target }), note: 'test', ...extra,
    });
    corpusFile = path.join(reposDir, 'python.jsonl');
    fs.writeFileSync(corpusFile, [
      site(5, { file: 'lib.py', line: 1 }),                           // found by the edge to helper
      site(6, 'outside'),                                              // len: no edge expected
      site(7, { file: 'lib.py', line: 1 }),                           // a verdict the edge to other() contradicts
      site(8, 'outside', { callee: null, sitesOnLine: 2 }),            // getattr(...)(): dynamic
      site(9, undefined),                                              // not judged yet
      '{"repository": "acme/tiny", "line": 3}',                        // bad: no commit, file, language
      site(5, { file: 'lib.py', line: 1 }, { arbor: { file: 'lib.py', line: 1, endLine: 2, name: 'helper' } }),
      site(7, 'outside', { arbor: { file: 'lib.py', line: 5, endLine: 6, name: 'other' } }),
    ].join('\n'));
  });
  afterAll(() => { if (reposDir) fs.rmSync(reposDir, { recursive: true, force: true }); });

  it('finds every call site from the syntax tree, reproducibly sampled', async () => {
    const sites = await allSites(repo, 'python', { repository: 'acme/tiny', commit });
    // The working tree's main.py now holds one call (print); lib.py none.
    expect(sites.map((s: any) => `${s.file}:${s.line}:${s.column} ${s.callee} ×${s.sitesOnLine}`)).toEqual(['main.py:1:1 print ×1']);
    git(repo, 'stash', '-q');
    try {
      const committed = await allSites(repo, 'python', { repository: 'acme/tiny', commit });
      expect(committed.map((s: any) => `${s.line}:${s.column} ${s.callee} ×${s.sitesOnLine}`))
        .toEqual(['5:9 helper ×1', '6:9 len ×1', '7:9 other ×1', '8:9 null ×2', '8:9 getattr ×2']);
      expect(committed[0]).toMatchObject({ repository: 'acme/tiny', commit, file: 'main.py', call: 'a = helper(1)', language: 'python' });
      expect(sample(committed, 2, 7)).toEqual(sample(committed, 2, 7));
    } finally {
      git(repo, 'stash', 'pop', '-q');
    }
  });

  it('finds calls and constructions in every language the corpora cover, with the callee name token', async () => {
    const cases: Record<string, [string, string[]]> = {
      ruby: ['def a\n  foo(1)\n  obj.bar 2\n  Baz.new(3)\nend\n', ['2:3 foo', '3:3 bar', '4:3 new']],
      swift: ['func a() {\n  foo(1)\n  obj.bar(x: 2)\n  let b = Baz(3)\n}\n', ['2:3 foo', '3:3 bar', '4:11 Baz']],
      zig: ['fn a() void {\n    foo(1);\n    obj.bar(2);\n}\n', ['2:5 foo', '3:5 bar']],
      kotlin: ['class A : B() {\n  fun a() {\n    foo(1)\n    obj.bar(2)\n    make(1).join(",") { it }\n  }\n}\n', ['1:11 B', '3:5 foo', '4:5 bar', '5:5 join', '5:5 join', '5:5 make']],
      csharp: ['class A {\n  void M() {\n    Foo(1);\n    obj.Bar(2);\n    var c = new C(3);\n  }\n}\n', ['3:5 Foo', '4:5 Bar', '5:13 C']],
      php: ['<?php\nfoo(1);\n$o->bar(2);\nC::baz(3);\nnew D(4);\n', ['2:1 foo', '3:1 bar', '4:1 baz', '5:1 D']],
      dart: ['void a() {\n  foo(1);\n  obj.bar(2);\n  var c = C(3);\n}\n', ['2:3 foo', '3:3 bar', '4:11 C']],
      scala: ['object A {\n  def a() = {\n    foo(1)\n    obj.bar(2)\n    new C(3)\n  }\n}\n', ['3:5 foo', '4:5 bar', '5:5 C']],
      rust: ['fn a() {\n    foo(1);\n    obj.bar(2);\n    println!("x");\n}\n', ['2:5 foo', '3:5 bar', '4:5 println']],
    };
    for (const [language, [source, expected]] of Object.entries(cases)) {
      const sites = await callSitesOf(language, source);
      expect(sites.map((s: any) => `${s.line}:${s.column} ${s.callee}`), language).toEqual(expected);
    }
  });

  it('reads a corpus: bad lines are reported with their place and skipped, the rest kept', () => {
    const { entries, problems } = readCorpus([corpusFile]);
    expect(entries).toHaveLength(7);
    expect(problems).toEqual(['python.jsonl:6: missing commit, file, language']);
    expect(parseEntry('{"repository":"a/b","commit":"abc1234","file":"f","line":1,"language":"go","target":{"file":"g"}}').error)
      .toBe('target must be "outside", "not-a-call" or {file, line}');
  });

  it('counts a site judged not to be a call apart, and scores no edge at it', () => {
    const site = { repository: 'a/b', commit: 'abcdef1', file: 'a.py', line: 3, call: 'x[1]', language: 'python', callee: 'x', sitesOnLine: 1 };
    expect(parseEntry(JSON.stringify({ ...site, target: 'not-a-call' }))).toHaveProperty('entry');
    expect(parseEntry(JSON.stringify({ ...site, target: 'nothing' }))).toHaveProperty('error');
    const edges = [{ sourceFile: 'a.py', line: 3, targetName: 'x', targetFile: 'b.py', targetStart: 1, targetEnd: 2 }];
    expect(score([{ ...site, target: 'not-a-call' }], edges)).toMatchObject({ notCalls: 1, sites: 0, siteEdges: 0, wrongEdges: 0 });
    // The same edge at a site judged "outside" is a wrong edge.
    expect(score([{ ...site, target: 'outside' }], edges)).toMatchObject({ notCalls: 0, sites: 1, siteEdges: 1, wrongEdges: 1 });
  });

  it('finds a called call judged to its inner call\'s declaration (a curried application) by the inner call\'s edge, never counting it wrong', () => {
    // `parse(a)(b)(ctx)`: the syntax tree shows the named call `parse` and two called calls at one column.
    const site = { repository: 'a/b', commit: 'abcdef1', file: 'p.scala', line: 4, column: 5, call: 'parse(a)(b)(ctx)', language: 'scala', callee: null, sitesOnLine: 3 };
    const edges = [{ sourceFile: 'p.scala', line: 4, col: 4, targetName: 'parse', targetFile: 'q.scala', targetStart: 10, targetEnd: 12 }];
    const lineSites = new Map([['p.scala:4', [{ column: 5, callee: 'parse' }, { column: 5, callee: null }, { column: 5, callee: null }]]]);
    expect(score([{ ...site, target: { file: 'q.scala', line: 10 } }], edges, [], lineSites)).toMatchObject({ inRepo: 1, found: 1, wrongEdges: 0 });
    // Judged to something else (the function value the inner call returns), the inner call's edge is not this site's.
    expect(score([{ ...site, target: { file: 'r.scala', line: 3 } }], edges, [], lineSites)).toMatchObject({ inRepo: 1, found: 0, wrongEdges: 0 });
    expect(score([{ ...site, target: 'outside' }], edges, [], lineSites)).toMatchObject({ found: 0, wrongEdges: 0 });
  });

  it('counts an edge to a C/C++ prototype\'s definition as the prototype, and the other way round', () => {
    const fn = (kind: string, qualifiedName: string, file: string, start: number, signature: string) =>
      ({ kind, name: qualifiedName.split('::').pop()!, qualifiedName, file, start, end: start, signature });
    const functions = [
      fn('method', 'lib::XmlWriter::scopedElement', 'src/xml.hpp', 5, 'XmlWriter& scopedElement(const char* name);'),
      fn('method', 'XmlWriter::scopedElement', 'src/xml.cpp', 3, 'XmlWriter& XmlWriter::scopedElement(const char* name)'),
      // Same name and arity, another class.
      fn('method', 'HtmlWriter::scopedElement', 'src/html.cpp', 3, 'HtmlWriter& HtmlWriter::scopedElement(const char* name)'),
      // Same class and name, another arity (an overload).
      fn('method', 'XmlWriter::scopedElement', 'src/xml.cpp', 7, 'XmlWriter& XmlWriter::scopedElement(const char* name, int depth)'),
      // A second copy of the library: its definition is not the prototype's under src/.
      fn('method', 'lib::XmlWriter::scopedElement', 'extras/amalgamated.hpp', 9, 'XmlWriter& scopedElement(const char* name);'),
      fn('method', 'XmlWriter::scopedElement', 'extras/amalgamated.cpp', 4, 'XmlWriter& XmlWriter::scopedElement(const char* name)'),
    ];
    const site = { repository: 'a/b', commit: 'abcdef1', file: 'src/main.cpp', line: 10, call: 'w.scopedElement("a");', language: 'cpp', callee: 'scopedElement', sitesOnLine: 1, where: 'c:1' };
    const edgeTo = (f: (typeof functions)[number]) => ({ kind: 'calls', sourceFile: 'src/main.cpp', line: 10, targetName: f.name, targetQualifiedName: f.qualifiedName, targetFile: f.file, targetStart: f.start, targetEnd: f.end });
    const judgedAt = (f: (typeof functions)[number]) => ({ ...site, target: { file: f.file, line: f.start } });
    const [prototype, definition, otherClass, otherArity, copyPrototype, copyDefinition] = functions;
    const verdict = (judged: (typeof functions)[number], edge: (typeof functions)[number]) => {
      const r = score([judgedAt(judged)], [edgeTo(edge)], functions);
      return { found: r.found, wrongEdges: r.wrongEdges };
    };
    expect(verdict(prototype, definition)).toEqual({ found: 1, wrongEdges: 0 });
    expect(verdict(definition, prototype)).toEqual({ found: 1, wrongEdges: 0 });
    expect(verdict(copyPrototype, copyDefinition)).toEqual({ found: 1, wrongEdges: 0 });
    expect(verdict(prototype, otherClass)).toEqual({ found: 0, wrongEdges: 1 });
    expect(verdict(prototype, otherArity)).toEqual({ found: 0, wrongEdges: 1 });
    expect(verdict(otherArity, prototype)).toEqual({ found: 0, wrongEdges: 1 });
    expect(verdict(prototype, copyDefinition)).toEqual({ found: 0, wrongEdges: 1 });
    expect(verdict(copyPrototype, definition)).toEqual({ found: 0, wrongEdges: 1 });
    // Two prototypes (or two definitions) are not one another's.
    expect(verdict(prototype, copyPrototype)).toEqual({ found: 0, wrongEdges: 1 });
    // A public header's prototype with one definition per platform and none beside it: each is its definition.
    const platforms = [
      fn('function', 'uv_run', 'include/uv.h', 30, 'int uv_run(uv_loop_t* loop, uv_run_mode mode);'),
      fn('function', 'uv_run', 'src/unix/core.c', 40, 'int uv_run(uv_loop_t* loop, uv_run_mode mode)'),
      fn('function', 'uv_run', 'src/win/core.c', 50, 'int uv_run(uv_loop_t *loop, uv_run_mode mode)'),
    ];
    const platformVerdict = (judged: (typeof functions)[number], edge: (typeof functions)[number]) => {
      const r = score([{ ...judgedAt(judged), call: 'uv_run(loop, UV_RUN_DEFAULT);', callee: 'uv_run' }], [edgeTo(edge)], platforms);
      return { found: r.found, wrongEdges: r.wrongEdges };
    };
    expect(platformVerdict(platforms[1], platforms[0])).toEqual({ found: 1, wrongEdges: 0 });
    expect(platformVerdict(platforms[2], platforms[0])).toEqual({ found: 1, wrongEdges: 0 });
    // Two definitions stay two functions.
    expect(platformVerdict(platforms[1], platforms[2])).toEqual({ found: 0, wrongEdges: 1 });
    // Without the graph's functions, only the judged declaration itself counts.
    expect(score([judgedAt(prototype)], [edgeTo(definition)]).found).toBe(0);
    // A drawn edge to the definition, judged at the prototype.
    const drawn = { ...site, target: { file: 'src/xml.hpp', line: 5 }, arbor: { file: 'src/xml.cpp', line: 3, endLine: 3 } };
    expect(score([drawn], [], functions)).toMatchObject({ drawnEdges: 1, drawnRight: 1 });
    const wrongDrawn = score([{ ...drawn, arbor: { file: 'src/html.cpp', line: 3, endLine: 3, name: 'html::parse' } }], [], functions);
    expect(wrongDrawn).toMatchObject({ drawnEdges: 1, drawnRight: 0 });
    // A wrong drawn edge is listed with the judged target, not only counted.
    expect(wrongDrawn.drawnWrong).toMatchObject([{ edge: 'html::parse @ src/html.cpp:3', target: 'src/xml.hpp:5' }]);
    expect(score([drawn], [], functions).drawnWrong).toEqual([]);
  });

  it('scores this graph\'s edges from each drawn call beside the edge as drawn, and counts drawn calls with no edge now apart', () => {
    const drawnAt = { repository: 'a/b', commit: 'abcdef1', file: 'v.js', line: 9, column: 3, call: 'join(dir, file)', language: 'javascript', callee: 'join', sitesOnLine: 1 };
    // Drawn when arbor linked `join` to the local `var join = path.join`; judged outside (node's path.join).
    const wrongWhenDrawn = { ...drawnAt, target: 'outside', arbor: { file: 'v.js', line: 2, endLine: 2, name: 'join' } };
    const stillThere = [{ sourceFile: 'v.js', line: 9, col: 2, targetName: 'join', targetFile: 'v.js', targetStart: 2, targetEnd: 2 }];
    expect(score([wrongWhenDrawn], stillThere)).toMatchObject({ drawnEdges: 1, drawnRight: 0, drawnNowEdges: 1, drawnNowRight: 0, drawnGone: 0 });
    expect(score([wrongWhenDrawn], stillThere).drawnNowWrong).toMatchObject([{ edge: 'join @ v.js:2', target: 'outside' }]);
    // The fault fixed: no edge at the call now. The drawn figure stays what was drawn; the call is counted as gone.
    expect(score([wrongWhenDrawn], [])).toMatchObject({ drawnEdges: 1, drawnRight: 0, drawnNowEdges: 0, drawnGone: 1, drawnNowPrecision: null });
    // An edge now to the judged target counts right now, whatever was drawn.
    const rightNow = [{ ...stillThere[0], targetFile: 'u.js', targetStart: 5, targetEnd: 7 }];
    expect(score([{ ...wrongWhenDrawn, target: { file: 'u.js', line: 6 } }], rightNow)).toMatchObject({ drawnRight: 0, drawnNowRight: 1, drawnNowPrecision: 1 });
    // A drawn call the drawing tool could not name (a chain's calls start at one column) is found by column and the drawn name.
    const chain = { ...drawnAt, callee: null, call: 'make().join(x)', target: 'outside', arbor: { file: 'v.js', line: 2, endLine: 2, name: 'join' } };
    const make = { sourceFile: 'v.js', line: 9, col: 2, targetName: 'make', targetFile: 'v.js', targetStart: 4, targetEnd: 4 };
    expect(score([chain], [make, stillThere[0]])).toMatchObject({ drawnNowEdges: 1, drawnNowRight: 0 });
    expect(score([chain], [make])).toMatchObject({ drawnNowEdges: 0, drawnGone: 1 });
    // Another call of the name on the line (a minified line calls `k(` many times) is not the drawn call's.
    const elsewhere = { ...stillThere[0], col: 40 };
    expect(score([wrongWhenDrawn], [elsewhere, stillThere[0]])).toMatchObject({ drawnNowEdges: 1 });
    expect(score([wrongWhenDrawn], [elsewhere])).toMatchObject({ drawnNowEdges: 0, drawnGone: 1 });
    // The drawn edge was the receiver call's (`helper().run()`: both start at one column); the chained call's edge
    // named as the callee is not it.
    const receiverDrawn = { ...drawnAt, callee: 'run', call: 'helper().run()', target: { file: 'v.js', line: 30 }, arbor: { file: 'v.js', line: 30, endLine: 31, name: 'T::helper' } };
    const helper = { sourceFile: 'v.js', line: 9, col: 2, targetName: 'helper', targetFile: 'v.js', targetStart: 30, targetEnd: 31 };
    const run = { sourceFile: 'v.js', line: 9, col: 2, targetName: 'run', targetFile: 'w.js', targetStart: 3, targetEnd: 4 };
    expect(score([receiverDrawn], [helper, run])).toMatchObject({ drawnNowEdges: 1, drawnNowRight: 1 });
    // Two calls of the drawn name at its column: the one reaching the drawn target is the drawn call's.
    const inner = { ...stillThere[0], targetFile: 'w.js', targetStart: 9, targetEnd: 9 };
    expect(score([{ ...wrongWhenDrawn, target: { file: 'v.js', line: 2 } }], [inner, stillThere[0]])).toMatchObject({ drawnNowEdges: 1, drawnNowRight: 1 });
    // A chained call drawn at the chain's first line whose edge now starts at its own line, same name and target: found.
    const chained = { ...drawnAt, callee: null, call: 'Spec.builder(x)', target: { file: 'b.kt', line: 40 }, arbor: { file: 'b.kt', line: 40, endLine: 44, name: 'Spec::Builder::build' } };
    const movedEdge = { sourceFile: 'v.js', line: 11, col: 6, targetName: 'build', targetFile: 'b.kt', targetStart: 40, targetEnd: 44 };
    expect(score([chained], [movedEdge])).toMatchObject({ drawnNowEdges: 1, drawnNowRight: 1, drawnGone: 0 });
    // Another target of that name below is another call's: not found.
    expect(score([chained], [{ ...movedEdge, targetFile: 'c.kt' }])).toMatchObject({ drawnNowEdges: 0, drawnGone: 1 });
  });

  it('reads a parameter count from a signature', () => {
    const count = (name: string, signature: string) => parameterCount({ name, signature });
    expect(count('f', 'void f();')).toBe(0);
    expect(count('f', 'void f(void)')).toBe(0);
    expect(count('f', 'void f(std::map<int, int> m, int b = g(1, 2));')).toBe(2);
    expect(count('f', 'auto (*f)')).toBeUndefined();
    expect(count('f', undefined as unknown as string)).toBeUndefined();
  });

  it('attributes edges on a shared line by the callee name', () => {
    const edge = (targetName: string) => ({ sourceFile: 'a.py', line: 3, targetName });
    const byLine = new Map([['a.py:3', [edge('f'), edge('g')]]]);
    expect(edgesAtSite({ file: 'a.py', line: 3, callee: 'g', sitesOnLine: 2 }, byLine).map((e: any) => e.targetName)).toEqual(['g']);
    // One call seen on the line, but another call's edge there (a macro's argument, a chain's next call) is not its edge.
    expect(edgesAtSite({ file: 'a.py', line: 3, callee: 'g', sitesOnLine: 1 }, byLine).map((e: any) => e.targetName)).toEqual(['g']);
    // The only call seen on its line takes an edge starting at its column under another name (an alias), but not one
    // naming another call written on the line (Kotlin's infix `singleOf(::A) bind B::class`, both starting at column 5).
    const infix = new Map([['m.kt:2', [
      { sourceFile: 'm.kt', line: 2, col: 4, targetName: 'bind' }, { sourceFile: 'm.kt', line: 2, col: 4, targetName: 'singleOfImpl' },
    ]]]);
    expect(edgesAtSite({ file: 'm.kt', line: 2, column: 5, callee: 'singleOf', sitesOnLine: 1, call: 'singleOf(::A) bind B::class' }, infix)
      .map((e: any) => e.targetName)).toEqual(['singleOfImpl']);
    // A site the tool could not name, or a construction, takes the line's edges.
    expect(edgesAtSite({ file: 'a.py', line: 3, callee: null, sitesOnLine: 1 }, byLine)).toHaveLength(2);
    expect(edgesAtSite({ file: 'a.py', line: 3, callee: 'new', sitesOnLine: 1 }, byLine)).toHaveLength(2);
    // A construction's edge (`apply`, `__init__`) on a line of several calls is the site's whose call starts where the edge does.
    const built = new Map([['j.scala:7', [
      { sourceFile: 'j.scala', line: 7, col: 0, targetName: 'apply' }, { sourceFile: 'j.scala', line: 7, col: 18, targetName: 'apply' },
    ]]]);
    expect(edgesAtSite({ file: 'j.scala', line: 7, column: 19, callee: 'JString', sitesOnLine: 3 }, built).map((e: any) => e.col)).toEqual([18]);
    expect(edgesAtSite({ file: 'j.scala', line: 7, column: 1, callee: 'JField', sitesOnLine: 3 }, built).map((e: any) => e.col)).toEqual([0]);
    // One call on the line, or a writer without columns: the line's construction edges are the site's.
    expect(edgesAtSite({ file: 'j.scala', line: 7, column: 19, callee: 'JString', sitesOnLine: 1 }, built)).toHaveLength(2);
    // `.init(Inner())`: a construction site takes no edge of another construction starting elsewhere on its line.
    const innerInit = new Map([['e.swift:4', [{ sourceFile: 'e.swift', line: 4, col: 12, kind: 'instantiates', targetName: 'Inner' }]]]);
    expect(edgesAtSite({ file: 'e.swift', line: 4, column: 6, callee: 'init', sitesOnLine: 2 }, innerInit)).toEqual([]);
    expect(edgesAtSite({ file: 'e.swift', line: 4, column: 13, callee: 'init', sitesOnLine: 2 }, innerInit)).toHaveLength(1);
    // The same when the drawing tool saw only the outer call on the line.
    expect(edgesAtSite({ file: 'e.swift', line: 4, column: 6, callee: 'init', sitesOnLine: 1 }, innerInit)).toEqual([]);
    // A chained call named on a later line takes no `new` edge of the chain's first call.
    const chain = new Map([['c.rs:9', [{ sourceFile: 'c.rs', line: 9, col: 4, kind: 'calls', targetName: 'new' }]]]);
    expect(edgesAtSite({ file: 'c.rs', line: 9, nameLine: 11, column: 5, callee: 'build', sitesOnLine: 1 }, chain)).toEqual([]);
    // A called call (`C(m,h)(a)`, no callee name) on a line of many calls (minified code) takes no edge of the line's
    // other calls, nor the edge of the named call starting at its column (the inner `C(m,h)`); an edge starting there
    // under another name is its own.
    const minified = new Map([['m.js:1', [
      { sourceFile: 'm.js', line: 1, col: 6, targetName: 'M' }, { sourceFile: 'm.js', line: 1, col: 11, targetName: 'C' },
      { sourceFile: 'm.js', line: 1, col: 11, targetName: 'returned' },
    ]]]);
    const minifiedSites = new Map([['m.js:1', [{ column: 7, callee: 'M' }, { column: 12, callee: null }, { column: 12, callee: 'C' }]]]);
    expect(edgesAtSite({ file: 'm.js', line: 1, column: 12, callee: null, sitesOnLine: 3 }, minified, minifiedSites)
      .map((e: any) => e.targetName)).toEqual(['returned']);
    expect(edgesAtSite({ file: 'm.js', line: 1, column: 12, callee: 'C', sitesOnLine: 3 }, minified, minifiedSites)
      .map((e: any) => e.targetName)).toEqual(['C']);
    // An anonymous default export's edge is named `default`: the site starting at its column takes it, another does not.
    const anonymous = new Map([['r.js:2', [{ sourceFile: 'r.js', line: 2, col: 18, targetName: 'default' }]]]);
    expect(edgesAtSite({ file: 'r.js', line: 2, column: 19, callee: 'limited', sitesOnLine: 2 }, anonymous)).toHaveLength(1);
    expect(edgesAtSite({ file: 'r.js', line: 2, column: 11, callee: 'reject', sitesOnLine: 2 }, anonymous)).toEqual([]);
    expect(edgesAtSite({ file: 'r.js', line: 2, column: 19, callee: 'apply', sitesOnLine: 2 }, anonymous)).toHaveLength(1);
    // A macro's edge names it with or without its bang.
    const macros = new Map([['m.rs:1', [{ sourceFile: 'm.rs', line: 1, targetName: 'check!' }, { sourceFile: 'm.rs', line: 1, targetName: 'inner' }]]]);
    expect(edgesAtSite({ file: 'm.rs', line: 1, callee: 'check', sitesOnLine: 1 }, macros).map((e: any) => e.targetName)).toEqual(['check!']);
    // Two constructions on one line: each site takes the edge starting at its column, where the graph records one.
    const nested = new Map([['n.rb:4', [
      { sourceFile: 'n.rb', line: 4, col: 4, kind: 'instantiates', targetName: 'Lint' },
      { sourceFile: 'n.rb', line: 4, col: 14, kind: 'instantiates', targetName: 'ContentLength' },
    ]]]);
    expect(edgesAtSite({ file: 'n.rb', line: 4, column: 15, callee: 'new', sitesOnLine: 2 }, nested).map((e: any) => e.targetName)).toEqual(['ContentLength']);
    expect(edgesAtSite({ file: 'n.rb', line: 4, column: 5, callee: 'new', sitesOnLine: 2 }, nested).map((e: any) => e.targetName)).toEqual(['Lint']);
    // No edge at the site's column: none of them is this site's; a graph without columns gives the line's constructions.
    expect(edgesAtSite({ file: 'n.rb', line: 4, column: 9, callee: 'new', sitesOnLine: 2 }, nested)).toEqual([]);
    const uncolumned = new Map([['n.rb:4', nested.get('n.rb:4')!.map(({ col, ...e }) => e)]]);
    expect(edgesAtSite({ file: 'n.rb', line: 4, column: 9, callee: 'new', sitesOnLine: 2 }, uncolumned)).toHaveLength(2);
    // `obj.errors = v` (callee `errors`) calls the writer `errors=`; an operator `==` keeps its name.
    const writers = new Map([['w.rb:2', [{ sourceFile: 'w.rb', line: 2, targetName: 'errors=' }, { sourceFile: 'w.rb', line: 2, targetName: '==' }]]]);
    expect(edgesAtSite({ file: 'w.rb', line: 2, callee: 'errors', sitesOnLine: 2 }, writers).map((e: any) => e.targetName)).toEqual(['errors=']);
  });

  it('takes an edge to a declaration named otherwise when it starts where the line\'s only call does', () => {
    // `var app = express()`, express being require('..') of function createApplication.
    const aliased = { sourceFile: 't.js', line: 5, col: 16, targetName: 'createApplication' };
    const inArgument = { sourceFile: 't.js', line: 5, col: 30, targetName: 'other' };
    const byLine = new Map([['t.js:5', [aliased, inArgument]]]);
    expect(edgesAtSite({ file: 't.js', line: 5, column: 17, callee: 'express', sitesOnLine: 1 }, byLine)).toEqual([aliased]);
    // Another column, or a line with several calls (a chain starts them all at one column): the name decides.
    expect(edgesAtSite({ file: 't.js', line: 5, column: 12, callee: 'express', sitesOnLine: 1 }, byLine)).toEqual([]);
    expect(edgesAtSite({ file: 't.js', line: 5, column: 17, callee: 'express', sitesOnLine: 2 }, byLine)).toEqual([]);
    // Several calls on the line, but the syntax tree shows none other starting at the site's column (`request(express())`):
    // the edge starting there is the site's; with a chain starting there too (`make().run()`), the name decides.
    const alone = new Map([['t.js:5', [{ column: 9, callee: 'request' }, { column: 17, callee: 'express' }]]]);
    expect(edgesAtSite({ file: 't.js', line: 5, column: 17, callee: 'express', sitesOnLine: 2 }, byLine, alone)).toEqual([aliased]);
    const chained = new Map([['t.js:5', [{ column: 17, callee: 'run' }, { column: 17, callee: 'express' }]]]);
    expect(edgesAtSite({ file: 't.js', line: 5, column: 17, callee: 'express', sitesOnLine: 2 }, byLine, chained)).toEqual([]);
  });

  it('leaves a bare receiver call\'s edge and a writer\'s right-hand side to their own calls', () => {
    // `layout_entries.each do`: Ruby's bare `layout_entries` is no site of the syntax tree, yet its edge starts
    // where the `.each` chain does; it is the receiver's edge, not the site's.
    const receiver = { sourceFile: 'r.rb', line: 13, col: 6, targetName: 'layout_entries' };
    const receivers = new Map([['r.rb:13', [receiver]]]);
    const each = { file: 'r.rb', line: 13, column: 7, callee: 'each', sitesOnLine: 1, call: 'layout_entries.each do |layout_file|' };
    expect(edgesAtSite(each, receivers)).toEqual([]);
    expect(edgesAtSite({ ...each, call: 'layout_entries&.each do |f|' }, receivers)).toEqual([]);
    // A name that is only a prefix of the receiver, or an alias called directly, still takes the edge.
    expect(edgesAtSite({ ...each, call: 'my_layout_entries.each do |f|' }, receivers)).toEqual([receiver]);
    expect(edgesAtSite({ ...each, callee: 'entries', call: 'entries(dir)' }, receivers)).toEqual([receiver]);
    // `subcontext.errors = errors` calls the writer; the reader `errors` on the right starts elsewhere.
    const writer = { sourceFile: 'c.rb', line: 159, col: 8, targetName: 'errors=' };
    const reader = { sourceFile: 'c.rb', line: 159, col: 29, targetName: 'errors' };
    const setter = { file: 'c.rb', line: 159, column: 9, callee: 'errors', sitesOnLine: 1, call: 'subcontext.errors   = errors' };
    expect(edgesAtSite(setter, new Map([['c.rb:159', [writer, reader]]]))).toEqual([writer]);
    // A reader edge starting at the writer site's own column is the site's (a wrong link, to be counted).
    const misread = { ...reader, col: 8 };
    expect(edgesAtSite(setter, new Map([['c.rb:159', [misread]]]))).toEqual([misread]);
    // A comparison `a.errors == errors` is no writer: the name decides, as before.
    expect(edgesAtSite({ ...setter, call: 'a.errors == errors' }, new Map([['c.rb:159', [reader]]]))).toEqual([reader]);
  });

  it.skipIf(!fs.existsSync(ARBOR))('indexes the corpus commit with arbor and scores recall, wrong edges and precision', async () => {
    const { entries } = readCorpus([corpusFile]);
    const report = await judgedReport(entries, { reposDir, writers: ['arbor'] });
    expect(report.problems).toEqual([]);
    expect(report.unjudged).toBe(1);
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({
      writer: 'arbor', language: 'python',
      sites: 4, inRepo: 2, found: 1, recall: 0.5,
      siteEdges: 2, rightEdges: 1, wrongEdges: 1, precision: 0.5,
      drawnEdges: 2, drawnRight: 1, drawnPrecision: 0.5,
    });
    // The fixture's drawn lines record the edges this graph still has.
    expect(report.rows[0]).toMatchObject({ drawnNowEdges: 2, drawnNowRight: 1, drawnGone: 0 });
    expect(report.rows[0].wrong.map((w: any) => w.edge)).toEqual(['other @ lib.py:5']);
    expect(report.rows[0].drawnWrong.map((w: any) => [w.edge, w.target])).toEqual([['other @ lib.py:5', 'outside']]);
    expect(report.rows[0].misses.map((m: any) => m.site)).toEqual(['python.jsonl:3']);
  }, 120_000);

  it('leaves an edge starting where another call of the same name starts on the line to that call', () => {
    // `app.get('/', (c) => c.get('x'))`: the route's edge starts at `app` (col 0), the site drawn is `c.get` (column 21).
    const route = { sourceFile: 'a.ts', line: 3, col: 0, kind: 'calls', targetName: 'get', targetFile: 'app.ts', targetStart: 10, targetEnd: 12 };
    const site = { file: 'a.ts', line: 3, column: 21, callee: 'get', sitesOnLine: 2, call: "app.get('/', (c) => c.get('x'))" };
    const lineSites = new Map([['a.ts:3', [{ column: 1, callee: 'get' }, { column: 21, callee: 'get' }]]]);
    expect(edgesAtSite(site, new Map([['a.ts:3', [route]]]), lineSites)).toEqual([]);
    // Without the line's sites (or with no call starting there) the name decides, as before.
    expect(edgesAtSite(site, new Map([['a.ts:3', [route]]]))).toEqual([route]);
    expect(edgesAtSite(site, new Map([['a.ts:3', [route]]]), new Map([['a.ts:3', [{ column: 21, callee: 'get' }]]]))).toEqual([route]);
    // An edge at the site's own column stays the site's.
    const own = { ...route, col: 20, targetFile: 'context.ts' };
    expect(edgesAtSite(site, new Map([['a.ts:3', [route, own]]]), lineSites)).toEqual([own]);
  });

  it('names a missing checkout and a stale call text instead of failing', async () => {
    const { entries } = readCorpus([corpusFile]);
    const stale = entries.map((e: any) => (e.line === 6 ? { ...e, call: 'b = len(other_items)' } : e));
    const report = await judgedReport([...stale, { ...entries[0], repository: 'acme/absent' }], { reposDir, writers: [] });
    expect(report.problems).toContain('python.jsonl:2: line 6 of main.py is not `b = len(other_items)`');
    expect(report.problems.some((p: string) => p.startsWith(`acme/absent@${commit}: no checkout at`))).toBe(true);
  });
});

describe('judged corpora: TSX and JSX are drawn and reported as languages of their own', () => {
  it('draws from one dialect\'s files only, and reports its entries in a row of their own beside the family\'s', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-dialect-test-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), 'export function a() { return b(); }\n');
      fs.writeFileSync(path.join(dir, 'b.tsx'), 'export function b() { return a(); }\nexport function c() { return b(); }\n');
      const where = (sites: any[]) => sites.map((s) => `${s.file}:${s.line} ${s.callee} ${s.language}`);
      expect(where(await allSites(dir, 'tsx', { repository: 'acme/tiny', commit: 'abc1234' }))).toEqual(['b.tsx:1 a tsx', 'b.tsx:2 b tsx']);
      expect(where(await allSites(dir, 'typescript', { repository: 'acme/tiny', commit: 'abc1234' })))
        .toEqual(['a.ts:1 b typescript', 'b.tsx:1 a typescript', 'b.tsx:2 b typescript']);
      const corpus = path.join(dir, 'typescript.jsonl');
      const line = (file: string, language: string) => JSON.stringify({ repository: 'acme/tiny', commit: 'abc1234', file, line: 1, language, target: 'outside' });
      fs.writeFileSync(corpus, [line('a.ts', 'typescript'), line('b.tsx', 'typescript'), line('b.tsx', 'tsx'), line('c.jsx', 'javascript')].join('\n'));
      const { entries } = readCorpus([corpus]);
      expect(entries.map((e: any) => `${e.language}/${e.dialect ?? '-'}`)).toEqual(['typescript/-', 'typescript/tsx', 'typescript/tsx', 'javascript/jsx']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('judged corpora: drawn edges name their call', () => {
  // Every call of a chain starts where the chain does: only the callee tells a judge which one an edge is.
  const chain = {
    'lib.py': ['class Builder:', '    def add(self, x) -> "Builder":', '        return self', '', '    def build(self) -> int:',
      '        return 1', '', '', 'def make() -> Builder:', '    return Builder()'],
    'main.py': ['from lib import make', '', '', 'def run():', '    return make().add(1).build()'],
  };
  let dir: string;
  let repo: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-draw-edges-test-'));
    repo = path.join(dir, 'acme+chain');
    fs.mkdirSync(repo);
    for (const [name, lines] of Object.entries(chain)) fs.writeFileSync(path.join(repo, name), `${lines.join('\n')}\n`);
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'chain');
  });
  afterAll(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  it('picks the site an edge leaves from by column, then by the target\'s name', () => {
    const sites = [
      { line: 5, column: 12, nameLine: 5, callee: 'build', sitesOnLine: 3 },
      { line: 5, column: 12, nameLine: 5, callee: 'add', sitesOnLine: 3 },
      { line: 5, column: 12, nameLine: 5, callee: 'make', sitesOnLine: 3 },
      { line: 7, column: 5, nameLine: 7, callee: 'run', sitesOnLine: 1 },
      { line: 9, column: 5, nameLine: 10, callee: 'done', sitesOnLine: 1 },
    ];
    const edge = (line: number, col: number | null, targetName: string) => ({ line, col, targetName });
    expect(siteOfEdge(edge(5, 11, 'add'), sites)?.callee).toBe('add');
    expect(siteOfEdge(edge(5, 11, 'make'), sites)?.callee).toBe('make');
    // An alias names the declaration otherwise: the line's only call is still the edge's.
    expect(siteOfEdge(edge(7, 4, 'execute'), sites)?.callee).toBe('run');
    // An edge starting where no drawn site does (`return directory if files.empty?`: the bare `directory`) is not
    // the line's other call's; named as that call's target, it is (a graph recording the call elsewhere on its line).
    expect(siteOfEdge(edge(7, 20, 'directory'), sites)).toBeNull();
    expect(siteOfEdge(edge(7, 20, 'run'), sites)?.callee).toBe('run');
    // A callee named on the next line, as a graph may record the edge there.
    expect(siteOfEdge(edge(10, null, 'done'), sites)?.callee).toBe('done');
    // Three calls at the column and none named as the target: nothing to tell them apart.
    expect(siteOfEdge(edge(5, 11, 'execute'), sites)).toBeNull();
  });

  it('records each drawn edge\'s callee, and reads old drawn lines without one the same', async () => {
    const { drawn } = await drawEdges(repo, 'python', { count: 10, seed: 1, repository: 'acme/chain', arbor: ARBOR });
    const chainEdges = drawn.filter((d: any) => d.file === 'main.py' && d.line === 5);
    expect(chainEdges.length).toBeGreaterThan(0);
    for (const d of chainEdges) {
      expect(d).toMatchObject({ column: 12, sitesOnLine: 3 });
      // The callee is the drawn call's name, which the edge's target (`Builder::add`) ends with.
      expect(d.callee).toBe(String(d.arbor.name).split('::').pop());
    }
    expect(chainEdges.map((d: any) => d.callee)).toContain('make');
    const judged = { ...chainEdges[0], target: { file: 'lib.py', line: chainEdges[0].arbor.line }, note: 'test' };
    const { callee, sitesOnLine, ...old } = judged;
    for (const line of [judged, old]) {
      const { entry } = parseEntry(JSON.stringify(line));
      expect(score([entry], [])).toMatchObject({ drawnEdges: 1, drawnRight: 1 });
    }
  }, 120_000);
});
