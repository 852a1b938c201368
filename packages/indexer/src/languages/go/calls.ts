/** Go's call sites: a call's callee with its receiver chain, or the stated type of the value it is called on. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { memberCallTarget } from '../../extraction/core/calls.js';
import type { ReceiverChainShape } from '../../extraction/core/receiver-chain.js';
import type { GoContext } from './file-state.js';
import { instantiatedCallee, SELECTOR, valueType } from './type-expressions.js';

/** `a.b.c`: names joined by selectors (what `nameChain` reads). */
const NAME_CHAIN: ReceiverChainShape = { accesses: [SELECTOR], head: (node) => (node.type === 'identifier' ? [node.text] : undefined) };

/** `f()` by name, `x.M()` / `pkg.F()` with the receiver chain, `NewT().M()` with the type the value states. */
export function visitCall(node: SyntaxNode, ctx: GoContext): boolean {
  const fn = node.childForFieldName('function');
  const file = ctx.file;
  // `f[T](x)`, `pkg.F[T](a, b)` (type-expressions.ts: instantiatedCallee).
  const instantiated = instantiatedCallee(node.type === 'type_conversion_expression' ? node.childForFieldName('type') : fn);
  if (instantiated) {
    file.facts.addSite('calls', { name: instantiated[instantiated.length - 1], receiver: instantiated.slice(0, -1) }, ctx.enclosing, node, ctx.scope);
  } else if (fn?.type === 'identifier') {
    file.facts.addSite('calls', { name: fn.text, receiver: [] }, ctx.enclosing, node, ctx.scope);
  } else if (fn?.type === 'selector_expression') {
    const field = fn.childForFieldName('field');
    const operand = fn.childForFieldName('operand');
    if (field?.type === 'field_identifier' && operand) {
      // `NewT().M()`, `T{}.M()`, `f().a.M()`: the value's stated type, then the fields after it.
      file.facts.addSite('calls', memberCallTarget(field.text, operand, NAME_CHAIN, (base) => valueType(base)), ctx.enclosing, node, ctx.scope);
    }
  }
  return true;
}
