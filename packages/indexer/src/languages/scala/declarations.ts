/** Scala's declarations: classes, traits and objects (package objects too) with their heritage, enum cases, functions with their parameter lists, extensions, values and type members. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import { nameOrDescend } from '../../extraction/core/syntax-walk.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { ScalaContext, ScalaWalk, Visit } from './file-state.js';
import { declaredType, simpleType, typeChain } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';
import { argumentsOf, valueType } from './calls.js';
import { bindPattern, bindTyped } from './locals.js';
import { typeParameterNames as typeParametersIn, type TypeParameterShape } from '../../extraction/core/type-parameters.js';

const TYPE_DECLARATIONS: Readonly<Record<string, NodeKind>> = {
  class_definition: 'class',
  object_definition: 'class',
  trait_definition: 'trait',
  enum_definition: 'enum',
};

interface Modifiers {
  keywords: Set<string>;
  decorators: string[];
  start: number;
  /** `private[x]`: x. */
  qualifier?: string;
}

function modifiersOf(node: SyntaxNode): Modifiers {
  const keywords = new Set<string>();
  const decorators: string[] = [];
  let start = node.startIndex;
  let qualifier: string | undefined;
  for (const child of node.namedChildren) {
    if (child?.type === 'annotation') {
      decorators.push(flatSignature(child.text).replace(/^@\s*/, ''));
      start = child.endIndex;
    } else if (child?.type === 'modifiers') {
      for (const word of child.children) {
        if (!word) continue;
        if (word.type !== 'access_modifier') keywords.add(word.text);
        else {
          keywords.add(word.text.replace(/\[.*$/, '').trim());
          // `private[pkg]`: visible in all of package pkg, so importable from its other files (`private[this]` is not).
          if (/\[\s*(?!this\s*\])[\w.]+\s*\]/.test(word.text)) keywords.add('qualified-access');
          qualifier = /\[\s*([\w.]+)\s*\]/.exec(word.text)?.[1];
        }
      }
    }
  }
  // `case class`: the keyword is an anonymous child before `class`.
  if (node.children.some((c) => c?.type === 'case')) keywords.add('case');
  return { keywords, decorators, start, qualifier };
}

/** Whether a top-level declaration can be imported: not `private`, or private to a package (`private[pkg]`). */
function exported(mods: Modifiers): boolean {
  return !mods.keywords.has('private') || mods.keywords.has('qualified-access');
}

function header(node: SyntaxNode, until: SyntaxNode | null, mods: Modifiers): string {
  const end = until ? until.endIndex : node.endIndex;
  return flatSignature(node.text.slice(Math.max(0, mods.start - node.startIndex), end - node.startIndex));
}

const TYPE_PARAMETERS: TypeParameterShape = { listField: 'type_parameters', nameEntries: new Set(['identifier', 'type_identifier']) };

function typeParameterNames(node: SyntaxNode): string[] {
  return typeParametersIn(node, TYPE_PARAMETERS);
}

/**
 * The type parameters of a type that stand for the type itself: F-bounded by it (`trait B[+PR <: B[PR, R], +R]`,
 * every subtype passing itself) or named by its self type (`{ self: PR => … }`).
 */
function selfTypeParameters(node: SyntaxNode, name: string): Set<string> | undefined {
  // An invariant parameter is a name (and its bound) among the list's children; a variant one, a node holding them.
  const parameters: Array<{ name: string; bound: SyntaxNode | null }> = [];
  for (const child of node.childForFieldName('type_parameters')?.namedChildren ?? []) {
    if (child?.type === 'identifier') parameters.push({ name: child.text, bound: null });
    else if (child?.type === 'upper_bound' && parameters.length > 0) parameters[parameters.length - 1].bound = child;
    else if (child?.type === 'covariant_type_parameter' || child?.type === 'contravariant_type_parameter') {
      const parameterName = child.childForFieldName('name')?.text;
      if (parameterName) parameters.push({ name: parameterName, bound: child.childForFieldName('bound') });
    }
  }
  const found = new Set<string>();
  for (const { name: parameterName, bound } of parameters) {
    const type = bound?.type === 'upper_bound' ? bound.childForFieldName('type') : null;
    if (type?.type !== 'generic_type' || type.childForFieldName('type')?.text !== name) continue;
    const args = type.childForFieldName('type_arguments')?.namedChildren ?? [];
    if (args.some((arg) => arg?.type === 'type_identifier' && arg.text === parameterName)) found.add(parameterName);
  }
  const selfType = node.childForFieldName('body')?.namedChildren.find((c) => c?.type === 'self_type');
  const named = selfType?.namedChildren.filter((c) => c?.type === 'type_identifier') ?? [];
  if (named.length === 1 && parameters.some((p) => p.name === named[0]!.text)) found.add(named[0]!.text);
  return found.size > 0 ? found : undefined;
}

/** Bodies whose definitions are members of the type around them; a definition in a block inside one (`test("a") { def f … }`) is local. */
const MEMBER_BODIES: ReadonlySet<string> = new Set(['template_body', 'with_template_body', 'enum_body']);

/** Whether a definition is written directly in the body of the type `ctx` is in (a member), not in a block of it. */
function isMember(node: SyntaxNode, ctx: ScalaContext): boolean {
  return ctx.classId !== null && ctx.parentDecl === ctx.classId && MEMBER_BODIES.has(node.parent?.type ?? '');
}

/**
 * `private[pkg]` is visible in all of package pkg (`internal`); `private`, `private[this]` and `private[T]` of an
 * enclosing type T only in that type and its companion, so in its own file.
 */
function visibility(mods: Modifiers, ctx: ScalaContext): 'private' | 'protected' | 'public' | 'internal' {
  if (mods.keywords.has('private')) {
    const qualifier = mods.qualifier;
    return qualifier === undefined || qualifier === 'this' || enclosingTypeNamed(qualifier, ctx) ? 'private' : 'internal';
  }
  return mods.keywords.has('protected') ? 'protected' : 'public';
}

function enclosingTypeNamed(name: string, ctx: ScalaContext): boolean {
  for (let id = ctx.parentDecl; id !== null; id = ctx.file.builder.declarations[id].parent) {
    const declaration = ctx.file.builder.declarations[id];
    if (declaration.name === name && (declaration.kind === 'class' || declaration.kind === 'trait' || declaration.kind === 'enum')) return true;
  }
  return false;
}

export function visitType({ node, ctx, doc }: Visit, walk: ScalaWalk): void {
  const nameNode = nameOrDescend(node, ctx, walk);
  if (!nameNode) return;
  const body = node.childForFieldName('body');
  const file = ctx.file;
  const name = nameNode.text.replace(/^`|`$/g, '');
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const isObject = node.type === 'object_definition';
  const id = file.builder.declare(TYPE_DECLARATIONS[node.type], name, ctx.parentDecl, node, {
    signature: header(node, body ? body.previousSibling : null, mods),
    docstring: doc,
    visibility: visibility(mods, ctx),
    isAbstract: mods.keywords.has('abstract') || undefined,
    isStatic: isObject || undefined,
    isExported: (ctx.parentDecl === null && exported(mods)) || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
    typeParameters,
  });
  const info = file.classInfo(id);
  if (isMember(node, ctx)) file.classInfo(ctx.classId!).nested.set(name, id);
  else if (ctx.parentDecl !== null) file.bindLocal(ctx.scope, name, 'local', null, null, nameNode, id);
  const inner: ScalaContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, typeVariables: withTypeVariables(ctx, typeParameters),
    selfTypes: selfTypeParameters(node, name), implicitOf: implicitClassOf(node, mods, withTypeVariables(ctx, typeParameters)),
  };
  bindSelfAlias(body, name, inner);
  const extend = node.childForFieldName('extend');
  let first = true;
  for (const child of extend?.namedChildren ?? []) {
    if (!child) continue;
    if (child.type === 'arguments') {
      // `extends Base(a)`: the superclass constructor is called with them.
      walk.push(child, inner);
      continue;
    }
    const chain = typeChain(child);
    if (!chain) continue;
    if (first && !isObject) info.superName = chain[chain.length - 1];
    if (isObject && chain[chain.length - 1] === name) file.selfNamedHeirs.add(id);
    first = false;
    const outer: ScalaContext = { ...inner, enclosing: id, classId: ctx.classId };
    const site = file.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, child, outer);
    site.space = 'type';
  }
  // Class parameters: members the body uses (`val`/`var` or a case class's are public fields).
  for (const parameter of node.childForFieldName('class_parameters')?.namedChildren ?? []) {
    if (parameter?.type !== 'class_parameter') continue;
    const parameterName = parameter.childForFieldName('name');
    if (!parameterName) continue;
    const typeNode = parameter.childForFieldName('type');
    const stated = declaredType(typeNode, inner.typeVariables);
    const simple = simpleType(typeNode, inner.typeVariables);
    info.fields.set(parameterName.text, { type: stated, simple: simple === '*' ? null : simple });
  }
  if (node.type === 'class_definition' && mods.keywords.has('case')) {
    // A case class's generated `apply` takes the first parameter list: `C(x)` picks between it and the companion's own.
    const parameters = node.childForFieldName('class_parameters')?.namedChildren.filter((c): c is SyntaxNode => c?.type === 'class_parameter') ?? [];
    const declaration = file.builder.declarations[id];
    declaration.parameterTypes = parameters.map((p) => {
      const type = p.childForFieldName('type');
      return type?.type === 'repeated_parameter_type' ? '?' : simpleType(type, inner.typeVariables) ?? '?';
    });
    const optional = parameters.filter((p) => p.childForFieldName('default_value') !== null).length;
    if (optional > 0) declaration.requiredParameters = parameters.length - optional;
    if (parameters.some((p) => p.childForFieldName('type')?.type === 'repeated_parameter_type')) declaration.variadic = true;
    // An implicit / using list is passed by the compiler, or written out (`C(instance)`): no argument, or all of them.
    if (node.childForFieldName('class_parameters')?.children.some((c) => c?.type === 'implicit' || c?.type === 'using')) declaration.requiredParameters = 0;
  }
  walk.push(body, inner);
}

/**
 * `trait Decoder[A] { self => … }` (or `self: Other =>`): the alias names the instance of the type, in its nested
 * classes too (where `this` is the nested one's), so `self.m()` is a member call on the type itself.
 */
function bindSelfAlias(body: SyntaxNode | null, typeName: string, inner: ScalaContext): void {
  const selfType = body?.namedChildren.find((c) => c?.type === 'self_type');
  const alias = selfType?.namedChildren.find((c) => c?.type === 'identifier');
  if (!alias || alias.text === 'this' || alias.text === '_') return;
  inner.file.bindLocal(inner.scope, alias.text, 'parameter', { kind: 'named', chain: [typeName] }, typeName);
}

/**
 * `implicit class RichJValue(jv: JValue) { def m … }`: the type whose values gain its methods (`jv.m()` calls
 * `RichJValue(jv).m()`), when its one parameter states a class (a type parameter states none).
 */
function implicitClassOf(node: SyntaxNode, mods: Modifiers, typeVariables: ReadonlySet<string>): TypeRef | undefined {
  if (node.type !== 'class_definition' || !mods.keywords.has('implicit')) return undefined;
  const lists = node.namedChildren.filter((c) => c?.type === 'class_parameters');
  const parameters = lists[0]?.namedChildren.filter((c): c is SyntaxNode => c?.type === 'class_parameter') ?? [];
  if (parameters.length !== 1) return undefined;
  return declaredType(parameters[0].childForFieldName('type'), typeVariables) ?? undefined;
}

/** The name a package object's bases are reached by: its members are the package's, what it inherits too. */
export const PACKAGE_OBJECT = 'package';

/**
 * `package object p extends Api with More`: its own members are top-level declarations of the file (of
 * package p, module-resolution.ts); an object named `package` (no identifier can be) stands for it, to
 * reach what it inherits (the `package-objects` lookup step).
 */
export function declarePackageObject(node: SyntaxNode, ctx: ScalaContext): void {
  const extend = node.childForFieldName('extend');
  if (!extend) return;
  const file = ctx.file;
  const id = file.builder.declare('class', PACKAGE_OBJECT, ctx.parentDecl, node, {
    signature: flatSignature(node.text.slice(0, extend.endIndex - node.startIndex)),
    visibility: 'public',
    isStatic: true,
  });
  file.classInfo(id);
  for (const child of extend.namedChildren) {
    if (!child || child.type === 'arguments') continue;
    const chain = typeChain(child);
    if (!chain) continue;
    const site = file.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, child, { ...ctx, enclosing: id });
    site.space = 'type';
  }
}

export function visitEnumCase({ node, ctx }: Visit): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const parameters = node.childForFieldName('class_parameters')?.namedChildren.filter((c): c is SyntaxNode => c?.type === 'class_parameter');
  if (!parameters) {
    ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, { signature: flatSignature(node.text), visibility: 'public', isStatic: true });
    return;
  }
  // `case Unknown(mix: Int) extends Color(0)`: a case class of the enum, which `Color.Unknown(1)` constructs.
  const id = ctx.file.builder.declare('class', nameNode.text, ctx.parentDecl, node, { signature: flatSignature(node.text), visibility: 'public' });
  const info = ctx.file.classInfo(id);
  const declaration = ctx.file.builder.declarations[id];
  declaration.parameterTypes = parameters.map((p) => {
    const type = p.childForFieldName('type');
    const name = p.childForFieldName('name');
    if (name) info.fields.set(name.text, { type: declaredType(type, ctx.typeVariables), simple: simpleType(type, ctx.typeVariables) });
    return type?.type === 'repeated_parameter_type' ? '?' : simpleType(type, ctx.typeVariables) ?? '?';
  });
  const optional = parameters.filter((p) => p.childForFieldName('default_value') !== null).length;
  if (optional > 0) declaration.requiredParameters = parameters.length - optional;
}

function parameterLists(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((c): c is SyntaxNode => c?.type === 'parameters');
}

export function visitFunction({ node, ctx, doc }: Visit, walk: ScalaWalk, memberOf?: TypeRef | null): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const isConstructor = nameNode.text === 'this';
  const owner = isMember(node, ctx) ? ctx.classId : null;
  if (isConstructor && owner === null) return;
  const name = isConstructor ? file.builder.declarations[owner!].name : nameNode.text.replace(/^`|`$/g, '');
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  const lists = parameterLists(node);
  const local = owner === null && ctx.parentDecl !== null && memberOf === undefined;
  const kind: NodeKind = owner !== null || memberOf ? 'method' : 'function';
  const body = node.childForFieldName('body');
  // A def in a block of a value's initialiser (`val tests = Tests { test("a") { def f … } }`) belongs to the value, not the type.
  const parent = local && ctx.enclosing !== null && ctx.enclosing !== ctx.parentDecl ? ctx.enclosing : ctx.parentDecl;
  const id = file.builder.declare(kind, name, parent, node, {
    signature: header(node, node.childForFieldName('return_type') ?? lists[lists.length - 1] ?? nameNode, mods),
    docstring: doc,
    visibility: visibility(mods, ctx),
    isExported: (ctx.parentDecl === null && exported(mods)) || undefined,
    isAbstract: (node.type === 'function_declaration') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
    typeParameters,
  });
  const declaration = file.builder.declarations[id];
  // The first parameter list is what a call `f(a, b)` passes; a later one (`(implicit …)`, curried) is apart.
  const first = lists[0];
  if (first) {
    const parameters = first.namedChildren.filter((c): c is SyntaxNode => c?.type === 'parameter');
    declaration.parameterTypes = parameters.map((p) => {
      const type = p.childForFieldName('type');
      return type?.type === 'repeated_parameter_type' ? '?' : simpleType(type, typeVariables) ?? '?';
    });
    const optional = parameters.filter((p) => p.childForFieldName('default_value') !== null || p.children.some((c) => c?.type === '=')).length;
    if (optional > 0) declaration.requiredParameters = parameters.length - optional;
    if (parameters.some((p) => p.childForFieldName('type')?.type === 'repeated_parameter_type')) declaration.variadic = true;
    // `f: HCursor => ACursor`: what a function literal passed there receives (`fns(_.downN(0))`).
    const callbacks = parameters.map((p) => callbackParameterTypes(p.childForFieldName('type'), typeVariables));
    if (callbacks.some((c) => c !== null)) declaration.callbackParameters = callbacks;
    // An implicit / using list is passed by the compiler, or written out (`Reads.optionWithNull(rds)`, `Show[A](instance)`):
    // a call states none of its arguments, or all of them.
    if (first.children.some((c) => c?.type === 'implicit' || c?.type === 'using')) declaration.requiredParameters = 0;
  } else if (!isConstructor) {
    // `def convertTo[T: JsonReader]: T` takes an implicit list of evidence, which a call may write out
    // (`value.convertTo(reader)`): no argument, or its one. (With several bounds, all or none: not a range.)
    const bounds = node.namedChildren.find((c) => c?.type === 'type_parameters')?.descendantsOfType('context_bound').length ?? 0;
    if (bounds === 1) {
      declaration.parameterTypes = ['?'];
      declaration.requiredParameters = 0;
    } else {
      // `def size: Int`, called without parentheses: no call site has an arity for it.
      delete declaration.parameterTypes;
    }
  }
  if (owner !== null) file.classInfo(owner).methods.add(name);
  const returnTypeNode = node.childForFieldName('return_type');
  if (owner !== null && !first && !isConstructor && returnTypeNode && !file.classInfo(owner).fields.has(name)) {
    // `implicit def S: Semigroup[A]` (no parameter list) is read like a field: `S.combine(a, b)` is a member call on it.
    const simple = simpleType(returnTypeNode, typeVariables);
    file.classInfo(owner).fields.set(name, { type: declaredType(returnTypeNode, typeVariables), simple: simple === '*' ? null : simple });
  }
  if (local) {
    file.bindLocal(ctx.scope, name, 'local-function', null, null, undefined, id);
    // No list a read writes out (none, or only an implicit / using one): a bare read of the def runs it.
    if (!first || first.children.some((c) => c?.type === 'implicit' || c?.type === 'using')) file.localValueDefs.add(id);
  }
  if (memberOf) declaration.memberOf = memberOf;
  else if (owner !== null && ctx.implicitOf && ctx.parentDecl === owner) {
    // A method of an implicit class: a member of the type it wraps too, as that type's name means where the class is written.
    const wrapped = ctx.implicitOf;
    declaration.memberOf = wrapped;
    file.facts.proveLater(wrapped, ctx.scope, undefined, (proven) => {
      if (proven) declaration.memberOf = proven;
      else delete declaration.memberOf;
    });
  }
  const returnType = node.childForFieldName('return_type');
  // `def body(b: String): PR` where PR stands for the type itself: the value it was called on (a fluent builder).
  // `def add(x: Int): this.type`: the same.
  const returnsSelf = owner !== null && ((returnType?.type === 'type_identifier' && ctx.selfTypes?.has(returnType.text) === true)
    || (returnType?.type === 'singleton_type' && returnType.text.replace(/\s+/g, '') === 'this.type'));
  // `implicit def jvalue2monadic(jv: JValue) = new MonadicJValue(jv)`: the result is what the body constructs.
  const conversion = mods.keywords.has('implicit') ? convertsFrom(lists, typeVariables) : undefined;
  const constructed = conversion && !returnType && body?.type === 'instance_expression' ? valueType(body, ctx) : null;
  if (!isConstructor) file.facts.stateType(id, 'returnType', returnsSelf ? { kind: 'self' } : declaredType(returnType, typeVariables) ?? constructed, ctx.scope);
  if (conversion) declaration.convertsFrom = conversion;
  const scope = ctx.scope.open('method');
  const inner: ScalaContext = { file, scope, parentDecl: id, enclosing: id, classId: ctx.classId, typeVariables };
  for (const list of lists) bindParameters(list, inner);
  // `def binary[$: P] = P(…)`: with no stated result the def's type is its body's, which Scala infers from what the body
  // states (a block's locals are not bound yet here: only a plain expression).
  if (!isConstructor && !returnType && !constructed && body && body.type !== 'block') {
    const inferred = valueType(body, inner);
    if (inferred) file.facts.stateType(id, 'returnType', inferred, scope);
  }
  if (isConstructor && body) {
    // `def this(…) = this(…)`: a call of another constructor of the class.
    const call = body.type === 'call_expression' ? body : body.namedChildren.find((c) => c?.type === 'call_expression') ?? null;
    if (call?.childForFieldName('function')?.text === 'this') {
      file.addSite('calls', { name, receiver: ['this'] }, call, inner, argumentsOf(call, inner));
      walk.push(call.childForFieldName('arguments'), inner);
      return;
    }
  }
  walk.push(body, inner);
}

/** The parameter types a function type states (`(A, B) => C`: [A, B]); null for any other type. */
function callbackParameterTypes(type: SyntaxNode | null, typeVariables: ReadonlySet<string>): Array<TypeRef | null> | null {
  if (type?.type !== 'function_type') return null;
  const listed = type.childForFieldName('parameter_types');
  const types = listed?.type === 'parameter_types' ? listed.namedChildren.filter((c): c is SyntaxNode => c !== null) : listed ? [listed] : [];
  const stated = types.map((each) => declaredType(each, typeVariables));
  return stated.some((each) => each !== null) ? stated : null;
}

/**
 * `implicit def toOps(p: Parser[T]): Ops` (one parameter, in a list that is not itself implicit): the class whose
 * values the conversion turns into its result, or undefined (a type parameter proves no class).
 */
function convertsFrom(lists: SyntaxNode[], typeVariables: ReadonlySet<string>): TypeRef | undefined {
  if (lists.length !== 1 && !(lists.length === 2 && lists[1].children.some((c) => c?.type === 'implicit' || c?.type === 'using'))) return undefined;
  if (lists[0].children.some((c) => c?.type === 'implicit' || c?.type === 'using')) return undefined;
  const parameters = lists[0].namedChildren.filter((c): c is SyntaxNode => c?.type === 'parameter');
  if (parameters.length !== 1) return undefined;
  return declaredType(parameters[0].childForFieldName('type'), typeVariables) ?? undefined;
}

function bindParameters(list: SyntaxNode, ctx: ScalaContext): void {
  for (const parameter of list.namedChildren) {
    if (parameter?.type !== 'parameter') continue;
    const name = parameter.childForFieldName('name');
    if (name) bindTyped(ctx, name, parameter.childForFieldName('type'), 'parameter');
  }
}

export function visitExtension({ node, ctx }: Visit, walk: ScalaWalk): void {
  const receiver = node.childForFieldName('parameters')?.namedChildren.find((c) => c?.type === 'parameter');
  const stated = declaredType(receiver?.childForFieldName('type') ?? null, ctx.typeVariables);
  const scope = ctx.scope.open('method');
  const inner: ScalaContext = { ...ctx, scope };
  const receiverName = receiver?.childForFieldName('name');
  if (receiverName) bindTyped(inner, receiverName, receiver!.childForFieldName('type'), 'parameter');
  const body = node.childForFieldName('body');
  // `extension (p: P[T])` then indented defs: the grammar makes the first the body and the others its siblings.
  const isDefinition = (c: SyntaxNode | null): c is SyntaxNode => c?.type === 'function_definition';
  const definitions = body?.type === 'function_definition' ? node.namedChildren.filter(isDefinition) : body?.namedChildren.filter(isDefinition) ?? [];
  for (const definition of definitions) {
    if (stated) file(ctx).facts.proveLater(stated, ctx.scope, undefined, (proven) => {
      if (!proven) return;
      const name = definition.childForFieldName('name')?.text;
      const id = ctx.file.builder.declarations.findIndex((d) => d.name === name && d.startLine === definition.startPosition.row + 1);
      if (id >= 0) ctx.file.builder.declarations[id].memberOf = proven;
    });
    visitFunction({ node: definition, ctx: inner }, walk, stated);
  }
}

export function file(ctx: ScalaContext) {
  return ctx.file;
}

export function visitValue({ node, ctx, doc }: Visit, walk: ScalaWalk): void {
  const pattern = node.childForFieldName('pattern');
  const typeNode = node.childForFieldName('type');
  const value = node.childForFieldName('value');
  const inTemplate = isMember(node, ctx);
  if (!inTemplate) {
    // A local (or a top-level value): its initialiser first, then its names.
    walk.push(value, ctx);
    if (pattern?.type === 'identifier') bindTyped(ctx, pattern, typeNode, 'local', value);
    else bindPattern(pattern, ctx);
    if (ctx.parentDecl === null && pattern?.type === 'identifier') {
      const id = ctx.file.builder.declare('variable', pattern.text, null, node, { signature: flatSignature(node.text.split('=')[0]), docstring: doc, isExported: exported(modifiersOf(node)) || undefined });
      // `val uint8: Codec[Int] = …` at the top level (Scala 3) or in a package object: `uint8.exmap(…)` is a member call on it.
      const alias = typeNode ? undefined : objectAlias(value);
      // A value naming an object is that object (aliasOf), not a value of its type.
      ctx.file.facts.stateType(id, 'valueType', declaredType(typeNode, ctx.typeVariables) ?? (value && !alias ? valueType(value, ctx) : null), ctx.scope);
      if (alias) ctx.file.builder.declarations[id].aliasOf = alias;
    }
    return;
  }
  const mods = modifiersOf(node);
  const names = pattern?.type === 'identifier' ? [pattern] : pattern?.descendantsOfType('identifier').filter((n): n is SyntaxNode => n !== null) ?? [];
  // A value naming an object is that object (aliasOf below), not a value of its type.
  const stated = declaredType(typeNode, ctx.typeVariables) ?? (value && (names.length !== 1 || !objectAlias(value)) ? valueType(value, ctx) : null);
  const simple = simpleType(typeNode, ctx.typeVariables);
  for (const nameNode of names) {
    const id = ctx.file.builder.declare('field', nameNode.text, ctx.parentDecl, node, {
      signature: flatSignature(node.text.split('=')[0]),
      docstring: doc,
      visibility: visibility(mods, ctx),
      decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
    });
    ctx.file.facts.stateType(id, 'valueType', stated, ctx.scope);
    const alias = typeNode || names.length !== 1 ? undefined : objectAlias(value);
    if (alias) ctx.file.builder.declarations[id].aliasOf = alias;
    if (ctx.classId !== null) ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, { type: stated, simple: simple === '*' ? null : simple });
    walk.push(value, { ...ctx, enclosing: id });
  }
  if (names.length === 0) walk.push(value, ctx);
}

export function visitTypeMember({ node, ctx, doc }: Visit): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode || ctx.parentDecl === null && false) return;
  if (!nameNode) return;
  const id = ctx.file.builder.declare('type_alias', nameNode.text, ctx.parentDecl, node, { signature: flatSignature(node.text), docstring: doc });
  // `type Input = Reader[Elem]`: a value stated to be an Input is a Reader.
  const underlying = declaredType(node.childForFieldName('type'), withTypeVariables(ctx, typeParameterNames(node)));
  if (underlying) ctx.file.builder.declarations[id].underlyingType = underlying;
}

/**
 * `val SerializableTests = cats.kernel.laws.discipline.SerializableTests`: a value that only names an object
 * (a capitalised name, by convention) gives it a second name. The chain, or undefined.
 */
function objectAlias(value: SyntaxNode | null): string[] | undefined {
  if (value?.type !== 'identifier' && value?.type !== 'field_expression') return undefined;
  const chain = typeChainOfValue(value);
  return chain && /^[A-Z]/.test(chain[chain.length - 1]) ? chain : undefined;
}

function typeChainOfValue(node: SyntaxNode): string[] | undefined {
  if (node.type === 'identifier') return [node.text.replace(/^`|`$/g, '')];
  if (node.type !== 'field_expression') return undefined;
  const value = node.childForFieldName('value');
  const field = node.childForFieldName('field');
  const head = value ? typeChainOfValue(value) : undefined;
  return head && field?.type === 'identifier' ? [...head, field.text.replace(/^`|`$/g, '')] : undefined;
}
