/**
 * What calling a JavaScript function gives, where its `return`s alone do not prove it.
 *
 * A constructor that guards against being called without `new` (`function Router(opts) { if (!(this instanceof
 * Router)) return new Router(opts); … }`): called as a function, the guard always fires, so `Router()` is an instance.
 *
 * Factories that build their result by copying another object's members onto a local and return that
 * local (`function createApplication() { var app = function (req, res) {…}; mixin(app, proto, false); return app; }`
 * with `var proto = require('./application')`): a call of the factory gives a value with the members of what was
 * mixed in — `Object.assign(x, src)`, `mixin(x, src)`, `extend(x, src)`, `merge(x, src)`, also as a member
 * (`utils.extend(x, src)`). The result is stated as `any-of` the sources: the ones the workspace proves must agree
 * (a source outside it, `EventEmitter.prototype`, proves nothing and is left out by the resolver).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { assignsName, returnedValues } from './ecmascript-held-values.js';
import { receiverChain } from './ecmascript-syntax.js';

/** `if (!(this instanceof Name)) return new Name(…)` as a top-level statement of the function named `name`: its instance. */
export function selfConstructedResult(fn: SyntaxNode, name: string): TypeRef | undefined {
  const body = fn.childForFieldName('body');
  if (body?.type !== 'statement_block') return undefined;
  for (const statement of body.namedChildren) {
    if (statement?.type !== 'if_statement' || statement.childForFieldName('alternative')) continue;
    const condition = unparenthesised(statement.childForFieldName('condition'));
    const negated = condition?.type === 'unary_expression' && condition.childForFieldName('operator')?.text === '!' ? unparenthesised(condition.childForFieldName('argument')) : null;
    if (negated?.type !== 'binary_expression' || negated.childForFieldName('operator')?.text !== 'instanceof') continue;
    if (negated.childForFieldName('left')?.type !== 'this' || negated.childForFieldName('right')?.text !== name) continue;
    let consequence = statement.childForFieldName('consequence');
    if (consequence?.type === 'statement_block') {
      const inner = consequence.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
      consequence = inner.length === 1 ? inner[0] : null;
    }
    const returned = consequence?.type === 'return_statement' ? unparenthesised(consequence.namedChild(0)) : null;
    const constructed = returned?.type === 'new_expression' ? returned.childForFieldName('constructor') : null;
    if (constructed?.type === 'identifier' && constructed.text === name) return { kind: 'call', callee: [name], construct: true };
  }
  return undefined;
}

function unparenthesised(node: SyntaxNode | null): SyntaxNode | null {
  let current = node;
  while (current?.type === 'parenthesized_expression') current = current.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  return current;
}

/** Callees that copy the members of their later arguments onto their first (`Object.assign` only as itself). */
const MIXIN_CALLEES: ReadonlySet<string> = new Set(['mixin', 'extend', 'merge']);

/**
 * The result of a function whose every `return` gives one local that statements of its body (not nested in a
 * branch) mix other values into: `any-of` those values, and the local (which holds them too). undefined for any
 * other function.
 */
export function mixedInResult(fn: SyntaxNode): { type: TypeRef; local: string } | undefined {
  const body = fn.childForFieldName('body');
  if (body?.type !== 'statement_block') return undefined;
  const returned = returnedValues(body);
  const local = returned[0]?.type === 'identifier' ? returned[0].text : undefined;
  if (local === undefined || !returned.every((value) => value.type === 'identifier' && value.text === local)) return undefined;
  // The local must be the function's own (`var app = …` in its body), and hold one value throughout.
  if (!declaresLocal(body, local) || assignsName(body, local)) return undefined;
  const sources: TypeRef[] = [];
  for (const statement of body.namedChildren) {
    if (statement?.type !== 'expression_statement') continue;
    const call = statement.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (call?.type !== 'call_expression') continue;
    for (const chain of mixedSources(call, local)) sources.push({ kind: 'value', chain });
  }
  return sources.length > 0 ? { type: { kind: 'any-of', of: sources }, local } : undefined;
}

/** `mixin(local, a, b.c, false)`: [['a'], ['b', 'c']] (name chains only); [] for any other call. */
function mixedSources(call: SyntaxNode, local: string): string[][] {
  const callee = receiverChain(call.childForFieldName('function'))?.names;
  if (!callee || callee[0] === 'this' || callee[0] === 'super') return [];
  const name = callee[callee.length - 1];
  const mixes = MIXIN_CALLEES.has(name) || (callee.length === 2 && callee[0] === 'Object' && name === 'assign');
  if (!mixes) return [];
  const args = call.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  if (args.length < 2 || args[0].type !== 'identifier' || args[0].text !== local) return [];
  const out: string[][] = [];
  for (const argument of args.slice(1)) {
    if (argument.type !== 'identifier' && argument.type !== 'member_expression') continue;
    const chain = receiverChain(argument)?.names;
    if (chain && chain[0] !== 'this' && chain[0] !== 'super') out.push(chain);
  }
  return out;
}

/** Whether the body declares `name` at its top level (`var name = …`, `const name = …`, `function name`). */
function declaresLocal(body: SyntaxNode, name: string): boolean {
  for (const statement of body.namedChildren) {
    if (!statement) continue;
    if (statement.type === 'function_declaration' && statement.childForFieldName('name')?.text === name) return true;
    if (statement.type !== 'variable_declaration' && statement.type !== 'lexical_declaration') continue;
    for (const declarator of statement.namedChildren) {
      if (declarator?.type === 'variable_declarator' && declarator.childForFieldName('name')?.text === name) return true;
    }
  }
  return false;
}
