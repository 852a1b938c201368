/**
 * Instance variables of test groups written as blocks (shoulda's `context "…" do setup do @x = … end; should … end`,
 * minitest/spec's and RSpec's `describe … do before do @x = … end; it … end`), inside a test class or outside any:
 * a read of `@x` in an example sees what the hooks of the nearest group around it assigned, since each example runs
 * the hooks of its groups outer first, so the innermost group whose hooks assign `@x` decides. Pure syntax: which
 * assignments decide the read; what they state is the caller's.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';

/** Hooks that run before every example of the group whose block holds them. */
const HOOKS = new Set(['setup', 'before']);
/** `before(:each)` / `before(:example)` run per example; `before(:all)` shares one value too, but is left out. */
const HOOK_SCOPES = new Set([':each', ':example']);
/** Where a group's instance variables stop: a `def` (its class's variables) or a class body. */
const BOUNDARIES = new Set(['method', 'singleton_method', 'class', 'module', 'singleton_class']);

/**
 * The assignments that decide the instance variable `read` (not in a `def`): every assignment of it in the hooks of
 * the nearest enclosing group block whose hooks assign it directly (a statement of a hook's body, not only under an
 * `if`), and every assignment of it in the example block below that group that holds the read. Undefined where no
 * group around the read assigns it in a hook, or where the name is bound otherwise there (`||=`, `a, @x = …`).
 */
export function groupAssignments(read: SyntaxNode): SyntaxNode[] | undefined {
  if (read.type !== 'instance_variable') return undefined;
  let below: SyntaxNode | undefined;
  for (let up = read.parent; up; up = up.parent) {
    if (BOUNDARIES.has(up.type)) return undefined;
    if (up.type !== 'block' && up.type !== 'do_block') continue;
    const hooks = hookBodies(up);
    if (!hooks.some((body) => assignsDirectly(body, read.text))) {
      below = up;
      continue;
    }
    const found = new Map<number, SyntaxNode>();
    for (const region of below ? [...hooks, below] : hooks) {
      const binders = bindersOf(region, read.text);
      if (!binders) return undefined;
      for (const binder of binders) found.set(binder.id, binder);
    }
    return [...found.values()];
  }
  return undefined;
}

/** The bodies of the hooks that are statements of a group block (`setup do … end`, `before { … }`). */
function hookBodies(block: SyntaxNode): SyntaxNode[] {
  const body = block.childForFieldName('body');
  const bodies: SyntaxNode[] = [];
  for (const statement of body?.namedChildren ?? []) {
    if (statement?.type !== 'call' || statement.childForFieldName('receiver')) continue;
    if (!HOOKS.has(statement.childForFieldName('method')?.text ?? '')) continue;
    const args = statement.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
    if (args.length > 1 || (args.length === 1 && !HOOK_SCOPES.has(args[0].text))) continue;
    const hookBody = statement.childForFieldName('block')?.childForFieldName('body');
    if (hookBody) bodies.push(hookBody);
  }
  return bodies;
}

/** Whether a statement of `body` itself is `name = value`. */
function assignsDirectly(body: SyntaxNode, name: string): boolean {
  return body.namedChildren.some((s) => s?.type === 'assignment' && s.childForFieldName('left')?.text === name);
}

/** Every `name = value` in `region` (not in a nested class or `def`); undefined where something else binds the name. */
function bindersOf(region: SyntaxNode, name: string): SyntaxNode[] | undefined {
  const binders: SyntaxNode[] = [];
  for (const binder of region.descendantsOfType(['assignment', 'operator_assignment', 'left_assignment_list'])) {
    if (!binder || insideBoundary(binder, region)) continue;
    const mentioned = binder.type === 'left_assignment_list' ? binder.descendantsOfType('instance_variable').some((v) => v?.text === name)
      : binder.childForFieldName('left')?.text === name;
    if (!mentioned) continue;
    if (binder.type !== 'assignment') return undefined;
    binders.push(binder);
  }
  return binders;
}

function insideBoundary(node: SyntaxNode, region: SyntaxNode): boolean {
  for (let up = node.parent; up && up.id !== region.id; up = up.parent) if (BOUNDARIES.has(up.type)) return true;
  return false;
}
