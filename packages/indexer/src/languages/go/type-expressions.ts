/**
 * What Go code states about types: the type a type expression names, and the type a value
 * expression proves (for receiver types), as `TypeRef`s resolved in the global pass.
 *
 * Go's static types never change, so a variable's declaration proves its type for its whole life:
 * `var x T`, `x := T{}`, `x := &T{}`, `x := new(T)`, `x := NewT()` (with NewT's declared result),
 * `x := v.(T)`. A pointer is the type it points to (methods of both are reached the same way).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { splitMemberChain, type MemberAccessShape } from '../../extraction/core/tree-walk.js';

/** How Go writes a member access: `operand.field`. */
export const SELECTOR: MemberAccessShape = {
  nodeType: 'selector_expression', object: 'operand', property: 'field', propertyTypes: new Set(['field_identifier']),
};

/** The named type a type expression means: `T`, `*T`, `pkg.T`, `G[A]` → the chain; null for slices, maps, funcs, … */
export function namedType(node: SyntaxNode | null | undefined): TypeRef | null {
  if (!node) return null;
  switch (node.type) {
    case 'type_identifier':
      return { kind: 'named', chain: [node.text] };
    case 'qualified_type': {
      const pkg = node.childForFieldName('package');
      const name = node.childForFieldName('name');
      return pkg && name ? { kind: 'named', chain: [pkg.text, name.text] } : null;
    }
    case 'pointer_type':
    case 'parenthesized_type':
      return namedType(node.namedChildren.find((c) => c !== null && c.type !== 'comment'));
    case 'generic_type':
      return namedType(node.childForFieldName('type'));
    default:
      return null;
  }
}

/**
 * What a type expression states about a value: the named type (`namedType`), or a collection of
 * them (`[]*T`, `[3]T`, `map[K]*V`, `chan T`; `*[3]T` is indexed and ranged like the array).
 */
export function statedType(node: SyntaxNode | null | undefined): TypeRef | null {
  if (!node) return null;
  const named = namedType(node);
  if (named) return named;
  switch (node.type) {
    case 'pointer_type':
    case 'parenthesized_type':
      return statedType(node.namedChildren.find((c) => c !== null && c.type !== 'comment'));
    case 'slice_type':
    case 'array_type': {
      const element = statedType(node.childForFieldName('element'));
      return element ? { kind: 'collection', element } : null;
    }
    case 'map_type': {
      const key = statedType(node.childForFieldName('key'));
      const element = statedType(node.childForFieldName('value'));
      return key || element ? { kind: 'collection', ...(element ? { element } : {}), ...(key ? { key } : {}) } : null;
    }
    case 'channel_type': {
      const element = statedType(node.childForFieldName('value'));
      return element ? { kind: 'collection', element, channel: true } : null;
    }
    default:
      return null;
  }
}

/** `a.b.c` as a name chain, or null when a part is no plain name. */
export function nameChain(node: SyntaxNode | null | undefined): string[] | null {
  if (!node) return null;
  if (node.type === 'identifier') return [node.text];
  if (node.type === 'selector_expression') {
    const operand = nameChain(node.childForFieldName('operand'));
    const field = node.childForFieldName('field');
    return operand && field?.type === 'field_identifier' ? [...operand, field.text] : null;
  }
  return null;
}

/** Index expressions that can be a type argument (`f[T]`, `f[pkg.T]`, `f[*T]`, `f[[]T]`). */
const TYPE_LIKE_INDEX: ReadonlySet<string> = new Set([
  'identifier', 'type_identifier', 'qualified_type', 'selector_expression', 'generic_type', 'pointer_type', 'slice_type',
  'array_type', 'map_type', 'channel_type', 'function_type', 'interface_type', 'struct_type',
]);

/**
 * The function a call names, through the forms tree-sitter-go 0.25 gives an explicit instantiation:
 * `f[T](a, b)` is a call of `f[T]` read as an index expression, `f[T](x)` a conversion to the generic
 * type `f[T]` (the grammar cannot tell a generic function from a generic type or a slice of
 * functions; the older grammar read all three as a call of `f` with type arguments, and so do we).
 * `pkg.F[T](x)` gives the name chain ['pkg', 'F'].
 */
export function instantiatedCallee(node: SyntaxNode | null | undefined): string[] | null {
  if (!node) return null;
  // `handlers[0](c)` indexes a slice of functions: only an index that can be a type instantiates.
  if (node.type === 'index_expression') return TYPE_LIKE_INDEX.has(node.childForFieldName('index')?.type ?? '') ? nameChain(node.childForFieldName('operand')) : null;
  if (node.type !== 'generic_type') return null;
  const type = node.childForFieldName('type');
  if (type?.type === 'type_identifier') return [type.text];
  const pkg = type?.type === 'qualified_type' ? type.childForFieldName('package') : null;
  const name = type?.childForFieldName('name');
  return pkg && name ? [pkg.text, name.text] : null;
}

/** Each result's stated type, in order (`(a, b *T, err error)` → T, T, null; `(*T, error)` → T, null). */
export function resultTypes(result: SyntaxNode | null | undefined): Array<TypeRef | null> {
  if (!result) return [];
  if (result.type !== 'parameter_list') return [statedType(result)];
  const types: Array<TypeRef | null> = [];
  for (const declaration of result.namedChildren) {
    if (declaration?.type !== 'parameter_declaration' && declaration?.type !== 'variadic_parameter_declaration') continue;
    const type = declaration.type === 'parameter_declaration' ? statedType(declaration.childForFieldName('type')) : null;
    const names = declaration.childrenForFieldName('name').filter((n) => n !== null).length;
    for (let i = 0; i < Math.max(names, 1); i++) types.push(type);
  }
  return types;
}

/** The single result type a function declares first (`(*T, error)` → T), or null. */
export function firstResultType(result: SyntaxNode | null | undefined): TypeRef | null {
  if (!result) return null;
  if (result.type !== 'parameter_list') return statedType(result);
  const first = result.namedChildren.find((c) => c?.type === 'parameter_declaration');
  return statedType(first?.childForFieldName('type'));
}

/**
 * The type a value expression proves at result index `index` (`c, r := f()`: the call's result
 * `index`, from what the callee declares).
 */
export function valueType(node: SyntaxNode | null | undefined, index = 0): TypeRef | null {
  if (!node) return null;
  switch (node.type) {
    case 'parenthesized_expression':
      return valueType(node.namedChildren.find((c) => c !== null && c.type !== 'comment'), index);
    case 'composite_literal':
      return index === 0 ? statedType(node.childForFieldName('type')) : null;
    case 'index_expression': {
      // `xs[i]`, `m[k]` (`v, ok := m[k]`: ok is a bool).
      const of = index === 0 ? valueType(node.childForFieldName('operand')) : null;
      return of ? { kind: 'element', of } : null;
    }
    case 'func_literal': {
      // `make := func() *T { … }`: calling make gives a T.
      const returns = index === 0 ? firstResultType(node.childForFieldName('result')) : null;
      return returns ? { kind: 'function', returns } : null;
    }
    case 'slice_expression':
      // `xs[1:]` holds what xs holds.
      return index === 0 ? valueType(node.childForFieldName('operand')) : null;
    case 'unary_expression': {
      // `&T{}`, `&xs[i]`, `&v`: a pointer reaches the methods of what it points to.
      const operand = node.childForFieldName('operand');
      return index === 0 && node.childForFieldName('operator')?.text === '&' ? valueType(operand) : null;
    }
    case 'identifier':
    case 'selector_expression': {
      if (index !== 0) return null;
      // `b := Query`, `e := pkg.Default`, `r := e.router`: what that name holds.
      const chain = nameChain(node);
      if (chain) return { kind: 'value', chain };
      // `f().a.b`: fields of a value of a stated type.
      const split = splitMemberChain(node, SELECTOR);
      const of = split && split.path.length > 0 ? valueType(split.base) : null;
      return of && split ? { kind: 'field', of, path: split.path } : null;
    }
    case 'type_assertion_expression':
      return index === 0 ? namedType(node.childForFieldName('type')) : null;
    case 'type_conversion_expression': {
      // `getTyped[string](c)`: tree-sitter-go 0.25's reading of a call with one type argument and one argument.
      const callee = instantiatedCallee(node.childForFieldName('type'));
      return callee ? { kind: 'call', callee, ...(index > 0 ? { result: index } : {}) } : null;
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      const args = node.childForFieldName('arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
      if (fn?.type === 'identifier' && fn.text === 'new' && args.length === 1) return index === 0 ? namedType(args[0]) : null;
      if (fn?.type === 'identifier' && fn.text === 'make' && args.length >= 1) return index === 0 ? statedType(args[0]) : null;
      const result = index > 0 ? { result: index } : {};
      const chain = nameChain(fn) ?? instantiatedCallee(fn);
      if (chain) return { kind: 'call', callee: chain, ...result };
      // `NewT().With(x)`, `b.Int64(…).Uint64(…)`: a method of the type the call before it returns.
      const operand = fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : null;
      const method = fn?.childForFieldName('field');
      const of = operand && method?.type === 'field_identifier' ? valueType(operand) : null;
      return of && method ? { kind: 'member-call', of, name: method.text, ...result } : null;
    }
    default:
      return null;
  }
}
