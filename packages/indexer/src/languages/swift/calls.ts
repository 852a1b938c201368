/** Swift's call sites: calls with their receiver chains and labelled argument types, implicit member calls (`.make()`), and the types values state. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { positionOf } from '../../extraction/core/scopes.js';
import { typeBound, type ArgumentType, type SwiftContext } from './file-state.js';
import { declaredType, isTypeNode, literalType, STANDARD_TYPES, typeChain } from './types.js';

/**
 * What a member is read from: `a` in `a.b` and in `a?.b` (optional chaining reads the member of the wrapped
 * value; the grammar gives the `?` the same field name, which `childForFieldName` would return).
 */
export function navigationTarget(node: SyntaxNode): SyntaxNode | null {
  const first = node.child(0);
  // `!a.matches(b)` is `!(a.matches(b))` (a prefix operator applies to the whole postfix expression), which the
  // grammar reads as `(!a).matches(b)`: the member is a's.
  const operand = first?.type === 'prefix_expression' && first.child(0)?.type !== '.' ? first.childForFieldName('target') : null;
  if (operand) return operand;
  return first?.isNamed ? first : null;
}

/** `-a.f()`: the value is the prefix operator's result (read as `(-a).f()` by the grammar), whose type is not stated. */
function isOperatorApplied(call: SyntaxNode): boolean {
  let current: SyntaxNode | null = call.namedChildren[0];
  while (current?.type === 'navigation_expression' || current?.type === 'call_expression') {
    const first: SyntaxNode | null = current.child(0);
    if (first?.type === 'prefix_expression' && first.child(0)?.type !== '.') return true;
    current = first;
  }
  return false;
}

/** `a.b.c` → ['a', 'b', 'c'], `self.x` → ['self', 'x'], `super` → ['super']; undefined otherwise. */
function receiverChain(node: SyntaxNode): string[] | undefined {
  switch (node.type) {
    case 'simple_identifier':
      return [node.text.replace(/^`|`$/g, '')];
    case 'self_expression':
      return ['self'];
    case 'super_expression':
      return ['super'];
    case 'user_type':
      // `Signal<Int, Never>.pipe()`: a static member of the generic type, whatever its arguments.
      return typeChain(node) ?? undefined;
    case 'navigation_expression': {
      const target = navigationTarget(node);
      const name = node.childForFieldName('suffix')?.childForFieldName('suffix');
      if (!target || name?.type !== 'simple_identifier') return undefined;
      const chain = receiverChain(target);
      return chain && chain[0] !== 'super' ? [...chain, name.text] : undefined;
    }
    default:
      return undefined;
  }
}

/** `make().a.b` → the base `make()` and the member names after it. */
function splitNavigation(node: SyntaxNode): { base: SyntaxNode; path: string[] } | undefined {
  const path: string[] = [];
  let current: SyntaxNode | null = node;
  while (current?.type === 'navigation_expression') {
    const name = current.childForFieldName('suffix')?.childForFieldName('suffix');
    if (name?.type !== 'simple_identifier') return undefined;
    path.unshift(name.text);
    current = navigationTarget(current);
  }
  return current ? { base: current, path } : undefined;
}

/** `XCTUnwrap(v)`: XCTest's unwrapping of an optional, v itself (undefined for any other call). */
function unwrappedByTest(node: SyntaxNode): SyntaxNode | undefined {
  if (node.type !== 'call_expression' || node.namedChildren[0]?.text !== 'XCTUnwrap') return undefined;
  const list = node.namedChildren[1]?.namedChildren.find((c) => c?.type === 'value_arguments');
  const first = list?.child(0)?.type === '(' ? list.namedChildren.find((c) => c?.type === 'value_argument') : undefined;
  return first && !first.childForFieldName('name') ? first.childForFieldName('value') ?? undefined : undefined;
}

function unwrap(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (['try_expression', 'await_expression', 'tuple_expression', 'postfix_expression', 'force_unwrap_expression'].includes(current.type)) {
    const inner = current.childForFieldName('expr') ?? current.childForFieldName('value') ?? current.namedChildren.find((c) => c !== null && c.type !== 'try_operator');
    if (!inner || (current.type === 'tuple_expression' && current.namedChildren.length !== 1) || (current.type === 'postfix_expression' && !current.text.endsWith('!'))) break;
    current = inner;
  }
  const tested = unwrappedByTest(current);
  return tested ? unwrap(tested) : current;
}

/** The type a value is stated to be: `T(…)`, a call's declared result, `x as T`, `x as? T`. */
export function valueType(node: SyntaxNode, ctx: SwiftContext): TypeRef | null {
  node = unwrap(node);
  switch (node.type) {
    case 'as_expression':
      return declaredType(node.childForFieldName('type') ?? node.namedChildren.find((c) => isTypeNode(c)), ctx.typeVariables);
    case 'constructor_expression': {
      // `Box<Int>(…)`: a value of the generic type constructed.
      const chain = typeChain(node.childForFieldName('constructed_type'));
      return chain ? { kind: 'call', callee: chain } : null;
    }
    case 'call_expression': {
      // `try await app.testing().test(…)`: one `await` covers every call of the expression, async or not — the result of
      // an async callee awaited, or of a synchronous one as it is (whichever the callee is, that reading proves it).
      const called = calledValueType(node, ctx);
      return called && (called.kind === 'call' || called.kind === 'member-call') && underAwait(node) && nestedCalls(node) <= 3
        ? { kind: 'any-of', of: [called, { ...called, awaited: true }] } : called;
    }
    case 'simple_identifier':
    case 'navigation_expression': {
      // `if let x = y`, `let x = self.y`: whatever y was proven to hold.
      const chain = receiverChain(node);
      return chain && chain[0] !== 'super' ? { kind: 'value', chain } : null;
    }
    case 'nil_coalescing_expression': {
      // `a ?? b`: the value a wraps, or b — of the type both state (b alone proves nothing about a).
      const value = node.childForFieldName('value');
      const fallback = node.childForFieldName('if_nil');
      const left = value ? valueType(value, ctx) : null;
      const right = fallback ? valueType(fallback, ctx) : null;
      return left && right ? { kind: 'any-of', of: [left, right], common: true } : null;
    }
    case 'self_expression':
      return enclosingType(ctx);
    case 'prefix_expression': {
      // `.make()`, `.init(…)` where the contextual type is stated: a value of that type.
      const implicit = implicitMemberCall(node, ctx);
      return implicit ? { kind: 'member-call', of: implicit.type, name: implicit.name } : null;
    }
    default: {
      // `["a"].f()`: an array literal is an Array (Swift's default for it), which `extension Array`/`Collection` extend.
      if (node.type === 'array_literal') return { kind: 'collection', named: ['Array'] };
      // `"a".f()`: a literal is a value of its standard type, which the workspace may extend.
      const literal = literalType(node);
      return literal && STANDARD_TYPES.has(literal) ? { kind: 'named', chain: [literal] } : null;
    }
  }
}

/** The type a call's value is stated to have (a subscript's element, a constructor's, a callee's declared result). */
export function calledValueType(node: SyntaxNode, ctx: SwiftContext): TypeRef | null {
  // `xs[i]`: an element of the array xs holds (nothing where xs is no array the code states).
  if (isSubscript(node)) {
    const of = node.namedChildren[0] ? valueType(node.namedChildren[0], ctx) : null;
    return of ? { kind: 'element', of } : null;
  }
  const callee = calleeOf(node);
  if (!callee || isOperatorApplied(node)) return null;
  // The labels written select among overloads whose results differ (`request(x)` beside `request(for:as:)`).
  const args = writtenArguments(node, ctx);
  // `task(for: id, as: Upload.self)`: the type a generic callee returns where its one metatype parameter is it (declarations.ts).
  const metatype = metatypeArgument(node);
  const inferred = metatype ? { typeArguments: [{ kind: 'named' as const, chain: metatype }] } : {};
  if (callee.object === null) return { kind: 'call', callee: [callee.name], arguments: args, ...inferred };
  const chain = receiverChain(callee.object);
  if (chain) {
    if (chain[0] === 'super') return null;
    const call: TypeRef = { kind: 'call', callee: [...chain, callee.name], arguments: args, ...inferred };
    return callee.name === 'get' && args.length === 0 ? { kind: 'any-of', of: [call, { kind: 'element', of: { kind: 'value', chain } }] } : call;
  }
  const of = valueType(callee.object, ctx);
  if (!of) return null;
  const called: TypeRef = { kind: 'member-call', of, name: callee.name, arguments: args, ...inferred };
  // `try load().get()`: a Result's Success value (types.ts states a Result as holding it), or a `get()` of the workspace's.
  return callee.name === 'get' && args.length === 0 ? { kind: 'any-of', of: [called, { kind: 'element', of }] } : called;
}

/** How many calls a call's callee is made on (`a.b().c().d()`: 2 for the last), each of which an `await` doubles the readings of. */
function nestedCalls(node: SyntaxNode): number {
  let count = 0;
  for (let current = node.namedChildren[0]; current; current = current.namedChildren[0]) {
    if (current.type === 'call_expression') count++;
    if (current.type !== 'call_expression' && current.type !== 'navigation_expression') break;
  }
  return count;
}

/** The type whose code `ctx` is in: the class declared around it, or the type an extension extends. */
function enclosingType(ctx: SwiftContext): TypeRef | null {
  const path = ctx.classId !== null ? ctx.file.pathOf(ctx.classId) : undefined;
  return path ? { kind: 'named', chain: path } : ctx.extension;
}

function calleeOf(node: SyntaxNode): { name: string; object: SyntaxNode | null } | undefined {
  const fn = node.namedChildren[0];
  if (!fn) return undefined;
  if (fn.type === 'simple_identifier') return { name: fn.text.replace(/^`|`$/g, ''), object: null };
  if (fn.type === 'navigation_expression') {
    const name = fn.childForFieldName('suffix')?.childForFieldName('suffix');
    const target = navigationTarget(fn);
    return name?.type === 'simple_identifier' && target ? { name: name.text.replace(/^`|`$/g, ''), object: target } : undefined;
  }
  // `Foo<Int>(…)`: a generic type constructed.
  if (fn.type === 'user_type') {
    const chain = typeChain(fn);
    return chain?.length === 1 ? { name: chain[0], object: null } : undefined;
  }
  return undefined;
}

/** `.comment`, `.custom(x)`, `.init(…)`: the member an implicit member expression names. */
function implicitMemberName(node: SyntaxNode): string | undefined {
  const fn = node.type === 'call_expression' ? node.namedChildren[0] : node;
  if (fn?.type !== 'prefix_expression' || fn.child(0)?.type !== '.') return undefined;
  const target = fn.childForFieldName('target');
  return target?.type === 'simple_identifier' ? target.text.replace(/^`|`$/g, '') : undefined;
}

/** The one argument of a call that is a metatype (`as: Upload.self`): the type's chain; undefined with none or several, or explicit type arguments. */
function metatypeArgument(call: SyntaxNode): string[] | undefined {
  const suffix = call.namedChildren.find((c) => c?.type === 'call_suffix');
  const list = suffix?.namedChildren.find((c) => c?.type === 'value_arguments');
  if (!list || list.child(0)?.type !== '(') return undefined;
  const found = list.namedChildren.filter((c) => c?.type === 'value_argument').map((argument) => {
    const value = argument!.childForFieldName('value');
    if (value?.type !== 'navigation_expression' || value.childForFieldName('suffix')?.childForFieldName('suffix')?.text !== 'self') return undefined;
    const chain = receiverChain(navigationTarget(value) ?? value);
    return chain && chain.every((part) => /^[A-Z]/.test(part)) ? chain : undefined;
  }).filter((chain) => chain !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

/** `UInt.self`, `Outer.Inner.self` → the type's simple name; undefined for any other expression (a value's `self`). */
function metatypeOf(node: SyntaxNode): string | undefined {
  const name = node.childForFieldName('suffix')?.childForFieldName('suffix');
  if (name?.text !== 'self') return undefined;
  const chain = receiverChain(navigationTarget(node) ?? node);
  return chain && chain.every((part) => /^[A-Z]/.test(part)) ? chain[chain.length - 1] : undefined;
}

function argumentType(node: SyntaxNode, ctx: SwiftContext): ArgumentType {
  const literal = literalType(node);
  if (literal !== undefined) return literal;
  // A member of the parameter's type, the type left out: written `.name` for overload selection (name-binding.ts).
  const implicit = implicitMemberName(node);
  if (implicit !== undefined) return `.${implicit}`;
  if (node.type === 'simple_identifier') return { name: node.text, scope: ctx.scope, at: positionOf(node) };
  // `UInt.self`: the metatype, as a `UInt.Type` parameter is written (types.ts `simpleType`).
  const metatype = node.type === 'navigation_expression' ? metatypeOf(node) : undefined;
  if (metatype) return `Type<${metatype}>`;
  // `\.retries`: a key path literal, written `\` (name-binding.ts: it fills a key path parameter exactly).
  if (node.type === 'navigation_expression' && navigationTarget(node)?.type === 'key_path_expression') return '\\';
  // `request(endpoint.modifying(x))`: the type the call's result states, which the resolver evaluates. (Not a property read:
  // a `case .x(let request)` pattern binds no local, so `request.id` could read an outer property's.)
  if (unwrap(node).type === 'call_expression') {
    const stated = valueType(node, ctx);
    return stated ? { stated } : null;
  }
  // `with: Test.request`, `self.request`: a type's static property or the instance's own, which no pattern binding shadows.
  if (node.type === 'navigation_expression') {
    const chain = receiverChain(node);
    if (chain && chain.length >= 2 && (chain[0] === 'self' || /^[A-Z]/.test(chain[0]))) return { stated: { kind: 'value', chain } };
  }
  return null;
}

/**
 * `Wrapper<Data>.image(x)`: the grammar reads a generic type's static call in an expression as comparisons
 * (`Wrapper < (Data > .image(x))`); the type named before `<`, where the call is the implicit member after `>`.
 */
function genericTypeCalled(node: SyntaxNode): string[] | undefined {
  const inner = node.parent;
  if (inner?.type !== 'comparison_expression' || node.previousSibling?.type !== '>' || inner.namedChildren.length !== 2) return undefined;
  const outer = inner.parent;
  if (outer?.type !== 'comparison_expression' || outer.child(1)?.type !== '<' || outer.lastChild?.id !== inner.id) return undefined;
  const type = outer.namedChildren[0];
  const argument = inner.namedChildren[0];
  if (type?.type !== 'simple_identifier' || !/^[A-Z]/.test(type.text) || argument?.type !== 'simple_identifier' || !/^[A-Z]/.test(argument.text)) return undefined;
  return [type.text];
}

/** Each argument as `label:Type` (`_` unlabelled, `?` an unknown type, `*` a trailing closure's unknown label). */
function argumentsOf(node: SyntaxNode, ctx: SwiftContext): { labels: string[]; types: ArgumentType[] } {
  const suffix = node.namedChildren.find((c) => c?.type === 'call_suffix' || c?.type === 'constructor_suffix');
  const labels: string[] = [];
  const types: ArgumentType[] = [];
  for (const part of suffix?.namedChildren ?? []) {
    if (part?.type === 'value_arguments') {
      for (const argument of part.namedChildren) {
        if (argument?.type !== 'value_argument') continue;
        const label = argument.childForFieldName('name');
        const value = argument.childForFieldName('value');
        labels.push(label ? label.text.replace(/:$/, '').trim() : '_');
        types.push(value ? argumentType(value, ctx) : null);
      }
    } else if (part?.type === 'lambda_literal') {
      labels.push('*');
      types.push(null);
    }
  }
  return { labels, types };
}

/** A call's arguments as overload selection writes them, a type only where the syntax states it (`label:String`, else `label:?`). */
function writtenArguments(node: SyntaxNode, ctx: SwiftContext): string[] {
  const { labels, types } = argumentsOf(node, ctx);
  return labels.map((label, i) => `${label}:${typeof types[i] === 'string' ? types[i] : '?'}`);
}

/** `xs[i]` is a subscript, parsed as a call with bracketed arguments: no call of `xs`. */
function isSubscript(node: SyntaxNode): boolean {
  const suffix = node.namedChildren.find((c) => c?.type === 'call_suffix');
  const args = suffix?.namedChildren[0];
  return args?.type === 'value_arguments' && args.child(0)?.type === '[';
}

/**
 * The type an expression is written to have where its context states it (Swift's contextual type):
 * the annotation of the variable it initialises (`let x: T = …`), the element type of an annotated
 * array it is an element of (`let xs: [T] = [ … ]`), the declared result of the function it is returned
 * from (`return …`, or a body of that one expression). Null anywhere else (an argument, an operand).
 */
function contextualType(node: SyntaxNode, ctx: SwiftContext): TypeRef | null {
  let value = node;
  let element = false;
  let parent = value.parent;
  while (parent && ['try_expression', 'await_expression'].includes(parent.type)) {
    value = parent;
    parent = parent.parent;
  }
  if (parent?.type === 'array_literal') {
    element = true;
    value = parent;
    parent = parent.parent;
  }
  if (!parent) return null;
  if (parent.type === 'value_argument' && parent.childForFieldName('value')?.id === value.id) {
    const argument = argumentParameter(parent, ctx);
    return argument && element ? { kind: 'element', of: argument } : argument;
  }
  let stated: SyntaxNode | null = null;
  // `x = .make()`, `self.x = .make()`: the type of what x holds (its declaration states it).
  if (parent.type === 'assignment' && !element && parent.childForFieldName('result')?.id === value.id && parent.child(1)?.type === '=') {
    const chain = receiverChain(parent.childForFieldName('target')?.namedChildren[0] ?? parent.namedChildren[0]!);
    return chain && chain[0] !== 'super' ? { kind: 'value', chain } : null;
  }
  // `func f(radius: Radius = .point(0))`: a default value has its parameter's type.
  const before = value.previousSibling;
  if (before?.type === '=' && before.previousSibling?.type === 'parameter') {
    stated = before.previousSibling.namedChildren.find((c) => isTypeNode(c)) ?? null;
  } else if (parent.type === 'property_declaration' && parent.childForFieldName('value')?.id === value.id) {
    stated = parent.namedChildren.find((c) => c?.type === 'type_annotation')?.namedChildren.find((c) => isTypeNode(c)) ?? null;
  } else if (parent.type === 'control_transfer_statement' && parent.childForFieldName('result')?.id === value.id && parent.text.startsWith('return')) {
    stated = returnTypeNode(parent);
  } else if (parent.type === 'statements' && parent.namedChildren.filter((c) => c && c.type !== 'comment' && c.type !== 'multiline_comment').length === 1
    && (parent.parent?.type === 'function_body' || parent.parent?.type === 'computed_property')) {
    // A function whose body is this one expression returns it.
    stated = returnTypeNode(parent);
  }
  if (!stated) return null;
  if (stated.type === 'optional_type') stated = stated.childForFieldName('wrapped') ?? stated.namedChildren[0] ?? null;
  // `static var json: Self { .init(…) }`: Self is the type whose code this is.
  if (!element && typeChain(stated)?.join('.') === 'Self') return enclosingType(ctx);
  if (element) {
    if (stated?.type !== 'array_type') return null;
    stated = stated.childForFieldName('element') ?? stated.namedChildren.find((c) => isTypeNode(c)) ?? null;
  } else if (stated?.type === 'array_type' || stated?.type === 'dictionary_type') {
    return null;
  }
  return declaredType(stated, ctx.typeVariables);
}

/**
 * `f(reason: .x)`, `T(.x)`, `.make(.x)`: the parameter the argument fills, of the call's callee (a type called
 * is its `init`), named by the argument's label or its position; null in a subscript or where the callee is unstated.
 */
function argumentParameter(argument: SyntaxNode, ctx: SwiftContext): TypeRef | null {
  const list = argument.parent;
  if (list?.type !== 'value_arguments' || list.child(0)?.type === '[') return null;
  const call = list.parent?.parent;
  if (!call) return null;
  let of: TypeRef | null = null;
  if (call.type === 'constructor_expression') {
    const chain = typeChain(call.childForFieldName('constructed_type'));
    of = chain ? { kind: 'member-call', of: { kind: 'named', chain }, name: 'init' } : null;
  } else if (call.type === 'call_expression' && list.parent?.type === 'call_suffix') {
    // `.assignment(left: .selfDot(x))`: an implicit member call's own arguments, where its contextual type is stated.
    const implicit = calledValueType(call, ctx) === null ? implicitMemberCall(call, ctx) : null;
    of = implicit ? { kind: 'member-call', of: implicit.type, name: implicit.name } : calledValueType(call, ctx);
    // `Response(…)`: a type called runs its `init` (a function of that name is called as itself).
    const fn = call.namedChildren[0];
    if (of?.kind === 'call' && fn && (fn.type === 'simple_identifier' || fn.type === 'navigation_expression') && /^[A-Z]/.test(of.callee[of.callee.length - 1])
      && !ctx.scope.classify(of.callee[0], true, positionOf(fn)).locallyBound) {
      of = { kind: 'member-call', of: { kind: 'named', chain: of.callee }, name: 'init' };
    }
  }
  if (of?.kind !== 'call' && of?.kind !== 'member-call') return null;
  const index = list.namedChildren.filter((c) => c?.type === 'value_argument').findIndex((c) => c!.id === argument.id);
  const label = argument.childForFieldName('name');
  const value = argument.childForFieldName('value');
  const member = value ? implicitMemberName(value) : undefined;
  return { kind: 'argument', of, argument: index, ...(label ? { label: label.text.replace(/:$/, '').trim() } : {}), ...(member ? { member } : {}) };
}

/** The declared result type of the function (not a closure) a statement is in. */
function returnTypeNode(node: SyntaxNode): SyntaxNode | null {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === 'computed_property') {
      // `var x: T { … }` (a getter written as the body): its result is the property's type.
      const property = current.parent;
      return property?.type === 'property_declaration'
        ? property.namedChildren.find((c) => c?.type === 'type_annotation')?.namedChildren.find((c) => isTypeNode(c)) ?? null : null;
    }
    if (current.type === 'lambda_literal' || current.type === 'init_declaration' || current.type === 'property_declaration'
      || current.type === 'subscript_declaration') return null;
    if (current.type === 'function_declaration') return current.childrenForFieldName('name').find((c) => isTypeNode(c)) ?? null;
  }
  return null;
}

/** `.make(…)` / `.init(…)` (an implicit member expression) with a stated contextual type: that type and the member's name. */
function implicitMemberCall(node: SyntaxNode, ctx: SwiftContext): { type: TypeRef; name: string } | null {
  const fn = node.type === 'call_expression' ? node.namedChildren[0] : node;
  if (fn?.type !== 'prefix_expression' || fn.child(0)?.type !== '.') return null;
  const target = fn.childForFieldName('target');
  if (target?.type !== 'simple_identifier') return null;
  const name = target.text.replace(/^`|`$/g, '');
  // `.some(x)` / `.none` of an optional context are Optional's own cases.
  if (name === 'some' || name === 'none') return null;
  const type = contextualType(node.type === 'call_expression' ? node : fn, ctx);
  return type ? { type, name } : null;
}

/** `Box<Int>(…)`, `Outer.Box<Int>(…)`: a call of the generic type's initialiser (the resolver makes it an instantiation). */
export function visitConstructor(node: SyntaxNode, ctx: SwiftContext): boolean {
  const chain = typeChain(node.childForFieldName('constructed_type'));
  if (!chain) return true;
  const args = argumentsOf(node, ctx);
  ctx.file.addSite('calls', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx, args.types, args.labels);
  return true;
}

/** Whether `await` covers the call: written before it or before the expression it is part of (`try await a.b().c()`). */
function underAwait(node: SyntaxNode): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === 'await_expression') return true;
    if (['statements', 'lambda_literal', 'function_body', 'computed_property', 'class_body', 'source_file'].includes(current.type)) return false;
  }
  return false;
}

export function visitCall(node: SyntaxNode, ctx: SwiftContext): boolean {
  if (isSubscript(node)) return true;
  const generic = genericTypeCalled(node);
  const member = generic && implicitMemberName(node);
  if (generic && member) {
    const args = argumentsOf(node, ctx);
    ctx.file.addSite('calls', { name: member, receiver: generic }, node, ctx, args.types, args.labels);
    return true;
  }
  const implicit = implicitMemberCall(node, ctx);
  if (implicit) {
    const args = argumentsOf(node, ctx);
    ctx.file.addSite('calls', { name: implicit.name, receiver: undefined, typedReceiver: { type: implicit.type, path: [] } }, node, ctx, args.types, args.labels);
    return true;
  }
  const callee = calleeOf(node);
  if (!callee) return true;
  let target: SiteTarget;
  if (!callee.object) {
    target = { name: callee.name, receiver: [] };
  } else {
    const chain = receiverChain(callee.object);
    const bound = chain && typeBound(ctx, chain[0]);
    if (chain && bound && !ctx.scope.classify(chain[0], true, positionOf(callee.object)).locallyBound) {
      // `T.fromData(d)` with `<T: P>`: P's (static) member, as T conforms to P.
      target = { name: callee.name, receiver: undefined, typedReceiver: { type: { kind: 'named', chain: bound }, path: chain.slice(1) } };
    } else if (chain) {
      target = { name: callee.name, receiver: chain };
    } else {
      const split = splitNavigation(callee.object);
      const type = split ? valueType(split.base, ctx) : null;
      target = { name: callee.name, receiver: undefined, typedReceiver: type && split ? { type, path: split.path } : undefined };
    }
  }
  const args = argumentsOf(node, ctx);
  const site = ctx.file.addSite('calls', target, node, ctx, args.types, args.labels);
  if (underAwait(node)) site.awaited = true;
  return true;
}
