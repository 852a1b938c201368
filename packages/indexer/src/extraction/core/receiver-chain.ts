/**
 * A receiver written as a chain of names (`a.b.c`, `$this->repo->items`, `self.x`) read the same way
 * for every grammar: a language states, as `ReceiverChainShape` in its folder, how it writes a member
 * access, which nodes start a chain and which stand for the one value inside them.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { fieldChild } from './node-fields.js';

/** How a language writes a member access (`a.b`): the node type and its object and property fields. */
export interface MemberAccessShape {
  nodeType: string;
  object: string;
  property: string;
  /** Node types a property name may have (identifiers, not computed keys). */
  propertyTypes: ReadonlySet<string>;
}

export interface ReceiverChainShape {
  /** How the language writes a member access (several node types: PHP `->` and `?->`). */
  accesses: readonly MemberAccessShape[];
  /** The first names of a chain starting at `node`, which is no member access (undefined: none starts there, a call say). */
  head(node: SyntaxNode): string[] | undefined;
  /** A member of this word is no chain: `super.x` names no value to look the chain up from (`super` alone is a receiver). */
  superWord?: string;
}

/**
 * `make().a.b` → the innermost object that is no member access (`make()`) and the member names after it
 * (['a', 'b']); undefined when a member is not a plain name.
 */
export function splitChain(node: SyntaxNode, accesses: readonly MemberAccessShape[]): { base: SyntaxNode; path: string[] } | undefined {
  const path: string[] = [];
  let current: SyntaxNode | null = node;
  for (let access = accessOf(current, accesses); access; access = accessOf(current, accesses)) {
    const property = fieldChild(current, access.property);
    if (!property || !access.propertyTypes.has(property.type)) return undefined;
    path.unshift(property.text);
    current = fieldChild(current, access.object);
    if (!current) return undefined;
  }
  return { base: current, path };
}

/** `a.b.c` → ['a', 'b', 'c']; undefined unless every member is a plain name and the chain starts where `shape.head` says. */
export function receiverChain(node: SyntaxNode, shape: ReceiverChainShape): string[] | undefined {
  const split = splitChain(node, shape.accesses);
  const head = split && shape.head(split.base);
  if (head === undefined || (head[0] === shape.superWord && split!.path.length > 0)) return undefined;
  return [...head, ...split!.path];
}

function accessOf(node: SyntaxNode, accesses: readonly MemberAccessShape[]): MemberAccessShape | undefined {
  for (const access of accesses) if (access.nodeType === node.type) return access;
  return undefined;
}
