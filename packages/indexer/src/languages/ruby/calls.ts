/** Ruby's call sites: method calls with their receivers, `super`, `require`, attribute and mixin macros, test-framework example blocks and the `self` their blocks evaluate in. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import type { RubyContext, RubyWalk } from './file-state.js';
import { classObject, expressionType, testedClass, unclassedVariableType } from './declarations.js';
import { assignedValues, constantChain, ownClassName, selfClassOf } from './syntax-values.js';
import { positionOf } from '../../extraction/core/scopes.js';
import { literalName, visitMatcherDefinition, visitMethodMacro, visitSingletonDefinition } from './method-macros.js';
import { collectionOf, statedElements } from './collections.js';

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
/** Methods that call the method their first argument names. */
const SENDS = new Set(['send', 'public_send', '__send__']);
/** Methods that run a block with `self` set to their receiver (`instance_*`) or to the receiver class (`*_eval`, `*_exec`). */
const EVALUATORS = new Set(['instance_eval', 'instance_exec', 'class_eval', 'class_exec', 'module_eval', 'module_exec']);
const INSTANCE_EVALUATORS = new Set(['instance_eval', 'instance_exec']);

export function visitSuper(node: SyntaxNode, ctx: RubyContext): void {
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

/** Whether a constant path starts at the top level: `::URI`, `::Rack::Utils`. */
function rootedChain(node: SyntaxNode): boolean {
  let head: SyntaxNode | null = node;
  while (head?.type === 'scope_resolution' && head.childForFieldName('scope')) head = head.childForFieldName('scope');
  return head?.type === 'scope_resolution' && !head.childForFieldName('scope');
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

export function visitCall(node: SyntaxNode, ctx: RubyContext, walk: RubyWalk): boolean {
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
  // `obj.send(:run, x)`, `public_send("run")`: a call of `run` on obj.
  const name = (SENDS.has(method.text) ? literalName(node.childForFieldName('arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment')) : undefined) ?? method.text;
  const ownClass = ownClassNew(node, ctx);
  if (ownClass) {
    file.ownNew.set(file.addSite('instantiates', { name: ownClass, receiver: [] }, node, ctx), ctx.classId!);
    noteBlockEvaluation(node, name, receiver, ctx);
    walk.push(node.childForFieldName('arguments'), ctx);
    walk.push(node.childForFieldName('block'), blockContext(node, name, receiver, ctx));
    return false;
  }
  if (receiver && name === 'define' && visitMatcherDefinition(node, receiver, ctx, walk)) return false;
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
        if (name !== 'attr_writer') {
          const property = file.builder.declare('property', attribute, ctx.classId, symbol, { signature: flatSignature(`${name} ${symbol.text}`, null), isStatic: ctx.singleton || undefined });
          // `attr_reader :docs` of `@docs = []` filled with `Document.new`: a collection of Documents.
          let region: SyntaxNode | null = node.parent;
          while (region && region.type !== 'class' && region.type !== 'module') region = region.parent;
          const elements = region && name === 'attr_reader' && !ctx.singleton ? statedElements(region, `@${attribute}`) : undefined;
          if (elements) file.facts.stateType(property, 'valueType', collectionOf(elements), ctx.scope);
        }
        // `attr_writer :x` / `attr_accessor :x` define the writer `x=` that `obj.x = v` calls.
        if (name !== 'attr_reader') file.builder.declare('property', `${attribute}=`, ctx.classId, symbol, { signature: flatSignature(`${name} ${symbol.text}`, null), isStatic: ctx.singleton || undefined });
        // `attr_reader :engine` reads `@engine` and nothing else writes it from outside: it holds what `@engine` holds.
        if (name === 'attr_reader' && !ctx.singleton) {
          file.facts.memberFact({ owner: ctx.classId, name: attribute, type: { kind: 'value', chain: ['self', `@${attribute}`] }, enclosing: ctx.enclosing }, ctx.scope);
        }
      }
      return false;
    }
    if (visitMethodMacro(node, name, ctx, walk)) return false;
    if (name === 'define_singleton_method' && visitSingletonDefinition(node, ctx, walk)) return false;
    // `include Jekyll` at a file's top level (a test helper's): Object includes it, so its constants are everyone's.
    const topLevel = name === 'include' && ctx.classId === null && ctx.parentDecl === null && !ctx.inBlock && !ctx.method;
    if (MIXINS.has(name) && ((ctx.classId !== null && ctx.parentDecl === ctx.classId) || topLevel)) {
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
  // `describe Grape::Parser do`: `described_class` in its examples is that constant.
  if (blockCtx.inExample && DESCRIBES.has(name)) {
    const described = constantChain(node.childForFieldName('arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null);
    if (described) blockCtx = { ...blockCtx, describedClass: described, implicitSubject: ownSubject(node) ? undefined : described };
  }
  if (!receiver && EXAMPLE_DEFINITIONS.has(name)) {
    const defined = node.childForFieldName('arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (defined?.type === 'simple_symbol') file.exampleNames.add(defined.text.slice(1));
    if (name === 'subject') file.exampleNames.add('subject');
    bindExampleValue(node, name, defined ?? undefined, ctx);
  }
  // `def self.included(base) base.extend(ClassMethods) end`: an includer gets ClassMethods too.
  if (name === 'extend' && receiver?.type === 'identifier' && ctx.method === 'included' && ctx.staticMethod && ctx.classId !== null && ctx.parameters?.has(receiver.text)) {
    for (const argument of node.childForFieldName('arguments')?.namedChildren ?? []) {
      const chain = constantChain(argument);
      if (argument && chain) file.addSite('implements', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, argument, { ...ctx, enclosing: ctx.classId });
    }
  }
  // `describe Foo do extend Support::Macros; include Support::Helpers … end`: the group's macros and its examples'
  // helpers are those modules' methods (mixed into the example group, as `config.include` mixes into every group).
  const groupMixin = (name === 'include' || name === 'extend') && !receiver && ctx.inExample && ctx.classId === null && ctx.method === null
    && inGroupBlock(node);
  if ((name === 'include' && receiver?.type === 'identifier' && receiver.text === ctx.configurer) || groupMixin) {
    for (const argument of node.childForFieldName('arguments')?.namedChildren ?? []) {
      const chain = constantChain(argument);
      if (chain) file.ambientMixins.push(chain);
    }
  }
  let target: SiteTarget;
  if (!receiver) {
    target = { name, receiver: [] };
  } else {
    const described = describedClassOf(receiver, ctx);
    const chain = described ?? receiverChain(receiver);
    if (name === 'new' && chain && (described || (receiver.type !== 'identifier' && receiver.type !== 'self' && receiver.type !== 'instance_variable'))) {
      // `Foo::Bar.new(...)`: instantiates the class.
      const built = file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
      if (chain.length > 1 && rootedChain(receiver)) built.rootedReceiver = true;
      walk.push(node.childForFieldName('arguments'), ctx);
      // `Builder.new { run app }`: evaluated where the class's `initialize` says (else with the self around).
      walk.push(node.childForFieldName('block'), blockContext(node, name, receiver, ctx));
      return false;
    }
    const constructed = ownClassNew(receiver, ctx);
    const selfClass = selfClassOf(receiver, ctx);
    if (selfClass && name === 'new') {
      // `self.class.new(@options)` in an instance method: an instance of the class (as `self` is); a call of the
      // class's own `def self.new` where it declares one (`RubyFile.finish`).
      const built = file.addSite('instantiates', { name: selfClass, receiver: [] }, node, ctx);
      file.ownNew.set(built, ctx.classId!);
      file.instanceNew.add(built);
      walk.push(node.childForFieldName('arguments'), ctx);
      walk.push(node.childForFieldName('block'), ctx);
      return false;
    }
    if (constructed) {
      // `new(x).run` in `def self.call`: an instance of the class.
      target = { name, receiver: undefined, typedReceiver: { type: { kind: 'call', callee: [constructed], construct: true }, path: [] } };
      walk.push(receiver, ctx);
    } else if (selfClass) {
      // `self.class.build` in an instance method: the class's own method.
      target = { name, receiver: [selfClass] };
    } else if (unclassedVariableType(receiver, ctx)) {
      // `@request.perform` in an example: what every assignment of `@request` outside classes states.
      target = { name, receiver: undefined, typedReceiver: { type: unclassedVariableType(receiver, ctx)!, path: [] } };
    } else if (chain && narrowedClass(receiver, ctx)) {
      // `x.is_a?(Registers) ? x.static : x`: in the branch the test holds in, x is a Registers.
      target = { name, receiver: undefined, typedReceiver: { type: narrowedClass(receiver, ctx)!, path: [] } };
    } else if (chain) target = { name, receiver: (name !== 'new' && heldClassObject(receiver, ctx)) || chain };
    else {
      const type = expressionType(receiver, ctx);
      target = { name, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined };
      walk.push(receiver, ctx);
    }
  }
  const site = file.addSite('calls', target, node, ctx);
  if (!receiver) file.explicitCalls.add(site);
  if (!receiver && node.childForFieldName('arguments')?.namedChildren.some((c) => c !== null && c.type !== 'comment')) file.callsWithArguments.add(site);
  if (receiver && constantChain(receiver) && target.receiver?.length && rootedChain(receiver)) site.rootedReceiver = true;
  // `builder.parse`, `builder` no local: once the walk has seen the class's `def builder`, what it returns.
  if (receiver && !describedClassOf(receiver, ctx) && selfMethodReceiver(receiver, ctx)) file.selfResults.set(site, { classId: ctx.classId!, method: receiver.text });
  if (receiver && ownClassNew(receiver, ctx)) file.ownNew.set(site, ctx.classId!);
  // `self.class.new(x).run`: stated as an instance of the class unless it declares its own `self.new`.
  if (receiver?.type === 'call' && receiver.childForFieldName('method')?.text === 'new' && selfClassOf(receiver.childForFieldName('receiver') ?? receiver, ctx)) {
    file.ownNew.set(site, ctx.classId!);
  }
  // A receiver that is a bare name is walked as a call of its own only when it is no local (settled later).
  if (receiver?.type === 'identifier' && target.receiver !== undefined) visitIdentifier(receiver, ctx);
  walk.push(node.childForFieldName('arguments'), ctx);
  walk.push(node.childForFieldName('block'), blockCtx);
  return false;
}

/** RSpec's calls whose block is an example group (`include M` there mixes M into the group, not into a `Class.new`). */
const GROUP_BLOCKS = new Set(['describe', 'context', 'xdescribe', 'fdescribe', 'xcontext', 'fcontext', 'shared_examples', 'shared_examples_for', 'shared_context', 'feature']);

/** Whether the block right around a statement is an RSpec group's (`describe Foo do … end`). */
function inGroupBlock(node: SyntaxNode): boolean {
  let block = node.parent;
  while (block && block.type !== 'block' && block.type !== 'do_block') block = block.parent;
  const call = block?.parent;
  if (call?.type !== 'call' || call.childForFieldName('block')?.id !== block!.id) return false;
  const receiver = call.childForFieldName('receiver');
  return GROUP_BLOCKS.has(call.childForFieldName('method')?.text ?? '') && (!receiver || constantChain(receiver)?.join('::') === 'RSpec');
}

/**
 * The class a local or an instance variable is tested to be in the branch around it where the test holds
 * (`x.is_a?(K) ? x.m : …`, `if x.is_a?(K) … x.m`), the nearest such branch in the same `def`; not after an assignment of it there.
 */
function narrowedClass(receiver: SyntaxNode, ctx: RubyContext): TypeRef | undefined {
  if (receiver.type === 'identifier' && !ctx.scope.classify(receiver.text, true, positionOf(receiver)).locallyBound) return undefined;
  if (receiver.type !== 'identifier' && receiver.type !== 'instance_variable') return undefined;
  for (let child: SyntaxNode = receiver, up = receiver.parent; up; child = up, up = up.parent) {
    if (up.type === 'method' || up.type === 'singleton_method' || up.type === 'class' || up.type === 'module') return undefined;
    if (up.type !== 'conditional' && up.type !== 'if' && up.type !== 'elsif') continue;
    if (up.childForFieldName('consequence')?.id !== child.id) continue;
    const tested = testedClass(up.childForFieldName('condition'), receiver);
    if (!tested) continue;
    const reassigned = child.descendantsOfType(['assignment', 'operator_assignment']).some((a) => a !== null && a.startIndex < receiver.startIndex && a.childForFieldName('left')?.text === receiver.text);
    return reassigned ? undefined : tested;
  }
  return undefined;
}

/**
 * `obj.x = v` calls the writer `x=` of obj (a `def x=`; an `attr_writer` declares none by that name), never the
 * reader `x`: a site named `x=` on the receiver as a call states it. `obj[k] = v`, `a.x += 1` make none.
 */
export function visitWriter(node: SyntaxNode, ctx: RubyContext): void {
  const left = node.childForFieldName('left');
  if (left?.type !== 'call' || left.childForFieldName('arguments') || left.childForFieldName('block')) return;
  const receiver = left.childForFieldName('receiver');
  const method = left.childForFieldName('method');
  if (!receiver || method?.type !== 'identifier') return;
  const name = `${method.text}=`;
  const unclassed = unclassedVariableType(receiver, ctx);
  const chain = unclassed ? undefined : heldClassObject(receiver, ctx) ?? receiverChain(receiver);
  const type = unclassed ?? (chain ? null : expressionType(receiver, ctx));
  if (!chain && !type) return;
  ctx.file.addSite('calls', chain ? { name, receiver: chain } : { name, receiver: undefined, typedReceiver: { type: type!, path: [] } }, left, ctx);
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

/**
 * `let(:engine) { Engine.new }`, `subject { described_class.new }`: in the group's examples after it, `engine` /
 * `subject` hold what the block's last expression states (a later `let` of the name in an inner group shadows it).
 */
function bindExampleValue(node: SyntaxNode, name: string, defined: SyntaxNode | undefined, ctx: RubyContext): void {
  const body = node.childForFieldName('block')?.childForFieldName('body');
  const statements = body?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const last = statements[statements.length - 1];
  if (!last) return;
  let type = expressionType(last, ctx);
  // `described_class.new(...)`: an instance of the class the group describes.
  if (!type && last.type === 'call' && last.childForFieldName('method')?.text === 'new') {
    const receiver = last.childForFieldName('receiver');
    const described = receiver ? describedClassOf(receiver, ctx) : undefined;
    if (described) type = { kind: 'call', callee: described, construct: true };
  }
  if (!type) return;
  const names = [defined?.type === 'simple_symbol' ? defined.text.slice(1) : undefined, name.startsWith('subject') ? 'subject' : undefined];
  for (const bound of names) if (bound) ctx.scope.bind(bound, 'local', undefined, { type, scope: ctx.scope }, positionOf(node));
}

/** Whether a group's block defines its own `subject { … }` / `subject(:x) { … }` directly in its body. */
function ownSubject(group: SyntaxNode): boolean {
  const body = group.childForFieldName('block')?.childForFieldName('body');
  return body?.namedChildren.some((c) => c?.type === 'call' && !c.childForFieldName('receiver') && /^subject!?$/.test(c.childForFieldName('method')?.text ?? '')) ?? false;
}

/** RSpec groups whose constant argument is the class their examples describe. */
const DESCRIBES = new Set(['describe', 'xdescribe', 'fdescribe']);

/** `described_class` (no local of that name) in an RSpec group describing a constant: that constant's chain. */
function describedClassOf(receiver: SyntaxNode, ctx: RubyContext): string[] | undefined {
  if (receiver.type !== 'identifier' || receiver.text !== 'described_class' || !ctx.describedClass) return undefined;
  return ctx.scope.classify(receiver.text, true, positionOf(receiver)).locallyBound ? undefined : ctx.describedClass;
}

/**
 * A receiver that may be a bare call of a method of `self`: no local of that name, in an instance method whose
 * blocks run with the lexical `self` (`RubyFile.finish` keeps those the class's own `def`s name).
 */
function selfMethodReceiver(receiver: SyntaxNode, ctx: RubyContext): boolean {
  if (receiver.type !== 'identifier' || !ctx.method || ctx.staticMethod || ctx.blockSelf || ctx.classId === null) return false;
  return !ctx.scope.classify(receiver.text, true, positionOf(receiver)).locallyBound;
}

/**
 * The class or module a local or an instance variable holds, where every assignment of it says the same one
 * (`subject = Jekyll::Utils::Ansi`, `klass = Class.new(Mustache)`, `@filters = Filters` in `setup`): a local's in its
 * `def` (or the file, outside any), an instance variable's in its class body (an attribute writer may assign it: none).
 */
function heldClassObject(receiver: SyntaxNode, ctx: RubyContext): string[] | undefined {
  let region: SyntaxNode | null = receiver.parent;
  if (receiver.type === 'identifier') {
    if (!ctx.scope.classify(receiver.text, true, positionOf(receiver)).locallyBound) return undefined;
    while (region && region.type !== 'method' && region.type !== 'singleton_method' && region.type !== 'program') region = region.parent;
  } else if (receiver.type === 'instance_variable') {
    while (region && region.type !== 'class' && region.type !== 'module') region = region.parent;
  } else return undefined;
  if (!region) return undefined;
  const key = `${region.id}\0${receiver.text}`;
  if (!ctx.file.heldClasses.has(key)) ctx.file.heldClasses.set(key, agreeingClassObject(region, receiver.text));
  return ctx.file.heldClasses.get(key);
}

function agreeingClassObject(region: SyntaxNode, name: string): string[] | undefined {
  if (name.startsWith('@')) {
    const attribute = name.slice(1);
    const writers = region.descendantsOfType('call').some((c) => c !== null && (c.childForFieldName('method')?.text === 'attr_writer' || c.childForFieldName('method')?.text === 'attr_accessor')
      && symbolNames(c).some((n) => n.text.replace(/^:|^["']|["']$/g, '') === attribute));
    if (writers) return undefined;
  }
  // `@subject = nil` in a teardown holds no class: the other assignments decide.
  const values = assignedValues(region, name)?.filter((v) => v.type !== 'nil');
  if (!values || values.length === 0) return undefined;
  const chains = values.map(classObject);
  const first = chains[0]?.join('::');
  return first !== undefined && chains.every((c) => c?.join('::') === first) ? chains[0] : undefined;
}


/** A bare `new` / `new(...)` in `def self.m` of a class: constructs that class. The class's name, or undefined. */
function ownClassNew(node: SyntaxNode, ctx: RubyContext): string | undefined {
  if (!ctx.staticMethod) return undefined;
  // `new(...)`, and `self.new(...)` (self is the class there).
  const bare = node.type === 'identifier' ? node.text === 'new'
    : node.type === 'call' && (!node.childForFieldName('receiver') || node.childForFieldName('receiver')?.type === 'self') && node.childForFieldName('method')?.text === 'new';
  return bare ? ownClassName(ctx) : undefined;
}


export function visitIdentifier(node: SyntaxNode, ctx: RubyContext): void {
  const ownClass = ownClassNew(node, ctx);
  if (ownClass) ctx.file.ownNew.set(ctx.file.addSite('instantiates', { name: ownClass, receiver: [] }, node, ctx), ctx.classId!);
  else ctx.file.addIdentifier(node, ctx);
}

/** The parameter an argument list hands on as the block (`&block`), or as a value (`run(block)`); `wanted`: that one only. */
function handedParameter(node: SyntaxNode, ctx: RubyContext, asValue: boolean, wanted?: string): string | undefined {
  for (const argument of node.childForFieldName('arguments')?.namedChildren ?? []) {
    const name = argument?.type === 'block_argument' ? argument.namedChildren[0]
      : asValue && argument?.type === 'identifier' ? argument : undefined;
    if (name?.type === 'identifier' && ctx.parameters?.has(name.text) && (wanted === undefined || name.text === wanted)) return name.text;
    // `@block = block` earlier in the method, then `instance_eval(&@block)`: the block parameter.
    const kept = name?.type === 'instance_variable' && ctx.blockParameter ? keptBlock(node, name.text, ctx.blockParameter) : undefined;
    if (kept && (wanted === undefined || kept === wanted)) return kept;
  }
  return undefined;
}

/** The block parameter an instance variable holds where the method assigns it only that (`@block = block`) before `at`. */
function keptBlock(at: SyntaxNode, ivar: string, blockParameter: string): string | undefined {
  let method: SyntaxNode | null = at.parent;
  while (method && method.type !== 'method' && method.type !== 'singleton_method') method = method.parent;
  const assignments = method?.descendantsOfType('assignment').filter((a): a is SyntaxNode => a !== null && a.childForFieldName('left')?.text === ivar) ?? [];
  const only = assignments.length === 1 && assignments[0].startIndex < at.startIndex ? assignments[0].childForFieldName('right') : undefined;
  return only?.type === 'identifier' && only.text === blockParameter ? blockParameter : undefined;
}

/** What `self` a receiver expression states (`Foo.new(...)`, a local), or null when nothing does. */
function receiverSelf(receiver: SyntaxNode, ctx: RubyContext): TypeRef | null {
  // `new.instance_eval(&block)` in `def self.run`: a new instance of the class.
  if (receiver.type === 'identifier' && receiver.text === 'new' && ctx.staticMethod && ctx.classId !== null) {
    return { kind: 'call', callee: [ctx.file.builder.declarations[ctx.classId].name], construct: true };
  }
  if (receiver.type === 'identifier') return { kind: 'value', chain: [receiver.text] };
  // `@app.instance_eval do … end`: what the instance variable holds.
  if (receiver.type === 'instance_variable' && ctx.classId !== null) return { kind: 'value', chain: ['self', receiver.text] };
  return expressionType(receiver, ctx);
}

/**
 * A method that evaluates its block in another object (`proxy.instance_eval(&block)`) or hands its
 * `&block` on to a method that may (`DSL.run(block)`): evidence of what `self` its block runs with.
 */
function noteBlockEvaluation(node: SyntaxNode, name: string, receiver: SyntaxNode | null, ctx: RubyContext): void {
  if (ctx.enclosing === null || !ctx.method || !ctx.parameters) return;
  if (EVALUATORS.has(name)) {
    if (!handedParameter(node, ctx, false)) return;
    // `instance_eval(&block)` in an instance method of a class: the block runs in that instance.
    const own = !receiver && !ctx.staticMethod ? ownClassName(ctx) : undefined;
    const self = receiver ? receiverSelf(receiver, ctx) : own ? { kind: 'call' as const, callee: [own], construct: true } : null;
    ctx.file.blockEvaluated(ctx.enclosing, INSTANCE_EVALUATORS.has(name) ? self : null, ctx);
    return;
  }
  if (!ctx.blockParameter || !handedParameter(node, ctx, true, ctx.blockParameter)) return;
  const built = constructorBlock(name, receiver, ctx);
  const chain = receiver ? constantChain(receiver) : undefined;
  ctx.file.blockEvaluated(ctx.enclosing, built ?? (chain ? { kind: 'call', callee: [...chain, name], block: true } : null), ctx);
}

/**
 * `Builder.new(x) { … }`, and `new(&block)` / `self.new(&block)` in `def self.m`: the block goes to the class's
 * `initialize`, which may evaluate it in the new object (`instance_eval(&block)`): what `initialize` states.
 */
function constructorBlock(name: string, receiver: SyntaxNode | null, ctx: RubyContext): TypeRef | undefined {
  if (name !== 'new') return undefined;
  // `described_class.new(prefix: p) do … end` in an RSpec group: the class the group describes.
  const chain = receiver ? describedClassOf(receiver, ctx) ?? constantChain(receiver) : undefined;
  const own = ctx.staticMethod && (!receiver || receiver.type === 'self') ? ownClassName(ctx) : undefined;
  const cls = chain ?? (own ? [own] : undefined);
  return cls ? { kind: 'call', callee: [...cls, 'initialize'], block: true } : undefined;
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
  let type: TypeRef | undefined = constructorBlock(name, receiver, ctx);
  if (type) {
    // handled: the class's `initialize`
  } else if (!receiver && ctx.scope.classify(name, false, positionOf(node)).localTarget !== undefined) {
    // `builder do … end` calling a group's own helper `def builder(&block)`: what that helper does with its block
    // (settled when the file is walked), not the block around.
    type = { kind: 'call', callee: [name], block: true };
    ctx.file.helperBlocks.set(type, ctx.scope.classify(name, false, positionOf(node)).localTarget!);
  } else if (!receiver) {
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
