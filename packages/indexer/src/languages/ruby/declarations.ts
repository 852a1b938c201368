/** Ruby's declarations: classes and modules, methods, class factories (`Struct.new`, `Class.new`), and the assignments that declare constants or state types. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { Frame, RubyContext, RubyWalk } from './file-state.js';
import { BASE_CLASS_MIXINS } from './test-frameworks.js';
import { builtElements, collectionOf, elementOf, elementParameter, readsElement, statedElements } from './collections.js';
import { assignedValues, constantChain, selfClassOf } from './syntax-values.js';
import { groupAssignments } from './group-variables.js';

/**
 * The `#` comment line right above a declaration that is the first statement of a body: the grammar
 * leaves that comment outside the body (a child of the class or module), where the walk does not pair it.
 */
function leadingComment(node: SyntaxNode, doc: string | undefined): string | undefined {
  if (doc !== undefined) return doc;
  const parent = node.parent;
  if (!parent || parent.firstNamedChild?.startIndex !== node.startIndex) return undefined;
  const comment = parent.previousNamedSibling;
  if (comment?.type !== 'comment') return undefined;
  const endRow = comment.endPosition.column === 0 ? comment.endPosition.row : comment.endPosition.row + 1;
  return endRow === node.startPosition.row ? comment.text.replace(/^#\s?/, '').trim() || undefined : undefined;
}


/** The `#` comment lines right above a declaration, in order (the grammar may leave them outside a body the declaration opens). */
function commentBlock(node: SyntaxNode): string[] {
  const parent = node.parent;
  let above = node.previousNamedSibling;
  if (!above && parent && parent.firstNamedChild?.startIndex === node.startIndex) above = parent.previousNamedSibling;
  const lines: string[] = [];
  let row = node.startPosition.row;
  while (above?.type === 'comment' && above.endPosition.row >= row - 1) {
    lines.unshift(above.text);
    row = above.startPosition.row;
    above = above.previousNamedSibling;
  }
  return lines;
}

/**
 * YARD's `# @param site [Jekyll::Site]` above a `def`: the parameter is an instance of that one class (a list of
 * types, `nil`, a generic or a duck type states nothing).
 */
function documentedParameters(node: SyntaxNode): Map<string, string[]> {
  const types = new Map<string, string[]>();
  for (const line of commentBlock(node)) {
    const tag = /^#\s*@param\s+(?:\[([^\]]*)\]\s+([a-z_]\w*)|([a-z_]\w*)\s+\[([^\]]*)\])/.exec(line);
    if (!tag) continue;
    const name = tag[2] ?? tag[3];
    const written = (tag[1] ?? tag[4]).trim();
    if (!/^(?:::)?[A-Z]\w*(?:::[A-Z]\w*)*$/.test(written)) continue;
    types.set(name, written.replace(/^::/, '').split('::'));
  }
  return types;
}

/** Binds every identifier of a pattern (`a, (b, *c)`, `|x, y|`) as a local without a known type. */
export function bindNames(node: SyntaxNode, ctx: RubyContext): void {
  const names = node.type === 'identifier' ? [node] : node.descendantsOfType('identifier').filter((c): c is SyntaxNode => c !== null);
  for (const name of names) ctx.scope.bind(name.text, 'local', undefined, undefined, positionOf(name));
}

export function visitClass({ node, ctx, doc }: Frame, walk: RubyWalk): void {
  const chain = constantChain(node.childForFieldName('name'));
  const body = node.childForFieldName('body');
  if (!chain) {
    walk.push(body, ctx);
    return;
  }
  const file = ctx.file;
  const kind = node.type === 'module' ? 'module' : 'class';
  const superclass = node.childForFieldName('superclass');
  const header = node.text.slice(0, (body ?? node).startIndex - node.startIndex);
  const id = file.builder.declare(kind, chain[chain.length - 1], ctx.parentDecl, node, {
    signature: flatSignature(body ? header : node.text.split('\n')[0], null),
    docstring: leadingComment(node, doc),
    isExported: ctx.parentDecl === null || undefined,
  });
  // `class A::B` inside `module M`: M::A::B, one qualified name with every other reopening.
  if (chain.length > 1) {
    const outer = ctx.parentDecl === null ? '' : `${file.builder.declarations[ctx.parentDecl].qualifiedName}::`;
    file.builder.declarations[id].qualifiedName = `${outer}${chain.join('::')}`;
  }
  const inner: RubyContext = {
    ...ctx, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, singleton: false, method: null, inBlock: false,
    blockSelf: undefined, parameters: undefined, blockParameter: undefined, staticMethod: undefined, inExample: false,
  };
  const base = superclass?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  const baseChain = constantChain(base);
  if (base && baseChain) file.addSite('extends', { name: baseChain[baseChain.length - 1], receiver: baseChain.slice(0, -1) }, base, inner);
  else if (base) walk.push(base, ctx);
  // `class FooTest < Minitest::Test`: the modules the framework's base includes (a reopening of them in the repository).
  for (const mixin of (base && baseChain && BASE_CLASS_MIXINS.get(baseChain.join('::'))) || []) {
    file.addSite('implements', { name: mixin[mixin.length - 1], receiver: mixin.slice(0, -1) }, base!, inner).implied = true;
  }
  walk.push(body, inner);
}

function methodName(node: SyntaxNode): string | undefined {
  const name = node.childForFieldName('name');
  if (!name) return undefined;
  return name.type === 'setter' ? name.text : name.text;
}

export function visitMethod({ node, ctx, doc }: Frame, walk: RubyWalk): void {
  const name = methodName(node);
  if (!name) return;
  const file = ctx.file;
  const object = node.childForFieldName('object');
  // `def self.m`, and `def XPath.first` / `def XPath::first` written with the class's own name: a class method.
  const ownName = object?.type === 'constant' && ctx.classId !== null && ctx.parentDecl === ctx.classId && object.text === ctx.file.builder.declarations[ctx.classId].name;
  const isStatic = ctx.singleton || object?.type === 'self' || ownName || undefined;
  const parameters = node.childForFieldName('parameters');
  const body = node.childForFieldName('body');
  const inClass = ctx.classId !== null && ctx.parentDecl === ctx.classId;
  // A `def` in a block (`Class.new do`, an RSpec group) defines a method of whatever `self` is there:
  // only a `def` directly at file level is a global function.
  const kind = inClass || ctx.inBlock ? 'method' : 'function';
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: flatSignature(`def ${object ? `${object.text}.` : ''}${name}${parameters ? parameters.text : ''}`, null),
    docstring: leadingComment(node, doc),
    isStatic,
    isExported: (kind === 'function' && ctx.parentDecl === null) || undefined,
  });
  // `describe X do def helper … end … end`: the group's helper, for the calls written inside that group.
  if (ctx.inBlock && !object) ctx.scope.bind(name, 'method', id);
  const scope = ctx.scope.open('method');
  const names = new Set<string>();
  const inner: RubyContext = {
    ...ctx, scope, parentDecl: id, enclosing: id, method: name, singleton: false, inBlock: false,
    blockSelf: undefined, parameters: names, blockParameter: undefined, staticMethod: Boolean(isStatic), inExample: ctx.inExample,
  };
  const documentedTypes = documentedParameters(node);
  for (const parameter of parameters?.namedChildren ?? []) {
    if (!parameter) continue;
    const bound = parameter.type === 'identifier' ? parameter : parameter.childForFieldName('name');
    if (bound?.type === 'identifier') {
      const documented = documentedTypes.get(bound.text);
      scope.bind(bound.text, 'parameter', undefined, documented ? { type: { kind: 'named', chain: documented }, scope: ctx.scope } : undefined);
    }
    if (bound?.type === 'identifier') names.add(bound.text);
    if (bound?.type === 'identifier' && parameter.type === 'block_parameter') inner.blockParameter = bound.text;
    else if (parameter.type === 'destructured_parameter') bindNames(parameter, inner);
    walk.push(parameter.childForFieldName('value'), inner);
  }
  walk.push(body, inner);
  statedResults(id, body, inner);
}

/**
 * What a `def` returns, where every exit states it: its last expression and each `return` value — `Foo.new(...)`,
 * `self` in an instance method (the receiver's own class), a local, a call of a constant's method. A body with
 * `rescue`, `else` or `ensure` may return from those: nothing is stated.
 */
function statedResults(id: number, body: SyntaxNode | null, ctx: RubyContext): void {
  if (!body) return;
  const all = body.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  // An `ensure` clause runs after the value is made and leaves it as it is; a `rescue` clause that re-raises makes none.
  if (all.some((c) => c.type === 'else' || (c.type === 'rescue' && !reraises(c)))) return;
  const statements = all.filter((c) => c.type !== 'rescue' && c.type !== 'ensure');
  const last = statements[statements.length - 1];
  if (!last) return;
  const results = ctx.file.facts.functionResults(id);
  const pending = ctx.file.newResults.length;
  const exits = [last.type === 'return' ? last : null, ...body.descendantsOfType('return')].filter((c, i, all): c is SyntaxNode => c !== null && all.indexOf(c) === i);
  const owned = (node: SyntaxNode) => {
    for (let up = node.parent; up && up.id !== body.id; up = up.parent) if (up.type === 'method' || up.type === 'singleton_method' || up.type === 'lambda') return false;
    return true;
  };
  for (const exit of exits.filter(owned)) {
    const value = exit.namedChildren.find((c) => c !== null && c.type !== 'comment');
    const argument = value?.type === 'argument_list' ? value.namedChildren.filter((c) => c !== null && c.type !== 'comment') : value ? [value] : [];
    results.returns.push({ value: argument.length === 0 ? 'none' : argument.length === 1 ? resultValue(argument[0]!, ctx) : null, scope: ctx.scope });
  }
  if (last.type !== 'return') results.returns.push({ value: resultValue(last, ctx), scope: ctx.scope });
  // `new(...).parse(...)` decides the result only where it is the one value returned.
  if (results.returns.filter((r) => r.value !== 'none').length !== 1) ctx.file.newResults.splice(pending);
}

/** A `rescue` clause whose last statement raises (`raise`, `fail`): it gives the method no value. */
function reraises(clause: SyntaxNode): boolean {
  const body = clause.namedChildren.find((c) => c?.type === 'then');
  const statements = body?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const last = statements[statements.length - 1];
  const method = last?.type === 'call' && !last.childForFieldName('receiver') ? last.childForFieldName('method')?.text
    : last?.type === 'identifier' ? last.text : undefined;
  return method === 'raise' || method === 'fail';
}

function resultValue(node: SyntaxNode, ctx: RubyContext): TypeRef | { local: string } | null | 'none' {
  // `return nil unless ready`: no value, as a bare `return` (the others say what a value is).
  if (node.type === 'nil') return 'none';
  if (node.type === 'self') return ctx.staticMethod ? null : { kind: 'self' };
  if (ctx.staticMethod && ctx.classId !== null) {
    // A bare `new` in `def self.m` builds whatever class `m` is called on (`Sub.m`: a Sub): the receiver's own type.
    if (bareNew(node)) return { kind: 'self' };
    // `template = new; …; template`: the same, where every assignment of the local in the method is a bare `new`.
    if (node.type === 'identifier' && assignedOnlyNew(node, ctx)) return { kind: 'self' };
    // `new(source).parse(source)`: the same where the class's instance `parse` returns `self` (settled once the file is walked).
    const receiver = node.type === 'call' ? node.childForFieldName('receiver') : null;
    const method = node.childForFieldName('method');
    if (receiver && bareNew(receiver) && method?.type === 'identifier' && ctx.enclosing !== null) {
      ctx.file.newResults.push({ method: ctx.enclosing, classId: ctx.classId, name: method.text });
      return null;
    }
  }
  if (node.type === 'identifier') return { local: node.text };
  // `def docs; @docs; end`, `@docs ||= []`: the collection the class fills with instances of one class.
  const held = node.type === 'operator_assignment' && node.child(1)?.type === '||=' ? node.childForFieldName('left') : node;
  if (held?.type === 'instance_variable' && !ctx.staticMethod) {
    const region = collectionRegion(held, ctx);
    const chain = region ? statedElements(region, held.text) : undefined;
    if (chain) return collectionOf(chain);
  }
  // `@parser ||= Parser.new`: the memoised value (`@default ||= new` in `def self.default`: an instance of the receiver).
  if (node.type === 'operator_assignment' && node.child(1)?.type === '||=') {
    const right = node.childForFieldName('right');
    if (right && ctx.staticMethod && ctx.classId !== null && bareNew(right)) return { kind: 'self' };
    return expressionType(right ?? node, ctx);
  }
  return expressionType(node, ctx);
}

export function visitBlock(node: SyntaxNode, ctx: RubyContext, walk: RubyWalk): void {
  const scope = ctx.scope.open('block');
  const inner: RubyContext = { ...ctx, scope, inBlock: true, implicitSubject: undefined };
  // `describe Engine do … subject.run`: RSpec's implicit subject, `Engine.new` (a module constructs nothing).
  if (ctx.implicitSubject) scope.bind('subject', 'local', undefined, { type: { kind: 'call', callee: ctx.implicitSubject, construct: true }, scope });
  const parameters = node.childForFieldName('parameters');
  if (parameters) {
    // `docs.each { |doc| … }`: an element of the collection the iterator is called on.
    const element = iteratedElement(node, parameters, ctx);
    for (const name of parameters.descendantsOfType('identifier')) {
      if (name) scope.bind(name.text, 'parameter', undefined, element?.name === name.text ? { type: element.type, scope: ctx.scope } : undefined);
    }
  }
  walk.push(node.childForFieldName('body'), inner);
}

/** The block parameter that is an element of the collection an iterator call (the block's owner) is made on, with its type. */
function iteratedElement(block: SyntaxNode, parameters: SyntaxNode, ctx: RubyContext): { name: string; type: TypeRef } | undefined {
  const call = block.parent;
  const receiver = call?.type === 'call' ? call.childForFieldName('receiver') : null;
  const method = call?.childForFieldName('method')?.text;
  if (!receiver || !method) return undefined;
  const list = parameters.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  if (list.some((p) => p.type !== 'identifier')) return undefined;
  // `build.tap { |site| … }`, `x.then { |v| … }`: the block's one parameter is the receiver itself.
  if (RECEIVER_YIELDERS.has(method) && list.length === 1 && !call!.childForFieldName('arguments')) {
    const own = expressionType(receiver, ctx) ?? heldValue(receiver, ctx);
    return own ? { name: list[0].text, type: own } : undefined;
  }
  const index = elementParameter(method, list.length);
  const type = index !== undefined ? elementType(receiver, ctx) : undefined;
  return type ? { name: list[index!].text, type } : undefined;
}

/** An element of the collection `node` is: one the region's code states (`@docs << Doc.new`), else one its value's type states. */
function elementType(node: SyntaxNode, ctx: RubyContext): TypeRef | undefined {
  const region = collectionRegion(node, ctx);
  const chain = region ? statedElements(region, node.text) : undefined;
  if (chain) return { kind: 'call', callee: chain, construct: true };
  if (node.type === 'identifier' || node.type === 'instance_variable') return undefined;
  const type = expressionType(node, ctx);
  return type ? elementOf(type) : undefined;
}

/** Where a collection held by `node` is assigned and filled: an instance variable's class body, a local's `def` (or file). */
function collectionRegion(node: SyntaxNode, ctx: RubyContext): SyntaxNode | undefined {
  let region: SyntaxNode | null = node.parent;
  if (node.type === 'instance_variable') {
    while (region && region.type !== 'class' && region.type !== 'module') region = region.parent;
  } else if (node.type === 'identifier' && ctx.scope.classify(node.text, true, positionOf(node)).locallyBound) {
    while (region && region.type !== 'method' && region.type !== 'singleton_method' && region.type !== 'program') region = region.parent;
  } else return undefined;
  return region ?? undefined;
}

/** Object's class tests: `x.is_a?(K)` proves x a K where it holds. */
const CLASS_TESTS = new Set(['is_a?', 'kind_of?', 'instance_of?']);

/** The class `condition` proves `value` (a local or an instance variable) an instance of where it holds: `value.is_a?(K)`. */
export function testedClass(condition: SyntaxNode | null, value: SyntaxNode): TypeRef | undefined {
  if (condition?.type !== 'call' || (value.type !== 'identifier' && value.type !== 'instance_variable')) return undefined;
  if (!CLASS_TESTS.has(condition.childForFieldName('method')?.text ?? '') || condition.childForFieldName('receiver')?.text !== value.text) return undefined;
  const args = condition.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const chain = args.length === 1 ? constantChain(args[0]) : undefined;
  return chain ? { kind: 'call', callee: chain, construct: true } : undefined;
}

/** Kernel's methods that yield their receiver to their block: `tap` (returning it), `then` / `yield_self`. */
const RECEIVER_YIELDERS = new Set(['tap', 'then', 'yield_self']);

/** Object's methods whose result is the receiver or a copy of it (where the class defines none of its own, as Ruby's own do not). */
const SAME_OBJECT = new Set(['dup', 'clone', 'freeze', 'itself']);

/** What an expression's value is stated to be: `Foo.new(...)`, `Foo.build(...)`, `helper(...)` (a method of self). */
export function expressionType(node: SyntaxNode, ctx?: RubyContext): TypeRef | null {
  if (node.type === 'parenthesized_statements') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? expressionType(inner, ctx) : null;
  }
  // `@profiler = context.profiler = Profiler.new`: an assignment (a writer call's too) is worth its right side.
  if (node.type === 'assignment') {
    const right = node.childForFieldName('right');
    return right ? expressionType(right, ctx) : null;
  }
  // `site.collections["posts"]`, `@docs[0]`: an element of the collection.
  if (node.type === 'element_reference' && ctx) {
    const object = node.childForFieldName('object');
    // `Registry[:name]`: what the class's own `def self.[]` returns, where it states it.
    const chain = constantChain(object);
    if (chain) return { kind: 'call', callee: [...chain, '[]'] };
    return object ? elementType(object, ctx) ?? null : null;
  }
  // `x.is_a?(Registers) ? x : Registers.new(x)`: each branch states its class (the tested one narrowed by the test).
  if (node.type === 'conditional' && ctx) {
    const condition = node.childForFieldName('condition');
    const branches = [node.childForFieldName('consequence'), node.childForFieldName('alternative')];
    const types = branches.map((branch, at) => (branch ? (at === 0 ? testedClass(condition, branch) : undefined) ?? expressionType(branch, ctx) : null));
    if (types.some((type) => !type)) return null;
    return JSON.stringify(types[0]) === JSON.stringify(types[1]) ? types[0] : { kind: 'any-of', of: types as TypeRef[] };
  }
  if (node.type !== 'call') return null;
  const method = node.childForFieldName('method');
  const receiver = node.childForFieldName('receiver');
  const chain = constantChain(receiver);
  if (method?.type !== 'identifier') return null;
  // `self.class.new(@options)` in an instance method: an instance of the class.
  if (receiver && ctx && method.text === 'new' && !node.childForFieldName('block')) {
    const own = selfClassOf(receiver, ctx);
    if (own) return { kind: 'call', callee: [own], construct: true };
  }
  // `self.class.build(...)` in an instance method: what the class's own `build` returns.
  const ownClass = receiver && ctx && method.text !== 'new' ? selfClassOf(receiver, ctx) : undefined;
  if (ownClass) return { kind: 'call', callee: [ownClass, method.text] };
  // `docs.first`, `@docs.last`: an element.
  if (receiver && ctx && !chain && readsElement(method.text) && !node.childForFieldName('arguments') && !node.childForFieldName('block')) {
    const element = elementType(receiver, ctx);
    if (element) return element;
  }
  // `Engine.new.tune(3)`: what that method of the receiver's stated class returns; `t.root`, `@parser.root`:
  // of what the local or the instance variable holds.
  const of = !chain && receiver ? expressionType(receiver, ctx) ?? (ctx ? heldValue(receiver, ctx) : null) : null;
  // `conn.dup`, `opts.freeze`: Object's copies and the receiver itself are of the receiver's class.
  if (of && SAME_OBJECT.has(method.text) && !node.childForFieldName('arguments')) return of;
  // `names.each_with_object({}) { |name, h| h[name] = Collection.new(name) }`: a hash of Collections.
  const built = builtElements(node);
  if (built) return collectionOf(built);
  // `Filter.new(opts).tap do |f| … end`: Kernel#tap yields the receiver and returns it.
  if (of && method.text === 'tap' && !node.childForFieldName('arguments')) return of;
  // Where the receiver's class declares `name` by `attr_reader` (no `def`), the call reads that attribute.
  if (of) return node.childForFieldName('arguments') || node.childForFieldName('block') ? { kind: 'member-call', of, name: method.text }
    : { kind: 'any-of', of: [{ kind: 'member-call', of, name: method.text }, { kind: 'field', of, path: [method.text] }] };
  // `build_site(config)`: what that method of `self` returns, where its every exit states it.
  if (!receiver && method.text !== 'new') return { kind: 'call', callee: ['self', method.text] };
  if (!chain) return null;
  // `Engine.build(...)`: what the class's method returns, where its every exit states it.
  return method.text === 'new' ? { kind: 'call', callee: chain, construct: true } : { kind: 'call', callee: [...chain, method.text] };
}

export function visitAssignment(node: SyntaxNode, ctx: RubyContext, walk: RubyWalk, doc?: string): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const plain = node.type === 'assignment';
  if (left?.type === 'identifier') {
    // `template = new` in `def self.build`: an instance of the class.
    const own = plain && right && ctx.staticMethod && bareNew(right) ? ownClass(ctx) : undefined;
    const type = own ? { kind: 'call' as const, callee: [own], construct: true } : plain && right ? expressionType(right, ctx) : null;
    ctx.scope.bind(left.text, 'local', undefined, type ? { type, scope: ctx.scope } : undefined, positionOf(left));
  } else if (left?.type === 'instance_variable' && ctx.classId !== null && (plain || node.child(1)?.type === '||=')) {
    // `@connection = nil` (in `initialize`, a reset, a teardown) holds no object: the other assignments decide.
    // `@site = site` where YARD documents `site`'s class: what the parameter holds.
    const type = right ? expressionType(right, ctx) ?? documentedParameter(right, ctx) : null;
    if (right?.type !== 'nil') ctx.file.facts.memberFact({ owner: ctx.classId, name: left.text, type, enclosing: ctx.enclosing }, ctx.scope);
  } else if (left?.type === 'constant' && plain && right && (classFactory(right) || subclassOf(right))) {
    // `Point = Struct.new(:x) do … end`, `Handler = Class.new(Base) { … }`: a class, its block the body.
    visitClassFactory(node, left, right, ctx, walk, doc);
    return;
  } else if (left?.type === 'constant' && plain) {
    ctx.file.builder.declare('constant', left.text, ctx.parentDecl, node, {
      signature: flatSignature(node.text.split('\n')[0], null), docstring: doc, isExported: ctx.parentDecl === null || undefined,
    });
  } else if (left?.type === 'left_assignment_list') {
    bindNames(left, ctx);
  } else if (left?.type === 'call') {
    // `obj.x = v` calls the writer `x=`, which no `def x` is: only the receiver is walked.
    const receiver = left.childForFieldName('receiver');
    if (receiver?.type === 'identifier') ctx.file.addIdentifier(receiver, ctx);
    else walk.push(receiver, ctx);
  } else if (left) {
    walk.push(left, ctx);
  }
  walk.push(right, ctx);
}

/** `X.new(...) do … end` whose block defines methods: a class made by a factory (`Struct`, `Class`, `Data.define`). */
function classFactory(node: SyntaxNode): SyntaxNode | undefined {
  if (node.type !== 'call') return undefined;
  const method = node.childForFieldName('method')?.text;
  if (method !== 'new' && method !== 'define') return undefined;
  const block = node.childForFieldName('block');
  const body = block?.childForFieldName('body');
  return body?.namedChildren.some((c) => c?.type === 'method' || c?.type === 'singleton_method') ? block! : undefined;
}

/** `Class.new(Base)` (with or without a block): an anonymous subclass of Base. */
function subclassOf(node: SyntaxNode): boolean {
  return node.type === 'call' && constantChain(node.childForFieldName('receiver'))?.join('::') === 'Class' && classObject(node) !== undefined && constantChain(node) === undefined;
}

function visitClassFactory(node: SyntaxNode, left: SyntaxNode, right: SyntaxNode, ctx: RubyContext, walk: RubyWalk, doc?: string): void {
  const file = ctx.file;
  const id = file.builder.declare('class', left.text, ctx.parentDecl, node, {
    signature: flatSignature(node.text.split('\n')[0], null), docstring: doc, isExported: ctx.parentDecl === null || undefined,
  });
  const inner: RubyContext = {
    ...ctx, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, singleton: false, method: null, inBlock: false,
    blockSelf: undefined, parameters: undefined, blockParameter: undefined, staticMethod: undefined, inExample: false,
  };
  // `Class.new(Base)`: extends Base; `Struct.new(...)`: a Struct (not indexed).
  const receiver = constantChain(right.childForFieldName('receiver'));
  const base = receiver?.join('::') === 'Class' ? right.childForFieldName('arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment') : undefined;
  const baseChain = constantChain(base);
  if (base && baseChain) file.addSite('extends', { name: baseChain[baseChain.length - 1], receiver: baseChain.slice(0, -1) }, base, inner);
  walk.push(right.childForFieldName('arguments'), ctx);
  walk.push(classFactory(right)?.childForFieldName('body'), inner);
  walk.push(subclassOf(right) && !classFactory(right) ? right.childForFieldName('block') : null, inner);
}

/** The value a receiver names: a local assigned before it, or an instance variable of `self` (their proven types, later). */
function heldValue(node: SyntaxNode, ctx: RubyContext): TypeRef | null {
  // `@request` in an example group outside any class: what its every assignment there states.
  const unclassed = unclassedVariableType(node, ctx);
  if (unclassed) return unclassed;
  if (node.type === 'instance_variable') return ctx.classId !== null ? { kind: 'value', chain: ['self', node.text] } : null;
  if (node.type !== 'identifier' || !ctx.scope.classify(node.text, true, positionOf(node)).locallyBound) return null;
  return { kind: 'value', chain: [node.text] };
}

/** A parameter of the `def` around whose class its YARD `@param` documents, as the value it holds; else null. */
function documentedParameter(node: SyntaxNode, ctx: RubyContext): TypeRef | null {
  if (node.type !== 'identifier' || !ctx.parameters?.has(node.text)) return null;
  let method: SyntaxNode | null = node.parent;
  while (method && method.type !== 'method' && method.type !== 'singleton_method') method = method.parent;
  const chain = method ? documentedParameters(method).get(node.text) : undefined;
  return chain ? { kind: 'named', chain } : null;
}

/** A bare `new` / `new(...)` (no receiver, no block): an instance of the class a `def self.m` is called on. */
function bareNew(node: SyntaxNode): boolean {
  if (node.type === 'identifier') return node.text === 'new';
  return node.type === 'call' && !node.childForFieldName('receiver') && !node.childForFieldName('block') && node.childForFieldName('method')?.text === 'new';
}

/** Whether the local a `def`'s result names is a parameter of none and every assignment of it in the `def` is a bare `new`. */
function assignedOnlyNew(local: SyntaxNode, ctx: RubyContext): boolean {
  if (ctx.parameters?.has(local.text)) return false;
  let body: SyntaxNode | null = local.parent;
  while (body && body.type !== 'method' && body.type !== 'singleton_method') body = body.parent;
  const values = body ? assignedValues(body, local.text) : undefined;
  return values !== undefined && values.length > 0 && values.every(bareNew);
}


/**
 * What a value is where it is a class or module itself rather than an instance: a constant (`Jekyll::Utils::Ansi`), or
 * an anonymous subclass `Class.new(Mustache)` (its class methods are the base's). The chain, or undefined.
 */
export function classObject(value: SyntaxNode): string[] | undefined {
  const chain = constantChain(value);
  if (chain) return chain;
  if (value.type !== 'call' || value.childForFieldName('method')?.text !== 'new' || constantChain(value.childForFieldName('receiver'))?.join('::') !== 'Class') return undefined;
  const args = value.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  return args.length === 1 ? constantChain(args[0]) : undefined;
}

/** The class a `def self.m` belongs to, by name (a module's `new` builds nothing). */
function ownClass(ctx: RubyContext): string | undefined {
  const declaration = ctx.classId !== null ? ctx.file.builder.declarations[ctx.classId] : undefined;
  return declaration?.kind === 'class' ? declaration.name : undefined;
}

/** Where instance variables live outside any class: `def`s, blocks and hooks of example groups (`before do @x = … end`). */
const CLASS_BOUNDARIES = new Set(['class', 'module', 'singleton_class']);

/** Per file and instance variable: what every assignment of it outside classes states (null: nothing). */
const unclassedTypes = new WeakMap<object, Map<string, TypeRef | null>>();

/**
 * `@request` written outside any class (in an RSpec or minitest/spec group, its `before` hooks, examples and helper
 * `def`s): the class every assignment of `@request` outside classes in the file constructs or gets from a constant's
 * method (`HTTParty::Request.new(…)`, `Foo.build(…)`), all agreeing; any other assignment (`||=`, a multiple
 * assignment, a value of another kind) states nothing. The variable holds that or nil.
 */
export function unclassedVariableType(node: SyntaxNode, ctx: RubyContext): TypeRef | undefined {
  if (node.type !== 'instance_variable') return undefined;
  // `setup do @site = fixture_site end` in a group around the read: those hooks decide, in a test class or outside any.
  const grouped = groupAssignments(node);
  if (grouped) return groupedType(node, grouped, ctx);
  if (ctx.classId !== null || insideClass(node)) return undefined;
  let known = unclassedTypes.get(ctx.file);
  if (!known) unclassedTypes.set(ctx.file, (known = new Map()));
  if (!known.has(node.text)) known.set(node.text, agreedAssignments(node, ctx) ?? null);
  return known.get(node.text) ?? undefined;
}

/** Group variables whose type is being worked out (`@a = @a.next` states nothing). */
const pendingGroupReads = new Set<string>();

/** What every one of a group's deciding assignments states (`Foo.new(…)`, `Foo.build`, a helper's result, `@site.collections[k]`). */
function groupedType(read: SyntaxNode, binders: SyntaxNode[], ctx: RubyContext): TypeRef | undefined {
  const key = `${read.startIndex}:${read.text}`;
  if (pendingGroupReads.has(key)) return undefined;
  pendingGroupReads.add(key);
  try {
    let agreed: string | undefined;
    let type: TypeRef | undefined;
    for (const binder of binders) {
      const value = binder.childForFieldName('right');
      if (value?.type === 'nil') continue;
      // `@site = fixture_site`: a helper of the test's own (no local of that name where it is written).
      const helper = value?.type === 'identifier' && !boundNear(value) ? { kind: 'call', callee: ['self', value.text] } as TypeRef : undefined;
      if (!value || (!helper && !rootedValue(value))) return undefined;
      const stated = helper ?? expressionType(value, ctx);
      const json = stated ? JSON.stringify(stated) : undefined;
      if (!stated || (agreed !== undefined && agreed !== json)) return undefined;
      agreed = json;
      type = stated;
    }
    return type;
  } finally {
    pendingGroupReads.delete(key);
  }
}

/** Whether an identifier may be a local: a name the block or `def` around it binds anywhere. */
function boundNear(identifier: SyntaxNode): boolean {
  let region: SyntaxNode | null = identifier.parent;
  while (region && region.type !== 'block' && region.type !== 'do_block' && region.type !== 'method' && region.type !== 'program') region = region.parent;
  if (!region) return true;
  const values = assignedValues(region, identifier.text);
  return values === undefined || values.length > 0 || region.descendantsOfType('identifier').some((n) => n?.text === identifier.text && n.parent?.type.endsWith('parameters'));
}

/**
 * A value whose every step the syntax states without locals: calls and element reads on a constant, an instance
 * variable or `self` (a bare helper call), no blocks.
 */
function rootedValue(node: SyntaxNode): boolean {
  if (node.type === 'element_reference') {
    const object = node.childForFieldName('object');
    return object !== null && (object.type === 'instance_variable' || rootedValue(object));
  }
  if (node.type !== 'call' || node.childForFieldName('block')) return false;
  const receiver = node.childForFieldName('receiver');
  return !receiver || constantChain(receiver) !== undefined || receiver.type === 'instance_variable' || rootedValue(receiver);
}

function agreedAssignments(node: SyntaxNode, ctx: RubyContext): TypeRef | undefined {
  let root: SyntaxNode = node;
  while (root.parent) root = root.parent;
  let agreed: string | undefined;
  let type: TypeRef | undefined;
  for (const binder of root.descendantsOfType(['assignment', 'operator_assignment', 'left_assignment_list'])) {
    if (!binder || insideClass(binder)) continue;
    const mentioned = binder.type === 'left_assignment_list' ? binder.descendantsOfType('instance_variable').some((v) => v?.text === node.text)
      : binder.childForFieldName('left')?.text === node.text;
    if (!mentioned) continue;
    if (binder.type !== 'assignment') return undefined;
    const value = binder.childForFieldName('right');
    const receiver = value?.type === 'call' ? value.childForFieldName('receiver') : null;
    // `nil` in a teardown holds nothing: the others decide.
    if (value?.type === 'nil') continue;
    if (value?.type !== 'call' || !constantChain(receiver) || value.childForFieldName('block')) return undefined;
    const stated = expressionType(value, ctx);
    const key = stated ? JSON.stringify(stated) : undefined;
    if (!stated || (agreed !== undefined && agreed !== key)) return undefined;
    agreed = key;
    type = stated;
  }
  return type;
}

function insideClass(node: SyntaxNode): boolean {
  for (let up = node.parent; up; up = up.parent) if (CLASS_BOUNDARIES.has(up.type)) return true;
  return false;
}
