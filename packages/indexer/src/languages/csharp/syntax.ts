/**
 * What C#'s syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`):
 * node type → the scope it opens and, where data cannot say it, a hook that declares, binds,
 * records a site or an import, or hands parts to the walk with their own context.
 *
 * Decisions:
 *  - Classes and records → `class` (a `record struct` → `struct`); structs → `struct`; interfaces
 *    → `interface`; enums → `enum` with `enum_member`s; delegates → `type_alias`. Namespaces are
 *    no declaration (as the codegraph CLI writes C#): a namespace is the package of its files
 *    (module-resolution.ts), and qualified names start at the top-level type.
 *  - Constructors are `method`s named like their type, so `: this(...)` / `: base(...)` and
 *    `new T(...)` are calls of them; properties are `property`s with their stated type; fields and
 *    events are `field`s, `const` fields `constant`s. Operators, indexers and finalizers are walked
 *    (their calls belong to the type) but not declared.
 *  - `partial` types are marked (`Declaration.partial`): the resolver joins the parts.
 *  - An extension method (`static R M(this T x, …)`) is a member of its static class and is
 *    attached to T (`memberOf`), so `x.M()` on a proven T reaches it; its parameter types leave the
 *    `this` one out (the call `x.M(a)` states one argument).
 *  - A base list does not say which base is a class: a class's base named `I` + capital (the .NET
 *    interface convention) is `implements`, any other `extends`; an interface's bases are `extends`,
 *    a struct's `implements`.
 *  - Attributes are decorators (without brackets); `///` comments right before a declaration are
 *    its docstring.
 *  - A method states its parameter types and each call its argument types where the code proves
 *    them: the resolver picks the overload (resolution/overloads.ts).
 */
import { cappedDocstring, flatSignature, tripleSlashLines } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { memberNameChain, splitMemberChain, type MemberAccessShape } from '../../extraction/core/tree-walk.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { ArgumentType, CSharpContext } from './file-state.js';
import { declaredType, literalType, simpleType, statedType, typeChain } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';

type CSharpWalk = Walk<CSharpContext>;
type Rule = NodeRule<CSharpContext>;
type Visit = { node: SyntaxNode; ctx: CSharpContext; doc?: string };

const TYPE_DECLARATIONS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class',
  record_declaration: 'class',
  struct_declaration: 'struct',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
};

/** Named node types with nothing to extract inside. */
const OPAQUE = [
  'identifier', 'qualified_name', 'generic_name', 'alias_qualified_name', 'predefined_type', 'nullable_type', 'array_type',
  'pointer_type', 'tuple_type', 'implicit_type', 'ref_type', 'function_pointer_type', 'type_argument_list', 'type_parameter_list',
  'type_parameter_constraints_clause', 'modifier', 'attribute_list', 'string_literal', 'verbatim_string_literal', 'raw_string_literal',
  'character_literal', 'integer_literal', 'real_literal', 'boolean_literal', 'null_literal', 'comment', 'typeof_expression',
  'sizeof_expression', 'default_expression', 'extern_alias_directive', 'file_scoped_namespace_declaration', 'base_list',
  'preprocessor_call', 'preproc_region', 'preproc_endregion', 'preproc_pragma', 'preproc_nullable', 'preproc_error',
  'preproc_warning', 'preproc_define', 'preproc_undef', 'preproc_line',
];

const handled = handledFrame<CSharpContext>;

const block: Rule = { opensScope: { kind: 'block' } };

/** `using (var r = …) { … }` and `fixed (int* p = …) { … }`: a block whose head declares its variables. */
const resourceBlock: Rule = {
  opensScope: { kind: 'block' },
  visit: ({ node, ctx }, walk) => {
    for (const child of node.namedChildren) {
      if (child?.type === 'variable_declaration') visitVariables(child, ctx, walk);
      else if (child) walk.push(child, ctx);
    }
    return false;
  },
};

export const CSHARP_SYNTAX: SyntaxRules<CSharpContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  comments: { types: ['comment'], doc: xmlDoc },
  nodes: {
    // `namespace A.B;` and `namespace A.B { … }`: the namespaces the file declares, a nested one by its full name.
    file_scoped_namespace_declaration: handled(({ node, ctx }) => {
      const name = namespaceName(node);
      if (name !== null) ctx.file.module.package(name, node);
    }),
    namespace_declaration: {
      visit: ({ node, ctx }, walk) => {
        const name = namespaceName(node);
        if (name === null) return true;
        const full = ctx.namespace ? `${ctx.namespace}.${name}` : name;
        ctx.file.module.package(full, node);
        // Inside it, a nested namespace is named after this one.
        walk.descend(node, { ...ctx, namespace: full });
        return false;
      },
    },
    using_directive: handled(({ node, ctx }) => visitUsing(node, ctx)),
    class_declaration: handled(visitType),
    record_declaration: handled(visitType),
    struct_declaration: handled(visitType),
    interface_declaration: handled(visitType),
    enum_declaration: handled(visitType),
    enum_member_declaration: handled(visitEnumMember),
    delegate_declaration: handled(visitDelegate),
    method_declaration: handled(visitMethod),
    constructor_declaration: handled(visitMethod),
    local_function_statement: handled(visitMethod),
    destructor_declaration: handled(visitUndeclaredMember),
    operator_declaration: handled(visitUndeclaredMember),
    conversion_operator_declaration: handled(visitUndeclaredMember),
    indexer_declaration: handled(visitUndeclaredMember),
    property_declaration: handled(visitProperty),
    event_declaration: handled(visitProperty),
    field_declaration: handled(visitField),
    event_field_declaration: handled(visitField),
    local_declaration_statement: handled(({ node, ctx }, walk) => visitVariables(node, ctx, walk)),
    using_statement: resourceBlock,
    fixed_statement: resourceBlock,

    // Block scopes; the names some of them bind.
    block,
    switch_section: block,
    for_statement: block,
    foreach_statement: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const left = node.childForFieldName('left');
        const type = node.childForFieldName('type');
        if (left?.type === 'identifier' && type?.type === 'implicit_type') {
          // `foreach (var x in xs)`: x is one element of what xs is stated to hold.
          const of = collectionValue(node.childForFieldName('right'), ctx);
          ctx.file.bindLocal(ctx.scope, left.text, 'local', of, null, left);
        } else if (left?.type === 'identifier') bindTyped(ctx, left, type, 'local');
        else for (const name of left?.descendantsOfType('identifier') ?? []) if (name) ctx.file.bindLocal(ctx.scope, name.text, 'local', null, null, name);
        return true;
      },
    },
    catch_clause: { opensScope: { kind: 'block' } },
    catch_declaration: {
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        if (name) bindTyped(ctx, name, node.childForFieldName('type'), 'local');
        return false;
      },
    },
    declaration_pattern: {
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        if (name?.type === 'identifier') bindTyped(ctx, name, node.childForFieldName('type'), 'local');
        return false;
      },
    },
    declaration_expression: {
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        if (name?.type === 'identifier') bindTyped(ctx, name, node.childForFieldName('type'), 'local');
        return false;
      },
    },
    lambda_expression: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),
    anonymous_method_expression: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),

    // Sites.
    invocation_expression: { visit: ({ node, ctx }) => visitInvocation(node, ctx) },
    object_creation_expression: { visit: ({ node, ctx }) => visitCreation(node, ctx) },
    constructor_initializer: { visit: ({ node, ctx }) => visitConstructorCall(node, ctx) },
  },
};

/** `/// <summary>Text</summary>` lines right before a declaration → `Text`. */
function xmlDoc(comment: SyntaxNode, anchorRow: number): string | undefined {
  if (!comment.text.startsWith('///') || comment.endPosition.row < anchorRow - 1) return undefined;
  const body = tripleSlashLines(comment).join('\n').replace(/<\/?(?:summary|remarks|returns|para)\s*>/g, '').trim();
  if (!body) return undefined;
  return cappedDocstring(body);
}

interface Modifiers {
  keywords: Set<string>;
  decorators: string[];
  /** Where the declaration's own text starts (after its attributes). */
  start: number;
}

function modifiersOf(node: SyntaxNode): Modifiers {
  const keywords = new Set<string>();
  const decorators: string[] = [];
  let start = node.startIndex;
  for (const child of node.namedChildren) {
    if (child?.type === 'attribute_list') {
      for (const attribute of child.namedChildren) if (attribute?.type === 'attribute') decorators.push(flatSignature(attribute.text));
      start = child.endIndex;
    } else if (child?.type === 'modifier') {
      keywords.add(child.text);
    } else if (child?.type !== 'comment') {
      break;
    }
  }
  return { keywords, decorators, start };
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

function typeParameterNames(node: SyntaxNode): string[] {
  const list = node.namedChildren.find((c) => c?.type === 'type_parameter_list');
  const names: string[] = [];
  for (const parameter of list?.namedChildren ?? []) {
    const name = parameter?.childForFieldName('name') ?? parameter?.namedChildren.find((c) => c?.type === 'identifier');
    if (name) names.push(name.text);
  }
  return names;
}

function isInterface(ctx: CSharpContext): boolean {
  return ctx.classId !== null && ctx.file.builder.declarations[ctx.classId].kind === 'interface' && ctx.parentDecl === ctx.classId;
}

function visitType({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
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
}

function visitEnumMember({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const mods = modifiersOf(node);
  const id = ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(node.text.slice(mods.start - node.startIndex)), docstring: doc, visibility: 'public', isStatic: true,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  });
  if (ctx.classId !== null) {
    const enumType = ctx.file.pathOf(ctx.classId);
    ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, { type: enumType ? { kind: 'named', chain: enumType } : null, simple: ctx.file.builder.declarations[ctx.classId].name });
  }
  walk.push(node.childForFieldName('value'), { ...ctx, enclosing: id });
}

function visitDelegate({ node, ctx, doc }: Visit): void {
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

function isThisParameter(parameter: SyntaxNode): boolean {
  return parameter.namedChildren.some((c) => c?.type === 'modifier' && c.text === 'this');
}

function parameterTypesOf(list: SyntaxNode | null, typeVariables: ReadonlySet<string>): { types: string[]; variadic: boolean; optional: number } {
  const types: string[] = [];
  let optional = 0;
  for (const parameter of parameterNodes(list)) {
    if (isThisParameter(parameter)) continue;
    // `ref`/`out`/`in` parameters take only a variable of exactly that type: compared as unknown.
    const byReference = parameter.namedChildren.some((c) => c?.type === 'modifier' && ['ref', 'out', 'in'].includes(c.text));
    types.push(byReference ? '?' : simpleType(parameter.childForFieldName('type'), typeVariables) ?? '?');
    if (parameter.children.some((c) => c?.type === '=')) optional++;
  }
  const params = paramsArray(list);
  if (params) types.push(`${simpleType(params.type, typeVariables) ?? '?[]'}`);
  return { types, variadic: params !== null, optional };
}

function visitMethod({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const name = nameNode.text.replace(/^@/, '');
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  const inInterface = isInterface(ctx);
  const list = node.childForFieldName('parameters');
  const { types: parameterTypes, variadic, optional } = parameterTypesOf(list, typeVariables);
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
  if (ctx.classId !== null && !local) file.classInfo(ctx.classId).methods.add(name);
  if (local) file.bindLocal(ctx.scope, name, 'local-function', null, null, undefined, id);
  if (node.type !== 'constructor_declaration') file.facts.stateType(id, 'returnType', returnTypeOf(returnTypeNode, mods, typeVariables), ctx.scope);
  // `static R M(this T x)`: an extension method of T.
  const first = parameterNodes(list)[0];
  if (first && isThisParameter(first) && mods.keywords.has('static')) {
    const extended = declaredType(first.childForFieldName('type'), typeVariables);
    if (extended) file.facts.proveLater(extended, ctx.scope, undefined, (proven) => {
      if (proven) declaration.memberOf = proven;
    });
  }

  const scope = ctx.scope.open('method');
  const inner: CSharpContext = { file, scope, parentDecl: id, enclosing: id, classId: ctx.classId, typeVariables };
  bindParameters(list, inner);
  for (const child of node.namedChildren) {
    if (child?.type === 'constructor_initializer') walk.push(child, inner);
  }
  walk.push(body, inner);
}

/**
 * What a method states it returns: an `async` one's `Task<T>` or `ValueTask<T>` is T, what awaiting its call gives
 * (the resolver reads an async result only for an awaited call). A Task returned without `async` states nothing
 * more than the Task.
 */
function returnTypeOf(node: SyntaxNode | null, mods: Modifiers, typeVariables: ReadonlySet<string>): TypeRef | null {
  if (mods.keywords.has('async') && node?.type === 'generic_name') {
    const name = node.namedChildren.find((c) => c?.type === 'identifier')?.text;
    const args = node.namedChildren.find((c) => c?.type === 'type_argument_list')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
    if ((name === 'Task' || name === 'ValueTask') && args.length === 1) return statedType(args[0], typeVariables);
  }
  return statedType(node, typeVariables);
}

function bindParameters(list: SyntaxNode | null, ctx: CSharpContext): void {
  for (const parameter of parameterNodes(list)) {
    const parameterName = parameter.childForFieldName('name');
    if (parameterName) bindTyped(ctx, parameterName, parameter.childForFieldName('type'), 'parameter');
  }
  const params = paramsArray(list);
  if (params?.name) ctx.file.bindLocal(ctx.scope, params.name.text, 'parameter', null, null);
}

/** Operators, indexers, finalizers: their code runs as the type's; they are not declared. */
function visitUndeclaredMember({ node, ctx }: Visit, walk: CSharpWalk): void {
  const scope = ctx.scope.open('method');
  const inner: CSharpContext = { ...ctx, scope, enclosing: ctx.classId ?? ctx.enclosing };
  bindParameters(node.childForFieldName('parameters'), inner);
  for (const child of node.namedChildren) {
    if (child && child.type !== 'parameter_list' && child.type !== 'bracketed_parameter_list') walk.push(child, inner);
  }
}

function visitProperty({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
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

function visitField({ node, ctx, doc }: Visit, walk: CSharpWalk): void {
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
function bindTyped(ctx: CSharpContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = statedType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  if ((!type || type.type === 'implicit_type') && value) {
    stated = expressionType(value, ctx);
    simple = value.type === 'object_creation_expression' ? simpleType(value.childForFieldName('type'), ctx.typeVariables) : literalType(value) ?? null;
  }
  ctx.file.bindLocal(ctx.scope, name.text, kind, stated, simple, kind === 'parameter' ? undefined : name);
}

function visitVariables(node: SyntaxNode, ctx: CSharpContext, walk: CSharpWalk): void {
  const declaration = node.type === 'variable_declaration' ? node : node.namedChildren.find((c) => c?.type === 'variable_declaration');
  if (!declaration) {
    walk.descend(node, ctx);
    return;
  }
  const typeNode = declaration.childForFieldName('type');
  for (const declarator of declaration.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    const nameNode = declarator.childForFieldName('name');
    const value = declarator.namedChildren.find((c) => c !== null && c.id !== nameNode?.id && c.type !== 'bracketed_argument_list') ?? null;
    // The initialiser is walked first: `var x = x.Next()` reads an outer x.
    targetTypedCreation(value, typeNode, ctx);
    walk.push(value, ctx);
    if (nameNode?.type === 'identifier') bindTyped(ctx, nameNode, typeNode, 'local', value);
  }
}

function visitLambda(node: SyntaxNode, ctx: CSharpContext, walk: CSharpWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: CSharpContext = { ...ctx, scope };
  const parameters = node.childForFieldName('parameters');
  if (parameters?.type === 'identifier') ctx.file.bindLocal(scope, parameters.text, 'parameter', null, null);
  else bindParameters(parameters, inner);
  walk.push(node.childForFieldName('body') ?? node.namedChildren.find((c) => c?.type === 'block'), inner);
}

/** `a.b.c` → ['a', 'b', 'c'], `this.x` → ['this', 'x'], `base` → ['base']; undefined for anything else. */
function receiverChain(node: SyntaxNode): string[] | undefined {
  return memberNameChain(node, MEMBER_ACCESS, chainHead, 'base');
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
function collectionValue(node: SyntaxNode | null, ctx: CSharpContext): TypeRef | null {
  if (!node) return null;
  if (unwrap(node).type === 'invocation_expression') {
    const of = expressionType(node, ctx);
    return of ? { kind: 'element', of } : null;
  }
  node = unwrap(node);
  const chain = node.type === 'identifier' || node.type === 'member_access_expression' ? receiverChain(node) : undefined;
  if (!chain || chain[0] === 'base') return null;
  if (chain[0] === 'this') return chain.length > 1 ? ctx.file.elementOfMember(chain.slice(1), ctx.classId) : null;
  if (ctx.scope.classify(chain[0], chain.length > 1, positionOf(node)).locallyBound) return { kind: 'element', of: { kind: 'value', chain } };
  return ctx.file.elementOfMember(chain, ctx.classId);
}

/** The class an expression's value is stated to be: a constructor, a method's declared result, a cast. */
function expressionType(node: SyntaxNode, ctx: CSharpContext): TypeRef | null {
  const awaited = isAwaited(node);
  node = unwrap(node);
  if (awaited) {
    // `await M()`: what the async method states it returns; anything else awaited proves nothing here.
    // `await M().ConfigureAwait(false)` awaits M()'s task all the same.
    const configured = node.type === 'invocation_expression' ? calleeOf(node) : undefined;
    const awaitedCall = configured?.name === 'ConfigureAwait' && configured.object ? unwrap(configured.object) : node;
    const call = awaitedCall.type === 'invocation_expression' ? expressionType(awaitedCall, ctx) : null;
    return call?.kind === 'call' || call?.kind === 'member-call' ? { ...call, awaited: true } : null;
  }
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
      return chain ? { kind: 'call', callee: chain, construct: true } : null;
    }
    case 'invocation_expression': {
      const callee = calleeOf(node);
      if (!callee) return null;
      if (callee.object === null) return { kind: 'call', callee: ['this', callee.name] };
      const chain = receiverChain(callee.object);
      if (chain) return chain[0] === 'base' ? null : { kind: 'call', callee: [...chain, callee.name] };
      const of = expressionType(callee.object, ctx);
      return of ? { kind: 'member-call', of, name: callee.name } : null;
    }
    case 'this': {
      const path = ctx.classId !== null ? ctx.file.pathOf(ctx.classId) : undefined;
      return path ? { kind: 'named', chain: path } : null;
    }
    default:
      return null;
  }
}

/** The called name and the object it is called on (null: a bare call); undefined for a call of anything else. */
function calleeOf(node: SyntaxNode): { name: string; object: SyntaxNode | null; nameNode: SyntaxNode } | undefined {
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

/** What an argument's type is, as far as the code proves it. */
function argumentType(node: SyntaxNode, ctx: CSharpContext): ArgumentType {
  const literal = literalType(node);
  if (literal !== undefined) return literal;
  switch (node.type) {
    case 'identifier':
      return { name: node.text, scope: ctx.scope, at: positionOf(node) };
    case 'member_access_expression': {
      const chain = receiverChain(node);
      return chain?.length === 2 && chain[0] === 'this' ? { field: chain[1] } : null;
    }
    case 'object_creation_expression':
      return simpleType(node.childForFieldName('type'), ctx.typeVariables);
    case 'array_creation_expression': {
      const type = simpleType(node.childForFieldName('type'), ctx.typeVariables);
      return type === '*' ? null : type?.replace(/\[[^\]]*\]/g, (rank) => `[${','.repeat((rank.match(/,/g) ?? []).length)}]`) ?? null;
    }
    case 'cast_expression': {
      const type = simpleType(node.childForFieldName('type'), ctx.typeVariables);
      return type === '*' ? null : type;
    }
    case 'invocation_expression': {
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
    case 'prefix_unary_expression':
      return node.text.startsWith('!') ? 'bool' : null;
    case 'is_expression':
    case 'is_pattern_expression':
      return 'bool';
    default:
      return null;
  }
}

function argumentsOf(list: SyntaxNode | null, ctx: CSharpContext): ArgumentType[] {
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

function visitInvocation(node: SyntaxNode, ctx: CSharpContext): boolean {
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
    const chain = receiverChain(callee.object);
    if (chain) {
      target = { name: callee.name, receiver: chain };
    } else {
      // `Make().a.M()`: the stated type of the call, then the member names after it.
      const split = splitMemberChain(callee.object, MEMBER_ACCESS);
      const type = split ? expressionType(split.base, ctx) : null;
      target = { name: callee.name, receiver: undefined, typedReceiver: type && split ? { type, path: split.path } : undefined };
    }
  }
  ctx.file.addSite('calls', target, node, ctx, args);
  return true;
}

function visitCreation(node: SyntaxNode, ctx: CSharpContext): boolean {
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
function typeArgumentCount(node: SyntaxNode | null): number | undefined {
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
function targetTypedCreation(value: SyntaxNode | null, typeNode: SyntaxNode | null, ctx: CSharpContext): void {
  if (value?.type !== 'implicit_object_creation_expression') return;
  const stated = declaredType(typeNode, ctx.typeVariables);
  if (stated?.kind !== 'named') return;
  const chain = stated.chain;
  ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, value, ctx);
}

/** `: this(...)` and `: base(...)`: calls of a constructor of the type or of its base class. */
function visitConstructorCall(node: SyntaxNode, ctx: CSharpContext): boolean {
  const which = node.children.find((c) => c?.type === 'this' || c?.type === 'base');
  if (!which || ctx.classId === null) return true;
  const declaration = ctx.file.builder.declarations[ctx.classId];
  const name = which.type === 'this' ? declaration.name : ctx.file.classInfo(ctx.classId).superName;
  const args = argumentsOf(node.namedChildren.find((c) => c?.type === 'argument_list') ?? null, ctx);
  if (name) ctx.file.addSite('calls', { name, receiver: [which.type] }, node, ctx, args);
  return true;
}

function visitUsing(node: SyntaxNode, ctx: CSharpContext): void {
  const file = ctx.file;
  const isStatic = node.children.some((c) => c?.type === 'static');
  const alias = node.childForFieldName('name');
  const target = node.namedChildren.find((c) => c !== null && c.id !== alias?.id && c.type !== 'comment');
  const chain = target ? typeChain(target) : null;
  if (!chain) return;
  const specifier = chain.join('.');
  const signature = flatSignature(node.text);
  if (alias) {
    // `using X = A.B.C;`: X means type C of namespace A.B (found through the file declaring it).
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: alias.text, imported: chain[chain.length - 1] }]);
    return;
  }
  if (isStatic) {
    // `using static A.B.C;`: C's members are called bare, reached through a hidden name for C (a dotted name no identifier can be).
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: chain[chain.length - 1] }]);
    file.staticWildcards.push(specifier);
    return;
  }
  // `using A.B;` (and `global using A.B;`, which module-resolution.ts also applies to the project's other files).
  file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }]);
  if (node.children.some((c) => c?.type === 'global')) file.module.projectImport(specifier);
}

/** A namespace declaration's name as written, without `global::`, `@` and white space; null when it has none. */
function namespaceName(node: SyntaxNode): string | null {
  const name = node.childForFieldName('name');
  return name ? name.text.replace(/\s+/g, '').replace(/^global::/, '').replace(/@/g, '') : null;
}
