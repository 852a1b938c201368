/**
 * Function types given a name (`type Handler = (c: Context, next: Next) => Response`) and the parameters typed
 * by one (`handler: Handler`, `...handlers: H[]`, `T` with `T extends Handler`): what a function literal passed
 * there receives is what the named type states, found in the global pass (`callbackTypes`, `functionParameters`).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import { annotatedType, unionMembers } from './ecmascript-types.js';

const MAX_DEPTH = 6;

/** Per parameter of a function, the named type its annotation writes (see `Declaration.callbackTypes`). */
export function statedCallbackTypes(fn: SyntaxNode): Pick<Declaration, 'callbackTypes' | 'callbackRest'> {
  const params = fn.childForFieldName('parameters');
  if (!params) return {};
  const constraints = typeParameterConstraints(fn);
  const types: Array<TypeRef | null> = [];
  let rest = false;
  for (const param of params.namedChildren) {
    if (!param || param.type === 'comment') continue;
    const pattern = param.childForFieldName('pattern');
    if (types.length === 0 && pattern?.type === 'this') continue;
    rest = pattern?.type === 'rest_pattern';
    let typeNode = unwrap(param.childForFieldName('type'));
    // `...handlers: [H, H]`: one argument per element, as if each were a parameter of its own.
    const tuple = rest ? fixedTupleElements(typeNode) : null;
    if (tuple) {
      for (const element of tuple) types.push(namedFunctionType(unwrap(element), constraints, 0));
      rest = false;
      continue;
    }
    // `...handlers: H[]` / `...handlers: Array<H>`: each argument is one element.
    if (rest) typeNode = elementType(typeNode);
    types.push(namedFunctionType(typeNode, constraints, 0));
  }
  if (!types.some((type) => type !== null)) return {};
  return rest ? { callbackTypes: types, callbackRest: true } : { callbackTypes: types };
}

/**
 * What a type alias's value states as a function type: its parameters' types (`(c: Context) => R`), or the
 * named types of a union of them (`Handler | Middleware`). Empty for any other value.
 */
export function statedFunctionType(value: SyntaxNode | null, own: ReadonlySet<string> = NONE): Pick<Declaration, 'functionParameters' | 'functionTypes'> {
  const node = unwrap(value);
  if (node?.type === 'function_type') return { functionParameters: functionTypeParameters(node, own) };
  if (node?.type !== 'union_type') return {};
  const members = unionMembers(node).map((member) => unwrap(member)!);
  const named = members.map((member) => namedType(member, own));
  if (named.length > 0 && named.every((type) => type !== null)) return { functionTypes: named as TypeRef[] };
  // `((c: Context) => R) | ((c: Context, next: Next) => R)`: only when every member states the same parameters.
  if (members.length > 0 && members.every((member) => member.type === 'function_type')) {
    const each = members.map((member) => functionTypeParameters(member, own));
    const key = JSON.stringify(each[0]);
    if (each.every((params) => JSON.stringify(params) === key)) return { functionParameters: each[0] };
  }
  return {};
}

const NONE: ReadonlySet<string> = new Set();

/** A generic type's own type parameters (`type H<E, P> = …`, `interface M<S, T> { … }`): their names, and each one's default. */
export function ownTypeParameters(node: SyntaxNode): { own: ReadonlySet<string>; defaults?: Array<TypeRef | null> } {
  const parameters = (node.childForFieldName('type_parameters')?.namedChildren ?? []).filter((p): p is SyntaxNode => p?.type === 'type_parameter');
  const own = new Set(parameters.map((p) => p.childForFieldName('name')?.text ?? ''));
  if (own.size === 0) return { own };
  const defaults = parameters.map((p) => {
    const written = p.childForFieldName('value')?.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
    return written ? typeOrOwnParameter(unwrap(written), own) : null;
  });
  return defaults.some((d) => d !== null) ? { own, defaults } : { own };
}

/** A type written where a generic type's own type parameter may stand (`T`): that parameter, else the named type. */
function typeOrOwnParameter(node: SyntaxNode | null, own: ReadonlySet<string>): TypeRef | null {
  if (!node) return null;
  if (node.type === 'type_identifier' && own.has(node.text)) return { kind: 'type-parameter', name: node.text };
  return namedType(node, own) ?? annotatedType(node);
}

/**
 * An interface's call signatures (`interface Middleware { (context: Context, next: Next): unknown }`): the parameters
 * they state, where there is at least one and all state the same; empty otherwise. A function literal typed by
 * the interface receives them.
 */
export function statedCallSignature(body: SyntaxNode, own: ReadonlySet<string> = NONE): Pick<Declaration, 'functionParameters'> {
  const signatures = body.namedChildren.filter((member): member is SyntaxNode => member?.type === 'call_signature');
  if (signatures.length === 0) return {};
  // A signature with type parameters of its own (`<P>(path: P) => …`) states nothing about the interface's.
  if (signatures.some((signature) => signature.childForFieldName('type_parameters'))) return {};
  const each = signatures.map((signature) => functionTypeParameters(signature, own));
  const key = JSON.stringify(each[0]);
  return each.every((params) => JSON.stringify(params) === key) ? { functionParameters: each[0] } : {};
}

function functionTypeParameters(fnType: SyntaxNode, own: ReadonlySet<string>): Array<TypeRef | null> {
  const out: Array<TypeRef | null> = [];
  for (const p of fnType.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!p || p.type === 'comment') continue;
    if (out.length === 0 && p.childForFieldName('pattern')?.type === 'this') continue;
    if (p.type !== 'required_parameter' && p.type !== 'optional_parameter') {
      out.push(null);
      continue;
    }
    // `(context: T)` with T the generic type's own parameter: what a reference binds T to.
    const written = unwrap(p.childForFieldName('type'));
    out.push(written?.type === 'type_identifier' && own.has(written.text) ? { kind: 'type-parameter', name: written.text } : annotatedType(p.childForFieldName('type')));
  }
  return out;
}

/** `T extends Handler` of a function's own type parameters: T → the constraint's type node. */
export function typeParameterConstraints(fn: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const parameter of fn.childForFieldName('type_parameters')?.namedChildren ?? []) {
    if (parameter?.type !== 'type_parameter') continue;
    const name = parameter.childForFieldName('name')?.text;
    const constraint = parameter.childForFieldName('constraint')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (name && constraint) out.set(name, constraint);
  }
  return out;
}

/** A named type (or a union of named types) a parameter's annotation writes; a type parameter stands for its constraint. */
function namedFunctionType(node: SyntaxNode | null, constraints: ReadonlyMap<string, SyntaxNode>, depth: number): TypeRef | null {
  if (!node || depth > MAX_DEPTH) return null;
  const name = node.type === 'type_identifier' ? node.text : null;
  if (name !== null && constraints.has(name)) return namedFunctionType(unwrap(constraints.get(name)!), new Map(), depth + 1);
  if (node.type === 'union_type') {
    const members = unionMembers(node).map((member) => namedFunctionType(unwrap(member), constraints, depth + 1));
    if (members.length === 1) return members[0];
    return members.length > 1 && members.every((member) => member !== null) ? { kind: 'any-of', of: members as TypeRef[] } : null;
  }
  return namedType(node);
}

/** `Handler`, `Handler<E>`, `types.Handler`: a reference to a declared type, with the type arguments it writes. */
function namedType(node: SyntaxNode, own: ReadonlySet<string> = NONE): TypeRef | null {
  if (node.type !== 'type_identifier' && node.type !== 'generic_type' && node.type !== 'nested_type_identifier') return null;
  const named = annotatedType(node);
  if (named?.kind !== 'named') return named;
  // None written: each type parameter takes its default.
  if (node.type !== 'generic_type') return { ...named, typeArgumentRefs: [] };
  const args = node.childForFieldName('type_arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  return args.length > 0 ? { ...named, typeArgumentRefs: args.map((arg) => typeOrOwnParameter(unwrap(arg), own)) } : named;
}

/** The element types of a tuple type every element of which is required (`[A, B]`, not `[A, B?]` or `[A, ...B[]]`); null otherwise. */
export function fixedTupleElements(node: SyntaxNode | null): SyntaxNode[] | null {
  if (node?.type !== 'tuple_type') return null;
  const elements = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  return elements.every((e) => e.type !== 'optional_type' && e.type !== 'rest_type' && e.type !== 'optional_parameter' && e.type !== 'required_parameter') ? elements : null;
}

export function elementType(node: SyntaxNode | null): SyntaxNode | null {
  if (node?.type === 'array_type') return unwrap(node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null);
  if (node?.type === 'generic_type' && node.childForFieldName('name')?.text === 'Array') {
    const args = node.childForFieldName('type_arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
    return args.length === 1 ? unwrap(args[0]) : null;
  }
  return null;
}

function unwrap(node: SyntaxNode | null): SyntaxNode | null {
  let current = node;
  for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
    if (current.type !== 'type_annotation' && current.type !== 'parenthesized_type') return current;
    current = current.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  }
  return current;
}

