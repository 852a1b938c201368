/**
 * Overload stubs fold into the declaration they describe. Python's `@typing.overload` stubs are
 * declarations of their own in the graph (same file, same qualified name, no body worth the
 * name), and a call is resolved to whichever of them the writer met first. To a reader they are
 * one function: a name matching stubs and their implementation is that implementation, and its
 * callers, callees and paths are those of every declaration in the group. (TypeScript's overload
 * signatures are not declarations in the graph: only the implementation is stored.)
 */
import type { NodeDetails } from '../model.js';
import type { GraphStore } from '../store/graph-store.js';

/** Decorators that make a declaration an overload stub (`overload`, `typing.overload`, `t.overload`). */
export function isOverloadStub(node: Pick<NodeDetails, 'decorators'>): boolean {
  return node.decorators.some((d) => /(^|\.)overload$/.test(d.replace(/^@/, '').replace(/\(.*$/s, '').trim()));
}

const groupKey = (n: NodeDetails) => `${n.filePath}\u0000${n.qualifiedName}\u0000${n.kind}`;

/** The declaration a group of stubs stands for: the one that is not a stub, else the first. */
function representative(group: NodeDetails[]): NodeDetails {
  const bodies = group.filter((n) => !isOverloadStub(n));
  return bodies.length === 1 ? bodies[0] : group[0];
}

/**
 * `nodes` with each overload group (stubs and at most one implementation of one qualified name
 * in one file) replaced by its implementation, in the original order.
 */
export function foldOverloads(nodes: NodeDetails[]): NodeDetails[] {
  const groups = new Map<string, NodeDetails[]>();
  for (const n of nodes) {
    const list = groups.get(groupKey(n)) ?? [];
    list.push(n);
    groups.set(groupKey(n), list);
  }
  const keep = new Set<NodeDetails>();
  for (const group of groups.values()) {
    const stubs = group.filter(isOverloadStub);
    // Not a group of overloads: two implementations (a redefinition) stay two answers.
    if (group.length === 1 || stubs.length === 0 || group.length - stubs.length > 1) group.forEach((n) => keep.add(n));
    else keep.add(representative(group));
  }
  return nodes.filter((n) => keep.has(n));
}

export interface OverloadGroup {
  /** The implementation (or, for stubs alone, the first stub). */
  node: NodeDetails;
  /** The other declarations of the group: the stubs. Empty for an ordinary declaration. */
  stubs: NodeDetails[];
}

/** The overload group `node` belongs to, with its implementation as `node`. */
export function overloadGroup(store: GraphStore, node: NodeDetails): OverloadGroup {
  if (node.kind === 'file') return { node, stubs: [] };
  const group = store.nodesByQualifiedName(node.qualifiedName).filter((n) => groupKey(n) === groupKey(node));
  if (group.length < 2 || !group.some(isOverloadStub) || group.filter((n) => !isOverloadStub(n)).length > 1) return { node, stubs: [] };
  const main = representative(group);
  return { node: main, stubs: group.filter((n) => n.id !== main.id) };
}
