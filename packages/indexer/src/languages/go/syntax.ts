/**
 * What Go's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`): the
 * scopes blocks and statements open, and hooks for declarations, bindings and call sites.
 *
 * Decisions (README.md in this folder has the full list):
 *  - A method is declared where it is written (`parent` null) with `memberOf` naming its receiver
 *    type, so it joins that type's members in whichever file of the package the type lives; its
 *    qualified name is `Type::Method`.
 *  - `struct` types are `struct`, interfaces `interface`, every other type definition or alias
 *    `type_alias`. Struct fields are `field`s, interface methods `method`s.
 *  - An embedded field or interface is a field named after its type *and* an `extends` site of the
 *    embedding type, so promoted methods are found through the embedding chain.
 *  - A call site starts at the call expression; `T(x)` is recorded like any call (only the resolver
 *    knows `T` is a type: it is then a conversion and gets no edge).
 *  - Locals are visible from the end of the statement that declares them; a function literal's body
 *    belongs to the function around it (its calls are that function's).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { handledNode, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import { defaultImportName } from './module-resolution.js';
import type { GoContext } from './file-state.js';
import { valueType } from './type-expressions.js';
import { visitCall } from './calls.js';
import { visitFunction, visitFunctionLiteral, visitTypeSpec } from './declarations.js';
import { bindCaseAlias, bindNames, visitShortVar, visitValueSpec } from './locals.js';

type Rule = NodeRule<GoContext>;

const LEAF_TYPES = [
  'identifier', 'field_identifier', 'type_identifier', 'package_identifier', 'blank_identifier', 'label_name',
  'interpreted_string_literal', 'raw_string_literal', 'rune_literal', 'int_literal', 'float_literal', 'imaginary_literal',
  'nil', 'true', 'false', 'iota', 'comment', 'dot',
  // Type expressions hold no calls.
  'qualified_type', 'pointer_type', 'slice_type', 'array_type', 'map_type', 'channel_type', 'function_type',
  'struct_type', 'interface_type', 'generic_type', 'type_arguments', 'type_parameter_list', 'package_clause',
];

/** A hook that handles the node itself; its children are walked only where it pushes them. */
const handled = handledNode<GoContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const GO_SYNTAX: SyntaxRules<GoContext> = {
  opaque: LEAF_TYPES,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  nodes: {
    // Scopes.
    block,
    if_statement: block,
    for_statement: block,
    expression_switch_statement: block,
    select_statement: block,
    expression_case: block,
    default_case: block,
    type_case: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        bindCaseAlias(node, ctx);
        return true;
      },
    },
    communication_case: block,
    type_switch_statement: {
      opensScope: { kind: 'block' },
      // `switch v := x.(type)`: v is bound once for every clause (its type differs per clause: nothing proven).
      visit: ({ node, ctx }) => {
        const value = node.childForFieldName('value');
        for (const alias of node.childrenForFieldName('alias')) if (alias) bindNames(alias, ctx, value ?? alias, () => undefined);
        return true;
      },
    },

    // Declarations.
    // `package gin`: the file's package (a clause in a comment is no clause: the tree has none there).
    package_clause: handled((node, ctx) => {
      const name = node.namedChildren.find((c) => c?.type === 'package_identifier');
      if (name) ctx.file.module.package(name.text, node);
    }),
    import_declaration: handled(visitImports),
    function_declaration: handled((node, ctx, walk) => visitFunction(node, ctx, walk)),
    method_declaration: handled((node, ctx, walk) => visitFunction(node, ctx, walk)),
    type_spec: handled(visitTypeSpec),
    type_alias: handled(visitTypeSpec),
    var_spec: handled(visitValueSpec),
    const_spec: handled(visitValueSpec),

    // Local bindings.
    short_var_declaration: handled(visitShortVar),
    range_clause: {
      visit: ({ node, ctx }, walk) => {
        if (!node.children.some((c) => c?.type === ':=')) return true;
        const right = node.childForFieldName('right');
        walk.push(right, ctx);
        // `for i, x := range xs`: x an element (i the index); `for k, v := range m`: a key and a value; `for x := range ch`.
        const of = valueType(right);
        bindNames(node.childForFieldName('left'), ctx, node, (index) => (of && index < 2 ? { kind: 'element', of, ...(index === 0 ? { first: true } : {}) } : undefined));
        return false;
      },
    },
    receive_statement: {
      // `case v, ok := <-ch:`
      visit: ({ node, ctx }) => {
        if (node.children.some((c) => c?.type === ':=')) bindNames(node.childForFieldName('left'), ctx, node, () => undefined);
        return true;
      },
    },
    func_literal: handled(visitFunctionLiteral),

    // Sites.
    call_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    type_conversion_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
  },
};

function visitImports(node: SyntaxNode, ctx: GoContext): void {
  const specs: SyntaxNode[] = [];
  for (const child of node.namedChildren) {
    if (child?.type === 'import_spec') specs.push(child);
    else if (child?.type === 'import_spec_list') for (const spec of child.namedChildren) if (spec?.type === 'import_spec') specs.push(spec);
  }
  for (const spec of specs) {
    const pathNode = spec.childForFieldName('path');
    if (!pathNode) continue;
    const specifier = pathNode.text.slice(1, -1);
    const name = spec.childForFieldName('name');
    const signature = `import ${spec.text.replace(/\s+/g, ' ')}`;
    if (name?.type === 'blank_identifier') {
      ctx.file.builder.addImport(specifier, null, spec, signature, [], { sideEffectOnly: true });
    } else if (name?.type === 'dot') {
      // A dot import binds the package's exported names in this file.
      ctx.file.builder.addImport(specifier, null, spec, signature, [{ local: '*', imported: '*' }]);
    } else {
      const local = name ? name.text : defaultImportName(specifier);
      ctx.file.builder.addImport(specifier, null, spec, signature, local ? [{ local, imported: '*' }] : []);
    }
  }
}
