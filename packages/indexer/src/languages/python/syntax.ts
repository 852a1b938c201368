/**
 * What Python's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`):
 * node type → the names it binds, the scope it opens, and — where data cannot say it — a hook
 * that declares, records a site or an import, or hands parts to the walk with their own context.
 *
 * Decisions (see README.md in this folder for the full list):
 *  - Qualified names chain every container with `::` (`Outer::Inner::method`, `f::inner`).
 *  - `@property` methods stay kind `method` (they have a body that encloses calls); their
 *    decorators say `property`. Class attributes are `field` (`constant` when UPPER_CASE).
 *  - `C()` is recorded as `calls`: only the resolver knows whether `C` is a class.
 *  - An `extends` site's `enclosing` is the class that extends.
 *  - Imports inside a function are ordinary import statements whose declaration's `parent` is
 *    that function; names they bind are not `locallyBound` (they resolve through the import).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { handledNode, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import { findRestartPoint, lineStartsOf } from './syntax-errors.js';
import { identifierChain } from './syntax-text.js';
import { fieldChild } from '../../extraction/core/node-fields.js';
import { firstNonComment } from './syntax-nodes.js';
import { valueType } from './type-expressions.js';
import type { TypeRef } from '../../model/extraction.js';
import type { PythonContext, PythonWalk } from './file-state.js';
import { bindTargets, collectTargets, noteAll, statedValue, visitAssignment, visitComprehension, visitImport } from './bindings.js';
import { visitCall } from './calls.js';
import { visitClass, visitDecorated, visitFunction, visitLambda, visitTypeAlias } from './declarations.js';

type Rule = NodeRule<PythonContext>;

/** Named node types that never have children worth visiting. */
const LEAF_TYPES = [
  'identifier', 'comment', 'integer', 'float', 'string_content', 'escape_sequence', 'string_start', 'string_end',
  'true', 'false', 'none', 'ellipsis', 'dotted_name', 'pass_statement', 'break_statement', 'continue_statement',
];

/** A hook that handles the node itself and walks none of its children by default. */
const handled = handledNode<PythonContext>;

const comprehension: Rule = handled(visitComprehension);
const importStatement: Rule = handled(visitImport);
const scopeDeclaration: Rule = {
  visit: ({ node, ctx }) => {
    for (const child of node.namedChildren) {
      if (child?.type === 'identifier') ctx.scope.declare(child.text, node.type === 'global_statement' ? 'global' : 'nonlocal');
    }
    return false;
  },
};
const capturePatterns: Rule = {
  // A capture pattern is a dotted name of one identifier (`case x:`, `case P(a=x)`).
  visit: ({ node, ctx }) => {
    for (const child of node.namedChildren) {
      if (child?.type === 'dotted_name' && child.namedChildCount === 1) ctx.scope.bind(child.text, 'assignment');
    }
    return true;
  },
};

export const PYTHON_SYNTAX: SyntaxRules<PythonContext> = {
  opaque: LEAF_TYPES,
  patternNames: (pattern) => {
    const names: SyntaxNode[] = [];
    collectTargets(pattern, names);
    return names.map((name) => name.text);
  },
  nodes: {
    // Bindings that are only data.
    for_statement: { binds: { field: 'left', kind: 'assignment' } },
    named_expression: { binds: { field: 'name', kind: 'walrus' } },
    delete_statement: { binds: { field: 'children', kind: 'assignment' } },
    augmented_assignment: {
      binds: { field: 'left', kind: 'assignment' },
      visit: ({ node, ctx }) => {
        if (ctx.scope.kind === 'module' && fieldChild(node, 'left')?.text === '__all__') {
          const adds = fieldChild(node, 'operator')?.type === '+=';
          noteAll(ctx, adds ? 'add' : 'assign', adds ? fieldChild(node, 'right') : null);
        }
        return true;
      },
    },
    as_pattern: {
      // `with x as y`, `except E as e`, `case P() as p`
      visit: ({ node, ctx }) => {
        let alias = fieldChild(node, 'alias');
        if (!alias) {
          const last = node.lastNamedChild;
          alias = last?.type === 'identifier' ? last : null;
        }
        const names: SyntaxNode[] = [];
        const rest = collectTargets(alias, names);
        const held = names.length === 1 && rest.length === 0 ? aliasValue(node) : null;
        if (held) ctx.scope.bind(names[0].text, 'assignment', undefined, { type: held, scope: ctx.scope });
        else bindTargets(alias, ctx, 'assignment');
        return true;
      },
    },
    case_pattern: capturePatterns,
    keyword_pattern: capturePatterns,
    splat_pattern: {
      visit: ({ node, ctx }) => {
        for (const child of node.namedChildren) if (child?.type === 'identifier') ctx.scope.bind(child.text, 'assignment');
        return false;
      },
    },
    global_statement: scopeDeclaration,
    nonlocal_statement: scopeDeclaration,

    // Declarations.
    function_definition: handled((node, ctx, walk) => visitFunction(node, ctx, [], walk)),
    class_definition: handled((node, ctx, walk) => visitClass(node, ctx, [], walk)),
    decorated_definition: handled(visitDecorated),
    type_alias_statement: handled(visitTypeAlias),
    assignment: handled(visitAssignment),

    // Scopes whose parts run in different scopes.
    lambda: handled(visitLambda),
    list_comprehension: comprehension,
    set_comprehension: comprehension,
    dictionary_comprehension: comprehension,
    generator_expression: comprehension,

    // Sites, results, imports.
    call: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    return_statement: {
      visit: ({ node, ctx }) => {
        const value = firstValue(node);
        // `return self` in a method (`__enter__`, a fluent setter): the instance it was called on, a subclass's too.
        const self = value?.type === 'identifier' && value.text === ctx.self?.name;
        ctx.fn?.returns.push({ value: self ? { kind: 'self' } : value ? statedValue(value) : 'none', scope: ctx.scope });
        return true;
      },
    },
    yield: {
      visit: ({ node, ctx }) => {
        // `yield from g()` hands out g's items: nothing stated about them.
        const from = node.children.some((c) => c?.type === 'from');
        const value = firstValue(node);
        ctx.fn?.yields.push({ value: from ? null : value ? statedValue(value) : 'none', scope: ctx.scope });
        return true;
      },
    },
    // A plain literal holds nothing to extract: no need to walk its start, content and end.
    string: { visit: ({ node, ctx }) => node.hasError || !isPlainStringLiteral(ctx.file.source, node.startIndex) },
    import_statement: importStatement,
    import_from_statement: importStatement,
    future_import_statement: importStatement,
    if_statement: { visit: ({ node, ctx }, walk) => visitIf(node, ctx, walk) },
    ERROR: { visit: ({ node, ctx }, walk) => visitError(node, ctx, walk) },
  },
};

/**
 * Whether the string literal starting at `start` cannot hold an interpolation: its prefix is
 * only raw/bytes/unicode letters (the grammar finds `{…}` only in f-strings).
 */
function isPlainStringLiteral(source: string, start: number): boolean {
  for (let i = start; i < source.length; i++) {
    const char = source[i];
    if (char === '"' || char === "'") return true;
    if (!PLAIN_STRING_PREFIX.includes(char)) return false;
  }
  return false;
}
const PLAIN_STRING_PREFIX = 'rRbBuU';

function firstValue(node: SyntaxNode): SyntaxNode | null {
  return firstNonComment(node);
}

/**
 * An ERROR node that swallowed a visible top-level restart point: walk what comes before it
 * here, and queue the text from the restart point to be parsed again on its own.
 */
function visitError(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): boolean {
  if (node.startPosition.row === node.endPosition.row) return true;
  const file = ctx.file;
  file.lineStarts ??= lineStartsOf(file.source);
  const restart = findRestartPoint(node, file.source, file.lineStarts);
  if (!restart) return true;
  for (const child of node.namedChildren) if (child && child.endIndex <= restart.index) walk.push(child, ctx);
  file.recoveries.push({ text: file.source.slice(restart.index, node.endIndex), rowOffset: file.rowOffset + restart.row });
  return false;
}

/** `if TYPE_CHECKING:` marks the imports of its first branch type-only. */
function visitIf(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): boolean {
  // A name chain holds no `:`, so the text up to the first one shows whether it can end in TYPE_CHECKING.
  const source = ctx.file.source;
  const colon = source.indexOf(':', node.startIndex);
  if (!source.slice(node.startIndex, colon === -1 ? source.length : colon).includes('TYPE_CHECKING')) return true;
  const condition = fieldChild(node, 'condition');
  const chain = condition ? identifierChain(condition) : null;
  if (chain === null || chain.length > 2 || chain[chain.length - 1] !== 'TYPE_CHECKING') return true;
  const consequence = fieldChild(node, 'consequence');
  for (const child of node.namedChildren) {
    const isConsequence = child !== null && consequence !== null && child.startIndex === consequence.startIndex;
    walk.push(child, isConsequence ? { ...ctx, typeOnly: true } : ctx);
  }
  return false;
}

/**
 * What `as` binds, where the code proves it: `with C() as c` the value `C().__enter__()` returns
 * (`async with`: what `__aenter__()` completes with), `except E as e` an instance of E. null elsewhere
 * (`case P() as p`, `except (A, B) as e`).
 */
function aliasValue(pattern: SyntaxNode): TypeRef | null {
  const value = firstNonComment(pattern);
  if (!value) return null;
  if (pattern.parent?.type === 'with_item') {
    const entered = valueType(value);
    if (entered === null || entered === 'none') return null;
    const statement = pattern.parent.parent?.parent;
    const isAsync = statement?.type === 'with_statement' && statement.child(0)?.type === 'async';
    return { kind: 'member-call', of: entered, name: isAsync ? '__aenter__' : '__enter__', ...(isAsync ? { awaited: true } : {}) };
  }
  if (pattern.parent?.type === 'except_clause') {
    const chain = identifierChain(value);
    return chain ? { kind: 'call', callee: chain } : null;
  }
  return null;
}
