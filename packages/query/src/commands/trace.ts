/** `trace <from> <to>`: how one symbol reaches another through calls — the shortest paths. */
import { CALL_KINDS } from '../graph/traversal.js';
import { shortestPaths } from '../graph/shortest-paths.js';
import type { Completeness } from '../graph/unproven.js';
import { unprovenBridges } from '../graph/unproven-paths.js';
import type { NodeRef, Site } from '../model.js';
import type { Project } from '../project.js';
import { toRef } from '../store/rows.js';
import { overloadGroup } from '../symbols/overloads.js';
import { resolveSymbol, type SymbolFilter } from '../symbols/resolve-symbol.js';

export interface TraceOptions {
  /** Narrowing for the `from` symbol. */
  from?: SymbolFilter;
  /** Narrowing for the `to` symbol. */
  to?: SymbolFilter;
  /** Longest path considered. Default 10. */
  depth?: number;
  /** At most this many paths. Default 3. */
  limit?: number;
  edgeKinds?: readonly string[];
  /** Give up after exploring this many nodes. Default 50 000. */
  maxNodes?: number;
}

export interface TraceHop {
  from: NodeRef;
  to: NodeRef;
  sites: Site[];
}

export interface TraceResult {
  from: NodeRef;
  to: NodeRef;
  maxDepth: number;
  edgeKinds: string[];
  found: boolean;
  /** Each path is a list of hops from `from` to `to`; all have the shortest length. */
  paths: Array<{ length: number; hops: TraceHop[] }>;
  /** When nothing was found: the search was complete, or stopped at the depth or node bound. */
  searched: 'complete' | 'depth-limit' | 'node-limit';
  message: string;
  /**
   * When no path was found: the unproven sites that could join one (a declaration reachable from
   * `from` holding a site that may reach one that reaches `to`), at most --limit of them listed.
   */
  completeness: Completeness;
}

/** Unproven sites listed when no path was found (all are counted). */
const MAX_BRIDGES_LISTED = 20;

export function trace(project: Project, fromSymbol: string, toSymbol: string, options: TraceOptions = {}): TraceResult {
  const from = resolveSymbol(project, fromSymbol, options.from);
  const to = resolveSymbol(project, toSymbol, options.to);
  const maxDepth = Math.max(1, Math.floor(options.depth ?? 10));
  const kinds = [...(options.edgeKinds ?? CALL_KINDS)];
  const result = shortestPaths(project.store, from, to, {
    kinds,
    maxDepth,
    maxPaths: Math.max(1, options.limit ?? 3),
    maxNodes: options.maxNodes ?? 50_000,
    alsoTo: overloadGroup(project.store, to).stubs.map((n) => n.id),
  });
  const paths = result.paths.map((hops) => ({
    length: hops.length,
    hops: hops.map((h) => ({ from: toRef(h.from), to: toRef(h.to), sites: h.sites })),
  }));
  const found = paths.length > 0;
  const names = `${from.qualifiedName} to ${to.qualifiedName}`;
  let message: string;
  if (from.id === to.id) message = `${from.qualifiedName} is the same symbol on both ends`;
  else if (found) message = `${paths.length} shortest path${paths.length === 1 ? '' : 's'} of ${paths[0].length} hop${paths[0].length === 1 ? '' : 's'} from ${names}`;
  else if (result.exhausted === 'complete') message = `no call path from ${names}`;
  else if (result.exhausted === 'depth-limit') message = `no call path from ${names} within ${maxDepth} hops`;
  else message = `no call path from ${names} found before the search bound (${options.maxNodes ?? 50_000} nodes)`;
  let gaps: Completeness = { complete: true, reasons: [], unprovenSites: [], unprovenTotal: 0 };
  if (!found && from.id !== to.id) {
    const bridges = unprovenBridges(project, from, to, kinds, maxDepth);
    const n = bridges.length;
    gaps = {
      complete: n === 0,
      reasons: n > 0 ? [`${n} unproven site${n === 1 ? '' : 's'} (receiver or name not proven) could complete a path from ${names}`] : [],
      unprovenSites: bridges.slice(0, MAX_BRIDGES_LISTED),
      unprovenTotal: n,
    };
    message += n > 0 ? ' in the graph, but unproven sites could make one' : '; no unproven site could make one either';
  }
  return {
    from: toRef(from), to: toRef(to), maxDepth, edgeKinds: kinds, found, paths, searched: found ? 'complete' : result.exhausted, message, completeness: gaps,
  };
}
