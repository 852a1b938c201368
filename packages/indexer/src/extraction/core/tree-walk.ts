/**
 * The one pre-order walk every extractor and the error collector use: a TreeCursor, so no JS object
 * is made for a node nobody asks about. `enter` is called on each node the cursor stands on and
 * says whether to walk its children.
 */
import type { Node as SyntaxNode, TreeCursor } from 'web-tree-sitter';
import { splitChain, type MemberAccessShape } from './receiver-chain.js';

/** Walks `root` (or, without it, the subtree the cursor stands on) in document order. */
export function walkPreOrder(cursor: TreeCursor, enter: (cursor: TreeCursor) => boolean, root?: SyntaxNode): void {
  if (root) cursor.reset(root);
  let depth = 0;
  for (;;) {
    if (enter(cursor) && cursor.gotoFirstChild()) {
      depth++;
      continue;
    }
    for (;;) {
      if (depth === 0) return;
      if (cursor.gotoNextSibling()) break;
      cursor.gotoParent();
      depth--;
    }
  }
}

export type { MemberAccessShape } from './receiver-chain.js';

/**
 * `make().a.b` → the innermost object that is not a member access (`make()`) and the member names
 * after it (['a', 'b']); undefined when a property is not a plain name.
 */
export function splitMemberChain(node: SyntaxNode, shape: MemberAccessShape): { base: SyntaxNode; path: string[] } | undefined {
  return splitChain(node, [shape]);
}
