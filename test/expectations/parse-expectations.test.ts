import { LANGUAGES } from '@arbor/indexer';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_EXTENSIONS } from '../../packages/indexer/src/languages/index.js';
import { LINE_COMMENT_BY_EXTENSION, lineCommentFor, parseExpectations } from './parse-expectations.js';

const parse = (source: string, prefix = '#') => parseExpectations('f.py', source, prefix);

describe('comment prefixes', () => {
  it('has a line comment for every extension of every language arbor knows', () => {
    expect(Object.keys(LANGUAGE_EXTENSIONS).sort()).toEqual([...LANGUAGES].sort());
    const missing = Object.values(LANGUAGE_EXTENSIONS).flat().filter((ext) => LINE_COMMENT_BY_EXTENSION[ext] === undefined);
    expect(missing).toEqual([]);
  });

  it('takes the prefix from the extension', () => {
    expect(lineCommentFor('pkg/app.py')).toBe('#');
    expect(lineCommentFor('src/App.TSX')).toBe('//');
    expect(lineCommentFor('lib/x.rb')).toBe('#');
    expect(lineCommentFor('package.json')).toBeUndefined();
    expect(lineCommentFor('.py')).toBeUndefined();
  });
});

describe('parseExpectations', () => {
  it('reads assertions under a code line, with the caret column and both line numbers', () => {
    const source = ['app.route("/")', '#   ^ calls: app.py::App::route', '#   ^ resolved-by: import', 'helper()', '# ^ unresolved'].join('\n');
    expect(parse(source)).toEqual([
      { line: 1, column: 4, commentLine: 2, assertion: { kind: 'calls', target: 'app.py::App::route' }, text: 'calls: app.py::App::route' },
      { line: 1, column: 4, commentLine: 3, assertion: { kind: 'resolved-by', value: 'import', of: 2 }, text: 'resolved-by: import' },
      { line: 4, column: 2, commentLine: 5, assertion: { kind: 'unresolved' }, text: 'unresolved' },
    ]);
  });

  it('reads every assertion kind, indented comments and other prefixes', () => {
    const source = [
      'import { a } from "./a";',
      '// ^ imports: a.ts',
      'class B extends A implements I {',
      '  //            ^ extends: a.ts::A',
      '  //                         ^ implements: a.ts::I',
      '  m() { return new C() + x.y() + z(); }',
      '  //               ^ instantiates: c.ts::C',
      '  //                       ^ no-edge',
      '  //                             ^ unresolved: z',
      '}',
    ].join('\n');
    const parsed = parseExpectations('b.ts', source, '//');
    expect(parsed.map((a) => [a.line, a.column, a.assertion])).toEqual([
      [1, 3, { kind: 'imports', target: 'a.ts' }],
      [3, 16, { kind: 'extends', target: 'a.ts::A' }],
      [3, 29, { kind: 'implements', target: 'a.ts::I' }],
      [6, 19, { kind: 'instantiates', target: 'c.ts::C' }],
      [6, 27, { kind: 'no-edge' }],
      [6, 33, { kind: 'unresolved', name: 'z' }],
    ]);
  });

  it('ties each resolved-by to the nearest edge assertion above it at the same caret', () => {
    const source = ['f().g()', '# ^ calls: a.py::f', '# ^ resolved-by: import', '# ^ calls: a.py::C::g', '# ^ unresolved: x', '# ^ resolved-by: constructed-receiver'].join('\n');
    expect(parse(source).filter((a) => a.assertion.kind === 'resolved-by').map((a) => a.assertion)).toEqual([
      { kind: 'resolved-by', value: 'import', of: 2 },
      { kind: 'resolved-by', value: 'constructed-receiver', of: 4 },
    ]);
  });

  it('ignores ordinary comments and carets outside comments', () => {
    expect(parse(['x = a ^ b', '# a note ^ with a caret in it', 'f()  # ^ trailing comment', ''].join('\n'))).toEqual([]);
  });

  it.each([
    ['an assertion after a blank line', 'f()\n\n# ^ unresolved', 'f.py:3: assertion is not directly under a code line'],
    ['an assertion under an ordinary comment', '# note\n# ^ unresolved', 'f.py:2: assertion is not directly under a code line'],
    ['an assertion on the first line', '# ^ unresolved', 'f.py:1: assertion is not directly under a code line'],
    ['an unknown keyword', 'f()\n# ^ call: a.py::f', 'f.py:2: unknown assertion "call:"'],
    ['a bare word', 'f()\n# ^ resolved', 'f.py:2: unknown assertion "resolved"'],
    ['a caret with nothing after it', 'f()\n# ^', 'f.py:2: caret without an assertion'],
    ['an edge target without a qualified name', 'f()\n# ^ calls: a.py', 'f.py:2: calls: takes <file>::<qualified name>'],
    ['an edge target with spaces', 'f()\n# ^ calls: a.py::f g', 'f.py:2: calls: takes <file>::<qualified name>'],
    ['an imports target with a qualified name', 'import a\n# ^ imports: a.py::f', 'f.py:2: imports: takes a file path'],
    ['a keyword without a value', 'f()\n# ^ calls:', 'f.py:2: "calls:" needs a value'],
    ['a resolved-by value that is not one word', 'f()\n# ^ calls: a.py::f\n# ^ resolved-by: by import', 'f.py:3: resolved-by: takes one'],
    ['resolved-by without an edge assertion', 'f()\n# ^ resolved-by: import', 'f.py:2: resolved-by needs an edge assertion above it'],
    ['resolved-by under an edge assertion of another caret', 'f(g())\n# ^ calls: a.py::f\n#   ^ resolved-by: import', 'f.py:3: resolved-by needs an edge'],
    ['two resolved-by for one edge', 'f()\n# ^ calls: a.py::f\n# ^ resolved-by: import\n# ^ resolved-by: same-file', 'f.py:4: two resolved-by for the edge assertion of line 2'],
    ['no-edge beside an edge assertion', 'f()\n# ^ calls: a.py::f\n# ^ no-edge', 'f.py:3: no-edge contradicts'],
    ['a duplicate assertion', 'f()\n# ^ calls: a.py::f\n# ^ calls: a.py::f', 'f.py:3: duplicate assertion'],
    ['a caret past the end of the line', 'f()\n#     ^ unresolved', 'f.py:2: caret at column 6 points at no code character of line 1'],
    ['a caret under whitespace', 'a = f()\n#  ^ unresolved', 'f.py:2: caret at column 3 points at no code character'],
    ['non-ASCII text before the caret', 'é = f()\n#   ^ unresolved', 'f.py:2: non-ASCII text before the caret'],
  ])('rejects %s, naming file:line', (_, source, message) => {
    expect(() => parse(source)).toThrow(message);
  });
});
