/** Kotlin's declarations: classes, objects and interfaces with their heritage, object literals, enum entries, type aliases, functions with their parameters, properties. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { Frame, KotlinContext, KotlinWalk } from './file-state.js';
import { aliasReceiverType, declaredType, isFunctionType, lambdaReceiverType, namedType, simpleType, typeChain, typeChild } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';
import { callChildren, constructorArguments, expressionType, scopeFunctionReceiver } from './calls.js';
import { bindDestructured, bindTyped, bindVariable } from './locals.js';
import { modifiersOf as modifiersIn, type ModifierShape, type Modifiers } from '../../extraction/core/modifiers.js';
import { typeParameterNames as typeParametersIn, type TypeParameterShape } from '../../extraction/core/type-parameters.js';

/** Kotlin writes its modifiers in one `modifiers` node, each a named entry. */
const MODIFIERS: ModifierShape = {
  container: 'modifiers',
  annotations: new Map([['annotation', (node: SyntaxNode) => [flatSignature(node.text).replace(/^@\s*/, '')]]]),
  skip: new Set(['line_comment', 'block_comment']),
};

function modifiersOf(node: SyntaxNode): Modifiers {
  return modifiersIn(node, MODIFIERS);
}

/** Declaration fields the modifiers state. Kotlin's default visibility is public. */
function modifierFields(mods: Modifiers): Partial<Declaration> {
  const k = mods.keywords;
  const visibility: Declaration['visibility'] = k.has('private') ? 'private' : k.has('protected') ? 'protected' : k.has('internal') ? 'internal' : 'public';
  return {
    visibility,
    isAbstract: k.has('abstract') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  };
}

/** The text of a declaration from after its annotations to before `until` (its header), its modifier keywords first. */
function header(node: SyntaxNode, until: SyntaxNode | null | undefined, mods: Modifiers): string {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  const start = modifiers ? modifiers.endIndex : node.startIndex;
  const end = until ? until.startIndex : node.endIndex;
  const text = node.text.slice(start - node.startIndex, Math.max(start, end) - node.startIndex);
  return flatSignature(`${[...mods.keywords].join(' ')} ${text}`);
}

const TYPE_PARAMETERS: TypeParameterShape = { listType: 'type_parameters', nameTypes: new Set(['identifier', 'type_identifier']) };

function typeParameterNames(node: SyntaxNode): string[] {
  return typeParametersIn(node, TYPE_PARAMETERS);
}

/** Whether declarations made in `ctx` are members of its class (not locals of a function in it). */
function inClassBody(ctx: KotlinContext): boolean {
  return ctx.classId !== null && ctx.parentDecl === ctx.classId;
}

function classKind(node: SyntaxNode): NodeKind {
  if (node.type !== 'class_declaration') return 'class';
  if (node.children.some((c) => c?.type === 'interface')) return 'interface';
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  return modifiers?.namedChildren.some((c) => c?.type === 'class_modifier' && c.text === 'enum') ? 'enum' : 'class';
}

export function visitClass({ node, ctx, doc }: Frame, walk: KotlinWalk): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name') ?? (node.type === 'companion_object' ? null : node.namedChildren.find((c) => c?.type === 'identifier'));
  const name = nameNode?.text ?? (node.type === 'companion_object' ? 'Companion' : null);
  const body = node.namedChildren.find((c) => c?.type === 'class_body' || c?.type === 'enum_class_body') ?? null;
  if (!name) {
    walk.descend(node, ctx);
    return;
  }
  const kind = classKind(node);
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const topLevel = ctx.parentDecl === null;
  const companion = node.type === 'companion_object';
  const heritage = node.namedChildren.find((c) => c?.type === 'delegation_specifiers') ?? null;
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: header(node, body, mods),
    docstring: doc,
    ...modifierFields(mods),
    isAbstract: mods.keywords.has('abstract') || mods.keywords.has('sealed') || undefined,
    isStatic: companion || undefined,
    isExported: (topLevel && !mods.keywords.has('private')) || undefined,
    typeParameters,
  });
  const info = file.classInfo(id);
  // A nested type of the class around it; a local class is a name in its block.
  if (inClassBody(ctx)) file.classInfo(ctx.classId!).nested.set(name, id);
  else if (!topLevel) file.bindLocal(ctx.scope, name, 'local-class', null, null, nameNode ?? node, id);

  const scope = ctx.scope.open('class');
  const inner: KotlinContext = {
    file, scope, parentDecl: id, enclosing: id, classId: id, typeVariables: withTypeVariables(ctx, typeParameters),
    // A companion's members are members of its class too.
    companionOf: companion && inClassBody(ctx) ? ctx.classId! : undefined,
  };
  if (heritage) addHeritageList(heritage, kind, id, inner, walk);

  // The primary constructor: `val`/`var` parameters are properties; all are seen by initialisers.
  const initScope = scope.open('function');
  inner.initScope = initScope;
  const primary = node.namedChildren.find((c) => c?.type === 'primary_constructor');
  const parameters = primary?.namedChildren.find((c) => c?.type === 'class_parameters');
  const arity = constructorArity(node, body, parameters);
  if (arity !== undefined) file.builder.declarations[id].constructorArity = arity;
  for (const parameter of parameters?.namedChildren ?? []) {
    if (parameter?.type !== 'class_parameter') continue;
    const parameterName = parameter.namedChildren.find((c) => c?.type === 'identifier');
    if (!parameterName) continue;
    const typeNode = typeChild(parameter);
    const stated = declaredType(typeNode, inner.typeVariables);
    const simple = simpleType(typeNode, inner.typeVariables);
    if (parameter.children.some((c) => c?.type === 'val' || c?.type === 'var')) {
      const parameterMods = modifiersOf(parameter);
      const property = file.builder.declare('property', parameterName.text, id, parameter, {
        signature: header(parameter, null, parameterMods), ...modifierFields(parameterMods),
      });
      file.facts.stateType(property, 'valueType', stated, scope);
      info.fields.set(parameterName.text, { type: stated, simple: simple === '*' ? null : simple });
    }
    file.bindLocal(initScope, parameterName.text, 'parameter', stated, simple);
    const value = parameter.namedChildren.find((c) => c !== null && c.startIndex > (typeNode ?? parameterName).endIndex && c.type !== 'modifiers');
    walk.push(value, { ...inner, scope: initScope });
  }
  walk.push(body, inner);
}

/**
 * How many parameters the class's one constructor takes, where a reference `::C` is a function of exactly that many:
 * no secondary constructor, no default value (a reference may leave those out), no vararg; an object or an interface has none.
 */
function constructorArity(node: SyntaxNode, body: SyntaxNode | null, parameters: SyntaxNode | null | undefined): number | undefined {
  if (node.type !== 'class_declaration' || node.children.some((c) => c?.type === 'interface')) return undefined;
  if (body?.namedChildren.some((c) => c?.type === 'secondary_constructor')) return undefined;
  const list = (parameters?.namedChildren ?? []).filter((c): c is SyntaxNode => c?.type === 'class_parameter');
  const optional = (parameter: SyntaxNode) => parameter.children.some((c) => c?.type === '=') || parameter.namedChildren.some((c) => c?.type === 'modifiers' && /\bvararg\b/.test(c.text));
  return list.some(optional) ? undefined : list.length;
}

/** `List<CodeBlock>` (not `List<T>` of a type variable, nor `List<*>`): the type writes type arguments that limit it. */
function writesTypeArguments(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): boolean {
  const user = node ? (node.type === 'nullable_type' ? node.namedChildren.find((c) => c?.type === 'user_type') ?? node : node) : null;
  if (user?.type !== 'user_type') return false;
  const lists = user.namedChildren.filter((c) => c?.type === 'type_arguments');
  return lists.some((list) => list!.namedChildren.some((projection) => {
    if (projection?.type !== 'type_projection') return false;
    const chain = typeChain(typeChild(projection));
    return chain !== null && !(chain.length === 1 && typeVariables.has(chain[0]));
  }));
}

/** `: B(), I, J by x` — each supertype, looked up from the class around the declaration. */
function addHeritageList(list: SyntaxNode, kind: NodeKind, classId: number, ctx: KotlinContext, walk: KotlinWalk): void {
  const outer: KotlinContext = { ...ctx, enclosing: classId, classId: ctx.file.builder.declarations[classId].parent, companionOf: undefined };
  for (const specifier of list.namedChildren) {
    const part = specifier?.namedChildren[0];
    if (!part) continue;
    if (part.type === 'constructor_invocation') {
      const type = part.namedChildren.find((c) => c?.type === 'user_type');
      addHeritage('extends', type, outer);
      // `class A : Base(x)` also calls Base's constructor.
      const chain = typeChain(type);
      if (chain) ctx.file.addSite('calls', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, part, outer, constructorArguments(part, outer));
      walk.push(part.namedChildren.find((c) => c?.type === 'value_arguments'), outer);
    } else if (part.type === 'explicit_delegation') {
      addHeritage(kind === 'interface' ? 'extends' : 'implements', typeChild(part), outer);
      walk.push(part.namedChildren.find((c) => c !== null && c.startIndex > (typeChild(part)?.endIndex ?? 0) && c.isNamed), outer);
    } else {
      addHeritage(kind === 'interface' ? 'extends' : 'implements', part, outer);
    }
  }
}

function addHeritage(kind: 'extends' | 'implements', type: SyntaxNode | null | undefined, ctx: KotlinContext): void {
  const chain = typeChain(type);
  if (!chain || !type) return;
  ctx.file.addSite(kind, { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, type, ctx);
}

export function visitObjectLiteral(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): void {
  const file = ctx.file;
  const heritage = node.namedChildren.find((c) => c?.type === 'delegation_specifiers') ?? null;
  const first = heritage?.namedChildren[0]?.namedChildren[0];
  const firstType = first?.type === 'constructor_invocation' ? first.namedChildren.find((c) => c?.type === 'user_type') : first;
  const chain = typeChain(firstType);
  const body = node.namedChildren.find((c) => c?.type === 'class_body') ?? null;
  const id = file.builder.declare('class', `<anonymous ${chain ? chain[chain.length - 1] : 'object'}>`, ctx.parentDecl, body ?? node, {});
  file.classInfo(id);
  const inner: KotlinContext = { ...ctx, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, companionOf: undefined, foreignThis: false, inLambda: false, blockCalls: undefined };
  if (heritage) addHeritageList(heritage, 'class', id, inner, walk);
  inner.initScope = inner.scope;
  walk.push(body, inner);
}

export function visitEnumEntry({ node, ctx, doc }: Frame, walk: KotlinWalk): void {
  const nameNode = node.namedChildren.find((c) => c?.type === 'identifier');
  if (!nameNode) return;
  const file = ctx.file;
  const mods = modifiersOf(node);
  const id = file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(nameNode.text), docstring: doc, visibility: 'public', isStatic: true,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  });
  const enumPath = ctx.classId !== null ? file.pathOf(ctx.classId) : undefined;
  const type: TypeRef | null = enumPath ? { kind: 'named', chain: enumPath } : null;
  if (type) file.facts.stateType(id, 'valueType', type, ctx.scope);
  if (ctx.classId !== null) file.classInfo(ctx.classId).fields.set(nameNode.text, { type, simple: enumPath ? enumPath[enumPath.length - 1] : null });
  walk.push(node.namedChildren.find((c) => c?.type === 'value_arguments'), { ...ctx, enclosing: id, scope: ctx.initScope ?? ctx.scope });
  // An entry with a body is an anonymous subclass of the enum: its functions belong to it.
  const body = node.namedChildren.find((c) => c?.type === 'class_body');
  if (body) {
    file.classInfo(id);
    const scope = ctx.scope.open('class');
    walk.push(body, { ...ctx, scope, initScope: scope, parentDecl: id, enclosing: id, classId: id, companionOf: undefined, blockCalls: undefined });
  }
}

export function visitTypeAlias({ node, ctx, doc }: Frame): void {
  const nameNode = node.childForFieldName('type') ?? node.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'type_identifier');
  if (!nameNode) return;
  const mods = modifiersOf(node);
  const id = ctx.file.builder.declare('type_alias', nameNode.text, ctx.parentDecl, node, {
    signature: header(node, null, mods), docstring: doc, ...modifierFields(mods),
    isExported: (ctx.parentDecl === null && !mods.keywords.has('private')) || undefined,
  });
  const typeVariables = withTypeVariables(ctx, typeParameterNames(node));
  const aliased = typeChild(node);
  // `typealias RawOption = NullableOption<String, String>`: a RawOption is a NullableOption (its members, its extensions).
  const underlying = declaredType(aliased, typeVariables);
  if (underlying) ctx.file.facts.proveLater(underlying, ctx.scope, undefined, (proven) => {
    if (proven) ctx.file.builder.declarations[id].underlyingType = proven;
  });
  // `typealias ModuleDeclaration = Module.() -> Unit`: a lambda of a parameter of this type runs with a Module as `this`.
  const blockSelf = lambdaReceiverType(aliased, typeVariables);
  if (blockSelf) ctx.file.builder.declarations[id].blockSelf = blockSelf;
}

interface Parameter {
  name: SyntaxNode | null;
  type: SyntaxNode | null;
  vararg: boolean;
  value: SyntaxNode | null;
}

/** `(a: A, vararg b: B, c: C = x)`: the parameters with their modifiers and default values (siblings in this grammar). */
function parametersOf(list: SyntaxNode | null | undefined): Parameter[] {
  const out: Parameter[] = [];
  let vararg = false;
  for (const child of list?.namedChildren ?? []) {
    if (!child || child.type === 'line_comment' || child.type === 'block_comment') continue;
    if (child.type === 'parameter_modifiers') {
      vararg = child.text.includes('vararg');
    } else if (child.type === 'parameter') {
      out.push({ name: child.namedChildren.find((c) => c?.type === 'identifier') ?? null, type: typeChild(child), vararg, value: null });
      vararg = false;
    } else if (out.length > 0 && out[out.length - 1].value === null) {
      out[out.length - 1].value = child;
    }
  }
  return out;
}

/** `fun <T : Command> T.parse()`: the bound a type-variable receiver is declared with (an extension of Command and its subclasses). */
function typeVariableBound(node: SyntaxNode, receiver: SyntaxNode, typeVariables: ReadonlySet<string>): TypeRef | null {
  const name = typeChain(receiver);
  if (name?.length !== 1) return null;
  const list = node.namedChildren.find((c) => c?.type === 'type_parameters');
  for (const parameter of list?.namedChildren ?? []) {
    if (parameter?.type !== 'type_parameter' || parameter.namedChildren.find((c) => c?.type === 'identifier')?.text !== name[0]) continue;
    return namedType(typeChild(parameter), typeVariables);
  }
  return null;
}

/** Whether a parameter's type is a function type (`() -> Unit`, `(Foo.() -> Unit)?`); an alias of one is not known here. */
function unwrappedFunctionType(node: SyntaxNode | null): boolean {
  return isFunctionType(simpleType(node, new Set()));
}

export function visitFunction({ node, ctx, doc }: Frame, walk: KotlinWalk): void {
  const file = ctx.file;
  const constructor = node.type === 'secondary_constructor';
  const nameNode = constructor ? null : node.childForFieldName('name');
  if (!constructor && !nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const name = nameNode?.text ?? 'constructor';
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  const parameterList = node.namedChildren.find((c) => c?.type === 'function_value_parameters');
  const parameters = parametersOf(parameterList);
  // `fun option(vararg names: String, help: String = "")`: the arguments written without names all go to the vararg; those after it
  // are named or left to their defaults (a function-typed one takes a trailing lambda, so it stays).
  const varargAt = parameters.findIndex((p) => p.vararg);
  const afterVararg = varargAt >= 0 ? parameters.slice(varargAt + 1) : [];
  const positional = afterVararg.length > 0 && afterVararg.every((p) => p.value !== null && unwrappedFunctionType(p.type) === false) ? parameters.slice(0, varargAt + 1) : parameters;
  // `fun Foo.m()`: the type before the name is the receiver; the one after the parameters, the result.
  const receiverNode = nameNode ? node.namedChildren.find((c) => c !== null && c.endIndex <= nameNode.startIndex && c.type !== 'modifiers' && c.type !== 'type_parameters') ?? null : null;
  const receiverType = receiverNode ? namedType(receiverNode, typeVariables) ?? typeVariableBound(node, receiverNode, typeVariables) : null;
  const resultNode = parameterList ? typeChild(node, parameterList) : null;
  const body = node.namedChildren.find((c) => c?.type === 'function_body' || c?.type === 'block') ?? null;
  const member = inClassBody(ctx);
  const local = !member && ctx.parentDecl !== null && !ctx.file.classes.has(ctx.parentDecl);
  const inInterface = member && file.builder.declarations[ctx.classId!].kind === 'interface';
  const companion = member && ctx.companionOf !== undefined ? ctx.companionOf : undefined;
  // A top-level extension of a class the code names: a member of that class, declared outside it.
  const extensionOf = receiverType && !member && !local ? receiverType : undefined;
  const companionPath = companion !== undefined ? file.pathOf(companion) : undefined;
  const id = file.builder.declare(member || constructor ? 'method' : 'function', name, ctx.parentDecl, node, {
    signature: header(node, body, mods),
    docstring: doc,
    ...modifierFields(mods),
    isAbstract: mods.keywords.has('abstract') || (inInterface && !body) || undefined,
    isStatic: companion !== undefined || undefined,
    isExported: (ctx.parentDecl === null && !mods.keywords.has('private')) || undefined,
    typeParameters,
    variadic: (positional.length > 0 && positional[positional.length - 1].vararg) || undefined,
    memberOf: extensionOf ?? (companionPath ? { kind: 'named', chain: companionPath } : undefined),
  });
  const declaration = file.builder.declarations[id];
  // `fun KClass<*>.toSpec()` in a class or object body: an extension of KClass where that body's members are in scope.
  if (member && receiverType?.kind === 'named') declaration.memberExtensionOf = receiverType.chain[receiverType.chain.length - 1];
  if (extensionOf && writesTypeArguments(receiverNode, typeVariables)) declaration.extendsParameterized = true;
  // `@Deprecated(…, level = DeprecationLevel.HIDDEN)`: kept for old binaries, never what a call compiles to while another overload fits.
  if (mods.decorators.some((text) => /^Deprecated\b/.test(text) && /\bHIDDEN\b/.test(text))) declaration.rankedLast = true;
  declaration.parameterTypes = positional.map((p) => simpleType(p.type, typeVariables) ?? '?');
  // `f(x = 1)` names its argument: an overload without a parameter x is not the one called.
  if (parameters.length > 0 && parameters.every((p) => p.name !== null)) {
    declaration.parameterNames = parameters.map((p) => p.name!.text);
    if (varargAt >= 0) declaration.varargParameter = varargAt;
  }
  // `fun <T> make(): T`: a call `make<Foo>()` gives a Foo.
  const resultChain = typeChain(resultNode);
  const returned = resultChain?.length === 1 ? typeParameters.indexOf(resultChain[0]) : -1;
  if (returned >= 0) declaration.returnsTypeParameter = returned;
  // `fun build(block: Foo.() -> Unit)`: a trailing lambda runs with a Foo as its `this`.
  // `fun module(block: ModuleDeclaration)` with `typealias ModuleDeclaration = Module.() -> Unit`: the alias's receiver (found globally).
  const lastType = parameters.at(-1)?.type;
  const blockSelf = lambdaReceiverType(lastType, typeVariables) ?? aliasReceiverType(lastType, typeVariables);
  if (blockSelf) declaration.blockSelf = blockSelf;
  // An override takes the default values of the function it overrides (which it cannot restate): any of its parameters may have one.
  const optional = mods.keywords.has('override') ? positional.length : positional.filter((p) => p.value !== null).length;
  if (optional > 0) declaration.requiredParameters = positional.length - optional;
  if (member) file.classInfo(ctx.classId!).methods.add(name);
  if (companion !== undefined) file.classInfo(companion).methods.add(name);
  if (local && nameNode) file.bindLocal(ctx.scope, name, 'local-function', null, null, undefined, id);

  const scope = ctx.scope.open('function');
  const inner: KotlinContext = {
    ...ctx, scope, parentDecl: id, enclosing: id, typeVariables, companionOf: undefined,
    // An extension's `this` is its receiver: the class around it is not what a bare name means first.
    foreignThis: ctx.foreignThis || (receiverNode !== null && member),
    classId: extensionOf ? null : ctx.classId,
    // An extension's receiver comes before the receivers of lambdas around it: `fun Module.group() { single { get() } }`
    // runs `single`'s lambda with the receiver Module's `single` states.
    blockCalls: receiverNode !== null ? (receiverType ? [receiverType] : undefined) : ctx.blockCalls,
  };
  const extendedType = receiverNode ? declaredType(receiverNode, typeVariables) : null;
  inner.extended = extendedType ? { type: extendedType, blockCalls: inner.blockCalls, foreignThis: inner.foreignThis } : undefined;
  for (const parameter of parameters) {
    if (parameter.name) bindTyped(inner, parameter.name, parameter.vararg ? null : parameter.type, 'parameter');
    walk.push(parameter.value, inner);
  }
  const stated = resultNode ? declaredType(resultNode, typeVariables) : null;
  if (stated) file.facts.stateType(id, 'returnType', stated, ctx.scope);
  else if (body && body.type === 'function_body' && !body.namedChildren.some((c) => c?.type === 'block')) {
    // `fun make() = Foo()`: the expression's stated type.
    const expression = body.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
    // `fun data(x: Any) = apply { … }` (a builder's member or an extension): the value it was called on.
    const type = expression && (member || extensionOf) && (expression.type === 'this_expression' && expression.text === 'this' || expression.type === 'call_expression' && scopeFunctionReceiver(expression) === 'this')
      ? { kind: 'self' as const }
      : expression ? expressionType(expression, inner) : null;
    if (type) file.facts.stateType(id, 'returnType', type, scope);
  }
  walk.push(node.namedChildren.find((c) => c?.type === 'constructor_delegation_call'), inner);
  walk.push(body, inner);
}

/**
 * `by lazy { Foo() }`, `by lazy(mode) { make() }`: the value the lambda's one expression states (the property holds what the
 * lambda gives); null for any other delegate, or a lambda of several statements (its locals are not in scope here).
 */
function lazyValueType(delegate: SyntaxNode | null, ctx: KotlinContext): TypeRef | null {
  const call = delegate?.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
  if (call?.type !== 'call_expression') return null;
  const children = callChildren(call);
  if (children[0]?.type !== 'identifier' || children[0].text !== 'lazy') return null;
  const lambda = children.find((c) => c?.type === 'annotated_lambda')?.namedChildren.find((c) => c?.type === 'lambda_literal');
  const statements = lambda?.namedChildren.filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment') ?? [];
  return statements.length === 1 && statements[0]!.type === 'call_expression' ? expressionType(statements[0]!, ctx) : null;
}

export function visitProperty({ node, ctx, doc }: Frame, walk: KotlinWalk): void {
  const file = ctx.file;
  const variable = node.namedChildren.find((c) => c?.type === 'variable_declaration') ?? null;
  const destructured = node.namedChildren.find((c) => c?.type === 'multi_variable_declaration') ?? null;
  const anchor = variable ?? destructured;
  const value = node.namedChildren.find((c) => c !== null && anchor !== null && c.startIndex > anchor.endIndex && c.isNamed
    && !['getter', 'setter', 'property_delegate', 'line_comment', 'block_comment', 'type_constraints'].includes(c.type)) ?? null;
  const delegate = node.namedChildren.find((c) => c?.type === 'property_delegate') ?? null;
  const member = inClassBody(ctx);
  const topLevel = ctx.parentDecl === null;
  if (!member && !topLevel && !(ctx.parentDecl !== null && file.classes.has(ctx.parentDecl))) {
    // A local: bound from its declaration on, with the type it states or its value proves. A function literal stated to
    // have a receiver (`val c: ValueConverter<Int> = { fail(it) }`) runs with it as `this`: nothing else, while it is unproven.
    const typeNode = variable ? typeChild(variable) : null;
    const literalSelf = value?.type === 'lambda_literal' ? lambdaReceiverType(typeNode, ctx.typeVariables) ?? aliasReceiverType(typeNode, ctx.typeVariables) : null;
    walk.push(value, literalSelf ? { ...ctx, blockCalls: [{ kind: 'block-value', of: literalSelf }, ...(ctx.blockCalls ?? [])] } : ctx);
    walk.push(delegate, ctx);
    if (variable) bindVariable(variable, ctx, value, node);
    else if (destructured) bindDestructured(destructured, ctx);
    return;
  }
  const nameNode = variable?.namedChildren.find((c) => c?.type === 'identifier');
  if (!variable || !nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const name = nameNode.text;
  const mods = modifiersOf(node);
  const typeNode = typeChild(variable);
  const receiverNode = node.namedChildren.find((c) => c !== null && c.endIndex <= variable.startIndex && c.type !== 'modifiers' && c.type !== 'type_parameters'
    && ['user_type', 'nullable_type'].includes(c.type)) ?? null;
  const typeVariables = withTypeVariables(ctx, typeParameterNames(node));
  const receiverType = receiverNode ? namedType(receiverNode, typeVariables) : null;
  const companion = member && ctx.companionOf !== undefined ? ctx.companionOf : undefined;
  const companionPath = companion !== undefined ? file.pathOf(companion) : undefined;
  const isConst = mods.keywords.has('const');
  const kind: NodeKind = member ? 'property' : isConst ? 'constant' : 'variable';
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: flatSignature(`${[...mods.keywords].join(' ')} ${node.text.slice((node.namedChildren.find((c) => c?.type === 'modifiers')?.endIndex ?? node.startIndex) - node.startIndex, variable.endIndex - node.startIndex)}`),
    docstring: doc,
    ...modifierFields(mods),
    isStatic: companion !== undefined || undefined,
    isExported: (topLevel && !mods.keywords.has('private')) || undefined,
    memberOf: receiverType && topLevel ? receiverType : companionPath ? { kind: 'named', chain: companionPath } : undefined,
  });
  const inner: KotlinContext = { ...ctx, enclosing: id, scope: ctx.initScope ?? ctx.scope, companionOf: undefined };
  const stated = declaredType(typeNode, typeVariables) ?? (value ? expressionType(value, inner) : lazyValueType(delegate, inner));
  const simple = simpleType(typeNode, typeVariables);
  if (stated) file.facts.stateType(id, 'valueType', stated, inner.scope);
  const property = { type: stated, simple: simple === '*' ? null : simple };
  if (member && !receiverNode) file.classInfo(ctx.classId!).fields.set(name, property);
  if (companion !== undefined) file.classInfo(companion).fields.set(name, property);
  // `val conversion: ValueConverter<Long> = { fail(…) }` with `typealias ValueConverter<T> = Context.(String) -> T`: the
  // literal runs with a Context as `this`, read from the value's own declaration (`this.conversion` in a class).
  const literalSelf = value?.type === 'lambda_literal' ? lambdaReceiverType(typeNode, typeVariables) ?? aliasReceiverType(typeNode, typeVariables) : null;
  if (literalSelf && !receiverNode && companion === undefined) {
    file.builder.declarations[id].blockSelf = literalSelf;
    const held: TypeRef = { kind: 'call', callee: member ? ['this', name] : [name], block: true };
    walk.push(value, { ...inner, blockCalls: [held, ...(inner.blockCalls ?? [])] });
  } else {
    walk.push(value, inner);
  }
  walk.push(delegate, inner);
  for (const accessor of node.namedChildren) {
    if (accessor?.type !== 'getter' && accessor?.type !== 'setter') continue;
    const scope = ctx.scope.open('function');
    const parameter = accessor.namedChildren.find((c) => c?.type === 'identifier');
    if (parameter) file.bindLocal(scope, parameter.text, 'parameter', null, null);
    walk.push(accessor.namedChildren.find((c) => c?.type === 'function_body'), { ...inner, scope, foreignThis: ctx.foreignThis || receiverNode !== null && member });
  }
}
