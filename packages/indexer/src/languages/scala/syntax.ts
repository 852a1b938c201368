/**
 * What Scala's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * Decisions:
 *  - Classes, case classes and objects → `class`; traits → `trait`; Scala 3 enums → `enum` with
 *    `enum_member` cases; `def` → `method` in a template, `function` at the top level or in a block
 *    (a local def is bound in its block); `val`/`var` in a template → `field`; type members →
 *    `type_alias`. Packages are no declaration: a package is the set of its files (module-resolution.ts).
 *  - A class and its companion object in one file are two parts of one type (`Declaration.partial`):
 *    `Circle.make()` finds the object's members, `Circle(2)` the class.
 *  - `def this(...)` auxiliary constructors are `method`s named like the class.
 *  - `extends A with B`: every parent is `extends` (traits are mixed in: their members are inherited).
 *  - `extension (c: T) def m` attaches m to T (`memberOf`); a `given` is walked, not declared.
 *  - Calls are `f(…)`, `a.b.f(…)`, `f[T](…)`; a method called without parentheses or as an
 *    operator (`a max b`) is not a call site. `new T(…)` instantiates T; `T(…)` on a class calls the
 *    companion's `apply` the arguments pick, else (a case class's generated one) instantiates T.
 *  - Annotations are decorators; a `/** … *\/` comment right before a definition is its docstring.
 */
import { blockDocComment, flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { memberNameChain, splitMemberChain, type MemberAccessShape } from '../../extraction/core/tree-walk.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { ArgumentType, ScalaContext } from './file-state.js';
import { declaredType, literalType, simpleType, typeChain } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';

type ScalaWalk = Walk<ScalaContext>;
type Rule = NodeRule<ScalaContext>;
type Visit = { node: SyntaxNode; ctx: ScalaContext; doc?: string };

const TYPE_DECLARATIONS: Readonly<Record<string, NodeKind>> = {
  class_definition: 'class',
  object_definition: 'class',
  trait_definition: 'trait',
  enum_definition: 'enum',
};

const OPAQUE = [
  'identifier', 'type_identifier', 'stable_type_identifier', 'stable_identifier', 'generic_type', 'type_arguments',
  'type_parameters', 'modifiers', 'annotation', 'string', 'character_literal', 'integer_literal', 'floating_point_literal',
  'boolean_literal', 'null_literal', 'comment', 'block_comment', 'operator_identifier', 'compound_type', 'function_type',
  'tuple_type', 'infix_type', 'projected_type', 'singleton_type', 'wildcard',
];

const handled = handledFrame<ScalaContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const SCALA_SYNTAX: SyntaxRules<ScalaContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  comments: {
    types: ['block_comment', 'comment'],
    doc: (comment) => blockDocComment(comment.text),
  },
  nodes: {
    compilation_unit: { visit: ({ node, ctx }) => (recordPackageChain(node, ctx), true) },
    package_clause: { visit: () => true },
    import_declaration: handled(({ node, ctx }) => visitImport(node, ctx)),
    class_definition: handled(visitType),
    object_definition: handled(visitType),
    trait_definition: handled(visitType),
    enum_definition: handled(visitType),
    package_object: handled(({ node, ctx }, walk) => {
      declarePackageObject(node, ctx);
      walk.push(node.childForFieldName('body'), ctx);
    }),
    simple_enum_case: handled(visitEnumCase),
    full_enum_case: handled(visitEnumCase),
    function_definition: handled(visitFunction),
    function_declaration: handled(visitFunction),
    val_definition: handled(visitValue),
    var_definition: handled(visitValue),
    val_declaration: handled(visitValue),
    var_declaration: handled(visitValue),
    type_definition: handled(visitTypeMember),
    extension_definition: handled(visitExtension),
    given_definition: handled(({ node, ctx }, walk) => walk.push(node.childForFieldName('body'), ctx)),

    block,
    case_clause: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        bindPattern(node.childForFieldName('pattern'), ctx);
        return true;
      },
    },
    for_expression: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        for (const enumerator of node.childForFieldName('enumerators')?.namedChildren ?? []) {
          const pattern = enumerator?.namedChildren[0];
          if (pattern) bindPattern(pattern, ctx);
        }
        return true;
      },
    },
    lambda_expression: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),

    call_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    instance_expression: handled(({ node, ctx }, walk) => visitInstance(node, ctx, walk)),
  },
};

interface Modifiers {
  keywords: Set<string>;
  decorators: string[];
  start: number;
}

function modifiersOf(node: SyntaxNode): Modifiers {
  const keywords = new Set<string>();
  const decorators: string[] = [];
  let start = node.startIndex;
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
        }
      }
    }
  }
  // `case class`: the keyword is an anonymous child before `class`.
  if (node.children.some((c) => c?.type === 'case')) keywords.add('case');
  return { keywords, decorators, start };
}

/** Whether a top-level declaration can be imported: not `private`, or private to a package (`private[pkg]`). */
function exported(mods: Modifiers): boolean {
  return !mods.keywords.has('private') || mods.keywords.has('qualified-access');
}

function header(node: SyntaxNode, until: SyntaxNode | null, mods: Modifiers): string {
  const end = until ? until.endIndex : node.endIndex;
  return flatSignature(node.text.slice(Math.max(0, mods.start - node.startIndex), end - node.startIndex));
}

function typeParameterNames(node: SyntaxNode): string[] {
  const list = node.childForFieldName('type_parameters');
  return list?.namedChildren.filter((c) => c?.type === 'identifier' || c?.type === 'type_identifier').map((c) => c!.text) ?? [];
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

function visibility(mods: Modifiers): 'private' | 'protected' | 'public' {
  return mods.keywords.has('private') ? 'private' : mods.keywords.has('protected') ? 'protected' : 'public';
}

function visitType({ node, ctx, doc }: Visit, walk: ScalaWalk): void {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const file = ctx.file;
  const name = nameNode.text.replace(/^`|`$/g, '');
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const isObject = node.type === 'object_definition';
  const id = file.builder.declare(TYPE_DECLARATIONS[node.type], name, ctx.parentDecl, node, {
    signature: header(node, body ? body.previousSibling : null, mods),
    docstring: doc,
    visibility: visibility(mods),
    isAbstract: mods.keywords.has('abstract') || undefined,
    isStatic: isObject || undefined,
    isExported: (ctx.parentDecl === null && exported(mods)) || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
    typeParameters,
  });
  const info = file.classInfo(id);
  if (ctx.classId !== null && ctx.parentDecl === ctx.classId) file.classInfo(ctx.classId).nested.set(name, id);
  else if (ctx.parentDecl !== null) file.bindLocal(ctx.scope, name, 'local', null, null, nameNode, id);
  const inner: ScalaContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, typeVariables: withTypeVariables(ctx, typeParameters),
    selfTypes: selfTypeParameters(node, name),
  };
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
    if (node.childForFieldName('class_parameters')?.children.some((c) => c?.type === 'implicit' || c?.type === 'using')) declaration.parameterTypes = [];
  }
  walk.push(body, inner);
}

/** The name a package object's bases are reached by: its members are the package's, what it inherits too. */
export const PACKAGE_OBJECT = 'package';

/**
 * `package object p extends Api with More`: its own members are top-level declarations of the file (of
 * package p, module-resolution.ts); an object named `package` (no identifier can be) stands for it, to
 * reach what it inherits (the `package-objects` lookup step).
 */
function declarePackageObject(node: SyntaxNode, ctx: ScalaContext): void {
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

function visitEnumCase({ node, ctx }: Visit): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, { signature: flatSignature(node.text), visibility: 'public', isStatic: true });
}

function parameterLists(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((c): c is SyntaxNode => c?.type === 'parameters');
}

function visitFunction({ node, ctx, doc }: Visit, walk: ScalaWalk, memberOf?: TypeRef | null): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const isConstructor = nameNode.text === 'this';
  const owner = ctx.classId !== null && ctx.parentDecl === ctx.classId ? ctx.classId : null;
  if (isConstructor && owner === null) return;
  const name = isConstructor ? file.builder.declarations[owner!].name : nameNode.text.replace(/^`|`$/g, '');
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  const lists = parameterLists(node);
  const local = owner === null && ctx.parentDecl !== null && memberOf === undefined;
  const kind: NodeKind = owner !== null || memberOf ? 'method' : 'function';
  const body = node.childForFieldName('body');
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: header(node, node.childForFieldName('return_type') ?? lists[lists.length - 1] ?? nameNode, mods),
    docstring: doc,
    visibility: visibility(mods),
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
    // An implicit / using list is passed by the compiler: the call states the explicit ones only.
    if (first.children.some((c) => c?.type === 'implicit' || c?.type === 'using')) declaration.parameterTypes = [];
  } else if (!isConstructor) {
    // `def size: Int`, called without parentheses: no call site has an arity for it.
    delete declaration.parameterTypes;
  }
  if (owner !== null) file.classInfo(owner).methods.add(name);
  if (local) file.bindLocal(ctx.scope, name, 'local-function', null, null, undefined, id);
  if (memberOf) declaration.memberOf = memberOf;
  const returnType = node.childForFieldName('return_type');
  // `def body(b: String): PR` where PR stands for the type itself: the value it was called on (a fluent builder).
  const returnsSelf = returnType?.type === 'type_identifier' && owner !== null && ctx.selfTypes?.has(returnType.text) === true;
  if (!isConstructor) file.facts.stateType(id, 'returnType', returnsSelf ? { kind: 'self' } : declaredType(returnType, typeVariables), ctx.scope);
  const scope = ctx.scope.open('method');
  const inner: ScalaContext = { file, scope, parentDecl: id, enclosing: id, classId: ctx.classId, typeVariables };
  for (const list of lists) bindParameters(list, inner);
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

function bindParameters(list: SyntaxNode, ctx: ScalaContext): void {
  for (const parameter of list.namedChildren) {
    if (parameter?.type !== 'parameter') continue;
    const name = parameter.childForFieldName('name');
    if (name) bindTyped(ctx, name, parameter.childForFieldName('type'), 'parameter');
  }
}

function visitExtension({ node, ctx }: Visit, walk: ScalaWalk): void {
  const receiver = node.childForFieldName('parameters')?.namedChildren.find((c) => c?.type === 'parameter');
  const stated = declaredType(receiver?.childForFieldName('type') ?? null, ctx.typeVariables);
  const scope = ctx.scope.open('method');
  const inner: ScalaContext = { ...ctx, scope };
  const receiverName = receiver?.childForFieldName('name');
  if (receiverName) bindTyped(inner, receiverName, receiver!.childForFieldName('type'), 'parameter');
  const body = node.childForFieldName('body');
  const definitions = body?.type === 'function_definition' ? [body] : body?.namedChildren.filter((c): c is SyntaxNode => c?.type === 'function_definition') ?? [];
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

function file(ctx: ScalaContext) {
  return ctx.file;
}

function visitValue({ node, ctx, doc }: Visit, walk: ScalaWalk): void {
  const pattern = node.childForFieldName('pattern');
  const typeNode = node.childForFieldName('type');
  const value = node.childForFieldName('value');
  const inTemplate = ctx.parentDecl !== null && ctx.classId === ctx.parentDecl;
  if (!inTemplate) {
    // A local (or a top-level value): its initialiser first, then its names.
    walk.push(value, ctx);
    if (pattern?.type === 'identifier') bindTyped(ctx, pattern, typeNode, 'local', value);
    else bindPattern(pattern, ctx);
    if (ctx.parentDecl === null && pattern?.type === 'identifier') {
      ctx.file.builder.declare('variable', pattern.text, null, node, { signature: flatSignature(node.text.split('=')[0]), docstring: doc, isExported: exported(modifiersOf(node)) || undefined });
    }
    return;
  }
  const mods = modifiersOf(node);
  const names = pattern?.type === 'identifier' ? [pattern] : pattern?.descendantsOfType('identifier').filter((n): n is SyntaxNode => n !== null) ?? [];
  const stated = declaredType(typeNode, ctx.typeVariables) ?? (value ? valueType(value, ctx) : null);
  const simple = simpleType(typeNode, ctx.typeVariables);
  for (const nameNode of names) {
    const id = ctx.file.builder.declare('field', nameNode.text, ctx.parentDecl, node, {
      signature: flatSignature(node.text.split('=')[0]),
      docstring: doc,
      visibility: visibility(mods),
      decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
    });
    ctx.file.facts.stateType(id, 'valueType', stated, ctx.scope);
    if (ctx.classId !== null) ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, { type: stated, simple: simple === '*' ? null : simple });
    walk.push(value, { ...ctx, enclosing: id });
  }
  if (names.length === 0) walk.push(value, ctx);
}

function visitTypeMember({ node, ctx, doc }: Visit): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode || ctx.parentDecl === null && false) return;
  if (!nameNode) return;
  ctx.file.builder.declare('type_alias', nameNode.text, ctx.parentDecl, node, { signature: flatSignature(node.text), docstring: doc });
}

function bindPattern(pattern: SyntaxNode | null | undefined, ctx: ScalaContext): void {
  if (!pattern) return;
  if (pattern.type === 'identifier') {
    ctx.file.bindLocal(ctx.scope, pattern.text, 'local', null, null, pattern);
    return;
  }
  if (pattern.type === 'typed_pattern') {
    const name = pattern.childForFieldName('pattern');
    if (name?.type === 'identifier') bindTyped(ctx, name, pattern.childForFieldName('type'), 'local');
    return;
  }
  for (const name of pattern.descendantsOfType('identifier')) {
    // `case Some(x)`: x is bound; a capitalised name is a constant or an extractor.
    if (name && /^[a-z_]/.test(name.text) && name.parent?.type !== 'stable_identifier') ctx.file.bindLocal(ctx.scope, name.text, 'local', null, null, name);
  }
}

function bindTyped(ctx: ScalaContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = declaredType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  if (!type && value) {
    stated = valueType(value, ctx);
    simple = literalType(value) ?? (value.type === 'instance_expression' ? simpleType(instanceType(value), ctx.typeVariables) : null);
  }
  ctx.file.bindLocal(ctx.scope, name.text, kind, stated, simple === '*' ? null : simple, kind === 'parameter' ? undefined : name);
}

function visitLambda(node: SyntaxNode, ctx: ScalaContext, walk: ScalaWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: ScalaContext = { ...ctx, scope };
  const parameters = node.childForFieldName('parameters');
  for (const name of parameters?.type === 'identifier' ? [parameters] : parameters?.descendantsOfType('identifier') ?? []) {
    if (name) ctx.file.bindLocal(scope, name.text, 'parameter', null, null);
  }
  for (const child of node.namedChildren) if (child && child.id !== parameters?.id) walk.push(child, inner);
}

/** `a.b.c` → ['a', 'b', 'c'], `this.x` → ['this', 'x'], `super` → ['super']; undefined otherwise. */
function receiverChain(node: SyntaxNode): string[] | undefined {
  return memberNameChain(node, FIELD_ACCESS, chainHead, 'super');
}

function chainHead(node: SyntaxNode): string[] | undefined {
  if (node.type === 'identifier') return [node.text.replace(/^`|`$/g, '')];
  if (node.type === 'this' || node.type === 'super') return [node.type];
  return node.text === 'this' || node.text === 'super' ? [node.text] : undefined;
}

const FIELD_ACCESS: MemberAccessShape = { nodeType: 'field_expression', object: 'value', property: 'field', propertyTypes: new Set(['identifier']) };

function instanceType(node: SyntaxNode): SyntaxNode | null {
  return node.namedChildren.find((c) => c !== null && c.type !== 'arguments' && c.type !== 'template_body') ?? null;
}

/** The class a value is stated to be: `new T(…)`, `T(…)` on a class, a call's declared result. */
function valueType(node: SyntaxNode, ctx: ScalaContext): TypeRef | null {
  switch (node.type) {
    case 'instance_expression': {
      if (node.namedChildren.some((c) => c?.type === 'template_body')) return null;
      const chain = typeChain(instanceType(node));
      return chain ? { kind: 'call', callee: chain, construct: true } : null;
    }
    case 'call_expression': {
      const callee = calleeOf(node);
      if (!callee) return null;
      // `Circle(r)` is `Circle.apply(r)`: a capitalised name is a class (or an object) by convention, not a method of `this`.
      if (callee.object === null) return { kind: 'call', callee: /^[A-Z]/.test(callee.name) ? [callee.name] : ['this', callee.name] };
      const chain = receiverChain(callee.object);
      if (chain) return chain[0] === 'super' ? null : { kind: 'call', callee: [...chain, callee.name] };
      const of = valueType(callee.object, ctx);
      return of ? { kind: 'member-call', of, name: callee.name } : null;
    }
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null);
      return inner ? valueType(inner, ctx) : null;
    }
    default:
      return null;
  }
}

function calleeOf(node: SyntaxNode): { name: string; object: SyntaxNode | null } | undefined {
  let fn = node.childForFieldName('function');
  if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
  if (!fn) return undefined;
  if (fn.type === 'identifier') return { name: fn.text.replace(/^`|`$/g, ''), object: null };
  if (fn.type === 'field_expression') {
    const field = fn.childForFieldName('field');
    const value = fn.childForFieldName('value');
    return field?.type === 'identifier' && value ? { name: field.text.replace(/^`|`$/g, ''), object: value } : undefined;
  }
  return undefined;
}

function argumentType(node: SyntaxNode, ctx: ScalaContext): ArgumentType {
  const literal = literalType(node);
  if (literal !== undefined) return literal;
  switch (node.type) {
    case 'identifier':
      return { name: node.text, scope: ctx.scope, at: positionOf(node) };
    case 'instance_expression':
      return node.namedChildren.some((c) => c?.type === 'template_body') ? null : simpleType(instanceType(node), ctx.typeVariables);
    default:
      return null;
  }
}

function argumentsOf(node: SyntaxNode, ctx: ScalaContext): ArgumentType[] {
  const list = node.childForFieldName('arguments');
  // `f { … }`, `f { case … => … }`: a block argument (a partial function too) is one argument.
  if (list?.type === 'block' || list?.type === 'case_block') return [null];
  return list?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment' && c.type !== 'block_comment')
    .map((arg) => (arg.type === 'assignment_expression' ? null : argumentType(arg, ctx))) ?? [];
}

function visitCall(node: SyntaxNode, ctx: ScalaContext): boolean {
  const callee = calleeOf(node);
  if (!callee) return true;
  let target: SiteTarget;
  if (!callee.object) {
    target = { name: callee.name, receiver: [] };
  } else {
    const chain = receiverChain(callee.object);
    if (chain) {
      target = { name: callee.name, receiver: chain };
    } else {
      const split = splitMemberChain(callee.object, FIELD_ACCESS);
      const type = split ? valueType(split.base, ctx) : null;
      target = { name: callee.name, receiver: undefined, typedReceiver: type && split ? { type, path: split.path } : undefined };
    }
  }
  ctx.file.addSite('calls', target, node, ctx, argumentsOf(node, ctx));
  return true;
}

function visitInstance(node: SyntaxNode, ctx: ScalaContext, walk: ScalaWalk): void {
  const typeNode = instanceType(node);
  const chain = typeChain(typeNode);
  const body = node.namedChildren.find((c) => c?.type === 'template_body') ?? null;
  if (chain) ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
  for (const child of node.namedChildren) if (child && child.type === 'arguments') walk.push(child, ctx);
  if (!body) return;
  // An anonymous class: its own `this`, extending the named type.
  const id = ctx.file.builder.declare('class', `<anonymous ${chain ? chain[chain.length - 1] : 'class'}>`, ctx.parentDecl, body, {});
  ctx.file.classInfo(id);
  const inner: ScalaContext = { ...ctx, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id };
  if (chain && typeNode) {
    const site = ctx.file.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, typeNode, { ...inner, classId: ctx.classId });
    site.space = 'type';
  }
  walk.push(body, inner);
}

function visitImport(node: SyntaxNode, ctx: ScalaContext): void {
  const file = ctx.file;
  const path = node.childrenForFieldName('path').filter((c): c is SyntaxNode => c !== null && c.isNamed).map((c) => c.text.replace(/^`|`$/g, ''));
  if (path.length === 0) return;
  const signature = flatSignature(node.text);
  const last = node.namedChildren[node.namedChildren.length - 1];
  const wildcard = (parts: string[]) => {
    const specifier = parts.join('.');
    // `import a.b.Obj._`: the members of object Obj, called bare (a capitalised last name: an object, by convention).
    if (/^[A-Z]/.test(parts[parts.length - 1]) && parts.length > 1) {
      file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: parts[parts.length - 1] }]);
      file.staticWildcards.push(specifier);
      return;
    }
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }]);
  };
  const single = (parts: string[], local: string) => {
    // `import a.b.Obj.Inner` / `import a.b.Obj.m` (an object by the capitalisation convention, packages are
    // lower case): the name means member Inner or m of Obj, reached through a hidden name for Obj.
    const top = parts.findIndex((part) => /^[A-Z]/.test(part));
    if (top >= 0 && top < parts.length - 1) {
      const specifier = parts.slice(0, top + 1).join('.');
      file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: parts[top] }]);
      file.aliases.set(local, [specifier, ...parts.slice(top + 1)]);
      return;
    }
    file.builder.addImport(parts.join('.'), ctx.parentDecl, node, signature, [{ local, imported: parts[parts.length - 1] }]);
  };
  if (last?.type === 'namespace_wildcard') {
    wildcard(path);
    return;
  }
  if (last?.type === 'namespace_selectors') {
    for (const selector of last.namedChildren) {
      if (!selector) continue;
      if (selector.type === 'namespace_wildcard') wildcard(path);
      else if (selector.type === 'identifier') single([...path, selector.text], selector.text);
      else if (selector.type === 'arrow_renamed_identifier' || selector.type === 'as_renamed_identifier') {
        const name = selector.childForFieldName('name')?.text;
        const alias = selector.childForFieldName('alias')?.text;
        // `A => _` hides A: nothing is bound.
        if (name && alias && alias !== '_') single([...path, name], alias);
      }
    }
    return;
  }
  if (last?.type === 'as_renamed_identifier' || last?.type === 'arrow_renamed_identifier') {
    const name = last.childForFieldName('name')?.text;
    const alias = last.childForFieldName('alias')?.text;
    if (name && alias && alias !== '_') single([...path, name], alias);
    return;
  }
  // `import a.b.given`: givens are found by type, not by name.
  if (node.children.some((c) => c?.type === 'given')) return;
  single(path, path[path.length - 1]);
}

/**
 * The package clauses a file starts with, chained (`package a.b` then `package c`, or `package a {
 * package b { … } }`): each by its full name (`a.b`, `a.b.c`). A clause after other code, or a
 * `package object`, puts nothing in a package of its own.
 */
function recordPackageChain(unit: SyntaxNode, ctx: ScalaContext): void {
  let prefix = '';
  let container: SyntaxNode | null = unit;
  while (container) {
    let next: SyntaxNode | null = null;
    for (const child of container.namedChildren) {
      if (!child || child.type === 'comment' || child.type === 'block_comment') continue;
      if (child.type !== 'package_clause') break;
      const name = child.namedChildren.find((c) => c?.type === 'package_identifier');
      if (!name) break;
      prefix = `${prefix === '' ? '' : `${prefix}.`}${name.namedChildren.map((part) => part?.text).join('.')}`;
      ctx.file.module.package(prefix, child);
      // A clause with a body: the chain goes on at the start of the body.
      next = child.childForFieldName('body') ?? child.namedChildren.find((c) => c?.type === 'template_body') ?? null;
      if (next) break;
    }
    if (!next && container) {
      // `package a.b` then `package object c { … }` and nothing else declared: the file holds the members of package `a.b.c`.
      const definitions = container.namedChildren.filter((c): c is SyntaxNode => c !== null
        && !['comment', 'block_comment', 'package_clause', 'import_declaration'].includes(c.type));
      const name = definitions.length === 1 && definitions[0].type === 'package_object' ? definitions[0].childForFieldName('name') : null;
      if (prefix !== '' && name?.type === 'identifier') ctx.file.module.package(`${prefix}.${name.text}`, definitions[0]);
    }
    container = next;
  }
}
