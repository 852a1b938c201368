/**
 * JavaScript factories that build an object literal in a local and return it
 * (`function queue(worker) { var q = { push(data, cb) {…}, length: function () {…}, kill }; …; return q; }`): the
 * local becomes a declaration whose members are the literal's functions — written there, or a function the factory
 * declares in its body, named by a shorthand (`kill`) or `key: name` entry — and the factory `returnsLocal` it, so a
 * value made by calling the factory (`const q = queue(fn); q.push(x)`) has those members.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { assignsName, functionsDeclaredIn, returnedValues } from './ecmascript-held-values.js';
import { compactText, FUNCTION_VALUE_TYPES, hasToken, headerText, propertyName, receiverChain } from './ecmascript-syntax.js';
import type { EcmascriptContext, EcmascriptWalk } from './file-state.js';

const FUNCTION_NODE_TYPES: ReadonlySet<string> = new Set([...FUNCTION_VALUE_TYPES, 'function_declaration', 'method_definition']);

/** Declares `name = { … }` in a factory that returns it, with its members; false (nothing done) for any other local. */
export function visitReturnedObject(nameNode: SyntaxNode, value: SyntaxNode | null, span: SyntaxNode, ctx: EcmascriptContext, walk: EcmascriptWalk): boolean {
  const file = ctx.file;
  // `ctx.results`: the nearest function is the declared one `ctx.enclosing` names (an anonymous one collects none).
  if (file.typeChecked || ctx.moduleLevel || ctx.suppressDeclarations || !ctx.results || ctx.enclosing === null) return false;
  if (nameNode.type !== 'identifier' || value?.type !== 'object') return false;
  const factory = file.declarations[ctx.enclosing];
  if (factory.kind !== 'function' && factory.kind !== 'method') return false;
  const fn = enclosingFunction(nameNode);
  const body = fn?.childForFieldName('body');
  if (!fn || body?.type !== 'statement_block' || fn.endPosition.row + 1 !== factory.endLine) return false;
  const name = nameNode.text;
  const returned = returnedValues(body);
  if (returned.length === 0 || !returned.every((r) => r.type === 'identifier' && r.text === name) || assignsName(body, name)) return false;
  const inner = functionsDeclaredIn(body);
  const entries = value.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  const chainOf = (entry: SyntaxNode) => moduleChain(entry, ctx);
  if (!entries.some((entry) => memberFunction(entry) !== undefined || namedFunction(entry, inner) !== undefined || chainOf(entry) !== undefined)) return false;

  const objectCtx: EcmascriptContext = { ...ctx, container: ctx.enclosing };
  const id = file.addDeclaration('variable', name, span, objectCtx, {
    signature: compactText(file.source.slice(span.startIndex, Math.min(span.endIndex, value.startIndex + 1)), 200),
  });
  factory.returnsLocal = name;
  const memberCtx: EcmascriptContext = { ...ctx, container: id };
  for (const entry of entries) {
    const written = memberFunction(entry);
    if (written) {
      declareWrittenMember(entry, written, memberCtx, ctx, walk);
      continue;
    }
    const named = namedFunction(entry, inner);
    if (named) {
      // `{ kill }` of `function kill() {…}` declared in the factory: a second name for it.
      const alias = file.addDeclaration('method', named.key, entry, memberCtx, { signature: compactText(entry.text, 200) });
      file.localAliases.push({ declaration: alias, name: named.local, scope: ctx.scope });
      continue;
    }
    const chain = chainOf(entry);
    if (chain) {
      // `decorateRequest: decorator.decorateRequest` of a module-level `decorator`: a second name for what the chain names.
      file.addDeclaration('method', chain.key, entry, memberCtx, { signature: compactText(entry.text, 200), aliasOf: chain.names, callsRunHeldValue: true });
      walk.push(entry, ctx);
      continue;
    }
    walk.push(entry, ctx);
  }
  return true;
}

/** `key: a.b` whose head no scope of the factory binds (a module-level name): the key and the chain. */
function moduleChain(entry: SyntaxNode, ctx: EcmascriptContext): { key: string; names: string[] } | undefined {
  if (entry.type !== 'pair') return undefined;
  const key = entry.childForFieldName('key');
  const value = entry.childForFieldName('value');
  if (!key || key.type === 'computed_property_name' || value?.type !== 'member_expression') return undefined;
  const names = receiverChain(value)?.names;
  if (!names || names[0] === 'this' || names[0] === 'super' || ctx.scope.classify(names[0], true).locallyBound) return undefined;
  return { key: propertyName(key), names };
}


/** A method the object literal writes (`push(data) {…}`, `idle: () => …`): declared in the object, its body walked as its own. */
export function declareWrittenMember(entry: SyntaxNode, written: { key: string; fn: SyntaxNode }, memberCtx: EcmascriptContext, ctx: EcmascriptContext, walk: EcmascriptWalk, thisIsInstance = false): void {
  const file = ctx.file;
  const member = file.addDeclaration('method', written.key, entry, memberCtx, {
    signature: headerText(file.source, entry.startIndex, written.fn.childForFieldName('body')?.startIndex ?? written.fn.endIndex),
    isAsync: hasToken(written.fn, 'async'),
  });
  walk.push(written.fn, ctx, { extra: { bound: member, thisIsInstance } });
}

export function enclosingFunction(node: SyntaxNode): SyntaxNode | null {
  for (let current = node.parent; current; current = current.parent) {
    if (FUNCTION_NODE_TYPES.has(current.type)) return current;
  }
  return null;
}

/** `push(data) {…}`, `length: function () {…}`, `idle: () => …`: the key and the function written there. */
export function memberFunction(entry: SyntaxNode): { key: string; fn: SyntaxNode } | undefined {
  if (entry.type === 'method_definition') {
    const key = entry.childForFieldName('name');
    if (!key || key.type === 'computed_property_name' || hasToken(entry, 'get') || hasToken(entry, 'set')) return undefined;
    return { key: propertyName(key), fn: entry };
  }
  if (entry.type !== 'pair') return undefined;
  const key = entry.childForFieldName('key');
  const fn = entry.childForFieldName('value');
  if (!key || !fn || key.type === 'computed_property_name' || !FUNCTION_VALUE_TYPES.has(fn.type)) return undefined;
  return { key: propertyName(key), fn };
}

/** `{ kill }`, `{ stop: kill }` where the factory declares `function kill`: the key and that local name. */
function namedFunction(entry: SyntaxNode, inner: ReadonlyMap<string, SyntaxNode>): { key: string; local: string } | undefined {
  if (entry.type === 'shorthand_property_identifier') return inner.has(entry.text) ? { key: entry.text, local: entry.text } : undefined;
  if (entry.type !== 'pair') return undefined;
  const key = entry.childForFieldName('key');
  const local = entry.childForFieldName('value');
  if (!key || key.type === 'computed_property_name' || local?.type !== 'identifier' || !inner.has(local.text)) return undefined;
  return { key: propertyName(key), local: local.text };
}
