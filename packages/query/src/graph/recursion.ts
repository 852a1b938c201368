/**
 * A declaration that calls itself. The walks start from the symbol, so its own edge back to itself
 * never shows as a step; callers, callees and node list it apart, marked recursive, because a
 * reader changing a function's signature must change that call too.
 */
import type { NodeRef, Site, StoredEdge } from '../model.js';
import type { GraphStore } from '../store/graph-store.js';
import { compareSites, siteOf } from './resolution.js';

/**
 * The sites where `node` calls (or instantiates, …) itself along `kinds`, in order. `node` may
 * be several declarations that are one to the reader (an implementation and its overload stubs).
 */
export function selfSites(store: GraphStore, node: NodeRef | NodeRef[], kinds: readonly string[]): Site[] {
  const group = Array.isArray(node) ? node : [node];
  return selfSitesOf(store.edgesFrom(new Set(group.map((n) => n.id)), kinds), group);
}

/**
 * The same from edges already read: any list holding every edge between the members of `group` (others
 * are skipped), such as a walk's `startEdges` (one statement fewer for `callers`).
 */
export function selfSitesOf(edges: readonly StoredEdge[], group: readonly NodeRef[]): Site[] {
  const ids = new Set(group.map((n) => n.id));
  const fileOf = new Map(group.map((n) => [n.id, n.filePath]));
  const seen = new Set<string>();
  const sites: Site[] = [];
  for (const edge of edges) {
    if (!ids.has(edge.source)) continue;
    if (!ids.has(edge.target)) continue;
    const identity = `${edge.source}\u0000${edge.kind}\u0000${edge.line}\u0000${edge.column}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    sites.push(siteOf(edge, fileOf.get(edge.source)!));
  }
  return sites.sort(compareSites);
}
