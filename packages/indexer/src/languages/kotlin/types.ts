/**
 * Kotlin types as the extraction states them: a `TypeRef` for receiver types (a class, object or
 * interface name chain; function types and type variables prove no class; `T?` proves T), and
 * the simple name overload selection compares (`Int`, `String`, `List`, `*` for a type variable).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';

/** The type inside `T?`, `(T)`, `@Ann T`, `suspend T`. */
function unwrapped(node: SyntaxNode): SyntaxNode {
  for (let depth = 0; depth < 8; depth++) {
    if (node.type !== 'nullable_type' && node.type !== 'parenthesized_type' && node.type !== 'type_modifiers' && node.type !== 'non_nullable_type') break;
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'type_modifiers' && c.type !== 'annotation');
    if (!inner) break;
    node = inner;
  }
  return node;
}

/** `Foo` → ['Foo'], `a.Foo.Bar` → ['a', 'Foo', 'Bar'], `Foo<T>` → ['Foo']; null for anything else. */
export function typeChain(node: SyntaxNode | null | undefined): string[] | null {
  if (!node) return null;
  node = unwrapped(node);
  if (node.type === 'identifier') return [node.text];
  if (node.type !== 'user_type') return null;
  const chain: string[] = [];
  for (const child of node.namedChildren) {
    if (child?.type === 'identifier') chain.push(child.text);
    // `@Composable RowScope` (a function type's receiver): the grammar puts the annotation inside the user type.
    else if (child?.type !== 'type_arguments' && !(child?.type === 'type_modifiers' && chain.length === 0)) return null;
  }
  return chain.length > 0 ? chain : null;
}

/**
 * The standard library's collections of one element type (`List<Item>`): iterating one, or a lambda
 * of `forEach`/`map`/… over it, gives an Item. (Maps are left out: their elements are entries.)
 */
const ELEMENT_COLLECTIONS = new Set([
  'List', 'MutableList', 'ArrayList', 'Set', 'MutableSet', 'HashSet', 'LinkedHashSet', 'Collection', 'MutableCollection',
  'Iterable', 'MutableIterable', 'Sequence', 'Array', 'ArrayDeque',
]);

/** The class a declared type proves (null: a function type, a type variable, `dynamic`); a collection's element type. */
export function declaredType(node: SyntaxNode | null | undefined, typeVariables: ReadonlySet<string>): TypeRef | null {
  const chain = typeChain(node);
  if (!chain || (chain.length === 1 && typeVariables.has(chain[0]))) return null;
  if (chain.length === 1 && ELEMENT_COLLECTIONS.has(chain[0])) {
    const user = unwrapped(node!);
    const argumentList = user.namedChildren.find((c) => c?.type === 'type_arguments');
    const projections = argumentList?.namedChildren.filter((c) => c?.type === 'type_projection') ?? [];
    const element = projections.length === 1 ? declaredType(typeChild(projections[0]), typeVariables) : null;
    if (element) return { kind: 'collection', element, named: chain };
  }
  return { kind: 'named', chain };
}

/** The class a type names, a collection's too (`List<Foo>` → List): what an extension extends, what a lambda's `this` is. */
export function namedType(node: SyntaxNode | null | undefined, typeVariables: ReadonlySet<string>): TypeRef | null {
  const chain = typeChain(node);
  return !chain || (chain.length === 1 && typeVariables.has(chain[0])) ? null : { kind: 'named', chain };
}

/** The receiver a function type states (`Foo.() -> Unit`, `(Foo.(Int) -> R)?`): what `this` is in a lambda of it. */
export function lambdaReceiverType(node: SyntaxNode | null | undefined, typeVariables: ReadonlySet<string>): TypeRef | null {
  const inner = node ? unwrapped(node) : null;
  if (inner?.type !== 'function_type') return null;
  const first = inner.namedChildren[0];
  return first && first.type !== 'function_type_parameters' ? namedType(first, typeVariables) : null;
}

/**
 * A parameter typed by a name that may be an alias of a function type with a receiver (`block: ModuleDeclaration`):
 * the receiver of the alias it names, found globally; nothing where the name is a class (a lambda then gets no receiver).
 */
export function aliasReceiverType(node: SyntaxNode | null | undefined, typeVariables: ReadonlySet<string>): TypeRef | null {
  const alias = namedType(node, typeVariables);
  return alias?.kind === 'named' ? { kind: 'alias-receiver', alias } : null;
}

/**
 * A function type's simple name states how many values it takes besides a receiver (`(T1, T2) -> R`, `A.(T1, T2) -> R`:
 * Function2): `singleOf(::Repo)` picks the overload whose function takes as many as Repo's constructor; a lambda fits either.
 */
function functionTypeName(node: SyntaxNode): string {
  const children = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
  const at = children.findIndex((c) => c.type === 'function_type_parameters');
  if (at < 0) return FUNCTION;
  return `${FUNCTION}${children[at].namedChildren.filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment').length}`;
}

/** The simple type of a lambda or a function value whose arity is not known; `Function<n>` where it is. */
export const FUNCTION = 'Function';

/** Whether a simple type (a parameter's, an argument's) is a function's, of any arity. */
export function isFunctionType(simple: string | null): boolean {
  return simple !== null && /^Function\d*$/.test(simple);
}

/** The simple name of a type, as parameter and argument types are compared. */
export function simpleType(node: SyntaxNode | null | undefined, typeVariables: ReadonlySet<string>): string | null {
  if (!node) return null;
  const inner = unwrapped(node);
  if (inner.type === 'function_type') return functionTypeName(inner);
  const chain = typeChain(inner);
  if (!chain) return null;
  const last = chain[chain.length - 1];
  return chain.length === 1 && typeVariables.has(last) ? '*' : last;
}

/** The first type node among a node's children (a parameter's, a property's, a function's result). */
export function typeChild(node: SyntaxNode | null | undefined, after?: SyntaxNode | null): SyntaxNode | null {
  for (const child of node?.namedChildren ?? []) {
    if (!child || (after && child.startIndex < after.endIndex)) continue;
    if (['user_type', 'nullable_type', 'function_type', 'parenthesized_type', 'non_nullable_type'].includes(child.type)) return child;
  }
  return null;
}

/** The type of a literal argument, or undefined when the node is no literal. */
export function literalType(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case 'string_literal':
    case 'multiline_string_literal':
      return 'String';
    case 'character_literal':
      return 'Char';
    case 'boolean_literal':
      return 'Boolean';
    case 'number_literal':
    case 'integer_literal':
    case 'hex_literal':
    case 'bin_literal':
      // An unsuffixed integer literal is an Int unless the parameter wants a Long (see argumentFits).
      return /[lL]$/.test(node.text) ? 'Long' : /[uU]/.test(node.text) ? undefined : 'Int';
    case 'float_literal':
    case 'real_literal':
      return /[fF]$/.test(node.text) ? 'Float' : 'Double';
    case 'identifier':
      return node.text === 'true' || node.text === 'false' ? 'Boolean' : node.text === 'null' ? 'null' : undefined;
    default:
      return undefined;
  }
}
