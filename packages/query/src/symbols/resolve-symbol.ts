/**
 * What a symbol argument means. Accepted forms, tried in this order:
 *   a node id (`function:3f…`, `file:src/a.ts`), `path:line`, an indexed file path,
 *   a qualified name (`Class::method`, also `Class.method`), a name, a name in another case.
 * When several declarations match, the caller gets all of them: nothing is picked silently.
 */
import { QueryError } from '../errors.js';
import { kindSet, pathFilter, type PathPredicate } from '../filters.js';
import type { NodeDetails } from '../model.js';
import type { Project } from '../project.js';
import { toRef } from '../store/rows.js';
import { isTestFile } from '../tests-convention.js';
import { compareText } from '../text/compare.js';
import { similarity } from '../text/similarity.js';
import { foldOverloads, overloadGroup } from './overloads.js';

export interface SymbolFilter {
  /** Narrow to declarations in this file / folder / glob. */
  file?: string;
  /** Narrow to these kinds (`function`, `method,function`). */
  kind?: string | string[];
}

export type MatchedBy = 'id' | 'location' | 'file' | 'qualified-name' | 'name' | 'name-ignoring-case';

export type SymbolMatch =
  | { status: 'found'; node: NodeDetails; matchedBy: MatchedBy }
  /**
   * `principal`: for a bare name, its one top-level declaration outside tests (`url_for` the
   * function, not `Flask::url_for`) — what people usually mean; a caller may answer for it as long
   * as it names the other candidates too.
   */
  | { status: 'ambiguous'; candidates: NodeDetails[]; matchedBy: MatchedBy; principal?: NodeDetails }
  | { status: 'not-found'; suggestions: NodeDetails[] };

/** Kinds that restate another declaration's name rather than declare something. */
const SECONDARY_KINDS = new Set(['import', 'export', 'parameter']);

export function findSymbol(project: Project, spec: string, filter: SymbolFilter = {}): SymbolMatch {
  const match = matchSymbol(project, spec, filter);
  // An overload stub (by id or path:line) means the function it declares.
  return match.status === 'found' ? { ...match, node: overloadGroup(project.store, match.node).node } : match;
}

function matchSymbol(project: Project, spec: string, filter: SymbolFilter): SymbolMatch {
  const text = spec.trim();
  if (text === '') throw new QueryError('bad-argument', 'empty symbol');
  const { store } = project;
  const kinds = kindSet(filter.kind);
  const inFile = pathFilter(project, filter.file);
  const keep = (nodes: NodeDetails[]) =>
    nodes.filter((n) => (!kinds || kinds.has(n.kind)) && (!inFile || inFile(n.filePath)));

  const byId = store.node(text);
  if (byId) return { status: 'found', node: byId, matchedBy: 'id' };

  const location = /^(.+?):(\d+)(?::\d+)?$/.exec(text);
  if (location) {
    const path = project.projectPath(location[1]);
    if (path !== undefined && store.file(path)) {
      return atLocation(project, path, Number(location[2]), kinds);
    }
  }

  const filePath = project.projectPath(text);
  if (filePath !== undefined && filePath !== '' && store.file(filePath)) {
    const fileNode = store.node(`file:${filePath}`) ?? store.nodesInFile(filePath).find((n) => n.kind === 'file');
    if (fileNode) return { status: 'found', node: fileNode, matchedBy: 'file' };
  }

  const qualified = qualifiedForms(text);
  for (const form of qualified) {
    const result = decide(keep(store.nodesByQualifiedName(form)), 'qualified-name', kinds);
    if (result) return result;
  }
  const byName = decide(keep(store.nodesByName(text)), 'name', kinds);
  if (byName) return byName;
  const byCase = decide(keep(store.nodesByNameIgnoringCase(text)), 'name-ignoring-case', kinds);
  if (byCase) return byCase;
  if (qualified.length > 0) {
    // `Class::method` written as a suffix of a longer qualified name (`ns::Class::method`).
    const member = qualified[0].slice(qualified[0].lastIndexOf('::') + 2);
    const suffix = `::${qualified[0]}`;
    const result = decide(
      keep(store.nodesByName(member)).filter((n) => n.qualifiedName.endsWith(suffix)),
      'qualified-name',
      kinds,
    );
    if (result) return result;
  }

  return { status: 'not-found', suggestions: suggest(project, text, inFile, kinds) };
}

/** Like findSymbol, but throws for ambiguity and absence (with candidates on the error). */
export function resolveSymbol(project: Project, spec: string, filter: SymbolFilter = {}): NodeDetails {
  const match = findSymbol(project, spec, filter);
  if (match.status === 'found') return match.node;
  if (match.status === 'ambiguous') {
    throw new QueryError(
      'ambiguous-symbol',
      `"${spec}" matches ${match.candidates.length} declarations; narrow it with --file or --kind, or pass a node id or path:line`,
      match.candidates.map(toRef),
    );
  }
  const hint = match.suggestions.length > 0 ? `; similar: ${match.suggestions.map((s) => s.qualifiedName).join(', ')}` : '';
  throw new QueryError('symbol-not-found', `no symbol "${spec}" in the index${hint}`, match.suggestions.map(toRef));
}

function decide(matched: NodeDetails[], matchedBy: MatchedBy, kinds: Set<string> | undefined): SymbolMatch | undefined {
  if (matched.length === 0) return undefined;
  // Overload stubs and their implementation are one declaration (overloads.ts).
  const nodes = foldOverloads(matched);
  // An import or export statement restates a name declared elsewhere: prefer the declaration,
  // unless the caller asked for those kinds.
  const primary = kinds ? nodes : nodes.filter((n) => !SECONDARY_KINDS.has(n.kind));
  const list = primary.length > 0 ? primary : nodes;
  if (list.length === 1) return { status: 'found', node: list[0], matchedBy };
  const candidates = sortNodes(list);
  if (matchedBy === 'name' || matchedBy === 'name-ignoring-case') {
    const principal = candidates.filter((n) => n.qualifiedName === n.name && n.kind !== 'file' && !isTestFile(n.filePath));
    if (principal.length === 1) return { status: 'ambiguous', candidates, matchedBy, principal: principal[0] };
  }
  return { status: 'ambiguous', candidates, matchedBy };
}

/** The innermost declaration enclosing `line` (one starting on it wins), else the file. */
function atLocation(project: Project, path: string, line: number, kinds: Set<string> | undefined): SymbolMatch {
  const all = project.store.nodesEnclosingLine(path, line);
  const declarations = all.filter((n) => n.kind !== 'file' && (!kinds || kinds.has(n.kind)));
  const primary = declarations.filter((n) => !SECONDARY_KINDS.has(n.kind));
  const pool = primary.length > 0 ? primary : declarations;
  if (pool.length === 0) {
    const fileNode = all.find((n) => n.kind === 'file') ?? project.store.node(`file:${path}`);
    if (fileNode && (!kinds || kinds.has('file'))) return { status: 'found', node: fileNode, matchedBy: 'location' };
    return { status: 'not-found', suggestions: [] };
  }
  const startingHere = pool.filter((n) => n.startLine === line);
  const scope = startingHere.length > 0 ? startingHere : pool;
  const span = (n: NodeDetails) => n.endLine - n.startLine;
  const smallest = Math.min(...scope.map(span));
  const innermost = scope.filter((n) => span(n) === smallest);
  if (innermost.length === 1) return { status: 'found', node: innermost[0], matchedBy: 'location' };
  return { status: 'ambiguous', candidates: sortNodes(innermost), matchedBy: 'location' };
}

/** `A::b` as written, and `A.b` / `A#b` spelled the codegraph way (`A::b`). */
function qualifiedForms(text: string): string[] {
  const forms: string[] = [];
  if (text.includes('::')) forms.push(text);
  if (/^[\w$]+(?:[.#][\w$]+)+$/.test(text)) forms.push(text.replace(/[.#]/g, '::'));
  return forms;
}

function suggest(project: Project, text: string, inFile: PathPredicate | undefined, kinds: Set<string> | undefined): NodeDetails[] {
  const name = text.slice(Math.max(text.lastIndexOf(':'), text.lastIndexOf('.')) + 1);
  return similarDeclarations(project, name, (n) => (!kinds || kinds.has(n.kind)) && (!inFile || inFile(n.filePath)));
}

/**
 * "Did you mean": declarations whose name is close to `typed` in spelling or shares most of its
 * segments, best first (one per name and file), at most `max`. Candidate names come from the name
 * index by the typed name's three-letter pieces, so a typo anywhere still finds them; declarations
 * are read only for the best-scoring names, one band of equal score at a time, until `max` are kept
 * (reading every row whose name shares a piece took most of a second on a 60,000-node graph).
 */
export function similarDeclarations(project: Project, typed: string, keep: (n: NodeDetails) => boolean = () => true, max = 5): NodeDetails[] {
  const lower = typed.toLowerCase().replace(/[^a-z0-9_$\u00C0-\uFFFF]/g, '');
  if (lower.length < 3) return [];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= lower.length && grams.size < 24; i++) grams.add(lower.slice(i, i + 3));
  const patterns = [...grams].map((g) => `%${g.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const ranked = project.store
    .namesLike(patterns)
    .map((name) => ({ name, score: similarity(typed, name) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || compareText(a.name, b.name));
  const excluded = [...SECONDARY_KINDS, 'file'];
  const seen = new Set<string>();
  const out: NodeDetails[] = [];
  for (let start = 0; start < ranked.length && out.length < max;) {
    let end = start + 1;
    while (end < ranked.length && ranked[end].score === ranked[start].score) end++;
    // Within a band the score is equal: non-test files first, then source order.
    const band = project.store.nodesNamed(ranked.slice(start, end).map((c) => c.name), excluded).filter(keep);
    band.sort((a, b) => Number(isTestFile(a.filePath)) - Number(isTestFile(b.filePath)) || compareNodes(a, b));
    for (const node of band) {
      const key = `${node.name}\u0000${node.filePath}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(node);
      if (out.length >= max) break;
    }
    start = end;
  }
  return out;
}

export function sortNodes<T extends NodeDetails | { filePath: string; startLine: number; name: string; kind: string }>(
  nodes: T[],
): T[] {
  return [...nodes].sort(compareNodes);
}

export function compareNodes(
  a: { filePath: string; startLine: number; name: string; kind: string },
  b: { filePath: string; startLine: number; name: string; kind: string },
): number {
  return compareText(a.filePath, b.filePath) || a.startLine - b.startLine || compareText(a.name, b.name) || compareText(a.kind, b.kind);
}
