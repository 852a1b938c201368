/**
 * What Scala's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * Decisions:
 *  - Classes, case classes and objects → `class`; traits → `trait`; Scala 3 enums → `enum` with
 *    `enum_member` cases; `def` → `method` in a template, `function` at the top level or in a block
 *    (a local def is bound in its block); `val`/`var` in a template → `field`; type members →
 *    `type_alias`. Packages are no declaration: a package is the set of its files (module-resolution.ts).
 *  - A class and its companion object in one file are two parts of one type (`Declaration.partial`):
 *    `Circle.make()` finds the object's members, `Circle(2)` the class.
 *  - `def this(...)` auxiliary constructors are `method`s named like the class.
 *  - `extends A with B`: every parent is `extends` (traits are mixed in: their members are inherited).
 *  - `extension (c: T) def m` attaches m to T (`memberOf`); a `given` is walked, not declared.
 *  - Calls are `f(…)`, `a.b.f(…)`, `f[T](…)`; a method called without parentheses or as an
 *    operator (`a max b`) is not a call site. `new T(…)` instantiates T; `T(…)` on a class calls the
 *    companion's `apply` the arguments pick, else (a case class's generated one) instantiates T.
 *  - Annotations are decorators; a `/** … *\/` comment right before a definition is its docstring.
 */
import { blockDocComment } from '../../extraction/core/declaration-text.js';
import { handledFrame, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import type { ScalaContext } from './file-state.js';
import { visitCall, visitInstance } from './calls.js';
import { declarePackageObject, visitEnumCase, visitExtension, visitFunction, visitType, visitTypeMember, visitValue } from './declarations.js';
import { recordPackageChain, visitImport } from './imports.js';
import { bindEnumerator, bindPattern, visitLambda } from './locals.js';

type Rule = NodeRule<ScalaContext>;

const OPAQUE = [
  'identifier', 'type_identifier', 'stable_type_identifier', 'stable_identifier', 'generic_type', 'type_arguments',
  'type_parameters', 'modifiers', 'annotation', 'string', 'character_literal', 'integer_literal', 'floating_point_literal',
  'boolean_literal', 'null_literal', 'comment', 'block_comment', 'operator_identifier', 'compound_type', 'function_type',
  'tuple_type', 'infix_type', 'projected_type', 'singleton_type', 'wildcard',
];

const handled = handledFrame<ScalaContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const SCALA_SYNTAX: SyntaxRules<ScalaContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  comments: {
    types: ['block_comment', 'comment'],
    doc: (comment) => blockDocComment(comment.text),
  },
  nodes: {
    compilation_unit: { visit: ({ node, ctx }) => (recordPackageChain(node, ctx), true) },
    package_clause: { visit: () => true },
    import_declaration: handled(({ node, ctx }) => visitImport(node, ctx)),
    class_definition: handled(visitType),
    object_definition: handled(visitType),
    trait_definition: handled(visitType),
    enum_definition: handled(visitType),
    package_object: handled(({ node, ctx }, walk) => {
      declarePackageObject(node, ctx);
      walk.push(node.childForFieldName('body'), ctx);
    }),
    simple_enum_case: handled(visitEnumCase),
    full_enum_case: handled(visitEnumCase),
    function_definition: handled(visitFunction),
    function_declaration: handled(visitFunction),
    val_definition: handled(visitValue),
    var_definition: handled(visitValue),
    val_declaration: handled(visitValue),
    var_declaration: handled(visitValue),
    type_definition: handled(visitTypeMember),
    extension_definition: handled(visitExtension),
    given_definition: handled(({ node, ctx }, walk) => walk.push(node.childForFieldName('body'), ctx)),

    block,
    case_clause: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        bindPattern(node.childForFieldName('pattern'), ctx);
        return true;
      },
    },
    for_expression: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        // The grammar's `enumerators` field names the `(` before them: the node is found by its type.
        for (const enumerator of node.namedChildren.find((c) => c?.type === 'enumerators')?.namedChildren ?? []) {
          const pattern = enumerator?.namedChildren[0];
          if (pattern && !bindEnumerator(enumerator!, ctx)) bindPattern(pattern, ctx);
        }
        return true;
      },
    },
    lambda_expression: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),

    call_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    instance_expression: handled(({ node, ctx }, walk) => visitInstance(node, ctx, walk)),
  },
};
