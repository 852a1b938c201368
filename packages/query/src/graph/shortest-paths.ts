/**
 * Shortest paths from one node to another: a forward breadth-first search that records, for
 * every node, the parents it was first reached from; the paths are then read back from the
 * target through those parents. Bounded by depth and by the number of nodes explored.
 */
import type { NodeRef, Site } from '../model.js';
import type { GraphStore } from '../store/graph-store.js';
import { compareNodes } from '../symbols/resolve-symbol.js';
import { walkLayers } from './traversal.js';

export interface PathHop {
  from: NodeRef;
  to: NodeRef;
  sites: Site[];
}

export interface ShortestPathsResult {
  paths: PathHop[][];
  /** Why nothing was found: no path at all within the bounds, or the search hit a bound. */
  exhausted: 'complete' | 'depth-limit' | 'node-limit';
}

export function shortestPaths(
  store: GraphStore,
  from: NodeRef,
  to: NodeRef,
  options: {
    kinds: readonly string[]; maxDepth: number; maxPaths: number; maxNodes: number;
    /** Other nodes that count as `to` (its overload stubs): a path ending at one ends at `to`. */
    alsoTo?: readonly string[];
  },
): ShortestPathsResult {
  if (from.id === to.id) return { paths: [], exhausted: 'complete' };
  const ends = new Set([to.id, ...(options.alsoTo ?? [])]);
  // parents: node id → the links it was reached through at its first depth.
  const parents = new Map<string, Array<{ via: NodeRef; node: NodeRef; sites: Site[] }>>();
  let found = false;
  const walked = walkLayers(
    store,
    [from],
    { direction: 'out', kinds: options.kinds, maxDepth: options.maxDepth, maxNodes: options.maxNodes },
    (steps) => {
      for (const step of steps) {
        let list = parents.get(step.node.id);
        if (!list) parents.set(step.node.id, (list = []));
        list.push({ via: step.via, node: step.node, sites: step.sites });
      }
      found = [...ends].some((id) => parents.has(id));
      return !found;
    },
  );
  if (!found) {
    return { paths: [], exhausted: walked.truncated ? 'node-limit' : walked.depthLimited ? 'depth-limit' : 'complete' };
  }

  const paths: PathHop[][] = [];
  const back = (id: string, suffix: PathHop[]) => {
    if (paths.length >= options.maxPaths) return;
    if (id === from.id) {
      paths.push(suffix);
      return;
    }
    const links = [...(parents.get(id) ?? [])].sort((a, b) => compareNodes(a.via, b.via));
    for (const link of links) back(link.via.id, [{ from: link.via, to: link.node, sites: link.sites }, ...suffix]);
  };
  for (const end of [...ends].filter((id) => parents.has(id)).sort()) {
    // The last hop names `to` itself, whichever of its stubs the edge landed on.
    for (const link of [...parents.get(end)!].sort((a, b) => compareNodes(a.via, b.via))) {
      back(link.via.id, [{ from: link.via, to, sites: link.sites }]);
    }
  }
  return { paths, exhausted: 'complete' };
}
