import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGraph, oracleMissing } from './test-graph.mjs';
import { collectJavaSites, findJava } from './java-oracle.mjs';

const RUN = path.join(path.dirname(new URL(import.meta.url).pathname), 'run.mjs');

const missing = oracleMissing('Java', Boolean(findJava()), 'JDK (java 11 or later; or set ARBOR_JAVA)');

// A tiny project: two packages, an overload set, an interface, a subclass calling its superclass's
// constructor and inheriting a method, `this(...)`, a constructor reference, the JDK and a library that is not there.
const files: Record<string, string[]> = {
  'src/shop/Store.java': [
    'package shop;',
    '',
    'public class Store implements Getter {',
    '  public Store() { this(1); } // THIS_CALL',
    '  public Store(int size) {}',
    '  public String get(String key) { return key; } // GET_STRING',
    '  public String get(int index) { return "" + index; } // GET_INT',
    '  public void put(String key) {',
    '    get(key); // IMPLICIT',
    '  }',
    '}',
  ],
  'src/shop/Getter.java': [
    'package shop;',
    '',
    'public interface Getter { String get(String key); }',
  ],
  'src/shop/Cached.java': [
    'package shop;',
    '',
    'public class Cached extends Store {',
    '  public Cached() { super(2); } // SUPER_CALL',
    '}',
  ],
  'src/app/Main.java': [
    'package app;',
    '',
    'import java.util.function.Supplier;',
    'import org.absent.Dependency;',
    'import shop.*;',
    '',
    'public class Main {',
    '  public static void main(String[] args) {',
    '    Store s = new Store(); // NEW',
    '    s.put("a"); // TYPED',
    '    s.get(1); // OVERLOAD',
    '    Getter g = s;',
    '    g.get("a"); // IFACE',
    '    new Cached().get("b"); // INHERITED',
    '    Supplier<Store> make = Store::new; // CTOR_REF',
    '    System.out.println("x"); // JDK',
    '    Dependency.run(); // MISSING',
    '    s.get(Dependency.value()); // UNKNOWN_ARGUMENT',
    '  }',
    '}',
  ],
};
const text = (file: string) => `${files[file].join('\n')}\n`;
const lineOf = (file: string, marker: string) => files[file].findIndex((l) => l.includes(marker)) + 1;

describe.skipIf(missing !== null)('Java oracle (javac)', () => {
  let dir: string;
  let oracle: ReturnType<typeof collectJavaSites>;
  let report: any;
  const javaFiles = Object.keys(files);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-java-accuracy-'));
    for (const name of javaFiles) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text(name));
    }
    oracle = collectJavaSites(dir);

    // A graph as a writer might produce it: right edges, the first-declared overload for `s.get(1)` (wrong),
    // one edge for the call whose argument javac cannot type (not judged).
    const db = createTestGraph(dir, Object.fromEntries(javaFiles.map((f) => [f, text(f)])), 'java');
    const node = (id: string, kind: string, name: string, file: string, from: string, to?: string) => {
      const start = lineOf(file, from);
      db.prepare('INSERT INTO nodes VALUES (?, ?, ?, ?, ?, ?, ?)').run(id, kind, name, id, file, start, to ? lineOf(file, to) : start);
    };
    node('Store', 'class', 'Store', 'src/shop/Store.java', 'public class Store', '}');
    node('Store::get(String)', 'method', 'get', 'src/shop/Store.java', 'GET_STRING');
    node('Store::get(int)', 'method', 'get', 'src/shop/Store.java', 'GET_INT');
    node('Store::put', 'method', 'put', 'src/shop/Store.java', 'public void put', '    get(key)');
    node('main', 'method', 'main', 'src/app/Main.java', 'public static void main', 'UNKNOWN_ARGUMENT');
    const edge = (source: string, target: string, kind: string, file: string, marker: string) => db
      .prepare('INSERT INTO edges(source, target, kind, metadata, line, col) VALUES (?, ?, ?, ?, ?, 1)')
      .run(source, target, kind, JSON.stringify({ resolvedBy: 'test' }), lineOf(file, marker));
    edge('Store::put', 'Store::get(String)', 'calls', 'src/shop/Store.java', 'IMPLICIT');  // right
    edge('main', 'Store', 'instantiates', 'src/app/Main.java', 'NEW');                    // right
    edge('main', 'Store::put', 'calls', 'src/app/Main.java', 'TYPED');                    // right
    edge('main', 'Store::get(String)', 'calls', 'src/app/Main.java', 'OVERLOAD');         // wrong: get(int) runs
    edge('main', 'Store::get(String)', 'calls', 'src/app/Main.java', 'INHERITED');        // right
    edge('main', 'Store::get(String)', 'calls', 'src/app/Main.java', 'UNKNOWN_ARGUMENT'); // not judged
    db.close();

    const res = spawnSync(process.execPath, [RUN, dir, '--json', '--samples', '10'], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(res.stderr);
    report = JSON.parse(res.stdout);
  }, 240_000);
  afterAll(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  const sitesAt = (file: string, marker: string) => oracle.sites.filter((s: any) => s.file === file && s.line === lineOf(file, marker));
  const siteAt = (file: string, marker: string, kind?: string) => {
    const found = sitesAt(file, marker).filter((s: any) => !kind || s.kind === kind);
    expect(found).toHaveLength(1);
    return found[0] as any;
  };
  const declsOf = (site: any) => site.decls.map((d: any) => `${d.name}@${d.file}:${d.nameLine}`);
  const MAIN = 'src/app/Main.java';

  it('names the declaration each call runs: overloads by argument type, implicit this, interfaces, inherited members', () => {
    expect(declsOf(siteAt('src/shop/Store.java', 'IMPLICIT'))).toEqual([`get@src/shop/Store.java:${lineOf('src/shop/Store.java', 'GET_STRING')}`]);
    expect(siteAt('src/shop/Store.java', 'IMPLICIT')).toMatchObject({ kind: 'm()', answer: 'workspace', category: 'method' });
    expect(siteAt(MAIN, 'TYPED')).toMatchObject({ kind: 'obj.m()', answer: 'workspace' });
    expect(declsOf(siteAt(MAIN, 'OVERLOAD'))).toEqual([`get@src/shop/Store.java:${lineOf('src/shop/Store.java', 'GET_INT')}`]);
    expect(declsOf(siteAt(MAIN, 'IFACE'))).toEqual([`get@src/shop/Getter.java:3`]);
    expect(declsOf(siteAt(MAIN, 'INHERITED', 'call().m()'))).toEqual([`get@src/shop/Store.java:${lineOf('src/shop/Store.java', 'GET_STRING')}`]);
    expect(siteAt('src/shop/Store.java', 'IMPLICIT').callers[0]).toEqual({ name: 'put', line: lineOf('src/shop/Store.java', 'public void put'), strong: true });
  });

  it('answers this(...) and super(...) with constructors, new and C::new with the class', () => {
    expect(siteAt('src/shop/Store.java', 'THIS_CALL')).toMatchObject({ kind: 'this(...)', answer: 'workspace', category: 'constructor' });
    expect(declsOf(siteAt('src/shop/Store.java', 'THIS_CALL'))).toEqual([`Store@src/shop/Store.java:${lineOf('src/shop/Store.java', 'Store(int size)')}`]);
    expect(siteAt('src/shop/Cached.java', 'SUPER_CALL')).toMatchObject({ kind: 'super(...)', answer: 'workspace' });
    // The implicit `super()` javac adds to Store() and Main's default constructor is not in the source: no site.
    expect(oracle.sites.filter((s: any) => s.kind === 'super(...)')).toHaveLength(1);
    for (const marker of ['NEW', 'CTOR_REF']) {
      expect(siteAt(MAIN, marker, 'new')).toMatchObject({ answer: 'workspace', edgeKind: 'instantiates', category: 'class' });
      expect(declsOf(siteAt(MAIN, marker, 'new'))).toEqual(['Store@src/shop/Store.java:3']);
    }
    expect(siteAt(MAIN, 'INHERITED', 'new')).toMatchObject({ answer: 'workspace', decls: [expect.objectContaining({ name: 'Cached' })] });
  });

  it('keeps working without the missing library: its calls and calls with its values as arguments are unanswered', () => {
    expect(oracle.compilerErrors).toBeGreaterThan(0);
    expect(siteAt(MAIN, 'JDK')).toMatchObject({ answer: 'external', external: 'java.io.PrintStream' });
    expect(siteAt(MAIN, 'MISSING')).toMatchObject({ answer: 'none' });
    expect(sitesAt(MAIN, 'UNKNOWN_ARGUMENT').map((s: any) => [s.calleeText, s.answer]))
      .toEqual([['s.get', 'none'], ['Dependency.value', 'none']]);
  });

  it('judges the graph through run.mjs: the wrong overload counted, unanswered sites counted for nothing', () => {
    expect(report.language).toBe('java');
    const calls = report.precision.find((p: any) => p.kind === 'calls' && p.resolvedBy === '(all)');
    expect(calls).toMatchObject({ edges: 5, confirmed: 3, wrong: 1, noAnswer: 1 });
    expect(report.samples.falsePositives.map((s: any) => s.site)).toEqual([`${MAIN}:${lineOf(MAIN, 'OVERLOAD')}`]);
    expect(report.precision.find((p: any) => p.kind === 'instantiates' && p.resolvedBy === '(all)')).toMatchObject({ edges: 1, confirmed: 1 });
    // Workspace invocations: IMPLICIT, THIS_CALL, SUPER_CALL, TYPED, OVERLOAD, IFACE, INHERITED; `new` sites apart.
    expect(report.recallOverall).toMatchObject({ sites: 7, found: 3 });
  });
});
