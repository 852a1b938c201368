import { describe, expect, it } from 'vitest';
import type { Declaration, FileExtraction, ReferenceSite } from '../../model/extraction.js';
import { extractForTest } from '../../test-support/test-parser.js';
import { pythonExtractor } from './extractor.js';

const extractPython = (source: string, path = 'pkg/mod.py') => extractForTest(pythonExtractor, source, path);

function declaration(file: FileExtraction, qualifiedName: string): Declaration & { id: number } {
  const matches = file.declarations.flatMap((d, id) => (d.qualifiedName === qualifiedName && d.kind !== 'import' ? [{ ...d, id }] : []));
  expect(matches, `declarations named ${qualifiedName}`).toHaveLength(1);
  return matches[0];
}

function idOf(file: FileExtraction, qualifiedName: string): number {
  return declaration(file, qualifiedName).id;
}

/** Sites by name (and, when given, by the line they are on). */
function sites(file: FileExtraction, name: string, line?: number): ReferenceSite[] {
  return file.references.filter((s) => s.name === name && (line === undefined || s.line === line));
}

function site(file: FileExtraction, name: string, line?: number): ReferenceSite {
  const found = sites(file, name, line);
  expect(found, `sites named ${name}${line ? ` on line ${line}` : ''}`).toHaveLength(1);
  return found[0];
}

describe('python extractor: declarations', () => {
  it('extracts functions, classes, methods and nested containers with chained qualified names', async () => {
    const file = await extractPython([
      'def top(a, b=1) -> int:',
      '    def inner():',
      '        pass',
      '    return inner()',
      '',
      'async def fetch(url):',
      '    pass',
      '',
      'class Outer(Base):',
      '    def method(self):',
      '        pass',
      '    class Inner:',
      '        def deep(self):',
      '            pass',
    ].join('\n'));

    const top = declaration(file, 'top');
    expect(top).toMatchObject({ kind: 'function', name: 'top', parent: null, startLine: 1, endLine: 4, startColumn: 0, signature: 'def top(a, b=1) -> int' });
    expect(declaration(file, 'top::inner')).toMatchObject({ kind: 'function', parent: top.id, startLine: 2 });
    expect(declaration(file, 'fetch')).toMatchObject({ kind: 'function', isAsync: true, signature: 'async def fetch(url)' });
    const outer = declaration(file, 'Outer');
    expect(outer).toMatchObject({ kind: 'class', parent: null, signature: 'class Outer(Base)' });
    expect(declaration(file, 'Outer::method')).toMatchObject({ kind: 'method', parent: outer.id });
    const inner = declaration(file, 'Outer::Inner');
    expect(inner).toMatchObject({ kind: 'class', parent: outer.id });
    expect(declaration(file, 'Outer::Inner::deep')).toMatchObject({ kind: 'method', name: 'deep', parent: inner.id, startColumn: 8 });
    expect(file.declarations.map((d) => d.startLine)).toEqual([...file.declarations.map((d) => d.startLine)].sort((a, b) => a - b));
  });

  it('records decorators as text, and static/abstract/property from them', async () => {
    const file = await extractPython([
      'import abc',
      'class Shape(abc.ABC):',
      '    @staticmethod',
      '    def make(x): pass',
      '    @classmethod',
      '    def build(cls): pass',
      '    @abc.abstractmethod',
      '    def area(self): pass',
      '    @property',
      '    def size(self): return 1',
      '    @size.setter',
      '    def size(self, value): pass',
      '@register("shape", priority=2)',
      '@functools.lru_cache',
      'def helper(): pass',
    ].join('\n'));

    expect(declaration(file, 'Shape::make')).toMatchObject({ kind: 'method', isStatic: true, decorators: ['staticmethod'] });
    const build = declaration(file, 'Shape::build');
    expect(build.isStatic).toBeUndefined();
    expect(build.decorators).toEqual(['classmethod']);
    expect(declaration(file, 'Shape::area')).toMatchObject({ isAbstract: true, decorators: ['abc.abstractmethod'] });
    const sizes = file.declarations.filter((d) => d.qualifiedName === 'Shape::size');
    expect(sizes.map((d) => [d.kind, d.decorators])).toEqual([['method', ['property']], ['method', ['size.setter']]]);
    expect(declaration(file, 'Shape')).toMatchObject({ isAbstract: true });
    expect(declaration(file, 'helper')).toMatchObject({ decorators: ['register("shape", priority=2)', 'functools.lru_cache'], startLine: 15 });
  });

  it('builds signatures from parameters, annotations and type parameters on one line', async () => {
    const file = await extractPython([
      'def f(',
      '    a: int,  # the first',
      '    b: str = "x",',
      '    *args,',
      '    key=None,',
      '    **kw,',
      ') -> dict[str, int]:',
      '    pass',
      'def g[T](x: T, /, y, *, z) -> T: ...',
      'class Box[T](Generic[T], metaclass=Meta): pass',
    ].join('\n'));
    expect(declaration(file, 'f').signature).toBe('def f(a: int, b: str = "x", *args, key=None, **kw) -> dict[str, int]');
    expect(declaration(file, 'g')).toMatchObject({ signature: 'def g[T](x: T, /, y, *, z) -> T', typeParameters: ['T'] });
    expect(declaration(file, 'Box')).toMatchObject({ signature: 'class Box[T](Generic[T], metaclass=Meta)', typeParameters: ['T'] });
  });

  it('reads docstrings: first string statement, dedented and trimmed; never an f-string', async () => {
    const file = await extractPython([
      'def documented():',
      '    """Summary line.',
      '',
      '        Indented detail.',
      '    Back at margin.',
      '    """',
      '    return 1',
      'class C:',
      "    r'''Raw \\d doc.'''",
      'def not_first():',
      '    x = 1',
      '    """too late"""',
      'def fstring():',
      '    f"""{x} not a docstring"""',
      'def commented():',
      '    # a comment first',
      '    "still the docstring"',
    ].join('\n'));
    expect(declaration(file, 'documented').docstring).toBe('Summary line.\n\n    Indented detail.\nBack at margin.');
    expect(declaration(file, 'C').docstring).toBe('Raw \\d doc.');
    expect(declaration(file, 'not_first').docstring).toBeUndefined();
    expect(declaration(file, 'fstring').docstring).toBeUndefined();
    expect(declaration(file, 'commented').docstring).toBe('still the docstring');
  });

  it('extracts module variables, constants and class attributes once per name', async () => {
    const file = await extractPython([
      'MAX_SIZE = 10',
      'counter = 0',
      'counter = 1',
      'name: str',
      'a, (b, c) = 1, (2, 3)',
      '_hidden = None',
      'def run(): pass',
      'run = wrap(run)',
      'if DEBUG:',
      '    level = 1',
      'class Config:',
      '    KIND = "cfg"',
      '    host: str = "localhost"',
      '    port: int',
      '    def method(self):',
      '        local = 1',
      '        self.attr = 2',
      'type Pair = tuple[int, int]',
    ].join('\n'));
    expect(declaration(file, 'MAX_SIZE')).toMatchObject({ kind: 'constant', isExported: true, signature: 'MAX_SIZE = 10' });
    expect(declaration(file, 'counter')).toMatchObject({ kind: 'variable', startLine: 2 });
    expect(declaration(file, 'name')).toMatchObject({ kind: 'variable', signature: 'name: str' });
    expect(['a', 'b', 'c'].map((n) => declaration(file, n).kind)).toEqual(['variable', 'variable', 'variable']);
    expect(declaration(file, '_hidden')).toMatchObject({ visibility: 'private' });
    expect(declaration(file, '_hidden').isExported).toBeUndefined();
    expect(declaration(file, 'run').kind).toBe('function'); // `run = wrap(run)` does not add a variable
    expect(declaration(file, 'level')).toMatchObject({ kind: 'variable', parent: null });
    const config = idOf(file, 'Config');
    expect(declaration(file, 'Config::KIND')).toMatchObject({ kind: 'constant', parent: config });
    expect(declaration(file, 'Config::host')).toMatchObject({ kind: 'field', parent: config, visibility: 'public' });
    expect(declaration(file, 'Config::port')).toMatchObject({ kind: 'field' });
    expect(file.declarations.some((d) => d.name === 'local' || d.name === 'attr')).toBe(false);
    expect(declaration(file, 'Pair')).toMatchObject({ kind: 'type_alias', signature: 'type Pair = tuple[int, int]' });
  });

  it('derives visibility and export from naming conventions', async () => {
    const file = await extractPython([
      'def public(): pass',
      'def _internal(): pass',
      'def __mangled(): pass',
      'class K:',
      '    def __init__(self): pass',
      '    def _protected(self): pass',
      '    def __private(self): pass',
      'def outer():',
      '    def nested(): pass',
    ].join('\n'));
    expect(declaration(file, 'public')).toMatchObject({ visibility: 'public', isExported: true });
    expect(declaration(file, '_internal')).toMatchObject({ visibility: 'private' });
    expect(declaration(file, '_internal').isExported).toBeUndefined();
    expect(declaration(file, '__mangled').visibility).toBe('private');
    expect(declaration(file, 'K::__init__')).toMatchObject({ visibility: 'public' });
    expect(declaration(file, 'K::__init__').isExported).toBeUndefined();
    expect(declaration(file, 'K::_protected').visibility).toBe('protected');
    expect(declaration(file, 'K::__private').visibility).toBe('private');
    const nested = declaration(file, 'outer::nested');
    expect(nested.visibility).toBeUndefined();
    expect(nested.isExported).toBeUndefined();
  });

  it('counts lines like the file node (a trailing newline opens a last, empty line)', async () => {
    expect((await extractPython('a = 1\nb = 2\n')).lineCount).toBe(3);
    expect((await extractPython('a = 1')).lineCount).toBe(1);
    expect((await extractPython('')).lineCount).toBe(1);
  });
});

describe('python extractor: imports', () => {
  it('keeps one import node per module and line (codegraph ids would collide), one statement each', async () => {
    const file = await extractPython('import os; import os\nimport os\n');
    expect(file.declarations.map((d) => [d.kind, d.name, d.startLine])).toEqual([['import', 'os', 1], ['import', 'os', 2]]);
    expect(file.imports.map((s) => [s.line, s.column, s.declaration])).toEqual([[1, 0, 0], [1, 11, 0], [2, 0, 1]]);
  });

  it('binds names for every import form', async () => {
    const file = await extractPython([
      'import os',
      'import os.path',
      'import a.b as c, d',
      'from m import x',
      'from m import x as y, z',
      'from . import sibling',
      'from ..util import (',
      '    helper as h,',
      '    other,',
      ')',
      'from .models import *',
      'from __future__ import annotations',
    ].join('\n'));
    const shapes = file.imports.map((s) => [s.specifier, s.bindings, s.line]);
    expect(shapes).toEqual([
      ['os', [{ local: 'os', imported: '*' }], 1],
      ['os.path', [{ local: 'os', imported: '*', modulePath: 'os' }], 2],
      ['a.b', [{ local: 'c', imported: '*' }], 3],
      ['d', [{ local: 'd', imported: '*' }], 3],
      ['m', [{ local: 'x', imported: 'x' }], 4],
      ['m', [{ local: 'y', imported: 'x' }, { local: 'z', imported: 'z' }], 5],
      ['.', [{ local: 'sibling', imported: 'sibling' }], 6],
      ['..util', [{ local: 'h', imported: 'helper' }, { local: 'other', imported: 'other' }], 7],
      ['.models', [{ local: '*', imported: '*' }], 11],
      ['__future__', [{ local: 'annotations', imported: 'annotations' }], 12],
    ]);
    for (const statement of file.imports) {
      const node = file.declarations[statement.declaration];
      expect(node).toMatchObject({ kind: 'import', name: statement.specifier, qualifiedName: statement.specifier, startLine: statement.line });
    }
    expect(file.declarations[file.imports[2].declaration].signature).toBe('import a.b as c, d');
    expect(file.declarations[file.imports[7].declaration].signature).toBe('from ..util import (helper as h, other,)');
    expect(file.exports).toEqual([]);
  });

  it('marks TYPE_CHECKING imports type-only, keeps try/except imports, and parents function imports', async () => {
    const file = await extractPython([
      'from typing import TYPE_CHECKING',
      'import typing',
      'if TYPE_CHECKING:',
      '    from .models import User',
      'else:',
      '    User = None',
      'if typing.TYPE_CHECKING:',
      '    import heavy',
      'try:',
      '    import ujson as json',
      'except ImportError:',
      '    import json',
      'def lazy():',
      '    from .slow import compute',
      '    return compute()',
    ].join('\n'));
    const bySpecifier = new Map(file.imports.map((s) => [s.specifier, s]));
    expect(bySpecifier.get('.models')?.typeOnly).toBe(true);
    expect(bySpecifier.get('heavy')?.typeOnly).toBe(true);
    expect(bySpecifier.get('typing')?.typeOnly).toBeUndefined();
    expect(file.imports.filter((s) => s.bindings[0].local === 'json').map((s) => s.specifier)).toEqual(['ujson', 'json']);
    const slow = bySpecifier.get('.slow')!;
    expect(file.declarations[slow.declaration].parent).toBe(idOf(file, 'lazy'));
    // A function-level import is resolved through the import, not treated as an opaque local.
    expect(site(file, 'compute').locallyBound).toBeUndefined();
  });
});

describe('python extractor: reference sites', () => {
  it('records calls with their receiver chains', async () => {
    const file = await extractPython([
      'import a.b',
      'def run(self_like):',
      '    bare()',
      '    a.b.fn()',
      '    make()()',
      '    items[0].pop()',
      '    get().close()',
      '    super().save()',
      '    super(Run, self_like).load()',
      '    (lambda: 1)()',
    ].join('\n'));
    const run = idOf(file, 'run');
    expect(site(file, 'bare')).toMatchObject({ kind: 'calls', receiver: [], enclosing: run, line: 3, column: 4 });
    expect(site(file, 'fn')).toMatchObject({ receiver: ['a', 'b'], line: 4 });
    expect(site(file, 'make').receiver).toEqual([]);
    expect(site(file, 'pop').receiver).toBeUndefined();
    expect(site(file, 'close').receiver).toBeUndefined();
    expect(site(file, 'get').receiver).toEqual([]);
    expect(site(file, 'save').receiver).toEqual(['super']);
    expect(site(file, 'load').receiver).toEqual(['super']);
    expect(sites(file, 'super')).toHaveLength(2); // `super()` itself is a call of a builtin
    // `make()()` and `(lambda: 1)()` call no name: only `make` is recorded for them.
    expect(file.references.filter((s) => s.line === 5)).toHaveLength(1);
    expect(file.references.filter((s) => s.line === 10)).toHaveLength(0);
  });

  it('records self/cls calls without marking the receiver local', async () => {
    const file = await extractPython([
      'class Service:',
      '    def run(self):',
      '        self.step()',
      '        def later():',
      '            self.step()',
      '        return later',
      '    @classmethod',
      '    def create(cls):',
      '        return cls.build()',
      '    @staticmethod',
      '    def util(self):',
      '        self.step()',
      '    def other(this, cls):',
      '        cls.build()',
      '    @classmethod',
      '    def copy(cls):',
      '        return cls()',
    ].join('\n'));
    expect(site(file, 'step', 3)).toMatchObject({ receiver: ['self'], enclosing: idOf(file, 'Service::run') });
    expect(site(file, 'step', 3).locallyBound).toBeUndefined();
    expect(site(file, 'step', 5)).toMatchObject({ receiver: ['self'], enclosing: idOf(file, 'Service::run::later') });
    expect(site(file, 'step', 5).locallyBound).toBeUndefined();
    expect(site(file, 'build', 9).locallyBound).toBeUndefined();
    // In a staticmethod, or as a second parameter, `self`/`cls` are ordinary parameters.
    expect(site(file, 'step', 12).locallyBound).toBe(true);
    expect(site(file, 'build', 14).locallyBound).toBe(true);
    // Called bare, `cls` is just a local name.
    expect(site(file, 'cls')).toMatchObject({ locallyBound: true, receiver: [] });
  });

  it('records class instantiation as a call and base classes as extends sites of the class', async () => {
    const file = await extractPython([
      'import mod',
      'class A(Base, mod.Mixin, Generic[T], object, metaclass=Meta):',
      '    pass',
      'class B(make_base()):',
      '    pass',
      'def build():',
      '    return A()',
    ].join('\n'));
    const a = idOf(file, 'A');
    const extendsSites = file.references.filter((s) => s.kind === 'extends');
    expect(extendsSites.map((s) => [s.name, s.receiver, s.enclosing])).toEqual([
      ['Base', [], a],
      ['Mixin', ['mod'], a],
      ['Generic', [], a],
    ]);
    expect(site(file, 'Base').column).toBe(8);
    expect(sites(file, 'Meta')).toHaveLength(0);
    expect(site(file, 'make_base')).toMatchObject({ kind: 'calls', enclosing: null });
    expect(site(file, 'A')).toMatchObject({ kind: 'calls', enclosing: idOf(file, 'build') });
  });

  it('records decorators as calls made where the decorated definition runs', async () => {
    const file = await extractPython([
      'class View:',
      '    @route("/x")',
      '    @auth.required',
      '    def get(self): pass',
      'def factory():',
      '    @wraps(fn)',
      '    def wrapper(): pass',
      '    return wrapper',
    ].join('\n'));
    expect(site(file, 'route')).toMatchObject({ kind: 'calls', receiver: [], enclosing: null, line: 2, column: 5 });
    expect(site(file, 'required')).toMatchObject({ receiver: ['auth'], enclosing: null, line: 3, column: 5 });
    expect(site(file, 'wraps')).toMatchObject({ enclosing: idOf(file, 'factory') });
  });

  it('attributes lambdas, comprehensions and defaults to the right enclosing declaration', async () => {
    const file = await extractPython([
      'def outer(x=default_factory()):',
      '    key = lambda item: score(item)',
      '    return [transform(v) for v in x]',
      'class Settings:',
      '    timeout = compute_timeout()',
      '    def method(self, limit=read_limit()):',
      '        pass',
      'VALUE = compute_value()',
    ].join('\n'));
    expect(site(file, 'default_factory').enclosing).toBeNull();
    expect(site(file, 'score').enclosing).toBe(idOf(file, 'outer'));
    expect(site(file, 'transform').enclosing).toBe(idOf(file, 'outer'));
    expect(site(file, 'compute_timeout').enclosing).toBe(idOf(file, 'Settings::timeout'));
    expect(site(file, 'read_limit').enclosing).toBeNull();
    expect(site(file, 'compute_value').enclosing).toBeNull();
  });
});

describe('python extractor: local bindings', () => {
  it('marks names bound anywhere in the function as local, following Python scoping', async () => {
    const file = await extractPython([
      'from util import tool, later',
      'def f(param, *args, key=None, **kw):',
      '    param()',
      '    args.pop()',
      '    kw.get()',
      '    later()',
      '    later = None',
      '    for item in xs: item()',
      '    with open(p) as handle, lock() as (a, b): handle.read(); a()',
      '    try: pass',
      '    except Error as err: err.log()',
      '    [c() for c in cs]',
      '    c()',
      '    (made := make())',
      '    made()',
      '    del gone',
      '    gone()',
      '    tool()',
      '    module_level()',
      'def g():',
      '    global later',
      '    later = 1',
      '    later()',
      'tool()',
    ].join('\n'));
    for (const [name, line] of [['param', 3], ['pop', 4], ['get', 5], ['later', 6], ['item', 8], ['read', 9], ['a', 9], ['log', 11], ['c', 12], ['made', 15], ['gone', 17]] as const) {
      expect(site(file, name, line).locallyBound, `${name} on line ${line}`).toBe(true);
    }
    // Comprehension variables do not leak; open/lock/make/tool are free names.
    for (const [name, line] of [['c', 13], ['open', 9], ['lock', 9], ['make', 14], ['tool', 18], ['module_level', 19], ['later', 23], ['tool', 24]] as const) {
      expect(site(file, name, line).locallyBound, `${name} on line ${line}`).toBeUndefined();
    }
  });

  it('points calls of local defs and classes at them, and sees enclosing function scopes', async () => {
    const file = await extractPython([
      'def outer():',
      '    def helper(): pass',
      '    class Local: pass',
      '    helper()',
      '    Local()',
      '    def inner():',
      '        helper()',
      '        inner()',
      '    value = 1',
      '    def reader():',
      '        nonlocal value',
      '        value()',
      '    def twice(): pass',
      '    def twice(): pass',
      '    twice()',
      'def helper(): pass',
      'helper()',
    ].join('\n'));
    const helper = idOf(file, 'outer::helper');
    expect(site(file, 'helper', 4)).toMatchObject({ locallyBound: true, localTarget: helper });
    expect(site(file, 'Local')).toMatchObject({ locallyBound: true, localTarget: idOf(file, 'outer::Local') });
    expect(site(file, 'helper', 7)).toMatchObject({ locallyBound: true, localTarget: helper });
    expect(site(file, 'inner')).toMatchObject({ locallyBound: true, localTarget: idOf(file, 'outer::inner') });
    expect(site(file, 'value').locallyBound).toBe(true);
    expect(site(file, 'value').localTarget).toBeUndefined();
    // Two defs of one name: local, but which one is not certain.
    expect(site(file, 'twice').locallyBound).toBe(true);
    expect(site(file, 'twice').localTarget).toBeUndefined();
    // Module level is never local.
    expect(site(file, 'helper', 17).locallyBound).toBeUndefined();
  });

  it('sees class-body names only from the class body itself', async () => {
    const file = await extractPython([
      'class K:',
      '    def helper(self): pass',
      '    value = helper(None)',
      '    doubled = [helper(i) for i in range(2)]',
      '    def method(self):',
      '        helper()',
    ].join('\n'));
    expect(site(file, 'helper', 3)).toMatchObject({ locallyBound: true, localTarget: idOf(file, 'K::helper') });
    expect(site(file, 'helper', 4).locallyBound).toBeUndefined();
    expect(site(file, 'helper', 6).locallyBound).toBeUndefined();
  });

  it('treats match captures as local bindings', async () => {
    const file = await extractPython([
      'def handle(command):',
      '    match command:',
      '        case [first, *rest]: first(); rest()',
      '        case Point(x=px) | Other(px): px()',
      '        case Shape() as shape: shape()',
      '        case Color.RED: Color()',
    ].join('\n'));
    for (const name of ['first', 'rest', 'px', 'shape']) expect(site(file, name).locallyBound, name).toBe(true);
    expect(site(file, 'Color').locallyBound).toBeUndefined();
  });
});

describe('python extractor: robustness', () => {
  it('re-parses from a top-level restart point when an unclosed bracket swallows the rest', async () => {
    const file = await extractPython([
      'import os',
      'CONFIG = load(',
      '',
      'def first():',
      '    return helper()',
      '',
      '@decorate',
      'class Later(Base):',
      '    """Doc with',
      'def inside a string"""',
      '    def method(self):',
      '        self.run()',
      'from .util import tool',
    ].join('\n'));
    expect(file.errors[0]).toMatchObject({ line: 2, code: 'syntax-error' });
    expect(declaration(file, 'first')).toMatchObject({ startLine: 4, endLine: 5 });
    expect(declaration(file, 'Later')).toMatchObject({ startLine: 8, docstring: 'Doc with\ndef inside a string', decorators: ['decorate'] });
    expect(declaration(file, 'Later::method')).toMatchObject({ startLine: 11, parent: idOf(file, 'Later') });
    expect(site(file, 'helper')).toMatchObject({ line: 5, column: 11, enclosing: idOf(file, 'first') });
    expect(site(file, 'run')).toMatchObject({ line: 12, receiver: ['self'] });
    expect(site(file, 'Base')).toMatchObject({ kind: 'extends', line: 8, enclosing: idOf(file, 'Later') });
    expect(file.imports.map((s) => [s.specifier, s.line])).toEqual([['os', 1], ['.util', 13]]);
    // The swallowed text is not misread as calls (`first()` is a def, not a call).
    expect(sites(file, 'first')).toHaveLength(0);
  });

  it('records syntax errors and keeps extracting after them', async () => {
    const file = await extractPython([
      'def broken(:',
      '    pass',
      'x = [',
      'def good():',
      '    return helper()',
      'class Fine:',
      '    def ok(self): pass',
    ].join('\n'));
    expect(file.errors.length).toBeGreaterThan(0);
    expect(file.errors.every((e) => e.severity === 'error' && e.code === 'syntax-error' && typeof e.line === 'number')).toBe(true);
    expect(file.declarations.some((d) => d.qualifiedName === 'Fine::ok')).toBe(true);
    expect(file.references.some((s) => s.name === 'helper')).toBe(true);
  });

  it('caps the number of listed syntax errors', async () => {
    const file = await extractPython('a b c\n'.repeat(300));
    expect(file.errors).toHaveLength(51);
    expect(file.errors.at(-1)).toMatchObject({ severity: 'warning', message: '250 more syntax errors not listed' });
  });

  it('survives deep nesting and long files', async () => {
    const nestedExpression = `x = ${'('.repeat(2000)}f()${')'.repeat(2000)}\ndef after(): pass\n`;
    const nested = await extractPython(nestedExpression);
    expect(nested.declarations.some((d) => d.name === 'after')).toBe(true);

    const deepDefs = Array.from({ length: 60 }, (_, i) => `${'    '.repeat(i)}def f${i}():\n`).join('') + `${'    '.repeat(60)}pass\n`;
    const deep = await extractPython(deepDefs);
    expect(deep.declarations.find((d) => d.name === 'f59')?.qualifiedName.split('::')).toHaveLength(60);

    const long = Array.from({ length: 3000 }, (_, i) => `def f${i}(a):\n    return g${i}(a)\n`).join('');
    const started = performance.now();
    const many = await extractPython(long);
    expect(many.declarations).toHaveLength(3000);
    expect(many.references).toHaveLength(3000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('python extractor: what a wildcard import binds', () => {
  it('reads literal __all__ lists, their += / extend / append, and gives up on computed ones', async () => {
    const literal = await extractPython('__all__ = ["a", \'b\']\n__all__ += ["c"]\n__all__.extend(("d",))\n__all__.append("e")\n', 'm.py');
    expect(literal.starExports).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect((await extractPython('x = 1\n', 'plain.py')).starExports).toBeUndefined();
    expect((await extractPython('from .a import *\nfrom . import a\n__all__ = a.__all__ + ["b"]\n', 'pkg/__init__.py')).starExports).toBe('dynamic');
    expect((await extractPython('__all__ = ["a"]\n__all__ += other\n', 'm.py')).starExports).toBe('dynamic');
    expect((await extractPython('if X:\n    __all__ = ["a"]\nelse:\n    __all__ = ["b"]\n', 'm.py')).starExports).toBe('dynamic');
    // Inside a function it is a local name, not the module's list.
    expect((await extractPython('def f():\n    __all__ = ["a"]\n', 'm.py')).starExports).toBeUndefined();
  });
});
