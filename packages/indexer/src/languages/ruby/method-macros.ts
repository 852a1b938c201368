/**
 * Class-body calls that declare methods by name: `define_method(:m) { … }`, `alias_method :new, :old`,
 * `alias new old`, Forwardable's `def_delegator(s)` and `delegate :a, to: :b`; RSpec's `RSpec::Matchers.define :m`. Only literal names declare
 * anything (`define_method("x_#{n}")` names no method the syntax proves).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { RubyContext, RubyWalk } from './file-state.js';
import { constantChain } from './syntax-values.js';

/** Forwardable's delegators: the first argument is the accessor, the rest name methods (`def_delegator`: one, maybe renamed). */
const DELEGATORS = new Set(['def_delegators', 'def_instance_delegators', 'def_delegator', 'def_instance_delegator']);
const SINGLE_DELEGATORS = new Set(['def_delegator', 'def_instance_delegator']);

/** `:m`, `:"m"`, `'m'`, `"m"` (no interpolation): the name, else undefined. */
export function literalName(node: SyntaxNode | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'simple_symbol') return node.text.slice(1);
  if (node.type !== 'delimited_symbol' && node.type !== 'string') return undefined;
  const parts = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
  return parts.length === 1 && parts[0].type === 'string_content' ? parts[0].text : undefined;
}

function argumentsOf(node: SyntaxNode): SyntaxNode[] {
  return node.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
}

/** Whether declarations made here are the class's own (its body, or a block in it such as `included do`). */
function inClassBody(ctx: RubyContext): boolean {
  return ctx.classId !== null && ctx.parentDecl === ctx.classId;
}

function declareMethod(name: string, at: SyntaxNode, signature: string, ctx: RubyContext): number {
  return ctx.file.builder.declare('method', name, ctx.classId, at, { signature: flatSignature(signature, null), isStatic: ctx.singleton || undefined });
}

/** `alias new old` in a class body: declares `new`. */
export function visitAlias(node: SyntaxNode, ctx: RubyContext): void {
  // `alias halt stop`, `alias :halt :stop`, `alias to_s inspect`: the name is a word or a symbol.
  const written = node.childForFieldName('name');
  const name = aliasWord(written);
  if (name !== undefined && inClassBody(ctx)) noteAlias(declareMethod(name, node, node.text, ctx), aliasWord(node.childForFieldName('alias')), ctx);
}

/** A method name as `alias` writes it: a word or a symbol. */
function aliasWord(written: SyntaxNode | null): string | undefined {
  return written?.type === 'identifier' || written?.type === 'constant' || written?.type === 'setter' || written?.type === 'operator' ? written.text : literalName(written);
}

/** `alias_method :t, :translate`: a call of `t` runs `translate` (settled once the file is walked: `RubyFile.finish`). */
function noteAlias(id: number, old: string | undefined, ctx: RubyContext): void {
  if (old !== undefined && ctx.classId !== null) ctx.file.aliases.push({ id, classId: ctx.classId, old, isStatic: ctx.singleton });
}

/**
 * `define_singleton_method(:req) do |env| … end` in a method or a block (a test's own helper): declares `req` there,
 * bound from here on in the scope around, so that the bare `req(…)` after it calls it; its block is its body.
 */
export function visitSingletonDefinition(node: SyntaxNode, ctx: RubyContext, walk: RubyWalk): boolean {
  const receiver = node.childForFieldName('receiver');
  const block = node.childForFieldName('block');
  if ((receiver && receiver.type !== 'self') || !block || inClassBody(ctx) || (ctx.parentDecl === null && !ctx.inBlock)) return false;
  const defined = literalName(argumentsOf(node)[0]);
  if (defined === undefined) return false;
  const id = ctx.file.builder.declare('method', defined, ctx.parentDecl, node, { signature: flatSignature(node.text.split('\n')[0], null) });
  // In a `before do … end` / `setup do … end` hook it is defined for each example of the group the hook is in.
  const scope = hookBlock(node) && ctx.scope.kind === 'block' && ctx.scope.parent?.kind === 'block' ? ctx.scope.parent : ctx.scope;
  scope.bind(defined, 'method', id);
  const inner: RubyContext = {
    ...ctx, parentDecl: id, enclosing: id, method: defined, inBlock: false, blockSelf: undefined,
    parameters: new Set(), blockParameter: undefined,
  };
  walk.push(block, inner);
  return true;
}

/** Hooks that run before each example of the group whose block holds them. */
const GROUP_HOOKS = new Set(['before', 'setup']);

/** Whether the block right around `node` is a group's per-example hook (`before do`, `setup do`, `before(:each) do`). */
function hookBlock(node: SyntaxNode): boolean {
  let block = node.parent;
  while (block && block.type !== 'block' && block.type !== 'do_block') {
    if (block.type === 'method' || block.type === 'singleton_method' || block.type === 'lambda') return false;
    block = block.parent;
  }
  const hook = block?.parent;
  if (hook?.type !== 'call' || hook.childForFieldName('receiver') || !GROUP_HOOKS.has(hook.childForFieldName('method')?.text ?? '')) return false;
  const args = argumentsOf(hook);
  if (args.length > 1 || (args.length === 1 && args[0].text !== ':each' && args[0].text !== ':example')) return false;
  // The hook is a statement of the group's block.
  const group = hook.parent?.parent;
  return group?.type === 'block' || group?.type === 'do_block';
}

/**
 * A bare macro call of a class body that declares methods: declares them and walks what runs later
 * (`define_method`'s block is the method's body). False when the call is no such macro.
 */
export function visitMethodMacro(node: SyntaxNode, name: string, ctx: RubyContext, walk: RubyWalk): boolean {
  if (!inClassBody(ctx)) return false;
  const args = argumentsOf(node);
  if (name === 'define_method') {
    const defined = literalName(args[0]);
    if (defined === undefined) return false;
    const id = declareMethod(defined, node, node.text.split('\n')[0], ctx);
    const inner: RubyContext = {
      ...ctx, parentDecl: id, enclosing: id, method: defined, inBlock: false, blockSelf: undefined,
      parameters: new Set(), blockParameter: undefined, staticMethod: ctx.singleton, inExample: false,
    };
    walk.push(node.childForFieldName('block'), inner);
    return true;
  }
  if (name === 'alias_method') {
    const defined = literalName(args[0]);
    if (defined === undefined) return false;
    noteAlias(declareMethod(defined, node, node.text, ctx), literalName(args[1]), ctx);
    return true;
  }
  if (DELEGATORS.has(name)) {
    if (args.length < 2) return false;
    // `def_delegator :@engine, :speed, :velocity` declares `velocity`; without a third name, `speed`.
    const declared = SINGLE_DELEGATORS.has(name) ? [args[2] ?? args[1]] : args.slice(1);
    for (const symbol of declared) {
      const defined = literalName(symbol);
      if (defined !== undefined) declareMethod(defined, symbol, `${name} ${args[0].text}, ${symbol.text}`, ctx);
    }
    return true;
  }
  if (name === 'delegate') {
    // `delegate :a, :b, to: :target` (prefix: and the hash form `delegate [:a] => :t` rename or name nothing literal).
    const options = args.filter((a) => a.type === 'pair');
    const key = (pair: SyntaxNode) => pair.childForFieldName('key')?.text.replace(/^:|:$/g, '');
    const to = options.find((p) => key(p) === 'to');
    if (!to || options.some((p) => key(p) === 'prefix')) return false;
    for (const symbol of args) {
      const defined = symbol.type === 'pair' ? undefined : literalName(symbol);
      if (defined !== undefined) declareMethod(defined, symbol, `delegate ${symbol.text}, ${to.text}`, ctx);
    }
    walk.push(to.childForFieldName('value'), ctx);
    return true;
  }
  return false;
}

/**
 * `RSpec::Matchers.define :be_valid do |expected| … end` outside classes: RSpec defines `be_valid` as a method of the
 * RSpec::Matchers module every example group includes, so it is declared as a method of a reopening of
 * `RSpec::Matchers` (its block the body) that the examples' bare `be_valid(x)` calls find.
 */
export function visitMatcherDefinition(node: SyntaxNode, receiver: SyntaxNode, ctx: RubyContext, walk: RubyWalk): boolean {
  const block = node.childForFieldName('block');
  const defined = literalName(argumentsOf(node)[0]);
  if (!block || defined === undefined || ctx.classId !== null || ctx.method !== null) return false;
  if (constantChain(receiver)?.join('::') !== 'RSpec::Matchers') return false;
  const builder = ctx.file.builder;
  const signature = flatSignature(node.text.split('\n')[0], null);
  const rspec = builder.declare('module', 'RSpec', null, receiver, { signature, isExported: true });
  const matchers = builder.declare('module', 'Matchers', rspec, receiver, { signature });
  builder.declare('method', defined, matchers, node, { signature });
  // The block runs in RSpec's matcher DSL object (`match do |actual|`, `chain :x`), never in RSpec::Matchers: its bare
  // calls stay where they are written.
  walk.push(block, ctx);
  return true;
}
