/**
 * What Kotlin's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`):
 * node type → the scope it opens and, where data cannot say it, a hook that declares, binds,
 * records a site or an import, or hands parts to the walk with their own context.
 *
 * Decisions:
 *  - Classes, objects, companion objects, object literals → `class` (an object literal is named
 *    `<anonymous T>`); interfaces → `interface`; enum classes → `enum` with `enum_member` entries;
 *    type aliases → `type_alias`. Functions in a class body are `method`s, elsewhere `function`s
 *    (a local function is bound in its block); properties in a class body (and `val`/`var`
 *    constructor parameters) are `property`s, top-level ones `variable`s (`const val`: `constant`).
 *  - A secondary constructor is a `method` named `constructor`; `this(...)` / `super(...)` call it.
 *    A primary constructor is the class itself: `Foo(...)` of a class instantiates it (no `new`).
 *  - A companion object's members are also members of its class (`memberOf`): `Foo.create()`.
 *  - A top-level extension function or property (`fun Foo.m()`) is a member of Foo declared outside
 *    it (`memberOf`): `x.m()` links when x is proven a Foo, and its body's `this` is a Foo.
 *  - `class A : B(), I`: a supertype with constructor arguments is `extends`, one without is
 *    `implements` (an interface's supertypes: `extends`).
 *  - Annotations are decorators (without `@`); a `/** … *\/` comment right before a declaration is
 *    its docstring.
 *  - Functions state their parameters' simple types (and how many have defaults), calls their
 *    arguments' where the code proves them: the resolver picks the overload (resolution/overloads.ts).
 *  - `::f`, `Foo::m`, `x::m` are `references` sites.
 */
import { blockDocComment, flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { ArgumentType, KotlinContext } from './file-state.js';
import { declaredType, literalType, simpleType, typeChain, typeChild } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';

type KotlinWalk = Walk<KotlinContext>;
type Rule = NodeRule<KotlinContext>;
type Frame = { node: SyntaxNode; ctx: KotlinContext; doc?: string };

/** Named node types with nothing to extract inside. */
const OPAQUE = [
  'identifier', 'user_type', 'nullable_type', 'function_type', 'parenthesized_type', 'non_nullable_type', 'type_arguments',
  'type_parameters', 'type_constraints', 'modifiers', 'annotation', 'file_annotation', 'package_header', 'string_content',
  'number_literal', 'float_literal', 'character_literal', 'line_comment', 'block_comment', 'shebang_line', 'label',
  'this_expression', 'super_expression',
];

/** Scope functions whose lambda's `this` is another value (`with(x) {}`, `x.apply {}`, `x.run {}`, a builder). */
const RECEIVER_LAMBDAS = new Set(['with', 'apply', 'run', 'buildString', 'buildList', 'buildSet', 'buildMap']);
/**
 * Members of the receivers the standard builders of flows, sequences and coroutines give their
 * lambdas (`flow { emit(x) }`, `sequence { yield(x) }`, `launch { … }`): a bare call of one of these
 * names inside a lambda is not provably the enclosing class's.
 */
const LAMBDA_RECEIVER_MEMBERS = new Set(['emit', 'emitAll', 'yield', 'yieldAll', 'send', 'trySend', 'awaitClose', 'launch', 'async', 'cancel', 'ensureActive', 'produce', 'actor']);

const handled = handledFrame<KotlinContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const KOTLIN_SYNTAX: SyntaxRules<KotlinContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  comments: {
    types: ['block_comment', 'line_comment'],
    doc: (comment) => blockDocComment(comment.text),
  },
  nodes: {
    source_file: { visit: ({ node, ctx }) => (recordTopLevelNames(node, ctx), true) },
    // `package a.b` (file annotations before it): the file's package, without backquotes.
    package_header: handled(({ node, ctx }) => {
      const name = node.namedChildren.find((c) => c?.type === 'qualified_identifier' || c?.type === 'identifier');
      if (name) ctx.file.module.package(name.text.replace(/`/g, ''), node);
    }),
    import: handled(({ node, ctx }) => visitImport(node, ctx)),
    class_declaration: handled(visitClass),
    object_declaration: handled(visitClass),
    companion_object: handled(visitClass),
    object_literal: handled(({ node, ctx }, walk) => visitObjectLiteral(node, ctx, walk)),
    function_declaration: handled(visitFunction),
    secondary_constructor: handled(visitFunction),
    property_declaration: handled(visitProperty),
    enum_entry: handled(visitEnumEntry),
    type_alias: handled(visitTypeAlias),
    anonymous_initializer: handled(({ node, ctx }, walk) => walk.descend(node, { ...ctx, scope: (ctx.initScope ?? ctx.scope).open('block') })),

    // Block scopes; the names some of them bind.
    block,
    control_structure_body: block,
    when_expression: { opensScope: { kind: 'block' }, visit: ({ node, ctx }, walk) => visitWhen(node, ctx, walk) },
    if_expression: handled(({ node, ctx }, walk) => visitIf(node, ctx, walk)),
    for_statement: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }, walk) => {
        for (const child of node.namedChildren) {
          if (child?.type === 'variable_declaration') bindVariable(child, ctx, null);
          else if (child?.type === 'multi_variable_declaration') bindDestructured(child, ctx);
          else if (child) walk.push(child, ctx);
        }
        return false;
      },
    },
    catch_block: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const name = node.namedChildren.find((c) => c?.type === 'identifier');
        const type = typeChild(node);
        if (name) bindTyped(ctx, name, type, 'local');
        return true;
      },
    },
    when_subject: {
      visit: ({ node, ctx }, walk) => {
        const variable = node.namedChildren.find((c) => c?.type === 'variable_declaration');
        const value = node.namedChildren.find((c) => c !== null && c.type !== 'variable_declaration' && c.isNamed) ?? null;
        walk.push(value, ctx);
        if (variable) bindVariable(variable, ctx, value);
        return false;
      },
    },
    lambda_literal: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),

    // Sites.
    call_expression: handled(({ node, ctx }, walk) => visitCall(node, ctx, walk)),
    constructor_delegation_call: { visit: ({ node, ctx }) => visitDelegationCall(node, ctx) },
    callable_reference: handled(({ node, ctx }) => visitCallableReference(node, ctx)),
  },
};

interface Modifiers {
  keywords: Set<string>;
  decorators: string[];
}

function modifiersOf(node: SyntaxNode): Modifiers {
  const keywords = new Set<string>();
  const decorators: string[] = [];
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  for (const child of modifiers?.namedChildren ?? []) {
    if (!child) continue;
    if (child.type === 'annotation') decorators.push(flatSignature(child.text).replace(/^@\s*/, ''));
    else if (child.type !== 'line_comment' && child.type !== 'block_comment') keywords.add(child.text);
  }
  return { keywords, decorators };
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

function typeParameterNames(node: SyntaxNode): string[] {
  const list = node.namedChildren.find((c) => c?.type === 'type_parameters');
  const names: string[] = [];
  for (const parameter of list?.namedChildren ?? []) {
    const name = parameter?.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'type_identifier');
    if (name) names.push(name.text);
  }
  return names;
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

function visitClass({ node, ctx, doc }: Frame, walk: KotlinWalk): void {
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
      info.properties.set(parameterName.text, { type: stated, simple: simple === '*' ? null : simple });
    }
    file.bindLocal(initScope, parameterName.text, 'parameter', stated, simple);
    const value = parameter.namedChildren.find((c) => c !== null && c.startIndex > (typeNode ?? parameterName).endIndex && c.type !== 'modifiers');
    walk.push(value, { ...inner, scope: initScope });
  }
  walk.push(body, inner);
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

function visitObjectLiteral(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): void {
  const file = ctx.file;
  const heritage = node.namedChildren.find((c) => c?.type === 'delegation_specifiers') ?? null;
  const first = heritage?.namedChildren[0]?.namedChildren[0];
  const firstType = first?.type === 'constructor_invocation' ? first.namedChildren.find((c) => c?.type === 'user_type') : first;
  const chain = typeChain(firstType);
  const body = node.namedChildren.find((c) => c?.type === 'class_body') ?? null;
  const id = file.builder.declare('class', `<anonymous ${chain ? chain[chain.length - 1] : 'object'}>`, ctx.parentDecl, body ?? node, {});
  file.classInfo(id);
  const inner: KotlinContext = { ...ctx, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, companionOf: undefined, foreignThis: false, inLambda: false };
  if (heritage) addHeritageList(heritage, 'class', id, inner, walk);
  inner.initScope = inner.scope;
  walk.push(body, inner);
}

function visitEnumEntry({ node, ctx, doc }: Frame, walk: KotlinWalk): void {
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
  if (ctx.classId !== null) file.classInfo(ctx.classId).properties.set(nameNode.text, { type, simple: enumPath ? enumPath[enumPath.length - 1] : null });
  walk.push(node.namedChildren.find((c) => c?.type === 'value_arguments'), { ...ctx, enclosing: id, scope: ctx.initScope ?? ctx.scope });
  // An entry with a body is an anonymous subclass of the enum: its functions belong to it.
  const body = node.namedChildren.find((c) => c?.type === 'class_body');
  if (body) {
    file.classInfo(id);
    const scope = ctx.scope.open('class');
    walk.push(body, { ...ctx, scope, initScope: scope, parentDecl: id, enclosing: id, classId: id, companionOf: undefined });
  }
}

function visitTypeAlias({ node, ctx, doc }: Frame): void {
  const nameNode = node.childForFieldName('type') ?? node.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'type_identifier');
  if (!nameNode) return;
  const mods = modifiersOf(node);
  ctx.file.builder.declare('type_alias', nameNode.text, ctx.parentDecl, node, {
    signature: header(node, null, mods), docstring: doc, ...modifierFields(mods),
    isExported: (ctx.parentDecl === null && !mods.keywords.has('private')) || undefined,
  });
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

function visitFunction({ node, ctx, doc }: Frame, walk: KotlinWalk): void {
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
  // `fun Foo.m()`: the type before the name is the receiver; the one after the parameters, the result.
  const receiverNode = nameNode ? node.namedChildren.find((c) => c !== null && c.endIndex <= nameNode.startIndex && c.type !== 'modifiers' && c.type !== 'type_parameters') ?? null : null;
  const receiverType = receiverNode ? declaredType(receiverNode, typeVariables) : null;
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
    variadic: (parameters.length > 0 && parameters[parameters.length - 1].vararg) || undefined,
    memberOf: extensionOf ?? (companionPath ? { kind: 'named', chain: companionPath } : undefined),
  });
  const declaration = file.builder.declarations[id];
  declaration.parameterTypes = parameters.map((p) => simpleType(p.type, typeVariables) ?? '?');
  // An override takes the default values of the function it overrides (which it cannot restate): any of its parameters may have one.
  const optional = mods.keywords.has('override') ? parameters.length : parameters.filter((p) => p.value !== null).length;
  if (optional > 0) declaration.requiredParameters = parameters.length - optional;
  if (member) file.classInfo(ctx.classId!).functions.add(name);
  if (companion !== undefined) file.classInfo(companion).functions.add(name);
  if (local && nameNode) file.bindLocal(ctx.scope, name, 'local-function', null, null, undefined, id);

  const scope = ctx.scope.open('function');
  const inner: KotlinContext = {
    ...ctx, scope, parentDecl: id, enclosing: id, typeVariables, companionOf: undefined,
    // An extension's `this` is its receiver: the class around it is not what a bare name means first.
    foreignThis: ctx.foreignThis || (receiverNode !== null && member),
    classId: extensionOf ? null : ctx.classId,
  };
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

function visitProperty({ node, ctx, doc }: Frame, walk: KotlinWalk): void {
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
    // A local: bound from its declaration on, with the type it states or its value proves.
    walk.push(value, ctx);
    walk.push(delegate, ctx);
    if (variable) bindVariable(variable, ctx, value);
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
  const receiverType = receiverNode ? declaredType(receiverNode, typeVariables) : null;
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
  const stated = declaredType(typeNode, typeVariables) ?? (value ? expressionType(value, inner) : null);
  const simple = simpleType(typeNode, typeVariables);
  if (stated) file.facts.stateType(id, 'valueType', stated, inner.scope);
  const property = { type: stated, simple: simple === '*' ? null : simple };
  if (member && !receiverNode) file.classInfo(ctx.classId!).properties.set(name, property);
  if (companion !== undefined) file.classInfo(companion).properties.set(name, property);
  walk.push(value, inner);
  walk.push(delegate, inner);
  for (const accessor of node.namedChildren) {
    if (accessor?.type !== 'getter' && accessor?.type !== 'setter') continue;
    const scope = ctx.scope.open('function');
    const parameter = accessor.namedChildren.find((c) => c?.type === 'identifier');
    if (parameter) file.bindLocal(scope, parameter.text, 'parameter', null, null);
    walk.push(accessor.namedChildren.find((c) => c?.type === 'function_body'), { ...inner, scope, foreignThis: ctx.foreignThis || receiverNode !== null && member });
  }
}

/** `val x: T = v` / `val x = v` in a block: x's stated type, else the value's. */
function bindVariable(variable: SyntaxNode, ctx: KotlinContext, value: SyntaxNode | null): void {
  const nameNode = variable.namedChildren.find((c) => c?.type === 'identifier');
  if (!nameNode) return;
  bindTyped(ctx, nameNode, typeChild(variable), 'local', value);
}

function bindDestructured(list: SyntaxNode, ctx: KotlinContext): void {
  for (const variable of list.namedChildren) {
    const nameNode = variable?.type === 'variable_declaration' ? variable.namedChildren.find((c) => c?.type === 'identifier') : null;
    if (nameNode && nameNode.text !== '_') ctx.file.bindLocal(ctx.scope, nameNode.text, 'local', null, null, nameNode);
  }
}

/** Binds a local or parameter with its declared type; without one, the value's stated type. */
function bindTyped(ctx: KotlinContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = declaredType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  if (!type && value) {
    stated = expressionType(value, ctx);
    simple = literalType(value) ?? null;
  }
  ctx.file.bindLocal(ctx.scope, name.text, kind, stated, simple, kind === 'parameter' ? undefined : name);
}

/** A smart cast: `name` is a `type` in the branch a check guards (a new local of the narrower type). */
function narrowed(ctx: KotlinContext, name: string | null, type: SyntaxNode | null | undefined): KotlinContext {
  const stated = name && type ? declaredType(type, ctx.typeVariables) : null;
  if (!name || !stated) return ctx;
  const scope = ctx.scope.open('block');
  ctx.file.bindLocal(scope, name, 'local', stated, simpleType(type, ctx.typeVariables));
  return { ...ctx, scope };
}

/** `x is T` (not `!is`) with x a plain name: x and T. */
function isCheck(node: SyntaxNode | null): { name: string; type: SyntaxNode | null } | null {
  if (node?.type !== 'is_expression' || !node.children.some((c) => c?.type === 'is')) return null;
  const left = node.childForFieldName('left');
  return left?.type === 'identifier' ? { name: left.text, type: node.childForFieldName('right') } : null;
}

/** `if (x is T) a else b`: x is a T in a. */
function visitIf(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): void {
  const condition = node.childForFieldName('condition');
  const check = isCheck(condition);
  let consequence: SyntaxNode | null = null;
  for (const child of node.children) {
    if (!child || (condition !== null && child.id === condition.id) || !child.isNamed) {
      if (child?.type === 'else') consequence = consequence ?? child; // no then-branch after this
      continue;
    }
    if (consequence === null && child.startIndex > (condition?.endIndex ?? node.startIndex)) {
      consequence = child;
      walk.push(child, check ? narrowed(ctx, check.name, check.type) : ctx);
    } else {
      walk.push(child, ctx);
    }
  }
  walk.push(condition, ctx);
}

/** `when (x) { is T -> a }`: x is a T in a (an entry with one `is` condition). */
function visitWhen(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): boolean {
  const subject = node.namedChildren.find((c) => c?.type === 'when_subject');
  const variable = subject?.namedChildren.find((c) => c?.type === 'variable_declaration');
  const name = (variable ?? subject)?.namedChildren.find((c) => c?.type === 'identifier')?.text ?? null;
  for (const child of node.namedChildren) {
    if (child?.type !== 'when_entry') {
      walk.push(child, ctx);
      continue;
    }
    const conditions = child.childrenForFieldName('condition').filter((c): c is SyntaxNode => c !== null);
    const test = conditions.length === 1 && conditions[0].type === 'type_test' && conditions[0].children.some((c) => c?.type === 'is') ? conditions[0] : null;
    walk.push(child, test ? narrowed(ctx, name, typeChild(test)) : ctx);
  }
  return false;
}

function visitLambda(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: KotlinContext = { ...ctx, scope, inLambda: true };
  const parameters = node.namedChildren.find((c) => c?.type === 'lambda_parameters');
  if (!parameters) {
    ctx.file.bindLocal(scope, 'it', 'parameter', null, null);
  } else {
    for (const parameter of parameters.namedChildren) {
      if (parameter?.type === 'variable_declaration') {
        const nameNode = parameter.namedChildren.find((c) => c?.type === 'identifier');
        if (nameNode) bindTyped(inner, nameNode, typeChild(parameter), 'parameter');
      } else if (parameter?.type === 'multi_variable_declaration') {
        for (const part of parameter.namedChildren) {
          const nameNode = part?.namedChildren.find((c) => c?.type === 'identifier');
          if (nameNode) ctx.file.bindLocal(scope, nameNode.text, 'parameter', null, null);
        }
      }
    }
  }
  for (const child of node.namedChildren) if (child && child.id !== parameters?.id) walk.push(child, inner);
}

const RECEIVER_WORDS = new Set(['this', 'super']);

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
function expressionType(node: SyntaxNode, ctx: KotlinContext): TypeRef | null {
  switch (node.type) {
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner ? expressionType(inner, ctx) : null;
    }
    case 'as_expression':
      // `x as? T` may be null; `x as T` is a T — either way, a value of it is a T.
      return declaredType(node.childForFieldName('right'), ctx.typeVariables);
    case 'call_expression': {
      const callee = node.namedChildren[0];
      // `x.apply { … }`, `Foo().also { … }`: the scope function gives back the value it is called on.
      const receiver = scopeFunctionReceiver(node);
      if (receiver === 'this') return ctx.foreignThis || ctx.classId === null ? null : thisType(ctx);
      if (receiver) return expressionType(receiver, ctx);
      if (!callee || node.namedChildren.some((c) => c?.type === 'annotated_lambda') && callee.type === 'identifier' && RECEIVER_LAMBDAS.has(callee.text)) return null;
      if (callee.type === 'identifier') return ['true', 'false', 'null'].includes(callee.text) ? null : { kind: 'call', callee: [callee.text] };
      if (callee.type !== 'navigation_expression') return null;
      const { object, member } = navigationParts(callee);
      if (!object || !member) return null;
      const chain = receiverChain(object);
      if (chain) return chain[0] === 'super' || (chain[0] === 'this' && ctx.foreignThis) ? null : { kind: 'call', callee: [...chain, member.text] };
      const of = expressionType(object, ctx);
      return of ? { kind: 'member-call', of, name: member.text } : null;
    }
    case 'this_expression':
      return node.text !== 'this' || ctx.foreignThis || ctx.classId === null ? null : thisType(ctx);
    case 'identifier':
    case 'navigation_expression': {
      // `Foo::class` (parsed as a navigation) is a KClass.
      if (node.type === 'navigation_expression' && node.children.some((c) => c?.type === '::')) {
        return node.namedChildren.at(-1)?.text === 'class' ? { kind: 'named', chain: ['KClass'] } : null;
      }
      const chain = receiverChain(node);
      if (!chain || RECEIVER_WORDS.has(chain[0])) return null;
      return { kind: 'value', chain };
    }
    case 'unary_expression': {
      const argument = node.childForFieldName('argument') ?? node.namedChildren[0];
      return node.text.endsWith('!!') && argument ? expressionType(argument, ctx) : null;
    }
    default:
      return null;
  }
}

/** The class `this` is in a class body (the caller checked that `this` is the class's). */
function thisType(ctx: KotlinContext): TypeRef | null {
  const path = ctx.classId === null ? undefined : ctx.file.pathOf(ctx.classId);
  return path ? { kind: 'named', chain: path } : null;
}

/** Scope functions that give back the value they are called on, whatever their lambda returns. */
const RETURNS_RECEIVER = new Set(['apply', 'also']);

/** `x.apply { … }` / `x?.also { … }`: x's node; a bare `apply { … }`: 'this'; null for any other call. */
function scopeFunctionReceiver(call: SyntaxNode): SyntaxNode | 'this' | null {
  const callee = call.namedChildren[0];
  if (!callee || !call.namedChildren.some((c) => c?.type === 'annotated_lambda')) return null;
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
    case 'callable_reference':
      // `Foo::class` is a KClass; `::f`, `Foo::m` a function.
      return node.namedChildren.at(-1)?.type === 'identifier' ? 'Function' : node.children.some((c) => c?.type === 'class') ? 'KClass' : null;
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner ? argumentType(inner, ctx) : null;
    }
    case 'string_literal':
      return 'String';
    case 'navigation_expression':
      // `Foo::class` (parsed as a navigation).
      if (node.children.some((c) => c?.type === '::')) return node.namedChildren.at(-1)?.text === 'class' ? 'KClass' : null;
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

/** A call's argument types (trailing lambdas included); with a named argument, only their count. */
function argumentsOf(node: SyntaxNode, ctx: KotlinContext): ArgumentType[] | undefined {
  const list = node.namedChildren.find((c) => c?.type === 'value_arguments');
  const args: ArgumentType[] = [];
  let named = false;
  for (const argument of list?.namedChildren ?? []) {
    if (argument?.type !== 'value_argument') continue;
    if (argument.children.some((c) => c?.type === '=')) named = true;
    const value = argument.namedChildren.filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment').at(-1);
    if (!value) return undefined;
    // `f(*xs)`: it fills a vararg (of any length); its type is the array's.
    args.push(value.type === 'spread_expression' ? null : argumentType(value, ctx));
  }
  for (const child of node.namedChildren) if (child?.type === 'annotated_lambda') args.push('Function');
  return named ? args.map(() => null) : args;
}

function visitCall(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): void {
  const callee = node.namedChildren[0];
  if (!callee) return;
  let target: SiteTarget | undefined;
  let receiverLambda = false;
  if (callee.type === 'identifier') {
    if (!['true', 'false', 'null'].includes(callee.text)) {
      target = { name: callee.text, receiver: ctx.inLambda && LAMBDA_RECEIVER_MEMBERS.has(callee.text) ? undefined : [] };
    }
    receiverLambda = RECEIVER_LAMBDAS.has(callee.text) && callee.text !== 'apply' && callee.text !== 'run';
  } else if (callee.type === 'navigation_expression') {
    const { object, member } = navigationParts(callee);
    if (object && member) {
      receiverLambda = member.text === 'apply' || member.text === 'run';
      const chain = receiverChain(object);
      if (chain) {
        target = { name: member.text, receiver: chain };
      } else {
        // `make().a.m()`: the stated type of the call, then the member names after it.
        let base: SyntaxNode = object;
        const path: string[] = [];
        for (let parts = navigationParts(base); parts.object && parts.member; parts = navigationParts(base)) {
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
  if (target) ctx.file.addSite('calls', target, node, ctx, argumentsOf(node, ctx));
  for (const child of node.namedChildren) {
    if (!child || child.id === callee.id) continue;
    if (child.type === 'annotated_lambda' && receiverLambda) walk.push(child, { ...ctx, foreignThis: true });
    else walk.push(child, ctx);
  }
}

/** `this(...)` and `super(...)`: calls of a secondary constructor of the class or of its superclass. */
function visitDelegationCall(node: SyntaxNode, ctx: KotlinContext): boolean {
  const which = node.children.find((c) => c?.type === 'this' || c?.type === 'super');
  if (!which || ctx.classId === null) return true;
  ctx.file.addSite('calls', { name: 'constructor', receiver: [which.type] }, node, ctx, argumentsOf(node, ctx));
  return true;
}

/** `::f`, `Foo::m`, `x::m` reference a function; `Foo::class` references nothing. */
function visitCallableReference(node: SyntaxNode, ctx: KotlinContext): void {
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

function visitImport(node: SyntaxNode, ctx: KotlinContext): void {
  const file = ctx.file;
  const nameNode = node.namedChildren.find((c) => c?.type === 'qualified_identifier' || c?.type === 'identifier');
  if (!nameNode) return;
  const parts = nameNode.namedChildren.length > 0 ? nameNode.namedChildren.filter((c) => c !== null).map((c) => c!.text.replace(/`/g, '')) : [nameNode.text];
  const wildcard = node.children.some((c) => c?.type === '*');
  const aliasNode = node.children.some((c) => c?.type === 'as') ? node.namedChildren.filter((c) => c?.type === 'identifier').at(-1) : undefined;
  const signature = flatSignature(node.text);
  if (wildcard) {
    // `import a.b.*` (a package) or `import a.b.Foo.*` (Foo's members, reached through a hidden name for Foo).
    const top = parts.findIndex((part) => /^[A-Z]/.test(part));
    if (top >= 0) {
      const specifier = parts.slice(0, top + 1).join('.');
      file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: parts[top] }]);
      return;
    }
    file.builder.addImport(`${parts.join('.')}.*`, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }]);
    return;
  }
  const local = aliasNode?.text ?? parts[parts.length - 1];
  // `import a.b.Outer.Inner` (a member of a top-level declaration, by the capitalisation convention):
  // Inner means Outer's member, Outer being reached through a hidden name (a dotted name no identifier can be).
  const top = parts.findIndex((part) => /^[A-Z]/.test(part));
  if (top >= 0 && top < parts.length - 1) {
    const specifier = parts.slice(0, top + 1).join('.');
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: parts[top] }]);
    file.aliases.set(local, [specifier, ...parts.slice(top + 1)]);
    return;
  }
  file.builder.addImport(parts.join('.'), ctx.parentDecl, node, signature, [{ local, imported: parts[parts.length - 1] }]);
}

/** Top-level declarations by node type, and the words that start one where the grammar misread it. */
const TOP_LEVEL_DECLARATIONS = new Set(['class_declaration', 'object_declaration', 'function_declaration', 'property_declaration', 'type_alias']);
const DECLARATION_WORDS = new Set(['class', 'interface', 'object', 'fun', 'val', 'var', 'typealias']);

/**
 * The names the file declares at its top level (`FileExtraction.module.declaredNames`), for the
 * package's importers. A top-level node of another type that holds a declaration word followed by a
 * name (`@Target(FUNCTION) public annotation class FromJson`, read as an annotated expression) declares it too.
 */
function recordTopLevelNames(root: SyntaxNode, ctx: KotlinContext): void {
  const record = (name: SyntaxNode | null | undefined) => {
    if (name) ctx.file.module.declaredName(name.text.replace(/`/g, ''));
  };
  for (const child of root.namedChildren) {
    if (!child || child.type === 'package_header' || child.type === 'import' || child.type === 'import_list' || child.type.endsWith('comment')) continue;
    if (child.type === 'property_declaration') {
      const variable = child.namedChildren.find((c) => c?.type === 'variable_declaration');
      record(variable?.namedChildren.find((c) => c?.type === 'identifier'));
    } else if (TOP_LEVEL_DECLARATIONS.has(child.type)) {
      record(child.childForFieldName('name') ?? child.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'type_identifier'));
    } else {
      for (const word of child.descendantsOfType('identifier')) {
        const name = word && DECLARATION_WORDS.has(word.text) ? word.nextNamedSibling : null;
        if (name?.type === 'identifier') record(name);
      }
    }
  }
}
