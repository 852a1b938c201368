/** Rust's call sites: function and method calls, macro invocations and struct expressions. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { RustContext } from './file-state.js';
import { calledFunction, pathChain, valueChain, valueType } from './type-expressions.js';

export function visitCall(node: SyntaxNode, ctx: RustContext): boolean {
  const fn = calledFunction(node);
  const facts = ctx.file.facts;
  if (!fn) return true;
  if (fn.type === 'identifier') {
    facts.addSite('calls', { name: fn.text, receiver: [] }, ctx.enclosing, node, ctx.scope);
  } else if (fn.type === 'scoped_identifier') {
    const chain = pathChain(fn);
    const name = fn.childForFieldName('name')?.text;
    if (!name) return true;
    if (!chain) {
      // `<T as Tr>::f(x)`: the receiver is no path.
      facts.addSite('calls', { name, receiver: undefined }, ctx.enclosing, node, ctx.scope);
      return true;
    }
    const site = facts.addSite('calls', { name, receiver: sitePath(chain.slice(0, -1), ctx) }, ctx.enclosing, node, ctx.scope);
    // A path call states its argument count too (`T::from(x)` among several `From` impls: none picked).
    if (chain.length > 1) site.argumentTypes = argumentCount(node);
  } else if (fn.type === 'field_expression') {
    const field = fn.childForFieldName('field');
    const value = fn.childForFieldName('value');
    if (field?.type !== 'field_identifier' || !value) return true;
    let chain = valueChain(value);
    // `self.read.m()` with `read: R` and `impl<R: Read> S<R>`: the field's type is the impl's.
    const fieldType = chain?.length === 2 && chain[0] === 'self' ? ctx.selfFields?.get(chain[1]) : undefined;
    if (fieldType) chain = null;
    const type = chain ? null : fieldType ?? valueType(value, ctx.self);
    const site = chain
      ? facts.addSite('calls', { name: field.text, receiver: chain }, ctx.enclosing, node, ctx.scope)
      : facts.addSite('calls', { name: field.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined }, ctx.enclosing, node, ctx.scope);
    // A method call states its argument count (types unknown), for the method's arity.
    site.argumentTypes = argumentCount(node);
  }
  return true;
}

/** A call's arguments, as many unknown types. */
function argumentCount(call: SyntaxNode): Array<string | null> {
  const args = call.childForFieldName('arguments');
  return (args?.namedChildren ?? []).filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment' && c.type !== 'attribute_item').map(() => null);
}

/**
 * A call path's qualifier as the resolver reads it: `self::f()` in the file's module is a bare
 * `f()`; `crate::` and `super::` are modules the resolver knows (`implicitModule`). Inside an inline
 * module, `self::` and `super::` name modules of this file by a path the resolver cannot walk: the
 * site keeps no receiver chain (unresolved, never guessed).
 */
function sitePath(qualifier: string[], ctx: RustContext): string[] | undefined {
  if (qualifier.length === 0) return [];
  const head = qualifier[0];
  if (head === 'self' && ctx.inlineModules.length === 0) return qualifier.slice(1);
  if (head === 'self' || (head === 'super' && ctx.inlineModules.length > 0)) return undefined;
  if (head === 'Self' && Array.isArray(ctx.self) && qualifier.length > 1) return [...ctx.self, ...qualifier.slice(1)];
  return qualifier;
}

export function visitMacroCall(node: SyntaxNode, ctx: RustContext): void {
  const macro = node.childForFieldName('macro');
  if (macro?.type === 'identifier') ctx.file.facts.addSite('calls', { name: `${macro.text}!`, receiver: [] }, ctx.enclosing, node, ctx.scope);
  // `assert_eq!(f(x), y)`, `vec![a(); n]`: the arguments are tokens to the grammar; parsed again as an
  // expression after the walk. A `{ … }` argument is items (`thread_local! { … }`): never.
  const args = node.namedChildren.find((c) => c?.type === 'token_tree');
  if (args && (args.text.startsWith('(') || args.text.startsWith('['))) {
    ctx.file.macroArguments.push({ text: args.text, row: args.startPosition.row + ctx.file.builder.lineOffset, column: args.startPosition.column, ctx });
  } else if (args) {
    recordMacroModules(args, ctx);
  }
}

/** `cfg_if! { if #[cfg(unix)] { mod unix; } }`: the modules an item macro's tokens declare (`mod` then a name). */
function recordMacroModules(tokens: SyntaxNode, ctx: RustContext): void {
  if (!tokens.text.includes('mod')) return;
  for (const name of tokens.descendantsOfType('identifier')) {
    if (name?.previousSibling?.type === 'mod') ctx.file.module.submodule(name.text);
  }
}

/** `T { a, b }`, `Self { … }`, `m::T { … }`: an instance of T (an enum variant `E::V { … }` is none). */
export function visitStructExpression(node: SyntaxNode, ctx: RustContext): boolean {
  let name = node.childForFieldName('name');
  if (name?.type === 'generic_type_with_turbofish') name = name.childForFieldName('type');
  const chain = name ? pathChain(name) : null;
  if (!chain) return true;
  const resolved = chain[0] === 'Self' ? (Array.isArray(ctx.self) ? [...ctx.self, ...chain.slice(1)] : null) : chain;
  if (!resolved) return true;
  const receiver = sitePath(resolved.slice(0, -1), ctx);
  ctx.file.facts.addSite('instantiates', { name: resolved[resolved.length - 1], receiver }, ctx.enclosing, node, ctx.scope);
  return true;
}
