/**
 * What Rust's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * Decisions:
 *  - A function of an `impl T` / `impl Tr for T` block is a `method` declared where it is written
 *    (`parent`: the module around the impl) with `memberOf` naming T, so it joins T's members in
 *    whichever file of the crate T lives; its qualified name is `T::name`. A function without a
 *    `self` parameter is `isStatic` (an associated function). A trait's functions are its members
 *    (`isAbstract` when they have no body: the default methods have one).
 *  - `struct`/`union` are `struct` (named fields are `field`s with their stated types), `enum` is
 *    `enum` with `enum_member`s, `trait` is `trait` (its supertraits `extends` sites), `type` is
 *    `type_alias`, `const` is `constant`, `static` is `variable`, an inline `mod m { … }` is a
 *    `module`. `macro_rules! m` is a `function` named `m!`: a macro lives in a namespace of its
 *    own, so only a `m!(…)` call can land on it, and it never shadows a function `m`.
 *  - `mod a;` binds `a` to the file of that module, as an import (`self::a`); `use` paths become
 *    imports whose specifier is the path without its last name (`use crate::a::b::{c as d, e::*}` →
 *    `crate::a::b` binding `d` to `c`, and the glob `crate::a::b::e`). Inside an inline module a
 *    leading `super` names the file's module.
 *  - Sites: `f()`, `a::b::f()`, `T::new()`, `Self::f()`, `crate::a::f()`, `x.m()`, `x.a.m()`,
 *    `f().m()`; `name!(…)` (as `name!`); `T { … }` (`instantiates`). A macro's `(…)`/`[…]` arguments
 *    are tokens to the grammar: the extractor parses them again as an expression after the walk.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ImportBinding, TypeRef } from '../../model/extraction.js';
import type { BoundValue, SourcePosition } from '../../extraction/core/scopes.js';
import { handledNode, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { attributesOf, docCommentOf, signatureOf, visibilityOf, type RustContext } from './file-state.js';
import { optInCondition } from './cfg.js';
import { calledFunction, genericsOf, iterated, ITERATES, pathChain, statedType, valueChain, valueType, type Generics } from './type-expressions.js';

type RustWalk = Walk<RustContext>;
type Rule = NodeRule<RustContext>;

const LEAF_TYPES = [
  'identifier', 'field_identifier', 'type_identifier', 'primitive_type', 'shorthand_field_identifier', 'self', 'super', 'crate',
  'string_literal', 'raw_string_literal', 'char_literal', 'integer_literal', 'float_literal', 'boolean_literal',
  'line_comment', 'block_comment', 'attribute_item', 'inner_attribute_item', 'lifetime', 'label',
  'type_arguments', 'type_parameters', 'where_clause', 'trait_bounds', 'visibility_modifier', 'function_modifiers',
  'reference_type', 'pointer_type', 'generic_type', 'scoped_type_identifier', 'array_type', 'tuple_type', 'function_type',
  'dynamic_type', 'abstract_type', 'bounded_type', 'never_type', 'unit_type',
];

/** A hook that handles the node itself; its children are walked only where it pushes them. */
const handled = handledNode<RustContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const RUST_SYNTAX: SyntaxRules<RustContext> = {
  opaque: LEAF_TYPES,
  patternNames,
  nodes: {
    // Items.
    use_declaration: handled(visitUse),
    extern_crate_declaration: handled(visitExternCrate),
    mod_item: handled(visitMod),
    function_item: handled(visitFunction),
    function_signature_item: handled(visitFunction),
    struct_item: handled(visitStruct),
    union_item: handled(visitStruct),
    enum_item: handled(visitEnum),
    trait_item: handled(visitTrait),
    impl_item: handled(visitImpl),
    type_item: handled(visitTypeItem),
    const_item: handled(visitValueItem),
    static_item: handled(visitValueItem),
    macro_definition: handled(visitMacroDefinition),

    // Scopes and local bindings.
    block,
    if_expression: block,
    while_expression: block,
    match_arm: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        visitMatchArm(node, ctx);
        return true;
      },
    },
    let_condition: handled(visitLetCondition),
    let_declaration: handled(visitLet),
    for_expression: handled(visitFor),
    closure_expression: handled(visitClosure),

    // Sites.
    call_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    macro_invocation: handled(visitMacroCall),
    struct_expression: { visit: ({ node, ctx }) => visitStructExpression(node, ctx) },
  },
};

/** The names a pattern binds: `x`, `mut x`, `ref x`, `(a, b)`, `S { a, b: c }`, `T(x)`, `x @ ..`, `a | b`. */
function patternNames(pattern: SyntaxNode): string[] {
  const out: string[] = [];
  const visit = (node: SyntaxNode | null) => {
    if (!node) return;
    switch (node.type) {
      case 'identifier':
        // A capitalised name alone is a unit struct or variant being matched (`None`), not a binding.
        if (!/^[A-Z]/.test(node.text)) out.push(node.text);
        return;
      case 'shorthand_field_identifier':
        out.push(node.text);
        return;
      case 'tuple_struct_pattern':
        for (const child of node.namedChildren) if (child && child.id !== node.childForFieldName('type')?.id) visit(child);
        return;
      case 'struct_pattern':
        for (const child of node.namedChildren) if (child?.type === 'field_pattern') visit(child.childForFieldName('pattern') ?? child.childForFieldName('name'));
        return;
      case 'field_pattern':
        visit(node.childForFieldName('pattern') ?? node.childForFieldName('name'));
        return;
      case 'scoped_identifier':
      case 'range_pattern':
      case 'string_literal':
      case 'integer_literal':
      case 'char_literal':
      case 'boolean_literal':
        return;
      default:
        for (const child of node.namedChildren) visit(child);
    }
  };
  visit(pattern);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Imports.

/** One leaf of a `use` tree: the full path, the local name (undefined: a glob). */
interface UseLeaf {
  path: string[];
  local?: string;
  glob?: boolean;
}

function useLeaves(node: SyntaxNode | null, prefix: string[], out: UseLeaf[]): void {
  if (!node) return;
  switch (node.type) {
    case 'identifier':
    case 'self':
    case 'super':
    case 'crate':
    case 'scoped_identifier': {
      const chain = pathChain(node);
      if (!chain) return;
      // `use a::{self}`: the module `a` itself.
      if (chain.length === 1 && chain[0] === 'self' && prefix.length > 0) out.push({ path: prefix, local: prefix[prefix.length - 1] });
      else out.push({ path: [...prefix, ...chain], local: chain[chain.length - 1] });
      return;
    }
    case 'use_as_clause': {
      const chain = pathChain(node.childForFieldName('path'));
      const alias = node.childForFieldName('alias');
      if (!chain || !alias) return;
      const path = chain.length === 1 && chain[0] === 'self' && prefix.length > 0 ? prefix : [...prefix, ...chain];
      out.push({ path, local: alias.text });
      return;
    }
    case 'use_wildcard': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      const chain = inner ? pathChain(inner) : [];
      if (chain) out.push({ path: [...prefix, ...chain], glob: true });
      return;
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const chain = path ? pathChain(path) : [];
      if (!chain) return;
      useLeaves(node.childForFieldName('list'), [...prefix, ...chain], out);
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) useLeaves(child, prefix, out);
      return;
    default:
  }
}

/** A path as written inside inline modules, as seen from the file's module: `super::x` in `mod tests` is `self::x`. */
function fromFileModule(path: string[], ctx: RustContext): string[] {
  const depth = ctx.inlineModules.length;
  if (depth === 0) return path;
  let supers = 0;
  while (path[supers] === 'super') supers++;
  if (supers > 0) {
    // Each `super` leaves one inline module; past the last one it leaves the file's module.
    if (supers <= depth) return ['self', ...ctx.inlineModules.slice(0, depth - supers), ...path.slice(supers)];
    return [...Array<string>(supers - depth).fill('super'), ...path.slice(supers)];
  }
  if (path[0] === 'self') return ['self', ...ctx.inlineModules, ...path.slice(1)];
  return path;
}

function visitUse(node: SyntaxNode, ctx: RustContext): void {
  const leaves: UseLeaf[] = [];
  useLeaves(node.childForFieldName('argument'), [], leaves);
  const signature = signatureOf(node, null);
  // One import per specifier: `use a::{b, c}` binds two names of one module.
  const bySpecifier = new Map<string, ImportBinding[]>();
  for (const leaf of leaves) {
    const path = fromFileModule(leaf.path, ctx);
    if (path.length === 0) continue;
    if (leaf.glob) {
      const specifier = path.join('::');
      bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), { local: '*', imported: '*' }]);
      continue;
    }
    if (!leaf.local || leaf.local === 'self' || leaf.local === 'super' || leaf.local === 'crate') continue;
    const single = path.length === 1;
    const specifier = single ? path[0] : path.slice(0, -1).join('::');
    const binding: ImportBinding = { local: leaf.local, imported: single ? '*' : path[path.length - 1] };
    if (leaf.local === '_') continue; // `use Trait as _`: brings the trait's methods, binds no name
    bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), binding]);
  }
  for (const [specifier, bindings] of bySpecifier) ctx.file.builder.addImport(specifier, ctx.parentDecl, node, signature, bindings);
}

function visitExternCrate(node: SyntaxNode, ctx: RustContext): void {
  const name = node.childForFieldName('name');
  if (!name || name.text === 'self') return;
  const alias = node.childForFieldName('alias');
  ctx.file.builder.addImport(name.text, ctx.parentDecl, node, signatureOf(node, null), [{ local: (alias ?? name).text, imported: '*' }]);
}

function visitMod(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const body = node.childForFieldName('body');
  ctx.file.module.submodule(name.text, { inline: body !== null, macroUse: body === null && attributesOf(node).includes('macro_use') });
  if (!body) {
    // `mod a;`: the file `a.rs` / `a/mod.rs`, bound to `a` here.
    const specifier = fromFileModule(['self', name.text], ctx).join('::');
    ctx.file.builder.addImport(specifier, ctx.parentDecl, node, signatureOf(node, null), [{ local: name.text, imported: '*' }]);
    return;
  }
  const id = ctx.file.builder.declare('module', name.text, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    ...visibilityOf(node),
  });
  // Its item-level sites (a macro call among the items) are the module's; names in it are looked up there first.
  const enclosing = ctx.enclosing ?? id;
  walk.push(body, { ...ctx, parentDecl: id, enclosing, impl: undefined, self: undefined, selfFields: undefined, inlineModules: [...ctx.inlineModules, name.text] });
}

// ---------------------------------------------------------------------------------------------
// Items.

function hasSelfParameter(parameters: SyntaxNode | null): boolean {
  return parameters?.namedChildren.some((c) => c?.type === 'self_parameter') ?? false;
}

function isTraitBody(ctx: RustContext): boolean {
  return ctx.parentDecl !== null && ctx.file.builder.declarations[ctx.parentDecl].kind === 'trait';
}

function visitFunction(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
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
    typeParameters: typeParameterNames(node.childForFieldName('type_parameters')),
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

function typeParameterNames(list: SyntaxNode | null): string[] {
  const out: string[] = [];
  for (const child of list?.namedChildren ?? []) {
    const name = child?.type === 'type_parameter' ? child.childForFieldName('name') : child?.type === 'type_identifier' ? child : null;
    if (name) out.push(name.text);
  }
  return out;
}

/**
 * `bindParameters`' `element`: the type of a closure's one untyped parameter `|x|` / `|&x|`, when
 * the closure is what an iterator adapter or an Option / Result combinator hands an element to.
 */
function bindParameters(list: SyntaxNode | null, scope: RustContext['scope'], ctx: RustContext, element: TypeRef | null = null): void {
  const patterns = (list?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment' && c.type !== 'attribute_item');
  for (const parameter of list?.namedChildren ?? []) {
    if (parameter?.type !== 'parameter') {
      // Closure parameters without a type: `|a, b|`.
      if (parameter && parameter.type !== 'self_parameter' && parameter.type !== 'comment' && parameter.type !== 'attribute_item') {
        const inner = parameter.type === 'reference_pattern' ? parameter.namedChildren.find((c) => c !== null) ?? null : parameter;
        const typed = element !== null && patterns.length === 1 && inner?.type === 'identifier';
        for (const name of patternNames(parameter)) scope.bind(name, 'parameter', undefined, { type: typed ? element : null, scope: typed ? ctx.scope : scope });
      }
      continue;
    }
    const pattern = parameter.childForFieldName('pattern');
    if (!pattern) continue;
    const names = patternNames(pattern);
    const type = pattern.type === 'identifier' || pattern.type === 'mut_pattern' ? statedType(parameter.childForFieldName('type'), ctx.self, ctx.generics) : null;
    for (const name of names) scope.bind(name, 'parameter', undefined, { type: names.length === 1 ? type : null, scope: ctx.scope });
  }
}

function visitStruct(node: SyntaxNode, ctx: RustContext): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const body = node.childForFieldName('body');
  const file = ctx.file;
  const id = file.builder.declare('struct', name.text, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    ...visibilityOf(node),
    typeParameters: typeParameterNames(node.childForFieldName('type_parameters')),
  });
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
  const parameters = typeParameterNames(list);
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

function visitEnum(node: SyntaxNode, ctx: RustContext): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const body = node.childForFieldName('body');
  const id = ctx.file.builder.declare('enum', name.text, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    ...visibilityOf(node),
    typeParameters: typeParameterNames(node.childForFieldName('type_parameters')),
  });
  bindLocalItem(name.text, id, ctx);
  for (const variant of body?.namedChildren ?? []) {
    if (variant?.type !== 'enum_variant') continue;
    const variantName = variant.childForFieldName('name');
    if (variantName) ctx.file.builder.declare('enum_member', variantName.text, id, variant, { signature: variant.text.replace(/\s+/g, ' ').slice(0, 200), docstring: docCommentOf(variant) });
  }
}

function visitTrait(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const body = node.childForFieldName('body');
  const id = ctx.file.builder.declare('trait', name.text, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    ...visibilityOf(node),
    typeParameters: typeParameterNames(node.childForFieldName('type_parameters')),
  });
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

function visitImpl(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
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
  const generic = typeParameterNames(node.childForFieldName('type_parameters'));
  if (type.length === 1 && generic.includes(type[0])) {
    walk.push(body, { ...ctx, impl: undefined, self: undefined, selfFields: undefined });
    return;
  }
  const bounded = genericsOf(node.childForFieldName('type_parameters'), node.namedChildren.find((c) => c?.type === 'where_clause') ?? null, ctx.generics);
  const selfFields = implFieldTypes(typeNode, type, bounded, ctx);
  walk.push(body, { ...ctx, impl: { type, ...(trait ? { trait } : {}) }, self: type, generics: bounded, selfFields });
}

function visitTypeItem(node: SyntaxNode, ctx: RustContext): void {
  const name = node.childForFieldName('name');
  // An associated type of an impl or a trait (`type Item = T;`) is no item of the module.
  if (!name || ctx.impl || isTraitBody(ctx)) return;
  ctx.file.builder.declare('type_alias', name.text, ctx.parentDecl, node, {
    signature: signatureOf(node, null),
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    ...visibilityOf(node),
    typeParameters: typeParameterNames(node.childForFieldName('type_parameters')),
  });
}

function visitValueItem(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
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

function visitMacroDefinition(node: SyntaxNode, ctx: RustContext): void {
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

/** Where a node starts, as a binding position (1-based line; a re-parsed macro argument's rows are shifted back). */
function startOf(node: SyntaxNode, ctx: RustContext): SourcePosition {
  return { line: node.startPosition.row + 1 + ctx.file.builder.lineOffset, column: node.startPosition.column };
}

function endOf(node: SyntaxNode, ctx: RustContext): SourcePosition {
  return { line: node.endPosition.row + 1 + ctx.file.builder.lineOffset, column: node.endPosition.column };
}

/** Binds a pattern's names in the context's scope from `visibleAt`; a lone name gets `type`. */
function bindPattern(pattern: SyntaxNode | null, ctx: RustContext, type: TypeRef | null, evaluatedAt: SourcePosition, visibleAt: SourcePosition): void {
  if (!pattern) return;
  const names = patternNames(pattern);
  const single = names.length === 1 && (pattern.type === 'identifier' || pattern.type === 'mut_pattern' || pattern.type === 'ref_pattern');
  for (const name of names) {
    const value: BoundValue = { type: single ? type : null, scope: ctx.scope, at: evaluatedAt };
    ctx.scope.bind(name, 'local', undefined, value, visibleAt);
  }
}

/** `let x: T = v;`, `let x = v else { … };` */
function visitLet(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const value = node.childForFieldName('value');
  walk.push(value, ctx);
  walk.push(node.childForFieldName('alternative'), ctx);
  const pattern = node.childForFieldName('pattern');
  const type = statedType(node.childForFieldName('type'), ctx.self, ctx.generics) ?? valueType(value, ctx.self);
  bindPattern(pattern, ctx, type, startOf(node, ctx), endOf(node, ctx));
}

/** `if let Some(x) = v`, `while let Some(x) = it.next()`: names visible after the condition. */
function visitLetCondition(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const value = node.childForFieldName('value');
  walk.push(value, ctx);
  const pattern = node.childForFieldName('pattern');
  if (!pattern) return;
  // `Some(x)` / `Ok(x)` over an Option / Result: x is its element.
  const unwrapped = unwrappedName(pattern, valueType(value, ctx.self));
  if (unwrapped) {
    ctx.scope.bind(unwrapped.name, 'local', undefined, { type: unwrapped.type, scope: ctx.scope, at: startOf(node, ctx) }, endOf(node, ctx));
    return;
  }
  bindPattern(pattern, ctx, null, startOf(node, ctx), endOf(node, ctx));
}

/** Iterator adapters and Option / Result combinators whose closure (their one argument) takes one element. */
const ELEMENT_CLOSURES = new Set(['map', 'filter', 'for_each', 'any', 'all', 'find', 'position', 'filter_map', 'flat_map', 'take_while', 'skip_while', 'inspect', 'max_by_key', 'min_by_key', 'find_map', 'map_while', 'and_then', 'is_some_and', 'is_ok_and']);
/** Iterator adapters whose items are their receiver's. */
const SAME_ITEMS = new Set(['filter', 'skip', 'take', 'rev', 'skip_while', 'take_while', 'peekable', 'inspect', 'step_by', 'fuse']);
/** Combinators of Option / Result themselves (no `iter()` before them): their closure takes the Some / Ok value. */
const VALUE_CLOSURES = new Set(['map', 'and_then', 'filter', 'is_some_and', 'is_ok_and', 'inspect']);

/**
 * The element a closure's one parameter receives: `v.iter().map(|x| …)` (through `filter`, `rev`, …)
 * with v of a stated collection type, `opt.map(|x| …)` with opt of a stated Option / Result type. An
 * element of anything else (a workspace type with a `map` of its own) proves nothing in resolution.
 */
function closureElement(closure: SyntaxNode, ctx: RustContext): TypeRef | null {
  const args = closure.parent;
  const call = args?.type === 'arguments' ? args.parent : null;
  if (!call || call.type !== 'call_expression' || args!.namedChildren.filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment').length !== 1) return null;
  const fn = calledFunction(call);
  const method = fn?.type === 'field_expression' ? fn.childForFieldName('field')?.text : undefined;
  if (!method || !ELEMENT_CLOSURES.has(method)) return null;
  let receiver = fn!.childForFieldName('value');
  let adapted = false;
  for (let depth = 0; receiver?.type === 'call_expression' && depth < 16; depth++) {
    const inner = calledFunction(receiver);
    const name = inner?.type === 'field_expression' ? inner.childForFieldName('field')?.text : undefined;
    if (!name) return null;
    if (ITERATES.has(name)) {
      const of = valueType(inner!.childForFieldName('value'), ctx.self);
      return of ? { kind: 'element', of } : null;
    }
    if (!SAME_ITEMS.has(name)) break;
    adapted = true;
    receiver = inner!.childForFieldName('value');
  }
  if (adapted || !VALUE_CLOSURES.has(method)) return null;
  const of = valueType(receiver, ctx.self);
  return of ? { kind: 'element', of } : null;
}

/** `Some(x)` / `Ok(x)` matched against a value of type `of` (an Option, a Result): x, an element of it. */
function unwrappedName(pattern: SyntaxNode | null, of: TypeRef | null): { name: string; type: TypeRef } | null {
  if (pattern?.type === 'match_pattern') pattern = pattern.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  if (pattern?.type !== 'tuple_struct_pattern' || !of) return null;
  const head = pattern.childForFieldName('type');
  if (head?.text !== 'Some' && head?.text !== 'Ok') return null;
  const inner = pattern.namedChildren.filter((c): c is SyntaxNode => c !== null && c.id !== head.id && c.type !== 'line_comment' && c.type !== 'block_comment');
  // `Some(x)`, `Some(ref x)`, `Some(mut x)`.
  const bound = inner.length === 1 && (inner[0].type === 'ref_pattern' || inner[0].type === 'mut_pattern') ? inner[0].namedChildren.find((c) => c?.type === 'identifier') ?? null : inner[0];
  return inner.length === 1 && bound?.type === 'identifier' && /^[a-z_]/.test(bound.text) ? { name: bound.text, type: { kind: 'element', of } } : null;
}

/** A `match` arm's names; `Some(x) =>` / `Ok(x) =>` over a value of a stated Option / Result type: x, its element. */
function visitMatchArm(node: SyntaxNode, ctx: RustContext): void {
  const pattern = node.childForFieldName('pattern');
  const matched = node.parent?.type === 'match_block' ? node.parent.parent?.childForFieldName('value') : null;
  const unwrapped = matched ? unwrappedName(pattern, valueType(matched, ctx.self)) : null;
  if (unwrapped) {
    ctx.scope.bind(unwrapped.name, 'local', undefined, { type: unwrapped.type, scope: ctx.scope, at: startOf(node, ctx) });
    return;
  }
  for (const name of pattern ? patternNames(pattern) : []) ctx.scope.bind(name, 'local');
}

function visitFor(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const value = node.childForFieldName('value');
  walk.push(value, ctx);
  const scope = ctx.scope.open('block');
  const inner = { ...ctx, scope };
  const of = valueType(iterated(value), ctx.self);
  const pattern = node.childForFieldName('pattern');
  const body = node.childForFieldName('body');
  bindPattern(pattern, inner, of ? { kind: 'element', of } : null, startOf(node, ctx), body ? startOf(body, ctx) : endOf(node, ctx));
  walk.push(body, inner);
}

function visitClosure(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const scope = ctx.scope.open('function');
  bindParameters(node.childForFieldName('parameters'), scope, ctx, closureElement(node, ctx));
  walk.push(node.childForFieldName('body'), { ...ctx, scope });
}

// ---------------------------------------------------------------------------------------------
// Sites.

function visitCall(node: SyntaxNode, ctx: RustContext): boolean {
  const fn = calledFunction(node);
  const facts = ctx.file.facts;
  if (!fn) return true;
  if (fn.type === 'identifier') {
    facts.addSite('calls', { name: fn.text, receiver: [] }, ctx.enclosing, node, ctx.scope);
  } else if (fn.type === 'scoped_identifier') {
    const chain = pathChain(fn);
    const name = fn.childForFieldName('name')?.text;
    if (!name) return true;
    if (!chain) {
      // `<T as Tr>::f(x)`: the receiver is no path.
      facts.addSite('calls', { name, receiver: undefined }, ctx.enclosing, node, ctx.scope);
      return true;
    }
    const site = facts.addSite('calls', { name, receiver: sitePath(chain.slice(0, -1), ctx) }, ctx.enclosing, node, ctx.scope);
    // A path call states its argument count too (`T::from(x)` among several `From` impls: none picked).
    if (chain.length > 1) site.argumentTypes = argumentCount(node);
  } else if (fn.type === 'field_expression') {
    const field = fn.childForFieldName('field');
    const value = fn.childForFieldName('value');
    if (field?.type !== 'field_identifier' || !value) return true;
    let chain = valueChain(value);
    // `self.read.m()` with `read: R` and `impl<R: Read> S<R>`: the field's type is the impl's.
    const fieldType = chain?.length === 2 && chain[0] === 'self' ? ctx.selfFields?.get(chain[1]) : undefined;
    if (fieldType) chain = null;
    const type = chain ? null : fieldType ?? valueType(value, ctx.self);
    const site = chain
      ? facts.addSite('calls', { name: field.text, receiver: chain }, ctx.enclosing, node, ctx.scope)
      : facts.addSite('calls', { name: field.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined }, ctx.enclosing, node, ctx.scope);
    // A method call states its argument count (types unknown), for the method's arity.
    site.argumentTypes = argumentCount(node);
  }
  return true;
}

/** A call's arguments, as many unknown types. */
function argumentCount(call: SyntaxNode): Array<string | null> {
  const args = call.childForFieldName('arguments');
  return (args?.namedChildren ?? []).filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment' && c.type !== 'attribute_item').map(() => null);
}

/**
 * A call path's qualifier as the resolver reads it: `self::f()` in the file's module is a bare
 * `f()`; `crate::` and `super::` are modules the resolver knows (`implicitModule`). Inside an inline
 * module, `self::` and `super::` name modules of this file by a path the resolver cannot walk: the
 * site keeps no receiver chain (unresolved, never guessed).
 */
function sitePath(qualifier: string[], ctx: RustContext): string[] | undefined {
  if (qualifier.length === 0) return [];
  const head = qualifier[0];
  if (head === 'self' && ctx.inlineModules.length === 0) return qualifier.slice(1);
  if (head === 'self' || (head === 'super' && ctx.inlineModules.length > 0)) return undefined;
  if (head === 'Self' && Array.isArray(ctx.self) && qualifier.length > 1) return [...ctx.self, ...qualifier.slice(1)];
  return qualifier;
}

function visitMacroCall(node: SyntaxNode, ctx: RustContext): void {
  const macro = node.childForFieldName('macro');
  if (macro?.type === 'identifier') ctx.file.facts.addSite('calls', { name: `${macro.text}!`, receiver: [] }, ctx.enclosing, node, ctx.scope);
  // `assert_eq!(f(x), y)`, `vec![a(); n]`: the arguments are tokens to the grammar; parsed again as an
  // expression after the walk. A `{ … }` argument is items (`thread_local! { … }`): never.
  const args = node.namedChildren.find((c) => c?.type === 'token_tree');
  if (args && (args.text.startsWith('(') || args.text.startsWith('['))) {
    ctx.file.macroArguments.push({ text: args.text, row: args.startPosition.row + ctx.file.builder.lineOffset, column: args.startPosition.column, ctx });
  } else if (args) {
    recordMacroModules(args, ctx);
  }
}

/** `cfg_if! { if #[cfg(unix)] { mod unix; } }`: the modules an item macro's tokens declare (`mod` then a name). */
function recordMacroModules(tokens: SyntaxNode, ctx: RustContext): void {
  if (!tokens.text.includes('mod')) return;
  for (const name of tokens.descendantsOfType('identifier')) {
    if (name?.previousSibling?.type === 'mod') ctx.file.module.submodule(name.text);
  }
}

/** `T { a, b }`, `Self { … }`, `m::T { … }`: an instance of T (an enum variant `E::V { … }` is none). */
function visitStructExpression(node: SyntaxNode, ctx: RustContext): boolean {
  let name = node.childForFieldName('name');
  if (name?.type === 'generic_type_with_turbofish') name = name.childForFieldName('type');
  const chain = name ? pathChain(name) : null;
  if (!chain) return true;
  const resolved = chain[0] === 'Self' ? (Array.isArray(ctx.self) ? [...ctx.self, ...chain.slice(1)] : null) : chain;
  if (!resolved) return true;
  const receiver = sitePath(resolved.slice(0, -1), ctx);
  ctx.file.facts.addSite('instantiates', { name: resolved[resolved.length - 1], receiver }, ctx.enclosing, node, ctx.scope);
  return true;
}
