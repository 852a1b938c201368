/** Rust's local bindings: the names a pattern binds, `let` (and `if let`/`while let`), `match` arms, `for` loops and closures, with the types their values prove. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { BoundValue, SourcePosition } from '../../extraction/core/scopes.js';
import type { RustContext, RustWalk } from './file-state.js';
import { calledFunction, iterated, ITERATES, statedType, valueType } from './type-expressions.js';

/** The names a pattern binds: `x`, `mut x`, `ref x`, `(a, b)`, `S { a, b: c }`, `T(x)`, `x @ ..`, `a | b`. */
export function patternNames(pattern: SyntaxNode): string[] {
  const out: string[] = [];
  const visit = (node: SyntaxNode | null) => {
    if (!node) return;
    switch (node.type) {
      case 'identifier':
        // A capitalised name alone is a unit struct or variant being matched (`None`), not a binding.
        if (!/^[A-Z]/.test(node.text)) out.push(node.text);
        return;
      case 'shorthand_field_identifier':
        out.push(node.text);
        return;
      case 'tuple_struct_pattern':
        for (const child of node.namedChildren) if (child && child.id !== node.childForFieldName('type')?.id) visit(child);
        return;
      case 'struct_pattern':
        for (const child of node.namedChildren) if (child?.type === 'field_pattern') visit(child.childForFieldName('pattern') ?? child.childForFieldName('name'));
        return;
      case 'field_pattern':
        visit(node.childForFieldName('pattern') ?? node.childForFieldName('name'));
        return;
      case 'scoped_identifier':
      case 'range_pattern':
      case 'string_literal':
      case 'integer_literal':
      case 'char_literal':
      case 'boolean_literal':
        return;
      default:
        for (const child of node.namedChildren) visit(child);
    }
  };
  visit(pattern);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Imports.

/**
 * `bindParameters`' `element`: the type of a closure's one untyped parameter `|x|` / `|&x|`, when
 * the closure is what an iterator adapter or an Option / Result combinator hands an element to.
 */
export function bindParameters(list: SyntaxNode | null, scope: RustContext['scope'], ctx: RustContext, element: TypeRef | null = null): void {
  const patterns = (list?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment' && c.type !== 'attribute_item');
  for (const parameter of list?.namedChildren ?? []) {
    if (parameter?.type !== 'parameter') {
      // Closure parameters without a type: `|a, b|`.
      if (parameter && parameter.type !== 'self_parameter' && parameter.type !== 'comment' && parameter.type !== 'attribute_item') {
        const inner = parameter.type === 'reference_pattern' ? parameter.namedChildren.find((c) => c !== null) ?? null : parameter;
        const typed = element !== null && patterns.length === 1 && inner?.type === 'identifier';
        for (const name of patternNames(parameter)) scope.bind(name, 'parameter', undefined, { type: typed ? element : null, scope: typed ? ctx.scope : scope });
      }
      continue;
    }
    const pattern = parameter.childForFieldName('pattern');
    if (!pattern) continue;
    const names = patternNames(pattern);
    const type = pattern.type === 'identifier' || pattern.type === 'mut_pattern' ? statedType(parameter.childForFieldName('type'), ctx.self, ctx.generics) : null;
    for (const name of names) scope.bind(name, 'parameter', undefined, { type: names.length === 1 ? type : null, scope: ctx.scope });
  }
}

/** Where a node starts, as a binding position (1-based line; a re-parsed macro argument's rows are shifted back). */
function startOf(node: SyntaxNode, ctx: RustContext): SourcePosition {
  return { line: node.startPosition.row + 1 + ctx.file.builder.lineOffset, column: node.startPosition.column };
}

function endOf(node: SyntaxNode, ctx: RustContext): SourcePosition {
  return { line: node.endPosition.row + 1 + ctx.file.builder.lineOffset, column: node.endPosition.column };
}

/** Binds a pattern's names in the context's scope from `visibleAt`; a lone name gets `type`. */
function bindPattern(pattern: SyntaxNode | null, ctx: RustContext, type: TypeRef | null, evaluatedAt: SourcePosition, visibleAt: SourcePosition): void {
  if (!pattern) return;
  const names = patternNames(pattern);
  const single = names.length === 1 && (pattern.type === 'identifier' || pattern.type === 'mut_pattern' || pattern.type === 'ref_pattern');
  for (const name of names) {
    const value: BoundValue = { type: single ? type : null, scope: ctx.scope, at: evaluatedAt };
    ctx.scope.bind(name, 'local', undefined, value, visibleAt);
  }
}

/** `let x: T = v;`, `let x = v else { … };` */
export function visitLet(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const value = node.childForFieldName('value');
  walk.push(value, ctx);
  walk.push(node.childForFieldName('alternative'), ctx);
  const pattern = node.childForFieldName('pattern');
  const type = statedType(node.childForFieldName('type'), ctx.self, ctx.generics) ?? valueType(value, ctx.self);
  bindPattern(pattern, ctx, type, startOf(node, ctx), endOf(node, ctx));
}

/** `if let Some(x) = v`, `while let Some(x) = it.next()`: names visible after the condition. */
export function visitLetCondition(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const value = node.childForFieldName('value');
  walk.push(value, ctx);
  const pattern = node.childForFieldName('pattern');
  if (!pattern) return;
  // `Some(x)` / `Ok(x)` over an Option / Result: x is its element.
  const unwrapped = unwrappedName(pattern, valueType(value, ctx.self));
  if (unwrapped) {
    ctx.scope.bind(unwrapped.name, 'local', undefined, { type: unwrapped.type, scope: ctx.scope, at: startOf(node, ctx) }, endOf(node, ctx));
    return;
  }
  bindPattern(pattern, ctx, null, startOf(node, ctx), endOf(node, ctx));
}

/** Iterator adapters and Option / Result combinators whose closure (their one argument) takes one element. */
const ELEMENT_CLOSURES = new Set(['map', 'filter', 'for_each', 'any', 'all', 'find', 'position', 'filter_map', 'flat_map', 'take_while', 'skip_while', 'inspect', 'max_by_key', 'min_by_key', 'find_map', 'map_while', 'and_then', 'is_some_and', 'is_ok_and']);
/** Iterator adapters whose items are their receiver's. */
const SAME_ITEMS = new Set(['filter', 'skip', 'take', 'rev', 'skip_while', 'take_while', 'peekable', 'inspect', 'step_by', 'fuse']);
/** Combinators of Option / Result themselves (no `iter()` before them): their closure takes the Some / Ok value. */
const VALUE_CLOSURES = new Set(['map', 'and_then', 'filter', 'is_some_and', 'is_ok_and', 'inspect']);

/**
 * The element a closure's one parameter receives: `v.iter().map(|x| …)` (through `filter`, `rev`, …)
 * with v of a stated collection type, `opt.map(|x| …)` with opt of a stated Option / Result type. An
 * element of anything else (a workspace type with a `map` of its own) proves nothing in resolution.
 */
function closureElement(closure: SyntaxNode, ctx: RustContext): TypeRef | null {
  const args = closure.parent;
  const call = args?.type === 'arguments' ? args.parent : null;
  if (!call || call.type !== 'call_expression' || args!.namedChildren.filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment').length !== 1) return null;
  const fn = calledFunction(call);
  const method = fn?.type === 'field_expression' ? fn.childForFieldName('field')?.text : undefined;
  if (!method || !ELEMENT_CLOSURES.has(method)) return null;
  let receiver = fn!.childForFieldName('value');
  let adapted = false;
  for (let depth = 0; receiver?.type === 'call_expression' && depth < 16; depth++) {
    const inner = calledFunction(receiver);
    const name = inner?.type === 'field_expression' ? inner.childForFieldName('field')?.text : undefined;
    if (!name) return null;
    if (ITERATES.has(name)) {
      const of = valueType(inner!.childForFieldName('value'), ctx.self);
      return of ? { kind: 'element', of } : null;
    }
    if (!SAME_ITEMS.has(name)) break;
    adapted = true;
    receiver = inner!.childForFieldName('value');
  }
  if (adapted || !VALUE_CLOSURES.has(method)) return null;
  const of = valueType(receiver, ctx.self);
  return of ? { kind: 'element', of } : null;
}

/** `Some(x)` / `Ok(x)` matched against a value of type `of` (an Option, a Result): x, an element of it. */
function unwrappedName(pattern: SyntaxNode | null, of: TypeRef | null): { name: string; type: TypeRef } | null {
  if (pattern?.type === 'match_pattern') pattern = pattern.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  if (pattern?.type !== 'tuple_struct_pattern' || !of) return null;
  const head = pattern.childForFieldName('type');
  if (head?.text !== 'Some' && head?.text !== 'Ok') return null;
  const inner = pattern.namedChildren.filter((c): c is SyntaxNode => c !== null && c.id !== head.id && c.type !== 'line_comment' && c.type !== 'block_comment');
  // `Some(x)`, `Some(ref x)`, `Some(mut x)`.
  const bound = inner.length === 1 && (inner[0].type === 'ref_pattern' || inner[0].type === 'mut_pattern') ? inner[0].namedChildren.find((c) => c?.type === 'identifier') ?? null : inner[0];
  return inner.length === 1 && bound?.type === 'identifier' && /^[a-z_]/.test(bound.text) ? { name: bound.text, type: { kind: 'element', of } } : null;
}

/** A `match` arm's names; `Some(x) =>` / `Ok(x) =>` over a value of a stated Option / Result type: x, its element. */
export function visitMatchArm(node: SyntaxNode, ctx: RustContext): void {
  const pattern = node.childForFieldName('pattern');
  const matched = node.parent?.type === 'match_block' ? node.parent.parent?.childForFieldName('value') : null;
  const unwrapped = matched ? unwrappedName(pattern, valueType(matched, ctx.self)) : null;
  if (unwrapped) {
    ctx.scope.bind(unwrapped.name, 'local', undefined, { type: unwrapped.type, scope: ctx.scope, at: startOf(node, ctx) });
    return;
  }
  for (const name of pattern ? patternNames(pattern) : []) ctx.scope.bind(name, 'local');
}

export function visitFor(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const value = node.childForFieldName('value');
  walk.push(value, ctx);
  const scope = ctx.scope.open('block');
  const inner = { ...ctx, scope };
  const of = valueType(iterated(value), ctx.self);
  const pattern = node.childForFieldName('pattern');
  const body = node.childForFieldName('body');
  bindPattern(pattern, inner, of ? { kind: 'element', of } : null, startOf(node, ctx), body ? startOf(body, ctx) : endOf(node, ctx));
  walk.push(body, inner);
}

export function visitClosure(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const scope = ctx.scope.open('function');
  bindParameters(node.childForFieldName('parameters'), scope, ctx, closureElement(node, ctx));
  walk.push(node.childForFieldName('body'), { ...ctx, scope });
}

// ---------------------------------------------------------------------------------------------
// Sites.
