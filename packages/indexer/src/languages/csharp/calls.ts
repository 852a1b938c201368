/** C#'s call sites: invocations with their receiver chains and argument types (for overloads), `new`, `this(…)`/`base(…)`. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { memberCallTarget } from '../../extraction/core/calls.js';
import type { MemberAccessShape } from '../../extraction/core/tree-walk.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { ArgumentType, CSharpContext } from './file-state.js';
import { ELEMENT_COLLECTIONS, declaredType, literalReceiverType, literalType, simpleType, statedType, typeChain } from './types.js';
import { ELEMENT_PRESERVING, SINGLE_ELEMENT } from './linq.js';
import { receiverChain as chainOfNames, type ReceiverChainShape } from '../../extraction/core/receiver-chain.js';

/** `a.b.c` → ['a', 'b', 'c'], `this.x` → ['this', 'x'], `base` → ['base']; undefined for anything else. */
function receiverChain(node: SyntaxNode): string[] | undefined {
  return chainOfNames(node, RECEIVER_CHAIN);
}

function chainHead(node: SyntaxNode): string[] | undefined {
  switch (node.type) {
    case 'identifier':
      return [node.text.replace(/^@/, '')];
    case 'this':
    case 'base':
      return [node.type];
    case 'qualified_name':
    case 'alias_qualified_name':
      return typeChain(node) ?? undefined;
    default:
      return undefined;
  }
}

const MEMBER_ACCESS: MemberAccessShape = { nodeType: 'member_access_expression', object: 'expression', property: 'name', propertyTypes: new Set(['identifier']) };
const RECEIVER_CHAIN: ReceiverChainShape = { accesses: [MEMBER_ACCESS], head: chainHead, superWord: 'base' };

/** The expression is an `await` (inside parentheses and `!` only): its value is what the awaited call's result gives. */
function isAwaited(node: SyntaxNode): boolean {
  let current: SyntaxNode | null | undefined = node;
  while (current && (current.type === 'parenthesized_expression' || current.type === 'postfix_unary_expression' && current.text.endsWith('!'))) {
    current = current.namedChildren.find((c) => c !== null && c.type !== 'comment');
  }
  return current?.type === 'await_expression';
}

function unwrap(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (current.type === 'parenthesized_expression' || current.type === 'await_expression' || current.type === 'postfix_unary_expression' && current.text.endsWith('!')) {
    const inner = current.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (!inner) break;
    current = inner;
  }
  return current;
}

/**
 * One element of the collection an expression is: a local or parameter (`xs`, `xs.Items`), a member of the
 * classes around (`_items`, `this.Items`: settled after the walk), a call's declared result (`GetAll()`).
 */
export function collectionValue(node: SyntaxNode | null, ctx: CSharpContext, byKey = false): TypeRef | null {
  if (!node) return null;
  // Iterated (`foreach`, LINQ), a dictionary yields key-value pairs; read by key (`d[k]`, `byKey`), its value.
  const pairs = byKey ? {} : { pairs: true as const };
  if (unwrap(node).type === 'invocation_expression') {
    const of = expressionType(node, ctx);
    const own: TypeRef | null = of ? { kind: 'element', of, ...pairs } : null;
    // `xs.Where(…)`: the elements of xs, where xs is a framework collection.
    const callee = isAwaited(node) ? undefined : calleeOf(unwrap(node));
    const kept = callee?.object && ELEMENT_PRESERVING.has(callee.name) ? collectionValue(callee.object, ctx) : null;
    return anyOf(own, kept);
  }
  node = unwrap(node);
  const chain = node.type === 'identifier' || node.type === 'member_access_expression' ? receiverChain(node) : undefined;
  if (!chain || chain[0] === 'base') return null;
  if (chain[0] === 'this') return chain.length > 1 ? ctx.file.elementOfMember(chain.slice(1), ctx.classId, !byKey) : null;
  if (ctx.scope.classify(chain[0], chain.length > 1, positionOf(node)).locallyBound) return { kind: 'element', of: { kind: 'value', chain }, ...pairs };
  return ctx.file.elementOfMember(chain, ctx.classId, !byKey);
}

/** Both readings where both are known, else the one known. */
function anyOf(a: TypeRef | null, b: TypeRef | null): TypeRef | null {
  return a && b ? { kind: 'any-of', of: [a, b] } : a ?? b;
}

/** The class an expression's value is stated to be: a constructor, a method's declared result, a cast, a collection's element. */
export function expressionType(node: SyntaxNode, ctx: CSharpContext): TypeRef | null {
  const plain = invocationType(node, ctx);
  const inner = unwrap(node);
  if (isAwaited(node)) return plain;
  if (inner.type === 'invocation_expression') {
    // `xs.First()`: one element of xs, where xs is a framework collection.
    const callee = calleeOf(inner);
    const one = callee?.object && SINGLE_ELEMENT.has(callee.name) ? collectionValue(callee.object, ctx) : null;
    return anyOf(plain, one);
  }
  // `xs[0]`: an element of what xs is stated to hold (a workspace class's indexer is no collection: nothing).
  if (inner.type === 'element_access_expression') return collectionValue(inner.childForFieldName('expression'), ctx, true);
  return plain;
}

/** The class an expression's value is stated to be, a call's as its callee states it (what `calledWith` needs: the call itself). */
export function invocationType(node: SyntaxNode, ctx: CSharpContext): TypeRef | null {
  const awaited = isAwaited(node);
  node = unwrap(node);
  if (awaited) {
    // `await M()`: what the async method states it returns; anything else awaited proves nothing here.
    // `await M().ConfigureAwait(false)` awaits M()'s task all the same.
    const configured = node.type === 'invocation_expression' ? calleeOf(node) : undefined;
    const awaitedCall = configured?.name === 'ConfigureAwait' && configured.object ? unwrap(configured.object) : node;
    const call = awaitedCall.type === 'invocation_expression' ? invocationType(awaitedCall, ctx) : null;
    return call?.kind === 'call' || call?.kind === 'member-call' ? { ...call, awaited: true } : null;
  }
  const literal = literalReceiverType(node);
  if (literal) return literal;
  switch (node.type) {
    case 'cast_expression':
      return declaredType(node.childForFieldName('type'), ctx.typeVariables);
    case 'as_expression':
      return declaredType(node.childForFieldName('right'), ctx.typeVariables);
    case 'object_creation_expression': {
      // `new List<Foo>()`: a collection of Foo.
      const collection = statedType(node.childForFieldName('type'), ctx.typeVariables);
      if (collection?.kind === 'collection') return collection;
      const chain = typeChain(node.childForFieldName('type'));
      const arity = typeArgumentCount(node.childForFieldName('type'));
      return chain ? { kind: 'call', callee: chain, construct: true, ...(arity !== undefined ? { arity } : {}) } : null;
    }
    case 'invocation_expression': {
      const callee = calleeOf(node);
      if (!callee) return null;
      const lookedUp = serviceLookup(node, callee.name, ctx);
      if (lookedUp) return lookedUp;
      // `Substitute.For<IFoo>()`: the written type arguments, the result of a callee returning one of its type parameters.
      const written = { ...writtenTypeArguments(node, ctx), ...passedArguments(node, ctx) };
      if (callee.object === null) return { kind: 'call', callee: ['this', callee.name], ...written };
      const chain = receiverChain(callee.object);
      if (chain) return chain[0] === 'base' ? null : { kind: 'call', callee: [...chain, callee.name], ...written };
      const of = expressionType(callee.object, ctx);
      return of ? { kind: 'member-call', of, name: callee.name, ...written } : null;
    }
    case 'this': {
      const path = ctx.classId !== null ? ctx.file.pathOf(ctx.classId) : undefined;
      return path ? { kind: 'named', chain: path } : null;
    }
    case 'member_access_expression': {
      // `new LoggerConfiguration().WriteTo`: a member read on a value of a stated type (a plain chain `a.b` is the resolver's).
      const object = node.childForFieldName('expression');
      const name = node.childForFieldName('name');
      if (!object || name?.type !== 'identifier' || receiverChain(node)) return null;
      const of = expressionType(object, ctx);
      return of ? { kind: 'field', of, path: [name.text.replace(/^@/, '')] } : null;
    }
    default:
      return null;
  }
}

/**
 * The generic service lookups of .NET's dependency-injection containers (`IServiceProvider`'s extensions,
 * Autofac's `Resolve`): each returns an instance of its one type argument.
 */
const SERVICE_LOOKUPS: ReadonlySet<string> = new Set(['GetService', 'GetRequiredService', 'GetKeyedService', 'GetRequiredKeyedService', 'Resolve']);

/** `sp.GetRequiredService<IMediator>()`: the class its type argument names. */
function serviceLookup(node: SyntaxNode, name: string, ctx: CSharpContext): TypeRef | null {
  if (!SERVICE_LOOKUPS.has(name)) return null;
  const fn = node.childForFieldName('function');
  const generic = fn?.type === 'member_access_expression' ? fn.childForFieldName('name') : fn;
  if (generic?.type !== 'generic_name') return null;
  const args = generic.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
  return args.length === 1 ? declaredType(args[0], ctx.typeVariables) : null;
}

/** The type arguments an invocation writes on its method's name (`For<IFoo>()`: IFoo), as `TypeRef` call fields; none: {}. */
function writtenTypeArguments(node: SyntaxNode, ctx: CSharpContext): { typeArguments?: Array<TypeRef | null> } {
  const fn = node.childForFieldName('function');
  const name = fn?.type === 'member_access_expression' ? fn.childForFieldName('name') : fn;
  if (name?.type !== 'generic_name') return {};
  const args = name.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  return args.length > 0 ? { typeArguments: args.map((arg) => declaredType(arg, ctx.typeVariables)) } : {};
}

/**
 * What a call passes, for the overloads whose results it may give (`builder.Build()` is no `Build(registry, exclude)`):
 * each argument's type where the text states it (a literal, a lambda's parameter count), `?` where it does not.
 */
function passedArguments(node: SyntaxNode, ctx: CSharpContext): { arguments: string[] } {
  return { arguments: argumentsOf(node.childForFieldName('arguments'), ctx).map((type) => (typeof type === 'string' ? type : '?')) };
}

/** The called name and the object it is called on (null: a bare call); undefined for a call of anything else. */
export function calleeOf(node: SyntaxNode): { name: string; object: SyntaxNode | null; nameNode: SyntaxNode } | undefined {
  const fn = node.childForFieldName('function');
  if (!fn) return undefined;
  const named = (n: SyntaxNode | null) => (n?.type === 'generic_name' ? n.namedChildren.find((c) => c?.type === 'identifier') ?? null : n?.type === 'identifier' ? n : null);
  if (fn.type === 'identifier' || fn.type === 'generic_name') {
    const nameNode = named(fn);
    return nameNode ? { name: nameNode.text.replace(/^@/, ''), object: null, nameNode } : undefined;
  }
  if (fn.type === 'member_access_expression') {
    const nameNode = named(fn.childForFieldName('name'));
    const object = fn.childForFieldName('expression') ?? fn.child(0);
    return nameNode && object ? { name: nameNode.text.replace(/^@/, ''), object, nameNode } : undefined;
  }
  return undefined;
}

/** What a lambda argument is written as, for overloads: no type, only what it cannot be. */
export const FUNCTION_LITERAL = '=>';

/** `new object[1, 2, 3]`: `object[,,]` (the rank kept, the lengths dropped); null for an array of a type variable. */
export function arrayCreationType(node: SyntaxNode, ctx: CSharpContext): string | null {
  const type = simpleType(node.childForFieldName('type'), ctx.typeVariables);
  return type === '*' ? null : type?.replace(/\[[^\]]*\]/g, (rank) => `[${','.repeat((rank.match(/,/g) ?? []).length)}]`) ?? null;
}

/** The constants the predefined types declare of their own type (C# spec: `int.MaxValue`, `double.NaN`, `decimal.Zero`, `string.Empty`). */
const PREDEFINED_CONSTANTS: Readonly<Record<string, ReadonlySet<string>>> = (() => {
  const bounds = new Set(['MaxValue', 'MinValue']);
  const floating = new Set([...bounds, 'Epsilon', 'NaN', 'PositiveInfinity', 'NegativeInfinity']);
  const table: Record<string, ReadonlySet<string>> = { float: floating, double: floating, decimal: new Set([...bounds, 'Zero', 'One', 'MinusOne']), string: new Set(['Empty']) };
  for (const integral of ['sbyte', 'byte', 'short', 'ushort', 'int', 'uint', 'long', 'ulong', 'char']) table[integral] = bounds;
  return table;
})();

/** Static members of framework structs that give a value of their own struct (`TimeSpan.Zero`, `DateTime.Now`, `Guid.Empty`). */
const FRAMEWORK_STRUCT_VALUES: Readonly<Record<string, ReadonlySet<string>>> = {
  TimeSpan: new Set(['Zero', 'MaxValue', 'MinValue', 'InfiniteTimeSpan']),
  DateTime: new Set(['Now', 'UtcNow', 'Today', 'MaxValue', 'MinValue', 'UnixEpoch']),
  DateTimeOffset: new Set(['Now', 'UtcNow', 'MaxValue', 'MinValue', 'UnixEpoch']),
  Guid: new Set(['Empty']),
  CancellationToken: new Set(['None']),
};

/** Static factories of framework structs (`TimeSpan.FromSeconds(1)`, `Guid.NewGuid()`, `DateTime.Parse(s)`). */
const FRAMEWORK_STRUCT_FACTORIES: Readonly<Record<string, RegExp>> = {
  TimeSpan: /^(From(Days|Hours|Minutes|Seconds|Milliseconds|Microseconds|Ticks)|Parse|ParseExact)$/,
  DateTime: /^(Parse|ParseExact|SpecifyKind|FromBinary|FromFileTime|FromFileTimeUtc|FromOADate)$/,
  DateTimeOffset: /^(Parse|ParseExact|FromUnixTimeSeconds|FromUnixTimeMilliseconds|FromFileTime)$/,
  Guid: /^(NewGuid|Parse|ParseExact|CreateVersion7)$/,
};

/** `TimeSpan.FromSeconds(1)`: the framework struct its static factory gives; null for any other call. */
function frameworkFactoryType(node: SyntaxNode): string | null {
  const fn = node.childForFieldName('function');
  const object = fn?.type === 'member_access_expression' ? fn.childForFieldName('expression') : null;
  const name = fn?.childForFieldName('name')?.text;
  return object?.type === 'identifier' && name !== undefined && FRAMEWORK_STRUCT_FACTORIES[object.text]?.test(name) ? object.text : null;
}

/**
 * `int.MaxValue`: the predefined type (written by its keyword) whose constant the member read is; `TimeSpan.Zero`: the
 * framework struct (named by its simple name) whose value it is; null for anything else.
 */
function predefinedConstantType(node: SyntaxNode): string | null {
  const object = node.childForFieldName('expression');
  const name = node.childForFieldName('name')?.text;
  if (!object || name === undefined) return null;
  if (object.type === 'predefined_type') return PREDEFINED_CONSTANTS[object.text]?.has(name) ? object.text : null;
  return object.type === 'identifier' && FRAMEWORK_STRUCT_VALUES[object.text]?.has(name) ? object.text : null;
}

/** What an argument's type is, as far as the code proves it. */
function argumentType(node: SyntaxNode, ctx: CSharpContext): ArgumentType {
  const literal = literalType(node);
  if (literal !== undefined) return literal;
  switch (node.type) {
    case 'identifier':
      return { name: node.text, scope: ctx.scope, at: positionOf(node) };
    case 'member_access_expression': {
      const constant = predefinedConstantType(node);
      if (constant) return constant;
      const chain = receiverChain(node);
      if (chain?.length === 2 && chain[0] === 'this') return { field: chain[1] };
      // `LetterCasing.Title`, `options.Mode`: what the member read holds (an enum member is of its enum).
      return chain && chain.length >= 2 && chain[0] !== 'base' && chain[0] !== 'this' ? { stated: { kind: 'value', chain } } : null;
    }
    case 'object_creation_expression':
      return simpleType(node.childForFieldName('type'), ctx.typeVariables);
    case 'array_creation_expression':
      return arrayCreationType(node, ctx);
    case 'cast_expression': {
      const type = simpleType(node.childForFieldName('type'), ctx.typeVariables);
      return type === '*' ? null : type;
    }
    case 'default_expression': {
      // `default(int)`: a value of the type written.
      const type = simpleType(node.childForFieldName('type'), ctx.typeVariables);
      return type === '*' ? null : type ?? null;
    }
    case 'invocation_expression': {
      // `nameof(x)`: a constant string (unless a method of that name is in scope: rare).
      if (node.childForFieldName('function')?.text === 'nameof') return 'string';
      // `TimeSpan.FromSeconds(1)`: a framework struct's factory gives that struct.
      const factory = frameworkFactoryType(node);
      if (factory) return factory;
      const stated = expressionType(node, ctx);
      return stated ? { stated } : null;
    }
    case 'this':
      return ctx.classId !== null && ctx.file.pathOf(ctx.classId) ? ctx.file.builder.declarations[ctx.classId].name : null;
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      return inner ? argumentType(inner, ctx) : null;
    }
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.type ?? '';
      if (['==', '!=', '<', '>', '<=', '>=', '&&', '||'].includes(operator)) return 'bool';
      if (operator !== '+') return null;
      const sides = [node.childForFieldName('left'), node.childForFieldName('right')].filter((side): side is SyntaxNode => side !== null);
      return { concatenation: sides.map((side) => argumentType(side, ctx)) };
    }
    case 'prefix_unary_expression': {
      if (node.text.startsWith('!')) return 'bool';
      // `-1`, `+2.5m`: the literal's own type.
      const operand = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      return /^[-+]/.test(node.text) && operand && (operand.type === 'integer_literal' || operand.type === 'real_literal') ? literalType(operand) ?? null : null;
    }
    case 'lambda_expression': {
      // A function literal: no type of its own, but no predefined type or array takes it, nor a delegate of another
      // parameter count (`csharpArgumentFits`): `=>2` for `(x, c) => …`.
      const parameters = node.childForFieldName('parameters');
      const count = parameters?.type === 'identifier' || parameters?.type === 'implicit_parameter' ? 1
        : parameters?.type === 'parameter_list' ? parameters.namedChildren.filter((p) => p?.type === 'parameter').length : undefined;
      return count === undefined ? FUNCTION_LITERAL : `${FUNCTION_LITERAL}${count}`;
    }
    case 'anonymous_method_expression':
      return FUNCTION_LITERAL;
    case 'is_expression':
    case 'is_pattern_expression':
      return 'bool';
    default:
      return null;
  }
}

export function argumentsOf(list: SyntaxNode | null, ctx: CSharpContext): ArgumentType[] {
  const out: ArgumentType[] = [];
  for (const argument of list?.namedChildren ?? []) {
    if (argument?.type !== 'argument') continue;
    // A named argument (`f(x: 1)`) may be in any order, `ref`/`out` ones take a variable: unknown.
    const name = argument.childForFieldName('name');
    const named = name !== null || argument.children.some((c) => c && ['ref', 'out', 'in'].includes(c.type));
    const expression = argument.namedChildren.find((c) => c !== null && c.type !== 'comment' && c.id !== name?.id);
    out.push(named || !expression ? null : argumentType(expression, ctx));
  }
  return out;
}

export function visitInvocation(node: SyntaxNode, ctx: CSharpContext): boolean {
  const callee = calleeOf(node);
  const fn = node.childForFieldName('function');
  if (!callee) {
    // `a?.M()`: the receiver's type is not tracked through `?.`; the site is recorded unresolved.
    const binding = fn?.type === 'conditional_access_expression' ? fn.namedChildren.find((c) => c?.type === 'member_binding_expression') : null;
    const name = binding?.childForFieldName('name');
    if (name?.type === 'identifier' && fn) {
      const condition = fn.childForFieldName('condition');
      const chain = condition ? receiverChain(condition) : undefined;
      ctx.file.addSite('calls', { name: name.text, receiver: chain }, node, ctx, argumentsOf(node.childForFieldName('arguments'), ctx));
    }
    return true;
  }
  // `nameof(x)` is a constant, not a call (unless a method of that name is in scope: rare).
  if (callee.object === null && callee.name === 'nameof') return false;
  const args = argumentsOf(node.childForFieldName('arguments'), ctx);
  let target: SiteTarget;
  if (!callee.object) {
    target = { name: callee.name, receiver: [] };
  } else {
    // `Make().a.M()`: the stated type of the call, then the member names after it.
    target = memberCallTarget(callee.name, callee.object, RECEIVER_CHAIN, (base) => expressionType(base, ctx));
  }
  const site = ctx.file.addSite('calls', target, node, ctx, args);
  // `Query<Row>(…)`: the written type arguments tell overloads apart by how many type parameters they declare.
  const written = typeArgumentCount(fn?.type === 'member_access_expression' ? fn.childForFieldName('name') : fn);
  if (written) site.typeArguments = written;
  return true;
}

export function visitCreation(node: SyntaxNode, ctx: CSharpContext): boolean {
  const type = node.childForFieldName('type');
  const chain = typeChain(type);
  if (!chain) return true;
  const site = ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
  // `new RestResponse()` beside `new RestResponse<T>()`: two types of one name, told apart by their type arguments.
  const written = typeArgumentCount(type);
  if (written !== undefined) site.typeArguments = written;
  return true;
}

/** How many type arguments a type's last name writes (`A.Box<int, string>`: 2, `Box`: 0); undefined for anything else. */
export function typeArgumentCount(node: SyntaxNode | null): number | undefined {
  switch (node?.type) {
    case 'identifier':
      return 0;
    case 'generic_name':
      return node.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c) => c !== null && c.type !== 'comment').length;
    case 'qualified_name':
      return typeArgumentCount(node.childForFieldName('name'));
    default:
      return undefined;
  }
}

/**
 * `Foo x = new();`, `Foo F = new(…)`, `Foo P { get; } = new();`: a target-typed `new` constructs the declared
 * type, when it names a class (not `var`, a predefined type, a type parameter, an array or a tuple).
 */
export function targetTypedCreation(value: SyntaxNode | null, typeNode: SyntaxNode | null, ctx: CSharpContext): void {
  if (value?.type !== 'implicit_object_creation_expression') return;
  const stated = declaredType(typeNode, ctx.typeVariables);
  if (stated?.kind !== 'named') return;
  const chain = stated.chain;
  ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, value, ctx);
}

/** The type a target-typed `new(…)` constructs: a declaration's stated type, the result of the method it is returned from. */
export function targetTypeOf(node: SyntaxNode): SyntaxNode | null {
  const parent = node.parent;
  // `Range[] ranges = [new(1, 2), …]`, `new List<Range> { new(1, 2) }`: one element of the collection's stated type.
  if (parent?.type === 'expression_element' && parent.parent?.type === 'collection_element') {
    const collection = parent.parent.parent;
    return collection?.type === 'collection_expression' ? elementTypeNode(targetTypeOf(collection)) : null;
  }
  if (parent?.type === 'initializer_expression') {
    const holder = parent.parent;
    if (holder?.type === 'array_creation_expression' || holder?.type === 'object_creation_expression') return elementTypeNode(holder.childForFieldName('type'));
    return holder?.type === 'variable_declarator' ? elementTypeNode(targetTypeOf(parent)) : null;
  }
  if (parent?.type === 'variable_declarator') return parent.parent?.type === 'variable_declaration' ? parent.parent.childForFieldName('type') : null;
  if (parent?.type === 'property_declaration') return parent.childForFieldName('type');
  if (parent?.type !== 'arrow_expression_clause' && parent?.type !== 'return_statement') return null;
  // The method (or local function) it returns from: not across a lambda, whose result is another type.
  for (let up: SyntaxNode | null = parent.parent; up; up = up.parent) {
    if (up.type === 'lambda_expression' || up.type === 'anonymous_method_expression') return null;
    if (up.type === 'method_declaration' || up.type === 'local_function_statement') {
      // An async method's `Task<Foo>` returns a Foo: not the type written.
      if (up.namedChildren.some((c) => c?.type === 'modifier' && c.text === 'async')) return null;
      return up.childForFieldName('returns') ?? up.childForFieldName('type');
    }
    if (up.type === 'property_declaration') return parent.type === 'arrow_expression_clause' && parent.parent?.id === up.id ? up.childForFieldName('type') : null;
  }
  return null;
}

/** The element type a collection type writes: `Foo[]` (one rank), a framework collection's one type argument (`List<Foo>`). */
function elementTypeNode(written: SyntaxNode | null): SyntaxNode | null {
  const type = written?.type === 'qualified_name' ? written.childForFieldName('name') : written;
  if (type?.type === 'array_type') {
    const rank = type.childForFieldName('rank')?.text.replace(/\s+/g, '') ?? '[]';
    return rank === '[]' ? type.childForFieldName('type') : null;
  }
  if (type?.type !== 'generic_name' || !ELEMENT_COLLECTIONS.has(type.namedChildren.find((c) => c?.type === 'identifier')?.text ?? '')) return null;
  const args = type.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  return args.length === 1 ? args[0] : null;
}

/** `Foo Make() => new(…)`, `return new(…);`, `Foo[] xs = [new(…)]`: a target-typed `new` constructs the method's stated result, the collection's element (declarations: `targetTypedCreation`). */
export function visitTargetTypedReturn(node: SyntaxNode, ctx: CSharpContext): boolean {
  const parent = node.parent;
  if (!['arrow_expression_clause', 'return_statement', 'expression_element', 'initializer_expression'].includes(parent?.type ?? '')) return true;
  const stated = declaredType(targetTypeOf(node), ctx.typeVariables);
  if (stated?.kind !== 'named') return true;
  const chain = stated.chain;
  ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
  return true;
}

/** `: this(...)` and `: base(...)`: calls of a constructor of the type or of its base class. */
export function visitConstructorCall(node: SyntaxNode, ctx: CSharpContext): boolean {
  const which = node.children.find((c) => c?.type === 'this' || c?.type === 'base');
  if (!which || ctx.classId === null) return true;
  const declaration = ctx.file.builder.declarations[ctx.classId];
  const name = which.type === 'this' ? declaration.name : ctx.file.classInfo(ctx.classId).superName;
  const args = argumentsOf(node.namedChildren.find((c) => c?.type === 'argument_list') ?? null, ctx);
  if (name) ctx.file.addSite('calls', { name, receiver: [which.type] }, node, ctx, args);
  return true;
}
