/** Dart's call sites: selector chains (`a.b.m()`), cascades, `new`/constructor calls, initializers and redirections, with the types the values they are called on state. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import type { DartContext } from './file-state.js';
import { childrenOf, typeList } from './types.js';
import { spanOf } from './directives.js';

/** Primaries a receiver chain can start with. */
const CHAIN_HEADS = new Set(['identifier', 'this']);

/** The member name a selector reads (`.name`, `?.name`), or undefined (`!`, `[i]`, a call). */
function selectorName(selector: SyntaxNode): SyntaxNode | undefined {
  const access = selector.type === 'unconditional_assignable_selector' || selector.type === 'conditional_assignable_selector'
    ? selector
    : selector.namedChildren.find((c) => c?.type === 'unconditional_assignable_selector' || c?.type === 'conditional_assignable_selector');
  const name = access?.namedChildren[0];
  return name?.type === 'identifier' ? name : undefined;
}

function isCall(selector: SyntaxNode): boolean {
  return selector.type === 'selector' && selector.namedChildren.some((c) => c?.type === 'argument_part');
}

/** `!` (a non-null assertion): no name, no call. */
function isTransparent(selector: SyntaxNode): boolean {
  return selector.type === 'selector' && selector.namedChildCount === 0;
}

/** The postfix run ending right before `node`: its primary, then its selectors. */
function runBefore(node: SyntaxNode): SyntaxNode[] {
  const run: SyntaxNode[] = [];
  let current = node.previousNamedSibling;
  while (current && (current.type === 'selector' || current.type === 'comment')) {
    if (current.type === 'selector') run.unshift(current);
    current = current.previousNamedSibling;
  }
  if (!current) return [];
  run.unshift(current);
  return run;
}

/** `a.b.c` or `this.a` as a name chain; undefined when the run is anything else. */
function chainOf(run: SyntaxNode[]): string[] | undefined {
  if (run.length === 0 || !CHAIN_HEADS.has(run[0].type)) return undefined;
  const chain = [run[0].text];
  for (const selector of run.slice(1)) {
    if (isTransparent(selector)) continue;
    const name = selectorName(selector);
    if (!name || isCall(selector)) return undefined;
    chain.push(name.text);
  }
  return chain;
}

/**
 * The class a postfix run's value is stated to be: a constructor or a function's declared result
 * (`Foo()`, `p.Foo.named()`, `make()`), then members called on it (`.m()`) and fields read
 * (`.f`, kept as a path). null when the code proves none.
 */
export function expressionType(run: SyntaxNode[], ctx: DartContext): TypeRef | null {
  // `Foo()..a()..b = 1`: a cascade's value is the value its sections were called on.
  const cascade = run.findIndex((node) => node.type === 'cascade_section');
  if (cascade >= 0) run = run.slice(0, cascade);
  if (run.length === 0) return null;
  const [primary, ...selectors] = run;
  let type: TypeRef | null = null;
  let names: string[] = [];
  let path: string[] = [];
  switch (primary.type) {
    case 'identifier':
      names = [primary.text];
      break;
    case 'this': {
      type = thisType(ctx);
      if (!type) return null;
      break;
    }
    case 'new_expression':
    case 'const_object_expression': {
      const target = creationTarget(primary);
      if (!target) return null;
      type = target.kind === 'instantiates' ? { kind: 'call', callee: target.chain, construct: true } : { kind: 'call', callee: target.chain };
      break;
    }
    case 'parenthesized_expression': {
      const inner = primary.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
      type = expressionType(inner, ctx);
      if (!type) return null;
      break;
    }
    case 'unary_expression':
    case 'await_expression': {
      // `await f()`: what the call's Future completes with.
      const awaitNode = primary.type === 'await_expression' ? primary : primary.namedChildren.find((c) => c?.type === 'await_expression');
      if (!awaitNode || selectors.length > 0) return null;
      const inner = expressionType(awaitNode.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment'), ctx);
      return inner && (inner.kind === 'call' || inner.kind === 'member-call') && !inner.awaited ? { ...inner, awaited: true } : null;
    }
    default:
      return null;
  }
  for (let i = 0; i < selectors.length; i++) {
    const selector = selectors[i];
    if (isTransparent(selector)) continue;
    if (isCall(selector)) {
      if (type === null) {
        if (names.length === 0) return null;
        type = { kind: 'call', callee: names };
        names = [];
      } else {
        const name = path.pop();
        if (!name) return null; // a call of a call's result
        if (path.length > 0) type = { kind: 'field', of: type, path };
        type = { kind: 'member-call', of: type, name };
        path = [];
      }
      continue;
    }
    const name = selectorName(selector);
    if (!name) return null; // `[i]`
    if (type === null) names.push(name.text);
    else path.push(name.text);
  }
  if (type === null) {
    // A bare name chain: a value whose type the resolver finds (a local, a field, a top-level variable).
    return { kind: 'value', chain: names };
  }
  return path.length > 0 ? { kind: 'field', of: type, path } : type;
}

/**
 * The call whose argument list holds `argument` (an `argument` or `named_argument` node), as a value: `f(…)`,
 * `a.m(…)`, `Foo(…)` (a class's constructor, which Dart calls without `new`). null when the code proves none.
 */
export function callAround(argument: SyntaxNode, ctx: DartContext): TypeRef | null {
  const selector = argument.parent?.parent?.parent;
  if (argument.parent?.type !== 'arguments' || argument.parent.parent?.type !== 'argument_part' || selector?.type !== 'selector') return null;
  const call = expressionType([...runBefore(selector), selector], ctx);
  return call?.kind === 'call' ? { ...call, construct: true } : call?.kind === 'member-call' ? call : null;
}

/** What `this` is: the enclosing class, or for an extension's members the type it extends. */
function thisType(ctx: DartContext): TypeRef | null {
  if (ctx.classId === null) return null;
  const info = ctx.file.classes.get(ctx.classId);
  if (info?.extends) return info.extends;
  const declaration = ctx.file.builder.declarations[ctx.classId];
  return declaration.kind === 'enum_member' || declaration.parent !== null ? null : { kind: 'named', chain: [declaration.name] };
}

/** The site for a call written as `receiver.name(args)` / `name(args)`, from the run before its argument selector. */
function callTarget(callSelector: SyntaxNode, ctx: DartContext): { target: SiteTarget; at: SyntaxNode } | undefined {
  const run = runBefore(callSelector);
  if (run.length === 0) return undefined;
  const last = run[run.length - 1];
  if (run.length === 1) {
    if (last.type === 'identifier') return { target: { name: last.text, receiver: [] }, at: last };
    if (last.type === 'unconditional_assignable_selector') return undefined;
    return undefined;
  }
  const nameNode = selectorName(last);
  if (!nameNode || isCall(last)) return undefined;
  const receiverRun = run.slice(0, -1);
  const chain = chainOf(receiverRun);
  if (chain) return { target: { name: nameNode.text, receiver: chain }, at: run[0] };
  // `make().a.m()`: the stated type of the value, then the fields read after it.
  const type = expressionType(receiverRun, ctx);
  return { target: { name: nameNode.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined }, at: run[0] };
}

export function visitSelector(node: SyntaxNode, ctx: DartContext): boolean {
  if (!isCall(node)) return true;
  // `super.m()`: the grammar puts the name right after `super`, outside a selector.
  const prev = node.previousNamedSibling;
  if (prev?.type === 'unconditional_assignable_selector' && prev.previousNamedSibling?.type === 'super') {
    const name = selectorName(prev);
    if (name) ctx.file.addSite('calls', { name: name.text, receiver: ['super'] }, spanOf(prev.previousNamedSibling, node), ctx);
    return true;
  }
  const call = callTarget(node, ctx);
  if (call) ctx.file.addSite('calls', call.target, spanOf(call.at, node), ctx);
  return true;
}

/** `x..m()..n()`: calls on the value before the first cascade section. */
export function visitCascade(node: SyntaxNode, ctx: DartContext): boolean {
  const parts = childrenOf(node).filter((c) => c.isNamed);
  const selector = parts[0];
  if (selector?.type !== 'cascade_selector' || parts[1]?.type !== 'argument_part') return true;
  const name = selector.namedChildren.find((c) => c?.type === 'identifier');
  if (!name) return true;
  let first: SyntaxNode = node;
  while (first.previousNamedSibling?.type === 'cascade_section') first = first.previousNamedSibling;
  const run = runBefore(first);
  if (run.length === 0) return true;
  const chain = chainOf(run);
  const type = chain ? undefined : expressionType(run, ctx);
  const target: SiteTarget = chain
    ? { name: name.text, receiver: chain }
    : { name: name.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined };
  ctx.file.addSite('calls', target, spanOf(node, node), ctx);
  return true;
}

/**
 * `new p.Foo()`, `const Foo()`: an instantiation of the class. The grammar writes `const a.B()` as a
 * type name then a name, which is `prefix.Class` or `Class.named` alike: a call of the chain, which
 * lands on the class (an instantiation) or on its named constructor.
 */
function creationTarget(node: SyntaxNode): { kind: 'instantiates' | 'calls'; chain: string[] } | undefined {
  const [type] = typeList(childrenOf(node));
  if (!type) return undefined;
  const named = node.namedChildren.find((c) => c?.type === 'identifier');
  return named ? { kind: 'calls', chain: [...type.chain, named.text] } : { kind: 'instantiates', chain: type.chain };
}

export function visitCreation(node: SyntaxNode, ctx: DartContext): boolean {
  const target = creationTarget(node);
  if (target) ctx.file.addSite(target.kind, { name: target.chain[target.chain.length - 1], receiver: target.chain.slice(0, -1) }, node, ctx);
  return true;
}

/** `: super(x)` / `: super.named(x)` in a constructor's initializer list. */
export function visitInitializer(node: SyntaxNode, ctx: DartContext): boolean {
  const superNode = node.namedChildren.find((c) => c?.type === 'super');
  if (!superNode || ctx.classId === null) return true;
  const named = node.namedChildren.find((c) => c?.type === 'identifier');
  const name = named?.text ?? ctx.file.classInfo(ctx.classId).superName;
  if (name) ctx.file.addSite('calls', { name, receiver: ['super'] }, node, ctx);
  return true;
}

/** `: this(x)` / `: this.named(x)`: another constructor of the class. */
export function visitRedirection(node: SyntaxNode, ctx: DartContext): boolean {
  if (ctx.classId === null) return true;
  const named = node.namedChildren.find((c) => c?.type === 'identifier');
  const name = named?.text ?? ctx.file.builder.declarations[ctx.classId].name;
  ctx.file.addSite('calls', { name, receiver: ['this'] }, node, ctx);
  return true;
}
