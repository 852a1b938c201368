/** `node <symbol>`: one declaration with its location, signature, container, members and direct relations. */
import { selfSites } from '../graph/recursion.js';
import { compareSites } from '../graph/resolution.js';
import { CALL_KINDS, neighbours, walk } from '../graph/traversal.js';
import { overloadGroup } from '../symbols/overloads.js';
import { completeness, unprovenSites, type Completeness } from '../graph/unproven.js';
import type { FileState, NodeDetails, NodeRef, Site } from '../model.js';
import type { Project } from '../project.js';
import { checkFile } from '../staleness.js';
import { toRef } from '../store/rows.js';
import { resolveSymbol, sortNodes, type SymbolFilter } from '../symbols/resolve-symbol.js';

export interface NodeOptions extends SymbolFilter {
  /** At most this many callers, callees and members each (0: all). Default 20. */
  limit?: number;
  /** Edge kinds counted as calls. Default calls, instantiates. */
  edgeKinds?: readonly string[];
}

export interface Relation {
  node: NodeRef;
  sites: Site[];
  /** The node itself: a recursive call, listed first among callers and callees. */
  recursive?: true;
}

/** A site the writer declined to link (unresolved_refs): the name, where, and who it could be. */
export interface UnresolvedSite {
  name: string;
  kind: string;
  filePath: string;
  line: number;
  column: number;
  candidates: NodeRef[];
}

export interface NodeResult {
  node: NodeDetails;
  /** The state of the node's file on disk: a modified file may have moved the lines. */
  fileState: FileState;
  container: NodeRef | null;
  members: NodeRef[];
  callers: Relation[];
  callees: Relation[];
  unresolved: UnresolvedSite[];
  /** Totals before --limit. */
  counts: { members: number; callers: number; callees: number; unresolved: number };
  /** Whether `callers` is the whole answer: unresolved sites elsewhere using this name, listed apart. */
  completeness: Completeness;
  /** Overload stubs (Python `@overload`) folded into this declaration: their callers are its callers. */
  overloads: NodeRef[];
}

export function nodeInfo(project: Project, symbol: string, options: NodeOptions = {}): NodeResult {
  const node = resolveSymbol(project, symbol, options);
  const { store } = project;
  const kinds = options.edgeKinds ?? CALL_KINDS;
  const limit = options.limit ?? 20;
  const cap = <T>(list: T[]) => (limit > 0 ? list.slice(0, limit) : list);

  const parentEdge = store.edgesTo([node.id], ['contains']).find((e) => e.source !== node.id);
  const container = parentEdge ? store.node(parentEdge.source) : undefined;
  const memberIds = store.edgesFrom([node.id], ['contains']).map((e) => e.target).filter((id) => id !== node.id);
  const members = sortNodes([...store.nodes(memberIds).values()]);
  const { stubs } = overloadGroup(store, node);
  const group = [toRef(node), ...stubs.map(toRef)];
  const self = selfSites(store, group, kinds);
  const recursion: Relation[] = self.length > 0 ? [{ node: toRef(node), sites: self, recursive: true }] : [];
  const callers = [...recursion, ...groupNeighbours(store, group, 'in', kinds)];
  const callees = [...recursion, ...groupNeighbours(store, group, 'out', kinds)];
  const unresolved = unresolvedSites(project, [node]);
  const file = store.file(node.filePath);

  return {
    node,
    fileState: file ? checkFile(project.root, file).state : 'removed',
    container: container ? toRef(container) : null,
    members: cap(members.map(toRef)),
    callers: cap(callers),
    callees: cap(callees),
    unresolved: cap(unresolved),
    counts: { members: members.length, callers: callers.length, callees: callees.length, unresolved: unresolved.length },
    completeness: completeness(unprovenSites(project, group, kinds), limit),
    overloads: stubs.map(toRef),
  };
}

/** Direct neighbours of several declarations that are one (overloads.ts), merged per neighbour. */
function groupNeighbours(store: Project['store'], group: NodeRef[], direction: 'in' | 'out', kinds: readonly string[]): Relation[] {
  if (group.length === 1) return neighbours(store, group[0], direction, kinds).map((r) => ({ node: toRef(r.node), sites: r.sites }));
  const ids = new Set(group.map((n) => n.id));
  const byNode = new Map<string, Relation>();
  for (const step of walk(store, group, { direction, kinds, maxDepth: 1 }).steps) {
    if (ids.has(step.node.id)) continue;
    const known = byNode.get(step.node.id);
    if (known) known.sites = [...known.sites, ...step.sites].sort(compareSites);
    else byNode.set(step.node.id, { node: toRef(step.node), sites: step.sites });
  }
  return sortNodes([...byNode.values()].map((r) => r.node)).map((n) => byNode.get(n.id)!);
}

/** Sites in `nodes` that no edge links, with the candidates the writer saw. */
export function unresolvedSites(project: Project, nodes: NodeDetails[]): UnresolvedSite[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const refs = project.store.unresolvedFrom(byId.keys());
  const candidates = project.store.nodes(refs.flatMap((r) => r.candidates));
  return refs.map((r) => ({
    name: r.name,
    kind: r.kind,
    filePath: r.filePath ?? byId.get(r.fromNodeId)?.filePath ?? '',
    line: r.line,
    column: r.column,
    candidates: sortNodes(r.candidates.map((id) => candidates.get(id)).filter((n): n is NodeDetails => n !== undefined)).map(toRef),
  }));
}
