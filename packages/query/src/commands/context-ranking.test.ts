// How `context` ranks a task's subject (issue 12 item 5): exact identifiers, filler words weighed by
// their frequency in the repository, implementation above tests, and the top hits' direct neighbours.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openProject } from '../project.js';
import { idOf, makeProject, type TestNode } from '../test-support/v4-database.js';
import { context, taskIdentifiers } from './context.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

const lines = (n: number) => 'x\n'.repeat(n);

// A small repository: a current `parseAsync`, a legacy one with a longer name, filler-word
// declarations (many names carry "option"), a test of the parser and a helper it calls.
const parseAsync: TestNode = { kind: 'function', name: 'parseAsync', file: 'src/core/parse.ts', line: 1, endLine: 3 };
const legacyParse: TestNode = { kind: 'function', name: 'legacyParseAsyncOption', file: 'src/legacy/parse.ts', line: 1, endLine: 3 };
const readTokens: TestNode = { kind: 'function', name: 'readTokens', file: 'src/core/run.ts', line: 1, endLine: 3 };
const parseTest: TestNode = { kind: 'function', name: 'testParseAsync', file: 'src/core/parse.test.ts', line: 1, endLine: 3 };
const fillers: TestNode[] = Array.from({ length: 30 }, (_, i) => ({
  kind: 'function', name: `option${i}Add`, file: 'src/options.ts', line: i * 2 + 1, endLine: i * 2 + 2,
}));
const client: TestNode = { kind: 'class', name: 'TestClient', file: 'src/testing.ts', line: 1, endLine: 10 };
const clientOpen: TestNode = { kind: 'method', name: 'open', qualifiedName: 'TestClient::open', file: 'src/testing.ts', line: 2, endLine: 4, parent: idOf(client) };

function open() {
  const { root } = makeProject({
    files: [
      { path: 'src/core/parse.ts', content: lines(5) },
      { path: 'src/legacy/parse.ts', content: lines(5) },
      { path: 'src/core/run.ts', content: lines(5) },
      { path: 'src/core/parse.test.ts', content: lines(5) },
      { path: 'src/options.ts', content: lines(70) },
      { path: 'src/testing.ts', content: lines(12) },
    ],
    nodes: [parseAsync, legacyParse, readTokens, parseTest, ...fillers, client, clientOpen],
    edges: [
      { source: idOf(parseAsync), target: idOf(readTokens), kind: 'calls', line: 2 },
      { source: idOf(parseTest), target: idOf(parseAsync), kind: 'calls', line: 2 },
    ],
  });
  temps.push(root);
  return openProject({ path: root, cwd: root });
}

const names = (r: ReturnType<typeof context>) => r.items.map((i) => i.node.qualifiedName);

describe('context ranking', () => {
  it('reads identifiers written as code out of a task', () => {
    expect([...taskIdentifiers('add a timeout option to parseAsync and find_best_app, not Parse or $ref')]).toEqual(['parseAsync', 'find_best_app']);
  });

  it('puts the declaration named exactly as the task says first, above longer names and tests', () => {
    const p = open();
    const r = context(p, 'add a timeout option to parseAsync', { budget: 100_000 });
    const order = names(r);
    expect(order[0]).toBe('parseAsync');
    expect(order.indexOf('parseAsync')).toBeLessThan(order.indexOf('legacyParseAsyncOption'));
    // The test of parseAsync is a neighbour too, but a test file weighs less than the code under test.
    expect(order.indexOf('readTokens')).toBeLessThan(order.indexOf('testParseAsync'));
    p.close();
  });

  it('brings in a top hit\'s callee, marked with the hit it came with', () => {
    const p = open();
    const r = context(p, 'make parseAsync faster', { budget: 100_000 });
    const callee = r.items.find((i) => i.node.qualifiedName === 'readTokens');
    expect(callee?.relatedTo?.qualifiedName).toBe('parseAsync');
    expect(callee?.matchedTerms).toEqual([]);
    expect(r.items.find((i) => i.node.qualifiedName === 'parseAsync')?.relatedTo).toBeNull();
    p.close();
  });

  it('weighs a word many names carry below a rare one', () => {
    const p = open();
    // "option" is in 31 names, "client" in one: the client class leads although both words match.
    const r = context(p, 'option for the test client', { budget: 100_000 });
    expect(names(r)[0]).toBe('TestClient');
    // A name with the rarer "test" (2 names) outranks one with "option" (31 names), each matching one word.
    expect(names(r).indexOf('testParseAsync')).toBeLessThan(names(r).indexOf('option0Add'));
    p.close();
  });
});
