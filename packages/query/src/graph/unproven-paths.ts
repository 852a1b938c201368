/**
 * When `trace` finds no call path, could an unproven site make one? A site bridges the gap when
 * the declaration holding it is reachable from `from` (or is `from`) and it may reach (unproven.ts)
 * a declaration that reaches `to` (or is `to`), the two walks together within the depth bound.
 * The answer then is "no proven path", not "no path", and the sites are listed for the reader.
 */
import type { NodeDetails } from '../model.js';
import type { Project } from '../project.js';
import { toRef } from '../store/rows.js';
import { overloadGroup } from '../symbols/overloads.js';
import { walk } from './traversal.js';
import { unprovenSites, type UnprovenSite } from './unproven.js';

/** Each walk stops after this many declarations: a bound on the cost of a negative answer. */
const MAX_NODES_PER_SIDE = 5000;

export function unprovenBridges(project: Project, from: NodeDetails, to: NodeDetails, kinds: readonly string[], maxDepth: number): UnprovenSite[] {
  const forward = walk(project.store, [toRef(from)], { direction: 'out', kinds, maxDepth: maxDepth - 1, maxNodes: MAX_NODES_PER_SIDE });
  const ends = [to, ...overloadGroup(project.store, to).stubs].map(toRef);
  const backward = walk(project.store, ends, { direction: 'in', kinds, maxDepth: maxDepth - 1, maxNodes: MAX_NODES_PER_SIDE });
  const targets = [...ends, ...backward.steps.map((s) => s.node)];
  const unique = [...new Map(targets.map((t) => [t.id, t])).values()];
  return unprovenSites(project, unique, kinds).filter((site) => {
    if (!site.from) return false;
    const before = forward.depthOf.get(site.from.id);
    if (before === undefined) return false;
    // Hops: from → site's declaration, the unproven site itself, then the reached declaration → to.
    const after = Math.min(...site.mayReach.map((id) => backward.depthOf.get(id) ?? Number.POSITIVE_INFINITY));
    return before + 1 + after <= maxDepth;
  });
}
