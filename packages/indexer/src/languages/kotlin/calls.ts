/** Kotlin's call sites: calls with their receiver chains and argument types (for overloads), delegation calls, callable references. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { ArgumentType, KotlinContext, KotlinWalk } from './file-state.js';
import { declaredType, FUNCTION, literalType, namedType, typeChain, typeChild } from './types.js';

/** Scope functions whose lambda's `this` is another value (`with(x) {}`, `x.apply {}`, `x.run {}`). */
const RECEIVER_LAMBDAS = new Set(['with', 'apply', 'run']);
/**
 * The standard builders, whose lambda's `this` is a StringBuilder or a mutable collection: a bare call of one of its members
 * (`STANDARD_BUILDER_MEMBERS`) is the builder's, any other name means what it means around the lambda (`buildString { append(helper()) }`).
 */
const STANDARD_BUILDERS = new Set(['buildString', 'buildList', 'buildSet', 'buildMap']);
const STANDARD_BUILDER_MEMBERS = new Set([
  'append', 'appendLine', 'appendRange', 'insert', 'setLength', 'deleteCharAt', 'deleteRange', 'reverse', 'setCharAt', 'set', 'get',
  'add', 'addAll', 'remove', 'removeAll', 'removeAt', 'retainAll', 'clear', 'put', 'putAll', 'getOrPut', 'contains', 'containsKey',
  'indexOf', 'isEmpty', 'isNotEmpty', 'toString', 'removeFirst', 'removeLast', 'addFirst', 'addLast', 'sort', 'sortBy', 'replace',
  'substring', 'lastIndex', 'forEach', 'first', 'last', 'iterator', 'subList', 'getOrElse', 'getOrNull', 'lastOrNull', 'firstOrNull',
]);
/**
 * Members of the receivers the standard builders of flows, sequences and coroutines give their
 * lambdas (`flow { emit(x) }`, `sequence { yield(x) }`, `launch { … }`): a bare call of one of these
 * names inside a lambda is not provably the enclosing class's.
 */
const LAMBDA_RECEIVER_MEMBERS = new Set(['emit', 'emitAll', 'yield', 'yieldAll', 'send', 'trySend', 'awaitClose', 'launch', 'async', 'cancel', 'ensureActive', 'produce', 'actor']);

const RECEIVER_WORDS = new Set(['this', 'super']);

/** The standard library's functions giving back one element of the collection they are called on (`items.first()`). */
const ELEMENT_RESULTS = new Set([
  'first', 'firstOrNull', 'last', 'lastOrNull', 'single', 'singleOrNull', 'find', 'findLast', 'getOrNull', 'elementAt',
  'elementAtOrNull', 'random', 'randomOrNull', 'removeFirst', 'removeLast', 'removeAt', 'get', 'getOrElse', 'maxBy',
  'minBy', 'maxByOrNull', 'minByOrNull',
]);

/** Scope functions whose lambda's one parameter is the value they are called on (`x.let { it.m() }`, `Closeable.use { response -> }`). */
const IT_IS_RECEIVER = new Set(['let', 'also', 'takeIf', 'takeUnless', 'use']);
/** The standard library's functions over a collection whose lambda's one parameter is an element (`items.forEach { it.m() }`). */
const IT_IS_ELEMENT = new Set([
  'forEach', 'onEach', 'map', 'mapNotNull', 'flatMap', 'filter', 'filterNot', 'any', 'all', 'none', 'first', 'firstOrNull',
  'last', 'lastOrNull', 'find', 'findLast', 'single', 'singleOrNull', 'count', 'sumOf', 'sortedBy', 'sortedByDescending',
  'groupBy', 'associateBy', 'associateWith', 'partition', 'takeWhile', 'dropWhile', 'distinctBy', 'maxByOrNull',
  'minByOrNull', 'maxOf', 'minOf', 'indexOfFirst', 'indexOfLast', 'removeAll', 'retainAll', 'removeIf',
]);

/** `a.b.c` → ['a', 'b', 'c'], `this.x` → ['this', 'x'], `super` → ['super']; undefined for anything else. */
function receiverChain(node: SyntaxNode): string[] | undefined {
  switch (node.type) {
    case 'identifier':
      return ['true', 'false', 'null'].includes(node.text) ? undefined : [node.text];
    case 'this_expression':
      return node.text === 'this' ? ['this'] : undefined;
    case 'super_expression':
      return ['super'];
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner ? receiverChain(inner) : undefined;
    }
    case 'unary_expression': {
      // `x!!`: the value itself.
      const argument = node.childForFieldName('argument') ?? node.namedChildren[0];
      return node.text.endsWith('!!') && argument ? receiverChain(argument) : undefined;
    }
    case 'navigation_expression': {
      const { object, member } = navigationParts(node);
      if (!object || !member) return undefined;
      const chain = receiverChain(object);
      return chain && chain[0] !== 'super' ? [...chain, member.text] : undefined;
    }
    default:
      return undefined;
  }
}

/** `object.member` / `object?.member` (not `::`): the object and the member's name node. */
function navigationParts(node: SyntaxNode): { object: SyntaxNode | null; member: SyntaxNode | null } {
  const named = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
  const member = named.length >= 2 ? named[named.length - 1] : null;
  if (!member || member.type !== 'identifier' || node.children.some((c) => c?.type === '::')) return { object: null, member: null };
  return { object: named[0], member };
}

/** The class an expression's value is stated to be: a constructor or a function's declared result, a cast, `this`. */
export function expressionType(node: SyntaxNode, ctx: KotlinContext): TypeRef | null {
  switch (node.type) {
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner ? expressionType(inner, ctx) : null;
    }
    case 'as_expression':
      // `x as? T` may be null; `x as T` is a T — either way, a value of it is a T.
      return declaredType(node.childForFieldName('right'), ctx.typeVariables);
    case 'call_expression': {
      const children = callChildren(node);
      const callee = children[0];
      // `x.apply { … }`, `Foo().also { … }`: the scope function gives back the value it is called on.
      const receiver = scopeFunctionReceiver(node);
      if (receiver === 'this') return ctx.foreignThis || ctx.classId === null ? null : thisType(ctx);
      if (receiver) return expressionType(receiver, ctx);
      if (!callee || children.some((c) => c?.type === 'annotated_lambda') && callee.type === 'identifier' && RECEIVER_LAMBDAS.has(callee.text)) return null;
      // `items.first()`, `items.find { … }`: an element of items (nothing unless items is a stated collection).
      const element = elementOf(callee, ctx);
      if (element) return element;
      const shape = { ...typeArgumentsOf(children, ctx), ...literalArguments(children) };
      if (callee.type === 'identifier') {
        if (['true', 'false', 'null'].includes(callee.text)) return null;
        const written: TypeRef = { kind: 'call', callee: [callee.text], ...shape };
        // `fun ScopeDSL.f() { viewModel { }.onOptions() }`, `module { single { }.bind() }`: a bare call inside an extension or a lambda
        // with a receiver may be that receiver's member or extension; what they give must agree with the name as written.
        const local = ctx.scope.classify(callee.text, false, positionOf(callee)).locallyBound;
        if (!ctx.blockCalls || local || ctx.foreignThis) return written;
        return { kind: 'any-of', of: [...ctx.blockCalls.map((of): TypeRef => ({ kind: 'member-call', of, name: callee.text, ...shape })), written] };
      }
      if (callee.type !== 'navigation_expression') return null;
      const { object, member } = navigationParts(callee);
      if (!object || !member) return null;
      const chain = receiverChain(object);
      if (chain) return chain[0] === 'super' || (chain[0] === 'this' && ctx.foreignThis) ? null : { kind: 'call', callee: [...chain, member.text], ...shape };
      const of = expressionType(object, ctx);
      return of ? { kind: 'member-call', of, name: member.text, ...shape } : null;
    }
    case 'this_expression':
      return node.text !== 'this' || ctx.foreignThis || ctx.classId === null ? null : thisType(ctx);
    case 'string_literal':
      // `"Name".toSpec()`: an extension of String.
      return { kind: 'named', chain: ['String'] };
    case 'identifier':
    case 'navigation_expression': {
      // `Foo::class` (parsed as a navigation) is a KClass.
      if (node.type === 'navigation_expression' && node.children.some((c) => c?.type === '::')) {
        return node.namedChildren.at(-1)?.text === 'class' ? { kind: 'named', chain: ['KClass'] } : null;
      }
      const chain = receiverChain(node);
      // `this.extensions`: the property of the class around (a local may share its name, so never the bare name).
      if (chain?.[0] === 'this' && chain.length > 1 && !ctx.foreignThis && ctx.classId !== null) {
        const self = thisType(ctx);
        return self ? { kind: 'field', of: self, path: chain.slice(1) } : null;
      }
      if (!chain || RECEIVER_WORDS.has(chain[0])) return null;
      return { kind: 'value', chain };
    }
    case 'unary_expression': {
      const argument = node.childForFieldName('argument') ?? node.namedChildren[0];
      return node.text.endsWith('!!') && argument ? expressionType(argument, ctx) : null;
    }
    case 'index_expression': {
      // `items[0]`, `spec.names[0]`: an element of a value stated to be a standard collection, or what a workspace class's own `operator fun get` gives.
      let object = node.namedChildren[0];
      // `!this[i].isEmpty()` is read by the grammar as `(!this)[i]…`: the `!` negates the whole call.
      if (object?.type === 'unary_expression' && object.text.startsWith('!')) object = object.namedChildren.at(-1) ?? null;
      if (!object) return null;
      // `this[i]` in `fun List<TypeName>.f()`: an element of the receiver.
      if (object.type === 'this_expression') return object.text === 'this' ? extendedCollectionElement(ctx) : null;
      const local = localCollectionElement(object, ctx) ?? (object.type === 'identifier' ? fieldCollectionElement(object, ctx) : null);
      if (local) return local;
      const of = object.type === 'navigation_expression' || object.type === 'identifier' ? valueType(object, ctx) : null;
      if (!of) return null;
      // `cache["k"]` with cache of a workspace class declaring `operator fun get`: what that get states it gives.
      const get: TypeRef = { kind: 'member-call', of, name: 'get' };
      return object.type === 'identifier' ? get : { kind: 'any-of', of: [{ kind: 'element', of }, get] };
    }
    default:
      return null;
  }
}

/** `items.first` as a callee: an element of items; null for any other callee. */
function elementOf(callee: SyntaxNode, ctx: KotlinContext): TypeRef | null {
  if (callee.type !== 'navigation_expression') return null;
  const { object, member } = navigationParts(callee);
  return object && member && ELEMENT_RESULTS.has(member.text) ? localCollectionElement(object, ctx) : null;
}

/**
 * An element of a local or parameter stated as a collection (`items: List<Item>`); null for anything
 * else — a field or a value of a workspace class may have its own `first()` or `get`.
 */
function localCollectionElement(node: SyntaxNode, ctx: KotlinContext): TypeRef | null {
  if (node.type !== 'identifier') return null;
  const verdict = ctx.scope.classify(node.text, true, positionOf(node));
  const held = verdict.locallyBound ? verdict.scope?.provenValue(node.text) : undefined;
  return held?.type.kind === 'collection' ? { kind: 'element', of: { kind: 'value', chain: [node.text] } } : null;
}

/** An element of `this` where it is an extension's receiver stated as a collection (`fun List<Item>.f()`); null elsewhere. */
function extendedCollectionElement(ctx: KotlinContext): TypeRef | null {
  const extended = ctx.extended;
  // Inside a lambda with another receiver (or `x.apply { }`), `this` is another value.
  if (!extended || extended.blockCalls !== ctx.blockCalls || extended.foreignThis !== ctx.foreignThis) return null;
  return extended.type.kind === 'collection' && extended.type.element ? extended.type.element : null;
}

/**
 * An element of a property of the class around stated as a collection (`val items: List<Item>`), read by its bare name
 * in the class's own functions; null elsewhere (in a lambda with a receiver the name may be the receiver's).
 */
function fieldCollectionElement(node: SyntaxNode, ctx: KotlinContext): TypeRef | null {
  if (ctx.classId === null || ctx.blockCalls || ctx.foreignThis || ctx.scope.classify(node.text, true, positionOf(node)).locallyBound) return null;
  const field = ctx.file.classInfo(ctx.classId).fields.get(node.text);
  return field?.type?.kind === 'collection' && field.type.element ? field.type.element : null;
}

/**
 * `builder.url("https://…")`: where every argument is a literal, their types, so that of overloads stating different results
 * (`url(String): Builder` beside `url(URL) = url(…)`) only those the arguments fit are weighed; nothing for any other call.
 */
function literalArguments(children: (SyntaxNode | null)[]): { arguments?: string[] } {
  if (children.some((c) => c?.type === 'annotated_lambda')) return {};
  const list = children.find((c) => c?.type === 'value_arguments');
  const types: string[] = [];
  for (const argument of list?.namedChildren ?? []) {
    if (argument?.type !== 'value_argument') continue;
    const values = argument.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
    const type = values.length === 1 ? literalType(values[0]) : undefined;
    if (type === undefined) return {};
    types.push(type);
  }
  return types.length > 0 ? { arguments: types } : {};
}

/** `make<Foo, Int>()`: the classes its type arguments name (null: a type variable, a function type, `*`). */
function typeArgumentsOf(children: (SyntaxNode | null)[], ctx: KotlinContext): { typeArguments?: Array<TypeRef | null> } {
  const list = children.find((c) => c?.type === 'type_arguments');
  if (!list) return {};
  const typeArguments = list.namedChildren.filter((c) => c?.type === 'type_projection').map((projection) => namedType(typeChild(projection), ctx.typeVariables));
  return typeArguments.some((type) => type !== null) ? { typeArguments } : {};
}

/** The class `this` is in a class body (the caller checked that `this` is the class's). */
function thisType(ctx: KotlinContext): TypeRef | null {
  const path = ctx.classId === null ? undefined : ctx.file.pathOf(ctx.classId);
  return path ? { kind: 'named', chain: path } : null;
}

/** Scope functions that give back the value they are called on, whatever their lambda returns. */
const RETURNS_RECEIVER = new Set(['apply', 'also']);

/** `x.apply { … }` / `x?.also { … }`: x's node; a bare `apply { … }`: 'this'; null for any other call. */
export function scopeFunctionReceiver(call: SyntaxNode): SyntaxNode | 'this' | null {
  const children = callChildren(call);
  const callee = children[0];
  if (!callee || !children.some((c) => c?.type === 'annotated_lambda')) return null;
  if (callee.type === 'identifier') return RETURNS_RECEIVER.has(callee.text) ? 'this' : null;
  if (callee.type !== 'navigation_expression') return null;
  const { object, member } = navigationParts(callee);
  return object && member && RETURNS_RECEIVER.has(member.text) ? object : null;
}

/** What an argument's type is, as far as the code proves it. */
function argumentType(node: SyntaxNode, ctx: KotlinContext): ArgumentType {
  const literal = literalType(node);
  if (literal !== undefined) return literal;
  switch (node.type) {
    case 'identifier':
      return { name: node.text, scope: ctx.scope, at: positionOf(node) };
    case 'lambda_literal':
    case 'annotated_lambda':
      return 'Function';
    case 'callable_reference': {
      // `Foo::class` is a KClass; `::f`, `Foo::m` a function; `::Repo` one of as many parameters as Repo's constructor takes.
      const named = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
      if (named.length === 1 && named[0].type === 'identifier') return { stated: { kind: 'named', chain: [named[0].text] }, written: FUNCTION };
      return named.at(-1)?.type === 'identifier' ? FUNCTION : node.children.some((c) => c?.type === 'class') ? 'KClass' : null;
    }
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner ? argumentType(inner, ctx) : null;
    }
    case 'string_literal':
      return 'String';
    case 'navigation_expression':
      // `Foo::class` (parsed as a navigation).
      if (node.children.some((c) => c?.type === '::')) return node.namedChildren.at(-1)?.text === 'class' ? 'KClass' : null;
      // `Foo::class.java`: a java.lang.Class.
      if (/::\s*class\s*\.\s*java$/.test(node.text)) return 'Class';
    // falls through: `KModifier.PUBLIC`, `a.b`: what the chain holds.
    case 'call_expression':
    case 'as_expression': {
      // A call's declared result, a cast: found by the resolver.
      const stated = expressionType(node, ctx);
      return stated ? { stated } : null;
    }
    default:
      return null;
  }
}

/** `f(a, x = 1)`: per argument, the parameter name it is written with (null: by position); undefined when none is named. */
function argumentNamesOf(children: (SyntaxNode | null)[]): Array<string | null> | undefined {
  const list = children.find((c) => c?.type === 'value_arguments');
  const names: Array<string | null> = [];
  for (const argument of list?.namedChildren ?? []) {
    if (argument?.type !== 'value_argument') continue;
    const named = argument.children.some((c) => c?.type === '=');
    names.push(named ? argument.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'simple_identifier')?.text ?? null : null);
  }
  return names.some((name) => name !== null) ? names : undefined;
}

/**
 * A call's argument types (trailing lambdas included); from a named argument on, only their count.
 * `children`: the call's named children, when the caller has listed them already (each listing builds
 * a Node per child across the WebAssembly boundary, and calls are the commonest node a walk visits).
 */
function argumentsOf(node: SyntaxNode, ctx: KotlinContext, children: (SyntaxNode | null)[] = node.namedChildren): ArgumentType[] | undefined {
  const list = children.find((c) => c?.type === 'value_arguments');
  const args: ArgumentType[] = [];
  // From the first named argument on, an argument's position is no parameter's (its name says which: `argumentNames`).
  let firstNamed = -1;
  for (const argument of list?.namedChildren ?? []) {
    if (argument?.type !== 'value_argument') continue;
    if (firstNamed < 0 && argument.children.some((c) => c?.type === '=')) firstNamed = args.length;
    const value = argument.namedChildren.filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment').at(-1);
    if (!value) return undefined;
    // `f(*xs)`: it fills a vararg (of any length); its type is the array's.
    args.push(value.type === 'spread_expression' ? null : argumentType(value, ctx));
  }
  for (const child of children) if (child?.type === 'annotated_lambda') args.push('Function');
  return firstNamed >= 0 ? args.map((arg, i) => (i < firstNamed ? arg : null)) : args;
}

/**
 * A call's parts: callee, type and value arguments, trailing lambdas. The grammar nests `f(a) { }` and `f<T>() { }` as a
 * call of the call `f(a)` given the lambda: one call of f with both, as Kotlin reads it.
 */
export function callChildren(node: SyntaxNode): (SyntaxNode | null)[] {
  const children = node.namedChildren;
  const inner = children[0];
  if (inner?.type !== 'call_expression') return children;
  const rest = children.slice(1).filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
  if (rest.length === 0 || !rest.every((c) => c!.type === 'annotated_lambda')) return children;
  const own = inner.namedChildren;
  // `f { }(x)`-like shapes, or a call that has its own trailing lambda: the outer call calls what the inner one gives.
  if (own.some((c) => c?.type === 'annotated_lambda') || !own.some((c) => c?.type === 'value_arguments')) return children;
  return [...own, ...rest];
}

export function visitCall(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): void {
  const children = callChildren(node);
  const callee = children[0];
  if (!callee) return;
  let target: SiteTarget | undefined;
  let receiverLambda = false;
  // Where the site is recorded: the call's start, or the called name where a chain writes it on a later line.
  let at: SyntaxNode = node;
  if (callee.type === 'identifier') {
    if (!['true', 'false', 'null'].includes(callee.text)) {
      const receiverMember = (ctx.inLambda && LAMBDA_RECEIVER_MEMBERS.has(callee.text)) || (ctx.inStandardBuilder && STANDARD_BUILDER_MEMBERS.has(callee.text));
      target = { name: callee.text, receiver: receiverMember ? undefined : [] };
    }
    receiverLambda = RECEIVER_LAMBDAS.has(callee.text) && callee.text !== 'apply' && callee.text !== 'run';
  } else if (callee.type === 'navigation_expression') {
    const { object, member } = navigationParts(callee);
    if (object && member) {
      receiverLambda = member.text === 'apply' || member.text === 'run';
      // `make()\n  .b()\n  .c()`: every call of the chain starts at `make`; each is recorded at its own name, so a reader tells them apart.
      if (member.startPosition.row > node.startPosition.row) at = member;
      const chain = receiverChain(object);
      const outer = labelledThis(object, ctx);
      if (outer) {
        target = { name: member.text, receiver: undefined, typedReceiver: { type: outer, path: [] } };
      } else if (chain) {
        target = { name: member.text, receiver: chain };
      } else {
        // `make().a.m()`: the stated type of the call, then the member names after it.
        let base: SyntaxNode = object;
        const path: string[] = [];
        // (Only through `a.b` navigations: `this[index]` also ends in a name, but reads no member.)
        for (let parts = navigationParts(base); base.type === 'navigation_expression' && parts.object && parts.member; parts = navigationParts(base)) {
          path.unshift(parts.member.text);
          base = parts.object;
        }
        const type = expressionType(base, ctx);
        target = { name: member.text, receiver: undefined, typedReceiver: type ? { type, path } : undefined };
      }
      walk.push(object, ctx);
    }
  } else {
    walk.push(callee, ctx);
  }
  if (target) {
    const site = ctx.file.addSite('calls', target, at, ctx, argumentsOf(node, ctx, children));
    const names = argumentNamesOf(children);
    if (names) site.argumentNames = names;
    // A bare call, or a chain whose head may be a property of a lambda's receiver (`context.localization.f()`).
    // A capitalised bare call is a constructor: a scope function's value (`with(b) { Style() }`) is not asked for it.
    const blocks = target.receiver?.length === 0 && /^[A-Z]/.test(target.name) ? ctx.blockCalls?.filter((type) => type.kind !== 'block-value') : ctx.blockCalls;
    if (target.receiver && !RECEIVER_WORDS.has(target.receiver[0] ?? '') && blocks?.length) {
      site.blockSelf = blocks;
      if (target.receiver.length > 0) site.blockSelfChain = true;
    } else if (target.typedReceiver && ctx.blockCalls) {
      // `Modifier.padding(1).weight(1f)` in `Row { }`: a member extension of a lambda's receiver may be the callee.
      site.blockSelf = ctx.blockCalls;
      site.blockSelfChain = true;
    }
    if (children.some((c) => c?.type === 'annotated_lambda')) site.trailingBlock = true;
  }
  // What a trailing lambda is walked with: worked out only for a call that has one (most calls have none).
  const lambda = children.some((c) => c?.type === 'annotated_lambda');
  const block = receiverLambda || !lambda ? undefined : blockCalls(callee, ctx);
  const lambdaParameter = lambda ? lambdaParameterType(callee, ctx) : undefined;
  const lambdaCtx = lambdaParameter ? { ...ctx, lambdaParameter } : ctx;
  // `x.apply { m() }`, `with(x) { m() }`: where x's class is stated, a bare call is its member first (`ScopeValue`).
  const scopeValue = receiverLambda ? scopeValueType(callee, children, ctx) : null;
  const foreign: KotlinContext = scopeValue
    ? { ...lambdaCtx, foreignThis: true, blockCalls: [{ kind: 'block-value', of: scopeValue }, ...(ctx.blockCalls ?? [])] }
    : { ...lambdaCtx, foreignThis: true };
  for (const child of children) {
    if (!child || child.id === callee.id) continue;
    if (child.type === 'annotated_lambda' && receiverLambda) walk.push(child, foreign);
    else if (child.type === 'annotated_lambda' && callee.type === 'identifier' && STANDARD_BUILDERS.has(callee.text)) walk.push(child, { ...lambdaCtx, inStandardBuilder: true });
    else if (child.type === 'annotated_lambda' && block) walk.push(child, { ...lambdaCtx, blockCalls: [...block, ...(ctx.blockCalls ?? [])] });
    else walk.push(child, child.type === 'annotated_lambda' ? lambdaCtx : ctx);
  }
}

/**
 * The value a scope function runs its lambda with as `this` (`x` of `x.apply { }`, `x.run { }`, `with(x) { }`), as the
 * type the code states for it; null where nothing is stated (a bare call inside then stays of an unknown receiver).
 */
function scopeValueType(callee: SyntaxNode, children: (SyntaxNode | null)[], ctx: KotlinContext): TypeRef | null {
  let value: SyntaxNode | null | undefined;
  if (callee.type === 'identifier') {
    const args = children.find((c) => c?.type === 'value_arguments');
    const only = args?.namedChildren.filter((c) => c?.type === 'value_argument') ?? [];
    value = only.length === 1 ? only[0]!.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment') : null;
  } else {
    value = navigationParts(callee).object;
  }
  if (!value || value.type === 'this_expression' || value.type === 'super_expression') return null;
  const type = expressionType(value, ctx);
  if (!type) return null;
  const settled: Extract<TypeRef, { kind: 'any-of' }> = { kind: 'any-of', of: [type] };
  // A local's type is settled where the call is written (as `blockCall` does); one of no proven type gives nothing.
  ctx.file.facts.proveLater(type, ctx.scope, undefined, (proven) => {
    settled.of = proven ? [proven] : [];
  });
  return settled;
}

/**
 * The callee of a call given a trailing lambda, as the `block` TypeRef that evaluates to the receiver it runs
 * the lambda with (`build { }`, `a.b.build { }`); undefined where the callee is no chain of names.
 */
function blockCall(callee: SyntaxNode, ctx: KotlinContext): TypeRef | undefined {
  // A local (a lambda value, a typed variable) is not found by the name the resolver walks.
  const local = (name: string) => ctx.scope.classify(name, false, positionOf(callee)).locallyBound;
  if (callee.type === 'identifier') return local(callee.text) ? undefined : { kind: 'call', callee: [callee.text], block: true };
  if (callee.type !== 'navigation_expression' || ctx.foreignThis) return undefined;
  const { object, member } = navigationParts(callee);
  if (!object || !member) return undefined;
  const chain = receiverChain(object);
  if (!chain) {
    // `sb.appendHTML().html { }`: a member of what the call before it is stated to give.
    const of = expressionType(object, ctx);
    if (!of) return undefined;
    const block: Extract<TypeRef, { kind: 'member-call' }> = { kind: 'member-call', of, name: member.text, block: true };
    // Its locals are settled where the call is written (`sb.appendHTML()` with `sb` a parameter).
    ctx.file.facts.proveLater(of, ctx.scope, undefined, (proven) => {
      // A local of no proven type: nothing (its name must not be looked up as a declaration elsewhere).
      block.of = proven ?? { kind: 'any-of', of: [] };
    });
    return block;
  }
  return !RECEIVER_WORDS.has(chain[0]) && !local(chain[0]) ? { kind: 'call', callee: [...chain, member.text], block: true } : undefined;
}

/**
 * The `block` TypeRefs of a call given a trailing lambda, first found first: a bare callee inside lambdas with receivers
 * (`module { single { … } }`) is first a member (or extension) of each of those receivers, innermost first, then the name as written.
 */
function blockCalls(callee: SyntaxNode, ctx: KotlinContext): TypeRef[] | undefined {
  const written = blockCall(callee, ctx);
  if (!written) return undefined;
  if (callee.type !== 'identifier' || !ctx.blockCalls) return [written];
  const members: TypeRef[] = ctx.blockCalls.map((of) => ({ kind: 'member-call', of, name: callee.text, block: true }));
  return [...members, written];
}

/** The argument types of a superclass constructor call in a class header (`: Base(x, y)`). */
export function constructorArguments(node: SyntaxNode, ctx: KotlinContext): ArgumentType[] | undefined {
  return argumentsOf(node, ctx);
}

/** `this(...)` and `super(...)`: calls of a secondary constructor of the class or of its superclass. */
export function visitDelegationCall(node: SyntaxNode, ctx: KotlinContext): boolean {
  const which = node.children.find((c) => c?.type === 'this' || c?.type === 'super');
  if (!which || ctx.classId === null) return true;
  ctx.file.addSite('calls', { name: 'constructor', receiver: [which.type] }, node, ctx, argumentsOf(node, ctx));
  return true;
}

/** `::f`, `Foo::m`, `x::m` reference a function; `Foo::class` references nothing. */
export function visitCallableReference(node: SyntaxNode, ctx: KotlinContext): void {
  const named = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
  const member = named[named.length - 1];
  if (!member || member.type !== 'identifier') return;
  const head = named.length > 1 ? named[0] : null;
  if (!head) {
    ctx.file.addSite('references', { name: member.text, receiver: [] }, node, ctx);
    return;
  }
  const chain = typeChain(head) ?? receiverChain(head);
  if (chain) ctx.file.addSite('references', { name: member.text, receiver: chain }, node, ctx);
}

/**
 * `a shouldBe b`, `x to y`, `1 pow 3`: an infix call of `shouldBe` on a with b as its one argument
 * (a member or an extension declared `infix fun`); recorded like `a.shouldBe(b)`.
 */
export function visitInfix(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): void {
  const parts = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
  for (const part of parts) walk.push(part, ctx);
  if (parts.length !== 3 || parts[1].type !== 'identifier') return;
  const [left, operator, right] = parts;
  const chain = receiverChain(left);
  const stated = chain ? undefined : expressionType(left, ctx);
  const target: SiteTarget = chain
    ? { name: operator.text, receiver: chain }
    : { name: operator.text, receiver: undefined, typedReceiver: stated ? { type: stated, path: [] } : undefined };
  ctx.file.addSite('calls', target, node, ctx, [argumentType(right, ctx)]);
}

/** The value an expression holds, as far as the code states it: a name chain (settled later), a call's result, a cast. */
export function valueType(node: SyntaxNode, ctx: KotlinContext): TypeRef | null {
  const chain = receiverChain(node);
  if (chain) return RECEIVER_WORDS.has(chain[0]) ? expressionType(node, ctx) : { kind: 'value', chain };
  return expressionType(node, ctx);
}

/** `x.let { }`: x's type; `items.forEach { }`: an element of items; undefined for any other callee. */
function lambdaParameterType(callee: SyntaxNode, ctx: KotlinContext): TypeRef | undefined {
  if (callee.type !== 'navigation_expression') return undefined;
  const { object, member } = navigationParts(callee);
  if (!object || !member || !(IT_IS_RECEIVER.has(member.text) || IT_IS_ELEMENT.has(member.text))) return undefined;
  const of = valueType(object, ctx);
  if (!of) return undefined;
  return IT_IS_RECEIVER.has(member.text) ? of : { kind: 'element', of };
}

/** `this@Outer` in a class nested in (or being) Outer: Outer; null for a lambda's or a function's label. */
function labelledThis(node: SyntaxNode, ctx: KotlinContext): TypeRef | null {
  if (node.type !== 'this_expression' || !node.text.startsWith('this@') || ctx.classId === null) return null;
  const label = node.text.slice('this@'.length);
  const path = ctx.file.pathOf(ctx.classId);
  const at = path ? path.lastIndexOf(label) : -1;
  return path && at >= 0 ? { kind: 'named', chain: path.slice(0, at + 1) } : null;
}
