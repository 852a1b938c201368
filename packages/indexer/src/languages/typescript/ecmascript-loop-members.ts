/**
 * JavaScript methods made in a loop over a list of names (`methods.forEach(function (method) { app[method] =
 * function (path) {…} })`, `utils.forEach(['get', 'head'], function (method) { Axios.prototype[method] = function
 * (url) {…} })`): one method per name of the list, declared where the function is written. Only a list whose names
 * are known counts — an array literal of strings, or a `require` of a package whose value is a well-known list (`methods`:
 * Node's `http.METHODS` lower-cased) — so a member the object never gets is never linked.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { FUNCTION_VALUE_TYPES, hasToken, headerText, receiverChain, requireSpecifier } from './ecmascript-syntax.js';
import type { EcmascriptContext } from './file-state.js';

/** HTTP methods as Node's `http.METHODS` lists them. */
const HTTP_METHODS: readonly string[] = [
  'ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH', 'MERGE', 'MKACTIVITY',
  'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND', 'PROPPATCH', 'PURGE', 'PUT', 'QUERY',
  'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK', 'UNLOCK', 'UNSUBSCRIBE',
];
/** Packages whose whole value is a list of names: the `methods` package is `http.METHODS` lower-cased. */
const NAME_LIST_PACKAGES: ReadonlyMap<string, readonly string[]> = new Map([['methods', HTTP_METHODS.map((m) => m.toLowerCase())]]);

/** The functions a loop assigns under each name, to bind their bodies to the first method declared for them. */
export interface LoopMembers {
  /** Syntax node id of an assigned function → the method its sites belong to, and whether its `this` is the instance. */
  bound: Map<number, { id: number; thisIsInstance: boolean }>;
}

/** Declares the methods a module-level loop statement makes; false (nothing declared) for any other call. */
export function declareLoopMembers(call: SyntaxNode, statement: SyntaxNode, ctx: EcmascriptContext, into: LoopMembers): boolean {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'member_expression' && callee?.type !== 'identifier') return false;
  const calleeName = callee.type === 'identifier' ? callee.text : callee.childForFieldName('property')?.text;
  if (calleeName !== 'forEach') return false;
  const args = call.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  // `list.forEach(fn)` or `each(list, fn)` (a helper's `forEach(list, fn)`).
  const [listNode, fn] = args.length === 1 && callee.type === 'member_expression' ? [callee.childForFieldName('object'), args[0]]
    : args.length === 2 ? [args[0], args[1]] : [null, null];
  if (!listNode || !fn || (fn.type !== 'function_expression' && fn.type !== 'function' && fn.type !== 'arrow_function')) return false;
  const parameter = firstParameter(fn);
  const body = fn.childForFieldName('body');
  if (parameter === undefined || body?.type !== 'statement_block') return false;
  const names = listNames(listNode, statement);
  if (!names || names.length === 0) return false;
  const file = ctx.file;
  let declared = false;
  for (const inner of body.namedChildren) {
    if (inner?.type !== 'expression_statement') continue;
    const assignment = inner.namedChild(0);
    if (assignment?.type !== 'assignment_expression') continue;
    const left = assignment.childForFieldName('left');
    const value = assignment.childForFieldName('right');
    if (left?.type !== 'subscript_expression' || !value || !FUNCTION_VALUE_TYPES.has(value.type)) continue;
    const index = left.childForFieldName('index');
    if (index?.type !== 'identifier' || index.text !== parameter) continue;
    const chain = receiverChain(left.childForFieldName('object'))?.names;
    const owner = chain ? file.topLevelByName.get(chain[0]) : undefined;
    if (owner === undefined || !chain) continue;
    const ownerKind = file.declarations[owner].kind;
    // `Axios.prototype[m]` of a constructor: instance methods; `app[m]` of a module-level object: its own.
    const instance = chain.length === 2 && chain[1] === 'prototype' && ownerKind === 'function';
    const own = chain.length === 1 && (ownerKind === 'variable' || ownerKind === 'constant');
    if (!instance && !own) continue;
    let first: number | undefined;
    for (const name of names) {
      const id = file.addDeclaration('method', name, inner, { ...ctx, container: owner }, {
        signature: headerText(file.source, inner.startIndex, value.childForFieldName('body')?.startIndex ?? value.endIndex),
        isAsync: hasToken(value, 'async'),
      });
      first ??= id;
    }
    into.bound.set(value.id, { id: first!, thisIsInstance: value.type !== 'arrow_function' });
    declared = true;
  }
  return declared;
}

function firstParameter(fn: SyntaxNode): string | undefined {
  const single = fn.childForFieldName('parameter');
  if (single) return single.type === 'identifier' ? single.text : undefined;
  const first = fn.childForFieldName('parameters')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  return first?.type === 'identifier' ? first.text : undefined;
}

/** The names a list holds: an array literal of plain strings, or a module-level `require` of a package known to be one. */
function listNames(list: SyntaxNode, statement: SyntaxNode): readonly string[] | undefined {
  if (list.type === 'array') {
    const names: string[] = [];
    for (const element of list.namedChildren) {
      if (!element || element.type === 'comment') continue;
      if (element.type !== 'string' || element.namedChildren.some((c) => c !== null && c.type !== 'string_fragment')) return undefined;
      names.push(element.text.slice(1, -1));
    }
    return names;
  }
  if (list.type !== 'identifier') return undefined;
  const required = requiredPackage(statement.parent, list.text);
  return required === undefined ? undefined : NAME_LIST_PACKAGES.get(required);
}

/** `var methods = require('methods')` among the program's statements: 'methods'; undefined when the name is bound otherwise or twice. */
function requiredPackage(program: SyntaxNode | null, name: string): string | undefined {
  if (program?.type !== 'program') return undefined;
  let found: string | undefined;
  let bindings = 0;
  for (const statement of program.namedChildren) {
    if (statement?.type !== 'variable_declaration' && statement?.type !== 'lexical_declaration') continue;
    for (const declarator of statement.namedChildren) {
      if (declarator?.type !== 'variable_declarator' || declarator.childForFieldName('name')?.text !== name) continue;
      bindings++;
      found = requireSpecifier(declarator.childForFieldName('value'));
    }
  }
  return bindings === 1 ? found : undefined;
}
