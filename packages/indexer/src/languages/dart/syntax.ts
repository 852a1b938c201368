/**
 * What Dart's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * The grammar is flat in two places this file works around:
 *  - A declaration's signature and its body are siblings (`method_signature` then `function_body`
 *    in a class body, `function_signature` then `function_body` at the top level): the signature's
 *    rule declares and walks the body; the body's own rule skips it.
 *  - A postfix expression is a run of siblings: a primary (`a`, `this`, `Foo`, `new Foo()`) then
 *    `selector`s (`.name`, `?.name`, `!`, `(args)`). A call is a `selector` holding arguments; what
 *    it calls is read from the siblings before it.
 *
 * Decisions:
 *  - Classes and enums as themselves; a mixin is a `trait`; an extension is a `class` whose members
 *    state `memberOf` the extended type (callable on a proven value of that type).
 *  - Constructors are methods: the unnamed one named like its class, a named one (`C.named`,
 *    `factory C.of`) by its own name, so `C.named()` walks class C to it; each states C as its
 *    result. `C()` of a class is an instantiation (Dart 2 `new` is optional).
 *  - `extends` and `with` are `extends` clauses (a mixin's members are the class's); `implements`
 *    and a mixin's `on` are `implements`.
 *  - Getters and setters are methods whose signature says `get`/`set` (read, not called).
 *  - Annotations are decorators; `///` and `/** … *\/` comments are docstrings.
 *  - Top-level names without a leading `_` are exported; `_names` are private to the library.
 */
import { handledFrame, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import type { DartContext } from './file-state.js';
import { childrenOf, typeChainIn } from './types.js';
import { visitCascade, visitCreation, visitInitializer, visitRedirection, visitSelector } from './calls.js';
import { bindTyped, docOf, visitEnumConstant, visitMember, visitTopLevelVariables, visitType, visitTypeAlias } from './declarations.js';
import { uriOf, visitDirective, visitPart } from './directives.js';
import { visitLambda, visitLocal, visitLocalFunction } from './locals.js';

type Rule = NodeRule<DartContext>;

/** Named node types with nothing to extract inside. */
const OPAQUE = [
  'type_identifier', 'type_arguments', 'type_parameters', 'nullable_type', 'void_type', 'function_type', 'inferred_type',
  'string_literal', 'decimal_integer_literal', 'hex_integer_literal', 'decimal_floating_point_literal', 'true', 'false',
  'null_literal', 'symbol_literal', 'library_name', 'part_of_directive', 'comment', 'documentation_comment',
  'final_builtin', 'const_builtin', 'annotation', 'marker_annotation', 'script_tag',
];

const handled = handledFrame<DartContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const DART_SYNTAX: SyntaxRules<DartContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  comments: {
    types: ['comment', 'documentation_comment'],
    doc: (comment) => docOf(comment),
  },
  leadingAttributes: ['annotation', 'marker_annotation'],
  nodes: {
    import_or_export: handled(({ node, ctx }) => visitDirective(node, ctx)),
    part_directive: handled(({ node, ctx }) => visitPart(node, ctx)),
    library_name: handled(({ node, ctx }) => {
      // `library a.b;` (an unnamed `library;` names nothing).
      const name = node.namedChildren.find((c) => c?.type === 'dotted_identifier_list');
      const parts = name?.namedChildren.map((c) => c?.text ?? '') ?? [];
      if (parts.length > 0 && parts.every((part) => part !== '')) ctx.file.module.library(parts.join('.'));
    }),
    part_of_directive: handled(({ node, ctx }) => {
      // `part of 'lib.dart';` names the library's file, the older `part of a.b;` its name.
      const uri = uriOf(node.namedChildren.find((c) => c?.type === 'uri'));
      const name = node.namedChildren.find((c) => c?.type === 'dotted_identifier_list');
      if (uri) ctx.file.module.partOf({ uri });
      else if (name) ctx.file.module.partOf({ library: name.namedChildren.map((c) => c?.text ?? '').join('.') });
    }),
    class_definition: handled(visitType),
    mixin_declaration: handled(visitType),
    extension_declaration: handled(visitType),
    enum_declaration: handled(visitType),
    enum_constant: handled(visitEnumConstant),
    type_alias: handled(visitTypeAlias),
    // Members in a class body; functions, getters, setters and variables at the top level.
    method_signature: handled(visitMember),
    declaration: handled(visitMember),
    function_signature: handled(visitMember),
    getter_signature: handled(visitMember),
    setter_signature: handled(visitMember),
    initialized_identifier_list: handled(visitTopLevelVariables),
    static_final_declaration_list: handled(visitTopLevelVariables),
    // Walked by the declaration it belongs to.
    function_body: handled(() => undefined),

    // Scopes and the names they bind.
    block,
    for_statement: block,
    for_loop_parts: {
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        if (name) bindTyped(ctx, name, typeChainIn(childrenOf(node).filter((c) => c.startIndex < name.startIndex)), null);
        return true;
      },
    },
    catch_clause: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const parameters = node.namedChildren.find((c) => c?.type === 'catch_parameters');
        for (const name of parameters?.namedChildren ?? []) if (name?.type === 'identifier') ctx.file.bindLocal(ctx.scope, name.text, 'local', null, null);
        return true;
      },
    },
    local_variable_declaration: handled(({ node, ctx }, walk) => visitLocal(node, ctx, walk)),
    local_function_declaration: handled(({ node, ctx }, walk) => visitLocalFunction(node, ctx, walk)),
    function_expression: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),

    // Sites.
    selector: { visit: ({ node, ctx }) => visitSelector(node, ctx) },
    cascade_section: { visit: ({ node, ctx }) => visitCascade(node, ctx) },
    new_expression: { visit: ({ node, ctx }) => visitCreation(node, ctx) },
    const_object_expression: { visit: ({ node, ctx }) => visitCreation(node, ctx) },
    initializer_list_entry: { visit: ({ node, ctx }) => visitInitializer(node, ctx) },
    redirection: { visit: ({ node, ctx }) => visitRedirection(node, ctx) },
  },
};
