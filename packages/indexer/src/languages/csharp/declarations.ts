/** C#'s declarations: types with their heritage, enum members, delegates, methods and constructors with their parameters, properties, fields. */
import { cappedDocstring, flatSignature, tripleSlashLines } from '../../extraction/core/declaration-text.js';
import { nameOrDescend } from '../../extraction/core/syntax-walk.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { CSharpContext, CSharpWalk, Visit } from './file-state.js';
import { INFERRED_TYPE_PARAMETER, NULLABLE_VALUE_PARAMETER, TYPE_PARAMETER_VALUE, declaredType, literalType, simpleType, statedType, typeChain } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';
import { argumentsOf, arrayCreationType, expressionType, targetTypedCreation, typeArgumentCount } from './calls.js';
import { modifiersOf as modifiersIn, type ModifierShape, type Modifiers } from '../../extraction/core/modifiers.js';
import { typeParameterNames as typeParametersIn, type TypeParameterShape } from '../../extraction/core/type-parameters.js';

const TYPE_DECLARATIONS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class',
  record_declaration: 'class',
  struct_declaration: 'struct',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
};

/** `/// <summary>Text</summary>` lines right before a declaration → `Text`. */
export function xmlDoc(comment: SyntaxNode, anchorRow: number): string | undefined {
  if (!comment.text.startsWith('///') || comment.endPosition.row < anchorRow - 1) return undefined;
  const body = tripleSlashLines(comment).join('\n').replace(/<\/?(?:summary|remarks|returns|para)\s*>/g, '').trim();
  if (!body) return undefined;
  return cappedDocstring(body);
}

/** C# writes attribute lists and `modifier` entries as the declaration's first children. */
const MODIFIERS: ModifierShape = {
  annotations: new Map([['attribute_list', (list: SyntaxNode) => list.namedChildren.filter((c) => c?.type === 'attribute').map((c) => flatSignature(c!.text))]]),
  skip: new Set(['comment']),
  keywordEntries: new Set(['modifier']),
};

function modifiersOf(node: SyntaxNode): Modifiers {
  return modifiersIn(node, MODIFIERS);
}

/** Declaration fields the modifiers state. Interface members are public unless stated otherwise. */
function modifierFields(mods: Modifiers, inInterface: boolean): Partial<Declaration> {
  const k = mods.keywords;
  const visibility: Declaration['visibility'] = k.has('public') ? 'public' : k.has('private') ? 'private' : k.has('protected') ? 'protected'
    : k.has('internal') ? 'internal' : inInterface ? 'public' : undefined;
  return {
    visibility,
    isStatic: k.has('static') || k.has('const') || undefined,
    isAbstract: k.has('abstract') || undefined,
    isAsync: k.has('async') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  };
}

/** The text of a declaration from after its attributes to the end of `until` (its header). */
function header(node: SyntaxNode, until: SyntaxNode | null, mods: Modifiers): string {
  const end = until ? until.endIndex : node.endIndex;
  return flatSignature(node.text.slice(mods.start - node.startIndex, end - node.startIndex));
}

const TYPE_PARAMETERS: TypeParameterShape = { listType: 'type_parameter_list', nameField: 'name', nameTypes: new Set(['identifier']) };

function typeParameterNames(node: SyntaxNode): string[] {
  return typeParametersIn(node, TYPE_PARAMETERS);
}

function isInterface(ctx: CSharpContext): boolean {
  return ctx.classId !== null && ctx.file.builder.declarations[ctx.classId].kind === 'interface' && ctx.parentDecl === ctx.classId;
}

export function visitType({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
  const nameNode = nameOrDescend(node, ctx, walk);
  if (!nameNode) return;
  const body = node.childForFieldName('body');
  const file = ctx.file;
  const name = nameNode.text.replace(/^@/, '');
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const topLevel = ctx.parentDecl === null;
  const recordStruct = node.type === 'record_declaration' && node.children.some((c) => c?.type === 'struct');
  const kind: NodeKind = recordStruct ? 'struct' : TYPE_DECLARATIONS[node.type];
  const fields = modifierFields(mods, isInterface(ctx));
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: header(node, body ? body.previousSibling : null, mods),
    docstring: doc,
    ...fields,
    // A top-level type is visible to the whole assembly unless private (file-local types aside).
    isExported: (topLevel && !mods.keywords.has('private') && !mods.keywords.has('file')) || undefined,
    typeParameters,
    partial: mods.keywords.has('partial') || undefined,
  });
  const info = file.classInfo(id);
  if (ctx.classId !== null && ctx.parentDecl === ctx.classId) file.classInfo(ctx.classId).nested.set(name, id);

  const inner: CSharpContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id,
    typeVariables: withTypeVariables(ctx, typeParameters),
  };
  const bases = node.namedChildren.find((c) => c?.type === 'base_list');
  let first = true;
  for (const base of bases?.namedChildren ?? []) {
    if (!base || base.type === 'comment' || base.type === 'argument_list') continue;
    const type = base.type === 'primary_constructor_base_type' ? base.childForFieldName('type') : base;
    if (base.type === 'primary_constructor_base_type') {
      // `record B(int X) : A(X)`: the base's constructor is called with the arguments.
      const chain = typeChain(type);
      const args = base.namedChildren.find((c) => c?.type === 'argument_list') ?? null;
      if (chain) file.addSite('calls', { name: chain[chain.length - 1], receiver: ['base'] }, base, inner, argumentsOf(args, inner));
      walk.push(args, inner);
    }
    const chain = typeChain(type);
    if (!type || !chain) continue;
    const last = chain[chain.length - 1];
    const looksInterface = /^I[A-Z]/.test(last);
    const heritage = kind === 'interface' ? 'extends' : kind === 'struct' || kind === 'enum' ? 'implements'
      : looksInterface || !first ? 'implements' : 'extends';
    if (heritage === 'extends' && kind !== 'interface') info.superName = last;
    if (kind !== 'enum') addHeritage(heritage, type, id, inner);
    first = false;
  }
  // Primary constructor parameters (records, C# 12 classes): record ones are properties too.
  const parameters = node.namedChildren.find((c) => c?.type === 'parameter_list');
  if (parameters) {
    const constructor = file.builder.declare('method', name, id, parameters, { signature: flatSignature(`${name}${parameters.text}`), visibility: 'public' });
    const types = parameterTypesOf(parameters, inner.typeVariables);
    file.builder.declarations[constructor].parameterTypes = types.types;
    if (types.optional > 0) file.builder.declarations[constructor].requiredParameters = types.types.length - types.optional - (types.variadic ? 1 : 0);
    if (types.variadic) file.builder.declarations[constructor].variadic = true;
    info.methods.add(name);
    for (const parameter of parameterNodes(parameters)) {
      const parameterName = parameter.childForFieldName('name');
      if (!parameterName) continue;
      const typeNode = parameter.childForFieldName('type');
      const stated = statedType(typeNode, inner.typeVariables);
      const simple = simpleType(typeNode, inner.typeVariables);
      if (node.type === 'record_declaration') {
        const property = file.builder.declare('property', parameterName.text, id, parameter, { signature: flatSignature(parameter.text), visibility: 'public' });
        file.facts.stateType(property, 'valueType', stated, inner.scope);
      }
      info.fields.set(parameterName.text, { type: stated, simple: simple === '*' ? null : simple });
    }
  }
  walk.push(body, inner);
}

function addHeritage(kind: 'extends' | 'implements', type: SyntaxNode, classId: number, ctx: CSharpContext): void {
  const chain = typeChain(type);
  if (!chain) return;
  // Looked up from the class around the declaration: `enclosing` is the class itself, as the resolver reads heritage.
  const outer: CSharpContext = { ...ctx, enclosing: classId, classId: ctx.file.builder.declarations[classId].parent };
  const site = ctx.file.addSite(kind, { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, type, outer);
  site.space = 'type';
  // `class Response<T> : Response`: the base is the type of its name without type parameters.
  const written = typeArgumentCount(type);
  if (written !== undefined) site.typeArguments = written;
  // `: AbstractValidator<Customer>`, `: Base<T>`: what the base's type parameters are bound to.
  const classParameters = new Set(ctx.file.builder.declarations[classId].typeParameters ?? []);
  const args = typeArgumentNodes(type);
  if (args.length > 0) site.typeArgumentRefs = args.map((arg) => typeArgumentRef(arg, ctx.typeVariables, classParameters));
}

/** The type arguments a type's last name writes (`A.Box<int, Foo>`: int, Foo). */
function typeArgumentNodes(type: SyntaxNode | null): SyntaxNode[] {
  const last = type?.type === 'qualified_name' ? type.childForFieldName('name') : type;
  if (last?.type !== 'generic_name') return [];
  return last.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
}

/** A type argument as a TypeRef: a class, or one of `own` type parameters (those a subclass binds); null for anything else. */
function typeArgumentRef(arg: SyntaxNode, typeVariables: ReadonlySet<string>, own: ReadonlySet<string>): TypeRef | null {
  if (arg.type === 'identifier' && own.has(arg.text)) return { kind: 'type-parameter', name: arg.text };
  return declaredType(arg, typeVariables);
}

export function visitEnumMember({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const mods = modifiersOf(node);
  const id = ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(node.text.slice(mods.start - node.startIndex)), docstring: doc, visibility: 'public', isStatic: true,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  });
  if (ctx.classId !== null) {
    const enumType = ctx.file.pathOf(ctx.classId);
    // `LetterCasing.Title` is a LetterCasing: an argument of that type, a receiver of its extension methods.
    if (enumType) ctx.file.facts.stateType(id, 'valueType', { kind: 'named', chain: enumType, typeArguments: 0 }, ctx.scope);
    ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, { type: enumType ? { kind: 'named', chain: enumType } : null, simple: ctx.file.builder.declarations[ctx.classId].name });
  }
  walk.push(node.childForFieldName('value'), { ...ctx, enclosing: id });
}

export function visitDelegate({ node, ctx, doc }: Visit): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const mods = modifiersOf(node);
  ctx.file.builder.declare('type_alias', nameNode.text, ctx.parentDecl, node, {
    signature: header(node, null, mods), docstring: doc, ...modifierFields(mods, isInterface(ctx)),
    isExported: (ctx.parentDecl === null && !mods.keywords.has('private')) || undefined,
    typeParameters: typeParameterNames(node),
  });
}

/** Parameters of a list: `parameter` nodes (a `params T[] xs` array is written without one: see `paramsArray`). */
function parameterNodes(list: SyntaxNode | null): SyntaxNode[] {
  return list?.namedChildren.filter((c): c is SyntaxNode => c?.type === 'parameter') ?? [];
}

/** `params T[] xs`: the grammar writes its type and name straight into the list. */
function paramsArray(list: SyntaxNode | null): { type: SyntaxNode | null; name: SyntaxNode | null } | null {
  if (!list) return null;
  const type = list.childForFieldName('type');
  const name = list.childForFieldName('name');
  return type || name ? { type, name } : null;
}

/** `object`, `object?`, `System.Object`, or one of the method's own type parameters (`T`, `T?`): a type every value converts to. */
function extendsEveryValue(type: SyntaxNode | null, methodTypeParameters: readonly string[]): boolean {
  const inner = type?.type === 'nullable_type' ? type.childForFieldName('type') : type;
  if (!inner) return false;
  if (inner.type === 'predefined_type') return inner.text === 'object';
  if (inner.type === 'identifier') return inner.text === 'Object' || methodTypeParameters.includes(inner.text);
  return inner.type === 'qualified_name' && inner.text.replace(/\s+/g, '') === 'System.Object';
}

function isThisParameter(parameter: SyntaxNode): boolean {
  return parameter.namedChildren.some((c) => c?.type === 'modifier' && c.text === 'this');
}

/** The delegate types whose type arguments are their parameters' (`Func`'s last one is its result). */
const DELEGATES: Readonly<Record<string, 'action' | 'func'>> = { Action: 'action', Func: 'func' };

/**
 * Per parameter (`this` left out, as `parameterTypesOf` counts), what a lambda passed there receives: the
 * classes `Action<A, B>` / `Func<A, R>` name for its parameters (type variables and predefined types: null).
 * Undefined when no parameter states any.
 */
function callbackParametersOf(list: SyntaxNode | null, typeVariables: ReadonlySet<string>, classParameters: ReadonlySet<string>): Array<Array<TypeRef | null> | null> | undefined {
  const out: Array<Array<TypeRef | null> | null> = [];
  // `params Action<V>[] actions`: each argument from there on is one element, a delegate.
  const params = paramsArray(list)?.type;
  const element = params?.type === 'array_type' ? params.childForFieldName('type') : null;
  const typeNodes = parameterNodes(list).filter((p) => !isThisParameter(p)).map((p) => p.childForFieldName('type'));
  for (const parameterType of params ? [...typeNodes, element] : typeNodes) {
    let type = parameterType;
    if (type?.type === 'nullable_type') type = type.childForFieldName('type');
    // `System.Action<T>` names the same delegate; `Expression<Func<T, R>>` takes the same lambdas, as an expression tree.
    const unqualified = (node: SyntaxNode | null) => (node?.type === 'qualified_name' && /^System(\.Linq\.Expressions)?$/.test(node.childForFieldName('qualifier')?.text ?? '') ? node.childForFieldName('name') : node);
    type = unqualified(type);
    if (type?.type === 'generic_name' && type.namedChildren.find((c) => c?.type === 'identifier')?.text === 'Expression') {
      const inner = typeArgumentNodes(type);
      type = inner.length === 1 ? unqualified(inner[0]) : null;
    }
    const delegate = type?.type === 'generic_name' ? DELEGATES[type.namedChildren.find((c) => c?.type === 'identifier')?.text ?? ''] : undefined;
    const args = delegate ? typeArgumentNodes(type) : [];
    const inputs = delegate === 'func' ? args.slice(0, -1) : args;
    const stated = inputs.map((arg) => typeArgumentRef(arg, typeVariables, classParameters));
    out.push(stated.some((t) => t !== null) ? stated : null);
  }
  return out.some((p) => p !== null) ? out : undefined;
}

function parameterTypesOf(
  list: SyntaxNode | null, typeVariables: ReadonlySet<string>, inferred: ReadonlySet<string> = new Set(), bounds: ReadonlyMap<string, SyntaxNode> = new Map(),
  valueTypes: ReadonlySet<string> = new Set(),
): { types: string[]; variadic: boolean; optional: number } {
  const types: string[] = [];
  let optional = 0;
  const simple = (type: SyntaxNode | null) => {
    const name = simpleType(type, typeVariables);
    const inner = type?.type === 'nullable_type' ? type.childForFieldName('type') : type;
    if (type?.type === 'nullable_type' && inner?.type === 'identifier' && valueTypes.has(inner.text)) return NULLABLE_VALUE_PARAMETER;
    if (name !== '*' || inner?.type !== 'identifier') return name;
    if (inferred.has(inner.text)) return INFERRED_TYPE_PARAMETER;
    // `SetValidator<TValidator>(TValidator v) where TValidator : IValidator<TProperty>`: an argument must convert to
    // the bound (compared as that type: a value that cannot is no candidate, one that can fits it as a conversion).
    const bound = bounds.get(inner.text);
    const boundName = bound ? simpleType(bound, typeVariables) : null;
    return boundName && /^[A-Za-z_]\w*$/.test(boundName) ? boundName : name;
  };
  for (const parameter of parameterNodes(list)) {
    if (isThisParameter(parameter)) continue;
    // `ref`/`out`/`in` parameters take only a variable of exactly that type: compared as unknown.
    const byReference = parameter.namedChildren.some((c) => c?.type === 'modifier' && ['ref', 'out', 'in'].includes(c.text));
    types.push(byReference ? '?' : simple(parameter.childForFieldName('type')) ?? '?');
    if (parameter.children.some((c) => c?.type === '=')) optional++;
  }
  const params = paramsArray(list);
  // `params ReadOnlySpan<object> args` (C# 13) takes its arguments as `params object[]` does.
  const span = params?.type?.type === 'generic_name' && /^(ReadOnly)?Span$/.test(params.type.namedChildren.find((c) => c?.type === 'identifier')?.text ?? '')
    ? params.type.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') : undefined;
  if (params) types.push(span?.length === 1 ? `${simple(span[0]) ?? '?'}[]` : `${simple(params.type) ?? '?[]'}`);
  return { types, variadic: params !== null, optional };
}

/** The one type a method's own type parameter is constrained to (`where T : IValidator<P>`), where it has exactly one. */
function typeParameterBounds(node: SyntaxNode, typeParameters: readonly string[]): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const clause of node.namedChildren) {
    if (clause?.type !== 'type_parameter_constraints_clause') continue;
    const name = clause.namedChildren.find((c) => c?.type === 'identifier')?.text;
    const types = clause.namedChildren.filter((c) => c?.type === 'type_parameter_constraint').map((c) => c!.childForFieldName('type')).filter((t): t is SyntaxNode => t !== null);
    if (name && typeParameters.includes(name) && types.length === 1) out.set(name, types[0]);
  }
  return out;
}

/** The type parameters constrained to value types (`where T : struct`). */
function structTypeParameters(node: SyntaxNode, typeParameters: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const clause of node.namedChildren) {
    if (clause?.type !== 'type_parameter_constraints_clause') continue;
    const name = clause.namedChildren.find((c) => c?.type === 'identifier')?.text;
    if (name && typeParameters.includes(name) && clause.namedChildren.some((c) => c?.type === 'type_parameter_constraint' && c.text === 'struct')) out.add(name);
  }
  return out;
}

/**
 * The method's own type parameters its arguments surely infer as their own types (C# spec §12.6.3): each written
 * as the whole type of exactly one parameter (`Write<T>(string s, T value)`) and nowhere else in the parameter list,
 * with no constraint (a constraint the inferred type breaks makes the method inapplicable: not decided here).
 */
function inferredTypeParameters(node: SyntaxNode, list: SyntaxNode | null, typeParameters: readonly string[]): Set<string> {
  const out = new Set<string>();
  if (typeParameters.length === 0 || !list) return out;
  const constrained = new Set(node.namedChildren.filter((c) => c?.type === 'type_parameter_constraints_clause')
    .map((c) => c!.namedChildren.find((n) => n?.type === 'identifier')?.text));
  const params = paramsArray(list);
  const typeNodes = [...parameterNodes(list).filter((p) => !isThisParameter(p)).map((p) => p.childForFieldName('type')), ...(params ? [params.type] : [])];
  for (const name of typeParameters) {
    if (constrained.has(name)) continue;
    const word = new RegExp(`\\b${name}\\b`);
    const mentions = typeNodes.filter((type) => type !== null && word.test(type.text));
    const whole = mentions.length === 1 ? mentions[0]! : undefined;
    const inner = whole?.type === 'nullable_type' ? whole.childForFieldName('type') : whole;
    if (inner?.type === 'identifier' && inner.text === name && !(params && whole === params.type)) out.add(name);
  }
  return out;
}

export function visitMethod({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
  const file = ctx.file;
  const nameNode = nameOrDescend(node, ctx, walk);
  if (!nameNode) return;
  const body = node.childForFieldName('body');
  const name = nameNode.text.replace(/^@/, '');
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  const inInterface = isInterface(ctx);
  const list = node.childForFieldName('parameters');
  const { types: parameterTypes, variadic, optional } = parameterTypesOf(list, typeVariables, inferredTypeParameters(node, list, typeParameters), typeParameterBounds(node, typeParameters), structTypeParameters(node, typeParameters));
  const local = node.type === 'local_function_statement';
  const returnTypeNode = node.childForFieldName('returns') ?? node.childForFieldName('type');
  const id = file.builder.declare(local ? 'function' : 'method', name, ctx.parentDecl, node, {
    signature: header(node, list ?? nameNode, mods),
    docstring: doc,
    ...modifierFields(mods, inInterface),
    // An interface member without a body (and not static) is abstract.
    isAbstract: mods.keywords.has('abstract') || (inInterface && !body && !mods.keywords.has('static')) || undefined,
    typeParameters,
    variadic: variadic || undefined,
  });
  const declaration = file.builder.declarations[id];
  // Set after `declare`, which leaves empty lists out: no parameters is an arity too.
  declaration.parameterTypes = parameterTypes;
  if (optional > 0) declaration.requiredParameters = parameterTypes.length - optional - (variadic ? 1 : 0);
  // The type parameters of the classes around (not the method's own, which its arguments infer): a subclass binds them.
  const classParameters = new Set([...ctx.typeVariables].filter((name) => !typeParameters.includes(name)));
  const callbackParameters = callbackParametersOf(list, typeVariables, classParameters);
  if (callbackParameters) declaration.callbackParameters = callbackParameters;
  if (ctx.classId !== null && !local) file.classInfo(ctx.classId).methods.add(name);
  if (local) file.bindLocal(ctx.scope, name, 'local-function', null, null, undefined, id);
  // `static T For<T>(…)`: a call `For<IFoo>()` gives an IFoo (not an async method's, whose result is a task);
  // `static T Received<T>(this T s)`: the value it is called on.
  const returnedNode = returnTypeNode?.type === 'nullable_type' ? returnTypeNode.childForFieldName('type') : returnTypeNode;
  const returned = returnedNode?.type === 'identifier' && !mods.keywords.has('async') ? typeParameters.indexOf(returnedNode.text) : -1;
  const firstParameter = parameterNodes(list)[0];
  const extendedType = firstParameter && isThisParameter(firstParameter) && mods.keywords.has('static') ? firstParameter.childForFieldName('type') : null;
  const returnsReceiver = returned >= 0 && extendedType?.type === 'identifier' && extendedType.text === returnedNode!.text;
  const stated = returnsReceiver ? ({ kind: 'self' } as const) : returnTypeOf(returnTypeNode, typeVariables);
  if (taskResultNode(returnTypeNode)) declaration.isAsync = true;
  if (node.type !== 'constructor_declaration') file.facts.stateType(id, 'returnType', stated, ctx.scope);
  if (returned >= 0 && !returnsReceiver) declaration.returnsTypeParameter = returned;
  // `static R M(this T x)`: an extension method of T.
  const first = parameterNodes(list)[0];
  if (first && isThisParameter(first) && mods.keywords.has('static')) {
    const extendedNode = first.childForFieldName('type');
    const extended = declaredType(extendedNode, typeVariables);
    if (extended) file.facts.proveLater(extended, ctx.scope, undefined, (proven) => {
      if (proven) declaration.memberOf = proven;
    });
    // `M(this object o)`, `M<T>(this T x)`: an extension of every value, `object` by name.
    else if (extendsEveryValue(extendedNode, typeParameters)) declaration.memberOf = { kind: 'named', chain: ['object'] };
  }

  const scope = ctx.scope.open('method');
  const inner: CSharpContext = { file, scope, parentDecl: id, enclosing: id, classId: ctx.classId, typeVariables };
  bindParameters(list, inner);
  for (const child of node.namedChildren) {
    if (child?.type === 'constructor_initializer') walk.push(child, inner);
  }
  walk.push(body, inner);
}

/** What a method states it returns: a `Task<T>` or `ValueTask<T>` is T, what awaiting its call gives (see taskResultNode). */
function returnTypeOf(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): TypeRef | null {
  return statedType(taskResultNode(node) ?? node, typeVariables);
}

/**
 * The T of a `Task<T>` or `ValueTask<T>` result: what awaiting the call gives, whether the method is `async` or hands
 * on a task it got elsewhere (`=> Task.FromResult(r)`, an interface's or abstract method's). Such a method is stated
 * as an async one's (`isAsync`, T its result): the resolver reads its result for an awaited call only.
 */
function taskResultNode(node: SyntaxNode | null): SyntaxNode | null {
  if (node?.type !== 'generic_name') return null;
  const name = node.namedChildren.find((c) => c?.type === 'identifier')?.text;
  const args = node.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
  return (name === 'Task' || name === 'ValueTask') && args.length === 1 ? args[0]! : null;
}

export function bindParameters(list: SyntaxNode | null, ctx: CSharpContext): void {
  for (const parameter of parameterNodes(list)) {
    const parameterName = parameter.childForFieldName('name');
    if (parameterName) bindTyped(ctx, parameterName, parameter.childForFieldName('type'), 'parameter');
  }
  const params = paramsArray(list);
  // Passed on, a params array states no type for overloads: an array in normal form takes `params T[]` by identity, while a
  // `params ReadOnlySpan<T>` twin is ranked first for the expanded form (overload-ranking.ts), so the two would be misread.
  if (params?.name) ctx.file.bindLocal(ctx.scope, params.name.text, 'parameter', null, null);
}

/** Operators, indexers, finalizers: their code runs as the type's; they are not declared. */
export function visitUndeclaredMember({ node, ctx }: Visit, walk: CSharpWalk): void {
  const scope = ctx.scope.open('method');
  const inner: CSharpContext = { ...ctx, scope, enclosing: ctx.classId ?? ctx.enclosing };
  bindParameters(node.childForFieldName('parameters'), inner);
  for (const child of node.namedChildren) {
    if (child && child.type !== 'parameter_list' && child.type !== 'bracketed_parameter_list') walk.push(child, inner);
  }
}

export function visitProperty({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const name = nameNode.text.replace(/^@/, '');
  const mods = modifiersOf(node);
  const typeNode = node.childForFieldName('type');
  const accessors = node.childForFieldName('accessors');
  const id = file.builder.declare(node.type === 'event_declaration' ? 'field' : 'property', name, ctx.parentDecl, node, {
    signature: header(node, nameNode, mods),
    docstring: doc,
    ...modifierFields(mods, isInterface(ctx)),
  });
  const stated = statedType(typeNode, ctx.typeVariables);
  const simple = simpleType(typeNode, ctx.typeVariables);
  file.facts.stateType(id, 'valueType', stated, ctx.scope);
  if (ctx.classId !== null) file.classInfo(ctx.classId).fields.set(name, { type: stated, simple: simple === '*' ? null : simple });
  const inner: CSharpContext = { ...ctx, scope: ctx.scope.open('method'), enclosing: id };
  walk.push(accessors, inner);
  const value = node.childForFieldName('value');
  targetTypedCreation(value, typeNode, inner);
  walk.push(value, inner);
}

export function visitField({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
  const file = ctx.file;
  const mods = modifiersOf(node);
  const declaration = node.namedChildren.find((c) => c?.type === 'variable_declaration');
  if (!declaration) return;
  const typeNode = declaration.childForFieldName('type');
  const constant = mods.keywords.has('const');
  const stated = statedType(typeNode, ctx.typeVariables);
  const simple = simpleType(typeNode, ctx.typeVariables);
  for (const declarator of declaration.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    const nameNode = declarator.childForFieldName('name');
    if (!nameNode) continue;
    const name = nameNode.text.replace(/^@/, '');
    const id = file.builder.declare(constant ? 'constant' : 'field', name, ctx.parentDecl, declarator, {
      signature: flatSignature(`${[...mods.keywords].join(' ')} ${typeNode?.text ?? ''} ${name}`),
      docstring: doc,
      ...modifierFields(mods, isInterface(ctx)),
    });
    // `var` is no field type; an initialiser states nothing more here.
    file.facts.stateType(id, 'valueType', stated, ctx.scope);
    if (ctx.classId !== null) file.classInfo(ctx.classId).fields.set(name, { type: stated, simple: simple === '*' ? null : simple });
    for (const value of declarator.namedChildren) {
      if (!value || value.id === nameNode.id) continue;
      targetTypedCreation(value, typeNode, { ...ctx, enclosing: id });
      walk.push(value, { ...ctx, enclosing: id });
    }
  }
}

/** Binds a local or parameter with its declared type; `var x = value` takes the value's stated type. */
export function bindTyped(ctx: CSharpContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = statedType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  // `T value`: passed on, a value of a type parameter (overloads infer it exactly; see TYPE_PARAMETER_VALUE).
  if (simple === '*') simple = TYPE_PARAMETER_VALUE;
  if ((!type || type.type === 'implicit_type') && value) {
    stated = expressionType(value, ctx);
    simple = value.type === 'object_creation_expression' ? simpleType(value.childForFieldName('type'), ctx.typeVariables)
      : value.type === 'array_creation_expression' ? arrayCreationType(value, ctx) : literalType(value) ?? null;
  }
  ctx.file.bindLocal(ctx.scope, name.text, kind, stated, simple, kind === 'parameter' ? undefined : name);
}
