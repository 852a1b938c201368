/**
 * JavaScript variables that hold a function computed elsewhere, and the functions that compute one by wrapping
 * their argument. A variable initialised by a name chain (`exports.json = bodyParser.json`) is a second name for
 * what the chain names (`aliasOf`); one initialised by anything else (`require('depd')('app')`, `awaitify(fn, 4)`)
 * runs, when called, what that value is — never the variable itself (`callsRunHeldValue`), and where the value is
 * a call, the call (`heldCall`) lets the resolver find the argument a forwarding wrapper runs (`forwardsParameter`).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration } from '../../model/extraction.js';
import { FUNCTION_VALUE_TYPES, receiverChain } from './ecmascript-syntax.js';

type HeldValue = Pick<Declaration, 'aliasOf' | 'callsRunHeldValue' | 'heldCall'>;

/** Calls a forwarding wrapper may make of the wrapped function besides calling it: `fn.apply(this, args)`, `fn.call(…)`. */
const INVOKING_MEMBERS: ReadonlySet<string> = new Set(['apply', 'call']);
/** Nodes whose `return`s are another function's. */
const NESTED_FUNCTION_TYPES: ReadonlySet<string> = new Set([
  ...FUNCTION_VALUE_TYPES, 'function_declaration', 'generator_function_declaration', 'method_definition', 'class', 'class_declaration',
]);

/**
 * What a call of a module-level variable with this initialiser runs: a name chain's target (`aliasOf`), a call's
 * result (`heldCall`; `named`: the variable is a name the module gives it, not an anonymous `export default`), or
 * some other value; undefined for a function or class (a declaration of its own).
 */
export function heldValue(value: SyntaxNode | null, named: boolean): HeldValue | undefined {
  const unwrapped = value ? unparenthesised(value) : null;
  // `let lightMyRequest` assigned later: whatever it holds, it is no declaration of a function.
  if (!unwrapped) return { callsRunHeldValue: true };
  if (FUNCTION_VALUE_TYPES.has(unwrapped.type) || unwrapped.type === 'class') return undefined;
  if (unwrapped.type === 'identifier' || unwrapped.type === 'member_expression') {
    const chain = receiverChain(unwrapped)?.names;
    if (chain && chain[0] !== 'this' && chain[0] !== 'super') return { aliasOf: chain, callsRunHeldValue: true };
  }
  const heldCall = unwrapped.type === 'call_expression' ? callOf(unwrapped) : undefined;
  if (heldCall && named) heldCall.named = true;
  return heldCall ? { callsRunHeldValue: true, heldCall } : { callsRunHeldValue: true };
}

/** A variable the file assigns again may hold anything: a call of it still runs its value, but which is unknown. */
export function reassignedHeldValue(decl: Declaration): void {
  if (!decl.callsRunHeldValue) return;
  delete decl.aliasOf;
  delete decl.heldCall;
}

/** `f(a, b.c, 4)` → callee ['f'], arguments [['a'], ['b', 'c'], null]; undefined when the callee is no name chain. */
function callOf(call: SyntaxNode): NonNullable<Declaration['heldCall']> | undefined {
  const callee = receiverChain(call.childForFieldName('function'))?.names;
  if (!callee || callee[0] === 'this' || callee[0] === 'super' || callee[0] === 'require') return undefined;
  const args = call.childForFieldName('arguments');
  if (args?.type !== 'arguments') return undefined;
  const chains = args.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment').map((argument) => {
    const chain = argument.type === 'identifier' || argument.type === 'member_expression' ? receiverChain(argument)?.names : undefined;
    return chain && chain[0] !== 'this' && chain[0] !== 'super' ? chain : null;
  });
  return { callee, arguments: chains };
}

/**
 * The parameter a function forwards to: every `return` of it gives its parameter itself, or a function (written
 * there, or declared directly in its body) that calls that parameter — `p(…)`, `p.apply(…)`, `p.call(…)` — and no
 * other of its parameters; the parameter is never reassigned. undefined otherwise.
 */
export function forwardedParameter(fn: SyntaxNode): number | undefined {
  const parameters = parameterNames(fn);
  if (parameters.length === 0 || parameters.every((name) => name === null)) return undefined;
  const body = fn.childForFieldName('body');
  if (!body) return undefined;
  const returned = body.type === 'statement_block' ? returnedValues(body) : [body];
  if (returned.length === 0) return undefined;
  const localFunctions = body.type === 'statement_block' ? functionsDeclaredIn(body) : new Map<string, SyntaxNode>();
  let forwarded: number | undefined;
  for (const value of returned) {
    const unwrapped = unparenthesised(value);
    let indices: number[];
    if (unwrapped.type === 'identifier' && parameters.includes(unwrapped.text)) {
      indices = [parameters.indexOf(unwrapped.text)];
    } else {
      const made = FUNCTION_VALUE_TYPES.has(unwrapped.type) ? unwrapped
        : unwrapped.type === 'identifier' ? localFunctions.get(unwrapped.text) : undefined;
      if (!made) return undefined;
      const own = new Set(parameterNames(made).filter((name): name is string => name !== null));
      indices = parameters.flatMap((name, i) => (name !== null && !own.has(name) && callsName(made, name, own) ? [i] : []));
    }
    if (indices.length !== 1 || (forwarded !== undefined && forwarded !== indices[0])) return undefined;
    forwarded = indices[0];
  }
  if (forwarded === undefined || assignsName(body, parameters[forwarded]!)) return undefined;
  return forwarded;
}

function unparenthesised(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (current.type === 'parenthesized_expression') {
    const inner = current.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** Each parameter's name, null where it is a pattern (`{ a }`), whose value is no one parameter. */
function parameterNames(fn: SyntaxNode): Array<string | null> {
  const single = fn.childForFieldName('parameter');
  if (single) return [single.type === 'identifier' ? single.text : null];
  const list = fn.childForFieldName('parameters');
  if (!list) return [];
  return list.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment').map((parameter) => {
    let named: SyntaxNode | null = parameter;
    // TypeScript `required_parameter` / `optional_parameter` wrap the pattern; a default value keeps the name on the left.
    if (named.type === 'required_parameter' || named.type === 'optional_parameter') named = named.childForFieldName('pattern');
    if (named?.type === 'assignment_pattern') named = named.childForFieldName('left');
    return named?.type === 'identifier' ? named.text : null;
  });
}

/** The values of the `return` statements of this function body (not of functions nested in it); a bare `return` fails the proof. */
export function returnedValues(body: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  let bare = false;
  const stack: SyntaxNode[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== body && NESTED_FUNCTION_TYPES.has(node.type)) continue;
    if (node.type === 'return_statement') {
      const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      if (value) out.push(value);
      else bare = true;
      continue;
    }
    for (const child of node.namedChildren) if (child) stack.push(child);
  }
  return bare ? [] : out;
}

/** Functions a body declares at its top level, by name (`function awaitable(...args) {…}` then `return awaitable`). */
export function functionsDeclaredIn(body: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const statement of body.namedChildren) {
    if (statement?.type !== 'function_declaration') continue;
    const name = statement.childForFieldName('name')?.text;
    if (name !== undefined) out.set(name, statement);
  }
  return out;
}

/**
 * Whether `fn` passes its own arguments on to `name` — `name(...args)`, `name(a, b)`, `name.apply(this, arguments)`,
 * `name.call(this, a)` with `own` its parameters (any call where it has none) — outside any function nested in it
 * other than an argument of a call it makes (`new Promise((resolve) => name.apply(this, args))`). A function that
 * only hands `name` to an inner helper of its own (`function next() { iterator(…) }`) or calls it with values of its
 * own making (`defer(() => fn(...args))`) does more than forward: it is no transparent wrapper.
 */
function callsName(fn: SyntaxNode, name: string, own: ReadonlySet<string>): boolean {
  const body = fn.childForFieldName('body');
  const stack: SyntaxNode[] = body ? [body] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (NESTED_FUNCTION_TYPES.has(node.type) && node.parent?.type !== 'arguments') continue;
    if (node.type === 'call_expression' && forwardsOwnArguments(node, name, own)) return true;
    for (const child of node.namedChildren) if (child) stack.push(child);
  }
  return false;
}

function forwardsOwnArguments(call: SyntaxNode, name: string, own: ReadonlySet<string>): boolean {
  const callee = call.childForFieldName('function');
  if (!callee) return false;
  let passed = call.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  if (callee.type === 'member_expression') {
    const object = callee.childForFieldName('object');
    if (object?.type !== 'identifier' || object.text !== name || !INVOKING_MEMBERS.has(callee.childForFieldName('property')?.text ?? '')) return false;
    // `name.apply(thisArg, args)`, `name.call(thisArg, a, b)`: what follows the receiver.
    passed = passed.slice(1);
  } else if (callee.type !== 'identifier' || callee.text !== name) {
    return false;
  }
  if (own.size === 0) return true;
  return passed.length > 0 && passed.every((argument) => {
    const value = argument.type === 'spread_element' ? argument.namedChild(0) : argument;
    return value?.type === 'identifier' && (own.has(value.text) || value.text === 'arguments');
  });
}

/** Whether `body` assigns `name` anywhere (`fn = other`): the parameter may then hold anything. */
export function assignsName(body: SyntaxNode, name: string): boolean {
  for (const type of ['assignment_expression', 'augmented_assignment_expression']) {
    for (const assignment of body.descendantsOfType(type)) {
      const left = assignment?.childForFieldName('left');
      if (left?.type === 'identifier' && left.text === name) return true;
    }
  }
  return false;
}

/**
 * Whether `body` (nested functions included) gives the object `name` holds a function of its own under some member
 * name — `q.push = function (…) {…}`, `q[m] = () => …` — after it was made. Such a member shadows the one the
 * object's type declares (async's `priorityQueue` makes `q` with `queue()` and then replaces `q.push`), so the
 * value's type no longer says what its members run.
 */
export function overridesMemberOf(body: SyntaxNode, name: string): boolean {
  for (const assignment of body.descendantsOfType('assignment_expression')) {
    const left = assignment?.childForFieldName('left');
    if (left?.type !== 'member_expression' && left?.type !== 'subscript_expression') continue;
    const object = left.childForFieldName('object');
    if (object?.type !== 'identifier' || object.text !== name) continue;
    const value = assignment!.childForFieldName('right');
    if (value && FUNCTION_VALUE_TYPES.has(value.type)) return true;
  }
  return false;
}
