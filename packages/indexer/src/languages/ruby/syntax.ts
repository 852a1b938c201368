/**
 * What Ruby's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * Decisions:
 *  - `class` → `class`, `module` → `module`; `class A::B` is named `B` with qualified name `A::B`
 *    (nesting included), so that every reopening of a class has one qualified name. `def` in a class or
 *    module → `method`, at top level → `function`; `def self.m` and the `def`s of `class << self` →
 *    static methods. `attr_reader` / `attr_writer` / `attr_accessor` → a `property` per name. Constant
 *    assignments → `constant`. Top-level declarations are exported.
 *  - `require 'x'` → a side-effect import of `x`; `require_relative 'x'` → of `./x`.
 *  - Sites: every method call (`m`, `m()`, `obj.m`, `self.m`, `Foo::Bar.m`); a bare identifier that is no
 *    local is a call; `Foo.new` instantiates Foo; `class A < B` extends B; `include` / `extend` /
 *    `prepend M` in a class or module body are `implements` sites of M (the resolver takes a mixed-in
 *    module's methods as the class's); a bare `super` / `super(...)` calls the method of the same name
 *    in the superclass.
 *  - Receivers: `self`; a local assigned `Foo.new` (every assignment agreeing); `@ivar` through what every
 *    `@ivar = …` of the class states; constants through the open classes and modules.
 */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { positionOf } from '../../extraction/core/scopes.js';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import type { RubyContext } from './file-state.js';

type RubyWalk = Walk<RubyContext>;
type Rule = NodeRule<RubyContext>;
type Frame = { node: SyntaxNode; ctx: RubyContext; doc?: string };

const OPAQUE = [
  'constant', 'string', 'simple_symbol', 'delimited_symbol', 'hash_key_symbol', 'integer', 'float', 'true', 'false', 'nil',
  'comment', 'regex', 'heredoc_body', 'character', 'instance_variable', 'class_variable', 'global_variable', 'self',
  'operator', 'setter', 'uninterpreted', 'rational', 'complex', 'alias', 'undef',
];

const handled = handledFrame<RubyContext>;

/** Methods whose bare calls declare or import rather than call. */
const REQUIRES = new Set(['require', 'require_relative', 'load']);
const ATTRIBUTES = new Set(['attr_reader', 'attr_writer', 'attr_accessor']);
const MIXINS = new Set(['include', 'extend', 'prepend']);
/** RSpec's example groups, examples and hooks: their blocks run in an example, with the configured mixins. */
const EXAMPLE_BLOCKS = new Set([
  'describe', 'context', 'it', 'specify', 'example', 'xit', 'fit', 'xdescribe', 'fdescribe', 'xcontext', 'fcontext',
  'before', 'after', 'around', 'let', 'let!', 'subject', 'shared_examples', 'shared_examples_for', 'shared_context',
  'feature', 'scenario', 'background', 'given', 'given!',
]);
/** RSpec calls that define a method of the example group, named by their first argument (`let(:app)`). */
const EXAMPLE_DEFINITIONS = new Set(['let', 'let!', 'subject', 'subject!', 'given', 'given!']);
/** Methods that run a block with `self` set to their receiver (`instance_*`) or to the receiver class (`*_eval`, `*_exec`). */
const EVALUATORS = new Set(['instance_eval', 'instance_exec', 'class_eval', 'class_exec', 'module_eval', 'module_exec']);
const INSTANCE_EVALUATORS = new Set(['instance_eval', 'instance_exec']);

export const RUBY_SYNTAX: SyntaxRules<RubyContext> = {
  opaque: OPAQUE,
  patternNames: () => [],
  comments: {
    types: ['comment'],
    // The comment line right above the declaration (a comment token may end at column 0 of the next row).
    doc: (comment, anchorRow) => ((comment.endPosition.column === 0 ? comment.endPosition.row : comment.endPosition.row + 1) === anchorRow
      ? comment.text.replace(/^#\s?/, '').trim() || undefined : undefined),
  },
  nodes: {
    class: handled(visitClass),
    module: handled(visitClass),
    singleton_class: handled(({ node, ctx }, walk) => walk.push(node.childForFieldName('body'), { ...ctx, singleton: true })),
    method: handled(visitMethod),
    singleton_method: handled(visitMethod),
    call: { visit: ({ node, ctx }, walk) => visitCall(node, ctx, walk) },
    identifier: handled(({ node, ctx }) => visitIdentifier(node, ctx)),
    super: handled(({ node, ctx }) => visitSuper(node, ctx)),
    assignment: handled(({ node, ctx, doc }, walk) => visitAssignment(node, ctx, walk, doc)),
    operator_assignment: handled(({ node, ctx }, walk) => visitAssignment(node, ctx, walk)),
    block: handled(({ node, ctx }, walk) => visitBlock(node, ctx, walk)),
    do_block: handled(({ node, ctx }, walk) => visitBlock(node, ctx, walk)),
    lambda: handled(({ node, ctx }, walk) => visitBlock(node, ctx, walk)),
    exception_variable: handled(({ node, ctx }) => bindNames(node, ctx)),
    for: {
      visit: ({ node, ctx }) => {
        const pattern = node.childForFieldName('pattern');
        if (pattern) bindNames(pattern, ctx);
        return true;
      },
    },
    // `key: value` pairs and keyword arguments: the key is no call.
    pair: handled(({ node, ctx }, walk) => walk.push(node.childForFieldName('value'), ctx)),
  },
};

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

/** `A::B::C` → ['A', 'B', 'C'], `::A` → ['A']; undefined for anything else. */
function constantChain(node: SyntaxNode | null | undefined): string[] | undefined {
  if (!node) return undefined;
  if (node.type === 'constant') return [node.text];
  if (node.type !== 'scope_resolution') return undefined;
  const name = node.childForFieldName('name');
  if (name?.type !== 'constant') return undefined;
  const scope = node.childForFieldName('scope');
  if (!scope) return [name.text];
  const head = constantChain(scope);
  return head ? [...head, name.text] : undefined;
}

/** Binds every identifier of a pattern (`a, (b, *c)`, `|x, y|`) as a local without a known type. */
function bindNames(node: SyntaxNode, ctx: RubyContext): void {
  const names = node.type === 'identifier' ? [node] : node.descendantsOfType('identifier').filter((c): c is SyntaxNode => c !== null);
  for (const name of names) ctx.scope.bind(name.text, 'local', undefined, undefined, positionOf(name));
}

function visitClass({ node, ctx, doc }: Frame, walk: RubyWalk): void {
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
  walk.push(body, inner);
}

function methodName(node: SyntaxNode): string | undefined {
  const name = node.childForFieldName('name');
  if (!name) return undefined;
  return name.type === 'setter' ? name.text : name.text;
}

function visitMethod({ node, ctx, doc }: Frame, walk: RubyWalk): void {
  const name = methodName(node);
  if (!name) return;
  const file = ctx.file;
  const object = node.childForFieldName('object');
  const isStatic = ctx.singleton || object?.type === 'self' || undefined;
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
  const scope = ctx.scope.open('method');
  const names = new Set<string>();
  const inner: RubyContext = {
    ...ctx, scope, parentDecl: id, enclosing: id, method: name, singleton: false, inBlock: false,
    blockSelf: undefined, parameters: names, blockParameter: undefined, staticMethod: Boolean(isStatic), inExample: ctx.inExample,
  };
  for (const parameter of parameters?.namedChildren ?? []) {
    if (!parameter) continue;
    const bound = parameter.type === 'identifier' ? parameter : parameter.childForFieldName('name');
    if (bound?.type === 'identifier') scope.bind(bound.text, 'parameter');
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
  const statements = body.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  if (statements.some((c) => c.type === 'rescue' || c.type === 'else' || c.type === 'ensure')) return;
  const last = statements[statements.length - 1];
  if (!last) return;
  const results = ctx.file.facts.functionResults(id);
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
}

function resultValue(node: SyntaxNode, ctx: RubyContext): TypeRef | { local: string } | null | 'none' {
  // `return nil unless ready`: no value, as a bare `return` (the others say what a value is).
  if (node.type === 'nil') return 'none';
  // A bare `new` in `def self.m` builds whatever class `m` is called on (a subclass too): not stated.
  if (node.type === 'self') return ctx.staticMethod ? null : { kind: 'self' };
  if (node.type === 'identifier') return { local: node.text };
  return expressionType(node);
}

function visitBlock(node: SyntaxNode, ctx: RubyContext, walk: RubyWalk): void {
  const scope = ctx.scope.open('block');
  const inner: RubyContext = { ...ctx, scope, inBlock: true };
  const parameters = node.childForFieldName('parameters');
  if (parameters) {
    for (const name of parameters.descendantsOfType('identifier')) if (name) scope.bind(name.text, 'parameter');
  }
  walk.push(node.childForFieldName('body'), inner);
}

/** What an expression's value is stated to be: `Foo.new(...)`, `Foo.build(...)`. */
function expressionType(node: SyntaxNode): TypeRef | null {
  if (node.type === 'parenthesized_statements') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? expressionType(inner) : null;
  }
  if (node.type !== 'call') return null;
  const method = node.childForFieldName('method');
  const receiver = node.childForFieldName('receiver');
  const chain = constantChain(receiver);
  if (method?.type !== 'identifier') return null;
  // `Engine.new.tune(3)`: what that method of the receiver's stated class returns.
  const of = !chain && receiver ? expressionType(receiver) : null;
  if (of) return { kind: 'member-call', of, name: method.text };
  if (!chain) return null;
  // `Engine.build(...)`: what the class's method returns, where its every exit states it.
  return method.text === 'new' ? { kind: 'call', callee: chain, construct: true } : { kind: 'call', callee: [...chain, method.text] };
}

function visitAssignment(node: SyntaxNode, ctx: RubyContext, walk: RubyWalk, doc?: string): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const plain = node.type === 'assignment';
  if (left?.type === 'identifier') {
    const type = plain && right ? expressionType(right) : null;
    ctx.scope.bind(left.text, 'local', undefined, type ? { type, scope: ctx.scope } : undefined, positionOf(left));
  } else if (left?.type === 'instance_variable' && ctx.classId !== null && plain) {
    const type = right ? expressionType(right) : null;
    ctx.file.facts.memberFact({ owner: ctx.classId, name: left.text, type, enclosing: ctx.enclosing }, ctx.scope);
  } else if (left?.type === 'constant' && plain && right && classFactory(right)) {
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
}

function visitSuper(node: SyntaxNode, ctx: RubyContext): void {
  if (ctx.method) ctx.file.addSite('calls', { name: ctx.method, receiver: ['super'] }, node, ctx);
}

/** The literal a require names, or undefined (`require File.join(...)`). */
function literalArgument(node: SyntaxNode): string | undefined {
  const argument = node.childForFieldName('arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  if (argument?.type !== 'string') return undefined;
  const parts = argument.namedChildren.filter((c): c is SyntaxNode => c !== null);
  return parts.length === 1 && parts[0].type === 'string_content' ? parts[0].text : undefined;
}

function symbolNames(node: SyntaxNode): SyntaxNode[] {
  return node.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode =>
    c !== null && (c.type === 'simple_symbol' || c.type === 'string')) ?? [];
}

/** The receiver of a call as a name chain: `self`, a local or method name, `@ivar` (of self), constants. */
function receiverChain(node: SyntaxNode): string[] | undefined {
  switch (node.type) {
    case 'self':
      return ['self'];
    case 'identifier':
      return [node.text];
    case 'instance_variable':
      return ['self', node.text];
    default:
      return constantChain(node);
  }
}

function visitCall(node: SyntaxNode, ctx: RubyContext, walk: RubyWalk): boolean {
  const method = node.childForFieldName('method');
  const receiver = node.childForFieldName('receiver');
  const file = ctx.file;
  if (method?.type === 'super') {
    visitSuper(node, ctx);
    walk.push(node.childForFieldName('arguments'), ctx);
    walk.push(node.childForFieldName('block'), ctx);
    return false;
  }
  if (method?.type !== 'identifier' && method?.type !== 'constant') return true;
  const name = method.text;
  const ownClass = ownClassNew(node, ctx);
  if (ownClass) {
    file.ownNew.set(file.addSite('instantiates', { name: ownClass, receiver: [] }, node, ctx), ctx.classId!);
    walk.push(node.childForFieldName('arguments'), ctx);
    walk.push(node.childForFieldName('block'), ctx);
    return false;
  }
  if (!receiver) {
    if (REQUIRES.has(name)) {
      const path = literalArgument(node);
      if (path !== undefined) {
        const specifier = name === 'require_relative' && !path.startsWith('.') ? `./${path}` : path;
        file.builder.addImport(specifier, ctx.parentDecl, node, flatSignature(node.text, null), [], { sideEffectOnly: true });
        return false;
      }
    }
    if (ATTRIBUTES.has(name) && ctx.classId !== null && ctx.parentDecl === ctx.classId) {
      for (const symbol of symbolNames(node)) {
        const attribute = symbol.text.replace(/^:/, '').replace(/^["']|["']$/g, '');
        file.builder.declare('property', attribute, ctx.classId, symbol, { signature: flatSignature(`${name} ${symbol.text}`, null), isStatic: ctx.singleton || undefined });
        // `attr_reader :engine` reads `@engine` and nothing else writes it from outside: it holds what `@engine` holds.
        if (name === 'attr_reader' && !ctx.singleton) {
          file.facts.memberFact({ owner: ctx.classId, name: attribute, type: { kind: 'value', chain: ['self', `@${attribute}`] }, enclosing: ctx.enclosing }, ctx.scope);
        }
      }
      return false;
    }
    if (MIXINS.has(name) && ctx.classId !== null && ctx.parentDecl === ctx.classId) {
      for (const argument of node.childForFieldName('arguments')?.namedChildren ?? []) {
        const chain = constantChain(argument);
        if (argument && chain) file.addSite('implements', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, argument, ctx);
      }
      return false;
    }
  }
  noteBlockEvaluation(node, name, receiver, ctx);
  let blockCtx = blockContext(node, name, receiver, ctx);
  // `RSpec.configure do |config| config.include Helpers end`: Helpers' methods in every example.
  if (name === 'configure' && receiver && constantChain(receiver)) {
    const parameter = node.childForFieldName('block')?.childForFieldName('parameters')?.descendantsOfType('identifier')[0];
    if (parameter) blockCtx = { ...blockCtx, configurer: parameter.text };
  }
  blockCtx = { ...blockCtx, inExample: exampleBlock(name, receiver, ctx) };
  if (!receiver && EXAMPLE_DEFINITIONS.has(name)) {
    const defined = node.childForFieldName('arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (defined?.type === 'simple_symbol') file.exampleNames.add(defined.text.slice(1));
    if (name === 'subject') file.exampleNames.add('subject');
  }
  // `def self.included(base) base.extend(ClassMethods) end`: an includer gets ClassMethods too.
  if (name === 'extend' && receiver?.type === 'identifier' && ctx.method === 'included' && ctx.staticMethod && ctx.classId !== null && ctx.parameters?.has(receiver.text)) {
    for (const argument of node.childForFieldName('arguments')?.namedChildren ?? []) {
      const chain = constantChain(argument);
      if (argument && chain) file.addSite('implements', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, argument, { ...ctx, enclosing: ctx.classId });
    }
  }
  if (name === 'include' && receiver?.type === 'identifier' && receiver.text === ctx.configurer) {
    for (const argument of node.childForFieldName('arguments')?.namedChildren ?? []) {
      const chain = constantChain(argument);
      if (chain) file.ambientMixins.push(chain);
    }
  }
  let target: SiteTarget;
  if (!receiver) {
    target = { name, receiver: [] };
  } else {
    const chain = receiverChain(receiver);
    if (name === 'new' && chain && receiver.type !== 'identifier' && receiver.type !== 'self' && receiver.type !== 'instance_variable') {
      // `Foo::Bar.new(...)`: instantiates the class.
      file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
      walk.push(node.childForFieldName('arguments'), ctx);
      walk.push(node.childForFieldName('block'), ctx);
      return false;
    }
    const constructed = ownClassNew(receiver, ctx);
    const selfClass = selfClassOf(receiver, ctx);
    if (constructed) {
      // `new(x).run` in `def self.call`: an instance of the class.
      target = { name, receiver: undefined, typedReceiver: { type: { kind: 'call', callee: [constructed], construct: true }, path: [] } };
      walk.push(receiver, ctx);
    } else if (selfClass) {
      // `self.class.build` in an instance method: the class's own method.
      target = { name, receiver: [selfClass] };
    } else if (chain) target = { name, receiver: chain };
    else {
      const type = expressionType(receiver);
      target = { name, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined };
      walk.push(receiver, ctx);
    }
  }
  const site = file.addSite('calls', target, node, ctx);
  if (receiver && ownClassNew(receiver, ctx)) file.ownNew.set(site, ctx.classId!);
  // A receiver that is a bare name is walked as a call of its own only when it is no local (settled later).
  if (receiver?.type === 'identifier' && target.receiver !== undefined) visitIdentifier(receiver, ctx);
  walk.push(node.childForFieldName('arguments'), ctx);
  walk.push(node.childForFieldName('block'), blockCtx);
  return false;
}

/**
 * Whether a call's block runs in an example: an RSpec group, example or hook (`describe`, `RSpec.describe`,
 * `config.before`), or any block of a call on a value inside one (`items.each do`, a bare call). A block given to
 * a constant's method (`ActiveRecord::Schema.define do`) or evaluated in another object is not.
 */
function exampleBlock(name: string, receiver: SyntaxNode | null, ctx: RubyContext): boolean {
  if (EXAMPLE_BLOCKS.has(name)) {
    if (!receiver || (receiver.type === 'identifier' && receiver.text === ctx.configurer)) return true;
    if (constantChain(receiver)?.join('::') === 'RSpec') return true;
  }
  if (!ctx.inExample || EVALUATORS.has(name)) return false;
  return !receiver || !constantChain(receiver);
}

/** The enclosing class's name, where `self` is an instance of it (a method of a class, not of a module). */
function ownClassName(ctx: RubyContext): string | undefined {
  if (ctx.classId === null || !ctx.method) return undefined;
  const declaration = ctx.file.builder.declarations[ctx.classId];
  return declaration.kind === 'class' ? declaration.name : undefined;
}

/** A bare `new` / `new(...)` in `def self.m` of a class: constructs that class. The class's name, or undefined. */
function ownClassNew(node: SyntaxNode, ctx: RubyContext): string | undefined {
  if (!ctx.staticMethod) return undefined;
  const bare = node.type === 'identifier' ? node.text === 'new'
    : node.type === 'call' && !node.childForFieldName('receiver') && node.childForFieldName('method')?.text === 'new';
  return bare ? ownClassName(ctx) : undefined;
}

/** `self.class` in an instance method of a class: that class's name, or undefined. */
function selfClassOf(node: SyntaxNode, ctx: RubyContext): string | undefined {
  if (ctx.staticMethod || node.type !== 'call' || node.childForFieldName('arguments') || node.childForFieldName('block')) return undefined;
  if (node.childForFieldName('receiver')?.type !== 'self' || node.childForFieldName('method')?.text !== 'class') return undefined;
  return ownClassName(ctx);
}

function visitIdentifier(node: SyntaxNode, ctx: RubyContext): void {
  const ownClass = ownClassNew(node, ctx);
  if (ownClass) ctx.file.ownNew.set(ctx.file.addSite('instantiates', { name: ownClass, receiver: [] }, node, ctx), ctx.classId!);
  else ctx.file.addIdentifier(node, ctx);
}

/** The parameter an argument list hands on as the block (`&block`), or as a value (`run(block)`). */
function handedParameter(node: SyntaxNode, ctx: RubyContext, asValue: boolean): string | undefined {
  for (const argument of node.childForFieldName('arguments')?.namedChildren ?? []) {
    const name = argument?.type === 'block_argument' ? argument.namedChildren[0]
      : asValue && argument?.type === 'identifier' ? argument : undefined;
    if (name?.type === 'identifier' && ctx.parameters?.has(name.text)) return name.text;
  }
  return undefined;
}

/** What `self` a receiver expression states (`Foo.new(...)`, a local), or null when nothing does. */
function receiverSelf(receiver: SyntaxNode, ctx: RubyContext): TypeRef | null {
  // `new.instance_eval(&block)` in `def self.run`: a new instance of the class.
  if (receiver.type === 'identifier' && receiver.text === 'new' && ctx.staticMethod && ctx.classId !== null) {
    return { kind: 'call', callee: [ctx.file.builder.declarations[ctx.classId].name], construct: true };
  }
  if (receiver.type === 'identifier') return { kind: 'value', chain: [receiver.text] };
  return expressionType(receiver);
}

/**
 * A method that evaluates its block in another object (`proxy.instance_eval(&block)`) or hands its
 * `&block` on to a method that may (`DSL.run(block)`): evidence of what `self` its block runs with.
 */
function noteBlockEvaluation(node: SyntaxNode, name: string, receiver: SyntaxNode | null, ctx: RubyContext): void {
  if (ctx.enclosing === null || !ctx.method || !ctx.parameters) return;
  if (EVALUATORS.has(name)) {
    if (!receiver || !handedParameter(node, ctx, false)) return;
    ctx.file.blockEvaluated(ctx.enclosing, INSTANCE_EVALUATORS.has(name) ? receiverSelf(receiver, ctx) : null, ctx);
    return;
  }
  if (!ctx.blockParameter || handedParameter(node, ctx, true) !== ctx.blockParameter) return;
  const chain = receiver ? constantChain(receiver) : undefined;
  ctx.file.blockEvaluated(ctx.enclosing, chain ? { kind: 'call', callee: [...chain, name], block: true } : null, ctx);
}

/**
 * What `self` is inside the block a call is given: the receiver of `obj.instance_eval { … }`; inside a
 * block given to `Foo.configure` or to a bare call, the object that callee evaluates it in, when the
 * global pass proves one (else the self around, as in any block).
 */
function blockContext(node: SyntaxNode, name: string, receiver: SyntaxNode | null, ctx: RubyContext): RubyContext {
  if (!node.childForFieldName('block')) return ctx;
  const around = ctx.blockSelf;
  if (EVALUATORS.has(name)) {
    if (!receiver) return ctx;
    return { ...ctx, blockSelf: { evaluated: INSTANCE_EVALUATORS.has(name) ? receiverSelf(receiver, ctx) : null } };
  }
  if (around && 'evaluated' in around) return ctx;
  const outer = around?.passed ?? [];
  let type: TypeRef | undefined;
  if (!receiver) {
    type = outer.length > 0 ? { kind: 'member-call', of: outer[0], name, block: true }
      : ctx.method && ctx.classId !== null ? { kind: 'call', callee: ['self', name], block: true }
      : { kind: 'call', callee: [name], block: true };
  } else if (receiver.type === 'self' && ctx.method && ctx.classId !== null) {
    type = { kind: 'call', callee: ['self', name], block: true };
  } else {
    const chain = constantChain(receiver);
    if (chain) type = { kind: 'call', callee: [...chain, name], block: true };
  }
  return type ? { ...ctx, blockSelf: { passed: [type, ...outer] } } : ctx;
}
