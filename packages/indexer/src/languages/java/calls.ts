/** Java's reference sites: calls (`m()`, `a.b.m()`, `new Foo()`, `this(…)`/`super(…)`, `Foo::m`) with the receivers they are called on and the types of their arguments (for overloads), and a type's `extends`/`implements`. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { receiverChain as chainOfNames, type MemberAccessShape, type ReceiverChainShape } from '../../extraction/core/receiver-chain.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { ArgumentType, JavaContext, JavaWalk } from './file-state.js';
import { declaredType, literalType, simpleType, typeChain } from './types.js';
import { memberCallTarget } from '../../extraction/core/calls.js';

export function addHeritage(kind: 'extends' | 'implements', type: SyntaxNode, classId: number, ctx: JavaContext): void {
  const chain = typeChain(type);
  if (!chain) return;
  // Looked up from the class around the declaration: `enclosing` is the class itself, as the resolver reads heritage.
  const outer: JavaContext = { ...ctx, enclosing: classId, classId: ctx.file.builder.declarations[classId].parent };
  ctx.file.addSite(kind, { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, type, outer);
}

/** `a.b.c` → ['a', 'b', 'c'], `this.x` → ['this', 'x'], `super` → ['super']; undefined for anything else. */
const FIELD_ACCESS: MemberAccessShape = { nodeType: 'field_access', object: 'object', property: 'field', propertyTypes: new Set(['identifier']) };

/** `a.b.c`, `this.x`: a chain of names starting at a name, `this` or `super`. */
const RECEIVER_CHAIN: ReceiverChainShape = {
  accesses: [FIELD_ACCESS],
  head: (node) => (node.type === 'identifier' || node.type === 'this' || node.type === 'super' ? [node.text] : undefined),
  superWord: 'super',
};

function receiverChain(node: SyntaxNode): string[] | undefined {
  return chainOfNames(node, RECEIVER_CHAIN);
}

/** The methods of the standard collections giving back one of their elements. */
const ELEMENT_RESULTS = new Set([
  'get', 'getFirst', 'getLast', 'peek', 'peekFirst', 'peekLast', 'poll', 'pollFirst', 'pollLast', 'pop', 'element', 'first', 'last',
  'next', 'previous', 'removeFirst', 'removeLast', 'firstElement', 'lastElement', 'elementAt',
]);

/**
 * An element of `node`, a local or a field of the class around stated as a standard collection (`List<Element> els`);
 * null for anything else — a value of a workspace class may have its own `get`.
 */
function collectionElement(node: SyntaxNode, ctx: JavaContext): TypeRef | null {
  const chain = receiverChain(node);
  const name = chain?.length === 1 ? chain[0] : chain?.length === 2 && chain[0] === 'this' ? chain[1] : undefined;
  if (name === undefined || name === 'this' || name === 'super') return null;
  const verdict = chain!.length === 1 ? ctx.scope.classify(name, true, positionOf(node)) : undefined;
  if (verdict?.locallyBound) {
    const held = verdict.scope?.provenValue(name);
    return held?.type.kind === 'collection' && held.type.element ? held.type.element : null;
  }
  const field = ctx.classId === null ? undefined : ctx.file.classInfo(ctx.classId).fields.get(name);
  return field?.type?.kind === 'collection' && field.type.element ? field.type.element : null;
}

/** The class an expression's value is stated to be: a constructor, a method's declared result, a cast. */
export function expressionType(node: SyntaxNode, ctx: JavaContext): TypeRef | null {
  switch (node.type) {
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner ? expressionType(inner, ctx) : null;
    }
    case 'cast_expression':
      return declaredType(node.childForFieldName('type'), ctx.typeVariables);
    case 'object_creation_expression': {
      if (node.namedChildren.some((c) => c?.type === 'class_body')) return null;
      const chain = typeChain(node.childForFieldName('type'));
      // `outer.new Inner()`: the inner class of outer's class, not a name here.
      return chain && !node.namedChildren.some((c) => c !== null && c.startIndex < node.childForFieldName('type')!.startIndex && c.isNamed)
        ? { kind: 'call', callee: chain, construct: true } : null;
    }
    case 'method_invocation': {
      const name = node.childForFieldName('name')?.text;
      const object = node.childForFieldName('object');
      if (!name) return null;
      if (!object) return { kind: 'call', callee: ['this', name] };
      const chain = receiverChain(object);
      // `els.get(0)`: an element of els, a local or a field of this class stated to be a standard collection.
      const element = ELEMENT_RESULTS.has(name) ? collectionElement(object, ctx) : null;
      if (element) return element;
      if (chain) return chain[0] === 'super' ? null : { kind: 'call', callee: [...chain, name] };
      const of = expressionType(object, ctx);
      return of ? { kind: 'member-call', of, name } : null;
    }
    case 'this': {
      const path = ctx.classId !== null ? ctx.file.pathOf(ctx.classId) : undefined;
      return path ? { kind: 'named', chain: path } : null;
    }
    default:
      return null;
  }
}

/** What an argument's type is, as far as the code proves it. */
function argumentType(node: SyntaxNode, ctx: JavaContext): ArgumentType {
  const literal = literalType(node);
  if (literal !== undefined) return literal;
  switch (node.type) {
    case 'identifier':
      return { name: node.text, scope: ctx.scope, at: positionOf(node) };
    case 'field_access': {
      const chain = receiverChain(node);
      return chain?.length === 2 && chain[0] === 'this' ? { field: chain[1] } : null;
    }
    case 'object_creation_expression':
      return node.namedChildren.some((c) => c?.type === 'class_body') ? null : simpleType(node.childForFieldName('type'), ctx.typeVariables);
    case 'array_creation_expression': {
      const element = simpleType(node.childForFieldName('type'), ctx.typeVariables);
      const dimensions = node.namedChildren.filter((c) => c?.type === 'dimensions_expr').length
        + (node.namedChildren.find((c) => c?.type === 'dimensions')?.text.match(/\[/g) ?? []).length;
      return element === null || element === '*' ? null : element + '[]'.repeat(Math.max(1, dimensions));
    }
    case 'cast_expression': {
      const type = simpleType(node.childForFieldName('type'), ctx.typeVariables);
      return type === '*' ? null : type;
    }
    case 'method_invocation': {
      // `x.toString()`: every class's toString() overrides Object's, whose result is a String.
      if (node.childForFieldName('name')?.text === 'toString' && node.childForFieldName('object') && node.childForFieldName('arguments')?.namedChildren.length === 0) return 'String';
      // A call's declared result, found by the resolver.
      const stated = expressionType(node, ctx);
      return stated ? { stated } : null;
    }
    case 'this': {
      if (ctx.classId === null) return null;
      const own = ctx.file.builder.declarations[ctx.classId];
      // In an enum constant's body (`Data { … t.error(this) }`), `this` is a value of the enum around it.
      const holder = own.kind === 'enum_member' && own.parent !== null ? own.parent : ctx.classId;
      const declaration = ctx.file.builder.declarations[holder];
      return (holder === ctx.classId || declaration.kind === 'enum') && ctx.file.pathOf(holder) ? declaration.name : null;
    }
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner ? argumentType(inner, ctx) : null;
    }
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.type ?? '';
      if (['==', '!=', '<', '>', '<=', '>=', '&&', '||', 'instanceof'].includes(operator)) return 'boolean';
      // `a + b` is a String when either side is one; other arithmetic depends on promotion: unknown.
      if (operator !== '+') return null;
      const sides = [node.childForFieldName('left'), node.childForFieldName('right')].filter((side): side is SyntaxNode => side !== null);
      return { concatenation: sides.map((side) => argumentType(side, ctx)) };
    }
    case 'unary_expression': {
      const operator = node.childForFieldName('operator')?.type;
      const operand = node.childForFieldName('operand');
      if (operator === '!') return 'boolean';
      const type = operand ? literalType(operand) : undefined;
      return (operator === '-' || operator === '+') && type && ['int', 'long', 'float', 'double'].includes(type) ? type : null;
    }
    default:
      return null;
  }
}

function argumentsOf(node: SyntaxNode, ctx: JavaContext): ArgumentType[] {
  const list = node.childForFieldName('arguments');
  return list?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment')
    .map((arg) => argumentType(arg, ctx)) ?? [];
}

export function visitInvocation(node: SyntaxNode, ctx: JavaContext): boolean {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return true;
  const object = node.childForFieldName('object');
  // `make().a.m()`: the stated type of the call, then the member names after it.
  const target: SiteTarget = !object ? { name: nameNode.text, receiver: [] } : memberCallTarget(nameNode.text, object, RECEIVER_CHAIN,
    (base, path) => (path.length === 0 ? anonymousReceiver(base, nameNode.text) : null) ?? expressionType(base, ctx));
  ctx.file.addSite('calls', target, node, ctx, argumentsOf(node, ctx));
  return true;
}

/**
 * `new T<X>() { ... }.m()`: the anonymous class inherits m from T unless its body declares an m
 * (then the call is its own method: left unresolved).
 */
function anonymousReceiver(base: SyntaxNode, name: string): TypeRef | null {
  if (base.type !== 'object_creation_expression') return null;
  const body = base.namedChildren.find((c) => c?.type === 'class_body');
  const typeNode = base.childForFieldName('type');
  if (!body || !typeNode || base.namedChildren.some((c) => c !== null && c.isNamed && c.startIndex < typeNode.startIndex)) return null;
  if (body.namedChildren.some((c) => c?.type === 'method_declaration' && c.childForFieldName('name')?.text === name)) return null;
  const chain = typeChain(typeNode);
  return chain ? { kind: 'call', callee: chain, construct: true } : null;
}

export function visitCreation(node: SyntaxNode, ctx: JavaContext, walk: JavaWalk): void {
  const typeNode = node.childForFieldName('type');
  const body = node.namedChildren.find((c) => c?.type === 'class_body') ?? null;
  const qualified = node.namedChildren.some((c) => c !== null && typeNode !== null && c.isNamed && c.startIndex < typeNode.startIndex);
  const chain = typeChain(typeNode);
  if (chain && !qualified) {
    ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
  }
  for (const child of node.namedChildren) if (child && child !== body && child.type !== 'line_comment') walk.push(child, ctx);
  if (!body) return;
  // An anonymous class: a class of its own (its methods' `this`) extending the named type.
  const file = ctx.file;
  const name = `<anonymous ${chain ? chain[chain.length - 1] : 'class'}>`;
  const id = file.builder.declare('class', name, ctx.parentDecl, body, {});
  file.classInfo(id);
  const inner: JavaContext = { ...ctx, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id };
  if (typeNode && chain && !qualified) {
    file.classInfo(id).superName = chain[chain.length - 1];
    addHeritage('extends', typeNode, id, inner);
  }
  walk.push(body, inner);
}

/** `this(...)` and `super(...)`: calls of a constructor of the class or of its superclass. */
export function visitConstructorCall(node: SyntaxNode, ctx: JavaContext): boolean {
  const which = node.childForFieldName('constructor');
  if (!which || ctx.classId === null || node.childForFieldName('object')) return true;
  const declaration = ctx.file.builder.declarations[ctx.classId];
  const name = which.type === 'this' ? declaration.name : ctx.file.classInfo(ctx.classId).superName;
  if (name) ctx.file.addSite('calls', { name, receiver: [which.type] }, node, ctx, argumentsOf(node, ctx));
  return true;
}

/** `Foo::bar`, `this::bar`, `obj::bar` reference a method; `Foo::new` instantiates Foo. */
export function visitMethodReference(node: SyntaxNode, ctx: JavaContext, walk: JavaWalk): void {
  const parts = node.children.filter((c): c is SyntaxNode => c !== null);
  const separator = parts.findIndex((c) => c.type === '::');
  if (separator <= 0) return;
  const head = parts[0];
  const member = parts[parts.length - 1];
  if (member.type === 'new') {
    const chain = typeChain(head);
    if (chain) ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
    return;
  }
  if (member.type !== 'identifier') return;
  const chain = receiverChain(head) ?? typeChain(head) ?? undefined;
  if (chain) {
    ctx.file.addSite('references', { name: member.text, receiver: chain }, node, ctx);
    return;
  }
  const type = expressionType(head, ctx);
  ctx.file.addSite('references', { name: member.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined }, node, ctx);
  walk.push(head, ctx);
}
