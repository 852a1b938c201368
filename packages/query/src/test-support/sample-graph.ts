/**
 * Test helper: one small graph used by several query tests.
 *
 *   src/a.ts       main() → helper() (import), new Greeter() (import), g.greet() (name-based)
 *   src/b.ts       helper() → inner() (same-file); class Greeter { greet() → helper() (same-file); validate() }
 *   src/c.ts       validate()  — a second `validate` (ambiguous with Greeter::validate)
 *   src/b.test.ts  top level → helper() (import)
 *   py/tool.py     run() → parse_args(); run → unresolved `load` (two candidates)
 */
import { idOf, type TestGraph, type TestNode } from './v4-database.js';

export const A = `import { helper, Greeter } from './b';
export function main() {
  const g = new Greeter();
  g.greet('x');
  return helper(1);
}
`;
export const B = `/** Doubles then increments. */
export function helper(n: number): number {
  return inner(n) + 1;
}
function inner(n: number) { return n * 2; }
export class Greeter {
  greet(name: string) { return helper(name.length); }
  validate(name: string) { return name.length > 0; }
}
`;
export const C = `export function validate(input: string): boolean {
  return input !== '';
}
`;
export const B_TEST = `import { helper } from './b';
helper(2);
`;
export const TOOL = `def parse_args(argv):
    return argv

def run(argv):
    parse_args(argv)
    load(argv)
`;

export const nodes = {
  main: { kind: 'function', name: 'main', file: 'src/a.ts', line: 2, endLine: 6, signature: '()' },
  helper: { kind: 'function', name: 'helper', file: 'src/b.ts', line: 2, endLine: 4, signature: '(n: number): number', docstring: 'Doubles then increments.' },
  inner: { kind: 'function', name: 'inner', file: 'src/b.ts', line: 5, endLine: 5, signature: '(n: number)' },
  greeter: { kind: 'class', name: 'Greeter', file: 'src/b.ts', line: 6, endLine: 9 },
  importB: { kind: 'import', name: './b', file: 'src/a.ts', line: 1, signature: "import { helper, Greeter } from './b';" },
  validateC: { kind: 'function', name: 'validate', file: 'src/c.ts', line: 1, endLine: 3, signature: '(input: string): boolean' },
  parseArgs: { kind: 'function', name: 'parse_args', file: 'py/tool.py', line: 1, endLine: 2, language: 'python' },
  run: { kind: 'function', name: 'run', file: 'py/tool.py', line: 4, endLine: 6, language: 'python' },
} satisfies Record<string, TestNode>;

const greeterId = idOf(nodes.greeter);
export const members = {
  greet: { kind: 'method', name: 'greet', qualifiedName: 'Greeter::greet', file: 'src/b.ts', line: 7, endLine: 7, parent: greeterId },
  validate: { kind: 'method', name: 'validate', qualifiedName: 'Greeter::validate', file: 'src/b.ts', line: 8, endLine: 8, parent: greeterId },
} satisfies Record<string, TestNode>;

export const id = Object.fromEntries(
  Object.entries({ ...nodes, ...members }).map(([k, n]) => [k, idOf(n)]),
) as Record<keyof typeof nodes | keyof typeof members, string>;

export function sampleGraph(overrides: Partial<TestGraph> = {}): TestGraph {
  return {
    files: [
      { path: 'src/a.ts', content: A },
      { path: 'src/b.ts', content: B },
      { path: 'src/c.ts', content: C },
      { path: 'src/b.test.ts', content: B_TEST },
      { path: 'py/tool.py', content: TOOL, language: 'python' },
    ],
    nodes: [...Object.values(nodes), ...Object.values(members)],
    edges: [
      { source: 'file:src/a.ts', target: 'file:src/b.ts', kind: 'imports', line: 1, col: 0, resolvedBy: 'module-import' },
      { source: id.main, target: id.greeter, kind: 'instantiates', line: 3, col: 12, resolvedBy: 'import' },
      { source: id.main, target: id.greet, kind: 'calls', line: 4, col: 2, resolvedBy: 'instance-method' },
      { source: id.main, target: id.helper, kind: 'calls', line: 5, col: 9, resolvedBy: 'import' },
      // The same edge twice, as codegraph sometimes writes it: must count once.
      { source: id.main, target: id.helper, kind: 'calls', line: 5, col: 9, resolvedBy: 'import' },
      { source: id.helper, target: id.inner, kind: 'calls', line: 3, col: 9, resolvedBy: 'same-file' },
      { source: id.greet, target: id.helper, kind: 'calls', line: 7, col: 31, resolvedBy: 'unique-name', provenance: 'heuristic' },
      { source: 'file:src/b.test.ts', target: 'file:src/b.ts', kind: 'imports', line: 1, col: 0, resolvedBy: 'module-import' },
      { source: 'file:src/b.test.ts', target: id.helper, kind: 'calls', line: 2, col: 0, resolvedBy: 'import' },
      { source: id.run, target: id.parseArgs, kind: 'calls', line: 5, col: 4, resolvedBy: 'same-file' },
      // An edge to a node that does not exist: ignored by every reader.
      { source: id.main, target: 'function:does-not-exist', kind: 'calls', line: 5, col: 1 },
    ],
    unresolved: [{ from: id.run, name: 'load', line: 6, col: 4, candidates: [id.helper, id.validateC], file: 'py/tool.py' }],
    metadata: { written_by: 'arbor', arbor_version: '0.1.0', indexed_with_version: '1.6.1' },
    ...overrides,
  };
}
