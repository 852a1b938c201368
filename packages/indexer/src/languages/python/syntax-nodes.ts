/**
 * Cheaper ways to read a web-tree-sitter node's children, for the rules in this folder (field
 * lookups are the core's, extraction/core/node-fields.ts). `namedChildren` has WASM allocate,
 * fill and free a buffer for the array, several times the cost of asking `namedChild(i)` for the
 * usual one to four children.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';

/** Above this many named children, one `namedChildren` call beats asking each (`namedChild(i)` counts from the first). */
const MANY_CHILDREN = 8;

/** The named children of `node` other than comments, in order. */
export function namedNonComments(node: SyntaxNode): SyntaxNode[] {
  const count = node.namedChildCount;
  const out: SyntaxNode[] = [];
  if (count > MANY_CHILDREN) {
    for (const child of node.namedChildren) if (child !== null && child.type !== 'comment') out.push(child);
    return out;
  }
  for (let i = 0; i < count; i++) {
    const child = node.namedChild(i);
    if (child !== null && child.type !== 'comment') out.push(child);
  }
  return out;
}

/** The first named child of `node` that is no comment (`namedChildren.find(…)` without building the array). */
export function firstNonComment(node: SyntaxNode): SyntaxNode | null {
  return firstNonCommentTyped(node)?.node ?? null;
}

/** `firstNonComment`, with the child's type: it was read to skip comments, and each read is a WASM call. */
export function firstNonCommentTyped(node: SyntaxNode): { node: SyntaxNode; type: string } | null {
  for (let i = 0; ; i++) {
    const child = node.namedChild(i);
    if (child === null) return null;
    const type = child.type;
    if (type !== 'comment') return { node: child, type };
  }
}

/** The first named child whose type passes `test` (`namedChildren.find(…)` without building the array). */
export function firstNamedChildWhere(node: SyntaxNode, test: (type: string) => boolean): SyntaxNode | null {
  for (let i = 0; ; i++) {
    const child = node.namedChild(i);
    if (child === null || test(child.type)) return child;
  }
}
