/**
 * A declaration that calls itself. The walks start from the symbol, so its own edge back to itself
 * never shows as a step; callers, callees and node list it apart, marked recursive, because a
 * reader changing a function's signature must change that call too.
 */
import type { NodeRef, Site } from '../model.js';
import type { GraphStore } from '../store/graph-store.js';
import { compareSites, siteOf } from './resolution.js';

/** The sites where `node` calls (or instantiates, …) itself along `kinds`, in order. */
export function selfSites(store: GraphStore, node: NodeRef, kinds: readonly string[]): Site[] {
  const seen = new Set<string>();
  const sites: Site[] = [];
  for (const edge of store.edgesFrom([node.id], kinds)) {
    if (edge.target !== node.id) continue;
    const identity = `${edge.kind}\u0000${edge.line}\u0000${edge.column}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    sites.push(siteOf(edge, node.filePath));
  }
  return sites.sort(compareSites);
}
