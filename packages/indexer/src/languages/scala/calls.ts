/** Scala's call sites: calls with their receiver chains and argument types, `new` instances, and the types values state. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { memberCallTarget } from '../../extraction/core/calls.js';
import type { MemberAccessShape } from '../../extraction/core/tree-walk.js';
import { positionOf, type Scope } from '../../extraction/core/scopes.js';
import type { ArgumentType, ScalaContext, ScalaWalk } from './file-state.js';
import { declaredType, literalType, simpleType, typeChain } from './types.js';
import { receiverChain as chainOfNames, type ReceiverChainShape } from '../../extraction/core/receiver-chain.js';

/** `a.b.c` → ['a', 'b', 'c'], `this.x` → ['this', 'x'], `super` → ['super']; undefined otherwise. */
function receiverChain(node: SyntaxNode): string[] | undefined {
  return chainOfNames(node, RECEIVER_CHAIN);
}

function chainHead(node: SyntaxNode): string[] | undefined {
  if (node.type === 'identifier') return [node.text.replace(/^`|`$/g, '')];
  if (node.type === 'this' || node.type === 'super') return [node.type];
  return node.text === 'this' || node.text === 'super' ? [node.text] : undefined;
}

const FIELD_ACCESS: MemberAccessShape = { nodeType: 'field_expression', object: 'value', property: 'field', propertyTypes: new Set(['identifier']) };
const RECEIVER_CHAIN: ReceiverChainShape = { accesses: [FIELD_ACCESS], head: chainHead, superWord: 'super' };

/** Statements of a class body that declare a member (`def`, `val`, `var`, `type`, `object`, `class`, `given` …). */
const DECLARING = /_definition$|_declaration$/;

/** Members of the standard collections and Option read as one element (`o.get`, `xs.head`) — an `element` of what they hold. */
const ELEMENT_READS = new Set(['get', 'head', 'last']);
/** Members of the standard collections and Option called for one element (`o.getOrElse(d)`). */
const ELEMENT_CALLS = new Set(['getOrElse']);
/** Members of the standard collections and Option whose function argument receives one element (`xs.foreach(n => …)`, `o.map(_.m())`). */
const ELEMENT_LAMBDAS = new Set([
  'foreach', 'map', 'flatMap', 'filter', 'filterNot', 'withFilter', 'exists', 'forall', 'find', 'count', 'sortBy', 'groupBy',
  'takeWhile', 'dropWhile', 'partition', 'maxBy', 'minBy', 'distinctBy', 'tapEach', 'foreachEntry',
]);

/**
 * The standard collections' conversions (`xs.toList`) and the collection each gives, as overload selection compares it.
 * A Map, not an object literal: a field named like an Object.prototype member (`nme.valueOf`) must find nothing.
 */
const COLLECTION_CONVERSIONS: ReadonlyMap<string, string> = new Map([
  ['toList', 'List'], ['toVector', 'Vector'], ['toSeq', 'Seq'], ['toSet', 'Set'], ['toArray', 'Array'], ['toMap', 'Map'], ['toIndexedSeq', 'IndexedSeq'],
]);
/** The standard collections whose companion builds one (`List(a, b)`, `Seq.empty`). */
const COLLECTION_FACTORIES = new Set(['List', 'Vector', 'Seq', 'Set', 'Map', 'Array', 'IndexedSeq', 'Stream', 'LazyList']);

/** What calling a value runs: `x(k)` is `x.apply(k)`. */
const APPLY = 'apply';

export function instanceType(node: SyntaxNode): SyntaxNode | null {
  return node.namedChildren.find((c) => c !== null && c.type !== 'arguments' && c.type !== 'template_body') ?? null;
}

/** The class a value is stated to be: `new T(…)`, `T(…)` on a class, a call's declared result. */
export function valueType(node: SyntaxNode, ctx: ScalaContext): TypeRef | null {
  switch (node.type) {
    case 'instance_expression': {
      // `new OptionParser[C]("x") { head("x"); opt(…) }`: an anonymous subclass declaring nothing has exactly its base's
      // members (one that declares a member may override the one a call names).
      const body = node.namedChildren.find((c) => c?.type === 'template_body');
      if (body && body.namedChildren.some((c) => c !== null && DECLARING.test(c.type))) return null;
      const chain = typeChain(instanceType(node));
      return chain ? { kind: 'call', callee: chain, construct: true } : null;
    }
    case 'call_expression': {
      const element = elementRead(node, ctx);
      if (element) return element;
      const callee = calleeOf(node);
      if (!callee) return null;
      // `Circle(r)` is `Circle.apply(r)`: a capitalised name is a class (or an object) by convention, not a method of `this`.
      if (callee.object === null) {
        if (/^[A-Z]/.test(callee.name)) return { kind: 'call', callee: [callee.name] };
        const applied = appliedValue(callee.name, node, ctx);
        if (applied) return { kind: 'call', callee: [...applied, APPLY] };
        const value = valueWildcardFor(callee.name, node, ctx);
        // `limitedSizeBits(n, c)`: a member of the class around, else the function the scopes, imports and package bind.
        return { kind: 'call', callee: value.length > 0 ? [...value, callee.name] : [callee.name] };
      }
      const chain = receiverChain(callee.object);
      if (chain) return chain[0] === 'super' ? null : { kind: 'call', callee: [...chain, callee.name] };
      const of = valueType(callee.object, ctx);
      return of ? { kind: 'member-call', of, name: callee.name } : null;
    }
    case 'generic_function': {
      // `OParser.builder[Config]`, `Decoder[A]` (a summoner: the companion's `apply[A]`): a call without arguments.
      const fn = node.childForFieldName('function');
      // `x.asInstanceOf[Parsed.Failure]`: the type the cast states.
      if (fn?.type === 'field_expression' && fn.childForFieldName('field')?.text === 'asInstanceOf') {
        return declaredType(node.childForFieldName('type_arguments')?.namedChildren[0] ?? null, ctx.typeVariables);
      }
      if (fn?.type === 'identifier') return /^[A-Z]/.test(fn.text) ? { kind: 'call', callee: [fn.text, 'apply'] } : null;
      const chain = fn?.type === 'field_expression' ? receiverChain(fn) : undefined;
      return chain && chain[0] !== 'super' ? { kind: 'call', callee: chain } : null;
    }
    case 'identifier': {
      // `var f = first1`: what the other value holds (a capitalised name is an object: no instance of a class).
      const name = node.text.replace(/^`|`$/g, '');
      if (readsLocalDef(name, node, ctx)) return { kind: 'call', callee: [name] };
      return /^[a-z_]/.test(name) ? { kind: 'value', chain: [name] } : null;
    }
    case 'string':
    case 'interpolated_string_expression':
      // `"a".rep(min = 2)`: a String, whose members the workspace declares none of (an implicit conversion's may be called).
      return { kind: 'named', chain: ['String'] };
    case 'wildcard':
      // `fns(_.downN(0))`: the placeholder is the parameter of the function literal passed there.
      return placeholderParameter(node, ctx);
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null);
      return inner ? valueType(inner, ctx) : null;
    }
    case 'infix_expression': {
      // `a ~ b` is `a.~(b)`; an operator ending in `:` (`x +: xs`) is a member of its right operand.
      const operator = node.childForFieldName('operator');
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (!operator || !left || !right || (operator.type !== 'operator_identifier' && operator.type !== 'identifier')) return null;
      const name = operator.text.replace(/^`|`$/g, '');
      const of = valueType(name.endsWith(':') ? right : left, ctx);
      return of ? { kind: 'member-call', of, name } : null;
    }
    case 'field_expression': {
      const element = elementRead(node, ctx);
      if (element) return element;
      // `val cursor = json.hcursor`: what the member holds, or what a parameterless `def` returns.
      const chain = receiverChain(node);
      if (chain) return chain[0] === 'super' ? null : { kind: 'value', chain };
      const field = node.childForFieldName('field');
      const object = node.childForFieldName('value');
      // `p.!`, `p.?`: a member named by an operator, read without a list like any other (`p.!.map(f)`).
      const of = object && (field?.type === 'identifier' || field?.type === 'operator_identifier') ? valueType(object, ctx) : null;
      return of ? { kind: 'field', of, path: [field!.text] } : null;
    }
    default:
      return null;
  }
}

/**
 * `o.get`, `xs.head`, `o.getOrElse(d)` on a value of a stated type: one element where it holds a standard collection or
 * an Option (`o: Option[Node]`), else what a workspace type's member of that name gives (both kept: the one found).
 */
function elementRead(node: SyntaxNode, ctx: ScalaContext): TypeRef | null {
  let access = node;
  if (node.type === 'call_expression') {
    const fn = node.childForFieldName('function');
    if (fn?.type !== 'field_expression' || !ELEMENT_CALLS.has(fn.childForFieldName('field')?.text ?? '')) return null;
    access = fn;
  } else if (node.type !== 'field_expression' || !ELEMENT_READS.has(node.childForFieldName('field')?.text ?? '')) return null;
  const object = access.childForFieldName('value');
  const of = object ? valueType(object, ctx) : null;
  if (!of) return null;
  const name = access.childForFieldName('field')!.text;
  const member: TypeRef = node.type === 'call_expression' ? { kind: 'member-call', of, name } : { kind: 'field', of, path: [name] };
  return { kind: 'any-of', of: [{ kind: 'element', of }, member] };
}

/**
 * Parameter 0 of a function literal passed as argument 0 of `xs.foreach(…)`, `o.map(…)` (`ELEMENT_LAMBDAS`): one element
 * of what the receiver holds where it is a standard collection or Option; `given` (what the callee states) either way.
 */
export function elementParameter(passed: { call: TypeRef; argument: number }, parameter: number, given: TypeRef): TypeRef {
  const call = passed.call;
  if (passed.argument !== 0 || parameter !== 0) return given;
  // `xs.foreach(…)` on a name chain is a `call` of [...chain, 'foreach']; on any other value a `member-call`.
  const of: TypeRef | null = call.kind === 'member-call' ? (ELEMENT_LAMBDAS.has(call.name) ? call.of : null)
    : call.kind === 'call' && call.callee.length > 1 && ELEMENT_LAMBDAS.has(call.callee[call.callee.length - 1])
      ? { kind: 'value', chain: call.callee.slice(0, -1) } : null;
  return of ? { kind: 'any-of', of: [{ kind: 'element', of }, given] } : given;
}

/**
 * A function literal passed as an argument of a call (`f(x => …)`, `f(_.m())`): the call, as a TypeRef whose callee
 * the resolver finds, and the argument's index; undefined elsewhere.
 */
export function passedTo(argument: SyntaxNode, ctx: ScalaContext): { call: TypeRef; argument: number } | undefined {
  const list = argument.parent;
  // `xs.foreach { n => … }`: a block holding only the literal is the one argument.
  if (list?.type === 'block' && list.parent?.type === 'call_expression' && list.parent.childForFieldName('arguments')?.id === list.id) {
    const only = list.namedChildren.filter((c) => c !== null && c.type !== 'comment' && c.type !== 'block_comment');
    const of = only.length === 1 && only[0]!.id === argument.id ? valueType(list.parent, ctx) : null;
    return of ? { call: of, argument: 0 } : undefined;
  }
  const call = list?.type === 'arguments' ? list.parent : null;
  if (call?.type !== 'call_expression') return undefined;
  const of = valueType(call, ctx);
  if (!of) return undefined;
  const index = list!.namedChildren.filter((c) => c !== null && c.type !== 'comment' && c.type !== 'block_comment').findIndex((c) => c!.id === argument.id);
  return index < 0 ? undefined : { call: of, argument: index };
}

/** `_` heading a receiver chain (`_.downN(0).downN(1)`) in an argument with no other placeholder: parameter 0 of what the callee passes. */
function placeholderParameter(wildcard: SyntaxNode, ctx: ScalaContext): TypeRef | null {
  let argument = wildcard;
  while (argument.parent && argument.parent.type !== 'arguments') {
    const parent: SyntaxNode = argument.parent;
    const leads = (parent.type === 'field_expression' && parent.childForFieldName('value')?.id === argument.id)
      || ((parent.type === 'call_expression' || parent.type === 'generic_function') && parent.childForFieldName('function')?.id === argument.id);
    if (!leads) return null;
    argument = parent;
  }
  if (argument.descendantsOfType('wildcard').length !== 1) return null;
  const passed = passedTo(argument, ctx);
  return passed ? elementParameter(passed, 0, { kind: 'callback-parameter', of: passed.call, argument: passed.argument, parameter: 0 }) : null;
}

function calleeOf(node: SyntaxNode): { name: string; object: SyntaxNode | null } | undefined {
  let fn = node.childForFieldName('function');
  if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
  if (!fn) return undefined;
  if (fn.type === 'identifier') return { name: fn.text.replace(/^`|`$/g, ''), object: null };
  if (fn.type === 'field_expression') {
    const field = fn.childForFieldName('field');
    const value = fn.childForFieldName('value');
    return field?.type === 'identifier' && value ? { name: field.text.replace(/^`|`$/g, ''), object: value } : undefined;
  }
  return undefined;
}

function argumentType(node: SyntaxNode, ctx: ScalaContext): ArgumentType {
  const literal = literalType(node);
  if (literal !== undefined) return literal;
  switch (node.type) {
    case 'identifier': {
      if (node.text !== 'this') return { name: node.text, scope: ctx.scope, at: positionOf(node) };
      // `visitor.visit(this, ctx)` in `class Pure[A]`: an instance of the class around (an object's name is no type, an
      // anonymous class has none).
      const around = ctx.classId === null ? undefined : ctx.file.builder.declarations[ctx.classId];
      return around && !around.isStatic && /^[A-Za-z_]/.test(around.name) ? around.name : null;
    }
    case 'instance_expression':
      return node.namedChildren.some((c) => c?.type === 'template_body') ? null : simpleType(instanceType(node), ctx.typeVariables);
    case 'field_expression': {
      // `n.toString`: Any's toString, which no override may give another result type; `xs.toList`: a List.
      const field = node.childForFieldName('field')?.text ?? '';
      if (field === 'toString') return 'String';
      if (field === 'empty') return COLLECTION_FACTORIES.has(node.childForFieldName('value')?.text ?? '') ? node.childForFieldName('value')!.text : null;
      return COLLECTION_CONVERSIONS.get(field) ?? null;
    }
    case 'call_expression': {
      const callee = node.childForFieldName('function');
      const noArguments = (node.childForFieldName('arguments')?.namedChildren.length ?? 1) === 0;
      // `List(a, b)`, `Vector.empty[T]`-like factories of the standard collections: that collection.
      if (callee?.type === 'identifier' && COLLECTION_FACTORIES.has(callee.text)) return callee.text;
      if (callee?.type === 'generic_function' && COLLECTION_FACTORIES.has(callee.childForFieldName('function')?.text ?? '')) return callee.childForFieldName('function')!.text;
      const field = callee?.type === 'field_expression' && noArguments ? callee.childForFieldName('field')?.text ?? '' : '';
      const known = field === 'toString' ? 'String' : COLLECTION_CONVERSIONS.get(field);
      if (known) return known;
      // `Json.parse(render(x))`: the call's declared result, found by the resolver (a workspace class, or a standard
      // value type such as String).
      const stated = valueType(node, ctx);
      return stated ? { stated } : null;
    }
    default:
      return null;
  }
}

export function argumentsOf(node: SyntaxNode, ctx: ScalaContext): ArgumentType[] {
  const list = node.childForFieldName('arguments');
  // `f { … }`, `f { case … => … }`: a block argument (a partial function too) is one argument.
  if (list?.type === 'block' || list?.type === 'case_block') return [null];
  return list?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment' && c.type !== 'block_comment')
    .map((arg) => (arg.type === 'assignment_expression' ? null : argumentType(arg, ctx))) ?? [];
}

/** `binary` naming a local def a bare read runs (`def binary[$: P] = P(…)` in the same block): its result, not a value. */
function readsLocalDef(name: string, node: SyntaxNode, ctx: ScalaContext): boolean {
  if (ctx.file.localValueDefs.size === 0) return false;
  const target = ctx.scope.classify(name, false, positionOf(node)).localTarget;
  return target !== undefined && ctx.file.localValueDefs.has(target);
}

/** `opt(…)` where `import builder._` of a local value is in force and no nearer local is named opt: `builder.opt(…)`. */
function valueWildcardFor(name: string, node: SyntaxNode, ctx: ScalaContext): string[] {
  if (ctx.file.valueWildcards.size === 0) return [];
  for (let scope: Scope | null = ctx.scope; scope; scope = scope.parent) {
    const value = ctx.file.valueWildcards.get(scope);
    if (value === undefined) continue;
    const bound = ctx.scope.classify(name, false, positionOf(node));
    // A local def or value of that name in the import's scope or a nearer one hides the import.
    return bound.locallyBound ? [] : [value];
  }
  return [];
}

/**
 * `x(key)` where x is a value (a parameter, a local, `this`) and no local def: `x.apply(key)`, a member of x's type.
 * The receiver it is applied to, or undefined when the name is not a local value.
 */
function appliedValue(name: string, node: SyntaxNode, ctx: ScalaContext): string[] | undefined {
  if (name === 'this') return ['this'];
  const bound = ctx.scope.classify(name, true, positionOf(node));
  if (bound.locallyBound) return bound.localTarget === undefined ? [name] : undefined;
  // `final case class Holder(that: JsonObject) { … that(key) … }`: a class parameter or a field declared above, of a
  // stated class (no def shares its name).
  if (ctx.classId === null) return undefined;
  const info = ctx.file.classInfo(ctx.classId);
  return info.fields.get(name)?.type && !info.methods.has(name) ? [name] : undefined;
}

export function visitCall(node: SyntaxNode, ctx: ScalaContext): boolean {
  const callee = calleeOf(node);
  if (!callee) return true;
  let target: SiteTarget;
  const applied = callee.object ? undefined : appliedValue(callee.name, node, ctx);
  if (applied) {
    target = { name: APPLY, receiver: applied };
  } else if (!callee.object) {
    target = { name: callee.name, receiver: valueWildcardFor(callee.name, node, ctx) };
  } else if (callee.object.type === 'identifier' && readsLocalDef(callee.object.text, callee.object, ctx)) {
    // `binary.map(f)` with a local `def binary[$: P] = P(…)`: a member of what the def returns.
    target = { name: callee.name, receiver: undefined, typedReceiver: { type: { kind: 'call', callee: [callee.object.text] }, path: [] } };
  } else {
    // `o.get.render()`: the receiver is an element of what o holds, not a member `get` walked as a name chain.
    const element = elementRead(callee.object, ctx);
    target = element ? { name: callee.name, receiver: undefined, typedReceiver: { type: element, path: [] } }
      : memberCallTarget(callee.name, callee.object, RECEIVER_CHAIN, (base) => valueType(base, ctx));
    // `p.!.map(f)`: a chain through a member named by an operator is no name chain; the receiver is what that member gives.
    if (!target.receiver && !target.typedReceiver) {
      const of = valueType(callee.object, ctx);
      if (of) target = { name: callee.name, receiver: undefined, typedReceiver: { type: of, path: [] } };
    }
  }
  ctx.file.addSite('calls', target, node, ctx, argumentsOf(node, ctx));
  return true;
}

export function visitInstance(node: SyntaxNode, ctx: ScalaContext, walk: ScalaWalk): void {
  const typeNode = instanceType(node);
  const chain = typeChain(typeNode);
  const body = node.namedChildren.find((c) => c?.type === 'template_body') ?? null;
  if (chain) {
    const site = ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
    // `new Parser[T]` names a type, never the `def Parser` beside it.
    site.space = 'type';
    // `new Decoder[A] { … }`: an anonymous subclass, of a trait too.
    if (body) site.anonymousSubclass = true;
  }
  for (const child of node.namedChildren) if (child && child.type === 'arguments') walk.push(child, ctx);
  if (!body) return;
  // An anonymous class: its own `this`, extending the named type.
  const id = ctx.file.builder.declare('class', `<anonymous ${chain ? chain[chain.length - 1] : 'class'}>`, ctx.parentDecl, body, {});
  ctx.file.classInfo(id);
  const inner: ScalaContext = { ...ctx, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id };
  if (chain && typeNode) {
    const site = ctx.file.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, typeNode, { ...inner, classId: ctx.classId });
    site.space = 'type';
  }
  walk.push(body, inner);
}
