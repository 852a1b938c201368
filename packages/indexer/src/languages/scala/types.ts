/**
 * Scala types as the extraction states them: a `TypeRef` for receiver types (a class, trait or
 * object name chain; the standard value types, function and tuple types, and type parameters prove
 * no class), and the simple name overload selection compares (`Int`, `String`, `List`, `*` for a
 * type parameter).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';

const VALUE_TYPES = new Set(['Int', 'Long', 'Short', 'Byte', 'Char', 'Double', 'Float', 'Boolean', 'Unit', 'Any', 'AnyRef', 'AnyVal', 'Nothing', 'Null']);

/** `Foo` → ['Foo'], `a.b.Foo` → ['a', 'b', 'Foo'], `Foo[T]` → ['Foo']; null for anything else. */
export function typeChain(node: SyntaxNode | null): string[] | null {
  if (!node) return null;
  switch (node.type) {
    case 'type_identifier':
    case 'identifier':
      return [node.text.replace(/^`|`$/g, '')];
    case 'stable_type_identifier':
    case 'stable_identifier': {
      const out: string[] = [];
      for (const child of node.namedChildren) {
        const part = typeChain(child);
        if (!part) return null;
        out.push(...part);
      }
      return out.length > 0 ? out : null;
    }
    case 'generic_type':
      return typeChain(node.childForFieldName('type'));
    case 'annotated_type':
      return typeChain(node.namedChildren.find((c) => c?.type !== 'annotation') ?? null);
    case 'lazy_parameter_type':
      // `p: => P[T]` (by name): evaluated where it is read, a P[T].
      return typeChain(node.namedChildren.find((c) => c !== null) ?? null);
    default:
      return null;
  }
}

/**
 * The standard library's collections of one element type, and Option (a collection of at most one): `o.get`, `xs.head`,
 * `xs.foreach(n => …)`, `for (n <- xs)` give an element (calls.ts). Maps are left out: their elements are pairs.
 */
const ELEMENT_COLLECTIONS = new Set([
  'Option', 'Some', 'Seq', 'List', 'Vector', 'IndexedSeq', 'Iterable', 'Set', 'Array', 'Iterator', 'ArrayBuffer', 'ListBuffer',
  'LazyList', 'Stream', 'ArraySeq', 'Queue', 'SortedSet', 'TreeSet', 'HashSet', 'LinearSeq',
]);
/** Where a standard collection may be written qualified (`scala.collection.immutable.Seq`, `mutable.ArrayBuffer`). */
const COLLECTION_PACKAGES = new Set(['scala', 'collection', 'immutable', 'mutable']);

/** The class a declared type proves (null: a value type, a type parameter, a function or tuple type); a collection's element type. */
export function declaredType(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): TypeRef | null {
  const chain = typeChain(node);
  if (!chain) return null;
  if (chain.length === 1 && (VALUE_TYPES.has(chain[0]) || typeVariables.has(chain[0]))) return null;
  const last = chain[chain.length - 1];
  if (node?.type === 'generic_type' && ELEMENT_COLLECTIONS.has(last) && chain.slice(0, -1).every((part) => COLLECTION_PACKAGES.has(part))) {
    const args = node.childForFieldName('type_arguments')?.namedChildren.filter((c) => c !== null) ?? [];
    const element = args.length === 1 ? declaredType(args[0], typeVariables) : null;
    if (element) return { kind: 'collection', element, named: chain };
  }
  return { kind: 'named', chain };
}

/** The simple name of a type, as parameter and argument types are compared. */
export function simpleType(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): string | null {
  const chain = typeChain(node);
  if (!chain) return null;
  const last = chain[chain.length - 1];
  return chain.length === 1 && typeVariables.has(last) ? '*' : last;
}

/** The type of a literal argument, or undefined when the node is no literal. */
export function literalType(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case 'string':
    case 'interpolated_string_expression':
      return 'String';
    case 'character_literal':
      return 'Char';
    case 'boolean_literal':
      return 'Boolean';
    case 'null_literal':
      return 'Null';
    case 'integer_literal':
      return /[lL]$/.test(node.text) ? 'Long' : 'Int';
    case 'floating_point_literal':
      return /[fF]$/.test(node.text) ? 'Float' : 'Double';
    default:
      return undefined;
  }
}
