/** Go's call sites: a call's callee with its receiver chain, or the stated type of the value it is called on. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { splitMemberChain } from '../../extraction/core/tree-walk.js';
import type { GoContext } from './file-state.js';
import { nameChain, SELECTOR, valueType } from './type-expressions.js';

/** `f()` by name, `x.M()` / `pkg.F()` with the receiver chain, `NewT().M()` with the type the value states. */
export function visitCall(node: SyntaxNode, ctx: GoContext): boolean {
  const fn = node.childForFieldName('function');
  const file = ctx.file;
  if (fn?.type === 'identifier') {
    file.facts.addSite('calls', { name: fn.text, receiver: [] }, ctx.enclosing, node, ctx.scope);
  } else if (fn?.type === 'selector_expression') {
    const field = fn.childForFieldName('field');
    const operand = fn.childForFieldName('operand');
    if (field?.type === 'field_identifier' && operand) {
      const chain = nameChain(operand);
      if (chain) {
        file.facts.addSite('calls', { name: field.text, receiver: chain }, ctx.enclosing, node, ctx.scope);
      } else {
        // `NewT().M()`, `T{}.M()`, `f().a.M()`: the value's stated type, then the fields after it.
        const split = splitMemberChain(operand, SELECTOR);
        const type = split ? valueType(split.base) : null;
        file.facts.addSite('calls', {
          name: field.text, receiver: undefined, typedReceiver: type && split ? { type, path: split.path } : undefined,
        }, ctx.enclosing, node, ctx.scope);
      }
    }
  }
  return true;
}
