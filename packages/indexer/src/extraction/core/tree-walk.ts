/**
 * The one pre-order walk every extractor and the error collector use: a TreeCursor, so no JS object
 * is made for a node nobody asks about. `enter` is called on each node the cursor stands on and
 * says whether to walk its children.
 */
import type { Node as SyntaxNode, TreeCursor } from 'web-tree-sitter';

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

/** How a language writes a member access (`a.b`): the node type and its object and property fields. */
export interface MemberAccessShape {
  nodeType: string;
  object: string;
  property: string;
  /** Node types a property name may have (identifiers, not computed keys). */
  propertyTypes: ReadonlySet<string>;
}

/**
 * `make().a.b` → the innermost object that is not a member access (`make()`) and the member names
 * after it (['a', 'b']); undefined when a property is not a plain name.
 */
export function splitMemberChain(node: SyntaxNode, shape: MemberAccessShape): { base: SyntaxNode; path: string[] } | undefined {
  const path: string[] = [];
  let current: SyntaxNode | null = node;
  while (current?.type === shape.nodeType) {
    const property = current.childForFieldName(shape.property);
    if (!property || !shape.propertyTypes.has(property.type)) return undefined;
    path.unshift(property.text);
    current = current.childForFieldName(shape.object);
  }
  return current ? { base: current, path } : undefined;
}

/**
 * `a.b.c` as a name chain (['a', 'b', 'c']): the innermost object must be a name, `headOf` says
 * which, as a chain of its own (undefined: it is none, a call say). A member of `superWord` is no
 * chain: `super.x` names no value the chain could be looked up from, while `super` alone is a receiver.
 */
export function memberNameChain(
  node: SyntaxNode,
  shape: MemberAccessShape,
  headOf: (base: SyntaxNode) => string[] | undefined,
  superWord: string,
): string[] | undefined {
  const split = splitMemberChain(node, shape);
  const head = split && headOf(split.base);
  if (head === undefined || (head[0] === superWord && split!.path.length > 0)) return undefined;
  return [...head, ...split!.path];
}
