/** Rust's items: functions and methods with their parameters, structs, enums, traits and their `impl`s, type aliases, constants and statics, `macro_rules!`. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { type RustContext, type RustWalk, attributesOf, docCommentOf, signatureOf, visibilityOf } from './file-state.js';
import { optInCondition } from './cfg.js';
import { genericsOf, pathChain, statedType, valueType, type Generics } from './type-expressions.js';
import { bindParameters } from './locals.js';
import { typeParameterNames, typeParameterNamesIn, type TypeParameterShape } from '../../extraction/core/type-parameters.js';

function hasSelfParameter(parameters: SyntaxNode | null): boolean {
  return parameters?.namedChildren.some((c) => c?.type === 'self_parameter') ?? false;
}

function isTraitBody(ctx: RustContext): boolean {
  return ctx.parentDecl !== null && ctx.file.builder.declarations[ctx.parentDecl].kind === 'trait';
}

export function visitFunction(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.push(body, ctx);
    return;
  }
  const name = nameNode.text;
  const file = ctx.file;
  const parameters = node.childForFieldName('parameters');
  const generics = genericsOf(node.childForFieldName('type_parameters'), node.namedChildren.find((c) => c?.type === 'where_clause') ?? null, ctx.generics);
  ctx = { ...ctx, generics };
  const inTrait = !ctx.impl && isTraitBody(ctx);
  const isMethod = Boolean(ctx.impl) || inTrait;
  const modifiers = node.namedChildren.find((c) => c?.type === 'function_modifiers');
  const id = file.builder.declare(isMethod ? 'method' : 'function', name, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    ...visibilityOf(node),
    isAsync: modifiers?.children.some((c) => c?.type === 'async') || undefined,
    isStatic: (isMethod && !hasSelfParameter(parameters)) || undefined,
    isAbstract: (inTrait && !body) || undefined,
    typeParameters: typeParameterNames(node, TYPE_PARAMETERS),
    memberOf: ctx.impl ? { kind: 'named', chain: ctx.impl.type } : undefined,
  });
  // `#[cfg(loom)]`: a twin for a build that opts in.
  const variant = optInCondition(file.builder.declarations[id].decorators ?? []);
  if (variant !== undefined) file.builder.declarations[id].buildVariant = variant;
  if (isMethod) {
    // Its arity: of several same-named members of a type (impls of two traits, `cfg` variants), a
    // call `x.m(a)` / `T::f(a)` means the one taking that many arguments, else none is picked. A
    // method with `self` takes one more when called by path (`T::m(&x, a)`): both counts fit it.
    const declaration = file.builder.declarations[id];
    const count = (parameters?.namedChildren ?? []).filter((c) => c !== null && c.type !== 'self_parameter' && c.type !== 'attribute_item' && c.type !== 'line_comment' && c.type !== 'block_comment').length;
    const withSelf = hasSelfParameter(parameters);
    declaration.parameterTypes = Array<string>(count + (withSelf ? 1 : 0)).fill('?');
    if (withSelf) declaration.requiredParameters = count;
  }
  if (ctx.impl) {
    const declaration = file.builder.declarations[id];
    const owner = ctx.impl.type[ctx.impl.type.length - 1];
    declaration.qualifiedName = ctx.parentDecl === null ? `${owner}::${name}` : `${file.builder.declarations[ctx.parentDecl].qualifiedName}::${owner}::${name}`;
  }
  // A `fn` inside a function body is a local item of that block, visible in all of it.
  if (!ctx.scope.fileLevel && !isMethod) ctx.scope.bind(name, 'item', id);
  file.facts.stateType(id, 'returnType', statedType(node.childForFieldName('return_type'), ctx.self, ctx.generics), ctx.scope);
  if (!body) return;
  const scope = ctx.scope.open('function');
  bindParameters(parameters, scope, ctx);
  walk.push(body, { ...ctx, scope, parentDecl: id, enclosing: id, impl: undefined });
}

/** `<T, 'a, const N: usize>`: a `type_parameter` entry names T in its `name` field (an older tree writes the bare name). */
const TYPE_PARAMETERS: TypeParameterShape = { listField: 'type_parameters', entries: new Set(['type_parameter']), nameField: 'name', nameEntries: new Set(['type_identifier']) };

export function visitStruct(node: SyntaxNode, ctx: RustContext): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const body = node.childForFieldName('body');
  const file = ctx.file;
  const id = file.builder.declare('struct', name.text, ctx.parentDecl, node, itemDetails(node, body));
  bindLocalItem(name.text, id, ctx);
  const generics = genericsOf(node.childForFieldName('type_parameters'), node.namedChildren.find((c) => c?.type === 'where_clause') ?? null, ctx.generics);
  if (body?.type === 'field_declaration_list') declareFields(body, id, [name.text], { ...ctx, generics });
  if (body?.type === 'field_declaration_list' && ctx.parentDecl === null) recordGenericFields(name.text, node, body, ctx);
}

/** `struct S<R> { read: R, inner: &'a R }`: the fields typed by a type parameter, for the impls of S in this file. */
function recordGenericFields(name: string, node: SyntaxNode, body: SyntaxNode, ctx: RustContext): void {
  const list = node.childForFieldName('type_parameters');
  // Const parameters take a place among the impl's arguments: the positions would not line up.
  if (!list || list.namedChildren.some((c) => c?.type === 'const_parameter')) return;
  const parameters = typeParameterNamesIn(list, TYPE_PARAMETERS);
  const fields = new Map<string, string>();
  for (const field of body.namedChildren) {
    if (field?.type !== 'field_declaration') continue;
    let type = field.childForFieldName('type');
    while (type?.type === 'reference_type') type = type.childForFieldName('type');
    const fieldName = field.childForFieldName('name')?.text;
    if (fieldName && type?.type === 'type_identifier' && parameters.includes(type.text)) fields.set(fieldName, type.text);
  }
  if (fields.size > 0) ctx.file.genericStructs.set(name, { parameters, fields });
}

/** In `impl<R: Read> S<R>` (or `impl S<StrRead>`) of a struct of this file: its parameter-typed fields' types there. */
function implFieldTypes(typeNode: SyntaxNode | null, self: string[], generics: Generics, ctx: RustContext): ReadonlyMap<string, TypeRef> | undefined {
  if (typeNode?.type !== 'generic_type' || self.length !== 1) return undefined;
  const struct = ctx.file.genericStructs.get(self[0]);
  const args = (typeNode.childForFieldName('type_arguments')?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null && c.type !== 'lifetime' && c.type !== 'line_comment' && c.type !== 'block_comment');
  if (!struct || args.length !== struct.parameters.length) return undefined;
  const out = new Map<string, TypeRef>();
  for (const [field, parameter] of struct.fields) {
    const type = statedType(args[struct.parameters.indexOf(parameter)], self, generics);
    if (type) out.set(field, type);
  }
  return out.size > 0 ? out : undefined;
}

/** What a struct, enum, trait or type alias item states about itself: signature, docs, attributes, visibility, type parameters. */
function itemDetails(node: SyntaxNode, body: SyntaxNode | null) {
  return {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    ...visibilityOf(node),
    typeParameters: typeParameterNames(node, TYPE_PARAMETERS),
  };
}

/** A type declared inside a function body is a local item of that block, visible in all of it (as a local `fn`). */
function bindLocalItem(name: string, id: number, ctx: RustContext): void {
  if (!ctx.scope.fileLevel) ctx.scope.bind(name, 'item', id);
}

function declareFields(list: SyntaxNode, owner: number, self: string[], ctx: RustContext): void {
  for (const field of list.namedChildren) {
    if (field?.type !== 'field_declaration') continue;
    const name = field.childForFieldName('name');
    if (!name) continue;
    const id = ctx.file.builder.declare('field', name.text, owner, field, {
      signature: field.text.replace(/\s+/g, ' '),
      docstring: docCommentOf(field),
      ...visibilityOf(field),
    });
    ctx.file.facts.stateType(id, 'valueType', statedType(field.childForFieldName('type'), self, ctx.generics), ctx.scope);
  }
}

export function visitEnum(node: SyntaxNode, ctx: RustContext): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const body = node.childForFieldName('body');
  const id = ctx.file.builder.declare('enum', name.text, ctx.parentDecl, node, itemDetails(node, body));
  bindLocalItem(name.text, id, ctx);
  for (const variant of body?.namedChildren ?? []) {
    if (variant?.type !== 'enum_variant') continue;
    const variantName = variant.childForFieldName('name');
    if (variantName) ctx.file.builder.declare('enum_member', variantName.text, id, variant, { signature: variant.text.replace(/\s+/g, ' ').slice(0, 200), docstring: docCommentOf(variant) });
  }
}

export function visitTrait(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const body = node.childForFieldName('body');
  const id = ctx.file.builder.declare('trait', name.text, ctx.parentDecl, node, itemDetails(node, body));
  bindLocalItem(name.text, id, ctx);
  // `trait A: B + fmt::Debug`: supertraits, whose methods A's values have.
  for (const bound of node.childForFieldName('bounds')?.namedChildren ?? []) {
    const chain = bound ? pathChain(bound) : null;
    if (!chain || !bound) continue;
    const site = ctx.file.facts.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, id, bound, ctx.scope);
    site.space = 'type';
  }
  const generics = genericsOf(node.childForFieldName('type_parameters'), node.namedChildren.find((c) => c?.type === 'where_clause') ?? null, ctx.generics);
  walk.push(body, { ...ctx, parentDecl: id, impl: undefined, self: 'self', generics, selfFields: undefined });
}

export function visitImpl(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  // `impl Tr for &T` / `&mut T`: a value of T reaches these methods by auto-ref, and `self` in them is
  // a reference to T: they join T's members (a name T has twice is ambiguous, never picked).
  let typeNode = node.childForFieldName('type');
  while (typeNode?.type === 'reference_type' || typeNode?.type === 'pointer_type') typeNode = typeNode.childForFieldName('type');
  const type = pathChain(typeNode);
  const body = node.childForFieldName('body');
  if (!type || type[0] === 'crate' || type[0] === 'self' || type[0] === 'super') {
    // `impl<T> Tr for T`, a path the module tree must settle: its functions are no one's members.
    walk.push(body, { ...ctx, impl: undefined, self: undefined, selfFields: undefined });
    return;
  }
  const traitNode = node.childForFieldName('trait');
  const trait = traitNode ? pathChain(traitNode) : null;
  if (trait && traitNode) ctx.file.impls.push({ type, trait, at: traitNode, parent: ctx.parentDecl });
  // A generic impl's type parameter (`impl<T: Tr> Tr for T`) names no type of the workspace.
  const generic = typeParameterNames(node, TYPE_PARAMETERS);
  if (type.length === 1 && generic.includes(type[0])) {
    walk.push(body, { ...ctx, impl: undefined, self: undefined, selfFields: undefined });
    return;
  }
  const bounded = genericsOf(node.childForFieldName('type_parameters'), node.namedChildren.find((c) => c?.type === 'where_clause') ?? null, ctx.generics);
  const selfFields = implFieldTypes(typeNode, type, bounded, ctx);
  walk.push(body, { ...ctx, impl: { type, ...(trait ? { trait } : {}) }, self: type, generics: bounded, selfFields });
}

export function visitTypeItem(node: SyntaxNode, ctx: RustContext): void {
  const name = node.childForFieldName('name');
  // An associated type of an impl or a trait (`type Item = T;`) is no item of the module.
  if (!name || ctx.impl || isTraitBody(ctx)) return;
  // `type ServerBuilder = conn::http1::Builder;` (no parameters of its own): another name for that type, so
  // `ServerBuilder::new()` is `Builder::new()`.
  const aliased = node.childForFieldName('type_parameters') ? null : pathChain(node.childForFieldName('type'));
  ctx.file.builder.declare('type_alias', name.text, ctx.parentDecl, node, { ...itemDetails(node, null), ...(aliased ? { aliasOf: aliased } : {}) });
}

export function visitValueItem(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const name = node.childForFieldName('name');
  const value = node.childForFieldName('value');
  walk.push(value, ctx);
  if (!name) return;
  const inTrait = !ctx.impl && isTraitBody(ctx);
  const id = ctx.file.builder.declare(node.type === 'const_item' ? 'constant' : 'variable', name.text, ctx.parentDecl, node, {
    signature: signatureOf(node, value),
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    ...visibilityOf(node),
    isStatic: (Boolean(ctx.impl) || inTrait) || undefined,
    memberOf: ctx.impl ? { kind: 'named', chain: ctx.impl.type } : undefined,
  });
  if (ctx.impl) {
    const owner = ctx.impl.type[ctx.impl.type.length - 1];
    const declaration = ctx.file.builder.declarations[id];
    declaration.qualifiedName = ctx.parentDecl === null ? `${owner}::${name.text}` : `${ctx.file.builder.declarations[ctx.parentDecl].qualifiedName}::${owner}::${name.text}`;
  }
  // A const inside a function is a local name too.
  if (!ctx.scope.fileLevel && !ctx.impl) ctx.scope.bind(name.text, 'item', undefined, undefined);
  ctx.file.facts.stateType(id, 'valueType', statedType(node.childForFieldName('type'), ctx.self, ctx.generics) ?? valueType(value, ctx.self), ctx.scope);
}

export function visitMacroDefinition(node: SyntaxNode, ctx: RustContext): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const exported = attributesOf(node).some((a) => a.startsWith('macro_export'));
  const id = ctx.file.builder.declare('function', `${name.text}!`, ctx.parentDecl, node, {
    signature: `macro_rules! ${name.text}`,
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    visibility: exported ? 'public' : 'internal',
    isExported: exported || undefined,
  });
  // A macro defined in a function body is a local name of that block.
  if (!ctx.scope.fileLevel) ctx.scope.bind(`${name.text}!`, 'item', id);
}

// ---------------------------------------------------------------------------------------------
// Local bindings.
