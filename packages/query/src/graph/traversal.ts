/**
 * Breadth-first walks over the graph, one SQL round trip per layer. Edges whose other end has
 * no node are ignored (as the codegraph CLI does); identical duplicate edges count once.
 */
import type { StoredEdge, NodeRef, Site } from '../model.js';
import type { GraphStore } from '../store/graph-store.js';
import { compareNodes } from '../symbols/resolve-symbol.js';
import { compareSites, siteOf } from './resolution.js';

export type Direction = 'in' | 'out';

/** Edge kinds that mean "uses": what callers/callees and the reverse closure follow. */
export const CALL_KINDS = ['calls', 'instantiates'] as const;
export const DEPENDENCY_KINDS = ['calls', 'imports', 'extends', 'implements', 'instantiates', 'references'] as const;

/** One step of a walk: `node` was reached from `via` (the node one layer closer to the start). */
export interface Step {
  depth: number;
  node: NodeRef;
  via: NodeRef;
  /** Every site linking the two, in order. */
  sites: Site[];
}

export interface WalkResult {
  steps: Step[];
  /** Every node reached (start nodes at depth 0). */
  depthOf: Map<string, number>;
  /** Stopped early because `maxNodes` was reached. */
  truncated: boolean;
  /** The depth limit was reached while the frontier was still growing. */
  depthLimited: boolean;
  /**
   * The edges of the kinds walked whose two ends are start nodes (a declaration calling itself), as the
   * first layer read them: a walk never steps back to where it started, and recursion.ts lists them apart.
   */
  startEdges: StoredEdge[];
}

export interface WalkOptions {
  direction: Direction;
  kinds: readonly string[];
  maxDepth: number;
  /** Stop after reaching this many nodes (start nodes excluded). */
  maxNodes?: number;
}

export interface LayerState {
  depth: number;
  truncated: boolean;
  depthLimited: boolean;
}

/**
 * The walk itself, layer by layer: `onLayer` sees the steps of each new layer and may stop the
 * walk by returning false. Nodes reached in a layer appear once per node they were reached from.
 */
export function walkLayers(
  store: GraphStore,
  start: NodeRef[],
  options: WalkOptions,
  onLayer: (steps: Step[], state: LayerState) => boolean,
): { depthOf: Map<string, number>; truncated: boolean; depthLimited: boolean; startEdges: StoredEdge[] } {
  const depthOf = new Map<string, number>(start.map((n) => [n.id, 0]));
  const known = new Map<string, NodeRef>(start.map((n) => [n.id, n]));
  const maxNodes = options.maxNodes ?? Number.POSITIVE_INFINITY;
  let frontier = start.map((n) => n.id);
  let reached = 0;
  let truncated = false;
  let depthLimited = false;
  const startEdges: StoredEdge[] = [];

  for (let depth = 1; frontier.length > 0; depth++) {
    if (depth > options.maxDepth) {
      depthLimited = store.hasEdgeBeyond(frontier, options.direction, options.kinds, depthOf.keys());
      break;
    }
    const links = layer(store, frontier, options, known);
    const grouped = new Map<string, { node: NodeRef; via: NodeRef; edges: Array<{ edge: StoredEdge; siteFile: string }> }>();
    const next: string[] = [];
    for (const link of links) {
      const seenAt = depthOf.get(link.other.id);
      if (seenAt !== undefined && seenAt < depth) {
        if (seenAt === 0 && depth === 1) startEdges.push(link.edge);
        continue;
      }
      if (seenAt === undefined) {
        if (reached >= maxNodes) {
          truncated = true;
          continue;
        }
        reached++;
        depthOf.set(link.other.id, depth);
        next.push(link.other.id);
      }
      const key = `${link.other.id}\u0000${link.from.id}`;
      let group = grouped.get(key);
      if (!group) {
        group = { node: link.other, via: link.from, edges: [] };
        grouped.set(key, group);
      }
      group.edges.push({ edge: link.edge, siteFile: link.siteFile });
    }
    const steps: Step[] = [...grouped.values()].map((group) => ({
      depth,
      node: group.node,
      via: group.via,
      sites: group.edges.map((e) => siteOf(e.edge, e.siteFile)).sort(compareSites),
    }));
    // Callees in the order the code calls them (first call site); callers by where they are.
    steps.sort(options.direction === 'out'
      ? (a, b) => compareNodes(a.via, b.via) || firstSiteOrder(a, b) || compareNodes(a.node, b.node)
      : (a, b) => compareNodes(a.node, b.node) || compareNodes(a.via, b.via));
    frontier = next;
    if (!onLayer(steps, { depth, truncated, depthLimited }) || truncated) break;
  }
  return { depthOf, truncated, depthLimited, startEdges };
}

function firstSiteOrder(a: Step, b: Step): number {
  const [x, y] = [a.sites[0], b.sites[0]];
  if (!x || !y) return Number(!x) - Number(!y);
  return compareSites(x, y);
}

export function walk(store: GraphStore, start: NodeRef[], options: WalkOptions): WalkResult {
  const steps: Step[] = [];
  const result = walkLayers(store, start, options, (layerSteps) => {
    steps.push(...layerSteps);
    return true;
  });
  return { steps, ...result };
}

interface Link {
  /** The frontier node. */
  from: NodeRef;
  /** The node on the other end. */
  other: NodeRef;
  edge: StoredEdge;
  /** File of the edge's source node: where the site is. */
  siteFile: string;
}

/** All links of one layer, with both ends as nodes, duplicates dropped. */
function layer(store: GraphStore, frontier: string[], options: WalkOptions, known: Map<string, NodeRef>): Link[] {
  const edges = options.direction === 'in' ? store.edgesTo(frontier, options.kinds) : store.edgesFrom(frontier, options.kinds);
  const otherId = (e: StoredEdge) => (options.direction === 'in' ? e.source : e.target);
  const missing = [...new Set(edges.map(otherId))].filter((id) => !known.has(id));
  for (const [id, node] of store.refs(missing)) known.set(id, node);
  const seen = new Set<string>();
  const links: Link[] = [];
  for (const edge of edges) {
    const fromId = options.direction === 'in' ? edge.target : edge.source;
    const from = known.get(fromId);
    const other = known.get(otherId(edge));
    if (!from || !other) continue;
    const identity = `${edge.source}\u0000${edge.target}\u0000${edge.kind}\u0000${edge.line}\u0000${edge.column}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const source = options.direction === 'in' ? other : from;
    links.push({ from, other, edge, siteFile: source.filePath });
  }
  return links;
}

/** Direct neighbours of one node, grouped per neighbour with all their sites. */
export function neighbours(
  store: GraphStore,
  node: NodeRef,
  direction: Direction,
  kinds: readonly string[],
): Array<{ node: NodeRef; sites: Site[] }> {
  const result = walk(store, [node], { direction, kinds, maxDepth: 1 });
  const byNode = new Map<string, { node: NodeRef; sites: Site[] }>();
  for (const step of result.steps) byNode.set(step.node.id, { node: step.node, sites: step.sites });
  return [...byNode.values()].sort((a, b) => compareNodes(a.node, b.node));
}
