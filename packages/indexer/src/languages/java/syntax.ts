/**
 * What Java's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`):
 * node type → the scope it opens and, where data cannot say it, a hook that declares, binds,
 * records a site or an import, or hands parts to the walk with their own context.
 *
 * Decisions (README.md in this folder has the full list):
 *  - Classes, records → `class`; interfaces and annotation types → `interface`; enums → `enum` with
 *    `enum_member` constants; constructors are `method`s named like their class (as the codegraph
 *    CLI writes them), so `this(...)` / `super(...)` are calls of them.
 *  - Anonymous classes are classes named `<anonymous T>` that extend T (their methods' `this`).
 *  - Annotations are decorators (without `@`); a `/** … *\/` comment right before a declaration
 *    is its docstring.
 *  - A method states its parameter types (erased simple names) and each call its argument types
 *    where the code proves them: the resolver picks the overload (resolution/overloads.ts).
 *  - `Foo::bar` is a `references` site; `Foo::new` instantiates Foo.
 */
import { blockDocComment, flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { handledFrame, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import type { JavaContext } from './file-state.js';
import { visitConstructorCall, visitCreation, visitInvocation, visitMethodReference } from './calls.js';
import { visitEnumConstant, visitField, visitMethod, visitType } from './declarations.js';
import { bindTyped, visitLambda, visitLocal } from './locals.js';

type Rule = NodeRule<JavaContext>;

/** Named node types with nothing to extract inside. */
const OPAQUE = [
  'identifier', 'type_identifier', 'scoped_identifier', 'scoped_type_identifier', 'generic_type', 'array_type',
  'integral_type', 'floating_point_type', 'boolean_type', 'void_type', 'type_arguments', 'type_parameters',
  'dimensions', 'modifiers', 'marker_annotation', 'annotation', 'string_literal', 'text_block', 'character_literal',
  'decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal', 'binary_integer_literal',
  'decimal_floating_point_literal', 'hex_floating_point_literal', 'true', 'false', 'null_literal', 'this', 'super',
  'line_comment', 'block_comment', 'superclass', 'super_interfaces', 'extends_interfaces', 'throws', 'class_literal',
  'package_declaration',
];

const handled = handledFrame<JavaContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const JAVA_SYNTAX: SyntaxRules<JavaContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  comments: {
    types: ['block_comment', 'line_comment'],
    doc: (comment) => blockDocComment(comment.text),
  },
  nodes: {
    // `package a.b;` (annotations before it in package-info.java): the file's package.
    package_declaration: handled(({ node, ctx }) => {
      const name = node.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier');
      if (name) ctx.file.module.package(name.text, node);
    }),
    import_declaration: handled(({ node, ctx }) => visitImport(node, ctx)),
    class_declaration: handled(visitType),
    record_declaration: handled(visitType),
    interface_declaration: handled(visitType),
    annotation_type_declaration: handled(visitType),
    enum_declaration: handled(visitType),
    enum_constant: handled(visitEnumConstant),
    method_declaration: handled(visitMethod),
    constructor_declaration: handled(visitMethod),
    compact_constructor_declaration: handled(visitMethod),
    annotation_type_element_declaration: handled(visitMethod),
    field_declaration: handled(visitField),
    constant_declaration: handled(visitField),
    local_variable_declaration: handled(({ node, ctx }, walk) => visitLocal(node, ctx, walk)),

    // Block scopes; the names some of them bind.
    block,
    switch_block: block,
    for_statement: block,
    enhanced_for_statement: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        const type = node.childForFieldName('type');
        if (name?.type === 'identifier') bindTyped(ctx, name, type, 'local');
        return true;
      },
    },
    catch_clause: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const parameter = node.namedChildren.find((c) => c?.type === 'catch_formal_parameter');
        const name = parameter?.childForFieldName('name');
        const types = parameter?.namedChildren.find((c) => c?.type === 'catch_type')?.namedChildren.filter((c) => c !== null) ?? [];
        // `catch (A | B e)`: e is of neither class for sure.
        if (name) bindTyped(ctx, name, types.length === 1 ? types[0] : null, 'local');
        return true;
      },
    },
    try_with_resources_statement: block,
    resource: {
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        const value = node.childForFieldName('value');
        if (name) bindTyped(ctx, name, node.childForFieldName('type'), 'local', value);
        return true;
      },
    },
    instanceof_expression: {
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        if (name) bindTyped(ctx, name, node.childForFieldName('right'), 'local');
        return true;
      },
    },
    type_pattern: {
      visit: ({ node, ctx }) => {
        const name = node.namedChildren.find((c) => c?.type === 'identifier');
        const type = node.namedChildren.find((c) => c !== null && c.type !== 'identifier') ?? null;
        if (name) bindTyped(ctx, name, type, 'local');
        return false;
      },
    },
    lambda_expression: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),

    // Sites.
    method_invocation: { visit: ({ node, ctx }) => visitInvocation(node, ctx) },
    object_creation_expression: handled(({ node, ctx }, walk) => visitCreation(node, ctx, walk)),
    explicit_constructor_invocation: { visit: ({ node, ctx }) => visitConstructorCall(node, ctx) },
    method_reference: handled(({ node, ctx }, walk) => visitMethodReference(node, ctx, walk)),
  },
};

function visitImport(node: SyntaxNode, ctx: JavaContext): void {
  const file = ctx.file;
  const isStatic = node.children.some((c) => c?.type === 'static');
  const wildcard = node.namedChildren.some((c) => c?.type === 'asterisk');
  const nameNode = node.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier');
  if (!nameNode) return;
  const parts = nameNode.text.replace(/\s+/g, '').split('.');
  const signature = flatSignature(node.text);
  if (wildcard) {
    const specifier = parts.join('.');
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }]);
    if (isStatic) {
      // `import static a.b.C.*`: members of C, reached through a hidden name for C (a dotted name no identifier can be).
      file.builder.imports[file.builder.imports.length - 1].bindings.push({ local: specifier, imported: parts[parts.length - 1] });
      file.staticWildcards.push(specifier);
    }
    return;
  }
  if (isStatic) {
    // `import static a.b.C.m`: m means member m of class C.
    const owner = parts.slice(0, -1);
    const specifier = owner.join('.');
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: owner[owner.length - 1] }]);
    file.aliases.set(parts[parts.length - 1], [specifier, parts[parts.length - 1]]);
    return;
  }
  // `import a.b.Outer.Inner` (a type inside a type, by the capitalisation convention): Inner means Outer's member.
  const top = parts.findIndex((part) => /^[A-Z]/.test(part));
  if (top >= 0 && top < parts.length - 1) {
    const specifier = parts.slice(0, top + 1).join('.');
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: parts[top] }]);
    file.aliases.set(parts[parts.length - 1], [specifier, ...parts.slice(top + 1)]);
    return;
  }
  const name = parts[parts.length - 1];
  file.builder.addImport(parts.join('.'), ctx.parentDecl, node, signature, [{ local: name, imported: name }]);
}
