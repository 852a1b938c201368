/**
 * Instance variables of example groups outside any class (RSpec's and minitest/spec's `describe` at file level):
 * `before do @request = Request.new(…) end` makes `@request` in the group's later examples (and in its nested
 * groups) what that assignment states, where every assignment of the variable outside a class in the file states
 * the same (an example assigning another value, `@x ||= …` or a parameter of that name: nothing is stated).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { RubyContext } from './file-state.js';
import { expressionType } from './declarations.js';

/** Hooks whose block runs before each example of the group (minitest/spec's `before`, shoulda's and test-unit's `setup`). */
const BEFORE_HOOKS = new Set(['before', 'setup', 'prepend_before']);
const SCOPE_BOUNDARIES = new Set(['class', 'module', 'singleton_class', 'method', 'singleton_method']);

/** At a `before do … end` of a group outside any class: binds what its `@x = …` statements state, in the group's scope. */
export function bindHookInstanceVariables(node: SyntaxNode, name: string, ctx: RubyContext): void {
  if (!BEFORE_HOOKS.has(name) || ctx.classId !== null || ctx.method || node.childForFieldName('receiver')) return;
  const body = node.childForFieldName('block')?.childForFieldName('body');
  for (const statement of body?.namedChildren ?? []) {
    const left = statement?.type === 'assignment' ? statement.childForFieldName('left') : null;
    if (left?.type !== 'instance_variable') continue;
    const type = agreedType(node, left.text, ctx);
    if (type) ctx.scope.bind(left.text, 'local', undefined, { type, scope: ctx.scope }, positionOf(node));
  }
}

/** The type every assignment of `name` outside classes and `def`s in the file states, or undefined. */
function agreedType(from: SyntaxNode, name: string, ctx: RubyContext): TypeRef | undefined {
  let root: SyntaxNode = from;
  while (root.parent) root = root.parent;
  let agreed: string | undefined;
  let type: TypeRef | undefined;
  for (const binder of root.descendantsOfType(['assignment', 'operator_assignment', 'left_assignment_list'])) {
    if (!binder || !mentions(binder, name) || inBoundary(binder)) continue;
    if (binder.type !== 'assignment') return undefined;
    const value = binder.childForFieldName('right');
    // Types written with locals are proven only where they are written: none of those.
    const stated = value ? expressionType(value, ctx) : null;
    const key = stated ? JSON.stringify(stated) : undefined;
    if (!stated || key!.includes('"value"') || (agreed !== undefined && agreed !== key)) return undefined;
    agreed = key;
    type = stated;
  }
  return type;
}

function mentions(binder: SyntaxNode, name: string): boolean {
  if (binder.type === 'left_assignment_list') return binder.descendantsOfType('instance_variable').some((v) => v?.text === name);
  return binder.childForFieldName('left')?.text === name;
}

function inBoundary(node: SyntaxNode): boolean {
  for (let up = node.parent; up; up = up.parent) if (SCOPE_BOUNDARIES.has(up.type)) return true;
  return false;
}
