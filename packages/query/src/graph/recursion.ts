/**
 * A declaration that calls itself. The walks start from the symbol, so its own edge back to itself
 * never shows as a step; callers, callees and node list it apart, marked recursive, because a
 * reader changing a function's signature must change that call too.
 */
import type { NodeRef, Site } from '../model.js';
import type { GraphStore } from '../store/graph-store.js';
import { compareSites, siteOf } from './resolution.js';

/**
 * The sites where `node` calls (or instantiates, …) itself along `kinds`, in order. `node` may
 * be several declarations that are one to the reader (an implementation and its overload stubs).
 */
export function selfSites(store: GraphStore, node: NodeRef | NodeRef[], kinds: readonly string[]): Site[] {
  const group = Array.isArray(node) ? node : [node];
  const ids = new Set(group.map((n) => n.id));
  const fileOf = new Map(group.map((n) => [n.id, n.filePath]));
  const seen = new Set<string>();
  const sites: Site[] = [];
  for (const edge of store.edgesFrom(ids, kinds)) {
    if (!ids.has(edge.target)) continue;
    const identity = `${edge.source}\u0000${edge.kind}\u0000${edge.line}\u0000${edge.column}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    sites.push(siteOf(edge, fileOf.get(edge.source)!));
  }
  return sites.sort(compareSites);
}
