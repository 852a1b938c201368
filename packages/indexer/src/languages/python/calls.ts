/** Python's call sites: the callee's name and receiver chain, or the type the value it is called on states. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { splitMemberChain, type MemberAccessShape } from '../../extraction/core/tree-walk.js';
import { identifierChain } from './syntax-text.js';
import { fieldChild } from '../../extraction/core/node-fields.js';
import { namedNonComments } from './syntax-nodes.js';
import { callType, valueType } from './type-expressions.js';
import type { PythonContext } from './file-state.js';
import { noteAll } from './bindings.js';

export function visitCall(node: SyntaxNode, ctx: PythonContext): boolean {
  const callee = calleeOf(fieldChild(node, 'function'));
  if (callee) ctx.file.addSite('calls', callee, ctx.enclosing, ctx.scope, node);
  if (ctx.scope.kind === 'module' && callee?.receiver?.length === 1 && callee.receiver[0] === '__all__') {
    const argumentList = fieldChild(node, 'arguments');
    const args = argumentList ? namedNonComments(argumentList) : [];
    if (callee.name === 'extend' && args.length === 1) noteAll(ctx, 'add', args[0]);
    else if (callee.name === 'append' && args.length === 1 && args[0]!.type === 'string') noteAll(ctx, 'add', args[0]);
    else if (callee.name !== 'index' && callee.name !== 'count') noteAll(ctx, 'add', null);
  }
  return true;
}

/**
 * What a call expression calls: `f` → f with receiver []; `a.b.f` → f with ['a', 'b'];
 * `super().f` → f with ['super']; `x[0].f` / `g().f` → f with no receiver; anything else → null.
 */
export function calleeOf(fn: SyntaxNode | null): SiteTarget | null {
  if (!fn) return null;
  const type = fn.type;
  if (type === 'identifier') return { name: fn.text, receiver: [] };
  if (type !== 'attribute') return null;
  const attribute = fieldChild(fn, 'attribute');
  const object = fieldChild(fn, 'object');
  if (!attribute || attribute.type !== 'identifier' || !object) return null;
  const chain = identifierChain(object);
  if (chain) return { name: attribute.text, receiver: chain };
  if (object.type === 'call') {
    const inner = fieldChild(object, 'function');
    if (inner?.type === 'identifier' && inner.text === 'super') return { name: attribute.text, receiver: ['super'] };
  }
  return { name: attribute.text, receiver: undefined, typedReceiver: typedReceiverOf(object) };
}

/** `Foo().m()`, `make().a.b.m()`, `(await load()).m()`: a call's stated type, then member names. */
function typedReceiverOf(object: SyntaxNode): { type: TypeRef; path: string[] } | undefined {
  const chain = splitMemberChain(object, ATTRIBUTE);
  if (!chain) return undefined;
  const type = chain.base.type === 'call' ? callType(chain.base) : valueType(chain.base);
  return type !== null && type !== 'none' ? { type, path: chain.path } : undefined;
}

const ATTRIBUTE: MemberAccessShape = { nodeType: 'attribute', object: 'object', property: 'attribute', propertyTypes: new Set(['identifier']) };
