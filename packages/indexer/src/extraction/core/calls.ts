/**
 * The shape of a member call site, the same in every language: `object.name(…)` names its callee, and
 * its receiver is either a chain of names (`a.b.name()`, looked up in scopes and by the resolver) or a
 * value that starts no chain (`make().a.name()`), whose stated type the resolver evaluates before
 * following the member names after it. A language states how it writes chains (`ReceiverChainShape`)
 * and what type a value states.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from './file-facts.js';
import { receiverChain, splitChain, type ReceiverChainShape } from './receiver-chain.js';

/**
 * The target of `object.name(…)`: `name` on the receiver chain `object` writes, or else on the type
 * `statedType` gives the value at the chain's base (`path`: the member names after it); no receiver
 * at all when neither is known.
 */
export function memberCallTarget(
  name: string,
  object: SyntaxNode,
  shape: ReceiverChainShape,
  statedType: (base: SyntaxNode, path: string[]) => TypeRef | null,
): SiteTarget {
  const chain = receiverChain(object, shape);
  if (chain) return { name, receiver: chain };
  const split = splitChain(object, shape.accesses);
  const type = split ? statedType(split.base, split.path) : null;
  return { name, receiver: undefined, typedReceiver: type && split ? { type, path: split.path } : undefined };
}
