/**
 * JavaScript methods made in a loop over a list of names (`methods.forEach(function (method) { app[method] =
 * function (path) {…} })`, `utils.forEach(['get', 'head'], function (method) { Axios.prototype[method] = function
 * (url) {…} })`): one method per name of the list, declared where the function is written. Only a list whose names
 * are known counts — an array literal of strings, Node's `http.METHODS` (lower-cased or not), the `methods` package
 * (the same lower-cased), or a `methods` list the package's own helper module exports (`require('./utils').methods`,
 * the name frameworks give their copy of the HTTP verbs) — so a member the object never gets is never linked.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { FUNCTION_VALUE_TYPES, hasToken, headerText, receiverChain, requireSpecifier } from './ecmascript-syntax.js';
import type { BoundFunctions, EcmascriptContext } from './file-state.js';
import { returnedValues } from './ecmascript-held-values.js';

/** HTTP methods as Node's `http.METHODS` lists them. */
const HTTP_METHODS: readonly string[] = [
  'ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH', 'MERGE', 'MKACTIVITY',
  'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND', 'PROPPATCH', 'PURGE', 'PUT', 'QUERY',
  'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK', 'UNLOCK', 'UNSUBSCRIBE',
];
/** Packages whose whole value is a list of names: the `methods` package is `http.METHODS` lower-cased. */
const NAME_LIST_PACKAGES: ReadonlyMap<string, readonly string[]> = new Map([['methods', HTTP_METHODS.map((m) => m.toLowerCase())]]);


/** Declares the methods a module-level loop statement makes; false (nothing declared) for any other call. */
export function declareLoopMembers(call: SyntaxNode, statement: SyntaxNode, ctx: EcmascriptContext, into: BoundFunctions): boolean {
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
    // `Axios.prototype[method] = generateHTTPMethod()`: a function the callback's own helper makes (declared, not walked as one).
    const made = value?.type === 'call_expression' && madeByLocalHelper(value, body);
    if (left?.type !== 'subscript_expression' || !value || (!made && !FUNCTION_VALUE_TYPES.has(value.type))) continue;
    const suffix = nameSuffix(left.childForFieldName('index'), parameter);
    if (suffix === undefined) continue;
    const chain = receiverChain(left.childForFieldName('object'))?.names;
    const owner = chain ? file.topLevelByName.get(chain[0]) : undefined;
    if (owner === undefined || !chain) continue;
    const ownerKind = file.declarations[owner].kind;
    // `Axios.prototype[m]` of a constructor: instance methods; `app[m]` of a module-level object: its own.
    const instance = chain.length === 2 && chain[1] === 'prototype' && (ownerKind === 'function' || ownerKind === 'class');
    const own = chain.length === 1 && (ownerKind === 'variable' || ownerKind === 'constant');
    if (!instance && !own) continue;
    let first: number | undefined;
    for (const name of names) {
      const id = file.addDeclaration('method', name + suffix, inner, { ...ctx, container: owner }, {
        signature: headerText(file.source, inner.startIndex, value.childForFieldName('body')?.startIndex ?? value.endIndex),
        isAsync: hasToken(value, 'async'),
      });
      first ??= id;
    }
    if (!made) into.set(value.id, { id: first!, thisIsInstance: value.type !== 'arrow_function' });
    declared = true;
  }
  return declared;
}

/** `[method]`: ''; `[method + 'Form']`: 'Form'; undefined for any other key. */
function nameSuffix(index: SyntaxNode | null, parameter: string): string | undefined {
  if (index?.type === 'identifier') return index.text === parameter ? '' : undefined;
  if (index?.type !== 'binary_expression' || index.childForFieldName('operator')?.text !== '+') return undefined;
  const left = index.childForFieldName('left');
  const right = index.childForFieldName('right');
  if (left?.type !== 'identifier' || left.text !== parameter || right?.type !== 'string') return undefined;
  return right.namedChildren.every((c) => c === null || c.type === 'string_fragment') ? right.text.slice(1, -1) : undefined;
}

/** `generateHTTPMethod(true)` where the loop's callback declares `function generateHTTPMethod` returning a function it writes. */
function madeByLocalHelper(call: SyntaxNode, body: SyntaxNode): boolean {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'identifier') return false;
  const helper = body.namedChildren.find((c) => c?.type === 'function_declaration' && c.childForFieldName('name')?.text === callee.text);
  const returned = helper?.childForFieldName('body') ? returnedValues(helper.childForFieldName('body')!) : [];
  return returned.length > 0 && returned.every((value) => FUNCTION_VALUE_TYPES.has(value.type));
}

function firstParameter(fn: SyntaxNode): string | undefined {
  const single = fn.childForFieldName('parameter');
  if (single) return single.type === 'identifier' ? single.text : undefined;
  const first = fn.childForFieldName('parameters')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  return first?.type === 'identifier' ? first.text : undefined;
}

/**
 * The names a list holds: an array literal of plain strings; a module-level name bound once to such a list; Node's
 * `http.METHODS` (`require('http')`, `require('node:http')`, destructured or not), lower-cased by `.map((m) =>
 * m.toLowerCase())`; a `require` of the `methods` package. undefined when unknown.
 */
function listNames(list: SyntaxNode, statement: SyntaxNode, depth = 0): readonly string[] | undefined {
  if (depth > 4) return undefined;
  const program = statement.parent;
  // An array literal, or a call's arguments (`concat('all', 'use')`): plain strings only.
  if (list.type === 'array' || list.type === 'arguments') {
    const names: string[] = [];
    for (const element of list.namedChildren) {
      if (!element || element.type === 'comment') continue;
      if (element.type !== 'string' || element.namedChildren.some((c) => c !== null && c.type !== 'string_fragment')) return undefined;
      names.push(element.text.slice(1, -1));
    }
    return names;
  }
  const required = requireSpecifier(list);
  if (required !== undefined) return NAME_LIST_PACKAGES.get(required);
  if (list.type === 'call_expression') {
    const callee = list.childForFieldName('function');
    // `methods.concat('all')`: the list and those strings.
    if (callee?.type === 'member_expression' && callee.childForFieldName('property')?.text === 'concat') {
      const head = callee.childForFieldName('object');
      const names = head ? listNames(head, statement, depth + 1) : undefined;
      const added = list.childForFieldName('arguments');
      const more = added ? listNames(added, statement, depth + 1) : undefined;
      return names && more ? [...names, ...more] : undefined;
    }
    // `METHODS.map((method) => method.toLowerCase())`.
    const mapped = callee?.type === 'member_expression' && callee.childForFieldName('property')?.text === 'map' ? callee.childForFieldName('object') : null;
    const names = mapped ? listNames(mapped, statement, depth + 1) : undefined;
    return names && lowerCases(list) ? names.map((name) => name.toLowerCase()) : undefined;
  }
  if (list.type === 'member_expression') {
    // `http.METHODS` of `const http = require('node:http')`.
    const object = list.childForFieldName('object');
    if (list.childForFieldName('property')?.text !== 'METHODS' || object?.type !== 'identifier') return undefined;
    const bound = moduleBinding(program, object.text);
    const specifier = bound?.pattern.type === 'identifier' ? requireSpecifier(bound.value) : undefined;
    return specifier !== undefined && HTTP_MODULES.has(specifier) ? HTTP_METHODS : undefined;
  }
  if (list.type !== 'identifier') return undefined;
  const bound = moduleBinding(program, list.text);
  if (!bound) return undefined;
  if (bound.pattern.type === 'identifier') {
    const known = bound.value ? listNames(bound.value, statement, depth + 1) : undefined;
    // `var methods = require('./utils').methods`: the file's own copy of the HTTP verbs, read from another module.
    return known ?? (list.text === 'methods' && bound.value && sharedMethodsList(bound.value) ? HTTP_METHODS.map((m) => m.toLowerCase()) : undefined);
  }
  // `const { METHODS } = require('node:http')`.
  const specifier = requireSpecifier(bound.value);
  return list.text === 'METHODS' && specifier !== undefined && HTTP_MODULES.has(specifier) ? HTTP_METHODS : undefined;
}

/** `require('./utils').methods`: a list called `methods` another module of the package exports. */
function sharedMethodsList(value: SyntaxNode): boolean {
  if (value.type !== 'member_expression' || value.childForFieldName('property')?.text !== 'methods') return false;
  return requireSpecifier(value.childForFieldName('object'))?.startsWith('.') === true;
}

const HTTP_MODULES: ReadonlySet<string> = new Set(['http', 'node:http']);

/** `(method) => method.toLowerCase()`, `function (m) { return m.toLowerCase() }` as the only argument of a call. */
function lowerCases(call: SyntaxNode): boolean {
  const args = call.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const fn = args.length === 1 ? args[0] : undefined;
  const parameter = fn && FUNCTION_VALUE_TYPES.has(fn.type) ? firstParameter(fn) : undefined;
  let body = fn?.childForFieldName('body') ?? null;
  if (body?.type === 'statement_block') {
    const statements = body.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
    body = statements.length === 1 && statements[0].type === 'return_statement' ? statements[0].namedChild(0) : null;
  }
  return parameter !== undefined && body?.text.replace(/\s+/g, '') === `${parameter}.toLowerCase()`;
}

/**
 * The one module-level declarator binding `name` (`const methods = …`, `const { METHODS } = …`): its pattern and
 * value; undefined when the program binds the name in several or none.
 */
function moduleBinding(program: SyntaxNode | null, name: string): { pattern: SyntaxNode; value: SyntaxNode | null } | undefined {
  if (program?.type !== 'program') return undefined;
  const found: Array<{ pattern: SyntaxNode; value: SyntaxNode | null }> = [];
  for (const statement of program.namedChildren) {
    if (statement?.type !== 'variable_declaration' && statement?.type !== 'lexical_declaration') continue;
    for (const declarator of statement.namedChildren) {
      const pattern = declarator?.type === 'variable_declarator' ? declarator.childForFieldName('name') : null;
      if (!pattern) continue;
      const binds = pattern.type === 'identifier' ? pattern.text === name
        : pattern.type === 'object_pattern' && pattern.namedChildren.some((entry) => entry?.type === 'shorthand_property_identifier_pattern' && entry.text === name);
      if (binds) found.push({ pattern, value: declarator!.childForFieldName('value') });
    }
  }
  return found.length === 1 ? found[0] : undefined;
}
