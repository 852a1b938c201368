/**
 * `callers <symbol>` / `callees <symbol>`: who calls it / what it calls, `depth` hops out.
 * Each hop names the node it connects to (`via`) and every call site between the two, with
 * how the writer resolved the edge.
 */
import { openCalleeSites } from '../graph/open-callees.js';
import { selfSites, selfSitesOf } from '../graph/recursion.js';
import { compareSites } from '../graph/resolution.js';
import { CALL_KINDS, walk } from '../graph/traversal.js';
import { completeness, unprovenSites, type Completeness } from '../graph/unproven.js';
import type { NodeRef, Site } from '../model.js';
import type { Project } from '../project.js';
import { toRef } from '../store/rows.js';
import { overloadGroup } from '../symbols/overloads.js';
import { resolveSymbol, type SymbolFilter } from '../symbols/resolve-symbol.js';

export interface CallersOptions extends SymbolFilter {
  /** Hops to follow. Default 1. */
  depth?: number;
  /** At most this many hops (0: all). Default 50. */
  limit?: number;
  /** Edge kinds to follow. Default calls, instantiates. */
  edgeKinds?: readonly string[];
}

export interface CallHop {
  /** 1 for direct callers/callees. */
  depth: number;
  /** The caller (for callers) or callee (for callees) at this depth. */
  node: NodeRef;
  /** The node one hop closer to the symbol that `node` connects to. */
  via: string;
  /** Every site linking the two: file:line of the call, how it was resolved. */
  sites: Site[];
  /** The symbol itself, calling itself (depth 1, listed first). */
  recursive?: true;
}

export interface CallersResult {
  symbol: NodeRef;
  direction: 'callers' | 'callees';
  depth: number;
  edgeKinds: string[];
  hops: CallHop[];
  /** Distinct nodes reached (the symbol excluded), before --limit. */
  total: number;
  /** Hops were cut by --limit. */
  truncated: boolean;
  /** More hops exist beyond --depth. */
  moreBeyondDepth: boolean;
  /** Hops resting on at least one name-based edge. */
  nameBasedHops: number;
  /**
   * Whether the hops are the whole answer. For callers: the unresolved sites using the name of
   * the symbol (or of a node reached) that no edge links, listed apart (at most --limit). For
   * callees: how many sites in the walked declarations were left unresolved.
   */
  completeness: Completeness;
}

export function callers(project: Project, symbol: string, options: CallersOptions = {}): CallersResult {
  return relatives(project, symbol, 'callers', options);
}

export function callees(project: Project, symbol: string, options: CallersOptions = {}): CallersResult {
  return relatives(project, symbol, 'callees', options);
}

function relatives(project: Project, symbol: string, direction: 'callers' | 'callees', options: CallersOptions): CallersResult {
  const node = resolveSymbol(project, symbol, options);
  const depth = Math.max(1, Math.floor(options.depth ?? 1));
  const kinds = [...(options.edgeKinds ?? CALL_KINDS)];
  const limit = options.limit ?? 50;
  // Overload stubs answer with their implementation: a walk from all of them, one symbol to the reader.
  const group = [node, ...overloadGroup(project.store, node).stubs].map(toRef);
  const groupIds = new Set(group.map((n) => n.id));
  const result = walk(project.store, group, { direction: direction === 'callers' ? 'in' : 'out', kinds, maxDepth: depth });
  const steps: CallHop[] = mergeVia(result.steps.map((s) => ({ depth: s.depth, node: toRef(s.node), via: groupIds.has(s.via.id) ? node.id : s.via.id, sites: s.sites })));
  // The walk's first layer read the symbol's calls to itself: one statement fewer. With overload stubs, two
  // edges of one site to two members keep the one stored first, as selfSites reads them.
  const self = group.length === 1 ? selfSitesOf(result.startEdges, group) : selfSites(project.store, group, kinds);
  const all: CallHop[] = self.length > 0 ? [{ depth: 1, node: toRef(node), via: node.id, sites: self, recursive: true }, ...steps] : steps;
  const hops = limit > 0 ? all.slice(0, limit) : all;
  let answer: Completeness;
  if (direction === 'callers') {
    // Sites that could reach a node at the last depth would be one hop beyond the answer.
    const inner = steps.filter((h) => h.depth < depth).map((h) => h.node);
    answer = completeness(unprovenSites(project, [...group, ...inner], kinds), limit);
  } else {
    // Sites in a callee at the last depth would be callees one hop beyond the answer.
    const walked = [...groupIds, ...steps.filter((h) => h.depth < depth).map((h) => h.node.id)];
    // Calls into the standard library, builtins or dependencies name nothing indexed: no warning for them.
    const open = openCalleeSites(project, walked, kinds).length;
    answer = completeness([], limit, open > 0
      ? [`${open} site${open === 1 ? '' : 's'} in ${depth === 1 ? 'it' : 'the declarations walked'} left unresolved that may call indexed code (ambiguous name or receiver not proven); \`arbor node\` lists them`]
      : []);
  }
  return {
    symbol: toRef(node),
    direction,
    depth,
    edgeKinds: kinds,
    hops,
    total: result.depthOf.size - group.length,
    truncated: hops.length < all.length,
    moreBeyondDepth: result.depthLimited,
    nameBasedHops: all.filter((h) => h.sites.some((s) => s.nameBased === true)).length,
    completeness: answer,
  };
}

/** Hops reaching one node from one node (two stubs of one function, folded) become one hop. */
function mergeVia(hops: CallHop[]): CallHop[] {
  const byKey = new Map<string, CallHop>();
  for (const hop of hops) {
    const key = `${hop.depth}\u0000${hop.node.id}\u0000${hop.via}`;
    const known = byKey.get(key);
    if (known) known.sites = [...known.sites, ...hop.sites].sort(compareSites);
    else byKey.set(key, { ...hop });
  }
  return [...byKey.values()];
}
