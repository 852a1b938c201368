/**
 * What Ruby's rules record while the shared walk runs over one file, and the walk context they pass
 * down. A bare identifier is a method call unless a local of that name is assigned before it: such
 * sites are recorded as calls and dropped once the walk knows they were locals.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ReferenceKind, ReferenceSite, TypeRef } from '../../model/extraction.js';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts, type SiteTarget } from '../../extraction/core/file-facts.js';
import type { FinishedExtraction } from '../../extraction/core/file-extraction.js';
import type { Walk, WalkContext } from '../../extraction/core/syntax-walk.js';
import { EXAMPLE_GROUP_MIXINS } from './test-frameworks.js';

/** What an alias may stand for in its class: a method, or the reader or writer an attribute declares. */
const ALIASABLE = new Set(['method', 'property']);

export interface RubyContext extends WalkContext {
  file: RubyFile;
  /** `parent` of declarations made here. */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here. */
  enclosing: number | null;
  /** The innermost class or module, or null. */
  classId: number | null;
  /** Inside `class << self`: methods are the class's own (static). */
  singleton: boolean;
  /** The method being defined (what a bare `super` calls in the superclass), or null. */
  method: string | null;
  /** Inside a block outside any `def` (`Class.new do … end`, `describe do … end`). */
  inBlock: boolean;
  /**
   * What `self` is inside the blocks around: `evaluated`, a block `obj.instance_eval` runs (self is obj:
   * its stated type, or null when unknown); `passed`, blocks passed to calls whose callee may evaluate
   * them in another object (the calls' `block` TypeRefs, innermost first). Absent: the lexical self.
   */
  blockSelf?: { evaluated: TypeRef | null } | { passed: TypeRef[] };
  /** Inside a `def`: its parameters, and which of them is its `&block`. */
  parameters?: ReadonlySet<string>;
  blockParameter?: string;
  /** Inside a test framework's example or group block (`describe`, `it`, `before`, a `config.before` hook). */
  inExample?: boolean;
  /** Inside a `configure do |config|` block: the name of its parameter (`config.include M`). */
  configurer?: string;
  /** Inside an RSpec group `describe Foo::Bar do` (the innermost naming a constant): what `described_class` is. */
  describedClass?: string[];
  /** The block of `describe Foo do` with no `subject { … }` of its own: `subject` there is `Foo.new` (where Foo is a class). */
  implicitSubject?: string[];
  /** Inside a `def self.m` (or a `def` of `class << self`). */
  staticMethod?: boolean;
}

export class RubyFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  /** Bare identifiers recorded as calls: a local read instead, once the walk has seen every binding. */
  private readonly maybeLocals = new Set<ReferenceSite>();

  /** Calls whose `self` is an object another one evaluates the block in: their receiver is that, or unknown. */
  private readonly evaluated = new Map<ReferenceSite, TypeRef | undefined>();
  /** Sites made of a bare `new` in a class method, with the class: they call a `self.new` the class defines. */
  readonly ownNew = new Map<ReferenceSite, number>();
  /** Of those, `self.class.new` in an instance method (its receiver is the class by name, not `self`). */
  readonly instanceNew = new Set<ReferenceSite>();
  constructor(private readonly path?: string) {}
  /** Sites whose receiver is a bare name that may be a `def` of the class (`builder.parse`): typed by its result if so. */
  readonly selfResults = new Map<ReferenceSite, { classId: number; method: string }>();
  /** Names an example group defines (`let(:app)`, `subject(:user)`): an example's bare call of one means it, not a mixin's method. */
  readonly exampleNames = new Set<string>();
  /** Modules mixed into every example of a test framework (`config.include M`), as written. */
  readonly ambientMixins: string[][] = [];
  /** Block types of calls of a helper `def` bound in a block around (`builder do … end`), by the helper's declaration. */
  readonly helperBlocks = new Map<TypeRef, number>();
  /** Sites in such blocks, waiting for what `self` the helper evaluates its block with. */
  private readonly helperEvaluations: Array<{ method: number; apply: (found: TypeRef | undefined) => void }> = [];
  /** Per method: what `self` each block evaluation or forwarding in its body states (null: unknown). */
  private readonly blockEvidence = new Map<number, Array<TypeRef | null>>();

  addSite(kind: ReferenceKind, target: SiteTarget, at: SyntaxNode, ctx: RubyContext): ReferenceSite {
    const site = this.facts.addSite(kind, target, ctx.enclosing, at, ctx.scope);
    if (ctx.inExample && kind === 'calls' && target.receiver?.length === 0) site.inExample = true;
    const self = ctx.blockSelf;
    const receiver = target.receiver;
    if (kind !== 'calls' || !self || !receiver || receiver.length > 1 || (receiver.length === 1 && receiver[0] !== 'self')) return site;
    if ('evaluated' in self) {
      this.evaluated.set(site, undefined);
      if (self.evaluated) this.facts.proveLater(self.evaluated, ctx.scope, undefined, (type) => this.evaluated.set(site, type));
    } else {
      const proven: Array<TypeRef | undefined> = self.passed.map(() => undefined);
      const prove = (i: number, found: TypeRef | undefined) => {
        proven[i] = found;
        const known = proven.filter((t): t is TypeRef => t !== undefined);
        if (known.length > 0) site.blockSelf = known;
        else delete site.blockSelf;
      };
      self.passed.forEach((type, i) => {
        const helper = this.helperBlocks.get(type);
        // A block-local helper's own `blockSelf` is known only once the file is walked (`finish`).
        if (helper !== undefined) this.helperEvaluations.push({ method: helper, apply: (found) => prove(i, found) });
        else this.facts.proveLater(type, ctx.scope, undefined, (found) => prove(i, found));
      });
    }
    return site;
  }

  /** What `self` a method's `&block` is evaluated with, as one piece of evidence (null: unknown). */
  blockEvaluated(method: number, type: TypeRef | null, ctx: RubyContext): void {
    const list = this.blockEvidence.get(method) ?? [];
    this.blockEvidence.set(method, list);
    const at = list.length;
    list.push(null);
    if (type) this.facts.proveLater(type, ctx.scope, undefined, (found) => { list[at] = found ?? null; });
  }

  /** `def self.m` whose one result is `new(...).name(...)`: it returns the receiver's own type where the class's instance `name` does. */
  readonly newResults: Array<{ method: number; classId: number; name: string }> = [];
  /** `alias_method :new, :old` / `alias new old` declarations: `new` stands for the one `old` its class declares in this file. */
  readonly aliases: Array<{ id: number; classId: number; old: string; isStatic: boolean }> = [];
  /** Per region (a `def`, a class body) and name: the class or module every assignment of the local or instance variable there holds. */
  readonly heldClasses = new Map<string, string[] | undefined>();
  /** Calls with arguments or a block and no receiver (`doc(x)`): a method call even where a local `doc` is assigned. */
  readonly explicitCalls = new Set<ReferenceSite>();
  /** Bare calls given arguments (`pattern '/x' do`): never the value of a `let`/`subject`, which takes none. */
  readonly callsWithArguments = new Set<ReferenceSite>();

  addIdentifier(at: SyntaxNode, ctx: RubyContext): void {
    this.maybeLocals.add(this.addSite('calls', { name: at.text, receiver: [] }, at, ctx));
  }

  finish(): FinishedExtraction {
    const memberFacts = this.facts.finish();
    const references = this.builder.references;
    for (let i = references.length - 1; i >= 0; i--) {
      if (this.maybeLocals.has(references[i]) && references[i].locallyBound && references[i].localTarget === undefined) references.splice(i, 1);
    }
    for (const site of this.explicitCalls) {
      if (site.locallyBound && site.localTarget === undefined) delete site.locallyBound;
    }
    for (const [site, type] of this.evaluated) {
      if (site.locallyBound) continue;
      delete site.receiver;
      delete site.blockSelf;
      if (type) site.typedReceiver = { type, path: [] };
    }
    // A method whose every evaluation of its block states the same object: the block's `self`.
    for (const [method, evidence] of this.blockEvidence) {
      const first = evidence[0];
      const key = first ? JSON.stringify(first) : '';
      if (first && evidence.every((type) => type !== null && JSON.stringify(type) === key)) this.builder.declarations[method].blockSelf = first;
    }
    // `builder do run app end` with `def builder(&block) Rack::Builder.new(&block) end`: the object the helper hands the block to.
    for (const { method, apply } of this.helperEvaluations) apply(this.builder.declarations[method].blockSelf);
    for (const site of references) if (site.inExample && this.exampleNames.has(site.name) && !this.callsWithArguments.has(site)) delete site.inExample;
    // `builder.parse` where the class's own instance `def builder` (not an attribute) states what it returns.
    for (const [site, { classId, method }] of this.selfResults) {
      if (site.locallyBound || site.typedReceiver || site.receiver?.length !== 1) continue;
      const declared = this.builder.declarations.some((d) => d.parent === classId && d.kind === 'method' && d.name === method && !d.isStatic);
      if (!declared) continue;
      delete site.receiver;
      site.typedReceiver = { type: { kind: 'call', callee: ['self', method] }, path: [] };
    }
    // `extend ActiveSupport::Concern` with a nested `module ClassMethods`: an includer gets ClassMethods too.
    const declarations = this.builder.declarations;
    for (const site of [...references]) {
      if (site.kind !== 'implements' || site.name !== 'Concern' || site.receiver?.join('::') !== 'ActiveSupport' || site.enclosing === null) continue;
      const owner = site.enclosing;
      const nested = declarations.find((d) => d.parent === owner && d.kind === 'module' && d.name === 'ClassMethods');
      if (nested) references.push({ kind: 'implements', name: 'ClassMethods', receiver: [], enclosing: owner, line: nested.startLine, column: nested.startColumn });
    }
    // A bare `new` in a class that defines its own `self.new`: that method, whose result is not stated.
    for (const [site, classId] of this.ownNew) {
      const custom = this.builder.declarations.some((d) => d.parent === classId && d.name === 'new' && d.isStatic);
      if (!custom) continue;
      // `self.class.new` in an instance method calls `Foo.new` (a bare `new` in a class method: self is the class).
      if (site.kind === 'instantiates') Object.assign(site, { kind: 'calls', name: 'new', ...(this.instanceNew.has(site) ? { receiver: [site.name] } : {}) });
      else delete site.typedReceiver;
    }
    // `def self.parse(s) new.parse(s) end` with `def parse(s) …; self end`: returns an instance of the receiver.
    for (const { method, classId, name } of this.newResults) {
      const results = declarations.filter((d) => d.parent === classId && d.name === name && !d.isStatic);
      const own = declarations[method];
      if (results.length === 1 && results[0].returnType?.kind === 'self' && !own.returnType) own.returnType = { kind: 'self' };
    }
    // `alias_method :t, :translate`: a call of `t` runs the class's one `translate` of this file (else the alias is the target),
    // a `def` or an attribute's reader or writer (`alias_method :options, :parse_context` of `attr_reader :parse_context`).
    // Declared before the alias only: `alias :old_enc= :encoding=` then `def encoding=` keeps the earlier `encoding=`.
    for (const { id, classId, old, isStatic } of this.aliases) {
      const at = declarations[id].startLine;
      const named = declarations.filter((d, i) => i !== id && d.parent === classId && d.name === old && Boolean(d.isStatic) === isStatic);
      const originals = named.some((d) => d.startLine >= at) ? [] : named;
      const original = originals.length === 1 ? declarations.indexOf(originals[0]) : -1;
      if (original >= 0 && ALIASABLE.has(originals[0].kind) && !this.aliases.some((a) => a.id === original)) declarations[id].aliasOfLocal = original;
    }
    const built = this.builder.finish(memberFacts);
    // A file with examples: what every example group of the frameworks mixes in (`RSpec::Matchers`, `Minitest::Assertions`).
    const modules = references.some((site) => site.inExample) ? [...this.ambientMixins, ...EXAMPLE_GROUP_MIXINS] : this.ambientMixins;
    if (modules.length === 0) return built;
    return { ...built, module: { ambientMixins: { folder: this.path ? testFolder(this.path) : '', modules } } };
  }
}

/** The test folder a file configures examples for: its nearest enclosing `spec/` or `test/` folder, else its own. */
function testFolder(path: string): string {
  const parts = path.split('/').slice(0, -1);
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i] === 'spec' || parts[i] === 'test') return parts.slice(0, i + 1).join('/');
  return parts.join('/');
}

export type RubyWalk = Walk<RubyContext>;

export type Frame = { node: SyntaxNode; ctx: RubyContext; doc?: string };
