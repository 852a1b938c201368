import { describe, expect, it } from 'vitest';
import { checkFile, type GraphView, type SiteEdge, type SiteUnresolved } from './check-expectations.js';
import { parseExpectations } from './parse-expectations.js';

// A graph for main.py, as if indexed from:
//   1  from lib import helper, Thing
//   2  x = helper() + Thing().make()
//   3  other()
//   4  y = Thing().make()
const edges: SiteEdge[] = [
  { kind: 'imports', target: 'lib.py', resolvedBy: 'module-import', line: 1, col: 0 },
  { kind: 'calls', target: 'lib.py::helper', resolvedBy: 'import', line: 2, col: 4 },
  { kind: 'instantiates', target: 'lib.py::Thing', resolvedBy: 'import', line: 2, col: 15 },
  { kind: 'calls', target: 'lib.py::other', resolvedBy: 'import', line: 3, col: 0 },
  { kind: 'instantiates', target: 'lib.py::Thing', resolvedBy: 'import', line: 4, col: 4 },
  { kind: 'calls', target: 'lib.py::Thing::make', resolvedBy: 'constructed-receiver', line: 4, col: 4 },
];
const unresolved: SiteUnresolved[] = [{ name: 'make', kind: 'calls', line: 2, col: 15 }];
const graph: GraphView = {
  edges: new Map([['main.py', edges]]),
  unresolved: new Map([['main.py', unresolved]]),
  imports: new Map([['main.py', [{ line: 1, col: 0 }]]]),
  labels: new Set(['main.py', 'lib.py', 'lib.py::helper', 'lib.py::Thing', 'lib.py::Thing::make', 'lib.py::other']),
};
const CODE = ['from lib import helper, Thing', 'x = helper() + Thing().make()', 'other()', 'y = Thing().make()'];

/**
 * Checks `comments` (a map from a CODE line number to the comment lines under it) against the graph.
 * Comment lines shift the code below them, so parsed lines are mapped back to CODE's numbering.
 */
function check(comments: Record<number, string[]>) {
  const lines = CODE.flatMap((code, i) => [code, ...(comments[i + 1] ?? [])]);
  const codeLineAt = lines.map((line) => CODE.indexOf(line) + 1);
  const assertions = parseExpectations('main.py', lines.join('\n'), '#').map((a) => ({ ...a, line: codeLineAt[a.line - 1] }));
  return checkFile(graph, 'main.py', assertions);
}

describe('checkFile', () => {
  it('passes when every edge of every asserted line is expected', () => {
    expect(check({
      1: ['# ^ imports: lib.py', '# ^ resolved-by: module-import'],
      2: ['#   ^ calls: lib.py::helper', '#   ^ resolved-by: import', '#                    ^ instantiates: lib.py::Thing', '#                    ^ unresolved: make'],
    })).toEqual({ mismatches: [], fixtureErrors: [] });
  });

  it('selects the nearest site at or before the caret', () => {
    // Columns 4 (under `helper`'s `h`) and 8 both land on the call that starts at column 4.
    expect(check({ 2: ['#       ^ calls: lib.py::helper', '#                 ^ instantiates: lib.py::Thing'] }).mismatches).toEqual([]);
  });

  it('reports a missing edge with what the graph has at the site', () => {
    const { mismatches } = check({ 3: ['# ^ calls: lib.py::helper'] });
    expect(mismatches).toHaveLength(2);
    expect(mismatches[0]).toContain('main.py:3:0 (assertion at line 4): expected calls: lib.py::helper');
    expect(mismatches[0]).toContain('graph at this site: calls -> lib.py::other (import)');
    expect(mismatches[1]).toContain('main.py:3:0: unexpected edge calls -> lib.py::other (import)');
  });

  it('reports an edge resolved another way', () => {
    const { mismatches } = check({ 3: ['# ^ calls: lib.py::other', '# ^ resolved-by: unique-name'] });
    expect(mismatches).toEqual([expect.stringContaining('expected calls: lib.py::other resolved-by: unique-name')]);
    // Each resolved-by speaks for the edge assertion above it: two edges at one site, resolved two ways.
    const site = (first: string, second: string) => check({ 4: [
      '#           ^ instantiates: lib.py::Thing', `#           ^ resolved-by: ${first}`,
      '#           ^ calls: lib.py::Thing::make', `#           ^ resolved-by: ${second}`,
    ] }).mismatches;
    expect(site('import', 'constructed-receiver')).toEqual([]);
    expect(site('constructed-receiver', 'import')).toEqual([
      expect.stringContaining('expected instantiates: lib.py::Thing resolved-by: constructed-receiver'),
      expect.stringContaining('expected calls: lib.py::Thing::make resolved-by: import'),
    ]);
  });

  it('reports an edge of an asserted line that no assertion expects', () => {
    const { mismatches } = check({ 2: ['#   ^ calls: lib.py::helper'] });
    expect(mismatches).toEqual([expect.stringContaining('main.py:2:15: unexpected edge instantiates -> lib.py::Thing (import)')]);
  });

  it('checks unresolved and no-edge against the site', () => {
    expect(check({ 3: ['# ^ unresolved'] }).mismatches).toEqual([
      expect.stringContaining('expected unresolved'),
      expect.stringContaining('unexpected edge calls -> lib.py::other'),
    ]);
    expect(check({ 3: ['# ^ no-edge'] }).mismatches).toEqual([expect.stringContaining('expected no-edge')]);
    const wrongName = check({ 2: ['#   ^ calls: lib.py::helper', '#                    ^ instantiates: lib.py::Thing', '#                    ^ unresolved: Thing'] });
    expect(wrongName.mismatches).toEqual([expect.stringContaining('expected unresolved: Thing')]);
  });

  it('does not check lines without assertions', () => {
    expect(check({ 1: ['# ^ imports: lib.py'] })).toEqual({ mismatches: [], fixtureErrors: [] });
  });

  it('fails a caret that matches no site', () => {
    const { mismatches } = check({ 2: ['# ^ calls: lib.py::helper'] });
    expect(mismatches[0]).toContain('main.py:2:2 (assertion at line 3): the caret matches no site; sites on this line start at columns 4, 15');
  });

  it('calls the fixture wrong for two carets on one site or a target file the graph lacks', () => {
    expect(check({ 2: ['#   ^ calls: lib.py::helper', '#     ^ unresolved'] }).fixtureErrors)
      .toEqual([expect.stringContaining('carets at columns 4 and 6 select the same site')]);
    expect(check({ 3: ['# ^ calls: lbi.py::other'] }).fixtureErrors)
      .toEqual([expect.stringContaining('"calls: lbi.py::other" names a file the graph does not have')]);
  });

  it('counts a declaration the graph lacks in a file it has as a mismatch', () => {
    const result = check({ 3: ['# ^ calls: lib.py::Other'] });
    expect(result.fixtureErrors).toEqual([]);
    expect(result.mismatches[0]).toContain('"calls: lib.py::Other" names no declaration of the graph');
  });
});
