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
import { handledFrame, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import type { CSharpContext } from './file-state.js';
import { collectionValue, visitConstructorCall, visitCreation, visitInvocation, visitTargetTypedReturn } from './calls.js';
import {
  bindTyped, visitDelegate, visitEnumMember, visitField, visitMethod, visitProperty, visitType,
  visitUndeclaredMember, xmlDoc
} from './declarations.js';
import { visitLambda, visitVariables } from './locals.js';
import { namespaceName, visitUsing } from './usings.js';

type Rule = NodeRule<CSharpContext>;

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
    implicit_object_creation_expression: { visit: ({ node, ctx }) => visitTargetTypedReturn(node, ctx) },
    constructor_initializer: { visit: ({ node, ctx }) => visitConstructorCall(node, ctx) },
  },
};
