/**
 * One local-scopes engine for every language: a tree of scopes filled while the walk meets the
 * bindings, and names classified once the tree is complete ("is this name bound locally? by what?
 * what type does the code prove it has?"). Where languages differ is stated as data, `ScopeRules`.
 *
 * Classification may be asked during the walk, but it is only final after it: a binding met later
 * in the same scope still counts (Python decides locality per function at compile time; an
 * ECMAScript `let`/`const`/`function` is visible in its whole block). So extractors record each
 * site's scope and classify when the walk is over.
 *
 * Names bound at file level are never "local": the resolver owns module scope. They are still
 * recorded, for the types a module-level name is proven to have.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ReferenceSite, TypeRef } from '../../model/extraction.js';

/** What a kind of scope does to the names bound in it. */
export interface ScopeKindRule {
  /** The file's top level: names bound here are never local. */
  fileLevel?: boolean;
  /** false: names bound here are seen only by code directly in this scope, not by scopes nested in it (a Python class body). */
  visibleToNested?: boolean;
}

/** What a kind of binding does. */
export interface BindingKindRule {
  /**
   * Hoisting: the binding lands in the nearest enclosing scope of one of these kinds (`var` in
   * the function, a walrus out of comprehensions). When none encloses it below the file level, it
   * stays where it stands: a name hoisted to file level would be one the extractor never declared.
   */
  hoistsTo?: readonly string[];
  /** A name bound only this way is not local: it resolves like a file-level name (an import in a function). */
  resolvesOutside?: boolean;
  /** A name bound only this way, used as the head of a receiver chain (`self.m()`), stands for the class: not local. */
  classReceiver?: boolean;
  /**
   * The binding is visible only from where it is made on (`bind(…, at)`), not in its whole scope:
   * Go, Rust and Java locals (`x := x + 1` reads the outer `x`). A site before it sees the
   * enclosing scopes' bindings of the name. Without `at`, the binding counts from the scope's start.
   */
  fromPosition?: boolean;
  /**
   * The binding may hold a type, which a type position then names: Zig `const Queue = Intrusive(Elem);`
   * in a function, then `var q: Queue`. A stated type that is such a name is what its value, a type
   * function's call, returns; one that holds a name chain (`const R = Response.Reason;`), the type that chain names.
   */
  holdsTypes?: boolean;
  /**
   * A name bound only this way is a type the global pass finds by name where it is written (a Kotlin local class,
   * through the `function-local-types` lookup step): a stated type through it (`val c = C()`) keeps the name.
   */
  typeFoundByName?: boolean;
}

/** Where a binding is made or a name is used: 1-based line, 0-based column. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** Positions as one comparable number (columns stay far below a million). */
/** Where a node starts, as a scope records positions (1-based line, 0-based column). */
export function positionOf(node: SyntaxNode): SourcePosition {
  return { line: node.startPosition.row + 1, column: node.startPosition.column };
}

/** Where a node ends, as a scope records positions (a name bound by a statement is visible after it). */
export function endPositionOf(node: SyntaxNode): SourcePosition {
  return { line: node.endPosition.row + 1, column: node.endPosition.column };
}

function positionKey(at: SourcePosition): number {
  return at.line * 1_000_000 + at.column;
}

/** A language's scoping, as data (see README.md in this folder). */
export interface ScopeRules<S extends string = string, B extends string = string> {
  scopes: Record<S, ScopeKindRule>;
  bindings: Record<B, BindingKindRule>;
  /**
   * Values and types are named apart (Scala: `val Check = new Check(…)`): a local value (a binding that declares
   * nothing, unlike a local class) never hides a type of its name from a site naming a type (`space: 'type'`), unless
   * its binding kind holds types. Absent: it does.
   */
  valuesHideNoTypes?: boolean;
  /**
   * A call of a local declaration (a function declared in a function body: `const p = makeProgram()`) is a value of
   * what that declaration returns, named by its local id (several tests may each declare their own `makeProgram`).
   * Absent: such a call proves nothing.
   */
  localCallsProve?: boolean;
}

/** How many `localCallee` types this thread has made: a builder none were made for has no local ids in types to rewrite. */
let localCalleesMade = 0;
export function localCalleesSoFar(): number {
  return localCalleesMade;
}

/**
 * The type one binding gives a name, with the scope its expression is evaluated in (a Python
 * parameter's annotation is evaluated outside the function). `type: null`: a value of no proven
 * type (a loop target, an untyped parameter, a def).
 */
export interface BoundValue {
  type: TypeRef | null;
  scope: Scope;
  /** Where the value is evaluated, for a binding visible only from its position on (`x := x.Next()` reads the outer `x`). */
  at?: SourcePosition;
  /** The receiver words where the value was bound, when they differ from a nested use's (`var self = this` read in a callback). */
  words?: ReceiverWords;
}

/** Every binding of one name in one scope. */
interface Binding {
  kinds: string[];
  /** How many times the name was bound here. */
  count: number;
  /** The declaration the first binding gave (a def, a class, a local function). */
  declaration: number | undefined;
  /** One entry per binding that may have a value; `none` assignments (Python `x = None`) are left out. */
  values: BoundValue[];
  /** The earliest position the name is visible from (a `fromPosition` binding's), or undefined: the whole scope. */
  visibleFrom?: number;
}

export interface NameClass {
  locallyBound: boolean;
  /** Local id of the declaration the name is bound to, when that is its one binding in its scope. */
  localTarget?: number;
  /** The scope that binds the name locally (for `provenValue`). */
  scope?: Scope;
}

const NOT_LOCAL: NameClass = { locallyBound: false };

/**
 * Words a language uses as receivers without binding them (ECMAScript `this`, `super`): never
 * looked up in a scope. `typeThrough` says what a stated type headed by one proves.
 */
export interface ReceiverWords {
  has(word: string): boolean;
  typeThrough(type: TypeRef): TypeRef | undefined;
}

export class Scope {
  /** Lazily created: most scopes (blocks) bind nothing. */
  private names: Map<string, Binding> | null = null;
  /** `global`/`nonlocal` declarations made in this scope. */
  private declared: Map<string, 'global' | 'nonlocal'> | null = null;
  /** The file's top level: never local. */
  readonly fileLevel: boolean;
  /** Seen only by code directly in this scope. */
  private readonly hiddenFromNested: boolean;

  private constructor(
    readonly kind: string,
    readonly parent: Scope | null,
    private readonly rules: ScopeRules,
  ) {
    const rule = rules.scopes[kind];
    this.fileLevel = rule?.fileLevel === true;
    this.hiddenFromNested = rule?.visibleToNested === false;
  }

  /** The file's scope; `kind` must be one the rules mark `fileLevel`. */
  static file<S extends string, B extends string>(rules: ScopeRules<S, B>, kind: S): Scope {
    return new Scope(kind, null, rules as ScopeRules);
  }

  /** A scope nested in this one. */
  open(kind: string): Scope {
    return new Scope(kind, this, this.rules);
  }

  /**
   * Records that `name` is bound here (or where `kind` hoists it). `declaration`: the local id of
   * the declaration it binds to. `value`: the value's stated type; omitted, a value of unknown type;
   * `'none'`, a value that proves nothing and contradicts nothing (Python `None`).
   */
  bind(name: string, kind: string, declaration?: number, value?: BoundValue | 'none', at?: SourcePosition): void {
    let target: Scope = this;
    const hoistsTo = this.rules.bindings[kind]?.hoistsTo;
    if (hoistsTo) {
      let scope: Scope | null = this;
      while (scope && !hoistsTo.includes(scope.kind) && !scope.fileLevel) scope = scope.parent;
      if (scope && hoistsTo.includes(scope.kind)) target = scope;
    }
    const from = at && this.rules.bindings[kind]?.fromPosition ? positionKey(at) : undefined;
    target.bindHere(name, kind, declaration, value, from);
  }

  private bindHere(name: string, kind: string, declaration: number | undefined, value: BoundValue | 'none' | undefined, from?: number): void {
    // `global x` then `x = …`: the binding is the file's.
    if (this.declared?.get(name) === 'global' && !this.fileLevel) {
      let root: Scope = this;
      while (root.parent) root = root.parent;
      root.bindHere(name, kind, undefined, value, from);
      return;
    }
    this.names ??= new Map();
    let binding = this.names.get(name);
    if (!binding) {
      binding = { kinds: [kind], count: 0, declaration, values: [], visibleFrom: from };
      this.names.set(name, binding);
    } else {
      if (!binding.kinds.includes(kind)) binding.kinds.push(kind);
      // Visible from its earliest binding; one binding for the whole scope makes it visible everywhere.
      binding.visibleFrom = from === undefined || binding.visibleFrom === undefined ? undefined : Math.min(from, binding.visibleFrom);
    }
    binding.count++;
    if (value === 'none') return;
    binding.values.push(value ?? { type: null, scope: this });
  }

  /** `global name` (the file's name) or `nonlocal name` (an enclosing function's), declared in this scope. */
  declare(name: string, how: 'global' | 'nonlocal'): void {
    (this.declared ??= new Map()).set(name, how);
  }

  /**
   * The one type every binding of `name` in this scope gives it, or undefined when a binding
   * states none (or is a def, an import) or two bindings disagree.
   */
  provenValue(name: string): { type: TypeRef; scope: Scope; at?: SourcePosition; words?: ReceiverWords } | undefined {
    const binding = this.names?.get(name);
    if (!binding || binding.values.length === 0) return undefined;
    const first = binding.values[0];
    if (first.type === null) return undefined;
    const key = binding.values.length > 1 ? JSON.stringify(first.type) : '';
    for (let i = 1; i < binding.values.length; i++) {
      const value = binding.values[i];
      if (value.type === null || value.scope !== first.scope || JSON.stringify(value.type) !== key || value.words !== first.words) return undefined;
    }
    const proven: { type: TypeRef; scope: Scope; at?: SourcePosition; words?: ReceiverWords } = { type: first.type, scope: first.scope };
    if (first.at) proven.at = first.at;
    if (first.words) proven.words = first.words;
    return proven;
  }

  /**
   * Whether `name`, used in this scope, is bound locally: the innermost scope that binds or
   * declares it decides. File level is never local; a scope not visible to nested ones is seen only
   * from itself. `asReceiver`: the name heads a receiver chain (`name.m()`). `at`: where the name
   * is used; a binding visible only from a later position does not count there.
   */
  classify(name: string, asReceiver: boolean, at?: SourcePosition): NameClass {
    const used = at ? positionKey(at) : undefined;
    let innermost = true;
    for (let scope: Scope | null = this; scope && !scope.fileLevel; scope = scope.parent, innermost = false) {
      if (!innermost && scope.hiddenFromNested) continue;
      const declared = scope.declared?.get(name);
      if (declared === 'global') return NOT_LOCAL;
      if (declared === 'nonlocal') continue;
      const binding = scope.names?.get(name);
      if (binding && used !== undefined && binding.visibleFrom !== undefined && used < binding.visibleFrom) continue;
      if (binding) return scope.classifyBinding(binding, asReceiver);
    }
    return NOT_LOCAL;
  }

  /** Whether every binding of `name` here is a type the global pass finds by name (`typeFoundByName`). */
  typeFoundByName(name: string): boolean {
    const binding = this.names?.get(name);
    return binding !== undefined && binding.kinds.every((kind) => this.rules.bindings[kind]?.typeFoundByName === true);
  }

  /** Whether every binding of `name` here is of a kind that may hold a type (`holdsTypes`). */
  bindsTypes(name: string): boolean {
    const binding = this.names?.get(name);
    return binding !== undefined && binding.kinds.every((kind) => this.rules.bindings[kind]?.holdsTypes === true);
  }

  private classifyBinding(binding: Binding, asReceiver: boolean): NameClass {
    const rules = this.rules.bindings;
    if (binding.kinds.every((kind) => rules[kind]?.resolvesOutside || (asReceiver && rules[kind]?.classReceiver))) return NOT_LOCAL;
    if (binding.count === 1 && binding.declaration !== undefined) return { locallyBound: true, localTarget: binding.declaration, scope: this };
    return { locallyBound: true, scope: this };
  }

  /**
   * A stated type whose names mean what the global pass will look up: its first name must not be
   * a local of `this` scope (where it was written) — unless that local's own type is proven, then
   * `x.make()` becomes a method call on x's type. undefined when nothing is proven.
   */
  provenType(type: TypeRef, words?: ReceiverWords, depth = 0, at?: SourcePosition): TypeRef | undefined {
    // Nesting grows with a chain's length (a fluent builder's dozens of calls), never with the code's size.
    if (depth > 64) return undefined;
    if (type.kind === 'member-call' || type.kind === 'field' || type.kind === 'element' || type.kind === 'callback-parameter' || type.kind === 'argument' || type.kind === 'function-parameter' || type.kind === 'block-value') {
      const of = this.provenType(type.of, words, depth + 1, at);
      return of ? { ...type, of } : undefined;
    }
    if (type.kind === 'any-of') {
      const proven = type.of.map((one) => this.provenType(one, words, depth + 1, at)).filter((one): one is TypeRef => one !== undefined);
      return proven.length === 0 ? undefined : proven.length === 1 ? proven[0] : { kind: 'any-of', of: proven, ...(type.common ? { common: true } : {}) };
    }
    if (type.kind === 'function') {
      const returns = this.provenType(type.returns, words, depth + 1, at);
      return returns ? { kind: 'function', returns } : undefined;
    }
    if (type.kind === 'collection') {
      const element = type.element && this.provenType(type.element, words, depth + 1, at);
      const key = type.key && this.provenType(type.key, words, depth + 1, at);
      if (!element && !key && !type.named) return undefined;
      return { kind: 'collection', ...(element ? { element } : {}), ...(key ? { key } : {}), ...(type.channel ? { channel: true } : {}), ...(type.named ? { named: type.named } : {}) };
    }
    // An injected value is found by the parameter's name, not looked up in any scope.
    if (type.kind === 'injected' || type.kind === 'self' || type.kind === 'type-parameter' || type.kind === 'alias-receiver') return type;
    const chain = type.kind === 'call' ? type.callee : type.chain;
    if (words?.has(chain[0])) return words.typeThrough(type);
    const verdict = this.classify(chain[0], chain.length > 1, at);
    if (!verdict.locallyBound || verdict.scope?.typeFoundByName(chain[0])) return type;
    // A type's name (`val Check = new Check(…)`: the class) where a local value of that name hides no type.
    const namesType = chain.length === 1 && (type.kind === 'named' || (type.kind === 'call' && type.construct === true));
    if (namesType && this.rules.valuesHideNoTypes && verdict.localTarget === undefined && !verdict.scope?.bindsTypes(chain[0])) return type;
    if (type.kind === 'call' && chain.length === 1 && !type.construct && verdict.localTarget !== undefined && this.rules.localCallsProve) {
      localCalleesMade++;
      return { ...type, localCallee: verdict.localTarget };
    }
    // The local's own proven type: `y := x`, `y := x.a.b` (fields of it), `x.a.make()` (a method of a field's type).
    const held = verdict.scope?.provenValue(chain[0]);
    const of = held ? held.scope.provenType(held.type, held.words ?? words, depth + 1, held.at) : undefined;
    if (!of) return undefined;
    const through = (path: string[]): TypeRef => (path.length ? { kind: 'field', of, path } : of);
    if (type.kind === 'value') return through(chain.slice(1));
    if (type.kind === 'named') {
      const holdsType = chain.length === 1 && held?.type.kind === 'call' && verdict.scope!.bindsTypes(chain[0]);
      // `const Reason = Response.Reason;` then `Reason{ … }`: written as a type, the name chain it holds is one.
      if (!holdsType && held?.type.kind === 'value' && of.kind === 'value' && verdict.scope!.bindsTypes(chain[0])) {
        return { kind: 'named', chain: [...of.chain, ...chain.slice(1)] };
      }
      return holdsType ? of : undefined;
    }
    // `make()` with `make := func() *T { … }`: the literal's stated result.
    if (type.kind === 'call' && chain.length === 1 && !type.result && of.kind === 'function') return of.returns;
    // `new ctor()` with `ctor` holding another name's value (TypeScript `ctor: typeof Base`): a construction of that name.
    if (type.kind === 'call' && type.construct && of.kind === 'value') return { kind: 'call', callee: [...of.chain, ...chain.slice(1)], construct: true };
    if (type.kind !== 'call' || chain.length < 2) return undefined;
    return {
      kind: 'member-call', of: through(chain.slice(1, -1)), name: chain[chain.length - 1],
      ...(type.awaited ? { awaited: true } : {}), ...(type.result ? { result: type.result } : {}), ...(type.block ? { block: true } : {}),
      ...(type.arguments ? { arguments: type.arguments } : {}),
    };
  }

  /**
   * Completes a reference site used in this scope once the walk is over: `locallyBound`,
   * `localTarget` (a bare call of a local def), and `typedReceiver` — proven from the receiver
   * head's bindings, or, when the site came with a stated receiver type (`Foo().m()`), kept only
   * when that type is proven here.
   */
  completeSite(site: ReferenceSite, words?: ReceiverWords): void {
    if (site.typedReceiver) {
      const type = this.provenType(site.typedReceiver.type, words);
      if (type) site.typedReceiver.type = type;
      else delete site.typedReceiver;
    }
    const receiver = site.receiver;
    if (!receiver) return;
    const asReceiver = receiver.length > 0;
    const head = asReceiver ? receiver[0] : site.name;
    if (words?.has(head)) return;
    const verdict = this.classify(head, asReceiver, site);
    if (!verdict.locallyBound) return;
    if (!asReceiver && site.space === 'type' && this.rules.valuesHideNoTypes && verdict.localTarget === undefined && !verdict.scope?.bindsTypes(head)) return;
    site.locallyBound = true;
    if (verdict.localTarget !== undefined) {
      if (asReceiver) site.headTarget = verdict.localTarget;
      else site.localTarget = verdict.localTarget;
    }
    // `m()` with `m` a local holding member `m` of a proven value (`const { m } = make()`): that member, called on it.
    if (!asReceiver) {
      const held = verdict.scope?.provenValue(head);
      const member = held?.type.kind === 'field' && held.type.path.length === 1 && held.type.path[0] === head ? held.type : undefined;
      const of = member ? held!.scope.provenType(member.of, held!.words ?? words, 0, held!.at) : undefined;
      if (of) site.typedReceiver = { type: of, path: [] };
      return;
    }
    // `x.m()` with `x` a local whose every binding states one type.
    const value = verdict.scope?.provenValue(head);
    const type = value ? value.scope.provenType(value.type, value.words ?? words, 0, value.at) : undefined;
    if (type) site.typedReceiver = { type, path: receiver.slice(1) };
  }
}
