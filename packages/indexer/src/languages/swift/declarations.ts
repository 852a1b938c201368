/** Swift's declarations: types and extensions with their heritage, enum entries, functions and initialisers with their parameters, properties. */
import { blockDocComment, cappedDocstring, flatSignature, tripleSlashLines } from '../../extraction/core/declaration-text.js';
import { nameOrDescend } from '../../extraction/core/syntax-walk.js';
import type { Located } from '../../extraction/core/declaration-builder.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { TypeRef } from '../../model/extraction.js';
import type { SwiftContext, SwiftWalk, Visit } from './file-state.js';
import { declaredType, isTypeNode, literalType, simpleType, typeChain } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';
import { valueType } from './calls.js';
import { bindTyped, callbackTypes, closureParameters } from './locals.js';
import { modifiersOf as modifiersIn, type ModifierShape, type Modifiers } from '../../extraction/core/modifiers.js';
import { typeParameterNames as typeParametersIn, type TypeParameterShape } from '../../extraction/core/type-parameters.js';

const KIND_OF: Readonly<Record<string, NodeKind>> = { class: 'class', actor: 'class', struct: 'struct', enum: 'enum' };

export function swiftDoc(comment: SyntaxNode, anchorRow: number): string | undefined {
  if (comment.endPosition.row < anchorRow - 1) return undefined;
  if (comment.type === 'multiline_comment') return blockDocComment(comment.text);
  if (!comment.text.startsWith('///')) return undefined;
  const body = tripleSlashLines(comment).join('\n').trim();
  return body ? cappedDocstring(body) : undefined;
}

/** Swift writes its modifiers in one `modifiers` node; `private(set)` restricts the setter only. */
const MODIFIERS: ModifierShape = {
  container: 'modifiers',
  annotations: new Map([['attribute', (node: SyntaxNode) => [flatSignature(node.text).replace(/^@\s*/, '')]]]),
  skip: new Set(),
  keyword: (node) => (/\(\s*set\s*\)/.test(node.text) ? undefined : node.text.trim()),
};

function modifiersOf(node: SyntaxNode): Modifiers {
  return modifiersIn(node, MODIFIERS);
}

function header(node: SyntaxNode, until: SyntaxNode | null | undefined, mods: Modifiers, written?: string): string {
  const end = until ? until.endIndex : node.endIndex;
  const text = (written?.slice(node.startIndex, node.endIndex) ?? node.text).slice(Math.max(0, mods.start - node.startIndex), Math.max(0, end - node.startIndex));
  return flatSignature(text.replace(/\{[\s\S]*$/, ''));
}

function visibilityOf(mods: Modifiers): 'private' | 'public' | 'internal' {
  const k = mods.keywords;
  return k.has('private') || k.has('fileprivate') ? 'private' : k.has('public') || k.has('open') ? 'public' : 'internal';
}

const TYPE_PARAMETERS: TypeParameterShape = { listType: 'type_parameters', nameTypes: new Set(['type_identifier']) };

function typeParameterNames(node: SyntaxNode): string[] {
  return typeParametersIn(node, TYPE_PARAMETERS);
}

function declarationKind(node: SyntaxNode): string {
  if (node.type === 'protocol_declaration') return 'protocol';
  return node.childForFieldName('declaration_kind')?.type ?? node.children.find((c) => c && ['class', 'struct', 'enum', 'actor', 'extension'].includes(c.type))?.type ?? 'class';
}

export function visitType({ node, ctx, doc }: Visit, walk: SwiftWalk): void {
  const nameNode = nameOrDescend(node, ctx, walk);
  if (!nameNode) return;
  const body = node.childForFieldName('body');
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
      // `extension KF.Builder: Setter`: a nested type's conformance, found through its outer type.
      if (protocol) file.conformances.push({ type: chain, protocol, at: base, enclosing: null });
    }
    // Members of an extension are declared in the file (or the enclosing scope) and attached to the type.
    // `where Base: UIButton` (one constraint): what the members here require of the extended type's type parameter.
    const own = typeBoundsOf(node, { ...ctx, typeBounds: undefined });
    const where = own?.size === 1 && node.namedChildren.filter((c) => c?.type === 'type_constraints').length === 1
      && node.descendantsOfType('inheritance_constraint').length === 1 ? [...own.values()][0] : undefined;
    const inner: SwiftContext = {
      ...ctx, scope: ctx.scope.open('class'), extension: { kind: 'named', chain }, classId: null,
      typeVariables: withTypeVariables(ctx, typeParameterNames(node)), typeBounds: typeBoundsOf(node, ctx), extensionWhere: where,
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
    signature: header(node, body?.previousSibling, mods, ctx.file.writtenText),
    docstring: doc,
    visibility: visibilityOf(mods),
    isExported: (parent === null && visibilityOf(mods) !== 'private') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
    typeParameters,
  });
  // `extension Logger { struct Entry {} }`: a nested type of Logger (`Logger.Entry`), like the extension's other members.
  if (ctx.extension) file.builder.declarations[id].memberOf = ctx.extension;
  const info = file.classInfo(id);
  if (ctx.classId !== null && ctx.parentDecl === ctx.classId) file.classInfo(ctx.classId).nested.set(name, id);
  else if (parent !== null && !ctx.extension) file.bindLocal(ctx.scope, name, 'local-type', null, null, nameNode, id);
  const inner: SwiftContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, extension: null,
    typeVariables: withTypeVariables(ctx, typeParameters), typeBounds: typeBoundsOf(node, ctx),
  };
  // What an `extension` of this type in this file reads its type parameters as (file-state.ts `typeBound`).
  const own = typeParameters?.length ? typeBoundsOf(node, { ...ctx, typeBounds: undefined }) : undefined;
  const path = file.pathOf(id);
  if (own && own.size > 0 && path) file.typeBoundsByPath.set(path.join('.'), own);
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

/**
 * The text a case of `case a, b(Int) = …` declares: from its name (the first case from the entry's start, with its
 * `case` keyword and attributes) through its associated values or raw value.
 */
function caseSpan(entry: SyntaxNode, name: SyntaxNode): Located {
  const first = entry.childrenForFieldName('name').find((c) => c?.type === 'simple_identifier');
  let end: SyntaxNode = name;
  for (let next = name.nextSibling; next && next.type !== ',' && next.type !== 'simple_identifier'; next = next.nextSibling) {
    if (next.type !== 'comment' && next.type !== 'multiline_comment') end = next;
  }
  return { startPosition: first?.id === name.id ? entry.startPosition : name.startPosition, endPosition: end.endPosition };
}

export function visitEnumEntry({ node, ctx }: Visit, walk: SwiftWalk): void {
  for (const name of node.childrenForFieldName('name')) {
    if (name?.type === 'simple_identifier') {
      // ``case `operator`(…)``: the case is named `operator`, as `.operator(…)` calls it.
      const id = ctx.file.builder.declare('enum_member', name.text.replace(/^`|`$/g, ''), ctx.parentDecl, caseSpan(node, name), { signature: flatSignature(node.text), visibility: 'public', isStatic: true });
      // `case malformed(key: String)`: constructed like a function, its associated values labelled as parameters are.
      const values = name.nextNamedSibling?.type === 'enum_type_parameters' ? name.nextNamedSibling : null;
      if (values) {
        const declaration = ctx.file.builder.declarations[id];
        const parameters = associatedValues(values, ctx.typeVariables);
        declaration.parameterTypes = parameters.map((p) => p.written);
        if (parameters.some((p) => p.slot.type !== null)) declaration.parameterSlots = parameters.map((p) => p.slot);
        const optional = parameters.filter((p) => p.optional).length;
        if (optional > 0) declaration.requiredParameters = parameters.length - optional;
      }
    }
  }
  for (const child of node.namedChildren) if (child && child.type !== 'simple_identifier' && child.type !== 'enum_type_parameters') walk.push(child, ctx);
}

/** A case's associated values, each `label:Type` as parameters are written (`_` unlabelled), `=` where it has a default. */
function associatedValues(node: SyntaxNode, typeVariables: ReadonlySet<string>): Array<{ written: string; optional: boolean; slot: { label?: string; type: TypeRef | null } }> {
  const out: Array<{ written: string; optional: boolean; slot: { label?: string; type: TypeRef | null } }> = [];
  let names: string[] = [];
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === ',') names = [];
    else if (child.type === 'simple_identifier' || child.type === 'wildcard_pattern') names.push(child.text.replace(/^`|`$/g, ''));
    else if (child.type === '=' && out.length > 0) {
      const last = out[out.length - 1];
      last.optional = true;
      last.written = last.written.replace(/^([^:]*):/, '$1=:');
    } else if (isTypeNode(child)) {
      const label = names[0] ?? '_';
      out.push({ written: `${label}:${qualifiedSimpleType(child, typeVariables) ?? '?'}`, optional: false,
        slot: { ...(label === '_' ? {} : { label }), type: declaredType(child, typeVariables) } });
    }
  }
  return out;
}

/**
 * `<T: P>`, `where T: P`: each type parameter of `node` stated to conform to exactly one type (marker protocols aside),
 * with that type's chain (added to the bounds around; a name bound twice, or to a composition, is left out).
 */
export function typeBoundsOf(node: SyntaxNode, ctx: SwiftContext): ReadonlyMap<string, string[]> | undefined {
  const found = new Map<string, string[][]>();
  const add = (name: string | undefined, bound: SyntaxNode | null | undefined) => {
    if (!name) return;
    const chain = bound?.type === 'user_type' ? typeChain(bound) : null;
    found.set(name, [...(found.get(name) ?? []), ...(chain ? [chain] : [[]])]);
  };
  for (const list of node.namedChildren) {
    if (list?.type === 'type_parameters') {
      for (const parameter of list.namedChildren) {
        if (parameter?.type !== 'type_parameter') continue;
        const bound = parameter.namedChildren.find((c) => c?.type !== 'type_identifier' && c?.type !== 'type_parameter_modifiers');
        if (bound) add(parameter.namedChildren.find((c) => c?.type === 'type_identifier')?.text, bound);
      }
    } else if (list?.type === 'type_constraints') {
      for (const constraint of list.descendantsOfType('inheritance_constraint')) {
        const constrained = constraint?.childForFieldName('constrained_type');
        if (constrained && !constrained.text.includes('.')) add(constrained.text, constraint!.childForFieldName('name'));
      }
    }
  }
  if (found.size === 0) return ctx.typeBounds;
  const bounds = new Map(ctx.typeBounds ?? []);
  for (const [name, all] of found) {
    // `<T: P> … where T: Sendable`: a marker protocol declares no member, so P stays T's one bound.
    const chains = all.length > 1 ? all.filter((chain) => !CLOSURE_CONFORMS.has(chain.join('.'))) : all;
    if (chains.length === 1 && chains[0].length > 0) bounds.set(name, chains[0]);
    else bounds.delete(name);
  }
  return bounds;
}

/** The marker protocols a function type conforms to: a type parameter bound to one of them may take a closure. */
const CLOSURE_CONFORMS: ReadonlySet<string> = new Set(['Sendable', 'Copyable', 'Escapable', 'Swift.Sendable']);

/** Parameters of a function: the nodes, each with its external label, name, type and default. */
function parametersOf(node: SyntaxNode): Array<{ label: string; name: SyntaxNode | null; type: SyntaxNode | null; optional: boolean; variadic: boolean }> {
  const out: Array<{ label: string; name: SyntaxNode | null; type: SyntaxNode | null; optional: boolean; variadic: boolean }> = [];
  const children = node.children;
  children.forEach((child, index) => {
    if (child?.type !== 'parameter') return;
    const external = child.childForFieldName('external_name');
    const name = child.namedChildren.find((c) => c?.type === 'simple_identifier' && c.id !== external?.id) ?? null;
    let type = child.namedChildren.find((c) => isTypeNode(c)) ?? null;
    // `@autoclosure () -> T`: the argument written is an expression of type T.
    const autoclosure = child.namedChildren.some((c) => c?.type === 'parameter_modifiers' && c.text.includes('@autoclosure'));
    if (autoclosure && type?.type === 'function_type') type = type.childForFieldName('name') ?? type.namedChildren.find((c) => c?.type !== 'tuple_type' && isTypeNode(c)) ?? null;
    // A default value follows the parameter as a sibling (`= value`).
    let optional = false;
    for (let next = index + 1; next < children.length; next++) {
      const sibling = children[next];
      if (!sibling || sibling.type === ',' || sibling.type === ')' || sibling.type === 'parameter') break;
      // `= #_sourceLocation`: a default the grammar does not know, parsed as an error after the parameter.
      if (sibling.type === '=' || (sibling.type === 'ERROR' && sibling.text.trimStart().startsWith('='))) optional = true;
    }
    out.push({ label: external ? external.text : name?.text ?? '_', name, type, optional, variadic: child.children.some((c) => c?.type === '...') });
  });
  return out;
}

export function visitFunction({ node, ctx, doc }: Visit, walk: SwiftWalk): void {
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
    signature: header(node, body?.previousSibling ?? null, mods, ctx.file.writtenText),
    docstring: doc,
    visibility: visibilityOf(mods),
    isStatic: (mods.keywords.has('static') || mods.keywords.has('class') || bareClassKeyword(node)) || undefined,
    isAsync: node.children.some((c) => c?.type === 'async') || undefined,
    isAbstract: node.type === 'protocol_function_declaration' || undefined,
    isExported: (ctx.parentDecl === null && !ctx.extension && visibilityOf(mods) !== 'private') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
    typeParameters,
  });
  const declaration = file.builder.declarations[id];
  // `label=:Type` for a parameter with a default value: a call may skip it (name-binding.ts).
  // A qualified type keeps its qualifier (`UIControl.Event`): its simple name may be another type's of the workspace.
  // `label...:Type` for a variadic parameter, which takes the unlabelled arguments after its own (name-binding.ts).
  // `codes: S` with `<S: Sequence>`: `some Sequence`, a value of a type conforming to it — never a closure (name-binding.ts).
  const ownBounds = typeBoundsOf(node, { ...ctx, typeBounds: undefined });
  const typeOf = (type: SyntaxNode | null): string => {
    const simple = qualifiedSimpleType(type, typeVariables) ?? '?';
    const bound = simple === '*' ? ownBounds?.get(typeChain(type)?.join('.') ?? '') : undefined;
    return bound && !CLOSURE_CONFORMS.has(bound.join('.')) ? `some ${bound.join('.')}` : simple;
  };
  declaration.parameterTypes = parameters.map((p) => `${p.label}${p.variadic ? '...' : ''}${p.optional ? '=' : ''}:${typeOf(p.type)}`);
  // `func task<T>(for id: ID, as type: T.Type) -> T?`: the call's one metatype argument (`as: Upload.self`) is T (calls.ts).
  const metatypes = parameters.filter((p) => /\.Type$/.test(p.type?.text ?? '') || p.type?.type === 'metatype');
  const returnedChain = typeChain(returnNode?.type === 'optional_type' ? returnNode.childForFieldName('wrapped') ?? returnNode.namedChildren[0] : returnNode);
  if (typeParameters?.length === 1 && returnedChain?.length === 1 && returnedChain[0] === typeParameters[0] && metatypes.length === 1
    && !metatypes[0].optional && metatypes[0].type?.text === `${typeParameters[0]}.Type`) declaration.returnsTypeParameter = 0;
  const optional = parameters.filter((p) => p.optional).length;
  if (optional > 0) declaration.requiredParameters = parameters.length - optional;
  if (parameters.some((p) => p.variadic)) declaration.variadic = true;
  // What an implicit member argument (`f(.collected(x))`) is a member of: the type its parameter states.
  const slots = parameters.map((p) => ({ ...(p.label === '_' ? {} : { label: p.label }), type: declaredType(p.type, typeVariables) }));
  if (slots.some((slot) => slot.type !== null)) declaration.parameterSlots = slots;
  const callbacks = parameters.map((p) => callbackTypes(p.type, typeVariables));
  if (callbacks.some((c) => c !== null)) declaration.callbackParameters = callbacks;
  // Swift ranks such an overload below every other that applies.
  if (mods.decorators.some((d) => d.startsWith('_disfavoredOverload'))) declaration.rankedLast = true;
  if (ctx.extension) declaration.memberOf = ctx.extension;
  if (ctx.extension && ctx.extensionWhere) declaration.memberWhere = ctx.extensionWhere;
  if (owner !== null) file.classInfo(owner).methods.add(name);
  if (local) file.bindLocal(ctx.scope, name, 'local-function', null, null, undefined, id);
  // `-> Self`: the type the method was called on (a chain of `Self`-returning modifiers keeps its receiver's type).
  const returnsSelf = typeChain(returnNode)?.join('.') === 'Self';
  if (!isInit) file.facts.stateType(id, 'returnType', returnsSelf ? { kind: 'self' } : declaredType(returnNode, typeVariables), ctx.scope);
  const scope = ctx.scope.open('method');
  const inner: SwiftContext = { ...ctx, scope, parentDecl: id, enclosing: id, typeVariables, extension: null, typeBounds: typeBoundsOf(node, ctx) };
  for (const p of parameters) bindParameter(inner, p);
  // Default values are evaluated where the function is declared.
  for (const child of node.namedChildren) {
    if (child && child.id !== body?.id && !['parameter', 'simple_identifier', 'modifiers', 'type_parameters', 'type_constraints'].includes(child.type) && !isTypeNode(child)) walk.push(child, ctx);
  }
  walk.push(body, inner);
}

/**
 * `public class func f()` as a type body's first member: the grammar leaves `class` out of the modifiers, a token of
 * the declaration itself (elsewhere it is a modifier).
 */
function bareClassKeyword(node: SyntaxNode): boolean {
  return node.children.some((child) => child?.type === 'class' && !child.isNamed);
}

/** A parameter's type as overload selection writes it: its simple name, with the qualifier a nested type is written with. */
function qualifiedSimpleType(node: SyntaxNode | null, typeVariables: ReadonlySet<string>): string | null {
  const simple = simpleType(node, typeVariables);
  if (!simple || simple === 'Array' || simple === 'Dictionary' || simple === '*') return simple;
  const unwrapped = node?.type === 'optional_type' ? node.childForFieldName('wrapped') ?? node.namedChildren[0] : node;
  const chain = typeChain(unwrapped);
  return chain && chain.length > 1 ? chain.join('.') : simple;
}

export function bindParameters(node: SyntaxNode, ctx: SwiftContext): void {
  for (const p of parametersOf(node)) bindParameter(ctx, p);
}

/** A parameter in its function's body; a variadic one (`_ path: PathComponent...`) holds an array of its type there. */
function bindParameter(ctx: SwiftContext, p: { name: SyntaxNode | null; type: SyntaxNode | null; variadic: boolean }): void {
  if (!p.name) return;
  if (!p.variadic) {
    bindTyped(ctx, p.name, p.type, 'parameter');
    return;
  }
  const element = declaredType(p.type, ctx.typeVariables);
  ctx.file.bindLocal(ctx.scope, p.name.text.replace(/^`|`$/g, ''), 'parameter', { kind: 'collection', ...(element ? { element } : {}), named: ['Array'] }, 'Array');
}

export function visitProperty({ node, ctx, doc }: Visit, walk: SwiftWalk): void {
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
    signature: header(node, typeNode ?? nameNode, mods, ctx.file.writtenText),
    docstring: doc,
    visibility: visibilityOf(mods),
    isStatic: (mods.keywords.has('static') || mods.keywords.has('class') || bareClassKeyword(node)) || undefined,
    isExported: (ctx.parentDecl === null && !ctx.extension && visibilityOf(mods) !== 'private') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  });
  if (ctx.extension) ctx.file.builder.declarations[id].memberOf = ctx.extension;
  if (ctx.extension && ctx.extensionWhere) ctx.file.builder.declarations[id].memberWhere = ctx.extensionWhere;
  // A property holding a closure is called like a method, unlabelled: beside a same-named method it is one of the
  // candidates overload selection weighs (and, chosen, no method is called: the property is read).
  const closure = member ? closureParameters(typeNode, ctx) : null;
  if (closure) ctx.file.builder.declarations[id].parameterTypes = closure;
  ctx.file.facts.stateType(id, 'valueType', stated, ctx.scope);
  if (member && ctx.classId !== null) ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, { type: stated, simple: simple === '*' ? null : simple });
  // A getter's `let x = …` is a local of the property (in an extension's too, whose members have no parent declaration).
  const inner: SwiftContext = { ...ctx, scope: ctx.scope.open('method'), enclosing: id, extension: null, parentDecl: id };
  for (const child of rest) walk.push(child, inner);
}
