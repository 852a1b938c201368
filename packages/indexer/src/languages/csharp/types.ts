/**
 * C# types as the extraction states them: a `TypeRef` for receiver types (a class, struct,
 * interface or record name chain; predefined types, arrays, tuples, pointers and type parameters
 * prove no class), and the simple name overload selection compares (`int`, `string`, `List`,
 * `Foo[]`, `*` for a type parameter). `string` and `String`, `int` and `Int32` are one type.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';

/** The framework names of the predefined types, as C# spells them. */
const KEYWORD_OF: Readonly<Record<string, string>> = {
  String: 'string', Object: 'object', Boolean: 'bool', Byte: 'byte', SByte: 'sbyte', Char: 'char', Decimal: 'decimal',
  Double: 'double', Single: 'float', Int16: 'short', UInt16: 'ushort', Int32: 'int', UInt32: 'uint', Int64: 'long', UInt64: 'ulong',
};

/** `Foo` → ['Foo'], `A.B.Foo` → ['A', 'B', 'Foo'], `Foo<T>` → ['Foo'], `Foo?` → ['Foo'], `global::A.Foo` → ['A', 'Foo']; null otherwise. */
export function typeChain(node: SyntaxNode | null): string[] | null {
  if (!node) return null;
  switch (node.type) {
    case 'identifier':
      return [node.text];
    case 'generic_name': {
      const name = node.namedChildren.find((c) => c?.type === 'identifier');
      return name ? [name.text] : null;
    }
    case 'qualified_name': {
      const qualifier = typeChain(node.childForFieldName('qualifier'));
      const name = typeChain(node.childForFieldName('name'));
      return qualifier && name ? [...qualifier, ...name] : null;
    }
    case 'alias_qualified_name': {
      const alias = node.childForFieldName('alias');
      const name = typeChain(node.childForFieldName('name'));
      // `global::A.B` names A.B from the global namespace: the chain is the same.
      return name && alias?.text === 'global' ? name : null;
    }
    case 'nullable_type':
      return typeChain(node.childForFieldName('type'));
    default:
      return null;
  }
}

/**
 * The predefined types a value of which may be the receiver of an extension method (`this string s`, `this int n`):
 * no workspace class, but a type by name (`object` left out: an extension of it extends every type).
 */
const PREDEFINED_RECEIVERS: ReadonlySet<string> = new Set([
  'string', 'bool', 'byte', 'sbyte', 'char', 'decimal', 'double', 'float', 'int', 'uint', 'long', 'ulong', 'short', 'ushort', 'nint', 'nuint',
]);

/** `string`, `String`, `System.String` → 'string' (and the other predefined types alike); undefined for any other type. */
function predefinedName(node: SyntaxNode | null, chain: string[] | null): string | undefined {
  if (node?.type === 'predefined_type') return node.text;
  // `string?`: a nullable reference is the same type; `int?` (Nullable<int>) is none of these.
  if (node?.type === 'nullable_type') {
    const inner = node.childForFieldName('type');
    return inner?.type === 'predefined_type' && (inner.text === 'string' || inner.text === 'object') ? inner.text : undefined;
  }
  if (chain?.length === 1 && chain[0] in KEYWORD_OF) return KEYWORD_OF[chain[0]];
  if (chain?.length === 2 && chain[0] === 'System' && chain[1] in KEYWORD_OF) return KEYWORD_OF[chain[1]];
  return undefined;
}

/**
 * The class a declared type proves (null: an array, `var`, a type parameter, `dynamic`, `object`). A predefined
 * type (`string`, `int`) is named by its keyword: no workspace class, still the type its extension methods extend.
 */
export function declaredType(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): TypeRef | null {
  const chain = typeChain(node);
  const predefined = predefinedName(node, chain);
  if (predefined !== undefined) return PREDEFINED_RECEIVERS.has(predefined) ? { kind: 'named', chain: [predefined] } : null;
  if (!chain) return null;
  if (chain.length === 1 && (['var', 'dynamic'].includes(chain[0]) || typeVariables.has(chain[0]))) return null;
  // `Box<Foo>` beside a `Box` without type parameters: the count tells the two apart.
  const inner = node?.type === 'nullable_type' ? node.childForFieldName('type') : node;
  const last = inner?.type === 'qualified_name' ? inner.childForFieldName('name') : inner;
  const written = last?.type === 'generic_name' ? last.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c) => c !== null && c.type !== 'comment').length : undefined;
  // A bare name means the type without type parameters: `Box` is never a `Box<T>`.
  const bare = last?.type === 'identifier';
  return written || bare ? { kind: 'named', chain, typeArguments: written ?? 0 } : { kind: 'named', chain };
}

/** The type of a literal as a receiver (`"a".Slug()`, `5.Days()`): its predefined type by name; null for `null` and any other node. */
export function literalReceiverType(node: SyntaxNode): TypeRef | null {
  const literal = literalType(node);
  return literal !== undefined && PREDEFINED_RECEIVERS.has(literal) ? { kind: 'named', chain: [literal] } : null;
}

/**
 * Framework collections whose one type argument is what `foreach` yields (System.Collections.Generic,
 * .Immutable, .Concurrent, .ObjectModel): a value of one is no instance of anything arbor indexes, its elements are.
 */
export const ELEMENT_COLLECTIONS: ReadonlySet<string> = new Set([
  'IEnumerable', 'IAsyncEnumerable', 'ICollection', 'IList', 'IReadOnlyCollection', 'IReadOnlyList', 'ISet', 'IReadOnlySet',
  'List', 'HashSet', 'SortedSet', 'LinkedList', 'Queue', 'Stack', 'Collection', 'ReadOnlyCollection', 'ObservableCollection',
  'ImmutableArray', 'ImmutableList', 'ImmutableHashSet', 'ImmutableSortedSet', 'IImmutableList', 'IImmutableSet',
  'ConcurrentBag', 'ConcurrentQueue', 'ConcurrentStack', 'BlockingCollection',
]);

/** Framework dictionaries: two type arguments, a key's and a value's. */
const KEYED_COLLECTIONS: ReadonlySet<string> = new Set([
  'Dictionary', 'IDictionary', 'IReadOnlyDictionary', 'ConcurrentDictionary', 'SortedDictionary', 'SortedList',
  'ReadOnlyDictionary', 'ImmutableDictionary', 'IImmutableDictionary', 'ImmutableSortedDictionary', 'FrozenDictionary',
]);

/**
 * The type a declaration states for its value: `Foo[]`, `List<Foo>`, `IEnumerable<Foo>` as a collection of
 * Foo (what `foreach` over it yields; a framework collection also by its name), any other type as `declaredType` says.
 */
export function statedType(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): TypeRef | null {
  const inner = node?.type === 'nullable_type' ? node.childForFieldName('type') : node;
  if (inner?.type === 'array_type') {
    // `Foo[]` (one rank): its elements are Foos; `Foo[,]` and jagged arrays are left out.
    const rank = inner.childForFieldName('rank')?.text.replace(/\s+/g, '') ?? '[]';
    const element = rank === '[]' ? declaredType(inner.childForFieldName('type'), typeVariables) : null;
    return element ? { kind: 'collection', element } : null;
  }
  if (inner?.type === 'generic_name') {
    const name = inner.namedChildren.find((c) => c?.type === 'identifier')?.text;
    const args = inner.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
    if (name && KEYED_COLLECTIONS.has(name) && args.length === 2) {
      // `IReadOnlyDictionary<string, Value>`: `d[k]` is a Value (iterating it yields pairs: nothing).
      const key = declaredType(args[0], typeVariables);
      const element = declaredType(args[1], typeVariables);
      return { kind: 'collection', ...(key ? { key } : { key: { kind: 'named', chain: ['object'] } }), ...(element ? { element } : {}), named: [name] };
    }
    if (name && ELEMENT_COLLECTIONS.has(name)) {
      // `IEnumerable<int>`, `List<T>`: no element class, still the type extension methods extend (`this IEnumerable<T>`).
      const element = args.length === 1 ? declaredType(args[0], typeVariables) : null;
      return element ? { kind: 'collection', element, named: [name] } : { kind: 'collection', named: [name] };
    }
  }
  return declaredType(node, typeVariables);
}

/**
 * A parameter whose type is one of the method's own type parameters that the argument passed there infers
 * (`Write<T>(string s, T value)`): any argument of a known type fits it by identity (see `inferredTypeParameters`).
 */
export const INFERRED_TYPE_PARAMETER = '<T>';
/**
 * An argument that is a value of a type parameter in scope (`value` in `Debug<T>(string s, T value) => Write(l, s, value)`):
 * a generic overload's own type parameter infers it exactly; it converts to `object`; any other fit depends on constraints.
 */
export const TYPE_PARAMETER_VALUE = '<T value>';
/** A parameter `T?` of a type parameter constrained to `struct` (a `Nullable<T>`): it takes values of value types only. */
export const NULLABLE_VALUE_PARAMETER = '<struct>?';

/** The simple name of a type, as parameter and argument types are compared. */
export function simpleType(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): string | null {
  if (!node) return null;
  switch (node.type) {
    case 'predefined_type':
      return node.text;
    case 'array_type': {
      const element = simpleType(node.childForFieldName('type'), typeVariables);
      const rank = node.childForFieldName('rank')?.text.replace(/\s+/g, '') ?? '[]';
      return element === null ? null : element + rank;
    }
    case 'nullable_type': {
      // `int?` is Nullable<int>: no `int` parameter takes it; `Foo?` (a nullable reference) is a Foo.
      const inner = node.childForFieldName('type');
      // `object?`, `string?`: a nullable reference is the same type.
      if (inner?.type === 'predefined_type') return inner.text === 'object' || inner.text === 'string' ? inner.text : `${inner.text}?`;
      return simpleType(inner, typeVariables);
    }
    case 'implicit_type':
      return null;
    case 'generic_name':
    case 'qualified_name': {
      const delegate = delegateShape(node);
      if (delegate) return delegate;
      return namedSimpleType(node, typeVariables);
    }
    default:
      return namedSimpleType(node, typeVariables);
  }
}

/** The framework's generic delegates, by name: how many of their type arguments are parameters (`Func`'s last is its result). */
const DELEGATE_RESULTS: Readonly<Record<string, number>> = { Func: 1, Action: 0 };

/**
 * `Func<A, B, R>` → 'Func`3', `Expression<Func<A, R>>` → 'Expression<Func`2>' (also under `System.`, `System.Linq.Expressions.`):
 * a delegate's type arguments say how many parameters a lambda passed for it has. undefined for any other type.
 */
function delegateShape(node: SyntaxNode): string | undefined {
  const unqualified = node.type === 'qualified_name' && /^System(\.Linq\.Expressions)?$/.test(node.childForFieldName('qualifier')?.text.replace(/\s+/g, '') ?? '')
    ? node.childForFieldName('name') : node;
  if (unqualified?.type !== 'generic_name') return undefined;
  const name = unqualified.namedChildren.find((c) => c?.type === 'identifier')?.text ?? '';
  const args = unqualified.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  if (name in DELEGATE_RESULTS) return `${name}\`${args.length}`;
  if (name !== 'Expression' || args.length !== 1) return undefined;
  const inner = delegateShape(args[0]);
  return inner ? `Expression<${inner}>` : undefined;
}

/** How many parameters a lambda for a parameter of this simple type takes (`Func`3`: 2); undefined for no framework delegate. */
export function delegateParameterCount(simple: string): number | undefined {
  if (simple === 'Action') return 0;
  const match = /^(?:Expression<)?(Func|Action)`(\d+)>?$/.exec(simple);
  return match ? Number(match[2]) - DELEGATE_RESULTS[match[1]] : undefined;
}

function namedSimpleType(node: SyntaxNode, typeVariables: ReadonlySet<string>): string | null {
  const chain = typeChain(node);
  if (!chain) return null;
  const last = chain[chain.length - 1];
  if (chain.length === 1 && typeVariables.has(last)) return '*';
  if (chain.length === 1 && (last === 'var' || last === 'dynamic')) return null;
  return KEYWORD_OF[last] ?? last;
}

/** The type of a literal argument, or undefined when the node is no literal. */
export function literalType(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case 'string_literal':
    case 'verbatim_string_literal':
    case 'raw_string_literal':
    case 'interpolated_string_expression':
      return 'string';
    case 'character_literal':
      return 'char';
    case 'boolean_literal':
      return 'bool';
    case 'null_literal':
      return 'null';
    case 'integer_literal': {
      const suffix = node.text.match(/[uUlL]+$/)?.[0].toLowerCase() ?? '';
      return suffix === '' ? 'int' : suffix === 'u' ? 'uint' : suffix === 'l' ? 'long' : 'ulong';
    }
    case 'real_literal': {
      const suffix = node.text.slice(-1).toLowerCase();
      return suffix === 'f' ? 'float' : suffix === 'm' ? 'decimal' : 'double';
    }
    default:
      return undefined;
  }
}
