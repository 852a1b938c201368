/**
 * The graph model extensions the languages after TypeScript and Python need, exercised on
 * extraction data alone (no parser): members declared outside their type (`memberOf`), a bare call
 * meaning `this.m()` (implicit this), modules that are sets of files (packages), imports that bind
 * only in the scope where they stand, and receiver types resolved through all of them.
 */
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Declaration, FileExtraction, ImportStatement, ReferenceSite } from '../model/extraction.js';
import type { ImportResolver, NameBindingRules, ResolutionLanguage } from '../model/language-support.js';
import { pythonNameBinding } from '../languages/python/name-binding.js';
import { ReferenceResolver } from './reference-resolver.js';
import { UniqueNameIndex } from './unique-name-index.js';
import { WorkspaceSymbols } from './workspace-symbols.js';

function decl(kind: Declaration['kind'], name: string, line: number, extra: Partial<Declaration> = {}): Declaration {
  return { kind, name, qualifiedName: name, parent: null, startLine: line, endLine: line + 1, startColumn: 0, endColumn: 1, ...extra };
}
function call(name: string, extra: Partial<ReferenceSite> = {}): ReferenceSite {
  return { kind: 'calls', name, receiver: [], enclosing: null, line: 9, column: 2, ...extra };
}
function imp(declaration: number, specifier: string, local: string, imported: string): ImportStatement {
  return { declaration, specifier, bindings: [{ local, imported }], line: 1, column: 0 };
}

/** A package-per-folder language (shaped like Go): a folder is a package; imports name folders. */
const packageRules: NameBindingRules = {
  instanceReceivers: [], classReceivers: [], superReceiver: null,
  lookup: ['scoped-imports', 'enclosing-namespaces', 'module-scope', 'package', 'package-wildcard-imports'],
  isAccessor: () => false, linkableByName: () => true,
};
function setup(language: 'go' | 'java', extractions: FileExtraction[], binding: NameBindingRules = packageRules) {
  const byPath = new Map(extractions.map((f) => [f.path, f]));
  const modules: ImportResolver = {
    specifiers: { resolveModule: () => null },
    isBuiltin: () => false,
    packages: {
      packageOf: (path) => posix.dirname(path),
      importedPackage: (_from, specifier) => (extractions.some((f) => posix.dirname(f.path) === specifier) ? specifier : null),
    },
  };
  const resolution: ResolutionLanguage = { family: language, modules, binding };
  const symbols = new WorkspaceSymbols(byPath, () => resolution);
  const unique = new UniqueNameIndex();
  extractions.forEach((f) => unique.add(language, f));
  const resolver = new ReferenceResolver(symbols, unique, () => resolution);
  return (path: string, site: ReferenceSite) => resolver.resolve(byPath.get(path)!, site);
}
function source(path: string, language: 'go' | 'java', parts: Partial<FileExtraction>): FileExtraction {
  return { path, language, lineCount: 30, declarations: [], imports: [], exports: [], references: [], errors: [], ...parts };
}

describe('modules that are sets of files', () => {
  const server = source('web/server.go', 'go', {
    declarations: [decl('struct', 'Server', 1, { isExported: true }), decl('function', 'helper', 5)],
  });
  // A method of Server declared in another file of the package.
  const routes = source('web/routes.go', 'go', {
    declarations: [
      decl('method', 'Handle', 3, { isExported: true, memberOf: { kind: 'named', chain: ['Server'] } }),
      decl('function', 'NewServer', 8, { isExported: true, returnType: { kind: 'named', chain: ['Server'] } }),
    ],
  });
  const other = source('other/server.go', 'go', { declarations: [decl('struct', 'Server', 1, { isExported: true }), decl('method', 'Handle', 2, { isExported: true, memberOf: { kind: 'named', chain: ['Server'] } })] });
  const main = source('cmd/main.go', 'go', {
    declarations: [decl('import', 'web', 1), decl('function', 'main', 3)],
    imports: [imp(0, 'web', 'web', '*')],
  });
  const resolve = setup('go', [server, routes, other, main]);

  it('a file sees the other files of its package without an import', () => {
    expect(resolve('web/routes.go', call('helper', { enclosing: 1 }))).toMatchObject({
      resolved: true, target: { file: 'web/server.go', localId: 1 }, resolvedBy: 'same-package',
    });
  });

  it('`pkg.F()` lands on the exported declaration of the imported package, never on a same-named one elsewhere', () => {
    expect(resolve('cmd/main.go', call('NewServer', { receiver: ['web'], enclosing: 1 }))).toMatchObject({
      resolved: true, target: { file: 'web/routes.go', localId: 1 }, resolvedBy: 'import',
    });
    // Unexported names are not visible from outside the package.
    expect(resolve('cmd/main.go', call('helper', { receiver: ['web'], enclosing: 1 }))).toMatchObject({ resolved: false });
  });

  it('a method declared outside its type is a member of that type, found through a proven receiver', () => {
    const site = call('Handle', { receiver: ['s'], locallyBound: true, enclosing: 1, typedReceiver: { type: { kind: 'call', callee: ['web', 'NewServer'] }, path: [] } });
    expect(resolve('cmd/main.go', site)).toMatchObject({
      resolved: true, target: { file: 'web/routes.go', localId: 0 }, resolvedBy: 'returned-receiver',
    });
    const typed = call('Handle', { receiver: ['s'], locallyBound: true, enclosing: 1, typedReceiver: { type: { kind: 'named', chain: ['web', 'Server'] }, path: [] } });
    expect(resolve('cmd/main.go', typed)).toMatchObject({ resolved: true, target: { file: 'web/routes.go', localId: 0 }, resolvedBy: 'annotated-receiver' });
  });
});

describe('members declared outside their type, and conversions', () => {
  const types = source('shapes/types.go', 'go', {
    declarations: [
      decl('struct', 'Circle', 1, { isExported: true }),
      decl('method', 'Area', 4, { isExported: true, memberOf: { kind: 'named', chain: ['Circle'] } }),
      decl('function', 'run', 8),
    ],
  });
  const converts = { ...packageRules, calls: { typeConverts: true } };

  it('a method is no package-level name: a bare call of its name does not reach it', () => {
    const resolve = setup('go', [types]);
    expect(resolve('shapes/types.go', call('Area', { enclosing: 2 }))).toMatchObject({ resolved: false });
    expect(resolve('shapes/types.go', call('run', { enclosing: 2 }))).toMatchObject({ resolved: true, target: { localId: 2 } });
  });

  it('a defined type that is no struct (a type_alias node) has the methods declared for it', () => {
    const chain = source('shapes/chain.go', 'go', {
      declarations: [
        decl('type_alias', 'Chain', 1, { isExported: true }),
        decl('method', 'Last', 3, { isExported: true, memberOf: { kind: 'named', chain: ['Chain'] } }),
        decl('function', 'use', 6),
      ],
    });
    const site = call('Last', { receiver: ['c'], locallyBound: true, enclosing: 2, typedReceiver: { type: { kind: 'named', chain: ['Chain'] }, path: [] } });
    expect(setup('go', [chain])('shapes/chain.go', site)).toMatchObject({ resolved: true, target: { localId: 1 }, resolvedBy: 'annotated-receiver' });
  });

  it('with calls.typeConverts, a call of a type is a conversion (no edge); without it, an instantiation', () => {
    expect(setup('go', [types], converts)('shapes/types.go', call('Circle', { enclosing: 2 }))).toMatchObject({ resolved: false, reason: 'not-callable' });
    expect(setup('go', [types])('shapes/types.go', call('Circle', { enclosing: 2 }))).toMatchObject({ resolved: true, edgeKind: 'instantiates' });
  });
});

describe('files a build must opt into', () => {
  const main = source('codec/json.go', 'go', { declarations: [decl('function', 'Marshal', 1, { isExported: true }), decl('function', 'use', 3)] });
  const variant = source('codec/jsoniter.go', 'go', { buildVariant: 'jsoniter', declarations: [decl('function', 'Marshal', 1, { isExported: true })] });
  const caller = source('codec/call.go', 'go', { declarations: [decl('function', 'encode', 1)] });
  const platform = source('codec/json_windows.go', 'go', { declarations: [decl('function', 'Marshal', 1, { isExported: true })] });

  it('a name declared by a default file and an opt-in variant means the default one', () => {
    expect(setup('go', [main, variant, caller])('codec/call.go', call('Marshal', { enclosing: 0 }))).toMatchObject({
      resolved: true, target: { file: 'codec/json.go', localId: 0 }, resolvedBy: 'same-package',
    });
  });

  it('two default files declaring the name (platform variants) stay ambiguous', () => {
    expect(setup('go', [main, platform, caller])('codec/call.go', call('Marshal', { enclosing: 0 }))).toMatchObject({ resolved: false, reason: 'ambiguous' });
  });
});

describe('implicit this', () => {
  const javaRules: NameBindingRules = { ...packageRules, instanceReceivers: ['this'], superReceiver: 'super',
    lookup: ['class-members', ...packageRules.lookup] };
  const base = source('app/Base.java', 'java', {
    declarations: [decl('class', 'Base', 1, { isExported: true }), decl('method', 'log', 2, { parent: 0 })],
  });
  const shape = source('app/Shape.java', 'java', {
    declarations: [
      decl('class', 'Shape', 1, { isExported: true }),
      decl('method', 'area', 2, { parent: 0 }),
      decl('method', 'describe', 4, { parent: 0 }),
      decl('class', 'Inner', 8, { parent: 0 }),
      decl('method', 'run', 9, { parent: 3 }),
      decl('method', 'create', 12, { parent: 0, isStatic: true }),
    ],
    references: [{ kind: 'extends', name: 'Base', receiver: [], enclosing: 0, line: 1, column: 0 }],
  });
  const helper = source('app/Util.java', 'java', { declarations: [decl('class', 'area', 1, { isExported: true })] });
  const resolve = setup('java', [base, shape, helper], javaRules);

  it('a bare call in a method means a member of the class before any outer name', () => {
    expect(resolve('app/Shape.java', call('area', { enclosing: 2 }))).toMatchObject({
      resolved: true, target: { file: 'app/Shape.java', localId: 1 }, resolvedBy: 'implicit-this',
    });
  });

  it('reaches members of proven base classes and of enclosing classes', () => {
    expect(resolve('app/Shape.java', call('log', { enclosing: 2 }))).toMatchObject({
      resolved: true, target: { file: 'app/Base.java', localId: 1 }, resolvedBy: 'implicit-this',
    });
    expect(resolve('app/Shape.java', call('describe', { enclosing: 4 }))).toMatchObject({
      resolved: true, target: { file: 'app/Shape.java', localId: 2 }, resolvedBy: 'implicit-this',
    });
  });

  it('a local binding still wins, and a name no class declares falls through to the package', () => {
    expect(resolve('app/Shape.java', call('area', { enclosing: 2, locallyBound: true }))).toMatchObject({ resolved: false, reason: 'local-binding' });
    expect(resolve('app/Shape.java', call('missing', { enclosing: 2 }))).toMatchObject({ resolved: false });
  });
});

describe('imports bind in the scope where they stand', () => {
  const lib = source('lib.py', 'go', { declarations: [decl('function', 'getcwd', 1, { isExported: true })] });
  function py(path: string, parts: Partial<FileExtraction>): FileExtraction {
    return { ...source(path, 'go', parts), language: 'python' };
  }
  const app = py('app.py', {
    declarations: [decl('function', 'first', 1), decl('import', './lib', 2, { parent: 0 }), decl('function', 'second', 5), decl('function', 'inner', 3, { parent: 0 })],
    imports: [{ ...imp(1, './lib', 'getcwd', 'getcwd'), line: 2 }],
  });
  const modules: ImportResolver = { specifiers: { resolveModule: (_f, s) => (s === './lib' ? 'lib.py' : null) }, isBuiltin: () => false };
  const language: ResolutionLanguage = { family: 'python', modules, binding: pythonNameBinding };
  const files = [{ ...lib, language: 'python' as const }, app];
  const byPath = new Map(files.map((f) => [f.path, f]));
  const symbols = new WorkspaceSymbols(byPath, () => language);
  const resolver = new ReferenceResolver(symbols, new UniqueNameIndex(), () => language);

  it('an import inside a function binds there and in functions nested in it, not in a sibling', () => {
    expect(resolver.resolve(app, call('getcwd', { enclosing: 0 }))).toMatchObject({ resolved: true, resolvedBy: 'import' });
    expect(resolver.resolve(app, call('getcwd', { enclosing: 3 }))).toMatchObject({ resolved: true, resolvedBy: 'import' });
    expect(resolver.resolve(app, call('getcwd', { enclosing: 2 }))).toMatchObject({ resolved: false });
    expect(resolver.resolve(app, call('getcwd'))).toMatchObject({ resolved: false });
  });
});

describe('values injected by parameter name (pytest fixtures)', () => {
  function py(path: string, parts: Partial<FileExtraction>): FileExtraction {
    return { path, language: 'python', lineCount: 30, declarations: [], imports: [], exports: [], references: [], errors: [], ...parts };
  }
  const appModule = py('src/app.py', {
    declarations: [decl('class', 'App', 1, { isExported: true }), decl('method', 'route', 2, { parent: 0 }), decl('class', 'Client', 5, { isExported: true }), decl('method', 'get', 6, { parent: 2 })],
  });
  const fixtureDecorated = { decorators: ['pytest.fixture'] };
  const rootConftest = py('tests/conftest.py', {
    declarations: [
      decl('import', 'src.app', 1), decl('function', 'app', 3, { ...fixtureDecorated, returnType: { kind: 'call', callee: ['App'] } }),
      decl('function', 'client', 6, { ...fixtureDecorated, yieldType: { kind: 'call', callee: ['Client'] } }),
      decl('function', 'helper', 9, { returnType: { kind: 'call', callee: ['App'] } }),
    ],
    imports: [{ declaration: 0, specifier: 'src.app', bindings: [{ local: 'App', imported: 'App' }, { local: 'Client', imported: 'Client' }], line: 1, column: 0 }],
  });
  // A nearer conftest overrides `app` with something arbor cannot type.
  const nested = py('tests/unit/conftest.py', { declarations: [decl('function', 'app', 2, fixtureDecorated)] });
  const test = py('tests/test_views.py', { declarations: [decl('function', 'test_index', 1)] });
  const unitTest = py('tests/unit/test_more.py', { declarations: [decl('function', 'test_more', 1)] });
  const files = [appModule, rootConftest, nested, test, unitTest];
  const modules: ImportResolver = { specifiers: { resolveModule: (_f, s) => (s === 'src.app' ? 'src/app.py' : null) }, isBuiltin: () => false };
  const language: ResolutionLanguage = { family: 'python', modules, binding: pythonNameBinding };
  const byPath = new Map(files.map((f) => [f.path, f]));
  const resolver = new ReferenceResolver(new WorkspaceSymbols(byPath, () => language), new UniqueNameIndex(), () => language);
  const injected = (name: string, method: string) =>
    call(method, { receiver: [name], locallyBound: true, enclosing: 0, typedReceiver: { type: { kind: 'injected', name }, path: [] } });

  it('a test parameter named after a fixture holds what the fixture returns or yields', () => {
    expect(resolver.resolve(test, injected('app', 'route'))).toMatchObject({
      resolved: true, target: { file: 'src/app.py', localId: 1 }, resolvedBy: 'returned-receiver',
    });
    expect(resolver.resolve(test, injected('client', 'get'))).toMatchObject({ resolved: true, target: { file: 'src/app.py', localId: 3 } });
  });

  it('only decorated fixtures count, and the nearest conftest wins even when it proves nothing', () => {
    expect(resolver.resolve(test, injected('helper', 'route'))).toMatchObject({ resolved: false });
    expect(resolver.resolve(unitTest, injected('app', 'route'))).toMatchObject({ resolved: false });
    expect(resolver.resolve(unitTest, injected('client', 'get'))).toMatchObject({ resolved: true, target: { file: 'src/app.py', localId: 3 } });
  });
});

describe("a language's lookup order", () => {
  // `helper` is declared in the caller's own file and in another file of its package; `shared` only in the other file.
  const own = source('web/a.go', 'go', { declarations: [decl('function', 'helper', 1), decl('function', 'caller', 3)] });
  const sibling = source('web/b.go', 'go', { declarations: [decl('function', 'helper', 1), decl('function', 'shared', 3)] });
  const withLookup = (lookup: NameBindingRules['lookup']) => setup('go', [own, sibling], { ...packageRules, lookup });

  it('the first listed step that binds a name wins', () => {
    expect(withLookup(['module-scope', 'package'])('web/a.go', call('helper', { enclosing: 1 }))).toMatchObject({
      resolved: true, target: { file: 'web/a.go', localId: 0 }, resolvedBy: 'same-file',
    });
    expect(withLookup(['package', 'module-scope'])('web/a.go', call('helper', { enclosing: 1 }))).toMatchObject({
      resolved: true, target: { file: 'web/b.go', localId: 0 }, resolvedBy: 'same-package',
    });
  });

  it('a step the language leaves out is never asked', () => {
    expect(withLookup(['module-scope', 'package'])('web/a.go', call('shared', { enclosing: 1 }))).toMatchObject({ resolved: true, target: { file: 'web/b.go', localId: 1 } });
    expect(withLookup(['module-scope'])('web/a.go', call('shared', { enclosing: 1 }))).toMatchObject({ resolved: false, reason: 'not-found' });
    // `workspace-unique` ends a lookup with the one declaration of the name in the family.
    expect(withLookup(['module-scope', 'workspace-unique'])('web/a.go', call('shared', { enclosing: 1 }))).toMatchObject({ resolved: true, target: { file: 'web/b.go', localId: 1 }, resolvedBy: 'unique-name' });
  });
});
