/**
 * A receiver written as a chain of names (`a.b.c`, `$this->repo->items`, `self.x`) read the same way
 * for every grammar: a language states, as `ReceiverChainShape` in its folder, how it writes a member
 * access, which nodes start a chain and which stand for the one value inside them.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { fieldChild } from './node-fields.js';
import type { MemberAccessShape } from './tree-walk.js';

export interface ReceiverChainShape {
  /** How the language writes a member access (several node types: PHP `->` and `?->`). */
  accesses: readonly MemberAccessShape[];
  /** The first names of a chain starting at `node`, which is no member access (undefined: none starts there, a call say). */
  head(node: SyntaxNode): string[] | undefined;
  /** A member of this word is no chain: `super.x` names no value to look the chain up from (`super` alone is a receiver). */
  superWord?: string;
}

/** `a.b.c` → ['a', 'b', 'c']; undefined unless every member is a plain name and the chain starts where `shape.head` says. */
export function receiverChain(node: SyntaxNode, shape: ReceiverChainShape): string[] | undefined {
  const path: string[] = [];
  let current: SyntaxNode | null = node;
  for (let access = accessOf(current, shape); access; access = accessOf(current, shape)) {
    const property = fieldChild(current, access.property);
    if (!property || !access.propertyTypes.has(property.type)) return undefined;
    path.unshift(property.text);
    current = fieldChild(current, access.object);
    if (!current) return undefined;
  }
  const head = shape.head(current);
  if (head === undefined || (head[0] === shape.superWord && path.length > 0)) return undefined;
  return [...head, ...path];
}

function accessOf(node: SyntaxNode, shape: ReceiverChainShape): MemberAccessShape | undefined {
  for (const access of shape.accesses) if (access.nodeType === node.type) return access;
  return undefined;
}
