import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGraph, oracleMissing } from './test-graph.mjs';
import { collectGoSites, findGo } from './go-oracle.mjs';

const RUN = path.join(path.dirname(new URL(import.meta.url).pathname), 'run.mjs');

const missing = oracleMissing('Go', Boolean(findGo()), 'Go toolchain (apt-get install golang-go, or set ARBOR_GO)');

// A tiny module: two packages, a method in another file of its package, embedding, an interface,
// a conversion, a builtin, a function value, the standard library and a dependency that is not there.
const files: Record<string, string[]> = {
  'go.mod': ['module example.com/shop', '', 'go 1.18'],
  'store/store.go': [
    'package store',
    '',
    'type Store struct{ items map[string]string }',
    '',
    'type Getter interface{ Get(key string) string }',
    '',
    'type Cached struct{ *Store }',
    '',
    'func New() *Store { return &Store{} }',
    '',
    'type Celsius float64',
  ],
  'store/get.go': [
    'package store',
    '',
    'func (s *Store) Get(key string) string { return s.items[key] }',
    '',
    'func (s *Store) Put(key, value string) {',
    '\ts.items[key] = value',
    '\t_ = len(s.items) // BUILTIN',
    '\t_ = s.Get(key) // SELF',
    '}',
  ],
  'main.go': [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '',
    '\t"example.com/shop/store"',
    '\t"github.com/absent/dependency"',
    ')',
    '',
    'func main() {',
    '\ts := store.New() // PKG',
    '\ts.Put("a", "b") // TYPED',
    '\tvar g store.Getter = s',
    '\tg.Get("a") // IFACE',
    '\tc := store.Cached{Store: s}',
    '\tc.Get("a") // PROMOTED',
    '\t_ = store.Celsius(1) // CONVERSION',
    '\tf := func() {}',
    '\tf() // LOCAL',
    '\tfmt.Println("x") // STDLIB',
    '\tdependency.Run() // MISSING',
    '}',
  ],
};
const text = (file: string) => `${files[file].join('\n')}\n`;
const lineOf = (file: string, marker: string) => files[file].findIndex((l) => l.includes(marker)) + 1;

describe.skipIf(missing !== null)('Go oracle (go/types)', () => {
  let dir: string;
  let oracle: ReturnType<typeof collectGoSites>;
  let report: any;
  const goFiles = Object.keys(files).filter((f) => f.endsWith('.go'));

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-go-accuracy-'));
    for (const name of Object.keys(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text(name));
    }
    oracle = collectGoSites(dir, { graphFiles: goFiles });

    // A graph as a writer might produce it: right edges, one to the struct's Get for an interface call
    // (wrong: go/types names the interface method), one into the missing dependency's call (not judged).
    const db = createTestGraph(dir, Object.fromEntries(goFiles.map((f) => [f, text(f)])), 'go');
    const node = (id: string, kind: string, name: string, file: string, from: string, to?: string) => {
      const start = lineOf(file, from);
      db.prepare('INSERT INTO nodes VALUES (?, ?, ?, ?, ?, ?, ?)').run(id, kind, name, id, file, start, to ? lineOf(file, to) : start);
    };
    node('New', 'function', 'New', 'store/store.go', 'func New');
    node('Getter::Get', 'method', 'Get', 'store/store.go', 'type Getter');
    node('Store::Get', 'method', 'Get', 'store/get.go', 'func (s *Store) Get');
    node('Store::Put', 'method', 'Put', 'store/get.go', 'func (s *Store) Put', 'SELF');
    node('main', 'function', 'main', 'main.go', 'func main', 'MISSING');
    const edge = (source: string, target: string, file: string, marker: string) => db
      .prepare('INSERT INTO edges(source, target, kind, metadata, line, col) VALUES (?, ?, ?, ?, ?, 1)')
      .run(source, target, 'calls', JSON.stringify({ resolvedBy: 'test' }), lineOf(file, marker));
    edge('Store::Put', 'Store::Get', 'store/get.go', 'SELF');  // right
    edge('main', 'New', 'main.go', 'PKG');                       // right
    edge('main', 'Store::Put', 'main.go', 'TYPED');              // right
    edge('main', 'Store::Get', 'main.go', 'IFACE');              // wrong: the interface's method is called
    edge('main', 'Store::Get', 'main.go', 'PROMOTED');           // right
    edge('main', 'New', 'main.go', 'MISSING');                   // not judged: go/types cannot see the dependency
    db.close();

    const res = spawnSync(process.execPath, [RUN, dir, '--json', '--samples', '10'], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(res.stderr);
    report = JSON.parse(res.stdout);
  }, 240_000);
  afterAll(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  const siteAt = (file: string, marker: string) => {
    const found = oracle.sites.filter((s: any) => s.file === file && s.line === lineOf(file, marker));
    expect(found).toHaveLength(1);
    return found[0] as any;
  };
  const declsOf = (site: any) => site.decls.map((d: any) => `${d.name}@${d.file}:${d.nameLine}`);

  it('names the declaration each call runs: typed receivers, methods in other files, interfaces, embedding', () => {
    expect(siteAt('main.go', 'PKG')).toMatchObject({ kind: 'pkg.F()', answer: 'workspace', category: 'function' });
    expect(siteAt('main.go', 'TYPED')).toMatchObject({ kind: 'obj.m()', answer: 'workspace', category: 'method' });
    expect(declsOf(siteAt('main.go', 'TYPED'))).toEqual([`Put@store/get.go:${lineOf('store/get.go', 'func (s *Store) Put')}`]);
    expect(siteAt('main.go', 'IFACE')).toMatchObject({ kind: 'iface.m()', answer: 'workspace', category: 'interface-method' });
    expect(declsOf(siteAt('main.go', 'IFACE'))).toEqual([`Get@store/store.go:${lineOf('store/store.go', 'type Getter')}`]);
    expect(siteAt('main.go', 'PROMOTED')).toMatchObject({ kind: 'promoted.m()', answer: 'workspace' });
    expect(declsOf(siteAt('main.go', 'PROMOTED'))).toEqual([`Get@store/get.go:${lineOf('store/get.go', 'func (s *Store) Get')}`]);
    expect(siteAt('store/get.go', 'SELF').callers).toEqual([{ name: 'Put', line: lineOf('store/get.go', 'func (s *Store) Put'), strong: true }]);
  });

  it('leaves out conversions and builtins; tells locals, the standard library and missing dependencies apart', () => {
    const lines = (marker: string, file = 'main.go') => oracle.sites.filter((s: any) => s.file === file && s.line === lineOf(file, marker));
    expect(lines('CONVERSION')).toEqual([]);
    expect(lines('BUILTIN', 'store/get.go')).toEqual([]);
    expect(siteAt('main.go', 'LOCAL')).toMatchObject({ answer: 'local' });
    expect(siteAt('main.go', 'STDLIB')).toMatchObject({ kind: 'pkg.F()', answer: 'external', externalWhere: 'fmt' });
    expect(siteAt('main.go', 'MISSING')).toMatchObject({ answer: 'none' });
    expect(oracle.unresolvedModules).toEqual([{ specifier: 'github.com/absent/dependency', imports: 1 }]);
  });

  it('judges the graph: precision with the wrong edge listed, unanswered sites counted for nothing', () => {
    expect(report.language).toBe('go');
    const calls = report.precision.find((p: any) => p.kind === 'calls' && p.resolvedBy === '(all)');
    expect(calls).toMatchObject({ edges: 6, confirmed: 4, wrong: 1, noAnswer: 1 });
    expect(report.samples.falsePositives.map((s: any) => s.site)).toEqual([`main.go:${lineOf('main.go', 'IFACE')}`]);
    // Workspace sites: SELF, PKG, TYPED, IFACE, PROMOTED.
    expect(report.recallOverall).toMatchObject({ sites: 5, found: 4 });
  });
});
