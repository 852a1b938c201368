import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Declaration, FileExtraction, ImportStatement, ReferenceSite } from '../model/extraction.js';
import type { ImportResolver, ResolutionLanguage } from '../model/language-support.js';
import { pythonNameBinding } from '../languages/python/name-binding.js';
import { ecmascriptNameBinding } from '../languages/typescript/name-binding.js';
import { ReferenceResolver } from './reference-resolver.js';
import { UniqueNameIndex } from './unique-name-index.js';
import { WorkspaceSymbols } from './workspace-symbols.js';

// Small builders: the resolver only sees extraction data, so tests need no parser.
function decl(kind: Declaration['kind'], name: string, line: number, extra: Partial<Declaration> = {}): Declaration {
  return { kind, name, qualifiedName: name, parent: null, startLine: line, endLine: line + 1, startColumn: 0, endColumn: 1, ...extra };
}
function file(path: string, parts: Partial<FileExtraction>): FileExtraction {
  return { path, language: 'typescript', lineCount: 20, declarations: [], imports: [], exports: [], references: [], errors: [], ...parts };
}
function imp(declaration: number, specifier: string, bindings: Array<[string, string]>): ImportStatement {
  return { declaration, specifier, bindings: bindings.map(([local, imported]) => ({ local, imported })), line: 1, column: 0 };
}
function call(name: string, extra: Partial<ReferenceSite> = {}): ReferenceSite {
  return { kind: 'calls', name, receiver: [], enclosing: null, line: 5, column: 2, ...extra };
}

/** Relative specifiers map to `<dir>/<name>.ts`; everything else is external. */
const fakeResolver = (files: Set<string>, builtins: string[] = ['parseInt']): ImportResolver => ({
  specifiers: {
    resolveModule(from, specifier) {
      if (!specifier.startsWith('.')) return null;
      const joined = posix.normalize(posix.join(posix.dirname(from), specifier));
      for (const candidate of [`${joined}.ts`, `${joined}/index.ts`]) if (files.has(candidate)) return candidate;
      return null;
    },
  },
  isBuiltin: (name) => builtins.includes(name),
});

function setup(extractions: FileExtraction[]) {
  const byPath = new Map(extractions.map((f) => [f.path, f]));
  const resolver = fakeResolver(new Set(byPath.keys()));
  const language: ResolutionLanguage = { family: 'ecmascript', modules: resolver, binding: ecmascriptNameBinding };
  const symbols = new WorkspaceSymbols(byPath, () => language);
  const unique = new UniqueNameIndex();
  extractions.forEach((f) => unique.add('ecmascript', f));
  const refs = new ReferenceResolver(symbols, unique, () => language);
  return (path: string, site: ReferenceSite) => refs.resolve(byPath.get(path)!, site);
}

describe('ReferenceResolver', () => {
  const a = file('a.ts', { declarations: [decl('function', 'helper', 1, { isExported: true })] });
  const b = file('b.ts', { declarations: [decl('function', 'helper', 1, { isExported: true })] });

  it('an import that lands on an indexed file wins over a same-named declaration elsewhere', () => {
    const app = file('app.ts', { declarations: [decl('import', './b', 1)], imports: [imp(0, './b', [['helper', 'helper']])] });
    const resolve = setup([a, b, app]);
    expect(resolve('app.ts', call('helper'))).toMatchObject({ resolved: true, target: { file: 'b.ts', localId: 0 }, resolvedBy: 'import' });
  });

  it('follows aliases, namespace imports and barrel re-export chains', () => {
    const barrel = file('lib/index.ts', { exports: [{ specifier: './inner', names: '*', line: 1 }] });
    const inner = file('lib/inner.ts', { exports: [{ specifier: '../b', names: [{ exported: 'renamed', local: 'helper' }], line: 1 }] });
    const app = file('app.ts', {
      declarations: [decl('import', './lib', 1), decl('import', './a', 2)],
      imports: [imp(0, './lib', [['r', 'renamed']]), imp(1, './a', [['ns', '*']])],
    });
    const resolve = setup([a, b, barrel, inner, app]);
    expect(resolve('app.ts', call('r'))).toMatchObject({ resolved: true, target: { file: 'b.ts' }, resolvedBy: 'import' });
    expect(resolve('app.ts', call('helper', { receiver: ['ns'] }))).toMatchObject({ resolved: true, target: { file: 'a.ts' }, resolvedBy: 'import' });
  });

  it('never links a name imported from an unindexed module to a workspace declaration', () => {
    const util = file('util.ts', { declarations: [decl('function', 'map', 1, { isExported: true })] });
    const app = file('app.ts', { declarations: [decl('import', 'lodash', 1)], imports: [imp(0, 'lodash', [['map', 'map']])] });
    const resolve = setup([util, app]);
    expect(resolve('app.ts', call('map'))).toMatchObject({ resolved: false, reason: 'external-import', likelyInternal: false });
  });

  it('a unique workspace name links a bare call; two declarations make it ambiguous with candidates', () => {
    const only = file('only.ts', { declarations: [decl('function', 'solo', 3)] });
    const caller = file('caller.ts', {});
    expect(setup([only, caller])('caller.ts', call('solo'))).toMatchObject({ resolved: true, resolvedBy: 'unique-name', target: { file: 'only.ts' } });
    const result = setup([a, b, caller])('caller.ts', call('helper'));
    expect(result).toMatchObject({ resolved: false, reason: 'ambiguous', likelyInternal: true });
    expect(result.resolved === false && result.candidates?.map((c) => c.file).sort()).toEqual(['a.ts', 'b.ts']);
  });

  it('a file with syntax errors gets no name-only links (its own declaration may be in the broken part)', () => {
    const only = file('only.ts', { declarations: [decl('function', 'solo', 3)] });
    const broken = file('broken.ts', { errors: [{ message: 'Syntax error', line: 2, severity: 'error' }] });
    expect(setup([only, broken])('broken.ts', call('solo'))).toMatchObject({ resolved: false, reason: 'not-found', likelyInternal: true });
  });

  it('a locally bound name, a builtin or an unknown receiver never resolves by name', () => {
    const caller = file('caller.ts', {});
    const resolve = setup([a, caller]);
    expect(resolve('caller.ts', call('helper', { locallyBound: true }))).toMatchObject({ resolved: false, reason: 'local-binding', likelyInternal: false });
    const withBuiltin = setup([file('p.ts', { declarations: [decl('function', 'parseInt', 1)] }), caller]);
    expect(withBuiltin('caller.ts', call('parseInt'))).toMatchObject({ resolved: false, reason: 'builtin' });
    expect(resolve('caller.ts', call('helper', { receiver: ['obj'] }))).toMatchObject({ resolved: false, reason: 'unknown-receiver' });
    expect(resolve('caller.ts', call('helper', { receiver: undefined }))).toMatchObject({ resolved: false, reason: 'unknown-receiver' });
  });

  it('a module-level declaration in the same file wins over a workspace-wide unique name', () => {
    const own = file('own.ts', { declarations: [decl('function', 'helper', 9)] });
    const resolve = setup([a, own]);
    expect(resolve('own.ts', call('helper'))).toMatchObject({ resolved: true, target: { file: 'own.ts' }, resolvedBy: 'same-file' });
  });

  it('this.m() links to a method of the enclosing class only', () => {
    const cls = file('c.ts', {
      declarations: [
        decl('class', 'C', 1),
        decl('method', 'run', 2, { parent: 0, qualifiedName: 'C::run' }),
        decl('method', 'step', 5, { parent: 0, qualifiedName: 'C::step' }),
      ],
    });
    const resolve = setup([cls]);
    expect(resolve('c.ts', call('step', { receiver: ['this'], enclosing: 1 }))).toMatchObject({ resolved: true, target: { localId: 2 }, resolvedBy: 'this-member' });
    expect(resolve('c.ts', call('missing', { receiver: ['this'], enclosing: 1 }))).toMatchObject({ resolved: false });
    expect(resolve('c.ts', call('step', { receiver: ['this'], enclosing: null }))).toMatchObject({ resolved: false });
  });

  it('a call that lands on a class becomes an instantiates edge; Cls.m() reaches a static member', () => {
    const cls = file('k.ts', {
      declarations: [decl('class', 'K', 1, { isExported: true }), decl('method', 'create', 2, { parent: 0, isStatic: true })],
    });
    const app = file('app.ts', { declarations: [decl('import', './k', 1)], imports: [imp(0, './k', [['K', 'K']])] });
    const resolve = setup([cls, app]);
    expect(resolve('app.ts', call('K'))).toMatchObject({ resolved: true, edgeKind: 'instantiates' });
    expect(resolve('app.ts', call('create', { receiver: ['K'] }))).toMatchObject({ resolved: true, target: { localId: 1 }, resolvedBy: 'qualified-member' });
  });

  it('an ambiguous `export *` pair does not pick one', () => {
    const barrel = file('lib/index.ts', {
      exports: [{ specifier: '../a', names: '*', line: 1 }, { specifier: '../b', names: '*', line: 2 }],
    });
    const app = file('app.ts', { declarations: [decl('import', './lib', 1)], imports: [imp(0, './lib', [['helper', 'helper']])] });
    expect(setup([a, b, barrel, app])('app.ts', call('helper'))).toMatchObject({ resolved: false, reason: 'ambiguous' });
  });

  it('a name missing from an `export *` of an external module is external, not a local guess', () => {
    const barrel = file('lib/index.ts', { exports: [{ specifier: 'react', names: '*', line: 1 }] });
    const app = file('app.ts', { declarations: [decl('import', './lib', 1)], imports: [imp(0, './lib', [['helper', 'helper']])] });
    expect(setup([a, barrel, app])('app.ts', call('helper'))).toMatchObject({ resolved: false, reason: 'external-import' });
  });

  it('this.m() and super.m() reach a method of a proven superclass, nearest first', () => {
    const base = file('base.ts', {
      declarations: [decl('class', 'Base', 1, { isExported: true }), decl('method', 'log', 2, { parent: 0 }), decl('method', 'start', 4, { parent: 0 })],
    });
    const sub = file('sub.ts', {
      declarations: [
        decl('import', './base', 1),
        decl('class', 'Sub', 2),
        decl('method', 'start', 3, { parent: 1 }),
      ],
      imports: [imp(0, './base', [['Base', 'Base']])],
      references: [call('Base', { kind: 'extends', enclosing: 1, line: 2 })],
    });
    const resolve = setup([base, sub]);
    expect(resolve('sub.ts', call('log', { receiver: ['this'], enclosing: 2 }))).toMatchObject({ resolved: true, target: { file: 'base.ts', localId: 1 }, resolvedBy: 'inherited-member' });
    expect(resolve('sub.ts', call('start', { receiver: ['this'], enclosing: 2 }))).toMatchObject({ resolved: true, target: { file: 'sub.ts', localId: 2 }, resolvedBy: 'this-member' });
    expect(resolve('sub.ts', call('start', { receiver: ['super'], enclosing: 2 }))).toMatchObject({ resolved: true, target: { file: 'base.ts', localId: 2 }, resolvedBy: 'inherited-member' });
    expect(resolve('sub.ts', call('nowhere', { receiver: ['super'], enclosing: 2 }))).toMatchObject({ resolved: false });
  });

  it('this.m() prefers the instance member over a static one of the same name, and survives a self-extending class', () => {
    const cls = file('s.ts', {
      declarations: [
        decl('class', 'S', 1),
        decl('method', 'now', 2, { parent: 0, isStatic: true }),
        decl('method', 'now', 4, { parent: 0 }),
        decl('method', 'run', 6, { parent: 0 }),
        decl('method', 'make', 8, { parent: 0, isStatic: true }),
      ],
      references: [call('S', { kind: 'extends', enclosing: 0, line: 1 })],
    });
    const resolve = setup([cls]);
    expect(resolve('s.ts', call('now', { receiver: ['this'], enclosing: 3 }))).toMatchObject({ resolved: true, target: { localId: 2 } });
    expect(resolve('s.ts', call('now', { receiver: ['this'], enclosing: 4 }))).toMatchObject({ resolved: true, target: { localId: 1 } });
    expect(resolve('s.ts', call('gone', { receiver: ['this'], enclosing: 3 }))).toMatchObject({ resolved: false });
  });

  describe('with Python module semantics', () => {
    const py = (path: string, parts: Partial<FileExtraction>) => file(path, { language: 'python', ...parts });
    function setupPython(extractions: FileExtraction[]) {
      const paths = new Set(extractions.map((f) => f.path));
      const toFile = (dotted: string) => [`${dotted.replace(/\./g, '/')}.py`, `${dotted.replace(/\./g, '/')}/__init__.py`].find((p) => paths.has(p)) ?? null;
      const resolver: ImportResolver = {
        specifiers: {
          resolveModule: (from, specifier) => {
            if (!specifier.startsWith('.')) return toFile(specifier);
            const pkg = posix.dirname(from).replace(/\//g, '.');
            return toFile(specifier === '.' ? pkg : `${pkg}${specifier}`);
          },
        },
        isBuiltin: (name) => name === 'print',
        bindings: { importsAreVisibleAttributes: true },
        submodules: {
          submoduleSpecifier: (moduleFile, name) => (moduleFile.endsWith('__init__.py') ? `${moduleFile.slice(0, -'/__init__.py'.length).replace(/\//g, '.')}.${name}` : null),
          resolveSubmodule: (from, specifier, name) => {
            const base = specifier.startsWith('.') ? `${posix.dirname(from).replace(/\//g, '.')}${specifier === '.' ? '' : specifier}` : specifier;
            return toFile(`${base}.${name}`);
          },
        },
      };
      const byPath = new Map(extractions.map((f) => [f.path, f]));
      const language: ResolutionLanguage = { family: 'python', modules: resolver, binding: pythonNameBinding };
      const symbols = new WorkspaceSymbols(byPath, () => language);
      const unique = new UniqueNameIndex();
      extractions.forEach((f) => unique.add('python', f));
      const refs = new ReferenceResolver(symbols, unique, () => language);
      return (path: string, site: ReferenceSite) => refs.resolve(byPath.get(path)!, site);
    }
    const tool = py('ns/tool.py', { declarations: [decl('function', 'run', 1)] });

    it('walks a namespace package: `import ns.tool; ns.tool.run()` and `from ns import tool`', () => {
      const app = py('app.py', {
        declarations: [decl('import', 'ns.tool', 1), decl('import', 'ns', 2)],
        imports: [
          { declaration: 0, specifier: 'ns.tool', bindings: [{ local: 'ns', imported: '*', modulePath: 'ns' }], line: 1, column: 0 },
          { declaration: 1, specifier: 'ns', bindings: [{ local: 'tool', imported: 'tool' }], line: 2, column: 0 },
        ],
      });
      const resolve = setupPython([tool, app]);
      expect(resolve('app.py', call('run', { receiver: ['ns', 'tool'] }))).toMatchObject({ resolved: true, target: { file: 'ns/tool.py' } });
      expect(resolve('app.py', call('run', { receiver: ['tool'] }))).toMatchObject({ resolved: true, target: { file: 'ns/tool.py' } });
    });

    it('a package importing its own submodule exposes it: `from pkg import sub` after `from . import sub` in __init__', () => {
      const init = py('pkg/__init__.py', { declarations: [decl('import', '.', 1)], imports: [imp(0, '.', [['sub', 'sub']])] });
      const sub = py('pkg/sub.py', { declarations: [decl('function', 'work', 1)] });
      const app = py('app.py', { declarations: [decl('import', 'pkg', 1)], imports: [imp(0, 'pkg', [['sub', 'sub']])] });
      expect(setupPython([init, sub, app])('app.py', call('work', { receiver: ['sub'] }))).toMatchObject({ resolved: true, target: { file: 'pkg/sub.py' } });
    });

    it('an internal wildcard import also blocks the fallback; a .pyi stub is never a name-only target', () => {
      const star = py('star.py', { declarations: [decl('import', 'ns.tool', 1)], imports: [imp(0, 'ns.tool', [['*', '*']])] });
      const other = py('other.py', { declarations: [decl('function', 'helper', 1)] });
      expect(setupPython([tool, other, star])('star.py', call('helper'))).toMatchObject({ resolved: false, reason: 'not-found', likelyInternal: true });
      const stub = py('vendor/turtle.pyi', { declarations: [decl('function', 'forward', 1)] });
      const caller = py('caller.py', {});
      expect(setupPython([stub, caller])('caller.py', call('forward'))).toMatchObject({ resolved: false });
    });

    it('a name bound twice in ways that can disagree at run time links to neither', () => {
      const posix = py('posixpath.py', { declarations: [decl('function', 'join', 1)] });
      const nt = py('ntpath.py', { declarations: [decl('function', 'join', 1)] });
      const os = py('os.py', {
        declarations: [decl('import', 'posixpath', 2), decl('import', 'ntpath', 4), decl('import', 'typing', 6), decl('function', 'final', 8)],
        imports: [imp(0, 'posixpath', [['path', '*']]), imp(1, 'ntpath', [['path', '*']]), imp(2, 'typing', [['final', 'final']])],
      });
      const resolve = setupPython([posix, nt, os]);
      expect(resolve('os.py', call('join', { receiver: ['path'] }))).toMatchObject({ resolved: false });
      expect(resolve('os.py', call('final'))).toMatchObject({ resolved: false });
    });

    it('a fallback value beside an external wildcard, or an indexed twin of it, is not linked; a def after the wildcard is', () => {
      const twin = py('_pydecimal.py', { declarations: [decl('class', 'Decimal', 1)] });
      const decimal = py('decimal.py', {
        declarations: [decl('import', '_decimal', 1), decl('import', '_pydecimal', 3), decl('variable', 'ndarray', 5), decl('function', 'main', 9)],
        imports: [imp(0, '_decimal', [['*', '*']]), imp(1, '_pydecimal', [['*', '*']])],
      });
      const resolve = setupPython([twin, decimal]);
      expect(resolve('decimal.py', call('Decimal'))).toMatchObject({ resolved: false });
      expect(resolve('decimal.py', call('ndarray'))).toMatchObject({ resolved: false });
      expect(resolve('decimal.py', call('main'))).toMatchObject({ resolved: true, resolvedBy: 'same-file' });
    });

    it('never links a name the module does not bind: Python has no implicit globals', () => {
      const other = py('other.py', { declarations: [decl('class', 'MyException', 1)] });
      const user = py('user.py', {});
      expect(setupPython([other, user])('user.py', call('MyException'))).toMatchObject({ resolved: false, reason: 'not-found', likelyInternal: true });
    });

    it('a call through a property is not a call of the getter', () => {
      const cls = py('c.py', {
        declarations: [decl('class', 'C', 1), decl('method', 'func', 2, { parent: 0, decorators: ['property'] }), decl('method', 'run', 4, { parent: 0 })],
      });
      expect(setupPython([cls])('c.py', call('func', { receiver: ['self'], enclosing: 2 }))).toMatchObject({ resolved: false, reason: 'not-callable' });
    });

    it('`from external import *` blocks the workspace-wide fallback; a bound self never links', () => {
      const app = py('app.py', {
        declarations: [decl('import', 'numpy', 1), decl('class', 'C', 2), decl('method', 'm', 3, { parent: 1 })],
        imports: [imp(0, 'numpy', [['*', '*']])],
      });
      const resolve = setupPython([tool, app]);
      expect(resolve('app.py', call('run'))).toMatchObject({ resolved: false, reason: 'external-import' });
      expect(resolve('app.py', call('m', { receiver: ['self'], enclosing: 2 }))).toMatchObject({ resolved: true });
      expect(resolve('app.py', call('m', { receiver: ['self'], enclosing: 2, locallyBound: true }))).toMatchObject({ resolved: false, reason: 'local-binding' });
    });
  });

  it('answers a name the same however often and in whatever order it is asked, export cycles included', () => {
    // x goes round a re-export cycle (missing: never a guess); helper comes through a barrel.
    const c1 = file('c1.ts', { exports: [{ specifier: './c2', names: [{ exported: 'x', local: 'x' }], line: 1 }] });
    const c2 = file('c2.ts', { exports: [{ specifier: './c1', names: [{ exported: 'x', local: 'x' }], line: 1 }] });
    const barrel = file('lib/index.ts', { exports: [{ specifier: '../b', names: '*', line: 1 }] });
    const importer = (path: string) => file(path, {
      declarations: [decl('import', './c1', 1), decl('import', './lib', 2)],
      imports: [imp(0, './c1', [['x', 'x']]), imp(1, './lib', [['helper', 'helper']])],
    });
    const files = [a, b, c1, c2, barrel, importer('app.ts'), importer('other.ts')];
    const questions: Array<[string, string]> = [['app.ts', 'x'], ['app.ts', 'helper'], ['other.ts', 'helper'], ['other.ts', 'x']];
    const ask = (order: Array<[string, string]>, repeat: number) => {
      const resolve = setup(files);
      const answers = new Map<string, unknown[]>();
      for (let i = 0; i < repeat; i++) for (const [path, name] of order) {
        const key = `${path} ${name}`;
        answers.set(key, [...(answers.get(key) ?? []), resolve(path, call(name))]);
      }
      return answers;
    };
    const once = ask(questions, 1);
    expect(once.get('app.ts x')![0]).toMatchObject({ resolved: false });
    expect(once.get('app.ts helper')![0]).toMatchObject({ resolved: true, target: { file: 'b.ts', localId: 0 } });
    for (const [order, repeat] of [[questions, 3], [[...questions].reverse(), 2]] as const) {
      for (const [key, answers] of ask([...order], repeat)) for (const answer of answers) expect(answer).toEqual(once.get(key)![0]);
    }
  });
});
