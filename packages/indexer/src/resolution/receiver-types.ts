/**
 * Receiver types: the class of the value a member call is made on, proven from what the code
 * states — never guessed. A value's class is proven by
 *  - an annotation naming an indexed class or interface (`app: App`, `client: Client`);
 *  - a constructor of an indexed class (`App()`, `new Client()`);
 *  - a call whose callee declares its return type (`make_app() -> App`, `lib.Request(...).prepare()`);
 *  - an attribute whose every assignment agrees (`self.app = App()` in any method of the class).
 * Anything else (untyped parameters, unions of several classes, reassignment to another type,
 * `any`) proves nothing, and the call stays unresolved.
 */
import type { Declaration, FileExtraction, MemberTypeFact, TypeRef } from '../model/extraction.js';
import type { NodeKind } from '../model/graph-vocabulary.js';
import { RESOLVED_BY, type ResolvedBy } from './resolved-by.js';
import type { DeclarationRef, Target } from './targets.js';
import type { WorkspaceSymbols } from './workspace-symbols.js';
import { PairMap } from '../support/pair-map.js';
import { cut, mayKeep, noteCut } from './order-dependence.js';

/** A value proven to be an instance of `classRef`, and the rule that proved it. */
export interface InstanceOf {
  classRef: DeclarationRef;
  how: ResolvedBy;
  /**
   * The type arguments the instance's type was written with, where a function that builds a generic class (its
   * own type parameters, the class named after it: Zig's `fn Loop(comptime T: type) type`) was called with them
   * (`Loop(Event)`): what a method's result stated as one of the class's type parameters is. Where they were written.
   */
  typeArguments?: { types: ReadonlyArray<TypeRef | null>; scope: TypeScope };
}

/** Where a stated type is written: its names are looked up there. */
export interface TypeScope {
  file: string;
  /** Local id of the innermost declaration around it (imports inside functions bind there). */
  enclosing: number | null;
}

/** What the reference resolver lends this module: name lookup and the class hierarchy. */
export interface ClassWorld {
  /**
   * What a name chain means where it is written: modules, namespaces and classes are walked.
   * `consumed` < the chain's length: the walk stopped at a value (`pkg.Default` of `pkg.Default.Router`).
   */
  resolveChain(scope: TypeScope, chain: string[]): { target: Target; consumed: number } | undefined;
  /** A member of a class or of its proven bases, nearest first. */
  findMember(classRef: DeclarationRef, name: string, wantStatic: boolean): DeclarationRef | undefined;
  /** The proven direct base classes of a class. */
  superclasses(classRef: DeclarationRef): DeclarationRef[];
  /** Whether class method `name` of an outside base builds an instance of the class it is called on (`outsideBaseBuilders`). */
  builtByOutsideBase(classRef: DeclarationRef, name: string): boolean;
  /** The class whose instance `name` stands for at this point (`self`, `this`), if it does. */
  instanceReceiver(scope: TypeScope, name: string): DeclarationRef | undefined;
  /** The class whose member a bare name called at this point means first (`members.implicitSelfInTypes`), if any. */
  implicitReceiver(scope: TypeScope): DeclarationRef | undefined;
  /** Members named `name` of a class itself (its body, and members declared outside it for it). */
  members(classRef: DeclarationRef, name: string): DeclarationRef[];
  /** A function `new` makes instances of, with methods of their own (a JavaScript constructor with prototype methods). */
  constructsInstances(ref: DeclarationRef): boolean;
  /** A value given methods of its own by assignment (`declarations.assignedMembers`: `app.use = function …`). */
  holdsMethods(ref: DeclarationRef): boolean;
  /** The function whose result a framework injects into a parameter called `name` (a test framework's fixture). */
  injectedProvider(file: string, name: string): DeclarationRef | undefined;
  /** A member read as a value (a property getter): its return type is the attribute's. */
  isAccessor(ref: DeclarationRef): boolean;
  /**
   * The one member `name` declared outside a type the workspace does not declare (an
   * extension `fun String.slug()`), visible where `scope` is, for a value stated to be of `chain`.
   */
  outsideMember(scope: TypeScope, chain: string[], name: string): DeclarationRef | undefined;
  /** Whether a call passing `args` (`TypeRef` call `arguments`) may call the function or method: its arity and the language's `argumentFits` do not rule it out. */
  mayTake(ref: DeclarationRef, args: readonly string[]): boolean;
  /** Whether the function or method's parameter `index` cannot take a function literal (`refusesFunctionLiteral`). */
  refusesFunctionLiteral(ref: DeclarationRef, index: number): boolean;
  /**
   * The parameter of `shape` argument `index` of `args` fills, where the language matches a call's arguments as a whole
   * (`matchArguments`) and that is the last parameter; undefined otherwise.
   */
  filledParameter(ref: DeclarationRef, shape: Declaration, args: readonly string[], index: number): number | undefined;
  /**
   * What type parameter `name` of class `owner` is bound to, seen from `classRef` (owner itself or a class deriving
   * from it): the type argument a heritage clause on the way writes, and where it is written. undefined: unbound, or bound alike by no path.
   */
  boundTypeParameter(classRef: DeclarationRef, owner: DeclarationRef, name: string): { type: TypeRef; scope: TypeScope } | undefined;
  /** The type of `ref`'s name declaring `count` type parameters (`declarations.genericTwins`): itself, its twin, or undefined. */
  typeOfArity(ref: DeclarationRef, count: number): DeclarationRef | undefined;
  /** The one companion member a call of a type that cannot be constructed runs (Kotlin `DI { }`: `DI.Companion.invoke`), if the language has them. */
  companionCallee(ref: DeclarationRef): DeclarationRef | undefined;
  /**
   * Where an extension is called only when in scope by name (`members.extensionsInScope`): one extension `name` the
   * file of `scope` sees (imported by name, or of its package), or one of several that state the same result; undefined otherwise.
   */
  extensionSeen(scope: TypeScope, name: string): DeclarationRef | undefined;
  /** What member `name` of a type outside the workspace (its chain) gives, by the language's table (`members.outsideResults`). */
  outsideResult(scope: TypeScope, chain: string[], name: string): string[] | undefined;
  /** Whether the language of `scope` has a table of what outside types' members give (`members.outsideResults`). */
  hasOutsideResults(scope: TypeScope): boolean;
  /**
   * Whether `v.name()` on a value of a workspace class gives the value back through the extensions of every value
   * (`members.universalOutsideBase`: C# `T Received<T>(this T s)`): no class declares `name`, no extension of another
   * type named so is visible, and every visible one of the universal type returns its receiver.
   */
  universalSelfResult(scope: TypeScope, name: string): boolean;
}

/**
 * Kinds a value can be an instance of. A `type_alias` counts: a defined type that is no struct
 * (`type HandlersChain []HandlerFunc`) has methods of its own, attached by `memberOf`; an alias
 * without members simply has none to find. An `enum` counts: its values have its methods (an
 * `impl E` block, an enum body).
 */
const INSTANCE_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'type_alias', 'enum']);
/**
 * Kinds a call constructs, or converts to: `Celsius(x)` is a Celsius, `ResponseWriter(w)` a
 * ResponseWriter (no other language calls a type alias or an interface).
 */
const CONSTRUCTIBLE: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'type_alias', 'interface']);
const CALLABLE: ReadonlySet<NodeKind> = new Set(['function', 'method']);
/** Values whose function literal a `blockSelf` receiver evaluates (a property stated to hold a function with a receiver). */
const BLOCK_HOLDERS: ReadonlySet<NodeKind> = new Set(['property', 'variable']);
/** Declarations naming a type rather than holding a value: calling one constructs or converts (`CONSTRUCTIBLE`). */
const TYPE_HOLDING: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'type_alias', 'enum']);
/**
 * Stated types nest: a method call on a call's result is one level more, and a fluent builder chains
 * dozens (`b.Int64(…).Uint64(…)…BindError()`). A type stated in terms of itself is cut by the memo.
 */
const MAX_DEPTH = 64;
/** How many classes a member's type is looked for in, up the proven bases. */
const MAX_BASES = 48;

/** A call as written: where, and the type arguments it writes (`make<Foo>()`). */
interface WrittenCall {
  scope: TypeScope;
  typeArguments?: Array<TypeRef | null>;
}

export class ReceiverTypes {
  private readonly declared = new Map<string, InstanceOf | null>();
  private readonly inProgress = new Set<string>();
  private readonly factsByFile = new Map<string, PairMap<number, string, MemberTypeFact[]>>();

  constructor(
    private readonly symbols: WorkspaceSymbols,
    private readonly world: ClassWorld,
  ) {}

  /** The class a stated type proves, or undefined. */
  evaluate(scope: TypeScope, type: TypeRef, depth = 0): InstanceOf | undefined {
    if (depth > MAX_DEPTH) return cut();
    switch (type.kind) {
      case 'named': {
        const walked = this.world.resolveChain(scope, type.chain);
        const whole = walked?.consumed === type.chain.length ? walked.target : undefined;
        const written = whole?.type === 'ambiguous' && type.typeArguments !== undefined ? this.ofArity(whole.candidates, type.typeArguments) : this.typeSpace(whole);
        // `IMappingExpression<S, D>` beside `IMappingExpression`: the one declaring as many type parameters as written.
        const classRef = written && type.typeArguments !== undefined ? this.world.typeOfArity(written, type.typeArguments) : written;
        // An alias that names a class (`using Option_p = std::unique_ptr<Option>`): that class.
        const aliased = classRef && this.symbols.declaration(classRef);
        // Or an iteration of a collection (C++ `using It = std::list<Foo>::iterator`): its element; or what a call gives
        // (TypeScript `type Store = ReturnType<typeof useStore>`): that.
        const underlying = aliased?.kind === 'type_alias' ? aliased.underlyingType?.kind : undefined;
        if (underlying === 'named' || underlying === 'element' || underlying === 'call') {
          return this.evaluate({ file: classRef!.file, enclosing: aliased!.parent }, aliased!.underlyingType!, depth + 1);
        }
        if (classRef) return { classRef, how: RESOLVED_BY.annotatedReceiver };
        return walked?.consumed === type.chain.length && walked.target.type === 'declaration'
          ? this.typeHeldBy(walked.target.ref, depth) : undefined;
      }
      case 'call': {
        // A function the file declares in a function body, named by its id where the call was written.
        if (type.localCallee !== undefined) {
          const local = { file: scope.file, localId: type.localCallee };
          const declared = this.symbols.extraction(scope.file)?.declarations[type.localCallee];
          if (!declared || declared.name !== type.callee[0] || type.block) return undefined;
          return this.returnOf(local, type.awaited, depth, type.result, undefined, { scope, typeArguments: type.typeArguments });
        }
        const [head, ...rest] = type.callee;
        // A construction (`new JsonParser(in)`) names a type, never a member of the type around.
        const implicit = rest.length === 0 && !type.construct ? this.implicitSelf(scope, head) : undefined;
        if (implicit) {
          // `Inner(x)` in an extension of Outer: Outer's nested type constructed, not a method of Outer called.
          const nested = this.world.findMember(implicit, head, false);
          const kind = nested && this.symbols.declaration(nested).kind;
          if (nested && kind !== 'type_alias' && CONSTRUCTIBLE.has(kind!)) {
            return type.block || type.awaited || type.result || this.world.companionCallee(nested) ? undefined : { classRef: nested, how: RESOLVED_BY.constructedReceiver };
          }
        }
        if (implicit) return this.memberResult({ classRef: implicit, how: RESOLVED_BY.thisMember }, head, type, depth, scope);
        const self = rest.length === 1 ? this.world.instanceReceiver(scope, head) : undefined;
        if (self && type.block) return this.blockSelfOf(this.world.findMember(self, rest[0], false), depth);
        if (self) return this.memberResult({ classRef: self, how: RESOLVED_BY.thisMember }, rest[0], type, depth, scope);
        const walked = this.world.resolveChain(scope, type.callee);
        if (!walked && rest.length > 0 && !type.block && !type.construct && !type.awaited && !type.result) {
          // `Configuration[{…}]` of `class Configuration < Hash`: Hash's `[]` builds a Configuration.
          const owner = this.world.resolveChain(scope, type.callee.slice(0, -1));
          const built = owner?.consumed === rest.length && owner.target.type === 'declaration' ? owner.target.ref : undefined;
          if (built && this.world.builtByOutsideBase(built, type.callee[rest.length])) return { classRef: built, how: RESOLVED_BY.constructedReceiver };
        }
        let target = walked && this.moduleValue(walked.target);
        if (type.construct && type.arity !== undefined && walked?.consumed === type.callee.length) {
          // `new LogFactory()` beside `LogFactory<T>`: the type declaring as many type parameters as written.
          const named = walked.target.type === 'ambiguous' ? this.ofArity(walked.target.candidates, type.arity) : walked.target.type === 'declaration' ? walked.target.ref : undefined;
          const twin = named && this.world.typeOfArity(named, type.arity);
          if (twin) target = { type: 'declaration', ref: twin };
        }
        if (target?.type !== 'declaration') {
          // `option("-x")` in a class body: an extension of the class's own type, found by the name the file sees.
          const extension = type.callee.length === 1 && !type.construct ? this.world.extensionSeen(scope, type.callee[0]) : undefined;
          if (!extension) return undefined;
          return type.block ? this.blockSelfOf(extension, depth) : this.returnOf(extension, type.awaited, depth, type.result, undefined, { scope, typeArguments: type.typeArguments });
        }
        if (walked!.consumed < type.callee.length) {
          // `pkg.API.NewDecoder()`: a method of the value the walk stopped at (through its fields).
          const held = this.through(this.valueOf(target.ref, depth + 1), type.callee.slice(walked!.consumed, -1), depth);
          if (held && type.block) return this.blockSelfOf(this.world.findMember(held.classRef, type.callee[type.callee.length - 1], false), depth);
          return held ? this.memberResult(held, type.callee[type.callee.length - 1], type, depth, scope) : undefined;
        }
        const decl = this.symbols.declaration(target.ref);
        if (CONSTRUCTIBLE.has(decl.kind)) {
          // `DI { }` of an interface: its companion's `invoke` runs, and gives what that returns.
          const companion = type.construct ? undefined : this.world.companionCallee(target.ref);
          if (companion) return type.block ? this.blockSelfOf(companion, depth) : this.returnOf(companion, type.awaited, depth, type.result);
          // A block handed to a constructor: what its object does with it later is not stated here.
          if (type.block) return undefined;
          return type.awaited || type.result ? undefined : { classRef: target.ref, how: RESOLVED_BY.constructedReceiver };
        }
        if (type.construct) {
          // `new Foo()` of `function Foo() {}` with `Foo.prototype.m = …`: an instance of Foo.
          return !type.block && !type.awaited && !type.result && this.world.constructsInstances(target.ref)
            ? { classRef: target.ref, how: RESOLVED_BY.constructedReceiver } : undefined;
        }
        if (type.block) return this.blockSelfOf(target.ref, depth);
        const built = this.returnOf(target.ref, type.awaited, depth, type.result, this.classCalledOn(scope, type.callee, decl), { scope, typeArguments: type.typeArguments });
        return built && type.typeArguments && this.buildsGeneric(target.ref, built.classRef, type.typeArguments.length)
          ? { ...built, typeArguments: { types: type.typeArguments, scope } } : built;
      }
      case 'member-call': {
        const of = this.evaluate(scope, type.of, depth + 1);
        // `String::class.asClassName()`: an extension of a type outside the workspace, by its stated name.
        if (!of && type.of.kind === 'named') return this.returnOf(this.world.outsideMember(scope, type.of.chain, type.name), type.awaited, depth, type.result);
        if (!of) return undefined;
        if (type.block) return this.blockSelfOf(this.world.findMember(of.classRef, type.name, false), depth);
        return this.memberResult(of, type.name, type, depth, scope);
      }
      case 'field': {
        // `e.router` with e proven: each field's stated type in turn.
        const of = this.evaluate(scope, type.of, depth + 1);
        if (of || type.path.length === 0) return this.through(of, type.path, depth);
        // `const { context } = setup()` of `setup(): { context: Context }`: the member the callee's result states.
        return this.through(this.resultMember(scope, type.of, type.path[0], depth), type.path.slice(1), depth);
      }
      case 'value': {
        // `this`/`self` where it is the instance of the enclosing class (`const { a } = this`), and its fields.
        const self = this.world.instanceReceiver(scope, type.chain[0]);
        if (self) return this.through({ classRef: self, how: RESOLVED_BY.thisMember }, type.chain.slice(1), depth);
        // The value a declaration holds (`b := Query` with `var Query Binding = …`), and its fields (`pkg.Default.Router`).
        const walked = this.world.resolveChain(scope, type.chain);
        if (walked?.target.type !== 'declaration') return this.moduleObject(walked, type.chain.length);
        // `(digits ~ sign).map(f)` with `def digits[$: P] = …`: a def read like a value (NameBindingRules.readsAsValue) holds what it returns.
        const ref = walked.target.ref;
        const held = this.symbols.declaration(ref).valueType === undefined && this.world.isAccessor(ref)
          ? this.returnOf(ref, false, depth + 1) : this.valueOf(ref, depth + 1);
        return this.through(held, type.chain.slice(walked.consumed), depth)
          ?? this.objectWithMethods(walked.target.ref, type.chain.slice(walked.consumed));
      }
      case 'function-parameter': {
        // `const h: Handler = (c) => c.text()`: what the named function type states for `c`.
        const stated = this.functionTypeParameter(scope, type.of, type.parameter, depth + 1);
        const found = stated && this.evaluate(stated.scope, stated.type, depth + 1);
        return found ? { classRef: found.classRef, how: RESOLVED_BY.annotatedReceiver } : undefined;
      }
      case 'collection':
      case 'function':
        return undefined; // a collection or a function is no instance: its elements, its result are
      case 'element': {
        const stated = this.statedCollection(scope, type.of, depth + 1);
        if (!stated) return undefined;
        const { element, key, channel } = stated.type;
        // `foreach (var kv in dict)`: key-value pairs, not the dictionary's values.
        if (type.pairs && key) return undefined;
        // `kv.second` of a map's iteration: the pair's key or element; a collection without keys yields no pairs.
        if (type.pairHalf) {
          const half = key && (type.pairHalf === 'key' ? key : element);
          return half ? this.evaluate(stated.scope, half, depth + 1) : undefined;
        }
        const one = type.first ? (channel ? element : key) : channel ? undefined : element;
        return one ? this.evaluate(stated.scope, one, depth + 1) : undefined;
      }
      case 'callback-parameter':
        return this.callbackParameter(scope, type, depth);
      case 'argument': {
        const stated = this.parameterStated(scope, type, depth);
        const found = stated && this.evaluate(stated.scope, stated.type, depth + 1);
        return found ? { classRef: found.classRef, how: RESOLVED_BY.annotatedReceiver } : undefined;
      }
      case 'alias-receiver': {
        // `block: ModuleDeclaration` with `typealias ModuleDeclaration = Module.() -> Unit`: a Module.
        const walked = this.world.resolveChain(scope, type.alias.chain);
        const ref = walked?.consumed === type.alias.chain.length && walked.target.type === 'declaration' ? walked.target.ref : undefined;
        const alias = ref && this.symbols.declaration(ref);
        return alias?.kind === 'type_alias' && alias.blockSelf ? this.evaluate({ file: ref!.file, enclosing: alias.parent }, alias.blockSelf, depth + 1) : undefined;
      }
      case 'block-value':
        return this.evaluate(scope, type.of, depth + 1);
      case 'type-parameter':
        return undefined; // bound only where the class it belongs to is reached from a subclass (`callbackParameter`)
      case 'any-of': {
        if (type.common) return this.commonBase(type.of.map((one) => this.evaluate(scope, one, depth + 1)));
        let agreed: InstanceOf | undefined;
        for (const one of type.of) {
          const found = this.evaluate(scope, one, depth + 1);
          if (!found) continue;
          if (agreed && refKey(agreed.classRef) !== refKey(found.classRef)) return undefined;
          agreed ??= found;
        }
        return agreed;
      }
      case 'injected': {
        const provider = this.world.injectedProvider(scope.file, type.name);
        if (!provider) return undefined;
        const decl = this.symbols.declaration(provider);
        // A generator fixture hands out what it yields; a plain one what it returns.
        if (decl.isAsync) return undefined;
        if (!decl.yieldType) return this.returnOf(provider, false, depth);
        const found = this.memo(provider, 'yield', () => this.evaluate({ file: provider.file, enclosing: decl.parent }, decl.yieldType!, depth + 1));
        return found ? { classRef: found.classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
      }
    }
  }

  /** Member `name` of the object type a called function states as its result (`Declaration.resultMembers`). */
  private resultMember(scope: TypeScope, call: TypeRef, name: string, depth: number): InstanceOf | undefined {
    if ((call.kind !== 'call' && call.kind !== 'member-call') || call.awaited || call.block || call.result || (call.kind === 'call' && call.construct)) return undefined;
    const callee = this.calleeOf(scope, call, depth);
    const decl = callee && this.symbols.declaration(callee.ref);
    const stated = decl?.resultMembers && Object.hasOwn(decl.resultMembers, name) ? decl.resultMembers[name] : undefined;
    const found = stated && this.evaluate({ file: callee!.ref.file, enclosing: decl!.parent }, stated, depth + 1);
    return found ? { classRef: found.classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
  }

  /**
   * Where the language gives values methods by assignment: a whole module's value (`proto` of `var proto =
   * require('./application')`) is the object it exports as its default, where that object has methods of its own.
   */
  private moduleObject(walked: { target: Target; consumed: number } | undefined, length: number): InstanceOf | undefined {
    if (walked?.target.type !== 'module' || walked.consumed !== length) return undefined;
    const value = this.moduleValue(walked.target);
    return value.type === 'declaration' ? this.objectWithMethods(value.ref, []) : undefined;
  }

  /**
   * An object given methods by assignment, read as a value with nothing stated about it (`app` of `var app =
   * module.exports = {}` with `app.use = function …`): it is its own class. `Foo.prototype` (`rest`: ['prototype'])
   * of a class, or of a constructor with prototype methods: an instance of Foo.
   */
  private objectWithMethods(ref: DeclarationRef, rest: string[]): InstanceOf | undefined {
    const decl = this.symbols.declaration(ref);
    if (rest.length === 0 && decl.kind !== 'function' && !decl.valueType && this.world.holdsMethods(ref)) return { classRef: ref, how: RESOLVED_BY.returnedReceiver };
    if (rest.length === 1 && rest[0] === 'prototype' && (decl.kind === 'class' || this.world.constructsInstances(ref))) return { classRef: ref, how: RESOLVED_BY.returnedReceiver };
    return undefined;
  }

  /**
   * A module called or constructed as a value (`const Koa = require('..'); new Koa()`) is what it exports as its
   * default, where the language has one; any other target is itself.
   */
  private moduleValue(target: Target): Target {
    if (target.type !== 'module') return target;
    const defaultName = this.symbols.defaultExportOf(target.file);
    return defaultName === undefined ? target : this.symbols.exportedMember(target.file, defaultName);
  }

  /**
   * `Cls.create()` of a method whose result is the receiver's own type (`: static`, `-> Self`): the
   * class the chain names before the method is the receiver. Asked only for such a method.
   */
  private classCalledOn(scope: TypeScope, callee: string[], decl: Declaration): InstanceOf | undefined {
    if (decl.returnType?.kind !== 'self' || callee.length < 2) return undefined;
    const walked = this.world.resolveChain(scope, callee.slice(0, -1));
    const classRef = walked?.consumed === callee.length - 1 ? this.typeSpace(walked.target) : undefined;
    return classRef ? { classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
  }

  /**
   * The collection type stated for the value `type` denotes (`[]*Route` of a field, a parameter, a
   * function's result; the underlying type of a defined `type Routes []Route`), where to read it.
   */
  private statedCollection(scope: TypeScope, type: TypeRef, depth: number): { type: Extract<TypeRef, { kind: 'collection' }>; scope: TypeScope } | undefined {
    if (depth > MAX_DEPTH) return cut();
    if (type.kind === 'collection') return { type, scope };
    if (type.kind === 'callback-parameter') {
      // `adapt(r) { result in … }` with `(Result<URLRequest, Error>) -> Void`: the collection the callee states there.
      const stated = this.callbackParameterStated(scope, type, depth + 1);
      return stated ? this.statedCollection(stated.scope, stated.stated, depth + 1) : undefined;
    }
    if (type.kind === 'argument') {
      const stated = this.parameterStated(scope, type, depth);
      return stated ? this.statedCollection(stated.scope, stated.type, depth + 1) : undefined;
    }
    if (type.kind === 'element' && !type.pairHalf) {
      // One element of a collection of collections (`?[]T` unwrapped, a row of `[][]T`): the inner collection.
      const outer = this.statedCollection(scope, type.of, depth + 1);
      if (outer && !(type.pairs && outer.type.key)) {
        const { element, key, channel } = outer.type;
        const one = type.first ? (channel ? element : key) : channel ? undefined : element;
        const inner = one && this.statedCollection(outer.scope, one, depth + 1);
        if (inner) return inner;
      }
    }
    // A declaration whose stated value or result is the collection.
    const declared = this.declaredBy(scope, type, depth);
    const decl = declared && this.symbols.declaration(declared.ref);
    // A call's value is its callee's result; a name's, what its declaration holds (a function named is no result).
    // A def read like a value (Scala `def child: Option[Node]`, NameBindingRules.isAccessor) holds what it returns.
    const called = declared && (declared.call || (CALLABLE.has(this.symbols.declaration(declared.ref).kind) && this.world.isAccessor(declared.ref)));
    const stated = decl && (called
      ? (CALLABLE.has(decl.kind) ? (declared.result ? decl.resultTypes?.[declared.result] : decl.returnType) : undefined)
      : decl.valueType);
    if (stated?.kind === 'collection' && stated.element?.kind === 'type-parameter' && !stated.key && called) {
      // `if (queue.pop()) |item|` with `pop(…) ?T` in the struct `Queue(Job)` built: a collection of the argument for T.
      const bound = this.boundArgument(declared.ref, stated.element.name, declared.receiver);
      return bound ? { type: { kind: 'collection', element: bound.type }, scope: bound.scope } : undefined;
    }
    if (stated) return this.statedCollection({ file: declared.ref.file, enclosing: decl.parent }, stated, depth + 1);
    // A value of a defined collection type (`Routes(x)`, a `Routes` parameter).
    const instance = this.evaluate(scope, type, depth + 1);
    if (!instance) return undefined;
    const definition = this.symbols.declaration(instance.classRef);
    return definition.underlyingType?.kind === 'collection'
      ? { type: definition.underlyingType, scope: { file: instance.classRef.file, enclosing: definition.parent } } : undefined;
  }

  /** The declaration whose stated type is the value's: the variable or field it reads, the function it calls. */
  private declaredBy(scope: TypeScope, type: TypeRef, depth: number): { ref: DeclarationRef; call: boolean; result?: number; receiver?: InstanceOf } | undefined {
    switch (type.kind) {
      case 'value':
      case 'call': {
        const chain = type.kind === 'value' ? type.chain : type.callee;
        const walked = this.world.resolveChain(scope, chain);
        if (walked?.target.type !== 'declaration') return undefined;
        const result = type.kind === 'call' ? type.result : undefined;
        if (walked.consumed === chain.length) return { ref: walked.target.ref, call: type.kind === 'call', result };
        const held = this.through(this.valueOf(walked.target.ref, depth + 1), chain.slice(walked.consumed, -1), depth);
        return held ? this.member(held, chain[chain.length - 1], type.kind === 'call', result) : undefined;
      }
      case 'field': {
        const held = this.through(this.evaluate(scope, type.of, depth + 1), type.path.slice(0, -1), depth);
        return held ? this.member(held, type.path[type.path.length - 1], false) : undefined;
      }
      case 'member-call': {
        const held = this.evaluate(scope, type.of, depth + 1);
        const member = held && this.member(held, type.name, true, type.result);
        return member && held ? { ...member, receiver: held } : undefined;
      }
      default:
        return undefined;
    }
  }

  /** A method (`call`) or a field with a stated type, of a class or of its proven bases. */
  private member(instance: InstanceOf, name: string, call: boolean, result?: number): { ref: DeclarationRef; call: boolean; result?: number } | undefined {
    if (call) {
      const ref = this.world.findMember(instance.classRef, name, false);
      return ref ? { ref, call, result } : undefined;
    }
    const seen = new Set<string>();
    const queue: DeclarationRef[] = [instance.classRef];
    while (queue.length > 0 && seen.size <= MAX_BASES) {
      const classRef = queue.shift()!;
      if (seen.has(refKey(classRef))) continue;
      seen.add(refKey(classRef));
      const members = this.world.members(classRef, name);
      if (members.length > 0) {
        const stated = members.find((ref) => this.symbols.declaration(ref).valueType !== undefined);
        if (stated) return { ref: stated, call };
        // A def read like a value (NameBindingRules.isAccessor): what it returns.
        const getter = members.find((ref) => this.world.isAccessor(ref) && this.symbols.declaration(ref).returnType !== undefined);
        return getter ? { ref: getter, call: true } : undefined;
      }
      queue.push(...this.world.superclasses(classRef));
    }
    return undefined;
  }

  /** The class of the value read through attributes `path` of an instance. */
  private through(instance: InstanceOf | undefined, path: string[], depth: number): InstanceOf | undefined {
    let found = instance;
    for (const name of path) found = found && this.memberType(found, name, depth + 1);
    return found;
  }

  /** The class of attribute `name` of an instance: a stated field type, else agreeing assignments. */
  memberType(instance: InstanceOf, name: string, depth = 0): InstanceOf | undefined {
    // Memoised per class and attribute: a class with many attribute assignments is asked about often.
    return this.memo(instance.classRef, `member\0${name}`, () => this.computeMemberType(instance, name, depth));
  }

  private computeMemberType(instance: InstanceOf, name: string, depth: number): InstanceOf | undefined {
    const seen = new Set<string>();
    const queue: DeclarationRef[] = [instance.classRef];
    while (queue.length > 0 && seen.size <= MAX_BASES) {
      const classRef = queue.shift()!;
      const key = refKey(classRef);
      if (seen.has(key)) continue;
      seen.add(key);
      const file = this.symbols.extraction(classRef.file)!;
      const member = this.world.members(classRef, name);
      const stated = member.find((ref) => this.symbols.declaration(ref).valueType !== undefined);
      if (stated) return this.valueOf(stated, depth);
      const getter = member.find((ref) => this.world.isAccessor(ref));
      if (getter) return this.returnOf(getter, false, depth);
      const facts = this.facts(file, classRef.localId, name);
      if (facts.length > 0) return this.agreeing(classRef.file, facts, depth);
      // A declaration with nothing stated about its value: whatever it holds is unknown.
      if (member.length > 0) return undefined;
      queue.push(...this.world.superclasses(classRef));
    }
    return undefined;
  }

  /**
   * The type the declaration a value calls or reads writes (`Declaration.writtenType`): the result of the function or
   * method a `call` / `member-call` names, the field a `field` or `value` reads (an implicit `this` member too), the
   * enumerator a `value` names. A name several declarations answer (overloads, fields of two bases) gives one only where
   * all of them write the same type. undefined where not known.
   */
  writtenTypeOf(scope: TypeScope, type: TypeRef, depth = 0): string | undefined {
    if (depth > MAX_DEPTH) return cut();
    let found: DeclarationRef[] = [];
    switch (type.kind) {
      case 'call':
      case 'member-call': {
        if (type.kind === 'call' && type.construct) return undefined;
        const callee = this.calleeOf(scope, type, depth + 1);
        if (!callee) return undefined;
        const decl = this.symbols.declaration(callee.ref);
        if (!CALLABLE.has(decl.kind)) return undefined;
        // Its overloads: the other callables of that name where it is declared.
        found = decl.parent !== null
          ? this.world.members({ file: callee.ref.file, localId: decl.parent }, decl.name).filter((ref) => CALLABLE.has(this.symbols.declaration(ref).kind))
          : (this.symbols.scope(callee.ref.file).declarations.get(decl.name) ?? []).map((localId) => ({ file: callee.ref.file, localId }))
            .filter((ref) => this.symbols.declaration(ref).parent === null && CALLABLE.has(this.symbols.declaration(ref).kind));
        if (!found.some((ref) => refKey(ref) === refKey(callee.ref))) found.push(callee.ref);
        break;
      }
      case 'field': {
        if (type.path.length !== 1) return undefined;
        const of = this.evaluate(scope, type.of, depth + 1);
        if (!of) return undefined;
        found = this.nearestMembers(of.classRef, type.path[0]);
        break;
      }
      case 'value': {
        const [head, ...rest] = type.chain;
        const implicit = rest.length === 0 ? this.world.implicitReceiver(scope) : undefined;
        const own = implicit ? this.nearestMembers(implicit, head) : [];
        if (own.length > 0) {
          found = own;
          break;
        }
        const walked = this.world.resolveChain(scope, type.chain);
        if (!walked) {
          // An enumerator named bare or by its scopes (`OK`, `ns::OK`): an unscoped enum's are its scope's names too.
          found = this.enumeratorsNamed(type.chain);
          break;
        }
        if (walked.consumed !== type.chain.length) return undefined;
        found = walked.target.type === 'declaration' ? [walked.target.ref] : walked.target.type === 'ambiguous' ? walked.target.candidates : [];
        break;
      }
      default:
        return undefined;
    }
    // A prototype and its definition written outside the class (`Value::LargestInt Value::asLargestInt()`) are one
    // function: the declaration in the class body writes its types as the class's own members read them.
    const bySignature = new Map<string, string | undefined>();
    const ordered = [...found.filter((ref) => !this.symbols.declaration(ref).memberOf), ...found.filter((ref) => this.symbols.declaration(ref).memberOf)];
    for (const ref of ordered) {
      const decl = this.symbols.declaration(ref);
      const key = JSON.stringify(decl.parameterTypes ?? null);
      if (!bySignature.has(key)) bySignature.set(key, decl.writtenType);
    }
    const written = [...bySignature.values()];
    return written.length > 0 && written.every((one) => one !== undefined && one === written[0]) ? written[0] : undefined;
  }

  private enumerators: Map<string, DeclarationRef[]> | undefined;

  /**
   * The workspace's enumerators a chain may name: those called its last name whose qualified name, with or without
   * their enum's own name, ends with the chain (`ns::OK` for `ns::Status::OK`).
   */
  private enumeratorsNamed(chain: readonly string[]): DeclarationRef[] {
    if (!this.enumerators) {
      this.enumerators = new Map();
      for (const file of this.symbols.allFiles()) {
        file.declarations.forEach((decl, localId) => {
          if (decl.kind !== 'enum_member') return;
          const list = this.enumerators!.get(decl.name);
          if (list) list.push({ file: file.path, localId }); else this.enumerators!.set(decl.name, [{ file: file.path, localId }]);
        });
      }
    }
    const written = chain.join('::');
    return (this.enumerators.get(chain[chain.length - 1]) ?? []).filter((ref) => {
      if (chain.length === 1) return true;
      const decl = this.symbols.declaration(ref);
      const parent = decl.parent !== null ? this.symbols.declaration({ file: ref.file, localId: decl.parent }) : undefined;
      const outer = parent?.qualifiedName.split('::').slice(0, -1).join('::');
      const names = [decl.qualifiedName, outer ? `${outer}::${decl.name}` : decl.name];
      return names.some((name) => name === written || name.endsWith(`::${written}`));
    });
  }

  /** The members named `name` of a class, else of its nearest proven bases declaring that name. */
  private nearestMembers(classRef: DeclarationRef, name: string): DeclarationRef[] {
    const seen = new Set<string>();
    let level: DeclarationRef[] = [classRef];
    while (level.length > 0 && seen.size <= MAX_BASES) {
      const found: DeclarationRef[] = [];
      const next: DeclarationRef[] = [];
      for (const ref of level) {
        if (seen.has(refKey(ref))) continue;
        seen.add(refKey(ref));
        found.push(...this.world.members(ref, name));
        next.push(...this.world.superclasses(ref));
      }
      if (found.length > 0) return found;
      level = next;
    }
    return [];
  }

  /** The class a declared value (field, property, variable, constant) holds. Memoised. */
  valueOf(ref: DeclarationRef, depth = 0): InstanceOf | undefined {
    return this.memo(ref, 'value', () => {
      const decl = this.symbols.declaration(ref);
      return decl.valueType ? this.evaluate({ file: ref.file, enclosing: decl.parent }, decl.valueType, depth + 1) : undefined;
    });
  }

  /**
   * The callee of a `block` TypeRef (`call` or `member-call` with `block`), for the resolver to tell a
   * callee that keeps the block's self (states no `blockSelf`) from one that changes it. 'missing': the
   * object the call is made on is proven (`member-call`) and has no such method, so what runs the block
   * is unknown. undefined: the callee is not known here.
   */
  blockCallee(scope: TypeScope, type: TypeRef): DeclarationRef | 'missing' | undefined {
    if (type.kind === 'member-call') {
      const of = this.evaluate(scope, type.of);
      if (!of) return undefined;
      return this.world.findMember(of.classRef, type.name, false) ?? 'missing';
    }
    if (type.kind !== 'call') return undefined;
    const [head, ...rest] = type.callee;
    const self = rest.length === 1 ? this.world.instanceReceiver(scope, head) : undefined;
    if (self) return this.world.findMember(self, rest[0], false);
    const walked = this.world.resolveChain(scope, type.callee);
    if (walked?.target.type !== 'declaration' || walked.consumed < type.callee.length) return undefined;
    const decl = this.symbols.declaration(walked.target.ref);
    // A block handed to a constructor: what the object does with it later is not stated here.
    return CONSTRUCTIBLE.has(decl.kind) ? this.world.companionCallee(walked.target.ref) ?? 'missing' : walked.target.ref;
  }

  /**
   * What a function literal passed to a call receives as its parameter: the callee's stated callback
   * parameter type there. Every method of that name of the callee's class that takes that many arguments must
   * state the same one (an overload taking another callback type could be the one called); an extension method called as a static
   * method takes its receiver as its first argument, which the stated list leaves out: nothing then.
   */
  private callbackParameter(scope: TypeScope, type: Extract<TypeRef, { kind: 'callback-parameter' }>, depth: number): InstanceOf | undefined {
    const found = this.callbackParameterStated(scope, type, depth)?.classRef;
    return found ? { classRef: found, how: RESOLVED_BY.annotatedReceiver } : undefined;
  }

  /** What `callbackParameter` reads: the type stated for the function literal's parameter, where it is written, and its class. */
  private callbackParameterStated(scope: TypeScope, type: Extract<TypeRef, { kind: 'callback-parameter' }>, depth: number): { stated: TypeRef; scope: TypeScope; classRef?: DeclarationRef } | undefined {
    const callee = this.calleeOf(scope, type.of, depth);
    if (!callee) return undefined;
    let decl = this.symbols.declaration(callee.ref);
    let overloads: DeclarationRef[];
    let owner: DeclarationRef | undefined;
    if (!CALLABLE.has(decl.kind)) {
      // A property or variable whose stated type has call signatures (`get: HandlerInterface`): each signature is
      // one overload the call may match.
      const typed = this.callSignatureType(callee.ref, depth);
      if (!typed) return undefined;
      decl = this.symbols.declaration(typed);
      overloads = [typed];
    } else {
      if (decl.memberOf && callee.static) return undefined;
      owner = decl.parent === null ? undefined : { file: callee.ref.file, localId: decl.parent };
      overloads = owner ? this.world.members(owner, decl.name) : [callee.ref];
    }
    let stated: TypeRef | null | undefined;
    let statedScope: TypeScope = { file: overloads[0].file, enclosing: decl.parent };
    let key: string | undefined;
    for (const other of overloads) for (const shape of signatureShapes(this.symbols.declaration(other), type.argument)) {
      // An overload with too few parameters to take that argument is not the one called, nor one whose parameter there takes no function.
      if (shape.parameterTypes && !shape.variadic && shape.parameterTypes.length <= type.argument) continue;
      // A function literal after the call's parentheses fills the parameter the language's matching of the whole call gives it.
      const args = type.skipsDefaults && type.label === undefined && (type.of.kind === 'call' || type.of.kind === 'member-call') ? type.of.arguments : undefined;
      const at = (args ? this.world.filledParameter(other, shape, args, type.argument) : undefined) ?? callbackSlot(shape, type);
      // Nor is one with no function-typed parameter left for a function literal that fills a later one (Swift's trailing closure).
      if (type.skipsDefaults && at === undefined && !shape.callbackParameters?.slice(type.argument).some((c) => c !== null)) continue;
      if (type.label !== undefined && at === undefined) continue; // no parameter of that name
      if (!shape.callbackParameters?.[at ?? type.argument] && this.world.refusesFunctionLiteral(other, type.label !== undefined ? at! : type.argument)) continue;
      const own = at === undefined ? undefined : shape.callbackParameters?.[at]?.[type.parameter];
      // Not written at the parameter: what the named function type it names states (`handler: Handler`).
      const named = own || at === undefined ? undefined : this.namedCallbackParameter(other, shape, at, type.parameter, depth);
      const one = own ?? named?.type;
      // One of several signatures whose parameter there is an instance of a class takes no function literal.
      if (one === undefined && shape.overloadShapes && at !== undefined && this.namesClass(other, shape, at)) continue;
      const oneKey = JSON.stringify([one, named ? named.scope : null]);
      if (key === undefined) {
        stated = one;
        if (named) statedScope = named.scope;
        key = oneKey;
      } else if (oneKey !== key) return undefined;
    }
    if (!stated) return undefined;
    if (stated.kind === 'type-parameter') {
      // `RuleFor(x => …)` in `class V : AbstractValidator<Customer>`: T as the receiver's class binds it.
      const bound = callee.receiver && owner ? this.world.boundTypeParameter(callee.receiver, owner, stated.name) : undefined;
      const found = bound && this.evaluate(bound.scope, bound.type, depth + 1);
      return bound ? { stated: bound.type, scope: bound.scope, classRef: found?.classRef } : undefined;
    }
    const found = this.evaluate(statedScope, stated, depth + 1);
    return { stated, scope: statedScope, classRef: found?.classRef };
  }

  /**
   * The interface or type alias a value's stated type names, where it states call signatures taking function
   * literals (`overloadShapes`); undefined for anything else.
   */
  private callSignatureType(ref: DeclarationRef, depth: number): DeclarationRef | undefined {
    const decl = this.symbols.declaration(ref);
    if (TYPE_HOLDING.has(decl.kind) || !decl.valueType || decl.valueType.kind !== 'named') return undefined;
    const held = this.valueOf(ref, depth + 1);
    const type = held && this.symbols.declaration(held.classRef);
    return type && (type.kind === 'interface' || type.kind === 'type_alias') && type.overloadShapes ? held.classRef : undefined;
  }

  /**
   * Parameter `parameter` of the function type that parameter `at` of `decl` names (`callbackTypes`: `handler:
   * Handler`, a rest parameter filled by every later argument), where that type states it (`functionParameters`),
   * and where it is written. Every member of a union must state the same; undefined otherwise.
   */
  /** Does parameter `at` of `decl` name a class or an enum (`use(instance: App)`), whose values are no functions? */
  private namesClass(ref: DeclarationRef, decl: Declaration, at: number): boolean {
    const types = decl.callbackTypes;
    const named = types?.[decl.callbackRest && at >= types.length ? types.length - 1 : at];
    if (named?.kind !== 'named') return false;
    const walked = this.world.resolveChain({ file: ref.file, enclosing: decl.parent }, named.chain);
    if (walked?.target.type !== 'declaration' || walked.consumed < named.chain.length) return false;
    return ['class', 'enum'].includes(this.symbols.declaration(walked.target.ref).kind);
  }

  private namedCallbackParameter(ref: DeclarationRef, decl: Declaration, at: number, parameter: number, depth: number): { type: TypeRef; scope: TypeScope } | undefined {
    const types = decl.callbackTypes;
    if (!types) return undefined;
    const slot = decl.callbackRest && at >= types.length ? types.length - 1 : at;
    const named = types[slot];
    return named ? this.functionTypeParameter({ file: ref.file, enclosing: decl.parent }, named, parameter, depth + 1) : undefined;
  }

  private functionTypeParameter(scope: TypeScope, type: TypeRef, parameter: number, depth: number, bound?: (name: string) => { type: TypeRef; scope: TypeScope } | undefined): { type: TypeRef; scope: TypeScope } | undefined {
    if (depth > MAX_DEPTH) return cut();
    const members = type.kind === 'any-of' ? type.of : [type];
    let found: { type: TypeRef; scope: TypeScope } | undefined;
    for (const member of members) {
      if (member.kind !== 'named') return undefined;
      const walked = this.world.resolveChain(scope, member.chain);
      if (walked?.target.type !== 'declaration' || walked.consumed < member.chain.length) return undefined;
      const alias = this.symbols.declaration(walked.target.ref);
      // A union's member no function can be (`Middleware | MiddlewareObject`): the literal takes the others' type.
      if (alias.uncallable && members.length > 1) continue;
      const at = { file: walked.target.ref.file, enclosing: alias.parent };
      // `Middleware<S, Context<S>>` of `interface Middleware<S, T extends Context = Context<S>>`: T is what the reference
      // writes for it, else its default; an argument naming the enclosing generic type's own parameter, what that is bound to.
      const own = (name: string, seen = 0): { type: TypeRef; scope: TypeScope } | undefined => {
        const index = alias.typeParameters?.indexOf(name) ?? -1;
        // Where the arguments written were not recorded (`typeArgumentRefs` absent), a default may not be what applies.
        if (index < 0 || seen > MAX_DEPTH || !member.typeArgumentRefs) return undefined;
        const written = member.typeArgumentRefs[index];
        if (written === null) return undefined;
        if (written !== undefined) return written.kind === 'type-parameter' ? bound?.(written.name) : { type: written, scope };
        const fallback = alias.typeParameterDefaults?.[index];
        if (!fallback) return undefined;
        return fallback.kind === 'type-parameter' ? own(fallback.name, seen + 1) : { type: fallback, scope: at };
      };
      let one: { type: TypeRef; scope: TypeScope } | undefined;
      if (alias.functionParameters) {
        const stated = alias.functionParameters[parameter];
        one = stated?.kind === 'type-parameter' ? own(stated.name) : stated ? { type: stated, scope: at } : undefined;
      } else if (alias.functionTypes) {
        one = this.functionTypeParameter(at, { kind: 'any-of', of: alias.functionTypes }, parameter, depth + 1, own);
      }
      if (!one || one.type.kind === 'type-parameter') return undefined;
      if (found && JSON.stringify(found) !== JSON.stringify(one)) return undefined;
      found = one;
    }
    return found;
  }

  /**
   * The type outside the workspace a value is stated to be (its name chain), for the extensions of that type: a type
   * naming no workspace class, a framework collection, an outside class constructed, or what a workspace function or
   * method called states it returns (an async one's only where awaited). undefined: a workspace class, or not stated.
   */
  outsideTypeOf(scope: TypeScope, type: TypeRef, depth = 0): string[] | undefined {
    if (depth > MAX_DEPTH) return cut();
    switch (type.kind) {
      case 'named':
        return this.evaluate(scope, type, depth + 1) ? undefined : type.chain;
      case 'collection':
        return type.named;
      case 'element': {
        // `try result.get()` of a `Result<URLRequest, Error>`: the outside type its stated element is.
        if (type.first || type.pairs || type.pairHalf) return undefined;
        const stated = this.statedCollection(scope, type.of, depth + 1);
        const element = stated && !stated.type.channel ? stated.type.element : undefined;
        return element && this.outsideTypeOf(stated!.scope, element, depth + 1);
      }
      case 'any-of': {
        // Readings that cannot both apply: the outside type those that state one agree on, while none is a workspace class.
        if (type.common || this.evaluate(scope, type, depth + 1)) return undefined;
        const found = type.of.map((one) => this.outsideTypeOf(scope, one, depth + 1)).filter((one) => one !== undefined);
        return found.length > 0 && found.every((one) => one.join('.') === found[0].join('.')) ? found[0] : undefined;
      }
      case 'call':
      case 'member-call': {
        if (type.block || (type.result ?? 0) > 0) return undefined;
        if (type.kind === 'call' && type.construct) {
          const walked = this.world.resolveChain(scope, type.callee);
          return walked && walked.target.type !== 'external' ? undefined : type.callee;
        }
        const callee = this.calleeOf(scope, type, depth);
        if (!callee) {
          // `d.ContainsKey(k)` on an outside type: what the language's table says the member gives.
          if (type.kind !== 'member-call' || type.awaited) return undefined;
          const of = this.outsideTypeOf(scope, type.of, depth + 1);
          return of && this.world.outsideResult(scope, of, type.name);
        }
        const decl = this.symbols.declaration(callee.ref);
        const stated = decl.returnType;
        if (!CALLABLE.has(decl.kind) || decl.returnsTypeParameter !== undefined || Boolean(decl.isAsync) !== Boolean(type.awaited)) return undefined;
        if (stated?.kind !== 'named' && stated?.kind !== 'collection') return undefined;
        return this.outsideTypeOf({ file: callee.ref.file, enclosing: decl.parent }, stated, depth + 1);
      }
      case 'field': {
        // `xs.Count`, `sb.Length` on an outside type: each property's type by the language's table.
        if (this.evaluate(scope, type, depth + 1)) return undefined;
        let of = this.outsideTypeOf(scope, type.of, depth + 1);
        let rest = type.path;
        if (!of && this.world.hasOutsideResults(scope)) {
          // `note.Values.ContainsKey(k)`: a workspace class's field or property stated to be of an outside type, then that type's.
          const reached = this.outsideMemberOf(scope, type, depth + 1);
          if (!reached) return undefined;
          ({ of, rest } = reached);
        }
        for (const name of rest) of = of && this.world.outsideResult(scope, of, name);
        return of;
      }
      default:
        return undefined;
    }
  }

  /**
   * The first member on a path from a workspace instance whose stated type is an outside one (`note.Values` with
   * `Dictionary<string, object> Values` in Note): that type, and the path's names after it.
   */
  private outsideMemberOf(scope: TypeScope, type: Extract<TypeRef, { kind: 'field' }>, depth: number): { of: string[]; rest: string[] } | undefined {
    for (let length = 1; length <= type.path.length; length++) {
      const declared = this.declaredBy(scope, { kind: 'field', of: type.of, path: type.path.slice(0, length) }, depth);
      const decl = declared && !declared.call ? this.symbols.declaration(declared.ref) : undefined;
      if (!decl?.valueType) return undefined;
      const of = this.outsideTypeOf({ file: declared!.ref.file, enclosing: decl.parent }, decl.valueType, depth + 1);
      if (of) return { of, rest: type.path.slice(length) };
    }
    return undefined;
  }

  /**
   * The type the parameter an argument fills states (the `argument` TypeRef), and where it is written: every overload
   * of the callee with such a parameter must state the same one (labels name the parameter; an unlabelled argument
   * the parameter at its position, while no default value before it may have been left out).
   */
  private parameterStated(scope: TypeScope, type: Extract<TypeRef, { kind: 'argument' }>, depth: number): { type: TypeRef; scope: TypeScope } | undefined {
    const callee = this.calleeOf(scope, type.of, depth);
    let overloads: DeclarationRef[];
    if (callee) {
      const decl = this.symbols.declaration(callee.ref);
      const owner = decl.parent === null ? undefined : { file: callee.ref.file, localId: decl.parent };
      overloads = owner && CALLABLE.has(decl.kind) ? this.world.members(owner, decl.name).filter((ref) => CALLABLE.has(this.symbols.declaration(ref).kind)) : [callee.ref];
    } else {
      // Overloads whose results differ (no one callee): those of the receiver's class the written arguments leave possible.
      overloads = this.possibleOverloads(scope, type.of, depth);
    }
    const found = new Map<string, { type: TypeRef; scope: TypeScope } | undefined>();
    for (const ref of overloads) {
      const shape = this.symbols.declaration(ref);
      const slots = shape.parameterSlots;
      if (!slots) continue;
      const at = type.label !== undefined ? slots.filter((slot) => slot.label === type.label) : [];
      let slot = at.length === 1 ? at[0] : undefined;
      if (type.label === undefined) {
        const required = shape.requiredParameters ?? slots.length;
        if (type.argument < Math.min(required, slots.length) && slots[type.argument].label === undefined) slot = slots[type.argument];
        // The last parameter takes every argument from its position on (a variadic `T...`).
        else if (shape.variadic && type.argument >= slots.length - 1 && slots[slots.length - 1].label === undefined && required >= slots.length - 1) slot = slots[slots.length - 1];
      }
      if (!slot) continue;
      found.set(JSON.stringify(slot.type), slot.type ? { type: slot.type, scope: { file: ref.file, enclosing: shape.parent } } : undefined);
    }
    if (found.size === 1) return [...found.values()][0];
    // Overloads stating different types: the one type among them that declares the member the argument names.
    if (type.member === undefined || found.size === 0) return undefined;
    const declaring = [...found.values()].filter((one) => {
      const instance = one && this.evaluate(one.scope, one.type, depth + 1);
      return instance !== undefined && this.world.members(instance.classRef, type.member!).length > 0;
    });
    return declaring.length === 1 ? declaring[0] : undefined;
  }

  /** The enclosing class, where a bare `name` called here means its method (`members.implicitSelfInTypes`). */
  private implicitSelf(scope: TypeScope, name: string): DeclarationRef | undefined {
    const owner = this.world.implicitReceiver(scope);
    if (!owner) return undefined;
    // `Foo(x)` inside Foo constructs a Foo: its constructor (a member named like the class) is no method called on this.
    if (this.symbols.declaration(owner).name.replace(/<.*$/s, '') === name) return undefined;
    const member = this.world.members(owner, name).length > 0 || this.world.findMember(owner, name, false);
    return member ? owner : undefined;
  }

  /** The function or method a `call` or `member-call` calls; `static`: named by a chain of types, not called on a value. */
  /** `receiver`: the class of the instance the method is called on, where proven (it binds the type parameters of the method's class). */
  private calleeOf(scope: TypeScope, call: TypeRef, depth: number): { ref: DeclarationRef; static: boolean; receiver?: DeclarationRef } | undefined {
    if (call.kind === 'member-call') {
      const of = this.evaluate(scope, call.of, depth + 1);
      // `services.AddMediatR(cfg => …)`: an extension of a type outside the workspace, by its stated name.
      const ref = of ? this.world.findMember(of.classRef, call.name, false)
        : call.of.kind === 'named' ? this.world.outsideMember(scope, call.of.chain, call.name) : undefined;
      return ref ? { ref, static: false } : undefined;
    }
    if (call.kind !== 'call') return undefined;
    const [head, ...rest] = call.callee;
    const implicit = rest.length === 0 ? this.implicitSelf(scope, head) : undefined;
    if (implicit) {
      const ref = this.world.findMember(implicit, head, false);
      return ref ? { ref, static: false, receiver: implicit } : undefined;
    }
    const self = rest.length === 1 ? this.world.instanceReceiver(scope, head) : undefined;
    if (self) {
      const ref = this.world.findMember(self, rest[0], false);
      return ref ? { ref, static: false, receiver: self } : undefined;
    }
    const walked = this.world.resolveChain(scope, call.callee);
    if (walked?.target.type !== 'declaration') return undefined;
    if (walked.consumed === call.callee.length) {
      const decl = this.symbols.declaration(walked.target.ref);
      if (!call.construct || !CONSTRUCTIBLE.has(decl.kind)) return { ref: walked.target.ref, static: true };
      // `new Foo(x => …)`: a constructor, where the class declares them as methods named like it (every one is weighed).
      const constructor = this.world.members(this.symbols.typeTwin(walked.target.ref, INSTANCE_KINDS) ?? walked.target.ref, decl.name)
        .find((ref) => CALLABLE.has(this.symbols.declaration(ref).kind));
      return constructor ? { ref: constructor, static: false } : undefined;
    }
    const held = this.through(this.valueOf(walked.target.ref, depth + 1), call.callee.slice(walked.consumed, -1), depth);
    const ref = held && this.world.findMember(held.classRef, call.callee[call.callee.length - 1], false);
    return ref ? { ref, static: false } : undefined;
  }

  /** The object a function or method evaluates the block passed to it in (its stated `blockSelf`), or a value's function literal. */
  private blockSelfOf(ref: DeclarationRef | undefined, depth: number): InstanceOf | undefined {
    if (!ref) return undefined;
    const decl = this.symbols.declaration(ref);
    if (!(CALLABLE.has(decl.kind) || BLOCK_HOLDERS.has(decl.kind)) || !decl.blockSelf) return undefined;
    const found = this.memo(ref, 'block', () => this.evaluate({ file: ref.file, enclosing: decl.parent }, decl.blockSelf!, depth + 1));
    return found ? { classRef: found.classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
  }

  /** What calling a function or method gives, from its declared return type (or its `result`-th result's). */
  /** `receiver`: the instance a method was called on, which a `this` result (fluent builders) is. */
  /**
   * What calling member `name` on `receiver` gives. Overloads that state different results (`fun size(w: Int, h: Int) =
   * size(Size(w, h))` beside `fun size(s: Size) = apply { … }`) give the class every one of them evaluates to, if they
   * agree; an overload whose result is being evaluated already (it calls its own overloads) adds nothing of its own.
   */
  private memberResult(receiver: InstanceOf, name: string, type: { awaited?: boolean; result?: number; typeArguments?: Array<TypeRef | null>; arguments?: string[] }, depth: number, scope: TypeScope): InstanceOf | undefined {
    const written = { scope, typeArguments: type.typeArguments };
    const found = this.world.findMember(receiver.classRef, name, false);
    if (found) return this.returnOf(found, type.awaited, depth, type.result, receiver, written);
    if (!type.awaited && !type.result && this.world.universalSelfResult(scope, name)) return { classRef: receiver.classRef, how: RESOLVED_BY.returnedReceiver };
    let agreed: InstanceOf | undefined;
    const overloads = this.overloads(receiver.classRef, name);
    // The overloads the call's written arguments leave possible (`request(for:as:)` is no `request(x)`): only theirs are weighed.
    const possible = type.arguments ? overloads.filter((ref) => this.world.mayTake(ref, type.arguments!)) : overloads;
    for (const ref of possible) {
      // Its result is being evaluated (memo, below): this call is one of its own.
      if (this.inProgress.has(`${refKey(ref)}\0${type.result ? `return\0${type.result}` : 'return'}`)) {
        noteCut();
        continue;
      }
      const one = this.returnOf(ref, type.awaited, depth + 1, type.result, receiver, written);
      if (!one || (agreed && (agreed.classRef.file !== one.classRef.file || agreed.classRef.localId !== one.classRef.localId))) return undefined;
      agreed = one;
    }
    return agreed;
  }

  /**
   * A constant named in a type position where the language lets constants hold types (Zig
   * `const Map = HashMap(u8);` then `m: Map`): the type its value is, i.e. what the type function returns.
   */
  private typeHeldBy(ref: DeclarationRef, depth: number): InstanceOf | undefined {
    if (this.symbols.modulesOf(ref.file)?.bindings?.constantsHoldTypes !== true) return undefined;
    const decl = this.symbols.declaration(ref);
    if (decl.kind !== 'constant' || decl.valueType?.kind !== 'call') return undefined;
    const held = this.evaluate({ file: ref.file, enclosing: decl.parent }, decl.valueType, depth + 1);
    // `const KeyQueue = Queue(Key);`: the type arguments written there stay with the type (`InstanceOf.typeArguments`).
    return held ? { classRef: held.classRef, how: RESOLVED_BY.annotatedReceiver, typeArguments: held.typeArguments } : undefined;
  }

  /** The classes found (those proving none left out): the one of them every other is a subclass of, or conforms to. */
  private commonBase(found: Array<InstanceOf | undefined>): InstanceOf | undefined {
    const all = found.filter((one): one is InstanceOf => one !== undefined);
    const bases = (classRef: DeclarationRef): Set<string> => {
      const seen = new Set<string>();
      const queue = [classRef];
      while (queue.length > 0 && seen.size <= MAX_BASES) {
        const next = queue.shift()!;
        if (seen.has(refKey(next))) continue;
        seen.add(refKey(next));
        queue.push(...this.world.superclasses(next));
      }
      return seen;
    };
    return all.find((candidate) => all.every((other) => bases(other.classRef).has(refKey(candidate.classRef))));
  }

  /** `x.f(a:)`, `make().f(a:)` stating its written arguments: the overloads of f, on x's class, that those leave possible. */
  private possibleOverloads(scope: TypeScope, call: TypeRef, depth: number): DeclarationRef[] {
    if ((call.kind !== 'call' && call.kind !== 'member-call') || !call.arguments) return [];
    let receiver: InstanceOf | undefined;
    let name: string;
    if (call.kind === 'member-call') {
      receiver = this.evaluate(scope, call.of, depth + 1);
      name = call.name;
    } else {
      if (call.callee.length < 2) return [];
      const walked = this.world.resolveChain(scope, call.callee);
      if (walked?.target.type !== 'declaration' || walked.consumed >= call.callee.length) return [];
      receiver = this.through(this.valueOf(walked.target.ref, depth + 1), call.callee.slice(walked.consumed, -1), depth);
      name = call.callee[call.callee.length - 1];
    }
    return receiver ? this.overloads(receiver.classRef, name).filter((ref) => this.world.mayTake(ref, call.arguments!)) : [];
  }

  /** The callable members named `name` of a class and of its proven bases (what a call on it may mean). */
  private overloads(classRef: DeclarationRef, name: string): DeclarationRef[] {
    const found: DeclarationRef[] = [];
    const seen = new Set<string>();
    const visit = (ref: DeclarationRef, depth: number) => {
      const key = `${ref.file}\0${ref.localId}`;
      if (seen.has(key)) return;
      if (depth > MAX_DEPTH) return void noteCut();
      seen.add(key);
      found.push(...this.world.members(ref, name).filter((member) => CALLABLE.has(this.symbols.declaration(member).kind)));
      for (const base of this.world.superclasses(ref)) visit(base, depth + 1);
    };
    visit(classRef, 0);
    return found;
  }

  /**
   * Does the function `fn` build the generic class `built`: the class named after it, beside it, declaring the same
   * type parameters (as many as the call writes)?
   */
  private buildsGeneric(fn: DeclarationRef, built: DeclarationRef, written: number): boolean {
    const decl = this.symbols.declaration(fn);
    const made = this.symbols.declaration(built);
    const own = decl.typeParameters;
    return CALLABLE.has(decl.kind) && fn.file === built.file && own !== undefined && own.length === written && made.name === decl.name
      && made.parent === decl.parent && made.typeParameters !== undefined && made.typeParameters.join('\0') === own.join('\0');
  }

  /**
   * The type argument `receiver`'s type was written with for type parameter `name` of the class `member` is declared in
   * (see `InstanceOf.typeArguments`), and where it was written; undefined where the receiver is no instance of that class
   * built with them.
   */
  private boundArgument(member: DeclarationRef, name: string, receiver: InstanceOf | undefined): { type: TypeRef; scope: TypeScope } | undefined {
    const parent = this.symbols.declaration(member).parent;
    if (!receiver?.typeArguments || parent === null || receiver.classRef.file !== member.file || receiver.classRef.localId !== parent) return undefined;
    const at = this.symbols.declaration(receiver.classRef).typeParameters?.indexOf(name) ?? -1;
    const type = at >= 0 ? receiver.typeArguments.types[at] : undefined;
    return type ? { type, scope: receiver.typeArguments.scope } : undefined;
  }

  /** `written`: the call's own scope and the type arguments it writes, which a result stated as a type parameter is. */
  private returnOf(ref: DeclarationRef | undefined, awaited: boolean | undefined, depth: number, result = 0, receiver?: InstanceOf, written?: WrittenCall): InstanceOf | undefined {
    if (!ref) return undefined;
    const decl = this.symbols.declaration(ref);
    if (decl.returnsTypeParameter !== undefined) {
      // `make<Foo>()` with `fun <T> make(): T`: the type argument written at the call, evaluated where it is written.
      const argument = written?.typeArguments?.[decl.returnsTypeParameter];
      if (!argument || !CALLABLE.has(decl.kind) || result > 0 || Boolean(decl.isAsync) !== Boolean(awaited)) return undefined;
      const found = this.evaluate(written!.scope, argument, depth + 1);
      return found ? { classRef: found.classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
    }
    if (decl.returnType?.kind === 'type-parameter' && result === 0) {
      // `loop.nextEvent()` with `nextEvent(…) T` in the struct `Loop(Event)` built: the argument written for T.
      const bound = this.boundArgument(ref, decl.returnType.name, receiver);
      if (!bound || !CALLABLE.has(decl.kind) || Boolean(decl.isAsync) !== Boolean(awaited)) return undefined;
      const found = this.evaluate(bound.scope, bound.type, depth + 1);
      return found ? { classRef: found.classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
    }
    if (decl.returnType?.kind === 'self' && result === 0) {
      if (!CALLABLE.has(decl.kind) || Boolean(decl.isAsync) !== Boolean(awaited)) return undefined;
      return receiver ? { classRef: receiver.classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
    }
    // A name that holds another function (`const numberType = ZodNumber.create`): called, it returns what that one does.
    if (!CALLABLE.has(decl.kind) && decl.valueType?.kind === 'value' && result === 0 && (depth < MAX_DEPTH || cut())) {
      const held = this.world.resolveChain({ file: ref.file, enclosing: decl.parent }, decl.valueType.chain);
      const whole = held?.target.type === 'declaration' && held.consumed === decl.valueType.chain.length;
      return whole && held.target.type === 'declaration' ? this.returnOf(held.target.ref, awaited, depth + 1) : undefined;
    }
    // `function queue() { var q = { push() {…} }; return q; }`: the object declared there, with its members.
    if (decl.returnsLocal !== undefined && result === 0 && CALLABLE.has(decl.kind) && Boolean(decl.isAsync) === Boolean(awaited)) {
      const declarations = this.symbols.extraction(ref.file)!.declarations;
      const objects = (this.symbols.members(ref).get(decl.returnsLocal) ?? []).filter((id) => declarations[id].kind === 'variable');
      if (objects.length === 1) return { classRef: { file: ref.file, localId: objects[0] }, how: RESOLVED_BY.returnedReceiver };
    }
    // A property or variable stated to hold a function type (`get: (url: string) => ResponsePromise`): called, it
    // returns what that type states.
    if (!CALLABLE.has(decl.kind) && decl.valueType?.kind === 'function' && result === 0 && !awaited) {
      const returns = decl.valueType.returns;
      const found = this.memo(ref, 'return', () => this.evaluate({ file: ref.file, enclosing: decl.parent }, returns, depth + 1));
      return found ? { classRef: found.classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
    }
    // A value of a type with call signatures (`const ky: KyInstance`, `type KyInstance = { (url: string): ResponsePromise }`):
    // called, it returns what the type states (a type's `returnType`).
    if (!CALLABLE.has(decl.kind) && !TYPE_HOLDING.has(decl.kind) && decl.valueType && result === 0 && !awaited && (depth < MAX_DEPTH || cut())) {
      const held = this.valueOf(ref, depth + 1);
      const type = held && this.symbols.declaration(held.classRef);
      if (!held || !type?.returnType || CALLABLE.has(type.kind)) return undefined;
      const found = this.memo(held.classRef, 'return', () => this.evaluate({ file: held.classRef.file, enclosing: type.parent }, type.returnType!, depth + 1));
      return found ? { classRef: found.classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
    }
    const stated = result > 0 ? decl.resultTypes?.[result] : decl.returnType;
    if (!CALLABLE.has(decl.kind) || !stated) return undefined;
    // An async function's stated result is what awaiting its call gives.
    if (Boolean(decl.isAsync) !== Boolean(awaited)) return undefined;
    const found = this.memo(ref, result > 0 ? `return\0${result}` : 'return', () => this.evaluate({ file: ref.file, enclosing: decl.parent }, stated, depth + 1));
    return found ? { classRef: found.classRef, how: RESOLVED_BY.returnedReceiver } : undefined;
  }

  /** Facts that all prove the same class, or nothing. */
  private agreeing(file: string, facts: MemberTypeFact[], depth: number): InstanceOf | undefined {
    let found: InstanceOf | undefined;
    for (const fact of facts) {
      if (!fact.type) return undefined;
      const instance = this.evaluate({ file, enclosing: fact.enclosing }, fact.type, depth + 1);
      if (!instance) return undefined;
      if (found && refKey(found.classRef) !== refKey(instance.classRef)) return undefined;
      found ??= instance;
    }
    return found;
  }

  /**
   * Of same-named types found alike (`Policy` in Policy.cs, `Policy<TResult>` in Policy.TResult.cs, each maybe partial),
   * the one declaring `count` type parameters (all its parts), or none.
   */
  private ofArity(candidates: DeclarationRef[], count: number): DeclarationRef | undefined {
    const decls = candidates.map((ref) => this.symbols.declaration(ref));
    if (decls.length === 0 || !decls.every((d) => INSTANCE_KINDS.has(d.kind) && d.name === decls[0].name)) return undefined;
    const fitting = candidates.filter((_, i) => (decls[i].typeParameters?.length ?? 0) === count);
    if (fitting.length === 1) return fitting[0];
    return fitting.length > 1 && this.symbols.onePartialType(fitting) ? this.symbols.mainPart(fitting) : undefined;
  }

  /**
   * The class or interface a type-position name means. Where a name can be a value and
   * a type at once (`const X` beside `interface X`): a type position means the type.
   */
  private typeSpace(target: Target | undefined): DeclarationRef | undefined {
    // A file that is a type (`wholeFile`), named through an import of it.
    if (target?.type === 'module') return this.symbols.wholeFileType(target.file);
    return target?.type === 'declaration' ? this.symbols.typeTwin(target.ref, INSTANCE_KINDS) : undefined;
  }

  private facts(file: FileExtraction, owner: number, name: string): MemberTypeFact[] {
    let index = this.factsByFile.get(file.path);
    if (!index) {
      index = new PairMap();
      for (const fact of file.memberTypes ?? []) {
        const list = index.get(fact.owner, fact.name);
        if (list) list.push(fact);
        else index.set(fact.owner, fact.name, [fact]);
      }
      this.factsByFile.set(file.path, index);
    }
    return index.get(owner, name) ?? [];
  }

  private memo(ref: DeclarationRef, what: string, compute: () => InstanceOf | undefined): InstanceOf | undefined {
    const key = `${refKey(ref)}\0${what}`;
    const known = this.declared.get(key);
    if (known !== undefined) return known ?? undefined;
    // A type stated in terms of itself (a cycle through broken or recursive code) proves nothing.
    if (this.inProgress.has(key)) return cut();
    this.inProgress.add(key);
    try {
      const found = compute();
      if (!mayKeep()) noteCut();
      this.declared.set(key, found ?? null);
      return found;
    } finally {
      this.inProgress.delete(key);
    }
  }
}

function refKey(ref: DeclarationRef): string {
  return `${ref.file}\0${ref.localId}`;
}

/** Which parameter of `decl` a function literal passed as `type.argument` fills (see the `callback-parameter` TypeRef). */
/**
 * A declaration as the call sees it: itself, or where it folds overload signatures (`overloadShapes`), each
 * signature that can take a function literal at argument `argument`, as the declaration would be with only it.
 */
function signatureShapes(decl: Declaration, argument: number): Declaration[] {
  if (!decl.overloadShapes) return [decl];
  return decl.overloadShapes
    .filter((shape) => (shape.rest || shape.arity > argument) && !shape.refusesFunction?.includes(shape.rest ? Math.min(argument, shape.arity - 1) : argument))
    .map(({ callbackParameters, callbackTypes, callbackRest }) => ({ ...decl, callbackParameters, callbackTypes, callbackRest }));
}

function callbackSlot(decl: Declaration, type: Extract<TypeRef, { kind: 'callback-parameter' }>): number | undefined {
  if (type.label !== undefined) {
    const slot = decl.parameterSlots?.findIndex((s) => s.label === type.label) ?? -1;
    return slot >= 0 ? slot : undefined;
  }
  // A variadic parameter takes every argument from its position on (C# `params Action<V>[] actions`).
  const last = (decl.parameterTypes?.length ?? 0) - 1;
  if (decl.variadic && last >= 0 && type.argument > last) return last;
  if (!type.skipsDefaults) return type.argument;
  const stated = decl.callbackParameters ?? [];
  const later: number[] = [];
  for (let i = type.argument; i < stated.length; i++) if (stated[i]) later.push(i);
  if (later.length === 1) return later[0];
  return later.length > 1 && decl.requiredParameters === undefined && stated[type.argument] ? type.argument : undefined;
}
