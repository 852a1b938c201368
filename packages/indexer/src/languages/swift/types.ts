/**
 * Swift types as the extraction states them: a `TypeRef` for receiver types (a class, struct, enum,
 * actor or protocol name chain; `T?`, `T!`, `some P`, `any P` are T or P; the standard value types,
 * function and tuple types, arrays, dictionaries and type parameters prove no declaration of the
 * workspace), and the simple name overload selection compares (`Int`, `String`, `Foo`, `*` for a
 * type parameter).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';

/** Types whose values have no members a workspace can declare. */
const VALUE_TYPES = new Set(['Void', 'Any', 'AnyObject', 'Never', 'Self']);

/**
 * The standard value types: no declaration of the workspace, but a workspace may extend them
 * (`extension String { func f() }`), so a value stated to be one is a receiver of those extensions.
 */
export const STANDARD_TYPES: ReadonlySet<string> = new Set([
  'Int', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt', 'UInt8', 'UInt16', 'UInt32', 'UInt64', 'Double', 'Float', 'Bool',
  'String', 'Character', 'Substring',
]);

/** `Foo` → ['Foo'], `A.B` → ['A', 'B'], `Foo<T>` → ['Foo'], `Foo?` → ['Foo']; null for anything else. */
export function typeChain(node: SyntaxNode | null | undefined): string[] | null {
  if (!node) return null;
  switch (node.type) {
    case 'type_identifier':
    case 'simple_identifier':
      return [node.text.replace(/^`|`$/g, '')];
    case 'user_type': {
      const names = node.namedChildren.filter((c) => c?.type === 'type_identifier').map((c) => c!.text.replace(/^`|`$/g, ''));
      // `P.Type`, `P.Protocol`: the metatype, whose members are P's static ones (`x.parse()` with `x: P.Type`).
      if (names.length > 1 && (names[names.length - 1] === 'Type' || names[names.length - 1] === 'Protocol')) names.pop();
      return names.length > 0 ? names : null;
    }
    case 'optional_type':
      return typeChain(node.childForFieldName('wrapped') ?? node.namedChildren[0]);
    case 'tuple_type': {
      // `(any P)?`: parentheses around one type are that type.
      const item = node.namedChildren.length === 1 ? node.namedChildren[0] : null;
      return item?.type === 'tuple_type_item' && item.namedChildren.length === 1 ? typeChain(item.namedChildren[0]) : null;
    }
    case 'opaque_type':
    case 'existential_type':
    case 'type_annotation':
    case 'implicitly_unwrapped_type':
      return typeChain(node.namedChildren.find((c) => c !== null && c.type !== 'attribute') ?? null);
    default:
      return null;
  }
}

/**
 * The declaration a stated type proves (null: a value type, a type parameter, a function, tuple or dictionary
 * type); an array type `[T]` (optional or not) is a collection of T, whose elements `xs[i]`, `for x in xs` read.
 */
export function declaredType(node: SyntaxNode | null | undefined, typeVariables: ReadonlySet<string>): TypeRef | null {
  let array = node;
  while (array && (array.type === 'optional_type' || array.type === 'implicitly_unwrapped_type')) array = array.childForFieldName('wrapped') ?? array.namedChildren[0];
  if (array?.type === 'array_type') {
    const element = declaredType(array.childForFieldName('element') ?? array.namedChildren.find((c) => isTypeNode(c)), typeVariables);
    // Named Array: what `extension Array` declares are members of it (the standard collection protocols' own members
    // are the standard library's, which a workspace's extension of them may redeclare: those are not followed).
    return { kind: 'collection', ...(element ? { element } : {}), named: ['Array'] };
  }
  // `Result<Success, Failure>`: the standard result holds one Success value, which its `get()` gives (calls.ts).
  const success = resultSuccess(array);
  if (success !== undefined) {
    const element = declaredType(success, typeVariables);
    return { kind: 'collection', ...(element ? { element } : {}), named: ['Result'] };
  }
  const chain = typeChain(node);
  if (!chain) return null;
  if (chain.length === 1 && (VALUE_TYPES.has(chain[0]) || typeVariables.has(chain[0]))) return null;
  if (chain[0] === 'Swift' || chain[0] === 'Foundation') return null;
  return { kind: 'named', chain };
}

/** `Result<T, E>`, `Swift.Result<T, E>`: the type node of T; undefined for any other type. */
function resultSuccess(node: SyntaxNode | null | undefined): SyntaxNode | undefined {
  if (node?.type !== 'user_type') return undefined;
  const names = node.namedChildren.filter((c) => c?.type === 'type_identifier').map((c) => c!.text);
  if (names.join('.') !== 'Result' && names.join('.') !== 'Swift.Result') return undefined;
  const args = node.namedChildren.find((c) => c?.type === 'type_arguments')?.namedChildren.filter((c) => isTypeNode(c));
  return args?.length === 2 ? args[0]! : undefined;
}

/** The simple name of a type, as parameter and argument types are compared. */
export function simpleType(node: SyntaxNode | null | undefined, typeVariables: ReadonlySet<string>): string | null {
  if (!node) return null;
  if (node.type === 'optional_type') node = node.childForFieldName('wrapped') ?? node.namedChildren[0] ?? node;
  if (node.type === 'array_type') return 'Array';
  if (node.type === 'dictionary_type') return 'Dictionary';
  // `UInt.Type`: a metatype, written `Type<UInt>` (the argument `UInt.self` is written so too); `T.Type` of a type parameter is any.
  const names = node.type === 'user_type' ? node.namedChildren.filter((c) => c?.type === 'type_identifier').map((c) => c!.text) : [];
  if (names.length > 1 && names[names.length - 1] === 'Type') {
    const base = names[names.length - 2];
    return names.length === 2 && typeVariables.has(base) ? '*' : `Type<${base}>`;
  }
  const chain = typeChain(node);
  if (!chain) return null;
  const last = chain[chain.length - 1];
  return chain.length === 1 && typeVariables.has(last) ? '*' : last;
}

/** The type of a literal argument, or undefined when the node is no literal. */
export function literalType(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case 'line_string_literal':
    case 'multi_line_string_literal':
    case 'raw_string_literal':
      return 'String';
    case 'boolean_literal':
      return 'Bool';
    case 'integer_literal':
    case 'hex_literal':
    case 'oct_literal':
    case 'bin_literal':
      return 'Int';
    case 'real_literal':
      return 'Double';
    // Swift prefers an array literal's default type over any other `ExpressibleByArrayLiteral` type.
    case 'array_literal':
      return 'Array';
    case 'dictionary_literal':
      return 'Dictionary';
    default:
      return undefined;
  }
}

/** A type node among a declaration's children (the grammar names a parameter's name and its type both `name`). */
export function isTypeNode(node: SyntaxNode | null | undefined): boolean {
  return !!node && ['user_type', 'optional_type', 'array_type', 'dictionary_type', 'function_type', 'tuple_type', 'opaque_type',
    'existential_type', 'implicitly_unwrapped_type', 'metatype', 'protocol_composition_type'].includes(node.type);
}
