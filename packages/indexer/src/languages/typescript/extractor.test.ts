import { describe, expect, it } from 'vitest';
import { MAX_LISTED_SYNTAX_ERRORS } from '../../extraction/core/syntax-errors.js';
import type { Declaration, FileExtraction, ReferenceSite } from '../../model/extraction.js';
import { extractForTest } from '../../test-support/test-parser.js';
import { ecmascriptExtractor } from './extractor.js';

/** Parse and extract one file; the language follows the file extension. */
const extractSource = (source: string, path = 'src/file.ts') => extractForTest(ecmascriptExtractor, source, path);

function decl(result: FileExtraction, qualifiedName: string, kind?: string): Declaration {
  const found = result.declarations.filter((d) => d.qualifiedName === qualifiedName && (!kind || d.kind === kind));
  if (found.length !== 1) {
    throw new Error(`expected one declaration ${qualifiedName}, found ${found.length}: ` +
      result.declarations.map((d) => `${d.kind} ${d.qualifiedName}`).join(', '));
  }
  return found[0];
}

function idOf(result: FileExtraction, qualifiedName: string, kind?: string): number {
  return result.declarations.indexOf(decl(result, qualifiedName, kind));
}

function refs(result: FileExtraction, name: string, kind?: ReferenceSite['kind']): ReferenceSite[] {
  return result.references.filter((r) => r.name === name && (!kind || r.kind === kind));
}

function oneRef(result: FileExtraction, name: string, kind?: ReferenceSite['kind']): ReferenceSite {
  const found = refs(result, name, kind);
  if (found.length !== 1) throw new Error(`expected one reference ${name}, found ${found.length}`);
  return found[0];
}

describe('ecmascript extractor: declarations', () => {
  it('extracts functions, arrow and function-expression constants with spans and flags', async () => {
    const r = await extractSource([
      '/** Adds two numbers. */',
      'export async function add<T>(a: number, b: number): Promise<number> {',
      '  return a + b;',
      '}',
      'export const mul = async (a: number, b: number): Promise<number> => a * b;',
      'const div = function named(a, b) { return a / b; };',
      'let later = () => 1;',
      'function* gen() { yield 1; }',
    ].join('\n'));
    const add = decl(r, 'add');
    expect(add).toMatchObject({
      kind: 'function', parent: null, startLine: 2, endLine: 4, startColumn: 7, endColumn: 1,
      isExported: true, isAsync: true, typeParameters: ['T'], docstring: 'Adds two numbers.',
      signature: 'async function add<T>(a: number, b: number): Promise<number>',
    });
    expect(decl(r, 'mul')).toMatchObject({ kind: 'function', isExported: true, isAsync: true, startLine: 5 });
    expect(decl(r, 'mul').signature).toBe('const mul = async (a: number, b: number): Promise<number>');
    expect(decl(r, 'div')).toMatchObject({ kind: 'function', startLine: 6 });
    expect(decl(r, 'div').isExported).toBeUndefined();
    expect(decl(r, 'later').kind).toBe('function');
    expect(decl(r, 'gen').kind).toBe('function');
    expect(r.declarations.some((d) => d.name === 'named')).toBe(false);
  });

  it('extracts classes with members, visibility, static, abstract, decorators and type parameters', async () => {
    const r = await extractSource([
      '@Injectable({ providedIn: "root" })',
      'export abstract class Repo<T, K extends string> extends Base<T> implements Store, ns.Other {',
      '  private cache = new Map();',
      '  #secret = 1;',
      '  static readonly count: number = 0;',
      '  protected abstract load(id: K): T;',
      '  constructor(private readonly db: Db, public name: string, plain: number) { super(); }',
      '  get size() { return 1; }',
      '  set size(v: number) {}',
      '  @Log() public async save(item: T): Promise<void> {}',
      '  static create() {}',
      '  #hidden() {}',
      '  onClick = (e: Event) => { this.save(e); };',
      '}',
    ].join('\n'));
    const repo = decl(r, 'Repo');
    expect(repo).toMatchObject({
      kind: 'class', isExported: true, isAbstract: true, typeParameters: ['T', 'K'],
      decorators: ['Injectable({ providedIn: "root" })'],
      signature: 'abstract class Repo<T, K extends string> extends Base<T> implements Store, ns.Other',
    });
    const repoId = r.declarations.indexOf(repo);
    expect(decl(r, 'Repo::cache')).toMatchObject({ kind: 'property', visibility: 'private', parent: repoId });
    expect(decl(r, 'Repo::#secret')).toMatchObject({ kind: 'property', visibility: 'private' });
    expect(decl(r, 'Repo::count')).toMatchObject({ kind: 'property', isStatic: true });
    expect(decl(r, 'Repo::load')).toMatchObject({ kind: 'method', isAbstract: true, visibility: 'protected' });
    expect(decl(r, 'Repo::constructor')).toMatchObject({ kind: 'method', parent: repoId });
    expect(decl(r, 'Repo::db')).toMatchObject({ kind: 'property', visibility: 'private', parent: repoId });
    expect(decl(r, 'Repo::name')).toMatchObject({ kind: 'property', visibility: 'public' });
    expect(r.declarations.some((d) => d.qualifiedName === 'Repo::plain')).toBe(false);
    const accessors = r.declarations.filter((d) => d.qualifiedName === 'Repo::size');
    expect(accessors.map((d) => [d.kind, d.startLine])).toEqual([['method', 8], ['method', 9]]);
    expect(decl(r, 'Repo::save')).toMatchObject({ kind: 'method', isAsync: true, visibility: 'public', decorators: ['Log()'] });
    expect(decl(r, 'Repo::create')).toMatchObject({ kind: 'method', isStatic: true });
    expect(decl(r, 'Repo::#hidden')).toMatchObject({ kind: 'method', visibility: 'private' });
    expect(decl(r, 'Repo::onClick').kind).toBe('method');
  });

  it('extracts interfaces, type aliases, enums with members, namespaces and ambient modules', async () => {
    const r = await extractSource([
      'export interface Shape<T> extends Base, geo.Thing { area(): number }',
      'export type Id<T> = string | T;',
      'export const enum Color { Red, Green = "g", "Blue-ish" }',
      'export namespace Geo.Utils { export function dist() {} const local = 1; }',
      "declare module 'virtual:mod' { export function v(): void; }",
      'declare global { interface Window { x: number } }',
    ].join('\n'));
    expect(decl(r, 'Shape')).toMatchObject({ kind: 'interface', isExported: true, typeParameters: ['T'] });
    expect(decl(r, 'Id')).toMatchObject({ kind: 'type_alias', isExported: true, signature: 'type Id<T> = string | T' });
    const color = idOf(r, 'Color');
    expect(decl(r, 'Color').kind).toBe('enum');
    expect(['Red', 'Green', 'Blue-ish'].map((m) => [decl(r, `Color::${m}`).kind, decl(r, `Color::${m}`).parent]))
      .toEqual(Array(3).fill(['enum_member', color]));
    const ns = idOf(r, 'Geo.Utils');
    expect(decl(r, 'Geo.Utils').kind).toBe('namespace');
    expect(decl(r, 'Geo.Utils::dist')).toMatchObject({ kind: 'function', parent: ns, isExported: true });
    expect(decl(r, 'Geo.Utils::local')).toMatchObject({ kind: 'constant', parent: ns });
    expect(decl(r, 'virtual:mod').kind).toBe('module');
    expect(decl(r, 'virtual:mod::v')).toMatchObject({ kind: 'function', parent: idOf(r, 'virtual:mod') });
    expect(decl(r, 'Window').kind).toBe('interface');
    // Interface members are declarations: a call through an interface-typed value links to them.
    expect(decl(r, 'Shape::area')).toMatchObject({ kind: 'method', parent: idOf(r, 'Shape') });
    expect(decl(r, 'Window::x')).toMatchObject({ kind: 'property', parent: idOf(r, 'Window'), signature: 'x: number' });
  });

  it('infers a return type only when every return of an undeclared function agrees', async () => {
    const r = await extractSource([
      'export function make() { const c = new Client(); if (x) return null; return c; }',
      'export function mixed() { if (x) return new Client(); return new Other(); }',
      'export function declared(): Base { return new Client(); }',
      'export const arrow = () => new Client();',
      'export function outer() { const inner = () => { return new Other(); }; return new Client(); }',
      'export function* gen() { return new Client(); }',
      'export function opaque(c) { return c; }',
      'class S { build() { return new Client(); } get current() { return new Client(); } }',
    ].join('\n'));
    const client = { kind: 'call', callee: ['Client'], construct: true };
    expect(decl(r, 'make').returnType).toEqual(client);
    expect(decl(r, 'mixed').returnType).toBeUndefined();
    expect(decl(r, 'declared').returnType).toEqual({ kind: 'named', chain: ['Base'] }); // the declaration wins
    expect(decl(r, 'arrow').returnType).toEqual(client);
    expect(decl(r, 'outer').returnType).toEqual(client); // a nested function's returns are its own
    expect(decl(r, 'gen').returnType).toBeUndefined();
    expect(decl(r, 'opaque').returnType).toBeUndefined();
    expect(decl(r, 'S::build').returnType).toEqual(client);
    expect(decl(r, 'S::current').returnType).toBeUndefined();
  });

  it('records the types the code states: annotations, initialisers, return types, this-assignments', async () => {
    const r = await extractSource([
      "import { Client, make } from './client';",
      'export const shared = new Client();',
      'export let later = new Client();',
      'export let moved = new Client();',
      'moved = make();',
      'export const typed: Client | undefined = undefined;',
      'export function build(): Client { return new Client(); }',
      'export class Service<T> {',
      '  private direct: Client;',
      '  other = make();',
      '  generic: T;',
      '  constructor(private client: Client) { this.direct = client; this.extra = new Client(); this.none = null; }',
      '  get current(): Client { return this.client; }',
      '  run(c: Client, u: Client | Other, t: T) { const q = new Client(); q.get(); c.get(); u.get(); t.get(); build().get(); q.sub().get(); }',
      '}',
    ].join('\n'));
    const named = (chain: string[]) => ({ kind: 'named', chain });
    expect(decl(r, 'shared').valueType).toEqual({ kind: 'call', callee: ['Client'], construct: true });
    // TypeScript: a `let` is declared with its initialiser's type, unless the file assigns it another value.
    expect(decl(r, 'later').valueType).toEqual({ kind: 'call', callee: ['Client'], construct: true });
    expect(decl(r, 'moved').valueType).toBeUndefined();
    expect(decl(r, 'typed').valueType).toEqual(named(['Client']));
    expect(decl(r, 'build').returnType).toEqual(named(['Client']));
    expect(decl(r, 'Service::direct').valueType).toEqual(named(['Client']));
    expect(decl(r, 'Service::other').valueType).toEqual({ kind: 'call', callee: ['make'] });
    expect(decl(r, 'Service::generic').valueType).toBeUndefined(); // T is a type parameter
    expect(decl(r, 'Service::client').valueType).toEqual(named(['Client']));
    expect(decl(r, 'Service::current').valueType).toEqual(named(['Client']));
    const service = idOf(r, 'Service');
    expect(r.memberTypes).toEqual([
      // `this.direct = client`: what the parameter holds (annotated Client).
      { owner: service, name: 'direct', type: named(['Client']), enclosing: idOf(r, 'Service::constructor') },
      { owner: service, name: 'extra', type: { kind: 'call', callee: ['Client'], construct: true }, enclosing: idOf(r, 'Service::constructor') },
    ]);
    const sites = r.references.filter((s) => s.line === 14 && s.name === 'get');
    expect(sites.map((s) => s.typedReceiver?.type ?? null)).toEqual([
      { kind: 'call', callee: ['Client'], construct: true }, // q.get()
      named(['Client']), // c.get()
      null, // u: a union of two classes
      null, // t: a type parameter
      { kind: 'call', callee: ['build'] }, // build().get()
      { kind: 'member-call', of: { kind: 'call', callee: ['Client'], construct: true }, name: 'sub' }, // q.sub().get()
    ]);
  });

  it('keeps one declaration per overloaded function and method', async () => {
    const r = await extractSource([
      'export function over(a: string): string;',
      'export function over(a: number): number;',
      'export function over(a: any) { return a; }',
      'declare function ambient(a: string): void;',
      'declare function ambient(a: number): void;',
      'class C { m(a: string): void; m(a: any) {} }',
    ].join('\n'));
    // The implementation's declaration spans its signatures too: it starts at the first one.
    expect(r.declarations.filter((d) => d.name === 'over').map((d) => [d.startLine, d.endLine])).toEqual([[1, 3]]);
    expect(r.declarations.filter((d) => d.name === 'ambient').map((d) => d.startLine)).toEqual([4]);
    expect(r.declarations.filter((d) => d.qualifiedName === 'C::m').map((d) => d.startColumn)).toEqual([10]);
  });

  it('extracts module-level variables and constants but not locals', async () => {
    const r = await extractSource([
      'export const LIMIT = 10;',
      'let counter = 0, other;',
      'var legacy = {};',
      'export const { a, b: renamed } = config;',
      'function f() { const inner = 1; let x = 2; }',
    ].join('\n'));
    expect(decl(r, 'LIMIT')).toMatchObject({ kind: 'constant', isExported: true, signature: 'const LIMIT = 10' });
    expect(decl(r, 'counter').kind).toBe('variable');
    expect(decl(r, 'other').kind).toBe('variable');
    expect(decl(r, 'legacy').kind).toBe('variable');
    expect(decl(r, 'a')).toMatchObject({ kind: 'constant', isExported: true });
    expect(decl(r, 'renamed').kind).toBe('constant');
    expect(r.declarations.map((d) => d.name)).toEqual(['LIMIT', 'counter', 'other', 'legacy', 'a', 'renamed', 'f']);
    expect(r.declarations.some((d) => d.name === 'inner' || d.name === 'x')).toBe(false);
  });

  it('extracts local functions and classes as nested declarations', async () => {
    const r = await extractSource([
      'export function outer() {',
      '  function helper() {}',
      '  const arrow = () => helper();',
      '  class Local { m() {} }',
      '  const data = 1;',
      '}',
    ].join('\n'));
    const outer = idOf(r, 'outer');
    expect(decl(r, 'outer::helper')).toMatchObject({ kind: 'function', parent: outer });
    expect(decl(r, 'outer::arrow')).toMatchObject({ kind: 'function', parent: outer });
    expect(decl(r, 'outer::Local')).toMatchObject({ kind: 'class', parent: outer });
    expect(decl(r, 'outer::Local::m').parent).toBe(idOf(r, 'outer::Local'));
    expect(r.declarations.some((d) => d.name === 'data')).toBe(false);
  });

  it('marks React components in TSX/JSX only', async () => {
    const source = [
      'export function Button({ label }) { return <button>{label}</button>; }',
      'export const Card = (props) => (<div className="card"><Button label="x" /></div>);',
      'export const Maybe = ({ on }) => on ? <span /> : null;',
      'export const Memo = memo(function Inner() { return <i />; });',
      'export function Helper() { return 1; }',
      'export function lowercase() { return <div />; }',
      'export default function Page() { return <><Card /></>; }',
    ].join('\n');
    const tsx = await extractSource(source, 'src/ui.tsx');
    expect(['Button', 'Card', 'Maybe', 'Memo', 'Page'].map((n) => decl(tsx, n).kind)).toEqual(Array(5).fill('component'));
    expect(decl(tsx, 'Helper').kind).toBe('function');
    expect(decl(tsx, 'lowercase').kind).toBe('function');
    const jsx = await extractSource(source, 'src/ui.jsx');
    expect(decl(jsx, 'Button').kind).toBe('component');
    const js = await extractSource(source, 'src/ui.js');
    expect(decl(js, 'Button').kind).toBe('function');
  });

  it('records import statements as import declarations named by their specifier', async () => {
    const r = await extractSource("import { a } from './a';\nimport def from \"lib\";\n");
    const imports = r.declarations.filter((d) => d.kind === 'import');
    expect(imports.map((d) => [d.name, d.qualifiedName, d.signature, d.parent])).toEqual([
      ['./a', './a', "import { a } from './a';", null],
      ['lib', 'lib', 'import def from "lib";', null],
    ]);
    expect(r.imports.map((i) => i.declaration)).toEqual(imports.map((d) => r.declarations.indexOf(d)));
  });

  it('takes the doc comment right before a declaration only', async () => {
    const r = await extractSource([
      '/**',
      ' * Multi-line',
      ' * doc.',
      ' */',
      'export class A {',
      '  /** Method doc. */',
      '  m() {}',
      '}',
      '/** Detached. */',
      '',
      'function detached() {}',
      '// Line comment.',
      'function lineComment() {}',
      '/** Const doc. */',
      'export const c = () => 1;',
      'class D {',
      '  /** Decorated doc. */',
      '  @log()',
      '  m() {}',
      '}',
      '/** Namespace doc. */',
      'namespace N {}',
      'enum E {',
      '  /** Member doc. */',
      '  A,',
      '  B,',
      '}',
    ].join('\n'));
    expect(decl(r, 'D::m')).toMatchObject({ docstring: 'Decorated doc.', decorators: ['log()'] });
    expect(decl(r, 'N').docstring).toBe('Namespace doc.');
    expect(decl(r, 'E::A').docstring).toBe('Member doc.');
    expect(decl(r, 'E::B').docstring).toBeUndefined();
    expect(decl(r, 'A').docstring).toBe('Multi-line\ndoc.');
    expect(decl(r, 'A::m').docstring).toBe('Method doc.');
    expect(decl(r, 'detached').docstring).toBeUndefined();
    expect(decl(r, 'lineComment').docstring).toBeUndefined();
    expect(decl(r, 'c').docstring).toBe('Const doc.');
  });

  it('never emits two declarations with the same kind, name and line', async () => {
    const r = await extractSource("class A { m() {} } class B { m() {} }\nimport a from './x'; import b from './x';\n");
    const keys = r.declarations.map((d) => `${d.kind}:${d.name}:${d.startLine}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(r.imports).toHaveLength(2);
    expect(r.imports[0].declaration).toBe(r.imports[1].declaration);
  });
});

describe('ecmascript extractor: imports', () => {
  it('reads ESM named, default, namespace, aliased, type-only and side-effect imports', async () => {
    const r = await extractSource([
      "import def, { a, b as c } from './mod';",
      "import * as ns from '@scope/pkg';",
      "import type { T } from './types';",
      "import { type U, v } from './mixed';",
      "import { type W } from './only-types';",
      "import './polyfill';",
      "import x = require('legacy');",
    ].join('\n'));
    expect(r.imports.map((i) => ({ s: i.specifier, b: i.bindings, t: i.typeOnly ?? false, e: i.sideEffectOnly ?? false, line: i.line })))
      .toEqual([
        { s: './mod', b: [{ local: 'def', imported: 'default' }, { local: 'a', imported: 'a' }, { local: 'c', imported: 'b' }], t: false, e: false, line: 1 },
        { s: '@scope/pkg', b: [{ local: 'ns', imported: '*' }], t: false, e: false, line: 2 },
        { s: './types', b: [{ local: 'T', imported: 'T' }], t: true, e: false, line: 3 },
        { s: './mixed', b: [{ local: 'U', imported: 'U' }, { local: 'v', imported: 'v' }], t: false, e: false, line: 4 },
        { s: './only-types', b: [{ local: 'W', imported: 'W' }], t: true, e: false, line: 5 },
        { s: './polyfill', b: [], t: false, e: true, line: 6 },
        { s: 'legacy', b: [{ local: 'x', imported: '*' }], t: false, e: false, line: 7 },
      ]);
  });

  it('reads CommonJS requires and dynamic imports', async () => {
    const r = await extractSource([
      "const fs = require('fs');",
      "const { join, resolve: res, ...restOfPath } = require('path');",
      "var helper = require('./helper').helper;",
      "require('./side-effect');",
      "const lazy = () => import('./lazy');",
      'function local() { const inner = require("./inner"); inner(); }',
    ].join('\n'), 'src/app.js');
    const bySpecifier = Object.fromEntries(r.imports.map((i) => [i.specifier, i]));
    expect(bySpecifier.fs.bindings).toEqual([{ local: 'fs', imported: '*' }]);
    expect(bySpecifier.path.bindings).toEqual([
      { local: 'join', imported: 'join' }, { local: 'res', imported: 'resolve' }, { local: 'restOfPath', imported: '*' },
    ]);
    expect(bySpecifier['./helper'].bindings).toEqual([{ local: 'helper', imported: 'helper' }]);
    expect(bySpecifier['./side-effect']).toMatchObject({ bindings: [], sideEffectOnly: true });
    expect(bySpecifier['./lazy']).toMatchObject({ bindings: [], sideEffectOnly: true });
    // A require inside a function binds a local, not a module-level name.
    expect(bySpecifier['./inner']).toMatchObject({ bindings: [], sideEffectOnly: true });
    expect(oneRef(r, 'inner').locallyBound).toBe(true);
    // Required names are imports, not constants; require() itself is no call site.
    expect(r.declarations.filter((d) => d.kind !== 'import').map((d) => d.name)).toEqual(['lazy', 'local']);
    expect(refs(r, 'require')).toHaveLength(0);
    expect(r.declarations[r.imports[0].declaration]).toMatchObject({ kind: 'import', name: 'fs', signature: "const fs = require('fs');" });
  });
});

describe('ecmascript extractor: exports', () => {
  it('reads ESM export lists, defaults and re-exports', async () => {
    const r = await extractSource([
      'function a() {}',
      'const b = 1;',
      'export { a, b as bee };',
      'export default a;',
      "export { x as y, z } from './x';",
      "export * from './all';",
      "export * as ns from './ns';",
      "export type { T } from './types';",
    ].join('\n'));
    expect(r.exports).toEqual([
      { specifier: null, names: [{ exported: 'a', local: 'a' }, { exported: 'bee', local: 'b' }], line: 3 },
      { specifier: null, names: [{ exported: 'default', local: 'a' }], line: 4 },
      { specifier: './x', names: [{ exported: 'y', local: 'x' }, { exported: 'z', local: 'z' }], line: 5 },
      { specifier: './all', names: '*', line: 6 },
      { specifier: './ns', names: [{ exported: 'ns', local: '*' }], line: 7 },
      { specifier: './types', names: [{ exported: 'T', local: 'T' }], line: 8 },
    ]);
    expect(decl(r, 'a').isExported).toBe(true);
    expect(decl(r, 'b').isExported).toBe(true);
  });

  it('names default-exported functions and classes, anonymous ones `default`', async () => {
    const named = await extractSource('export default function main() {}\n');
    expect(decl(named, 'main').isExported).toBe(true);
    expect(named.exports).toEqual([{ specifier: null, names: [{ exported: 'default', local: 'main' }], line: 1 }]);
    const anonymous = await extractSource('export default class extends Base {}\n');
    expect(decl(anonymous, 'default')).toMatchObject({ kind: 'class', isExported: true });
    expect(anonymous.exports[0].names).toEqual([{ exported: 'default', local: 'default' }]);
    expect(oneRef(anonymous, 'Base', 'extends').enclosing).toBe(idOf(anonymous, 'default'));
    const arrow = await extractSource('export default () => run();\n');
    expect(decl(arrow, 'default').kind).toBe('function');
    expect(oneRef(arrow, 'run').enclosing).toBe(idOf(arrow, 'default'));
    const assignment = await extractSource('function f() {}\nexport = f;\n');
    expect(assignment.exports[0].names).toEqual([{ exported: 'default', local: 'f' }]);
  });

  it('reads CommonJS module.exports and exports.name assignments', async () => {
    const r = await extractSource([
      'function helper() { return inner(); }',
      'module.exports = {',
      '  helper,',
      '  renamed: helper,',
      '  build() { return make(); },',
      '  arrow: () => go(),',
      '};',
      'exports.direct = function () { return direct2(); };',
      'exports.alias = helper;',
      "module.exports.sub = require('./sub');",
      'exports.VERSION = "1.0";',
    ].join('\n'), 'lib/index.js');
    expect(r.exports).toEqual([
      { specifier: null, names: [{ exported: 'helper', local: 'helper' }, { exported: 'renamed', local: 'helper' }], line: 2 },
      { specifier: null, names: [{ exported: 'alias', local: 'helper' }], line: 9 },
      { specifier: './sub', names: [{ exported: 'sub', local: '*' }], line: 10 },
      // Imported as a default (`import lib from './index.js'`), a CommonJS module is its exports object: itself.
      { specifier: './index.js', names: [{ exported: 'default', local: '*' }], line: 1 },
    ]);
    expect(decl(r, 'helper').isExported).toBe(true);
    for (const name of ['build', 'arrow', 'direct']) expect(decl(r, name)).toMatchObject({ kind: 'function', isExported: true });
    expect(decl(r, 'VERSION')).toMatchObject({ kind: 'variable', isExported: true });
    expect(oneRef(r, 'make').enclosing).toBe(idOf(r, 'build'));
    expect(oneRef(r, 'go').enclosing).toBe(idOf(r, 'arrow'));
    expect(oneRef(r, 'direct2').enclosing).toBe(idOf(r, 'direct'));
    expect(r.imports.map((i) => i.specifier)).toEqual(['./sub']);
  });

  it('treats module.exports = fn as the default export and prototype assignments as methods', async () => {
    const r = await extractSource([
      'function Animal(name) { this.name = name; }',
      'Animal.prototype.speak = function () { return says(); };',
      'Unknown.prototype.orphan = function () {};',
      'module.exports = Animal;',
    ].join('\n'), 'animal.js');
    expect(r.exports).toEqual([{ specifier: null, names: [{ exported: 'default', local: 'Animal' }], line: 4 }]);
    expect(decl(r, 'Animal::speak')).toMatchObject({ kind: 'method', parent: idOf(r, 'Animal') });
    expect(oneRef(r, 'says').enclosing).toBe(idOf(r, 'Animal::speak'));
    // Without a known owner there is no safe container: not extracted.
    expect(r.declarations.some((d) => d.name === 'orphan')).toBe(false);
  });

  it('reads chained exports aliases and whole-module re-exports as default exports', async () => {
    const chained = await extractSource([
      'exports = module.exports = createApplication;',
      'function createApplication() {}',
    ].join('\n'), 'express.js');
    expect(chained.exports).toEqual([{ specifier: null, names: [{ exported: 'default', local: 'createApplication' }], line: 1 }]);
    const reversed = await extractSource('module.exports = exports = function build() {};', 'build.js');
    expect(reversed.exports).toEqual([{ specifier: null, names: [{ exported: 'default', local: 'build' }], line: 1 }]);
    const whole = await extractSource("module.exports = require('./lib/express');", 'index.js');
    expect(whole.exports).toEqual([
      { specifier: './lib/express', names: '*', line: 1 },
      { specifier: './lib/express', names: [{ exported: 'default', local: 'default' }], line: 1 },
    ]);
  });
});

describe('ecmascript extractor: reference sites', () => {
  it('records bare, member, this, super, optional and non-identifier receiver calls', async () => {
    const r = await extractSource([
      'class C extends B {',
      '  m() {',
      '    bare();',
      '    a.b.member();',
      '    this.own();',
      '    super.parent();',
      '    maybe?.optional();',
      '    maybe?.fn?.();',
      '    factory().chained();',
      '    list[0].indexed();',
      '    this.#priv();',
      '    nonNull!.call1();',
      '    tag`template`;',
      '  }',
      '  #priv() {}',
      '}',
    ].join('\n'));
    const m = idOf(r, 'C::m');
    const site = (name: string) => {
      const ref = oneRef(r, name, 'calls');
      expect(ref.enclosing).toBe(m);
      return ref.receiver;
    };
    expect(site('bare')).toEqual([]);
    expect(site('member')).toEqual(['a', 'b']);
    expect(site('own')).toEqual(['this']);
    expect(site('parent')).toEqual(['super']);
    expect(site('optional')).toEqual(['maybe']);
    expect(site('fn')).toEqual(['maybe']);
    expect(site('chained')).toBeUndefined();
    expect(site('factory')).toEqual([]);
    expect(site('indexed')).toBeUndefined();
    expect(site('#priv')).toEqual(['this']);
    expect(site('call1')).toEqual(['nonNull']);
    expect(site('tag')).toEqual([]);
    expect(oneRef(r, 'bare')).toMatchObject({ line: 3, column: 4 });
  });

  it('records instantiations and heritage', async () => {
    const r = await extractSource([
      'class A extends Base implements I, ns.J, K<string> {',
      '  make() { return [new Thing(), new lib.Other(1), new (pick())()]; }',
      '}',
      'class M extends mixin(Base2) {}',
      'interface I2 extends I, geo.Shape<number> {}',
    ].join('\n'));
    const make = idOf(r, 'A::make');
    expect(oneRef(r, 'Thing', 'instantiates')).toMatchObject({ receiver: [], enclosing: make });
    expect(oneRef(r, 'Other', 'instantiates')).toMatchObject({ receiver: ['lib'], enclosing: make });
    expect(refs(r, 'pick', 'calls')).toHaveLength(1);
    expect(r.references.filter((x) => x.kind === 'instantiates')).toHaveLength(2);
    const a = idOf(r, 'A');
    expect(oneRef(r, 'Base', 'extends')).toMatchObject({ receiver: [], enclosing: a, line: 1, column: 16 });
    expect(oneRef(r, 'I', 'implements')).toMatchObject({ receiver: [], enclosing: a });
    expect(oneRef(r, 'J', 'implements')).toMatchObject({ receiver: ['ns'], enclosing: a });
    expect(oneRef(r, 'K', 'implements')).toMatchObject({ receiver: [], enclosing: a });
    // `extends mixin(Base2)` extends no name; the call is still a call.
    expect(refs(r, 'mixin', 'calls')).toHaveLength(1);
    expect(r.references.filter((x) => x.kind === 'extends').map((x) => x.name)).toEqual(['Base', 'I', 'Shape']);
    expect(oneRef(r, 'Shape', 'extends')).toMatchObject({ receiver: ['geo'], enclosing: idOf(r, 'I2') });
  });

  it('records capitalised and member JSX tags as calls', async () => {
    const r = await extractSource([
      'export function App() {',
      '  return <Layout><ui.Card.Body /><div /><Item key={make()}>x</Item><svg:rect /></Layout>;',
      '}',
    ].join('\n'), 'src/App.tsx');
    const app = idOf(r, 'App');
    expect(r.references.map((x) => [x.kind, x.name, x.receiver, x.enclosing])).toEqual([
      ['calls', 'Layout', [], app],
      ['calls', 'Body', ['ui', 'Card'], app],
      ['calls', 'Item', [], app],
      ['calls', 'make', [], app],
    ]);
  });

  it('attributes sites to the innermost named function, anonymous callbacks to their owner', async () => {
    const r = await extractSource([
      'top();',
      'export const config = build({ onLoad: () => loaded() });',
      'function f() {',
      '  items.forEach(function (x) { cb(x); });',
      '  const g = () => inG();',
      '}',
      'class K {',
      '  field = init();',
      '  static { boot(); }',
      '  @decorate() m() {}',
      '}',
    ].join('\n'));
    expect(oneRef(r, 'top').enclosing).toBeNull();
    expect(oneRef(r, 'build').enclosing).toBeNull();
    expect(oneRef(r, 'loaded').enclosing).toBe(idOf(r, 'config'));
    expect(oneRef(r, 'cb').enclosing).toBe(idOf(r, 'f'));
    expect(oneRef(r, 'forEach').enclosing).toBe(idOf(r, 'f'));
    expect(oneRef(r, 'inG').enclosing).toBe(idOf(r, 'f::g'));
    expect(oneRef(r, 'init').enclosing).toBe(idOf(r, 'K::field'));
    expect(oneRef(r, 'boot').enclosing).toBe(idOf(r, 'K'));
    expect(oneRef(r, 'decorate').enclosing).toBeNull();
  });

  it('drops `this` receivers where `this` is not the class instance', async () => {
    const r = await extractSource([
      'class C {',
      '  m() {',
      '    const arrow = () => this.inArrow();',
      '    function plain() { this.inPlain(); }',
      '    return { o() { this.inObject(); } };',
      '  }',
      '}',
      'function free() { this.inFree(); }',
    ].join('\n'));
    expect(oneRef(r, 'inArrow').receiver).toEqual(['this']);
    expect(oneRef(r, 'inPlain').receiver).toBeUndefined();
    expect(oneRef(r, 'inObject').receiver).toBeUndefined();
    expect(oneRef(r, 'inFree').receiver).toBeUndefined();
  });
});

describe('ecmascript extractor: local scopes', () => {
  it('marks names bound by parameters, locals, catch, loops, destructuring and hoisted vars', async () => {
    const r = await extractSource([
      'export function run(process, { parse, opts: { render } }, [first], ...rest) {',
      '  process.exit();',
      '  parse(); render(); first(); rest();',
      '  const localConst = get(); localConst();',
      '  for (const item of list) item();',
      '  for (let i = 0; i < 1; i++) i();',
      '  try { risky(); } catch (err) { err(); }',
      '  { let blockOnly; blockOnly(); }',
      '  blockOnly();',
      '  if (x) { var hoisted; }',
      '  hoisted();',
      '  list.map((el, idx) => el.go(idx));',
      '  const named = function self() { self(); };',
      '  module.exports.helper();',
      '}',
      'const moduleLevel = () => 1;',
      'moduleLevel();',
      'function other() { moduleLevel(); run(); }',
    ].join('\n'));
    const bound = (name: string) => refs(r, name).map((x) => x.locallyBound ?? false);
    expect(bound('exit')).toEqual([true]);
    for (const name of ['parse', 'render', 'first', 'rest', 'localConst', 'item', 'i', 'err', 'hoisted', 'go']) {
      expect(bound(name), name).toEqual([true]);
    }
    expect(bound('blockOnly')).toEqual([true, false]);
    expect(bound('risky')).toEqual([false]);
    expect(bound('get')).toEqual([false]);
    expect(bound('map')).toEqual([false]);
    expect(bound('self')).toEqual([true]);
    expect(oneRef(r, 'self').localTarget).toBe(idOf(r, 'run::named'));
    expect(bound('moduleLevel')).toEqual([false, false]);
    expect(bound('run')).toEqual([false]);
    expect(bound('helper')).toEqual([false]);
    expect(r.references.every((x) => x.localTarget === undefined || x.name === 'self')).toBe(true);
  });

  it('links calls of extracted local functions and classes through localTarget', async () => {
    const r = await extractSource([
      'export function outer() {',
      '  helper();',
      '  const viaArrow = () => helper();',
      '  new Local();',
      '  Local.create();',
      '  function helper() {}',
      '  class Local { static create() {} }',
      '}',
      'function helper() {}',
      'function elsewhere() { helper(); }',
    ].join('\n'));
    const localHelper = idOf(r, 'outer::helper');
    const [first, second, third] = refs(r, 'helper');
    expect(first).toMatchObject({ locallyBound: true, localTarget: localHelper });
    expect(second).toMatchObject({ locallyBound: true, localTarget: localHelper, enclosing: idOf(r, 'outer::viaArrow') });
    expect(third.locallyBound).toBeUndefined();
    expect(third.localTarget).toBeUndefined();
    expect(oneRef(r, 'Local', 'instantiates')).toMatchObject({ locallyBound: true, localTarget: idOf(r, 'outer::Local') });
    expect(oneRef(r, 'create')).toMatchObject({ receiver: ['Local'], locallyBound: true });
    expect(oneRef(r, 'create').localTarget).toBeUndefined();
  });

  it('classifies names after the walk: a const below its call, a var from a nested block in the whole function', async () => {
    const r = await extractSource([
      'export function run() {',
      '  early();',
      '  if (ok) { var later = function () {}; var client: Client = make(); }',
      '  later();',
      '  client.send();',
      '  const early = () => 1;',
      '}',
    ].join('\n'));
    expect(oneRef(r, 'early')).toMatchObject({ locallyBound: true, localTarget: idOf(r, 'run::early') });
    expect(oneRef(r, 'later')).toMatchObject({ locallyBound: true, localTarget: idOf(r, 'run::later') });
    expect(oneRef(r, 'send')).toMatchObject({ locallyBound: true, typedReceiver: { type: { kind: 'named', chain: ['Client'] }, path: [] } });
  });

  it('scopes JSX tags like any other name', async () => {
    const r = await extractSource('export const Wrap = ({ as: Tag, children }) => <Tag>{children}</Tag>;\n', 'w.jsx');
    expect(oneRef(r, 'Tag')).toMatchObject({ locallyBound: true });
  });
});

describe('ecmascript extractor: syntax errors and robustness', () => {
  it('records syntax errors and keeps extracting around them', async () => {
    const r = await extractSource([
      'export function before() { return 1; }',
      'export function broken(a: number) {',
      '  const x = a + ;',
      '  if (x > { return x; }',
      '}',
      'export function after(): number { return before(); }',
    ].join('\n'));
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.errors.every((e) => e.severity === 'error' && typeof e.line === 'number' && typeof e.column === 'number')).toBe(true);
    expect(r.errors[0].line).toBe(3);
    expect(decl(r, 'after').kind).toBe('function');
    expect(oneRef(r, 'before').enclosing).toBe(idOf(r, 'after'));
  });

  it('lists declarations and sites in source order, even where the walk meets them later', async () => {
    const r = await extractSource('@dec()\nclass A extends B {}\nconst f = () => { function inner() {} }, g = 1;\n');
    expect(r.references.map((s) => s.name)).toEqual(['dec', 'B']);
    expect(r.declarations.map((d) => d.qualifiedName)).toEqual(['A', 'f', 'f::inner', 'g']);
    expect(decl(r, 'f::inner').parent).toBe(idOf(r, 'f'));
    expect(oneRef(r, 'B').enclosing).toBe(idOf(r, 'A'));
  });

  it('counts a trailing newline as opening a last line, as the file node does', async () => {
    expect((await extractSource('export const a = 1;\n')).lineCount).toBe(2);
    expect((await extractSource('export const a = 1;')).lineCount).toBe(1);
  });

  it('reports missing tokens', async () => {
    const r = await extractSource('function f(a: number {\n  return a;\n}\nfunction g() {}\n');
    expect(r.errors.some((e) => e.message.includes('missing'))).toBe(true);
    expect(decl(r, 'g').kind).toBe('function');
  });

  it('recovers a named function swallowed into an error node', async () => {
    const r = await extractSource('function broken( {\n  return 1 +;\n}\nfunction good() { return helper(); }\nclass K { m() {\n', 'x.js');
    expect(decl(r, 'good').kind).toBe('function');
    expect(oneRef(r, 'helper').enclosing).toBe(idOf(r, 'good'));
  });

  it('handles very deep nesting without exhausting the stack', async () => {
    const depth = 2500;
    const source = [
      `function deepCalls() { ${'f('.repeat(depth)}${')'.repeat(depth)} }`,
      `const deepArray = ${'['.repeat(depth)}${']'.repeat(depth)};`,
      `function deepBlocks() { ${'if (a) {'.repeat(depth)} g(); ${'}'.repeat(depth)} }`,
      `function deepFns() { ${'(() => {'.repeat(500)} h(); ${'})();'.repeat(500)} }`,
    ].join('\n');
    const r = await extractSource(source, 'deep.js');
    expect(refs(r, 'f')).toHaveLength(depth);
    expect(oneRef(r, 'g').enclosing).toBe(idOf(r, 'deepBlocks'));
    expect(oneRef(r, 'h').enclosing).toBe(idOf(r, 'deepFns'));
    expect(decl(r, 'deepArray').kind).toBe('constant');
  });

  it('survives garbage input', async () => {
    const garbage = Array.from({ length: 5000 }, (_, i) => String.fromCharCode((i * 7919) % 0x2fff)).join('');
    const r = await extractSource(garbage, 'garbage.ts');
    expect(r.errors.length).toBeGreaterThan(0);
    // At most the listed syntax errors and the one warning that counts the rest.
    expect(r.errors.length).toBeLessThanOrEqual(MAX_LISTED_SYNTAX_ERRORS + 1);
    const empty = await extractSource('', 'empty.ts');
    expect(empty).toMatchObject({ declarations: [], references: [], errors: [], lineCount: 1 });
  });

  it('handles a large generated file in reasonable time', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 1500; i++) lines.push(`export function fn${i}(a) { return fn${(i + 1) % 1500}(a) + helper.call${i}(a); }`);
    const started = Date.now();
    const r = await extractSource(lines.join('\n'), 'big.ts');
    expect(r.declarations).toHaveLength(1500);
    expect(r.references).toHaveLength(3000);
    expect(r.lineCount).toBe(1500);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
