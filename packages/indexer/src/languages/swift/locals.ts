/** Swift's locals: closure parameters, `if let`/`guard let` bindings, typed locals, lambdas. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { endPositionOf, positionOf } from '../../extraction/core/scopes.js';
import { typeBound, type SwiftContext, type SwiftWalk } from './file-state.js';
import type { TypeRef } from '../../model/extraction.js';
import { declaredType, isTypeNode, literalType, simpleType, typeChain } from './types.js';
import { calledValueType, navigationTarget, valueType } from './calls.js';

/** `(Int, String) -> T`, `@escaping (T) -> U`, `((T) -> U)?`: the function type written, null for any other type. */
function functionType(type: SyntaxNode | null): SyntaxNode | null {
  let current = type;
  while (current && (current.type === 'optional_type' || current.type === 'implicitly_unwrapped_type' || current.type === 'tuple_type' || current.type === 'tuple_type_item')) {
    if (current.type === 'tuple_type' && current.namedChildren.length !== 1) return null;
    current = current.type === 'optional_type' ? current.childForFieldName('wrapped') ?? current.namedChildren[0] : current.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  }
  return current?.type === 'function_type' ? current : null;
}

/** The type nodes of a function type's parameters (`inout T` is T); null when the type is no function type. */
function functionParameterTypes(type: SyntaxNode | null): Array<SyntaxNode | null> | null {
  const params = functionType(type)?.childForFieldName('params');
  if (params?.type !== 'tuple_type') return null;
  return params.namedChildren.filter((c): c is SyntaxNode => c?.type === 'tuple_type_item')
    .map((item) => [...item.namedChildren].reverse().find((c) => isTypeNode(c)) ?? null);
}

/** `(Int, String) -> T`, `((T) -> U)?`: each parameter as a call passes it (`_:Int`); null for any other type. */
export function closureParameters(type: SyntaxNode | null, ctx: SwiftContext): string[] | null {
  return functionParameterTypes(type)?.map((typeNode) => `_:${simpleType(typeNode, ctx.typeVariables) ?? '?'}`) ?? null;
}

/** `(Response<T>) -> Void`: what a closure passed there receives, each parameter's stated type; null for no function type. */
export function callbackTypes(type: SyntaxNode | null, typeVariables: ReadonlySet<string>): Array<TypeRef | null> | null {
  return functionParameterTypes(type)?.map((typeNode) => declaredType(typeNode, typeVariables)) ?? null;
}

/** `if let x = v`, `guard let x = v`, `while let x = v`: x bound with v's stated type (guard: to the end of its block). */
export function visitConditionBindings(node: SyntaxNode, ctx: SwiftContext): boolean {
  const conditions = node.childrenForFieldName('condition').filter((c): c is SyntaxNode => c !== null && c.isNamed && c.type !== 'value_binding_pattern');
  for (const name of node.childrenForFieldName('bound_identifier')) {
    if (name?.type !== 'simple_identifier') continue;
    // The value is the condition right after the name (`let x = v`); `if let x {` rebinds x itself.
    const value = conditions.find((c) => c.startIndex > name.endIndex) ?? null;
    const next = value ? node.text.slice(name.endIndex - node.startIndex, value.startIndex - node.startIndex) : '';
    if (value && /^\s*=\s*$/.test(next)) {
      bindTyped(ctx, name, null, 'local', value);
      continue;
    }
    // `if let x {`: the outer x unwrapped — its stated type when that is a plain name.
    const verdict = ctx.scope.classify(name.text, true, positionOf(name));
    const held = verdict.locallyBound ? verdict.scope?.provenValue(name.text) : undefined;
    ctx.file.bindLocal(ctx.scope, name.text, 'local', held?.type.kind === 'named' ? held.type : null, null, name);
  }
  return true;
}

/** `x: T` (or `T?`) with `<T: P>`: a value of P, whose requirements and extension members it has. */
function boundOf(type: SyntaxNode | null, ctx: SwiftContext): TypeRef | null {
  const chain = typeChain(type);
  const bound = chain?.length === 1 ? typeBound(ctx, chain[0]) : undefined;
  return bound ? { kind: 'named', chain: bound } : null;
}

export function bindTyped(ctx: SwiftContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = declaredType(type, ctx.typeVariables) ?? boundOf(type, ctx);
  let simple = simpleType(type, ctx.typeVariables);
  if (!type && value) {
    stated = valueType(value, ctx);
    simple = literalType(value) ?? null;
  }
  // `let request = request(for: task)`: the name is bound after its initialiser, which still calls the method.
  ctx.file.bindLocal(ctx.scope, name.text.replace(/^`|`$/g, ''), kind, stated, simple === '*' ? null : simple, kind === 'parameter' ? undefined : value ? { visibleFrom: endPositionOf(value), valueAt: positionOf(value) } : name);
}

/**
 * The call a closure is an argument of, and which: `f(x, { … })`, `f(done: { … })`, and the trailing closure
 * `f(x) { … }`, which may fill a parameter after ones with default values the call leaves out.
 */
function passedTo(node: SyntaxNode, ctx: SwiftContext): { call: TypeRef; argument: number; skipsDefaults: boolean } | undefined {
  let suffix = node.parent;
  let argument = 0;
  let skipsDefaults = true;
  if (suffix?.type === 'value_argument') {
    const list = suffix.parent;
    if (list?.type !== 'value_arguments' || list.child(0)?.type === '[') return undefined;
    const values = list.namedChildren.filter((c) => c?.type === 'value_argument');
    argument = values.findIndex((c) => c!.id === suffix!.id);
    // An unlabelled closure among unlabelled arguments fills the parameter at its position.
    skipsDefaults = values.some((c) => c!.childForFieldName('name'));
    suffix = list.parent;
  } else if (suffix?.type === 'call_suffix') {
    // Only the first trailing closure: later ones are labelled (`} label: { … }`).
    if (suffix.namedChildren.find((c) => c?.type === 'lambda_literal')?.id !== node.id) return undefined;
    const list = suffix.namedChildren.find((c) => c?.type === 'value_arguments');
    argument = list?.namedChildren.filter((c) => c?.type === 'value_argument').length ?? 0;
  } else {
    return undefined;
  }
  const call = suffix?.type === 'call_suffix' ? suffix.parent : null;
  if (call?.type !== 'call_expression') return undefined;
  const type = calledValueType(call, ctx);
  return type?.kind === 'call' || type?.kind === 'member-call' ? { call: type, argument, skipsDefaults } : undefined;
}

/**
 * The standard library's sequence methods whose closure receives elements of the sequence (`xs.map { $0.f() }`):
 * how many of its parameters are elements (`sorted(by:)` compares two).
 */
const ELEMENT_CLOSURES: ReadonlyMap<string, number> = new Map([
  ...['map', 'compactMap', 'flatMap', 'forEach', 'filter', 'first', 'last', 'contains', 'allSatisfy', 'firstIndex', 'lastIndex',
    'drop', 'prefix', 'removeAll', 'partition'].map((name): [string, number] => [name, 1]),
  ...['sorted', 'sort', 'min', 'max'].map((name): [string, number] => [name, 2]),
]);

/** `xs.map { … }` with a closure as the call's only argument: the value of the sequence it is called on, and how many elements the closure receives. */
function elementsPassed(node: SyntaxNode, ctx: SwiftContext): { of: TypeRef; count: number } | undefined {
  const suffix = node.parent?.type === 'value_argument' ? node.parent.parent?.parent : node.parent;
  const call = suffix?.type === 'call_suffix' ? suffix.parent : null;
  if (call?.type !== 'call_expression' || suffix!.namedChildren.filter((c) => c?.type !== 'comment').length !== 1) return undefined;
  const args = suffix!.namedChildren[0];
  if (args?.type === 'value_arguments' && (args.namedChildren.length !== 1 || args.child(0)?.type === '[')) return undefined;
  const fn = call.namedChildren[0];
  const name = fn?.type === 'navigation_expression' ? fn.childForFieldName('suffix')?.childForFieldName('suffix') : null;
  const count = name ? ELEMENT_CLOSURES.get(name.text) : undefined;
  const receiver = fn?.type === 'navigation_expression' ? navigationTarget(fn) : null;
  const of = count && receiver ? valueType(receiver, ctx) : null;
  return of && count ? { of, count } : undefined;
}

/** The names a stated type starts its look-ups with (`x.run()` → x). */
function headNames(type: TypeRef, into: Set<string> = new Set()): Set<string> {
  if (type.kind === 'call') into.add(type.callee[0]);
  else if (type.kind === 'named' || type.kind === 'value') into.add(type.chain[0]);
  else if (type.kind === 'member-call' || type.kind === 'field' || type.kind === 'element' || type.kind === 'callback-parameter') headNames(type.of, into);
  return into;
}

export function visitLambda(node: SyntaxNode, ctx: SwiftContext, walk: SwiftWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: SwiftContext = { ...ctx, scope };
  const type = node.childForFieldName('type');
  let passed = passedTo(node, ctx);
  const names = type?.descendantsOfType('lambda_parameter').map((p) => (p?.childForFieldName('name') ?? p?.namedChildren.find((c) => c?.type === 'simple_identifier'))?.text) ?? [];
  // The call's names are looked up in the closure's scope: `x.run { x in … }` would read its own parameter.
  if (passed && [...headNames(passed.call)].some((name) => names.includes(name) || /^\$\d+$/.test(name))) passed = undefined;
  // An untyped closure parameter is what the called function's parameter type states its closures receive.
  // A sequence method of the standard library hands its closure the elements: nothing where the receiver is no array the code states.
  let elements = elementsPassed(node, ctx);
  if (elements && [...headNames(elements.of)].some((name) => names.includes(name) || /^\$\d+$/.test(name))) elements = undefined;
  const given = (parameter: number): TypeRef | null => (elements
    ? (parameter < elements.count ? { kind: 'element', of: elements.of } : null)
    : passed ? { kind: 'callback-parameter', of: passed.call, argument: passed.argument, parameter, ...(passed.skipsDefaults ? { skipsDefaults: true } : {}) } : null);
  const parameters = type?.descendantsOfType('lambda_parameter') ?? [];
  parameters.forEach((parameter, index) => {
    const name = parameter?.childForFieldName('name') ?? parameter?.namedChildren.find((c) => c?.type === 'simple_identifier');
    if (!name) return;
    const stated = parameter!.namedChildren.find((c) => isTypeNode(c)) ?? null;
    if (stated || (!passed && !elements)) bindTyped(inner, name, stated, 'parameter');
    else ctx.file.bindLocal(scope, name.text.replace(/^`|`$/g, ''), 'parameter', given(index), null);
  });
  if (!type && (passed || elements)) {
    // `{ $0.name() }`: the anonymous parameters the body uses.
    const used = new Set<number>();
    for (const id of node.descendantsOfType('simple_identifier')) {
      const match = id && /^\$(\d+)$/.exec(id.text);
      if (match) used.add(Number(match[1]));
    }
    for (const index of used) ctx.file.bindLocal(scope, `$${index}`, 'parameter', given(index), null);
  }
  for (const child of node.namedChildren) if (child && child.id !== type?.id) walk.push(child, inner);
}
