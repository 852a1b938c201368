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
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { handledFrame, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import type { SwiftContext } from './file-state.js';
import { declaredType, isTypeNode } from './types.js';
import { valueType, visitCall, visitConstructor } from './calls.js';
import { bindParameters, swiftDoc, visitEnumEntry, visitFunction, visitProperty, visitType } from './declarations.js';
import { bindTyped, visitConditionBindings, visitLambda } from './locals.js';

type Rule = NodeRule<SwiftContext>;

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
      if (!name) return;
      const id = ctx.file.builder.declare('type_alias', name.text, ctx.extension ? null : ctx.parentDecl, node, { signature: flatSignature(node.text), docstring: doc });
      // `typealias OptionsInfo = [OptionsInfoItem]`: a value of the alias has elements (`options: [.processor(p)]`).
      const aliased = declaredType(node.childForFieldName('value') ?? node.namedChildren.find((c) => isTypeNode(c) && c!.id !== name.id), ctx.typeVariables);
      if (aliased?.kind === 'collection') ctx.file.builder.declarations[id].underlyingType = aliased;
    }),

    statements: block,
    if_statement: { opensScope: { kind: 'block' }, visit: ({ node, ctx }) => visitConditionBindings(node, ctx) },
    guard_statement: { visit: ({ node, ctx }) => visitConditionBindings(node, ctx) },
    while_statement: { opensScope: { kind: 'block' }, visit: ({ node, ctx }) => visitConditionBindings(node, ctx) },
    for_statement: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const names = node.childForFieldName('item')?.descendantsOfType('simple_identifier') ?? [];
        // `for x in xs`: an element of the array xs holds; a tuple pattern destructures, its parts are not proven.
        const collection = node.childForFieldName('collection');
        const of = names.length === 1 && node.childForFieldName('item')?.namedChildren.length === 1 && collection ? valueType(collection, ctx) : null;
        for (const name of names) {
          if (name) ctx.file.bindLocal(ctx.scope, name.text, 'local', of ? { kind: 'element', of } : null, null, name);
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
    constructor_expression: { visit: ({ node, ctx }) => visitConstructor(node, ctx) },
  },
};

function visitImport(node: SyntaxNode, ctx: SwiftContext): void {
  const path = node.namedChildren.find((c) => c?.type === 'identifier');
  const parts = path?.namedChildren.filter((c) => c?.type === 'simple_identifier').map((c) => c!.text) ?? [];
  if (parts.length === 0) return;
  // `import X`, `import struct X.Y`: module X's declarations are visible (a target of the workspace, or external).
  ctx.file.builder.addImport(parts[0], ctx.parentDecl, node, flatSignature(node.text), [{ local: '*', imported: '*' }]);
}
