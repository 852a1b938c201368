/**
 * What Swift's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * Decisions:
 *  - `class` and `actor` → `class`; `struct` → `struct`; `enum` → `enum` with its cases as
 *    `enum_member`s; `protocol` → `protocol` (its requirements abstract `method`s and `property`s);
 *    `typealias` → `type_alias`. Modules are no declaration: a module is a SwiftPM target, the set
 *    of its files (module-resolution.ts).
 *  - `extension T { … }` declares nothing: its members are declared where they are written (the
 *    file) with `memberOf` naming T, so they join T's members — a protocol extension's methods are
 *    the default implementations every conforming type reaches. `extension T: P` with T declared in
 *    the same file records T's conformance.
 *  - `init` declarations are `method`s named `init` (`self.init(…)`, `super.init(…)` call them);
 *    `T(…)` on a class or struct is an instantiation (the resolver turns a call landing on a type
 *    into one). `static` / `class` members are `isStatic`.
 *  - The first inherited name of a class is `extends` (a superclass, or a protocol: the grammar
 *    cannot tell), the others `implements`; a struct's, enum's and actor's are `implements`, a
 *    protocol's `extends`.
 *  - Argument labels are part of a function's name: parameter and argument types are written
 *    `label:Type` for overload selection (name-binding.ts); default values give `requiredParameters`.
 *  - Attributes are decorators; `///` comments right before a declaration are its docstring.
 */
import { blockDocComment, cappedDocstring, flatSignature, tripleSlashLines } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { ArgumentType, SwiftContext } from './file-state.js';
import { declaredType, isTypeNode, literalType, simpleType, STANDARD_TYPES, typeChain } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';

type SwiftWalk = Walk<SwiftContext>;
type Rule = NodeRule<SwiftContext>;
type Visit = { node: SyntaxNode; ctx: SwiftContext; doc?: string };

const KIND_OF: Readonly<Record<string, NodeKind>> = { class: 'class', actor: 'class', struct: 'struct', enum: 'enum' };

const OPAQUE = [
  'simple_identifier', 'type_identifier', 'user_type', 'optional_type', 'array_type', 'dictionary_type', 'function_type',
  'tuple_type', 'opaque_type', 'existential_type', 'type_arguments', 'type_parameters', 'type_constraints', 'modifiers',
  'attribute', 'line_string_literal', 'multi_line_string_literal', 'raw_string_literal', 'integer_literal', 'real_literal',
  'boolean_literal', 'hex_literal', 'oct_literal', 'bin_literal', 'comment', 'multiline_comment', 'import_declaration',
  'inheritance_specifier', 'type_annotation', 'diagnostic', 'operator_declaration', 'precedence_group_declaration',
];

const handled = handledFrame<SwiftContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const SWIFT_SYNTAX: SyntaxRules<SwiftContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => (pattern.type === 'simple_identifier' ? [pattern.text] : []),
  comments: { types: ['comment', 'multiline_comment'], doc: swiftDoc },
  nodes: {
    import_declaration: handled(({ node, ctx }) => visitImport(node, ctx)),
    class_declaration: handled(visitType),
    protocol_declaration: handled(visitType),
    enum_entry: handled(visitEnumEntry),
    function_declaration: handled(visitFunction),
    protocol_function_declaration: handled(visitFunction),
    init_declaration: handled(visitFunction),
    deinit_declaration: handled(({ node, ctx }, walk) => walk.push(node.childForFieldName('body'), { ...ctx, scope: ctx.scope.open('method') })),
    subscript_declaration: handled(({ node, ctx }, walk) => {
      const inner = { ...ctx, scope: ctx.scope.open('method') };
      bindParameters(node, inner);
      for (const child of node.namedChildren) if (child && child.type !== 'parameter') walk.push(child, inner);
    }),
    property_declaration: handled(visitProperty),
    protocol_property_declaration: handled(visitProperty),
    typealias_declaration: handled(({ node, ctx, doc }) => {
      const name = node.childForFieldName('name');
      if (name) ctx.file.builder.declare('type_alias', name.text, ctx.extension ? null : ctx.parentDecl, node, { signature: flatSignature(node.text), docstring: doc });
    }),

    statements: block,
    if_statement: { opensScope: { kind: 'block' }, visit: ({ node, ctx }) => visitConditionBindings(node, ctx) },
    guard_statement: { visit: ({ node, ctx }) => visitConditionBindings(node, ctx) },
    while_statement: { opensScope: { kind: 'block' }, visit: ({ node, ctx }) => visitConditionBindings(node, ctx) },
    for_statement: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        for (const name of node.childForFieldName('item')?.descendantsOfType('simple_identifier') ?? []) {
          if (name) ctx.file.bindLocal(ctx.scope, name.text, 'local', null, null, name);
        }
        return true;
      },
    },
    catch_block: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const pattern = node.childForFieldName('error');
        const name = pattern?.descendantsOfType('simple_identifier')[0];
        if (name) bindTyped(ctx, name, pattern!.namedChildren.find((c) => isTypeNode(c)) ?? null, 'local');
        return true;
      },
    },
    lambda_literal: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),

    call_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
  },
};

function swiftDoc(comment: SyntaxNode, anchorRow: number): string | undefined {
  if (comment.endPosition.row < anchorRow - 1) return undefined;
  if (comment.type === 'multiline_comment') return blockDocComment(comment.text);
  if (!comment.text.startsWith('///')) return undefined;
  const body = tripleSlashLines(comment).join('\n').trim();
  return body ? cappedDocstring(body) : undefined;
}

interface Modifiers {
  keywords: Set<string>;
  decorators: string[];
  start: number;
}

function modifiersOf(node: SyntaxNode): Modifiers {
  const keywords = new Set<string>();
  const decorators: string[] = [];
  let start = node.startIndex;
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  for (const child of modifiers?.namedChildren ?? []) {
    if (!child) continue;
    if (child.type === 'attribute') {
      decorators.push(flatSignature(child.text).replace(/^@\s*/, ''));
      start = child.endIndex;
    } else {
      // `private(set)` restricts the setter only.
      if (!/\(\s*set\s*\)/.test(child.text)) keywords.add(child.text.trim());
    }
  }
  return { keywords, decorators, start };
}

function header(node: SyntaxNode, until: SyntaxNode | null | undefined, mods: Modifiers): string {
  const end = until ? until.endIndex : node.endIndex;
  const text = node.text.slice(Math.max(0, mods.start - node.startIndex), Math.max(0, end - node.startIndex));
  return flatSignature(text.replace(/\{[\s\S]*$/, ''));
}

function visibilityOf(mods: Modifiers): 'private' | 'public' | 'internal' {
  const k = mods.keywords;
  return k.has('private') || k.has('fileprivate') ? 'private' : k.has('public') || k.has('open') ? 'public' : 'internal';
}

function typeParameterNames(node: SyntaxNode): string[] {
  const list = node.namedChildren.find((c) => c?.type === 'type_parameters');
  const names: string[] = [];
  for (const parameter of list?.namedChildren ?? []) {
    const name = parameter?.namedChildren.find((c) => c?.type === 'type_identifier');
    if (name) names.push(name.text);
  }
  return names;
}

function declarationKind(node: SyntaxNode): string {
  if (node.type === 'protocol_declaration') return 'protocol';
  return node.childForFieldName('declaration_kind')?.type ?? node.children.find((c) => c && ['class', 'struct', 'enum', 'actor', 'extension'].includes(c.type))?.type ?? 'class';
}

function visitType({ node, ctx, doc }: Visit, walk: SwiftWalk): void {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const file = ctx.file;
  const keyword = declarationKind(node);
  const bases = node.namedChildren.filter((c): c is SyntaxNode => c?.type === 'inheritance_specifier');
  if (keyword === 'extension') {
    const chain = typeChain(nameNode);
    if (!chain) {
      walk.push(body, ctx);
      return;
    }
    for (const base of bases) {
      const protocol = typeChain(base.childForFieldName('inherits_from') ?? base.namedChildren[0]);
      if (protocol && chain.length === 1) file.conformances.push({ type: chain[0], protocol, at: base, enclosing: null });
    }
    // Members of an extension are declared in the file (or the enclosing scope) and attached to the type.
    const inner: SwiftContext = {
      ...ctx, scope: ctx.scope.open('class'), extension: { kind: 'named', chain }, classId: null,
      typeVariables: withTypeVariables(ctx, typeParameterNames(node)),
    };
    walk.push(body, inner);
    return;
  }
  const name = nameNode.text.replace(/^`|`$/g, '');
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const kind: NodeKind = keyword === 'protocol' ? 'protocol' : KIND_OF[keyword] ?? 'class';
  const parent = ctx.extension ? null : ctx.parentDecl;
  const id = file.builder.declare(kind, name, parent, node, {
    signature: header(node, body?.previousSibling, mods),
    docstring: doc,
    visibility: visibilityOf(mods),
    isExported: (parent === null && visibilityOf(mods) !== 'private') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
    typeParameters,
  });
  const info = file.classInfo(id);
  if (ctx.classId !== null && ctx.parentDecl === ctx.classId) file.classInfo(ctx.classId).nested.set(name, id);
  else if (parent !== null && !ctx.extension) file.bindLocal(ctx.scope, name, 'local', null, null, nameNode, id);
  const inner: SwiftContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, extension: null,
    typeVariables: withTypeVariables(ctx, typeParameters),
  };
  bases.forEach((base, index) => {
    const chain = typeChain(base.childForFieldName('inherits_from') ?? base.namedChildren[0]);
    if (!chain) return;
    const heritage = kind === 'protocol' || (kind === 'class' && keyword === 'class' && index === 0) ? 'extends' : 'implements';
    if (heritage === 'extends' && kind === 'class') info.superName = chain[chain.length - 1];
    // An enum's raw type (`enum E: String`) is no base of the workspace: it lands on nothing.
    const site = file.addSite(heritage, { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, base, { ...inner, classId: ctx.classId });
    site.space = 'type';
  });
  walk.push(body, inner);
}

function visitEnumEntry({ node, ctx }: Visit, walk: SwiftWalk): void {
  for (const name of node.childrenForFieldName('name')) {
    if (name?.type === 'simple_identifier') {
      ctx.file.builder.declare('enum_member', name.text, ctx.parentDecl, name, { signature: flatSignature(node.text), visibility: 'public', isStatic: true });
    }
  }
  for (const child of node.namedChildren) if (child && child.type !== 'simple_identifier' && child.type !== 'enum_type_parameters') walk.push(child, ctx);
}

/** Parameters of a function: the nodes, each with its external label, name, type and default. */
function parametersOf(node: SyntaxNode): Array<{ label: string; name: SyntaxNode | null; type: SyntaxNode | null; optional: boolean; variadic: boolean }> {
  const out: Array<{ label: string; name: SyntaxNode | null; type: SyntaxNode | null; optional: boolean; variadic: boolean }> = [];
  const children = node.children;
  children.forEach((child, index) => {
    if (child?.type !== 'parameter') return;
    const external = child.childForFieldName('external_name');
    const name = child.namedChildren.find((c) => c?.type === 'simple_identifier' && c.id !== external?.id) ?? null;
    const type = child.namedChildren.find((c) => isTypeNode(c)) ?? null;
    // A default value follows the parameter as a sibling (`= value`).
    let optional = false;
    for (let next = index + 1; next < children.length; next++) {
      const sibling = children[next];
      if (!sibling || sibling.type === ',' || sibling.type === ')' || sibling.type === 'parameter') break;
      if (sibling.type === '=') optional = true;
    }
    out.push({ label: external ? external.text : name?.text ?? '_', name, type, optional, variadic: child.children.some((c) => c?.type === '...') });
  });
  return out;
}

function visitFunction({ node, ctx, doc }: Visit, walk: SwiftWalk): void {
  const file = ctx.file;
  const isInit = node.type === 'init_declaration';
  const nameNode = isInit ? null : node.childForFieldName('name');
  // An operator (`static func == (…)`) is named by the token after `func`.
  const funcIndex = node.children.findIndex((c) => c?.type === 'func');
  const operator = nameNode?.type !== 'simple_identifier' && funcIndex >= 0 ? node.children[funcIndex + 1] : null;
  if (!isInit && nameNode?.type !== 'simple_identifier' && (!operator || operator.isNamed)) {
    walk.descend(node, ctx);
    return;
  }
  const name = isInit ? 'init' : operator ? operator.text : nameNode!.text.replace(/^`|`$/g, '');
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  const owner = ctx.classId !== null && ctx.parentDecl === ctx.classId ? ctx.classId : null;
  const inType = owner !== null || ctx.extension !== null;
  const local = !inType && ctx.parentDecl !== null;
  const kind: NodeKind = inType ? 'method' : 'function';
  const body = node.childForFieldName('body');
  const returnNode = isInit ? null : node.childrenForFieldName('name').find((c) => isTypeNode(c)) ?? null;
  const parameters = parametersOf(node);
  const id = file.builder.declare(kind, name, ctx.extension ? null : ctx.parentDecl, node, {
    signature: header(node, body?.previousSibling ?? null, mods),
    docstring: doc,
    visibility: visibilityOf(mods),
    isStatic: (mods.keywords.has('static') || mods.keywords.has('class')) || undefined,
    isAsync: node.children.some((c) => c?.type === 'async') || undefined,
    isAbstract: node.type === 'protocol_function_declaration' || undefined,
    isExported: (ctx.parentDecl === null && !ctx.extension && visibilityOf(mods) !== 'private') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
    typeParameters,
  });
  const declaration = file.builder.declarations[id];
  // `label=:Type` for a parameter with a default value: a call may skip it (name-binding.ts).
  declaration.parameterTypes = parameters.map((p) => `${p.label}${p.optional ? '=' : ''}:${simpleType(p.type, typeVariables) ?? '?'}`);
  const optional = parameters.filter((p) => p.optional).length;
  if (optional > 0) declaration.requiredParameters = parameters.length - optional;
  if (parameters.some((p) => p.variadic)) declaration.variadic = true;
  // Swift ranks such an overload below every other that applies.
  if (mods.decorators.some((d) => d.startsWith('_disfavoredOverload'))) declaration.rankedLast = true;
  if (ctx.extension) declaration.memberOf = ctx.extension;
  if (owner !== null) file.classInfo(owner).methods.add(name);
  if (local) file.bindLocal(ctx.scope, name, 'local-function', null, null, undefined, id);
  // `-> Self`: the type the method was called on (a chain of `Self`-returning modifiers keeps its receiver's type).
  const returnsSelf = typeChain(returnNode)?.join('.') === 'Self';
  if (!isInit) file.facts.stateType(id, 'returnType', returnsSelf ? { kind: 'self' } : declaredType(returnNode, typeVariables), ctx.scope);
  const scope = ctx.scope.open('method');
  const inner: SwiftContext = { ...ctx, scope, parentDecl: id, enclosing: id, typeVariables, extension: null };
  for (const p of parameters) if (p.name) bindTyped(inner, p.name, p.type, 'parameter');
  // Default values are evaluated where the function is declared.
  for (const child of node.namedChildren) {
    if (child && child.id !== body?.id && !['parameter', 'simple_identifier', 'modifiers', 'type_parameters', 'type_constraints'].includes(child.type) && !isTypeNode(child)) walk.push(child, ctx);
  }
  walk.push(body, inner);
}

function bindParameters(node: SyntaxNode, ctx: SwiftContext): void {
  for (const p of parametersOf(node)) if (p.name) bindTyped(ctx, p.name, p.type, 'parameter');
}

function visitProperty({ node, ctx, doc }: Visit, walk: SwiftWalk): void {
  const pattern = node.childForFieldName('name');
  const nameNode = pattern?.childForFieldName('bound_identifier') ?? pattern?.namedChildren.find((c) => c?.type === 'simple_identifier')
    ?? (pattern?.type === 'simple_identifier' ? pattern : null);
  const typeNode = node.namedChildren.find((c) => c?.type === 'type_annotation')?.namedChildren.find((c) => isTypeNode(c)) ?? null;
  const value = node.childForFieldName('value');
  const member = (ctx.classId !== null && ctx.parentDecl === ctx.classId) || ctx.extension !== null;
  const rest = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.id !== pattern?.id && c.type !== 'type_annotation'
    && c.type !== 'modifiers' && c.type !== 'value_binding_pattern');
  if (!member && ctx.parentDecl !== null) {
    // A local: its initialiser first, then its name.
    for (const child of rest) walk.push(child, ctx);
    if (nameNode) bindTyped(ctx, nameNode, typeNode, 'local', value);
    else for (const name of pattern?.descendantsOfType('simple_identifier') ?? []) if (name) ctx.file.bindLocal(ctx.scope, name.text, 'local', null, null, name);
    return;
  }
  if (!nameNode) {
    for (const child of rest) walk.push(child, ctx);
    return;
  }
  const mods = modifiersOf(node);
  const isLet = node.namedChildren.find((c) => c?.type === 'value_binding_pattern')?.text.startsWith('let') ?? false;
  const kind: NodeKind = member ? 'property' : isLet ? 'constant' : 'variable';
  const stated = declaredType(typeNode, ctx.typeVariables) ?? (value ? valueType(value, ctx) : null);
  const simple = simpleType(typeNode, ctx.typeVariables) ?? (value ? literalType(value) ?? null : null);
  const id = ctx.file.builder.declare(kind, nameNode.text.replace(/^`|`$/g, ''), ctx.extension ? null : ctx.parentDecl, node, {
    signature: header(node, typeNode ?? nameNode, mods),
    docstring: doc,
    visibility: visibilityOf(mods),
    isStatic: (mods.keywords.has('static') || mods.keywords.has('class')) || undefined,
    isExported: (ctx.parentDecl === null && !ctx.extension && visibilityOf(mods) !== 'private') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  });
  if (ctx.extension) ctx.file.builder.declarations[id].memberOf = ctx.extension;
  // A property holding a closure is called like a method, unlabelled: beside a same-named method it is one of the
  // candidates overload selection weighs (and, chosen, no method is called: the property is read).
  const closure = member ? closureParameters(typeNode, ctx) : null;
  if (closure) ctx.file.builder.declarations[id].parameterTypes = closure;
  ctx.file.facts.stateType(id, 'valueType', stated, ctx.scope);
  if (member && ctx.classId !== null) ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, { type: stated, simple: simple === '*' ? null : simple });
  const inner: SwiftContext = { ...ctx, scope: ctx.scope.open('method'), enclosing: id, extension: null, parentDecl: ctx.parentDecl };
  for (const child of rest) walk.push(child, inner);
}

/** `(Int, String) -> T`, `((T) -> U)?`: each parameter as a call passes it (`_:Int`); null for any other type. */
function closureParameters(type: SyntaxNode | null, ctx: SwiftContext): string[] | null {
  let current = type;
  while (current && (current.type === 'optional_type' || current.type === 'implicitly_unwrapped_type' || current.type === 'tuple_type' || current.type === 'tuple_type_item')) {
    if (current.type === 'tuple_type' && current.namedChildren.length !== 1) return null;
    current = current.type === 'optional_type' ? current.childForFieldName('wrapped') ?? current.namedChildren[0] : current.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  }
  if (current?.type !== 'function_type') return null;
  const params = current.childForFieldName('params');
  if (params?.type !== 'tuple_type') return null;
  return params.namedChildren.filter((c): c is SyntaxNode => c?.type === 'tuple_type_item').map((item) => {
    const typeNode = [...item.namedChildren].reverse().find((c) => isTypeNode(c)) ?? null;
    return `_:${simpleType(typeNode, ctx.typeVariables) ?? '?'}`;
  });
}

/** `if let x = v`, `guard let x = v`, `while let x = v`: x bound with v's stated type (guard: to the end of its block). */
function visitConditionBindings(node: SyntaxNode, ctx: SwiftContext): boolean {
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

function bindTyped(ctx: SwiftContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = declaredType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  if (!type && value) {
    stated = valueType(value, ctx);
    simple = literalType(value) ?? null;
  }
  ctx.file.bindLocal(ctx.scope, name.text.replace(/^`|`$/g, ''), kind, stated, simple === '*' ? null : simple, kind === 'parameter' ? undefined : name);
}

function visitLambda(node: SyntaxNode, ctx: SwiftContext, walk: SwiftWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: SwiftContext = { ...ctx, scope };
  const type = node.childForFieldName('type');
  for (const parameter of type?.descendantsOfType('lambda_parameter') ?? []) {
    const name = parameter?.childForFieldName('name') ?? parameter?.namedChildren.find((c) => c?.type === 'simple_identifier');
    if (name) bindTyped(inner, name, parameter!.namedChildren.find((c) => isTypeNode(c)) ?? null, 'parameter');
  }
  for (const child of node.namedChildren) if (child && child.id !== type?.id) walk.push(child, inner);
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
    case 'navigation_expression': {
      const target = node.childForFieldName('target');
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
    current = current.childForFieldName('target');
  }
  return current ? { base: current, path } : undefined;
}

function unwrap(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (['try_expression', 'await_expression', 'tuple_expression', 'postfix_expression', 'force_unwrap_expression'].includes(current.type)) {
    const inner = current.childForFieldName('expr') ?? current.childForFieldName('value') ?? current.namedChildren.find((c) => c !== null && c.type !== 'try_operator');
    if (!inner || (current.type === 'tuple_expression' && current.namedChildren.length !== 1) || (current.type === 'postfix_expression' && !current.text.endsWith('!'))) break;
    current = inner;
  }
  return current;
}

/** The type a value is stated to be: `T(…)`, a call's declared result, `x as T`, `x as? T`. */
function valueType(node: SyntaxNode, ctx: SwiftContext): TypeRef | null {
  node = unwrap(node);
  switch (node.type) {
    case 'as_expression':
      return declaredType(node.childForFieldName('type') ?? node.namedChildren.find((c) => isTypeNode(c)), ctx.typeVariables);
    case 'call_expression': {
      const callee = isSubscript(node) ? undefined : calleeOf(node);
      if (!callee) return null;
      if (callee.object === null) return { kind: 'call', callee: [callee.name] };
      const chain = receiverChain(callee.object);
      if (chain) return chain[0] === 'super' ? null : { kind: 'call', callee: [...chain, callee.name] };
      const of = valueType(callee.object, ctx);
      return of ? { kind: 'member-call', of, name: callee.name } : null;
    }
    case 'simple_identifier':
    case 'navigation_expression': {
      // `if let x = y`, `let x = self.y`: whatever y was proven to hold.
      const chain = receiverChain(node);
      return chain && chain[0] !== 'super' ? { kind: 'value', chain } : null;
    }
    case 'self_expression': {
      const path = ctx.classId !== null ? ctx.file.pathOf(ctx.classId) : undefined;
      return path ? { kind: 'named', chain: path } : ctx.extension;
    }
    case 'prefix_expression': {
      // `.make()`, `.init(…)` where the contextual type is stated: a value of that type.
      const implicit = implicitMemberCall(node, ctx);
      return implicit ? { kind: 'member-call', of: implicit.type, name: implicit.name } : null;
    }
    default: {
      // `"a".f()`: a literal is a value of its standard type, which the workspace may extend.
      const literal = literalType(node);
      return literal && STANDARD_TYPES.has(literal) ? { kind: 'named', chain: [literal] } : null;
    }
  }
}

function calleeOf(node: SyntaxNode): { name: string; object: SyntaxNode | null } | undefined {
  const fn = node.namedChildren[0];
  if (!fn) return undefined;
  if (fn.type === 'simple_identifier') return { name: fn.text.replace(/^`|`$/g, ''), object: null };
  if (fn.type === 'navigation_expression') {
    const name = fn.childForFieldName('suffix')?.childForFieldName('suffix');
    const target = fn.childForFieldName('target');
    return name?.type === 'simple_identifier' && target ? { name: name.text.replace(/^`|`$/g, ''), object: target } : undefined;
  }
  // `Foo<Int>(…)`: a generic type constructed.
  if (fn.type === 'user_type') {
    const chain = typeChain(fn);
    return chain?.length === 1 ? { name: chain[0], object: null } : undefined;
  }
  return undefined;
}

function argumentType(node: SyntaxNode, ctx: SwiftContext): ArgumentType {
  const literal = literalType(node);
  if (literal !== undefined) return literal;
  if (node.type === 'simple_identifier') return { name: node.text, scope: ctx.scope, at: positionOf(node) };
  return null;
}

/** Each argument as `label:Type` (`_` unlabelled, `?` an unknown type, `*` a trailing closure's unknown label). */
function argumentsOf(node: SyntaxNode, ctx: SwiftContext): { labels: string[]; types: ArgumentType[] } {
  const suffix = node.namedChildren.find((c) => c?.type === 'call_suffix');
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
  let stated: SyntaxNode | null = null;
  if (parent.type === 'property_declaration' && parent.childForFieldName('value')?.id === value.id) {
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
  if (element) {
    if (stated?.type !== 'array_type') return null;
    stated = stated.childForFieldName('element') ?? stated.namedChildren.find((c) => isTypeNode(c)) ?? null;
  } else if (stated?.type === 'array_type' || stated?.type === 'dictionary_type') {
    return null;
  }
  return declaredType(stated, ctx.typeVariables);
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

function visitCall(node: SyntaxNode, ctx: SwiftContext): boolean {
  if (isSubscript(node)) return true;
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
    if (chain) {
      target = { name: callee.name, receiver: chain };
    } else {
      const split = splitNavigation(callee.object);
      const type = split ? valueType(split.base, ctx) : null;
      target = { name: callee.name, receiver: undefined, typedReceiver: type && split ? { type, path: split.path } : undefined };
    }
  }
  const args = argumentsOf(node, ctx);
  ctx.file.addSite('calls', target, node, ctx, args.types, args.labels);
  return true;
}

function visitImport(node: SyntaxNode, ctx: SwiftContext): void {
  const path = node.namedChildren.find((c) => c?.type === 'identifier');
  const parts = path?.namedChildren.filter((c) => c?.type === 'simple_identifier').map((c) => c!.text) ?? [];
  if (parts.length === 0) return;
  // `import X`, `import struct X.Y`: module X's declarations are visible (a target of the workspace, or external).
  ctx.file.builder.addImport(parts[0], ctx.parentDecl, node, flatSignature(node.text), [{ local: '*', imported: '*' }]);
}
