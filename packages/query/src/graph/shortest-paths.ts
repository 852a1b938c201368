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
  options: { kinds: readonly string[]; maxDepth: number; maxPaths: number; maxNodes: number },
): ShortestPathsResult {
  if (from.id === to.id) return { paths: [], exhausted: 'complete' };
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
      found = parents.has(to.id);
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
  back(to.id, []);
  return { paths, exhausted: 'complete' };
}
