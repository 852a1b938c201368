/** What PHP's statements prove about variables: assignments, `instanceof` checks narrowing a body, `foreach` and `catch` bindings, and the values a function returns. */
import { blockDocComment } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { StatedValue } from '../../extraction/core/file-facts.js';
import type { PhpContext, PhpWalk } from './file-state.js';
import { expressionType, valueRef, variableName } from './calls.js';
import { classType, declaredType, docType } from './types.js';

/** `$x = …` binds `$x` with what the value states; `$this->p = …` states what property p holds. */
export function visitAssignment(node: SyntaxNode, ctx: PhpContext): boolean {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const name = variableName(left);
  // Plain `=` only: `??=`, `.=` keep the variable's value or make a string.
  const plain = node.type === 'assignment_expression';
  if (name && name !== '$this' && plain) {
    // `/** @var Foo $x */` right before the statement states what the value is.
    // `$x = $y`: what `$y` holds.
    const alias = right ? variableName(right) : undefined;
    const type = inlineVarType(node, name, ctx)
      ?? (alias && alias !== '$this' && alias !== name ? { kind: 'value', chain: [alias] } as TypeRef : right ? expressionType(right, ctx) : null);
    ctx.scope.bind(name, 'local', undefined, type ? { type, scope: ctx.scope } : undefined);
  } else if (left?.type === 'member_access_expression' && ctx.classId !== null && plain) {
    const object = left.childForFieldName('object');
    const property = left.childForFieldName('name');
    if (variableName(object) === '$this' && property?.type === 'name') {
      // `$this->p = $p`: what the local (a typed parameter, `$p = new Foo`) is proven to hold.
      // Only a name the function binds: a method never sees the file's variables.
      const named = right ? variableName(right) : undefined;
      const local = named && named !== '$this' && ctx.scope.classify(named, false).locallyBound ? named : undefined;
      const type = right && !named ? expressionType(right, ctx) : right && named === '$this' ? expressionType(right, ctx) : null;
      ctx.file.facts.memberFact({ owner: ctx.classId, name: property.text, type, enclosing: ctx.enclosing }, ctx.scope, undefined, local);
    }
  } else if (left && (left.type === 'list_literal' || left.type === 'array_creation_expression')) {
    for (const variable of descendantsOfType(left, 'variable_name')) {
      const bound = variableName(variable);
      if (bound) ctx.scope.bind(bound, 'local');
    }
  }
  return true;
}

/**
 * `/** @var Foo $x *\/` (or `/** @var Foo *\/`) as the doc comment right before the statement that
 * assigns `$x`: the type it states for `$x`, or null.
 */
function inlineVarType(assignment: SyntaxNode, name: string, ctx: PhpContext): TypeRef | null {
  const statement = assignment.parent;
  if (statement?.type !== 'expression_statement') return null;
  const comment = statement.previousNamedSibling;
  if (comment?.type !== 'comment' || !comment.text.startsWith('/**') || comment.endPosition.row + 1 < statement.startPosition.row) return null;
  const match = /@var\s+((?:[^\s$|])(?:[^\s$|]|\|)*)(?:\s+(\$\w+))?/.exec(comment.text);
  if (!match || (match[2] !== undefined && match[2] !== name)) return null;
  return docType(match[1], comment, ctx);
}

function descendantsOfType(node: SyntaxNode, type: string): SyntaxNode[] {
  return node.descendantsOfType(type).filter((c): c is SyntaxNode => c !== null);
}

/**
 * `if ($x instanceof Foo) { … }` (also `$x instanceof Foo && …`): in the body, `$x` is a Foo — unless
 * the body assigns `$x`. `elseif` clauses alike; `else` and the condition are walked as they are.
 */
export function visitIf(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  const condition = node.childForFieldName('condition');
  const body = node.childForFieldName('body');
  const proven = new Map(ctx.narrowed ?? []);
  let narrows = false;
  for (const [name, type] of condition && body ? instanceChecks(condition, ctx) : []) {
    if (!assigns(body!, name)) {
      proven.set(name, type);
      narrows = true;
    }
  }
  const inBody: PhpContext = narrows ? { ...ctx, narrowed: proven } : ctx;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (condition && child.startIndex === condition.startIndex) pushCondition(child, ctx, walk);
    else walk.push(child, body && child.startIndex === body.startIndex ? inBody : ctx);
  }
}

/**
 * A block's statements in order; after `if (!$x instanceof Foo) { return; }` (an `if` without `else`
 * whose body always leaves: `return`, `throw`, `continue`, `break`; `||` of such negations too), the
 * rest of the block sees `$x` as a Foo — unless the rest rebinds `$x`.
 */
export function visitBlock(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  const statements = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
  if (!statements.some((statement) => statement.type === 'if_statement' && exitChecks(statement, ctx).length > 0)) {
    walk.descend(node, ctx);
    return;
  }
  let now = ctx;
  for (let i = 0; i < statements.length; i++) {
    const statement = statements[i];
    const before = statements[i - 1];
    // Pushed one by one, a statement keeps the doc comment the walk would have handed it.
    const doc = before?.type === 'comment' && before.endPosition.row + 1 >= statement.startPosition.row ? blockDocComment(before.text) : undefined;
    walk.push(statement, now, doc !== undefined ? { doc } : undefined);
    const checks = statement.type === 'if_statement' ? exitChecks(statement, now) : [];
    if (checks.length === 0) continue;
    const rest = statements.slice(i + 1);
    const proven = new Map(now.narrowed ?? []);
    let narrows = false;
    for (const [name, type] of checks) {
      if (rest.some((later) => assigns(later, name))) continue;
      proven.set(name, type);
      narrows = true;
    }
    if (narrows) now = { ...now, narrowed: proven };
  }
}

/** `if (!$x instanceof Foo) return;` (no `else`): the checks that hold after it. */
function exitChecks(statement: SyntaxNode, ctx: PhpContext): Array<[string, TypeRef]> {
  const condition = statement.childForFieldName('condition');
  const body = statement.childForFieldName('body');
  if (!condition || !body || statement.namedChildren.some((c) => c?.type === 'else_clause' || c?.type === 'else_if_clause')) return [];
  if (!alwaysLeaves(body)) return [];
  return negatedChecks(condition, ctx);
}

/** The checks a condition disproves when false: `!($x instanceof Foo)`, and each side of `||`. */
function negatedChecks(node: SyntaxNode, ctx: PhpContext): Array<[string, TypeRef]> {
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? negatedChecks(inner, ctx) : [];
  }
  if (node.type === 'binary_expression') {
    const operator = node.childForFieldName('operator')?.type;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if ((operator === '||' || operator === 'or') && left && right) {
      const both = [negatedChecks(left, ctx), negatedChecks(right, ctx)];
      return both.every((side) => side.length > 0) ? both.flat() : [];
    }
    return [];
  }
  if (node.type !== 'unary_op_expression' || node.childForFieldName('operator')?.type !== '!') return [];
  const argument = node.childForFieldName('argument');
  return argument ? instanceChecks(argument, ctx).filter(() => argument.type === 'binary_expression' || argument.type === 'parenthesized_expression') : [];
}

/** A body whose last statement leaves the block: `return`, `throw`, `continue`, `break`. */
function alwaysLeaves(body: SyntaxNode): boolean {
  const last = body.type === 'compound_statement'
    ? [...body.namedChildren].reverse().find((c) => c !== null && c.type !== 'comment')
    : body;
  if (!last) return false;
  if (last.type === 'return_statement' || last.type === 'continue_statement' || last.type === 'break_statement') return true;
  return last.type === 'expression_statement' && last.namedChildren.some((c) => c?.type === 'throw_expression');
}

/** `$x instanceof Foo ? $x->m() : …`: in the first branch, `$x` is a Foo (unless it rebinds `$x`). */
export function visitConditional(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  const condition = node.childForFieldName('condition');
  const body = node.childForFieldName('body');
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (condition && child.startIndex === condition.startIndex) pushCondition(child, ctx, walk);
    else walk.push(child, body && condition && child.startIndex === body.startIndex ? narrowedBy(condition, body, ctx) : ctx);
  }
}

/** A condition's parts: the right side of `$x instanceof Foo && …` sees `$x` as a Foo. */
function pushCondition(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  if (node.type === 'parenthesized_expression') {
    for (const child of node.namedChildren) if (child) pushCondition(child, ctx, walk);
    return;
  }
  if (node.type === 'binary_expression') {
    const operator = node.childForFieldName('operator')?.type;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if ((operator === '&&' || operator === 'and') && left && right) {
      pushCondition(left, ctx, walk);
      pushCondition(right, narrowedBy(left, right, ctx), walk);
      return;
    }
  }
  walk.push(node, ctx);
}

/** `ctx` with what `condition` proves when true, for code in `scope` that does not rebind the variable. */
function narrowedBy(condition: SyntaxNode, scope: SyntaxNode, ctx: PhpContext): PhpContext {
  const checks = instanceChecks(condition, ctx).filter(([name]) => !assigns(scope, name));
  if (checks.length === 0) return ctx;
  const proven = new Map(ctx.narrowed ?? []);
  for (const [name, type] of checks) proven.set(name, type);
  return { ...ctx, narrowed: proven };
}

/** The `$x instanceof Foo` checks a condition proves when true: itself, both sides of `&&`/`and`. */
function instanceChecks(node: SyntaxNode, ctx: PhpContext): Array<[string, TypeRef]> {
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? instanceChecks(inner, ctx) : [];
  }
  if (node.type !== 'binary_expression') return [];
  const operator = node.childForFieldName('operator')?.type;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right) return [];
  if (operator === '&&' || operator === 'and') return [...instanceChecks(left, ctx), ...instanceChecks(right, ctx)];
  if (operator !== 'instanceof') return [];
  const name = variableName(left);
  if (!name || name === '$this' || (right.type !== 'name' && right.type !== 'qualified_name')) return [];
  const type = classType(right, ctx);
  return type ? [[name, type]] : [];
}

/** Types of nodes in which a variable written is (re)bound, not read. */
const BINDING_PARENTS = new Set(['foreach_statement', 'pair', 'list_literal', 'by_ref', 'anonymous_function_use_clause', 'global_declaration', 'static_variable_declaration', 'unset_statement']);

/** Whether `body` may give `$name` another value: an assignment to it, a loop or list binding, a reference. */
function assigns(body: SyntaxNode, name: string): boolean {
  for (const variable of descendantsOfType(body, 'variable_name')) {
    if (variableName(variable) !== name) continue;
    const parent = variable.parent;
    if (!parent) continue;
    if (BINDING_PARENTS.has(parent.type)) return true;
    if (parent.type.endsWith('assignment_expression') && parent.childForFieldName('left')?.startIndex === variable.startIndex) return true;
    if (parent.type === 'array_element_initializer' && parent.parent?.parent?.type.endsWith('assignment_expression')) return true;
  }
  return false;
}

/** `return …` in a function that states no result: what the value proves (`new Foo`, `$this`, a typed local). */
export function visitReturn(node: SyntaxNode, ctx: PhpContext): boolean {
  if (!ctx.fn) return true;
  const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
  ctx.fn.returns.push({ value: value ? returnedValue(value, ctx) : 'none', scope: ctx.scope });
  return true;
}

function returnedValue(node: SyntaxNode, ctx: PhpContext): StatedValue {
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? returnedValue(inner, ctx) : null;
  }
  const name = variableName(node);
  // `return $this`: the instance the method was called on (a subclass's, called on one).
  if (name === '$this') return ctx.classId !== null ? { kind: 'self' } : null;
  if (name) return { local: name };
  return expressionType(node, ctx);
}

/** A generator returns a Generator, whatever its `return`s say. */
export function visitYield(ctx: PhpContext): boolean {
  ctx.fn?.yields.push({ value: null, scope: ctx.scope });
  return true;
}

/** `foreach ($xs as $k => $v)`: `$v` is an element of what `$xs` is proven to be (`Foo[]`); the key, nothing proven. */
export function visitForeach(node: SyntaxNode, ctx: PhpContext): boolean {
  const named = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  const body = node.childForFieldName('body') ?? named[named.length - 1];
  const of = named[0] ? valueRef(named[0], ctx) : null;
  for (const part of named.slice(1)) {
    if (body && part.startIndex >= body.startIndex) break; // nodes are compared by position: each access makes a new object
    // `as $v`, `as &$v`, `as $k => $v`: the value variable is the last one written.
    const value = part.type === 'pair' ? part.namedChildren[part.namedChildren.length - 1] : part;
    const valueVariable = value?.type === 'by_ref' ? value.namedChildren.find((c) => c?.type === 'variable_name') : value;
    for (const variable of part.type === 'variable_name' ? [part] : descendantsOfType(part, 'variable_name')) {
      const bound = variableName(variable);
      const element = of && valueVariable && variable.startIndex === valueVariable.startIndex && valueVariable.type === 'variable_name'
        ? { type: { kind: 'element', of } as TypeRef, scope: ctx.scope } : undefined;
      if (bound) ctx.scope.bind(bound, 'local', undefined, element);
    }
  }
  return true;
}

/** `catch (Foo $e)`: `$e` is a Foo (one type only). */
export function visitCatch(node: SyntaxNode, ctx: PhpContext): boolean {
  const name = variableName(node.childForFieldName('name') ?? node.namedChildren.find((c) => c?.type === 'variable_name'));
  const types = node.childForFieldName('type') ?? node.namedChildren.find((c) => c?.type === 'type_list');
  const named = types?.type === 'type_list' ? types.namedChildren.filter((c): c is SyntaxNode => c !== null) : types ? [types] : [];
  if (name) {
    const type = named.length === 1 ? declaredType(named[0], ctx) : null;
    ctx.scope.bind(name, 'local', undefined, type ? { type, scope: ctx.scope } : undefined);
  }
  return true;
}
