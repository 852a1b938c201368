/**
 * What Ruby's syntax says about values, needed by the declaration, call and collection rules alike: a constant's
 * name chain, the values a name is assigned in a region, and the class `self` is an instance of.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { RubyContext } from './file-state.js';

/** `A::B::C` → ['A', 'B', 'C'], `::A` → ['A']; undefined for anything else. */
export function constantChain(node: SyntaxNode | null | undefined): string[] | undefined {
  if (!node) return undefined;
  if (node.type === 'constant') return [node.text];
  if (node.type !== 'scope_resolution') return undefined;
  const name = node.childForFieldName('name');
  if (name?.type !== 'constant') return undefined;
  const scope = node.childForFieldName('scope');
  if (!scope) return [name.text];
  const head = constantChain(scope);
  return head ? [...head, name.text] : undefined;
}

/** Nodes that bind a name other than by `name = value`: a value the syntax does not state. */
const OTHER_BINDERS = ['operator_assignment', 'left_assignment_list', 'block_parameters', 'lambda_parameters', 'exception_variable', 'for', 'method_parameters'];

/**
 * The values assigned to a local or an instance variable (`name`) anywhere in `region`, each by a plain `name = value`;
 * undefined where anything else binds the name there (`name ||= …`, `a, name = …`, a block or method parameter, `rescue => name`).
 */
export function assignedValues(region: SyntaxNode, name: string, memoised = false): SyntaxNode[] | undefined {
  const values: SyntaxNode[] = [];
  for (const binder of region.descendantsOfType(['assignment', ...OTHER_BINDERS])) {
    if (!binder) continue;
    if (binder.type === 'assignment' && binder.childForFieldName('left')?.text === name) {
      const right = binder.childForFieldName('right');
      if (!right) return undefined;
      values.push(right);
    } else if (binder.type === 'operator_assignment') {
      if (binder.childForFieldName('left')?.text !== name) continue;
      // `@docs ||= []` (`memoised`): assigns that value where none is yet.
      const right = binder.childForFieldName('right');
      if (!memoised || binder.child(1)?.type !== '||=' || !right) return undefined;
      values.push(right);
    } else if (binder.type !== 'assignment' && binder.descendantsOfType(['identifier', 'instance_variable']).some((i) => i?.text === name)) {
      return undefined;
    }
  }
  return values;
}

/** The enclosing class's name, where `self` is an instance of it (a method of a class, not of a module). */
export function ownClassName(ctx: RubyContext): string | undefined {
  if (ctx.classId === null || !ctx.method) return undefined;
  const declaration = ctx.file.builder.declarations[ctx.classId];
  return declaration.kind === 'class' ? declaration.name : undefined;
}

/** `self.class` in an instance method of a class: that class's name, or undefined. */
export function selfClassOf(node: SyntaxNode, ctx: RubyContext): string | undefined {
  if (ctx.staticMethod || node.type !== 'call' || node.childForFieldName('arguments') || node.childForFieldName('block')) return undefined;
  if (node.childForFieldName('receiver')?.type !== 'self' || node.childForFieldName('method')?.text !== 'class') return undefined;
  return ownClassName(ctx);
}
