/**
 * The names a declaration's type parameters introduce (`<T, U extends X>` → T, U), for every grammar
 * that writes them as a list of entries: a language states where its list is and how an entry names
 * its parameter (`TypeParameterShape`, in its folder). Type variables in scope prove no class.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { fieldChild } from './node-fields.js';

export interface TypeParameterShape {
  /** The field of the declaration holding the list. */
  listField?: string;
  /** The node type of the list, looked for among the declaration's named children (after `listField`). */
  listType?: string;
  /** Entry node types that are the parameter's name themselves (Scala `[A, B]`). */
  nameEntries?: ReadonlySet<string>;
  /** Only entries of these types declare a parameter (others, a lifetime or a constraint, are skipped). */
  entries?: ReadonlySet<string>;
  /** The entry's field naming it. */
  nameField?: string;
  /** Otherwise, the entry's first named child of one of these types names it. */
  nameTypes?: ReadonlySet<string>;
}

/** The type parameter names of `list` (a type parameter list node) as `shape` reads its entries. */
export function typeParameterNamesIn(list: SyntaxNode | null | undefined, shape: TypeParameterShape): string[] {
  const names: string[] = [];
  for (const entry of list?.namedChildren ?? []) {
    if (!entry) continue;
    if (shape.nameEntries?.has(entry.type)) {
      names.push(entry.text);
      continue;
    }
    if (shape.entries && !shape.entries.has(entry.type)) continue;
    const name = (shape.nameField ? fieldChild(entry, shape.nameField) : null)
      ?? (shape.nameTypes ? entry.namedChildren.find((c) => c !== null && shape.nameTypes!.has(c.type)) : undefined);
    if (name) names.push(name.text);
  }
  return names;
}

/** The list of type parameters `declaration` writes, where `shape` says it is (null: none). */
export function typeParameterList(declaration: SyntaxNode, shape: TypeParameterShape): SyntaxNode | null {
  return (shape.listField ? fieldChild(declaration, shape.listField) : null)
    ?? (shape.listType ? declaration.namedChildren.find((c) => c?.type === shape.listType) ?? null : null);
}

/** The names of the type parameters `declaration` declares (none: an empty list). */
export function typeParameterNames(declaration: SyntaxNode, shape: TypeParameterShape): string[] {
  return typeParameterNamesIn(typeParameterList(declaration, shape), shape);
}
