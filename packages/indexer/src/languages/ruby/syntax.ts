/**
 * What Ruby's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * Decisions:
 *  - `class` → `class`, `module` → `module`; `class A::B` is named `B` with qualified name `A::B`
 *    (nesting included), so that every reopening of a class has one qualified name. `def` in a class or
 *    module → `method`, at top level → `function`; `def self.m` and the `def`s of `class << self` →
 *    static methods. `attr_reader` / `attr_writer` / `attr_accessor` → a `property` per name. Constant
 *    assignments → `constant`. Top-level declarations are exported.
 *  - `require 'x'` → a side-effect import of `x`; `require_relative 'x'` → of `./x`.
 *  - Sites: every method call (`m`, `m()`, `obj.m`, `self.m`, `Foo::Bar.m`); a bare identifier that is no
 *    local is a call; `Foo.new` instantiates Foo; `class A < B` extends B; `include` / `extend` /
 *    `prepend M` in a class or module body are `implements` sites of M (the resolver takes a mixed-in
 *    module's methods as the class's); a bare `super` / `super(...)` calls the method of the same name
 *    in the superclass.
 *  - Receivers: `self`; a local assigned `Foo.new` (every assignment agreeing); `@ivar` through what every
 *    `@ivar = …` of the class states; constants through the open classes and modules.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import type { RubyContext } from './file-state.js';
import { visitCall, visitIdentifier, visitSuper, visitWriter } from './calls.js';
import { visitAlias } from './method-macros.js';
import { bindNames, visitAssignment, visitBlock, visitClass, visitMethod } from './declarations.js';

type Rule = NodeRule<RubyContext>;

const OPAQUE = [
  'constant', 'simple_symbol', 'hash_key_symbol', 'integer', 'float', 'true', 'false', 'nil',
  'comment', 'character', 'instance_variable', 'class_variable', 'global_variable', 'self',
  'operator', 'setter', 'uninterpreted', 'rational', 'complex', 'undef',
];

const handled = handledFrame<RubyContext>;

function interpolations({ node, ctx }: { node: SyntaxNode; ctx: RubyContext }, walk: Walk<RubyContext>): void {
  for (const part of node.namedChildren) if (part?.type === 'interpolation') walk.push(part, ctx);
}

export const RUBY_SYNTAX: SyntaxRules<RubyContext> = {
  opaque: OPAQUE,
  patternNames: () => [],
  comments: {
    types: ['comment'],
    // The comment line right above the declaration (a comment token may end at column 0 of the next row).
    doc: (comment, anchorRow) => ((comment.endPosition.column === 0 ? comment.endPosition.row : comment.endPosition.row + 1) === anchorRow
      ? comment.text.replace(/^#\s?/, '').trim() || undefined : undefined),
  },
  nodes: {
    class: handled(visitClass),
    module: handled(visitClass),
    singleton_class: handled(({ node, ctx }, walk) => walk.push(node.childForFieldName('body'), { ...ctx, singleton: true })),
    alias: handled(({ node, ctx }) => visitAlias(node, ctx)),
    method: handled(visitMethod),
    singleton_method: handled(visitMethod),
    call: { visit: ({ node, ctx }, walk) => visitCall(node, ctx, walk) },
    identifier: handled(({ node, ctx }) => visitIdentifier(node, ctx)),
    super: handled(({ node, ctx }) => visitSuper(node, ctx)),
    assignment: handled(({ node, ctx, doc }, walk) => {
      visitWriter(node, ctx);
      visitAssignment(node, ctx, walk, doc);
    }),
    operator_assignment: handled(({ node, ctx }, walk) => visitAssignment(node, ctx, walk)),
    block: handled(({ node, ctx }, walk) => visitBlock(node, ctx, walk)),
    do_block: handled(({ node, ctx }, walk) => visitBlock(node, ctx, walk)),
    lambda: handled(({ node, ctx }, walk) => visitBlock(node, ctx, walk)),
    exception_variable: handled(({ node, ctx }) => bindNames(node, ctx)),
    for: {
      visit: ({ node, ctx }) => {
        const pattern = node.childForFieldName('pattern');
        if (pattern) bindNames(pattern, ctx);
        return true;
      },
    },
    // Literals with `#{…}`: only the interpolated code runs (`"\"#{compile!(exp)}\""`, heredocs, `/#{re}/`, `:"#{x}"`).
    string: handled(interpolations),
    heredoc_body: handled(interpolations),
    regex: handled(interpolations),
    delimited_symbol: handled(interpolations),
    subshell: handled(interpolations),
    // `key: value` pairs and keyword arguments: the key is no call.
    pair: handled(({ node, ctx }, walk) => walk.push(node.childForFieldName('value'), ctx)),
  },
};
