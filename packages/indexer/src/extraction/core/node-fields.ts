/**
 * A node's children by field name, for any grammar. web-tree-sitter's `childForFieldName` scans the
 * grammar's field-name list on every call; here the field id is looked up once per grammar and
 * field, and the child asked for by id. Same nodes as the plain API.
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
