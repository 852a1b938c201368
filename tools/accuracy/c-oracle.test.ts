import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGraph, oracleMissing } from './test-graph.mjs';
import { collectCSites, findClangPython } from './c-oracle.mjs';

const RUN = path.join(path.dirname(new URL(import.meta.url).pathname), 'run.mjs');

const missing = oracleMissing('C/C++', Boolean(findClangPython()),
  'Python with libclang bindings (apt-get install clang python3-clang-14 libclang-14-dev, or set ARBOR_CLANG_PYTHON)');

// A small C library with a prototype in a header and its definition in another translation unit, a static
// inline function, macros, a function pointer, the C library and an undeclared function; beside it C++ with a
// virtual call, a definition out of its class, a static member, constructions and an overloaded operator.
const files: Record<string, string[]> = {
  'include/util.h': [
    '#ifndef UTIL_H',
    '#define UTIL_H',
    'int add(int a, int b);',
    'static inline int twice(int x) { return add(x, x); } // INLINE',
    '#define SQUARE(x) ((x) * (x))',
    '#define CHECKED(x) check_value((x), __LINE__)',
    'int check_value(int v, int line);',
    '#ifdef QUIET',
    '#define LOG(x) ((void)0)',
    '#else',
    '#define LOG(x) check_value((x), 0)',
    '#endif',
    '#define API(type) type',
    '#endif',
  ],
  'src/util.c': [
    '#include "util.h"',
    'int add(int a, int b) { return a + b; }',
    'int check_value(int v, int line) { return v + line; }',
    'API(int) api_square(void) { return SQUARE(4); } // SIGNATURE',
  ],
  'src/main.c': [
    '#include <stdio.h>',
    '#include "util.h"',
    'static int helper(void) { return twice(2); } // STATIC',
    'int main(void) {',
    '  int (*fp)(int, int) = add;',
    '  printf("%d\\n", add(1, 2)); // LIBC',
    '  fp(3, 4); // POINTER',
    '  int s = SQUARE(3); // MACRO',
    '  int c = CHECKED(add(5, 6)); // MACRO-ARG',
    '  undeclared(1); // IMPLICIT',
    '  LOG(s); // TWO-BRANCHES',
    '  return helper() + s + c; // SAME-FILE',
    '}',
  ],
  'src/shape.hpp': [
    '#pragma once',
    'namespace geo {',
    'class Shape {',
    ' public:',
    '  virtual ~Shape() {}',
    '  virtual double area() const = 0;',
    '  static Shape* make();',
    '};',
    'class Square : public Shape {',
    ' public:',
    '  explicit Square(double s) : side(s) {}',
    '  double area() const override;',
    '  Square operator+(const Square& o) const { return Square(side + o.side); }',
    ' private:',
    '  double side;',
    '};',
    '}',
  ],
  'src/shape.cpp': [
    '#include "shape.hpp"',
    'namespace geo {',
    'double Square::area() const { return side * side; }',
    'Shape* Shape::make() { return new Square(2); } // NEW',
    '}',
    'double run() {',
    '  geo::Shape* s = geo::Shape::make(); // STATIC-MEMBER',
    '  geo::Square q(3); // CONSTRUCT',
    '  geo::Square copy = q;',
    '  geo::Square sum = q + copy; // OPERATOR',
    '  return s->area() // VIRTUAL',
    '    + sum.area(); // DEFINED-OUTSIDE',
    '}',
  ],
  // A call inside a conversion clang inserts (gmock's `WillOnce(Return(1))`) and a template's dependent call.
  'src/convert.cpp': [
    'struct Action { int v; };',
    'template <class T> struct Maker {',
    '  T v;',
    '  template <class U> operator U() const { return U{v}; }',
    '};',
    'template <class T> Maker<T> make(T v) { return Maker<T>{v}; }',
    'void take(Action a) {}',
    'void use() { take(make(1)); } // CONVERTED',
    'template <class T> struct Box {',
    '  T t;',
    '  template <class A, class B> static A* cast(B* p) { return p; }',
    '  int* get() { return cast<int>(t.ptr()); } // DEPENDENT',
    '};',
  ],
};
const text = (file: string) => `${files[file].join('\n')}\n`;
const lineOf = (file: string, marker: string) => {
  const at = files[file].findIndex((l) => l.includes(marker)) + 1;
  if (!at) throw new Error(`no ${marker} in ${file}`);
  return at;
};

describe.skipIf(missing !== null)('C/C++ oracle (libclang)', () => {
  let dir: string;
  let oracle: ReturnType<typeof collectCSites>;
  let cReport: any;
  let cppReport: any;
  const cFiles = ['include/util.h', 'src/util.c', 'src/main.c'];
  const cppFiles = ['src/shape.hpp', 'src/shape.cpp', 'src/convert.cpp'];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-c-accuracy-'));
    for (const name of Object.keys(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text(name));
    }
    oracle = collectCSites(dir);

    // A graph as a writer might produce it: C edges to definitions, one to the header's prototype (confirmed,
    // counted apart), one on the function pointer (not judged); C++ edges with one virtual call bound to the
    // override (wrong: the call names Shape::area).
    const db = createTestGraph(dir, Object.fromEntries(cFiles.map((f) => [f, text(f)])), 'c');
    for (const f of cppFiles) {
      db.prepare('INSERT INTO files VALUES (?, ?)').run(f, 'cpp');
      db.prepare('INSERT INTO nodes VALUES (?, ?, ?, ?, ?, 1, ?)').run(`file:${f}`, 'file', f, f, f, files[f].length);
    }
    const node = (id: string, kind: string, name: string, file: string, from: string, to?: string) => {
      const start = lineOf(file, from);
      db.prepare('INSERT INTO nodes VALUES (?, ?, ?, ?, ?, ?, ?)').run(id, kind, name, id, file, start, to ? lineOf(file, to) : start);
    };
    node('add.h', 'function', 'add', 'include/util.h', 'int add(');
    node('add', 'function', 'add', 'src/util.c', 'int add(');
    node('twice', 'function', 'twice', 'include/util.h', 'INLINE');
    node('SQUARE', 'function', 'SQUARE', 'include/util.h', 'define SQUARE');
    node('helper', 'function', 'helper', 'src/main.c', 'STATIC');
    node('main', 'function', 'main', 'src/main.c', 'int main', 'SAME-FILE');
    node('Shape', 'class', 'Shape', 'src/shape.hpp', 'class Shape', '};');
    node('Square', 'class', 'Square', 'src/shape.hpp', 'class Square', 'double side');
    node('Shape::area', 'method', 'area', 'src/shape.hpp', 'virtual double area');
    node('Shape::make', 'method', 'make', 'src/shape.cpp', 'Shape::make');
    node('Square::area', 'method', 'area', 'src/shape.cpp', 'Square::area');
    node('run', 'function', 'run', 'src/shape.cpp', 'double run', 'DEFINED-OUTSIDE');
    node('make', 'function', 'make', 'src/convert.cpp', 'Maker<T> make');
    node('take', 'function', 'take', 'src/convert.cpp', 'void take');
    node('use', 'function', 'use', 'src/convert.cpp', 'CONVERTED');
    node('Box::cast', 'method', 'cast', 'src/convert.cpp', 'static A* cast');
    node('Box::get', 'method', 'get', 'src/convert.cpp', 'DEPENDENT');
    const edge = (source: string, target: string, file: string, marker: string, kind = 'calls') => db
      .prepare('INSERT INTO edges(source, target, kind, metadata, line, col) VALUES (?, ?, ?, ?, ?, 1)')
      .run(source, target, kind, JSON.stringify({ resolvedBy: 'test' }), lineOf(file, marker));
    edge('twice', 'add', 'include/util.h', 'INLINE');        // right
    edge('helper', 'twice', 'src/main.c', 'STATIC');         // right
    edge('main', 'add.h', 'src/main.c', 'LIBC');             // right, at the prototype
    edge('main', 'add', 'src/main.c', 'POINTER');            // not judged: a function pointer
    edge('main', 'SQUARE', 'src/main.c', 'MACRO');           // right: the macro is what the line uses
    edge('main', 'add', 'src/main.c', 'MACRO-ARG');          // right: the call written in the macro's argument
    edge('main', 'helper', 'src/main.c', 'SAME-FILE');       // right
    edge('Shape::make', 'Square', 'src/shape.cpp', 'NEW', 'instantiates'); // right
    edge('run', 'Shape::make', 'src/shape.cpp', 'STATIC-MEMBER');         // right
    edge('run', 'Square::area', 'src/shape.cpp', 'VIRTUAL');              // wrong: the call names Shape::area
    edge('run', 'Square::area', 'src/shape.cpp', 'DEFINED-OUTSIDE');      // right
    edge('use', 'make', 'src/convert.cpp', 'CONVERTED');                  // right: written inside the conversion
    edge('Box::get', 'Box::cast', 'src/convert.cpp', 'DEPENDENT');        // not judged: clang resolves it per instantiation
    db.close();

    const run = (language: string) => {
      const res = spawnSync(process.execPath, [RUN, dir, '--language', language, '--json', '--samples', '10'], { encoding: 'utf8' });
      if (res.status !== 0) throw new Error(res.stderr);
      return JSON.parse(res.stdout);
    };
    cReport = run('c');
    cppReport = run('cpp');
  }, 240_000);
  afterAll(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  const sitesAt = (file: string, marker: string) => oracle.sites.filter((s: any) => s.file === file && s.line === lineOf(file, marker));
  const siteAt = (file: string, marker: string, callee?: string) => {
    const found = sitesAt(file, marker).filter((s: any) => !callee || s.calleeName === callee);
    expect(found).toHaveLength(1);
    return found[0] as any;
  };
  const declsOf = (site: any) => site.decls.map((d: any) => `${d.name}@${d.file}:${d.nameLine}${d.prototype ? ' (prototype)' : ''}`);

  it('maps a call to the definition in another translation unit, and keeps the prototype as the same function', () => {
    const libc = siteAt('src/main.c', 'LIBC', 'add');
    expect(libc).toMatchObject({ kind: 'f()', answer: 'workspace', category: 'function' });
    expect(declsOf(libc)).toEqual([`add@src/util.c:2`, `add@include/util.h:3 (prototype)`]);
    expect(siteAt('include/util.h', 'INLINE').callers).toEqual([{ name: 'twice', line: lineOf('include/util.h', 'INLINE'), strong: true }]);
    expect(declsOf(siteAt('src/main.c', 'STATIC'))).toEqual([`twice@include/util.h:${lineOf('include/util.h', 'INLINE')}`]);
  });

  it('tells the C library, function pointers and undeclared functions apart', () => {
    expect(siteAt('src/main.c', 'LIBC', 'printf')).toMatchObject({ answer: 'external', externalWhere: 'stdio.h:printf' });
    expect(siteAt('src/main.c', 'POINTER')).toMatchObject({ answer: 'none', via: 'function pointer' });
    expect(siteAt('src/main.c', 'IMPLICIT')).toMatchObject({ answer: 'none' });
  });

  it('counts a function-like macro use in a body as a site, and a call in its argument, not one in its body', () => {
    expect(siteAt('src/main.c', 'MACRO')).toMatchObject({ kind: 'MACRO()', calleeName: 'SQUARE', answer: 'workspace', category: 'macro' });
    const arg = sitesAt('src/main.c', 'MACRO-ARG').map((s: any) => `${s.kind} ${s.calleeName} ${s.calleeText}`).sort();
    // check_value is called from CHECKED's body: the site is the macro use.
    expect(arg).toEqual(['MACRO() CHECKED CHECKED', 'f() add add(5, 6)']);
    // Either branch's #define is the macro the use names: the oracle sees one configuration, a graph cannot tell.
    expect(declsOf(siteAt('src/main.c', 'TWO-BRANCHES'))).toEqual([`LOG@include/util.h:${lineOf('include/util.h', 'check_value((x), 0)')}`,
      `LOG@include/util.h:${lineOf('include/util.h', '((void)0)')}`]);
    // A macro in a signature is no call; one in the body on the same line is.
    expect(sitesAt('src/util.c', 'SIGNATURE').map((s: any) => s.calleeName)).toEqual(['SQUARE']);
    // Macro uses outside any function body (declarations) are no sites: the header's #define lines hold none.
    expect(oracle.sites.filter((s: any) => s.file === 'include/util.h').map((s: any) => s.calleeName)).toEqual(['add']);
  });

  it('names C++ targets statically: the virtual method called, the out-of-class definition, constructions', () => {
    // A pure virtual method has no definition: its declaration is the target.
    expect(declsOf(siteAt('src/shape.cpp', 'VIRTUAL'))).toEqual([`area@src/shape.hpp:${lineOf('src/shape.hpp', 'virtual double area')} (prototype)`]);
    expect(siteAt('src/shape.cpp', 'VIRTUAL').kind).toBe('obj.m()');
    expect(declsOf(siteAt('src/shape.cpp', 'DEFINED-OUTSIDE'))).toEqual([
      `area@src/shape.cpp:${lineOf('src/shape.cpp', 'Square::area')}`, `area@src/shape.hpp:${lineOf('src/shape.hpp', 'double area() const override')} (prototype)`]);
    expect(siteAt('src/shape.cpp', 'STATIC-MEMBER')).toMatchObject({ kind: 'Cls::m()', calleeName: 'make' });
    expect(siteAt('src/shape.cpp', 'NEW')).toMatchObject({ kind: 'new', edgeKind: 'instantiates', calleeName: 'Square' });
    expect(declsOf(siteAt('src/shape.cpp', 'NEW'))[0]).toBe(`Square@src/shape.hpp:${lineOf('src/shape.hpp', 'class Square')}`);
    expect(siteAt('src/shape.cpp', 'CONSTRUCT')).toMatchObject({ kind: 'T()', calleeName: 'Square' });
    // The copy (`copy = q`) and the overloaded operator are no call syntax: no sites.
    expect(sitesAt('src/shape.cpp', 'geo::Square copy')).toEqual([]);
    expect(sitesAt('src/shape.cpp', 'OPERATOR')).toEqual([]);
  });

  it('finds calls inside conversions clang inserts, and records dependent calls as unanswered', () => {
    // `make(1)` sits under the implicit `operator Action` clang wraps it in, a node with no place in the file.
    expect(sitesAt('src/convert.cpp', 'CONVERTED').map((s: any) => s.calleeName).sort()).toEqual(['make', 'take']);
    expect(siteAt('src/convert.cpp', 'CONVERTED', 'make')).toMatchObject({ answer: 'workspace', kind: 'f()' });
    // A dependent call has no answer until instantiation: named as written, not judged.
    expect(siteAt('src/convert.cpp', 'DEPENDENT', 'cast')).toMatchObject({ answer: 'none', via: 'dependent call', calleeText: 'cast<int>(t.ptr())' });
    expect(siteAt('src/convert.cpp', 'DEPENDENT', 'ptr')).toMatchObject({ answer: 'none', kind: 'obj.m()' });
  });

  it('judges the graph per language: prototype edges confirmed and counted, pointer calls not judged', () => {
    const calls = cReport.precision.find((p: any) => p.kind === 'calls' && p.resolvedBy === '(all)');
    expect(calls).toMatchObject({ edges: 7, confirmed: 6, wrong: 0, noAnswer: 1 });
    expect(cReport.edgesToPrototypes).toBe(1);
    // C calls into the repository: twice→add, helper→twice, add (LIBC), add (MACRO-ARG), helper, check_value
    // is in a macro body (no site): 5 sites, all found.
    expect(cReport.recallOverall).toMatchObject({ sites: 5, found: 5 });
    expect(cReport.recall.find((r: any) => r.siteKind === 'MACRO()' && r.group === '(all)')).toMatchObject({ sites: 4, found: 1 });

    const cppCalls = cppReport.precision.find((p: any) => p.kind === 'calls' && p.resolvedBy === '(all)');
    expect(cppCalls).toMatchObject({ edges: 5, confirmed: 3, wrong: 1, noAnswer: 1 });
    expect(cppReport.samples.falsePositives.map((s: any) => s.site)).toEqual([`src/shape.cpp:${lineOf('src/shape.cpp', 'VIRTUAL')}`]);
    // make, s->area, sum.area, take, make(1): the override edge misses the virtual call, take has no edge.
    expect(cppReport.recallOverall).toMatchObject({ sites: 5, found: 3 });
    expect(cppReport.recall.find((r: any) => r.siteKind === 'new' && r.group === '(all)')).toMatchObject({ sites: 1, found: 1 });
  });
});
