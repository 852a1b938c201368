/**
 * `impact <symbol|file>`: what a change can reach. The transitive reverse closure over
 * calls, imports, extends, implements, instantiates and references (bounded by depth), the
 * files that depend on the target, the tests among them, and a risk level.
 */
import { compareSites } from '../graph/resolution.js';
import { DEPENDENCY_KINDS, walk } from '../graph/traversal.js';
import { completeness, unprovenSites, type Completeness } from '../graph/unproven.js';
import type { NodeDetails, NodeRef, Site } from '../model.js';
import type { Project } from '../project.js';
import { toRef } from '../store/rows.js';
import { overloadGroup } from '../symbols/overloads.js';
import { findSymbol, sortNodes, type SymbolFilter } from '../symbols/resolve-symbol.js';
import { QueryError } from '../errors.js';
import { isTestFile } from '../tests-convention.js';
import { compareText } from '../text/compare.js';
import { affected as affectedByFiles } from './affected.js';

export interface ImpactOptions extends SymbolFilter {
  /** Hops to follow backwards. Default 3. */
  depth?: number;
  /** At most this many affected symbols listed (0: all). Default 50. */
  limit?: number;
  edgeKinds?: readonly string[];
}

export type Risk = 'low' | 'medium' | 'high' | 'unknown';

export interface ImpactTarget {
  type: 'symbol' | 'file' | 'unknown';
  query: string;
  node: NodeRef | null;
  filePath: string | null;
}

export interface AffectedSymbol {
  /** Fewest hops from the target. */
  depth: number;
  node: NodeRef;
  /** The nodes, one hop closer to the target, that this one depends on. */
  via: string[];
  /** Every site linking it to them. */
  sites: Site[];
}

export interface DependentFile {
  filePath: string;
  /** Affected symbols in the file. */
  symbols: number;
  /** Fewest hops from the target. */
  depth: number;
  isTest: boolean;
}

export interface ImpactResult {
  target: ImpactTarget;
  depth: number;
  edgeKinds: string[];
  affected: AffectedSymbol[];
  /** Files other than the target's own that depend on it. */
  dependentFiles: DependentFile[];
  affectedTests: string[];
  risk: Risk;
  riskReason: string;
  summary: string;
  counts: { symbols: number; files: number; tests: number; nameBasedHops: number };
  /** `affected` was cut by --limit. */
  truncated: boolean;
  /** The closure continues beyond --depth. */
  moreBeyondDepth: boolean;
  /**
   * Whether this is the whole answer: unresolved sites elsewhere that use the name of the target
   * (or of a declaration in the target file) are listed apart, never counted above.
   */
  completeness: Completeness;
  /** Test files not in affectedTests holding such an unproven site. */
  possibleTests: string[];
  /**
   * Why `arbor affected` may list more tests: it follows the whole import closure of the target's
   * file (every test importing it, however indirectly), while `affectedTests` are the tests among
   * what this walk reached within `depth` hops. null for an unknown target.
   */
  fileTests: { filePath: string; count: number } | null;
}

/** Thresholds on (dependent files, affected symbols): at or above → that level. */
const HIGH = { files: 10, symbols: 30 };
const MEDIUM = { files: 3, symbols: 8 };

export function impact(project: Project, query: string, options: ImpactOptions = {}): ImpactResult {
  const depth = Math.max(1, Math.floor(options.depth ?? 3));
  const kinds = [...(options.edgeKinds ?? DEPENDENCY_KINDS)];
  const limit = options.limit ?? 50;
  const { store } = project;

  const target = resolveTarget(project, query, options);
  if (target.type === 'unknown') {
    return {
      target, depth, edgeKinds: kinds, affected: [], dependentFiles: [], affectedTests: [], risk: 'unknown',
      riskReason: 'the target is neither an indexed file nor a known symbol',
      summary: `${query}: not an indexed file or a known symbol — impact unknown`,
      counts: { symbols: 0, files: 0, tests: 0, nameBasedHops: 0 }, truncated: false, moreBeyondDepth: false,
      completeness: completeness([], limit, ['the target is not in the index']), possibleTests: [], fileTests: null,
    };
  }

  const seeds = target.type === 'file'
    ? store.nodesInFile(target.filePath!)
    // A function's overload stubs (overloads.ts) are where its callers' edges may land.
    : [...withMembers(project, store.node(target.node!.id)!), ...overloadGroup(store, store.node(target.node!.id)!).stubs];
  const seedIds = new Set(seeds.map((s) => s.id));
  const ownFiles = new Set(target.type === 'file' ? [target.filePath!] : [target.node!.filePath]);
  const result = walk(store, seeds, { direction: 'in', kinds, maxDepth: depth });
  const steps = result.steps.filter((s) => !seedIds.has(s.node.id));

  const files = new Map<string, DependentFile>();
  const counted = new Set<string>();
  for (const step of steps) {
    if (ownFiles.has(step.node.filePath)) continue;
    let file = files.get(step.node.filePath);
    if (!file) {
      file = { filePath: step.node.filePath, symbols: 0, depth: step.depth, isTest: isTestFile(step.node.filePath) };
      files.set(file.filePath, file);
    }
    if (!counted.has(step.node.id)) {
      counted.add(step.node.id);
      file.symbols++;
    }
    file.depth = Math.min(file.depth, step.depth);
  }
  const dependentFiles = [...files.values()].sort((a, b) => a.depth - b.depth || compareText(a.filePath, b.filePath));
  const affectedTests = dependentFiles.filter((f) => f.isTest).map((f) => f.filePath).sort(compareText);
  const byNode = new Map<string, AffectedSymbol>();
  for (const step of steps) {
    const known = byNode.get(step.node.id);
    if (known) {
      known.via.push(step.via.id);
      known.sites.push(...step.sites);
    } else {
      byNode.set(step.node.id, { depth: step.depth, node: toRef(step.node), via: [step.via.id], sites: [...step.sites] });
    }
  }
  const all = [...byNode.values()];
  const symbols = all.length;
  for (const a of all) a.sites.sort(compareSites);
  const { risk, reason } = riskOf(dependentFiles.length, symbols);
  const affected = limit > 0 ? all.slice(0, limit) : all;
  const nameBasedHops = all.filter((h) => h.sites.some((s) => s.nameBased === true)).length;

  const what = target.type === 'file' ? target.filePath! : `${target.node!.kind} ${target.node!.qualifiedName} (${target.node!.filePath}:${target.node!.startLine})`;
  const summary =
    `Changing ${what} reaches ${plural(symbols, 'symbol')} in ${plural(dependentFiles.length, 'other file')}` +
    ` (${plural(affectedTests.length, 'test file')}) within ${plural(depth, 'hop')}: risk ${risk}` +
    (result.depthLimited ? ' (more beyond this depth)' : '');

  // Sites in the target's own file are the target's business, not a dependent's.
  const unproven = unprovenSites(project, seeds.map(toRef), kinds).filter((site) => !ownFiles.has(site.filePath));
  const listedTests = new Set(affectedTests);
  const possibleTests = [...new Set(unproven.filter((u) => u.isTest && !listedTests.has(u.filePath)).map((u) => u.filePath))].sort(compareText);
  return {
    target, depth, edgeKinds: kinds, affected, dependentFiles, affectedTests, risk, riskReason: reason, summary,
    counts: { symbols, files: dependentFiles.length, tests: affectedTests.length, nameBasedHops },
    truncated: affected.length < all.length, moreBeyondDepth: result.depthLimited,
    completeness: completeness(unproven, limit), possibleTests,
    fileTests: testsOfFile(project, [...ownFiles][0]),
  };
}

function resolveTarget(project: Project, query: string, filter: SymbolFilter): ImpactTarget {
  const path = project.projectPath(query);
  if (path !== undefined && path !== '' && project.store.file(path)) {
    return { type: 'file', query, node: null, filePath: path };
  }
  const match = findSymbol(project, query, filter);
  if (match.status === 'found') return { type: 'symbol', query, node: toRef(match.node), filePath: match.node.filePath };
  if (match.status === 'ambiguous') {
    throw new QueryError(
      'ambiguous-symbol',
      `"${query}" matches ${match.candidates.length} declarations; narrow it with --file or --kind, or pass a node id or path:line`,
      match.candidates.map(toRef),
    );
  }
  return { type: 'unknown', query, node: null, filePath: null };
}

/** A declaration and everything it contains (a class's methods change with the class). */
function withMembers(project: Project, node: NodeDetails): NodeDetails[] {
  const all = new Map<string, NodeDetails>([[node.id, node]]);
  let frontier = [node.id];
  while (frontier.length > 0 && all.size < 10_000) {
    const children = project.store.edgesFrom(frontier, ['contains']).map((e) => e.target).filter((id) => !all.has(id));
    const found = project.store.nodes(children);
    for (const [id, child] of found) all.set(id, child);
    frontier = [...found.keys()];
  }
  return sortNodes([...all.values()]);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function riskOf(files: number, symbols: number): { risk: Risk; reason: string } {
  const facts = `${files} dependent file${files === 1 ? '' : 's'}, ${symbols} affected symbol${symbols === 1 ? '' : 's'}`;
  if (files >= HIGH.files || symbols >= HIGH.symbols) {
    return { risk: 'high', reason: `${facts} (high from ${HIGH.files} files or ${HIGH.symbols} symbols)` };
  }
  if (files >= MEDIUM.files || symbols >= MEDIUM.symbols) {
    return { risk: 'medium', reason: `${facts} (medium from ${MEDIUM.files} files or ${MEDIUM.symbols} symbols)` };
  }
  return { risk: 'low', reason: facts };
}

/** What `arbor affected <file>` would list for the target's file: the tests of its whole import closure. */
function testsOfFile(project: Project, filePath: string): { filePath: string; count: number } {
  return { filePath, count: affectedByFiles(project, [filePath]).affectedTests.length };
}
