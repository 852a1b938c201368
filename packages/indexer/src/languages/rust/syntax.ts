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
import { handledNode, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import type { RustContext } from './file-state.js';
import { visitCall, visitMacroCall, visitStructExpression } from './calls.js';
import { visitEnum, visitFunction, visitImpl, visitMacroDefinition, visitStruct, visitTrait, visitTypeItem, visitValueItem } from './declarations.js';
import { visitExternCrate, visitMod, visitUse } from './imports.js';
import { patternNames, visitClosure, visitFor, visitLet, visitLetCondition, visitMatchArm } from './locals.js';

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
