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
 *  - `::f`, `Foo::m`, `x::m` are `references` sites; `a to b` (an infix call) is a call of `to` on a.
 */
import { blockDocComment } from '../../extraction/core/declaration-text.js';
import { handledFrame, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import type { KotlinContext } from './file-state.js';
import { typeChild } from './types.js';
import { visitCall, visitCallableReference, visitDelegationCall, visitInfix } from './calls.js';
import { visitClass, visitEnumEntry, visitFunction, visitObjectLiteral, visitProperty, visitTypeAlias } from './declarations.js';
import { recordTopLevelNames, visitImport } from './imports.js';
import { bindDestructured, bindLoopVariable, bindTyped, bindVariable, visitIf, visitLambda, visitWhen } from './locals.js';

type Rule = NodeRule<KotlinContext>;

/** Named node types with nothing to extract inside. */
const OPAQUE = [
  'identifier', 'user_type', 'nullable_type', 'function_type', 'parenthesized_type', 'non_nullable_type', 'type_arguments',
  'type_parameters', 'type_constraints', 'modifiers', 'annotation', 'file_annotation', 'package_header', 'string_content',
  'number_literal', 'float_literal', 'character_literal', 'line_comment', 'block_comment', 'shebang_line', 'label',
  'this_expression', 'super_expression',
];

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
        // `for (x in items) body`: the iterated expression follows the variable.
        const variable = node.namedChildren.find((c) => c?.type === 'variable_declaration');
        const iterated = variable?.nextNamedSibling ?? null;
        for (const child of node.namedChildren) {
          if (child?.type === 'variable_declaration') bindLoopVariable(child, ctx, iterated);
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
    infix_expression: handled(({ node, ctx }, walk) => visitInfix(node, ctx, walk)),
    constructor_delegation_call: { visit: ({ node, ctx }) => visitDelegationCall(node, ctx) },
    callable_reference: handled(({ node, ctx }) => visitCallableReference(node, ctx)),
  },
};
