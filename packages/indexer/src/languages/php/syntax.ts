/**
 * What PHP's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`):
 * node type → the scope it opens and, where data cannot say it, a hook that declares, binds,
 * records a site or an import.
 *
 * Decisions:
 *  - Classes → `class`, interfaces → `interface`, traits → `trait`, enums → `enum` with `enum_member`
 *    cases; methods (constructors included, named `__construct`) → `method`; functions → `function`;
 *    properties (promoted constructor parameters too) → `field`, named without `$`; class and
 *    top-level constants → `constant`. Namespaces are no declaration (as the codegraph CLI writes PHP):
 *    a class's qualified name is `Class::member`. Top-level declarations are all exported.
 *  - `use A\B as C;` (and `use function`, `use const`, group uses `use A\{B, C as D}`) → one import
 *    per clause, specifier the fully qualified name, binding `{ local: 'C', imported: 'B' }`.
 *    `require`/`include` of a literal path (`__DIR__ . '/x.php'` too) → a side-effect import of that path.
 *  - Sites: `f()` calls, `$x->m()`, `$x?->m()`, `Foo::m()`, `self::`/`static::`/`parent::m()`,
 *    `new Foo` instantiates; `extends` and `implements` of classes, interfaces and enums; a trait
 *    `use T;` in a class body is an `implements` site of T (the resolver takes a used trait's
 *    members as the class's own). Names are written as `names.ts` settles them.
 *  - Receivers: `$this` (and `self`, `static`) is the class; a variable's class is what its parameter
 *    type, `new Foo`, or a called function's declared return type states; a property's is its declared
 *    type (promoted parameters too), or what every `$this->p = …` assignment agrees on.
 */
import { blockDocComment, flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { handledFrame, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import type { Frame, PhpContext, PhpWalk } from './file-state.js';
import { useClauses } from './names.js';
import { visitCreation, visitFunctionCall, visitMemberCall, visitScopedCall } from './calls.js';
import {
  PHP_LINE_COMMENTS, visitClosure, visitConstants, visitEnumCase, visitFunction, visitProperty, visitTraitUse,
  visitType
} from './declarations.js';
import { visitAssignment, visitBlock, visitCatch, visitConditional, visitForeach, visitIf, visitReturn, visitYield } from './flow.js';

type Rule = NodeRule<PhpContext>;

/** Named node types with nothing to extract inside. */
const OPAQUE = [
  'name', 'qualified_name', 'namespace_name', 'variable_name', 'string', 'encapsed_string', 'heredoc', 'nowdoc',
  'integer', 'float', 'boolean', 'null', 'comment', 'named_type', 'optional_type', 'union_type', 'intersection_type',
  'primitive_type', 'visibility_modifier', 'static_modifier', 'abstract_modifier', 'final_modifier', 'readonly_modifier',
  'var_modifier', 'php_tag', 'text_interpolation', 'text', 'declare_statement', 'relative_scope',
];

const handled = handledFrame<PhpContext>;

export const PHP_SYNTAX: SyntaxRules<PhpContext> = {
  opaque: OPAQUE,
  patternNames: () => [],
  comments: {
    types: ['comment'],
    doc: (comment) => blockDocComment(comment.text),
  },
  nodes: {
    namespace_definition: handled(visitNamespace),
    namespace_use_declaration: handled(({ node, ctx }) => visitUse(node, ctx)),
    require_expression: { visit: ({ node, ctx }) => visitRequire(node, ctx) },
    require_once_expression: { visit: ({ node, ctx }) => visitRequire(node, ctx) },
    include_expression: { visit: ({ node, ctx }) => visitRequire(node, ctx) },
    include_once_expression: { visit: ({ node, ctx }) => visitRequire(node, ctx) },

    class_declaration: handled(visitType),
    interface_declaration: handled(visitType),
    trait_declaration: handled(visitType),
    enum_declaration: handled(visitType),
    use_declaration: handled(({ node, ctx }) => visitTraitUse(node, ctx)),
    enum_case: handled(visitEnumCase),
    method_declaration: handled(visitFunction),
    function_definition: handled(visitFunction),
    property_declaration: handled(visitProperty),
    const_declaration: handled(visitConstants),

    anonymous_function_creation_expression: handled(({ node, ctx }, walk) => visitClosure(node, ctx, walk)),
    arrow_function: handled(({ node, ctx }, walk) => visitClosure(node, ctx, walk)),
    assignment_expression: { visit: ({ node, ctx }) => visitAssignment(node, ctx) },
    foreach_statement: { visit: ({ node, ctx }) => visitForeach(node, ctx) },
    catch_clause: { visit: ({ node, ctx }) => visitCatch(node, ctx) },

    if_statement: handled(({ node, ctx }, walk) => visitIf(node, ctx, walk)),
    else_if_clause: handled(({ node, ctx }, walk) => visitIf(node, ctx, walk)),
    conditional_expression: handled(({ node, ctx }, walk) => visitConditional(node, ctx, walk)),
    compound_statement: handled(({ node, ctx }, walk) => visitBlock(node, ctx, walk)),
    return_statement: { visit: ({ node, ctx }) => visitReturn(node, ctx) },
    yield_expression: { visit: ({ node, ctx }) => visitYield(ctx) },
    function_call_expression: { visit: ({ node, ctx }) => visitFunctionCall(node, ctx) },
    member_call_expression: { visit: ({ node, ctx }) => visitMemberCall(node, ctx) },
    nullsafe_member_call_expression: { visit: ({ node, ctx }) => visitMemberCall(node, ctx) },
    scoped_call_expression: { visit: ({ node, ctx }) => visitScopedCall(node, ctx) },
    object_creation_expression: handled(({ node, ctx }, walk) => visitCreation(node, ctx, walk)),
  },
};

function visitNamespace({ node, ctx }: Frame, walk: PhpWalk): void {
  // Its names are read before the walk (names.ts); `namespace A { … }`: the block's statements.
  // `namespace { … }`: a block of the global namespace ('').
  ctx.file.module.package((node.childForFieldName('name')?.text ?? '').replace(/^\\/, ''), node);
  const body = node.childForFieldName('body');
  if (body) walk.descend(body, ctx);
}

function visitUse(node: SyntaxNode, ctx: PhpContext): void {
  const signature = flatSignature(node.text, PHP_LINE_COMMENTS);
  for (const clause of useClauses(node)) {
    ctx.file.builder.addImport(clause.fqn, ctx.parentDecl, clause.node, signature, [{ local: clause.local, imported: clause.imported }]);
  }
}

/** `require __DIR__ . '/x.php'`, `include 'lib/y.php'`, `require dirname(__FILE__) . '/z.php'`: the literal path. */
function visitRequire(node: SyntaxNode, ctx: PhpContext): boolean {
  const argument = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
  const path = argument ? literalPath(argument) : undefined;
  if (path) ctx.file.builder.addImport(path, ctx.parentDecl, node, flatSignature(node.text, PHP_LINE_COMMENTS), [], { sideEffectOnly: true });
  return true;
}

function stringText(node: SyntaxNode): string | undefined {
  if (node.type !== 'string' && node.type !== 'encapsed_string') return undefined;
  const parts = node.namedChildren.filter((c) => c !== null);
  if (parts.some((c) => c.type !== 'string_content' && c.type !== 'string_value')) return undefined;
  return parts.map((c) => c.text).join('');
}

function literalPath(node: SyntaxNode): string | undefined {
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? literalPath(inner) : undefined;
  }
  const text = stringText(node);
  if (text !== undefined) return text.length > 0 ? text : undefined;
  if (node.type !== 'binary_expression' || node.children.find((c) => c !== null && !c.isNamed)?.type !== '.') return undefined;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const rest = right ? stringText(right) : undefined;
  if (!left || rest === undefined) return undefined;
  // `__DIR__ . '/x.php'` and `dirname(__FILE__) . '/x.php'`: relative to the file's folder.
  const here = left.text.replace(/\s+/g, '');
  if (here === '__DIR__' || here === 'dirname(__FILE__)') return `./${rest.replace(/^\/+/, '')}`;
  return undefined;
}
