/** PHP's call sites (`f()`, `$x->m()`, `Foo::m()`, `new Foo`) and the types of the expressions they are called on. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { receiverChain as chainOfNames, type ReceiverChainShape } from '../../extraction/core/receiver-chain.js';
import type { PhpContext, PhpWalk } from './file-state.js';

/** `$name` of a variable node, or undefined for `$$x` and other dynamic names. */
export function variableName(node: SyntaxNode | null | undefined): string | undefined {
  if (node?.type !== 'variable_name') return undefined;
  const name = node.namedChildren.find((c) => c?.type === 'name');
  return name ? `$${name.text}` : undefined;
}

/**
 * The value an expression reads, for its elements or fields: `$x` (what the local holds), `$this->a`,
 * `$x->a->b` (fields of it), else what the expression is stated to be.
 */
export function valueRef(node: SyntaxNode, ctx: PhpContext): TypeRef | null {
  const chain = receiverChain(node);
  if (chain) {
    const narrowed = ctx.narrowed?.get(chain[0]);
    if (narrowed) return chain.length > 1 ? { kind: 'field', of: narrowed, path: chain.slice(1) } : narrowed;
    if (chain[0] === '$this') {
      if (!ctx.selfChain) return null;
      const self: TypeRef = { kind: 'named', chain: ctx.selfChain };
      return chain.length > 1 ? { kind: 'field', of: self, path: chain.slice(1) } : self;
    }
    return { kind: 'value', chain };
  }
  // `$this->items()`: a method of the class (written as one, so that its declared result is read).
  if (node.type === 'member_call_expression' && ctx.selfChain) {
    const object = node.childForFieldName('object');
    const name = node.childForFieldName('name');
    if (object && variableName(object) === '$this' && name?.type === 'name') return { kind: 'member-call', of: { kind: 'named', chain: ctx.selfChain }, name: name.text };
  }
  return expressionType(node, ctx);
}

/** `$a->b->c` (`?->` too) → ['$a', 'b', 'c']; undefined for anything else. */
const RECEIVER_CHAIN: ReceiverChainShape = {
  accesses: ['member_access_expression', 'nullsafe_member_access_expression'].map((nodeType) => ({ nodeType, object: 'object', property: 'name', propertyTypes: new Set(['name']) })),
  head: (node) => {
    const name = node.type === 'variable_name' ? variableName(node) : undefined;
    return name ? [name] : undefined;
  },
};

function receiverChain(node: SyntaxNode): string[] | undefined {
  return chainOfNames(node, RECEIVER_CHAIN);
}

/** The receiver a `Foo::` / `self::` / `parent::` scope is written as, or undefined (`$class::m()`). */
function scopeChain(scope: SyntaxNode, ctx: PhpContext): string[] | undefined {
  if (scope.type === 'relative_scope') {
    const word = scope.text.toLowerCase();
    return word === 'self' || word === 'static' || word === 'parent' ? [word] : undefined;
  }
  if (scope.type === 'name' || scope.type === 'qualified_name') return ctx.file.names(scope).classChain(scope.text);
  // `$this::m()`: the class of the instance, as `static::m()`.
  if (scope.type === 'variable_name' && variableName(scope) === '$this' && ctx.classId !== null) return ['static'];
  return undefined;
}

/** The class an expression's value is stated to be: `new Foo`, a call's declared result, `$this`. */
export function expressionType(node: SyntaxNode, ctx: PhpContext): TypeRef | null {
  switch (node.type) {
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      return inner ? expressionType(inner, ctx) : null;
    }
    case 'object_creation_expression': {
      const chain = creationChain(node, ctx);
      return chain ? { kind: 'call', callee: chain, construct: true } : null;
    }
    case 'member_call_expression':
    case 'nullsafe_member_call_expression': {
      const name = node.childForFieldName('name');
      const object = node.childForFieldName('object');
      if (name?.type !== 'name' || !object) return null;
      const chain = receiverChain(object);
      if (chain) return chainCall(chain, name.text, ctx);
      const of = expressionType(object, ctx);
      return of ? { kind: 'member-call', of, name: name.text } : null;
    }
    case 'scoped_call_expression': {
      const name = node.childForFieldName('name');
      const scope = node.childForFieldName('scope');
      const chain = scope ? scopeChain(scope, ctx) : undefined;
      if (name?.type !== 'name' || !chain || chain[0] === 'parent') return null;
      return { kind: 'call', callee: [...chain, name.text] };
    }
    case 'function_call_expression': {
      const fn = node.childForFieldName('function');
      if (fn?.type !== 'name' && fn?.type !== 'qualified_name') return null;
      return { kind: 'call', callee: ctx.file.names(fn).functionChain(fn.text) };
    }
    case 'variable_name':
      return variableName(node) === '$this' && ctx.selfChain ? { kind: 'named', chain: ctx.selfChain } : null;
    case 'class_constant_access_expression': {
      // `Suit::Hearts`: what the constant holds (an enum case: the enum).
      const parts = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
      if (parts.length !== 2 || parts[1].type !== 'name') return null;
      const scope = parts[0].type === 'relative_scope' && parts[0].text.toLowerCase() !== 'parent' ? ctx.selfChain ?? undefined : scopeChain(parts[0], ctx);
      return scope && scope[0] !== 'parent' && scope[0] !== 'static' && scope[0] !== 'self' ? { kind: 'value', chain: [...scope, parts[1].text] } : null;
    }
    case 'member_access_expression':
    case 'nullsafe_member_access_expression':
      // `$this->client`, `$x->a`: what the property is proven to hold.
      return receiverChain(node) && receiverChain(node)!.length > 1 ? valueRef(node, ctx) : null;
    case 'scoped_property_access_expression': {
      // `self::$instance`, `Foo::$x`: what the static property is proven to hold.
      const scope = node.childForFieldName('scope');
      const property = variableName(node.childForFieldName('name'));
      if (!scope || !property) return null;
      const word = scope.type === 'relative_scope' ? scope.text.toLowerCase() : undefined;
      // `static::$x` may be a subclass's redeclared property: only `self::` and a named class prove the owner.
      const owner = word === 'self' ? ctx.selfChain ?? undefined : word === undefined ? scopeChain(scope, ctx) : undefined;
      return owner && owner[0] !== 'static' ? { kind: 'field', of: { kind: 'named', chain: owner }, path: [property.slice(1)] } : null;
    }
    case 'subscript_expression': {
      // `$xs[$i]`: an element of what `$xs` is proven to be (`Foo[]`).
      const object = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      const of = object ? valueRef(object, ctx) : null;
      return of ? { kind: 'element', of } : null;
    }
    default:
      return null;
  }
}

/**
 * `$x->m()`: a call of m on what `$x` holds (the resolver reads `$this` as the class, a local as its
 * proven type); `$this->a->m()`: m on what property a of the class holds.
 */
function chainCall(chain: string[], name: string, ctx: PhpContext): TypeRef | null {
  const narrowed = ctx.narrowed?.get(chain[0]);
  if (narrowed) return { kind: 'member-call', of: chain.length > 1 ? { kind: 'field', of: narrowed, path: chain.slice(1) } : narrowed, name };
  if (chain.length === 1) return { kind: 'call', callee: [chain[0], name] };
  const head: TypeRef | null = chain[0] === '$this' ? (ctx.selfChain ? { kind: 'named', chain: ctx.selfChain } : null) : { kind: 'value', chain: [chain[0]] };
  return head ? { kind: 'member-call', of: { kind: 'field', of: head, path: chain.slice(1) }, name } : null;
}

/** The class `new X` names: a class name, `self`/`static`, `parent`; undefined for `new $x` and anonymous classes. */
function creationChain(node: SyntaxNode, ctx: PhpContext): string[] | undefined {
  const type = node.namedChildren.find((c) => c !== null && c.type !== 'comment' && c.type !== 'attribute_list');
  if (!type) return undefined;
  if (type.type !== 'name' && type.type !== 'qualified_name' && type.type !== 'relative_scope') return undefined;
  const word = type.text.toLowerCase();
  if (word === 'self' || word === 'static') return ctx.selfChain ?? undefined;
  if (word === 'parent') return ctx.parentChain ?? undefined;
  return type.type === 'relative_scope' ? undefined : ctx.file.names(type).classChain(type.text);
}

export function visitFunctionCall(node: SyntaxNode, ctx: PhpContext): boolean {
  const fn = node.childForFieldName('function');
  if (fn && (fn.type === 'name' || fn.type === 'qualified_name')) {
    ctx.file.addChainSite('calls', ctx.file.names(fn).functionChain(fn.text), node, ctx);
  }
  return true;
}

export function visitMemberCall(node: SyntaxNode, ctx: PhpContext): boolean {
  const name = node.childForFieldName('name');
  const object = node.childForFieldName('object');
  if (name?.type !== 'name' || !object) return true;
  let target: SiteTarget;
  const chain = receiverChain(object);
  const narrowed = chain ? ctx.narrowed?.get(chain[0]) : undefined;
  if (chain && narrowed) {
    // `if ($x instanceof Foo) { $x->m(); }`: a Foo, whatever else `$x` was declared as.
    target = { name: name.text, receiver: undefined, typedReceiver: { type: narrowed, path: chain.slice(1) } };
  } else if (chain) {
    target = { name: name.text, receiver: chain };
  } else {
    const type = expressionType(object, ctx);
    target = { name: name.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined };
  }
  ctx.file.addSite('calls', target, node, ctx);
  return true;
}

export function visitScopedCall(node: SyntaxNode, ctx: PhpContext): boolean {
  const name = node.childForFieldName('name');
  const scope = node.childForFieldName('scope');
  if (name?.type !== 'name' || !scope) return true;
  const chain = scopeChain(scope, ctx);
  ctx.file.addSite('calls', { name: name.text, receiver: chain }, node, ctx);
  return true;
}

export function visitCreation(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  const body = node.namedChildren.find((c) => c?.type === 'declaration_list');
  if (!body) {
    const chain = creationChain(node, ctx);
    if (chain) ctx.file.addChainSite('instantiates', chain, node, ctx);
    walk.descend(node, ctx);
    return;
  }
  // `new class(...) extends Base implements I { … }`: a class of its own (its methods' `$this`).
  const file = ctx.file;
  const base = node.namedChildren.find((c) => c?.type === 'base_clause');
  const baseType = base?.namedChildren.find((c) => c !== null && (c.type === 'name' || c.type === 'qualified_name'));
  const id = file.builder.declare('class', `<anonymous${baseType ? ` ${baseType.text}` : ''}>`, ctx.parentDecl, node, {});
  const inner: PhpContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, selfChain: null,
    parentChain: baseType ? file.names(baseType).classChain(baseType.text) : null,
  };
  if (baseType) file.addChainSite('extends', file.names(baseType).classChain(baseType.text), baseType, inner, 'type');
  const interfaces = node.namedChildren.find((c) => c?.type === 'class_interface_clause');
  for (const type of interfaces?.namedChildren ?? []) {
    if (type && (type.type === 'name' || type.type === 'qualified_name')) file.addChainSite('implements', file.names(type).classChain(type.text), type, inner, 'type');
  }
  walk.push(node.namedChildren.find((c) => c?.type === 'arguments'), ctx);
  walk.push(body, inner);
}
