/**
 * `map [folder|glob]`: the overview of a repository an agent reads before asking anything
 * narrower. Each file with its declarations (signatures, the members of its types) and the files
 * it imports, files ranked by how much of the repository depends on them, within a byte budget.
 *
 * Ranking: PageRank over the file dependency graph (an edge from a file to each file it imports,
 * calls, instantiates, extends, implements or references, weighted by how many such edges the
 * graph holds; within-file edges left out). A file many files depend on, or one that files many
 * depend on depend on, ranks high; ties are broken by path. The rank is the file's place in the
 * whole repository, also when the map shows one folder.
 *
 * Bounded and deterministic: the map is text whose every byte counts against the budget (the
 * header and the closing line included); files are added in rank order while they fit, the first
 * that does not fit is shown as far as it does, and the closing line says what was left out.
 */
import { DEPENDENCY_KINDS } from '../graph/traversal.js';
import { globToRegExp, isGlob } from '../glob.js';
import type { NodeDetails } from '../model.js';
import { isUnder } from '../paths.js';
import type { Project } from '../project.js';
import { QueryError } from '../errors.js';
import { compareText } from '../text/compare.js';

export interface MapOptions {
  /** Bytes of map text at most (at least MIN_MAP_BUDGET). Default 8 KiB. */
  budget?: number;
}

export const MIN_MAP_BUDGET = 256;
export const DEFAULT_MAP_BUDGET = 8 * 1024;

export interface MapDeclaration {
  kind: string;
  name: string;
  qualifiedName: string;
  line: number;
  /** The declaration as written (its signature, whitespace folded), or `kind name`. */
  text: string;
  /** A type's members (methods, fields, …) outside private ones; empty for others. */
  members: MapDeclaration[];
  /** Members not listed (more than MAX_MEMBERS). */
  moreMembers: number;
}

export interface MapFile {
  /** 1 for the file the rest of the repository depends on most. */
  rank: number;
  filePath: string;
  language: string;
  /** PageRank, summing to 1 over the repository's files. */
  score: number;
  /** Files with an edge into this one. */
  dependents: number;
  /** Indexed files this one imports. */
  imports: string[];
  /** Exported declarations (all top-level ones where the graph marks none exported). */
  declarations: MapDeclaration[];
  /** Declarations the budget left out of the last file shown (0 for the others). */
  declarationsLeftOut: number;
}

export interface MapResult {
  scope: { type: 'all' | 'dir' | 'glob'; value: string };
  /** How files are ranked, in words. */
  ranking: string;
  budgetBytes: number;
  /** Bytes of `text`. */
  usedBytes: number;
  /** Indexed files in the scope. */
  totalFiles: number;
  files: MapFile[];
  /** Files in the scope the budget left out, best ranked first (at most 20 named). */
  leftOut: { files: number; paths: string[] };
  /** The map as text: what the budget measured, what the CLI prints and the MCP tool returns. */
  text: string;
}

const RANKED_KINDS: readonly string[] = DEPENDENCY_KINDS;
const DAMPING = 0.85;
const MAX_ITERATIONS = 100;
const CONVERGED = 1e-10;
/** Members listed per type. */
const MAX_MEMBERS = 8;
/** Imported files named on a file's line (JSON has them all). */
const MAX_IMPORTS_LISTED = 12;
/** Characters of one declaration's text. */
const MAX_DECLARATION_TEXT = 120;
const NOT_DECLARATIONS = new Set(['file', 'import', 'export', 'parameter']);
const CONTAINERS = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'module', 'namespace', 'component']);
const HIDDEN_VISIBILITY = new Set(['private', 'protected', 'fileprivate', 'internal']);
const LEFT_OUT_NAMED = 20;

export function repositoryMap(project: Project, scopeArg: string | undefined, options: MapOptions = {}): MapResult {
  const budget = Math.max(MIN_MAP_BUDGET, Math.floor(options.budget ?? DEFAULT_MAP_BUDGET));
  const { store } = project;
  const scope = scopeOf(project, scopeArg);
  const files = store.files();
  const ranked = rankFiles(files.map((f) => f.path), store.fileDependencies(RANKED_KINDS));
  const language = new Map(files.map((f) => [f.path, f.language]));
  const inScope = ranked.filter((r) => scope.match(r.path));

  const header = (shown: number, used: number) =>
    `Repository map${scope.value ? ` of ${oneLine(scope.value)}` : ''}: ${shown} of ${inScope.length} files, most depended on first (PageRank over ${RANKED_KINDS.join(', ')} between files); ${used} of ${budget} bytes\n`;
  const footer = (left: number, firstRank: number, lastRank: number) =>
    left === 0 ? '' : `… ${left} more files left out by the budget (ranks ${firstRank}–${lastRank} of ${ranked.length}): raise --budget or map a folder\n`;
  // Room kept for the header (and, unless every file fits, the closing line) at their longest.
  const headerRoom = bytes(header(inScope.length, budget));
  const footerRoom = bytes(footer(inScope.length, ranked.length, ranked.length));
  const described = new Map<string, MapFile>();
  const describe = (entry: RankedFile) => {
    let file = described.get(entry.path);
    if (!file) described.set(entry.path, (file = describeFile(project, entry, language.get(entry.path) ?? '')));
    return file;
  };
  let fitted = fitFiles(inScope, describe, budget - headerRoom);
  if (fitted.shown.length < inScope.length) fitted = fitFiles(inScope, describe, budget - headerRoom - footerRoom);
  const { shown, blocks, used } = fitted;
  const left = inScope.slice(shown.length);
  const tail = footer(left.length, left[0]?.rank ?? 0, left.at(-1)?.rank ?? 0);
  let text = '';
  // The header states the bytes used, itself included: settle the number (its digits may change the length).
  for (let total = used + bytes(tail); ; ) {
    text = header(shown.length, total) + blocks.join('') + tail;
    if (bytes(text) === total) break;
    total = bytes(text);
  }
  return {
    scope: { type: scope.type, value: scope.value },
    ranking: `PageRank (damping ${DAMPING}) over file-to-file ${RANKED_KINDS.join('/')} edges weighted by count; ties by path`,
    budgetBytes: budget,
    usedBytes: bytes(text),
    totalFiles: inScope.length,
    files: shown,
    leftOut: { files: left.length, paths: left.slice(0, LEFT_OUT_NAMED).map((l) => l.path) },
    text,
  };
}

/**
 * Files in rank order while their blocks fit in `room` bytes; the first that does not fit is
 * shown as far as it does, and nothing after it (the map is always a prefix of the ranking).
 */
function fitFiles(entries: RankedFile[], describe: (entry: RankedFile) => MapFile, room: number): { shown: MapFile[]; blocks: string[]; used: number } {
  const shown: MapFile[] = [];
  const blocks: string[] = [];
  let used = 0;
  for (const entry of entries) {
    const file = describe(entry);
    const full = fileLines(file).join('');
    if (bytes(full) <= room - used) {
      shown.push(file);
      blocks.push(full);
      used += bytes(full);
      continue;
    }
    const partial = fitPartially(file, room - used);
    if (partial) {
      shown.push(partial.file);
      blocks.push(partial.text);
      used += bytes(partial.text);
    }
    break;
  }
  return { shown, blocks, used };
}

interface Scope { type: MapResult['scope']['type']; value: string; match: (path: string) => boolean }

function scopeOf(project: Project, arg: string | undefined): Scope {
  if (arg === undefined || arg === '' || arg === '.') return { type: 'all', value: '', match: () => true };
  if (isGlob(arg)) {
    const re = globToRegExp(arg);
    return { type: 'glob', value: arg, match: (path) => re.test(path) };
  }
  const dir = project.projectPath(arg);
  if (dir === undefined) throw new QueryError('bad-argument', `${arg} is outside the project ${project.root}`);
  return dir === '' ? { type: 'all', value: '', match: () => true } : { type: 'dir', value: dir, match: (path) => isUnder(path, dir) };
}

interface RankedFile { path: string; rank: number; score: number; dependents: number }

/**
 * PageRank by power iteration over files sorted by path, so the same graph always gives the same
 * numbers. A file that depends on nothing spreads its rank evenly (the usual dangling-node rule).
 */
export function rankFiles(paths: readonly string[], dependencies: ReadonlyArray<{ from: string; to: string; edges: number }>): RankedFile[] {
  const sorted = [...paths].sort(compareText);
  const index = new Map(sorted.map((p, i) => [p, i]));
  const n = sorted.length;
  if (n === 0) return [];
  const outWeight = new Float64Array(n);
  const incoming: Array<Array<[number, number]>> = sorted.map(() => []);
  const dependents = new Array<number>(n).fill(0);
  const links = [...dependencies].sort((a, b) => compareText(a.from, b.from) || compareText(a.to, b.to));
  for (const { from, to, edges } of links) {
    const s = index.get(from);
    const t = index.get(to);
    if (s === undefined || t === undefined || s === t || edges <= 0) continue;
    outWeight[s] += edges;
    incoming[t].push([s, edges]);
    dependents[t]++;
  }
  let rank = new Float64Array(n).fill(1 / n);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let dangling = 0;
    for (let i = 0; i < n; i++) if (outWeight[i] === 0) dangling += rank[i];
    const next = new Float64Array(n);
    let change = 0;
    for (let t = 0; t < n; t++) {
      let sum = 0;
      for (const [s, w] of incoming[t]) sum += (rank[s] * w) / outWeight[s];
      next[t] = (1 - DAMPING) / n + DAMPING * (sum + dangling / n);
      change += Math.abs(next[t] - rank[t]);
    }
    rank = next;
    if (change < CONVERGED) break;
  }
  // Scores are compared at a fixed precision, so float noise never decides an order: a tie goes by path.
  const key = (score: number) => Math.round(score * 1e12);
  const order = sorted.map((path, i) => ({ path, score: rank[i], dependents: dependents[i] }))
    .sort((a, b) => key(b.score) - key(a.score) || compareText(a.path, b.path));
  return order.map((f, i) => ({ ...f, rank: i + 1, score: Number(f.score.toPrecision(6)) }));
}

function describeFile(project: Project, entry: RankedFile, language: string): MapFile {
  const { store } = project;
  const nodes = store.nodesInFile(entry.path);
  const fileNode = nodes.find((n) => n.kind === 'file');
  const contains = (ids: string[]) => new Set(store.edgesFrom(ids, ['contains']).map((e) => e.target));
  const topIds = fileNode ? contains([fileNode.id]) : new Set<string>();
  const declarations = nodes.filter((n) => !NOT_DECLARATIONS.has(n.kind));
  // Graphs that record no containment (some writers) have every declaration at the top.
  const top = declarations.filter((n) => topIds.size === 0 || topIds.has(n.id));
  const anyExported = declarations.some((n) => n.isExported);
  const chosen = (anyExported ? top.filter((n) => n.isExported) : top).sort(byLine);
  const containers = chosen.filter((n) => CONTAINERS.has(n.kind));
  const membersOf = new Map<string, NodeDetails[]>();
  if (containers.length > 0) {
    const byId = new Map(declarations.map((n) => [n.id, n]));
    for (const edge of store.edgesFrom(containers.map((c) => c.id), ['contains'])) {
      const member = byId.get(edge.target);
      if (!member || HIDDEN_VISIBILITY.has(member.visibility ?? '') || member.name.startsWith('#')) continue;
      membersOf.set(edge.source, [...(membersOf.get(edge.source) ?? []), member]);
    }
  }
  const imports = fileNode
    ? [...new Set(store.edgesFrom([fileNode.id], ['imports']).map((e) => e.target))]
      .map((id) => store.node(id)?.filePath)
      .filter((p): p is string => p !== undefined && p !== entry.path)
    : [];
  return {
    rank: entry.rank,
    filePath: entry.path,
    language,
    score: entry.score,
    dependents: entry.dependents,
    imports: [...new Set(imports)].sort(compareText),
    declarations: chosen.map((n) => {
      const members = (membersOf.get(n.id) ?? []).sort(byLine);
      return { ...declarationOf(n), members: members.slice(0, MAX_MEMBERS).map(declarationOf), moreMembers: Math.max(0, members.length - MAX_MEMBERS) };
    }),
    declarationsLeftOut: 0,
  };
}

const byLine = (a: NodeDetails, b: NodeDetails) => a.startLine - b.startLine || compareText(a.name, b.name);

function declarationOf(n: NodeDetails): MapDeclaration {
  return { kind: n.kind, name: n.name, qualifiedName: n.qualifiedName, line: n.startLine, text: declarationText(n), members: [], moreMembers: 0 };
}

/**
 * How a declaration reads in the map. Writers differ: arbor stores the head of the declaration
 * (`function f(a: T): R`, `def f(x)`, `area(): number`), codegraph the part after the name
 * (`(a: T): R`); either way the kind and name come first.
 */
function declarationText(n: NodeDetails): string {
  const signature = (n.signature ?? '').replace(/\s+/g, ' ').trim().replace(/\s*\{$/, '');
  let text: string;
  if (signature === '') text = `${n.kind} ${n.name}`;
  else if (/^[(<:=[]/.test(signature)) text = `${n.kind} ${n.name}${signature}`;
  else if (signature.startsWith(n.name)) text = `${n.kind} ${signature}`;
  else text = signature.includes(n.name) ? signature : `${n.kind} ${n.name} ${signature}`;
  return text.length > MAX_DECLARATION_TEXT ? `${text.slice(0, MAX_DECLARATION_TEXT - 1)}…` : text;
}

/** A file's block: its line, its imports, its declarations with their members. */
function fileLines(file: MapFile, declarations: MapDeclaration[] = file.declarations, leftOut = 0): string[] {
  const lines = [`${oneLine(file.filePath)}  #${file.rank}, ${file.dependents} dependent file${file.dependents === 1 ? '' : 's'}\n`];
  if (file.imports.length > 0) {
    const listed = file.imports.slice(0, MAX_IMPORTS_LISTED).map(oneLine).join(', ');
    const more = file.imports.length > MAX_IMPORTS_LISTED ? ` and ${file.imports.length - MAX_IMPORTS_LISTED} more` : '';
    lines.push(`  imports ${listed}${more}\n`);
  }
  for (const d of declarations) lines.push(...declarationLines(d));
  if (leftOut > 0) lines.push(`  … ${leftOut} more declaration${leftOut === 1 ? '' : 's'} (budget)\n`);
  return lines;
}

function declarationLines(d: MapDeclaration): string[] {
  const lines = [`  ${d.line}: ${oneLine(d.text)}\n`];
  for (const m of d.members) lines.push(`    ${m.line}: ${oneLine(m.text)}\n`);
  if (d.moreMembers > 0) lines.push(`    … ${d.moreMembers} more members\n`);
  return lines;
}

/** The file with as many of its declarations as fit in `room` bytes, or undefined when not even its first lines do. */
function fitPartially(file: MapFile, room: number): { file: MapFile; text: string } | undefined {
  const total = file.declarations.length;
  // The closing "… N more" line is at its longest when N is `total`: keep room for it.
  let used = bytes(fileLines(file, [], total).join(''));
  if (used > room) return undefined;
  let count = 0;
  for (const d of file.declarations) {
    const size = bytes(declarationLines(d).join(''));
    if (used + size > room) break;
    used += size;
    count++;
  }
  const kept = file.declarations.slice(0, count);
  return { file: { ...file, declarations: kept, declarationsLeftOut: total - count }, text: fileLines(file, kept, total - count).join('') };
}

/**
 * A name or path on one line of the map: control characters (a newline in a file name would start
 * a line of its own) and bidirectional controls written as `\\uXXXX`.
 */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
