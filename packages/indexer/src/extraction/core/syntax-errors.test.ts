import type { Tree } from 'web-tree-sitter';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../model/graph-vocabulary.js';
import { parseForTest } from '../../test-support/test-parser.js';
import { MAX_LISTED_SYNTAX_ERRORS, SyntaxErrorCollector } from './syntax-errors.js';

const trees: Tree[] = [];
afterEach(() => trees.splice(0).forEach((tree) => tree.delete()));

async function parse(language: Language, source: string): Promise<Tree> {
  const tree = await parseForTest(language, source);
  trees.push(tree);
  return tree;
}

async function collect(language: Language, source: string, rowOffset = 0, cap?: number) {
  const collector = new SyntaxErrorCollector(cap);
  collector.collect((await parse(language, source)).rootNode, source, rowOffset);
  return collector.errors();
}

describe('SyntaxErrorCollector', () => {
  it('records nothing for a file without errors', async () => {
    expect(await collect('python', 'def f():\n    return 1\n')).toEqual([]);
    expect(await collect('typescript', 'export const a = 1;\n')).toEqual([]);
  });

  it('words ERROR regions and MISSING nodes the same way in every language', async () => {
    expect(await collect('python', 'x = 1 +\n')).toEqual([
      { message: 'syntax error near "x = 1 +"', line: 1, column: 0, severity: 'error', code: 'syntax-error' },
    ]);
    expect(await collect('typescript', 'let x = ;\n')).toEqual([
      { message: 'syntax error near "="', line: 1, column: 6, severity: 'error', code: 'syntax-error' },
    ]);
    // A missing token is quoted; a missing named node is a kind of node, not text.
    expect((await collect('python', 'def f(:\n    pass\n')).map((e) => e.message)).toEqual(['syntax error: missing ")"']);
    expect((await collect('typescript', 'function f(a: number {\n}\n')).map((e) => e.message)).toEqual(['syntax error: missing ")"']);
    expect((await collect('python', 'x[]\n')).map((e) => e.message)).toEqual(['syntax error: missing identifier']);
    expect((await collect('typescript', 'a +;\n')).map((e) => e.message)).toEqual(['syntax error: missing identifier']);
  });

  it('quotes the first line of a region, whitespace collapsed, at most 40 characters', async () => {
    const [long] = await collect('python', `print("a",\t\t${'"b", '.repeat(30)}\n`);
    expect(long.message).toBe(`syntax error near ${JSON.stringify(`print("a", ${'"b", '.repeat(5)}"b"…`)}`);
    expect(JSON.parse(long.message.slice('syntax error near '.length))).toHaveLength(40);
    // A region that swallows the following lines quotes only the line its position names.
    const [swallowing] = await collect('python', 'x = [1,\n     2\ndef f(): pass\n');
    expect(swallowing).toMatchObject({ line: 1, column: 2, message: 'syntax error near "= [1,"' });
  });

  it('lists only the outermost ERROR of a region, in document order', async () => {
    const source = 'import { from "x";\n\nexport function g() { return 1; }\n\nf(a b);\n';
    const tree = await parse('typescript', source);
    expect(tree.rootNode.toString()).toContain('(ERROR (ERROR'); // a nested ERROR is there to skip
    const errors = await collect('typescript', source);
    expect(errors.map((e) => [e.line, e.column])).toEqual([[1, 0], [5, 4]]);
  });

  it('shifts rows (not columns) of a piece parsed on its own', async () => {
    const errors = await collect('python', 'ok = 1\ndef f(:\n    pass\n', 40);
    expect(errors).toMatchObject([{ line: 42, column: 6 }]);
  });

  it('caps the list across every tree it is given, then says how many were left out', async () => {
    const collector = new SyntaxErrorCollector(3);
    const piece = 'a b\nc d\n';
    collector.collect((await parse('python', piece)).rootNode, piece);
    collector.collect((await parse('python', piece)).rootNode, piece, 10);
    const errors = collector.errors();
    expect(errors.map((e) => e.line)).toEqual([1, 2, 11, undefined]);
    expect(errors[3]).toEqual({ message: '1 more syntax error not listed', severity: 'warning', code: 'syntax-error' });

    const many = await collect('python', 'a b c\n'.repeat(300));
    expect(many).toHaveLength(MAX_LISTED_SYNTAX_ERRORS + 1);
    expect(many.slice(0, -1).every((e) => e.severity === 'error')).toBe(true);
    expect(many.at(-1)).toEqual({ message: `${300 - MAX_LISTED_SYNTAX_ERRORS} more syntax errors not listed`, severity: 'warning', code: 'syntax-error' });
  });
});
