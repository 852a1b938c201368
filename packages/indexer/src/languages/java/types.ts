/**
 * Java types as the extraction states them: a `TypeRef` for receiver types (a class or interface
 * name chain; primitives, arrays and type variables prove no class), and the erased simple name
 * overload selection compares (`int`, `String`, `List`, `Foo[]`, `*` for a type variable).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';

const PRIMITIVE_TYPES = new Set(['integral_type', 'floating_point_type', 'boolean_type', 'void_type']);

/** The type node inside an annotated type (`@Nullable Foo` → Foo). */
function unannotated(node: SyntaxNode): SyntaxNode {
  if (node.type !== 'annotated_type') return node;
  return node.namedChildren.find((c) => c !== null && c.type !== 'marker_annotation' && c.type !== 'annotation') ?? node;
}

/** `Foo` → ['Foo'], `a.Foo.Bar` → ['a', 'Foo', 'Bar'], `Foo<T>` → ['Foo']; null for anything else. */
export function typeChain(node: SyntaxNode | null): string[] | null {
  if (!node) return null;
  node = unannotated(node);
  switch (node.type) {
    case 'type_identifier':
    case 'identifier':
      return [node.text];
    case 'scoped_type_identifier':
    case 'scoped_identifier': {
      const out: string[] = [];
      for (const child of node.namedChildren) {
        if (!child || child.type === 'marker_annotation' || child.type === 'annotation') continue;
        const part = typeChain(child);
        if (!part) return null;
        out.push(...part);
      }
      return out.length > 0 ? out : null;
    }
    case 'generic_type':
      return typeChain(node.namedChild(0));
    default:
      return null;
  }
}

/** The standard collections of one element type (`List<Element>`): `get(i)`, `getFirst()`, … give an Element. */
const ELEMENT_COLLECTIONS = new Set([
  'List', 'ArrayList', 'LinkedList', 'Vector', 'Stack', 'Collection', 'Set', 'HashSet', 'LinkedHashSet', 'TreeSet', 'SortedSet',
  'NavigableSet', 'Queue', 'Deque', 'ArrayDeque', 'Iterator', 'ListIterator', 'Iterable',
]);

/** The class a declared type proves (null: a primitive, an array, `var`, a type variable); a collection's element type. */
export function declaredType(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): TypeRef | null {
  const chain = typeChain(node);
  if (!chain || (chain.length === 1 && (chain[0] === 'var' || typeVariables.has(chain[0])))) return null;
  const written = node ? unannotated(node) : null;
  if (chain.length === 1 && ELEMENT_COLLECTIONS.has(chain[0]) && written?.type === 'generic_type') {
    const typeArguments = written.namedChildren.find((c) => c?.type === 'type_arguments');
    const entries = typeArguments?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment') ?? [];
    const element = entries.length === 1 ? declaredType(entries[0], typeVariables) : null;
    if (element) return { kind: 'collection', element, named: chain };
  }
  return { kind: 'named', chain };
}

/** The erased simple name of a type, as parameter and argument types are compared. */
export function simpleType(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): string | null {
  if (!node) return null;
  node = unannotated(node);
  if (PRIMITIVE_TYPES.has(node.type)) return node.text;
  if (node.type === 'array_type') {
    const element = simpleType(node.childForFieldName('element'), typeVariables);
    const dimensions = (node.childForFieldName('dimensions')?.text.match(/\[/g) ?? []).length || 1;
    return element === null ? null : element + '[]'.repeat(dimensions);
  }
  const chain = typeChain(node);
  if (!chain) return null;
  const last = chain[chain.length - 1];
  if (chain.length === 1 && typeVariables.has(last)) return '*';
  return last === 'var' && chain.length === 1 ? null : last;
}

/** The type of a literal argument, or undefined when the node is no literal. */
export function literalType(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case 'string_literal':
    case 'text_block':
      return 'String';
    case 'character_literal':
      return 'char';
    case 'true':
    case 'false':
      return 'boolean';
    case 'null_literal':
      return 'null';
    case 'class_literal':
      return 'Class';
    case 'decimal_integer_literal':
    case 'hex_integer_literal':
    case 'octal_integer_literal':
    case 'binary_integer_literal':
      return /[lL]$/.test(node.text) ? 'long' : 'int';
    case 'decimal_floating_point_literal':
    case 'hex_floating_point_literal':
      return /[fF]$/.test(node.text) ? 'float' : 'double';
    default:
      return undefined;
  }
}
