/**
 * Cheaper ways to read a web-tree-sitter node's children, for the rules in this folder. Every
 * Node method is a call into WASM; these helpers pick the calls that cost least for what the
 * rules ask, and give the same nodes as the plain API:
 *  - `childForFieldName` scans the grammar's field-name list on every call; the field id is
 *    looked up once per grammar here.
 *  - `namedChildren` has WASM allocate, fill and free a buffer for the array, several times the
 *    cost of asking `namedChild(i)` for the usual one to four children.
 */
import type { Language as Grammar, Node as SyntaxNode } from 'web-tree-sitter';

const fieldIdsByGrammar = new WeakMap<Grammar, Map<string, number>>();

/** The id of a field name in the node's grammar (-1: the grammar has no such field). */
function fieldIdOf(node: SyntaxNode, field: string): number {
  const grammar = node.tree.language;
  let ids = fieldIdsByGrammar.get(grammar);
  if (!ids) fieldIdsByGrammar.set(grammar, (ids = new Map()));
  let id = ids.get(field);
  if (id === undefined) {
    id = grammar.fields.indexOf(field);
    ids.set(field, id);
  }
  return id;
}

/** `node.childForFieldName(field)`. */
export function fieldChild(node: SyntaxNode, field: string): SyntaxNode | null {
  const id = fieldIdOf(node, field);
  return id === -1 ? null : node.childForFieldId(id);
}

/** `node.childrenForFieldName(field)`. */
export function fieldChildren(node: SyntaxNode, field: string): Array<SyntaxNode | null> {
  const id = fieldIdOf(node, field);
  return id === -1 || id === 0 ? [] : node.childrenForFieldId(id);
}

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
