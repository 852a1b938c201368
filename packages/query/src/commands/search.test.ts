import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openProject } from '../project.js';
import { idOf, makeProject, type TestGraph, type TestNode } from '../test-support/v4-database.js';
import { ftsExpression, search } from './search.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

const graph = (withoutFts = false): TestGraph => ({
  withoutFts,
  files: [
    { path: 'src/users.ts', content: 'x\n'.repeat(30) },
    { path: 'lib/db.py', content: 'x\n'.repeat(30), language: 'python' },
  ],
  nodes: [
    { kind: 'function', name: 'getUserName', file: 'src/users.ts', line: 1, signature: '(id: number): string' },
    { kind: 'function', name: 'parseHTTPRequest', file: 'src/users.ts', line: 5 },
    { kind: 'class', name: 'UserStore', file: 'src/users.ts', line: 10 },
    { kind: 'method', name: 'save', qualifiedName: 'UserStore::save', file: 'src/users.ts', line: 11 },
    { kind: 'function', name: 'load_user_record', file: 'lib/db.py', line: 1, language: 'python', docstring: 'Reads a record from the database.' },
    { kind: 'function', name: 'superuser', file: 'lib/db.py', line: 5, language: 'python' },
    { kind: 'import', name: './user-store', file: 'src/users.ts', line: 20 },
  ],
});

function open(withoutFts = false) {
  const { root } = makeProject(graph(withoutFts));
  temps.push(root);
  return openProject({ path: root, cwd: root });
}

describe('search', () => {
  const names = (r: ReturnType<typeof search>) => r.results.map((h) => h.node.qualifiedName);

  it('exact name first, then prefix, then segment matches; substrings last', () => {
    const p = open();
    const r = search(p, 'user');
    expect(r.engine).toBe('fts5');
    // `user` starts UserStore, is a segment of getUserName and load_user_record, and only a substring of superuser.
    expect(names(r).indexOf('UserStore')).toBeLessThan(names(r).indexOf('getUserName'));
    expect(names(r).indexOf('getUserName')).toBeLessThan(names(r).indexOf('superuser'));
    expect(r.results.find((h) => h.node.name === 'getUserName')?.match).toBe('segment');
    expect(r.results.find((h) => h.node.name === 'load_user_record')?.match).toBe('segment');
    expect(r.results.find((h) => h.node.name === 'superuser')?.match).toBe('substring');
    // The import statement ranks below every declaration.
    expect(names(r).at(-1)).toBe('./user-store');
    p.close();
  });

  it('matches several camelCase segments in a row, and acronyms whole', () => {
    const p = open();
    expect(names(search(p, 'userName'))).toEqual(['getUserName']);
    expect(names(search(p, 'userRec'))).toEqual(['load_user_record']);
    expect(names(search(p, 'http'))).toEqual(['parseHTTPRequest']);
    p.close();
  });

  it('finds qualified names, prefixes and docstring words', () => {
    const p = open();
    expect(search(p, 'UserStore::save').results[0]).toMatchObject({ match: 'qualified' });
    expect(names(search(p, 'getUs'))).toEqual(['getUserName']);
    const doc = search(p, 'database');
    expect(doc.results.map((h) => [h.node.name, h.match])).toEqual([['load_user_record', 'text']]);
    p.close();
  });

  it('filters by kind, language and file', () => {
    const p = open();
    expect(names(search(p, 'user', { kind: 'class' }))).toEqual(['UserStore']);
    expect(names(search(p, 'user', { language: 'python' })).sort()).toEqual(['load_user_record', 'superuser']);
    expect(names(search(p, 'user', { file: 'lib/' })).sort()).toEqual(['load_user_record', 'superuser']);
    expect(names(search(p, 'user', { file: '**/*.ts', kind: 'function' }))).toEqual(['getUserName']);
    p.close();
  });

  it('answers without an FTS table through the name scan', () => {
    const p = open(true);
    const r = search(p, 'userName');
    expect(r.engine).toBe('like');
    expect(names(r)).toEqual(['getUserName']);
    p.close();
  });

  it('survives queries that are only punctuation or FTS syntax', () => {
    const p = open();
    for (const q of ['"', '*', 'AND OR NOT', '(', '::']) expect(() => search(p, q)).not.toThrow();
    p.close();
  });

  it('--limit and totals', () => {
    const p = open();
    const r = search(p, 'user', { limit: 2 });
    expect(r.results).toHaveLength(2);
    expect(r.total).toBeGreaterThan(2);
    expect(r.truncated).toBe(true);
    p.close();
  });

  it('builds FTS expressions with quoting, prefixes and segment alternatives', () => {
    expect(ftsExpression(['userName'])).toBe('("userName"* OR ("user"* AND "name"*))');
    expect(ftsExpression(['a"b'])).toBe('(("a"* AND "b"*))');
    expect(ftsExpression(['Greeter::greet'])).toBe('(("Greeter"* AND "greet"*))');
    expect(ftsExpression(['get_user', 'x'])).toBe('("get_user"* OR ("get"* AND "user"*)) AND ("x"*)');
    expect(ftsExpression(['"'])).toBe('(""""*)');
  });
});

describe('search ranking (issue 12)', () => {
  const ranked: TestGraph = {
    files: [
      { path: 'src/cli.py', content: 'x\n'.repeat(40), language: 'python' },
      { path: 'src/sessions.py', content: 'x\n'.repeat(40), language: 'python' },
      { path: 'tests/test_cli.py', content: 'x\n'.repeat(40), language: 'python' },
    ],
    nodes: [
      { kind: 'function', name: 'find_best_app', file: 'src/cli.py', line: 1, language: 'python' },
      { kind: 'function', name: 'ensure_sync', file: 'src/cli.py', line: 5, language: 'python' },
      { kind: 'function', name: 'test_find_best_app', file: 'tests/test_cli.py', line: 1, endLine: 30, language: 'python' },
      // Test-local declarations whose only link to the query is their container's name.
      ...[2, 6, 10, 14].map((line) => ({
        kind: 'class', name: 'Module', qualifiedName: 'test_find_best_app::Module', file: 'tests/test_cli.py', line, language: 'python',
      })),
      { kind: 'class', name: 'SecureCookieSessionInterface', file: 'src/sessions.py', line: 1, endLine: 20, language: 'python' },
      { kind: 'class', name: 'TaggedJSONSerializer', file: 'src/sessions.py', line: 25, language: 'python' },
    ],
  };
  const openRanked = () => {
    const { root } = makeProject(ranked);
    temps.push(root);
    return openProject({ path: root, cwd: root });
  };

  it('ranks segments of the own name, in order with others between, above test-local matches on a container', () => {
    const p = openRanked();
    const r = search(p, 'find_app');
    expect(r.results[0]).toMatchObject({ node: { name: 'find_best_app' }, match: 'segments' });
    // The test function matches the same way but lives in a test file.
    expect(r.results[1].node.name).toBe('test_find_best_app');
    expect(r.results.slice(2).every((h) => h.node.name === 'Module' && h.match === 'text')).toBe(true);
    p.close();
  });

  it('answers a query of several words with the declarations matching most of them, instead of nothing', () => {
    const p = openRanked();
    const r = search(p, 'session cookie serializer');
    // Two of three words in the name beat one (the file sessions.py, TaggedJSONSerializer).
    expect(r.results[0]).toMatchObject({ node: { name: 'SecureCookieSessionInterface' }, match: 'partial' });
    expect(r.results.map((h) => h.node.name).sort()).toEqual(['SecureCookieSessionInterface', 'TaggedJSONSerializer', 'sessions.py']);
    expect(r.results.every((h) => h.match === 'partial')).toBe(true);
    expect(r.results[0].score).toBeGreaterThan(r.results[1].score);
    p.close();
  });

  it('words spelling a name segment by segment rank it first', () => {
    const p = openRanked();
    expect(search(p, 'ensure sync').results[0]).toMatchObject({ node: { name: 'ensure_sync' }, match: 'segment' });
    p.close();
  });

  it('suggests similar names when nothing matches', () => {
    const p = openRanked();
    const r = search(p, 'find_bets_ap');
    expect(r.results).toEqual([]);
    expect(r.suggestions[0].name).toBe('find_best_app');
    p.close();
  });

  describe('ranking and confidence', () => {
    const names = (r: ReturnType<typeof search>) => r.results.map((h) => h.node.qualifiedName);
    const lines = (n: number) => 'x\n'.repeat(n);
    const wrapper: TestNode = { kind: 'function', name: 'StaticFile', file: 'gins/gins.go', line: 1, language: 'go' };
    const iface: TestNode = { kind: 'method', name: 'StaticFile', qualifiedName: 'IRoutes::StaticFile', file: 'routes.go', line: 2, language: 'go' };
    const method: TestNode = { kind: 'method', name: 'StaticFile', qualifiedName: 'Group::StaticFile', file: 'routes.go', line: 6, language: 'go' };
    const user: TestNode = { kind: 'function', name: 'serve', file: 'main.go', line: 1, language: 'go' };
    const inTest: TestNode = { kind: 'function', name: 'staticFileServer', file: 'routes_test.go', line: 1, language: 'go' };
    const inBench: TestNode = { kind: 'function', name: 'staticFileBench', file: 'benchmarks/static.go', line: 1, language: 'go' };
    const impl: TestNode = { kind: 'function', name: 'staticFileHandler', file: 'handler.go', line: 1, language: 'go' };
    const documented: TestNode = { kind: 'function', name: 'handle', file: 'handler.go', line: 5, language: 'go', docstring: 'Serves a static file from disk.' };
    const open2 = () => {
      const { root } = makeProject({
        files: ['gins/gins.go', 'routes.go', 'main.go', 'routes_test.go', 'benchmarks/static.go', 'handler.go'].map((path) => ({ path, content: lines(12), language: 'go' })),
        nodes: [wrapper, iface, method, user, inTest, inBench, impl, documented],
        edges: [
          { source: idOf(user), target: idOf(method), kind: 'calls', line: 2 },
          { source: idOf(wrapper), target: idOf(method), kind: 'calls', line: 2 },
        ],
      });
      temps.push(root);
      return openProject({ path: root, cwd: root });
    };

    it('equal matches: the declaration more code calls first; tests and benchmarks below the implementation', () => {
      const p = open2();
      const r = search(p, 'static file');
      expect(names(r)[0]).toBe('Group::StaticFile');
      const at = (name: string) => names(r).indexOf(name);
      expect(at('staticFileHandler')).toBeLessThan(at('staticFileBench'));
      expect(at('staticFileBench')).toBeLessThan(at('staticFileServer'));
      expect(r.lowConfidence).toBeNull();
      p.close();
    });

    it('flags a best match that has a word only in its docs, or only some of the words', () => {
      const p = open2();
      expect(search(p, 'serves disk').lowConfidence).toMatch(/only in its signature or docs/);
      expect(search(p, 'static nothing').lowConfidence).toMatch(/only some of the 2 words/);
      p.close();
    });
  });
});
