/**
 * What extraction produces for one file: a pure function of (path, content).
 *
 * Everything here is plain JSON-serialisable data, because it crosses a worker_threads
 * boundary and may be cached by content hash. Nothing here knows about other files:
 * linking names across files is the resolver's job (src/resolution).
 */
import type { Language, NodeKind } from './graph-vocabulary.js';

/** A position: lines 1-based, columns 0-based (as in the codegraph format). */
export interface Span {
  startLine: number;
  endLine: number;
  startColumn: number;
  endColumn: number;
}

/** One declaration in a file. Its index in `FileExtraction.declarations` is its local id. */
/** One overload signature of a declaration (`Declaration.overloadShapes`). */
export interface OverloadShape {
  /** How many parameters it has; `rest`: the last takes every later argument too. */
  arity: number;
  rest?: boolean;
  /** As `Declaration.callbackParameters`, `callbackTypes` and `callbackRest` say, for this signature alone. */
  callbackParameters?: Array<Array<TypeRef | null> | null>;
  callbackTypes?: Array<TypeRef | null>;
  callbackRest?: boolean;
  /** The parameters whose written type cannot take a function literal (`string`, a literal type, an array type). */
  refusesFunction?: number[];
}

export interface Declaration extends Span {
  kind: NodeKind;
  name: string;
  /** `Container::member` for members, the bare name for top-level declarations. */
  qualifiedName: string;
  /** Local id of the containing declaration (class for a method), or null for the file. */
  parent: number | null;
  signature?: string;
  docstring?: string;
  visibility?: 'public' | 'private' | 'protected' | 'internal';
  isExported?: boolean;
  /** Declared into the global scope from a file with a scope of its own (TypeScript `declare global { … }`): seen from every file. */
  declaresGlobal?: boolean;
  isAsync?: boolean;
  isStatic?: boolean;
  isAbstract?: boolean;
  decorators?: string[];
  typeParameters?: string[];
  /**
   * Per entry of `typeParameters`, its default where the declaration writes one (TypeScript `T extends Context =
   * Context<S>`), else null: what a reference writing no argument for it means.
   */
  typeParameterDefaults?: Array<TypeRef | null>;
  /**
   * Fields, properties, variables, constants: the type the code states for the value — an
   * annotation, or an initialiser that proves it (`x = Foo()`, `new Foo()`). Absent when unknown
   * or when the declaration is assigned values of different types.
   */
  valueType?: TypeRef;
  /**
   * Functions and methods: the declared return type, or — when none is declared — the one type
   * every `return` of the body proves (`return Foo()`, `return app` with `app = App()`).
   */
  returnType?: TypeRef;
  /**
   * Functions and methods with several results (Go `func f() (*T, U, error)`): each result's stated
   * type in order, null where none is proven; the first is also `returnType`.
   */
  resultTypes?: Array<TypeRef | null>;
  /**
   * Type definitions whose underlying type is a collection (Go `type Routes []Route`): that type,
   * so that a value of the defined type has elements.
   */
  underlyingType?: TypeRef;
  /**
   * Functions and methods that evaluate the block (function literal) passed to them with another
   * receiver (Ruby `obj.instance_eval(&block)`, a Kotlin `T.() -> Unit` parameter): that receiver's type.
   * Inside such a block, an implicit-self call means a member of it. Also a value stated to hold such a function
   * (Kotlin `val conversion: Converter<T> = { fail(…) }` with `typealias Converter<T> = Context.(String) -> T`): the
   * receiver its function literal is evaluated with.
   */
  blockSelf?: TypeRef;
  /**
   * Functions declared to return one of their own type parameters (`fun <T> make(): T`, `T?`): its index in
   * `typeParameters`. A call that writes its type arguments (`make<Foo>()`) gives a value of that argument.
   */
  returnsTypeParameter?: number;
  /**
   * A class whose one constructor takes this many parameters, none of them optional: a reference to it (Kotlin
   * `::Repo`) is a function of that many parameters (`NameBindingRules.calls.constructorReferences`).
   */
  constructorArity?: number;
  /**
   * An extension whose receiver type writes type arguments other than its own type variables (Kotlin
   * `fun List<CodeBlock>.joinToString()`): it applies only to values of those (`members.standardOutsideExtensions`).
   */
  extendsParameterized?: boolean;
  /** Generator functions: the one type every `yield` proves (what a pytest fixture hands out). */
  yieldType?: TypeRef;
  /**
   * A member declared outside its type's body: the type it belongs to, resolved globally (a Go
   * method's receiver type, a Rust `impl` target, C++ `Foo::bar`, a Swift/Kotlin extension).
   * Such a declaration's `parent` is where it is written (the file, a namespace).
   */
  memberOf?: TypeRef;
  /**
   * A member of an extension that holds only where the extended type's one type parameter is (or conforms to) a type
   * (Swift `extension KingfisherWrapper where Base: UIButton`): that type's name chain. Reached through a wrapper of a
   * known value (`button.kf.m()`), it is a member only where the value's type is that type or one of its bases.
   */
  memberWhere?: string[];
  /**
   * A member extension (Kotlin `fun KClass<*>.toSpec()` in a class or object body): the simple name of the type it
   * extends. It is called on a value of that type (or of a subtype) where the class's members are in scope — in the
   * class, its subclasses, or where the member is imported by name.
   */
  memberExtensionOf?: string;
  /**
   * An implicit conversion (Scala `implicit def toOps(p: Parser[T]): Ops`): the type whose values it converts to
   * its `returnType`. A member call on such a value that the value's class and bases do not declare may mean a
   * member of the result, when exactly one conversion's result declares it.
   */
  convertsFrom?: TypeRef;
  /**
   * A declaration that only gives another one a second name (Zig `const assert = std.debug.assert;`):
   * the name chain it stands for, read in the declaration's own scope. A call or a dotted name that
   * lands on it means what the chain names; when the chain leads outside the workspace, nothing here.
   */
  aliasOf?: string[];
  /**
   * A macro whose value only opens namespaces (C++ `#define FMT_BEGIN_NAMESPACE namespace fmt { inline namespace v11 {`):
   * the named ones, outermost first (inline and anonymous ones are transparent). See `openedByMacro`.
   */
  expandsToNamespace?: string[];
  /**
   * A namespace a macro opens (`FMT_BEGIN_NAMESPACE` … `FMT_END_NAMESPACE`), named by the macro: the file cannot see the
   * header that defines it. Where the language says so (`declarations.namespaceMacros`), it is the namespace the
   * workspace's definitions of that macro agree it expands to (`expandsToNamespace`), else transparent.
   */
  openedByMacro?: boolean;
  /**
   * A declaration that only gives a local declaration of the same file a second name (JavaScript `{ kill }` in an
   * object literal, of `function kill` declared in the function around it): that declaration's local id.
   */
  aliasOfLocal?: number;
  /**
   * A variable holding a function value computed elsewhere (JavaScript `var deprecate = require('depd')('app')`,
   * `const eachLimit = awaitify(eachOfLimit, 4)`): a call of it runs that value, never this declaration — it links
   * to what `heldCall` proves, else to nothing.
   */
  callsRunHeldValue?: boolean;
  /**
   * With `callsRunHeldValue`: the value is what a call returned — the callee's name chain and each argument's
   * (null where an argument is no plain name chain). When the callee is proven to return a transparent wrapper of
   * one of its parameters (`forwardsParameter`), a call of the variable runs the argument passed there; otherwise,
   * where the callee is a function of the workspace (a factory of functions) and `named`, the declaration is the
   * name that factory's product is given, and a call of it links here.
   */
  heldCall?: { callee: string[]; arguments: Array<string[] | null>; named?: boolean };
  /**
   * Functions whose every `return` gives a transparent wrapper of their parameter at this index — a function that
   * calls it with its own arguments (`awaitify(fn, arity)` returning `function awaitable(...args) { return
   * fn.apply(this, args) }`, `bind(fn, ctx)`) — or the parameter itself: calling the result runs that argument.
   */
  forwardsParameter?: number;
  /**
   * Functions whose every `return` gives the object of one local declaration of theirs, by its name
   * (`function queue(worker) { var q = { push(data) {…} }; return q; }`): a call's value has that declaration's members.
   */
  returnsLocal?: string;
  /**
   * Functions whose result is stated as an object type written in place (TypeScript `function setup(): { app: App;
   * context: Context }`): each member's stated type, by name. What `const { context } = setup()` and `setup().app` hold.
   */
  resultMembers?: Record<string, TypeRef>;
  /**
   * A type whose body is its whole file (Zig: a file is a struct; `const Self = @This();` at its top
   * level names it): its members are the file's top-level declarations, and a type position naming
   * the file (an import of it) means this type.
   */
  wholeFile?: boolean;
  /**
   * Functions and methods of languages with overloads: each parameter's type as the language
   * writes it for overload selection (Java: the erased simple name, `int`, `String`, `List`, `T[]`).
   * Its length is the arity; `variadic`: the last one takes any number of arguments.
   */
  parameterTypes?: string[];
  variadic?: boolean;
  /**
   * Functions and methods: the type their result is written as; fields and variables: the type they are written as;
   * enumerators: their enum's name — as `parameterTypes` entries are written (C++ `char*` for `const char *`,
   * `LargestInt`). What an argument reading or calling the declaration passes, for overload selection
   * (`ReferenceSite.argumentDeclaredRefs`). Absent where nothing is written (`auto`, `void`).
   */
  writtenType?: string;
  /**
   * Per parameter (as `parameterTypes` counts them), where its type is a function type, the types that
   * function's parameters state (C# `Action<Config>`, `Func<Config, bool>`: [Config]); null where a parameter is
   * no function type or states nothing. What a function literal passed there receives (`callback-parameter`).
   */
  callbackParameters?: Array<Array<TypeRef | null> | null>;
  /**
   * Per parameter (as `callbackParameters` counts them), where its type names a type declared elsewhere
   * (TypeScript `handler: Handler`, `...handlers: H[]`, `T` with `T extends Handler`): that type, or `any-of` the
   * types of a union. Where it resolves to a type stating `functionParameters`, a function literal passed there
   * receives those; null where a parameter names none. `callbackRest`: the last entry is a rest parameter,
   * filled by every later argument too.
   */
  callbackTypes?: Array<TypeRef | null>;
  callbackRest?: boolean;
  /**
   * The overload signatures folded into this one declaration (TypeScript `use(p: Plugin): this; use(f: (app:
   * App) => void): this; use(x) {…}`), in order: what each states for the function literals passed to it. A
   * literal's parameter is typed only where every signature that can take it there states the same type.
   */
  overloadShapes?: OverloadShape[];
  /**
   * A type that is a function type (TypeScript `type Handler = (c: Context, next: Next) => R`): the types its
   * parameters state, null where none. `functionTypes`: a type that is a union of named function types
   * (`type H = Handler | Middleware`): those types, which must all state the same.
   */
  functionParameters?: Array<TypeRef | null>;
  functionTypes?: TypeRef[];
  /**
   * An interface stating no call signature and extending nothing (TypeScript `interface MiddlewareObject {
   * handleRequest(…): … }`): no function is one, so in a union of function types (`Middleware | MiddlewareObject`)
   * it types no function literal.
   */
  uncallable?: boolean;
  /**
   * Per parameter (as `parameterTypes` counts them), where arguments may name their parameter: the name an
   * argument is written with (Swift's argument label; absent: passed by position) and the type the parameter
   * states (null: none that names a declaration). What an `argument` TypeRef reads.
   */
  parameterSlots?: Array<{ label?: string; type: TypeRef | null }>;
  /**
   * With parameters that have default values (C# `int width = 80`, Kotlin, Python): how many
   * arguments a call must pass at least; a call may pass any number up to `parameterTypes.length`.
   * Absent: every parameter is required.
   */
  requiredParameters?: number;
  /** Every parameter's name, where calls may name their arguments (`f(x = 1)`): an overload without a parameter so named cannot take it. */
  parameterNames?: string[];
  /** With `parameterNames`: the index there of a parameter taking any number of arguments (Kotlin `vararg`, wherever it stands). */
  varargParameter?: number;
  /**
   * An overload the language ranks below every other that may apply (Swift `@_disfavoredOverload`): overload
   * selection never picks it while another remains possible.
   */
  rankedLast?: boolean;
  /**
   * The declaration is compiled only when a build opts in (Rust `#[cfg(loom)]`, a flag no default
   * build sets): the condition as written. Of members that fit a call equally, the one of the default
   * build is meant when it is the only one.
   */
  buildVariant?: string;
  /**
   * The compile-time conditions in force where the declaration is written (Swift `#if os(macOS)`), each `c` where it
   * holds and `!c` where it does not (an `#else` branch). A site under conditions one of which this negates never means it.
   */
  buildConditions?: string[];
  /**
   * One part of a type declared in several places (C# `partial class`): the resolver joins the parts
   * of one qualified name in one package — their members, bases and name are the type's.
   */
  partial?: boolean;
  /**
   * A declaration whose definition is written elsewhere (a C/C++ prototype `int f(int);`, an `extern`
   * variable, a method declared in its class and defined out of line): a reference that lands on it
   * links to that definition where the workspace has exactly one, else to this declaration.
   */
  definedElsewhere?: boolean;
  /**
   * A member callable only on a temporary (C++ `T&& value() &&` beside `T const& value() const&`): a call through a
   * named value (a receiver written as a chain of names, or none) never means it while another overload remains.
   */
  temporaryReceiverOnly?: boolean;
  /**
   * A member callable on a read-only receiver (C++ `size() const`), whose body's own receiver is read-only. Beside an
   * overload of the same parameters without it, a call through a receiver proven read-only means this one, through one
   * proven writable the other (`ReferenceSite.receiverReadOnly`).
   */
  readOnlyReceiver?: boolean;
}

/**
 * A type as the code states it, resolved in the global pass (for receiver types). Names are
 * looked up where the type is written: the file, and for a site's receiver the scope it sits in.
 *  - `named`: a type in a type position: `x: Foo`, `-> lib.Foo`, `Optional[Foo]` → Foo.
 *  - `call`: the value of calling a name chain: an instance when the chain lands on a class
 *    (`Foo()`, `new Foo()`: `construct`), otherwise what the called function declares it returns.
 *  - `member-call`: the value of calling method `name` on a value of type `of`
 *    (`lib.Request(...).prepare()`).
 * `awaited`: the call's result is awaited (an async function's declared result is then the value).
 * `result`: which of several results the value is (Go `c, r := f()`: 1 for `r`; see `resultTypes`); absent: the first.
 * `block` (on `call` and `member-call`): not the call's result but the object the callee evaluates the
 * block passed to it in (its `blockSelf`).
 * `arity` (on a `construct` call): how many type arguments the constructed type writes (`new Box()`: 0), which tells a
 * generic type from one without type parameters of the same name (`declarations.genericTwins`).
 * `typeArguments` (on `call` and `member-call`): the type arguments the call writes (`make<Foo>()`: Foo), the
 * result of a callee declared to return one of its type parameters (`returnsTypeParameter`); null: not a class.
 */
export type TypeRef =
  /** `typeArguments`: how many the type writes, where a generic type and one without may share a name (`declarations.genericTwins`). */
  /**
   * `typeArgumentRefs`: the type arguments written (`Middleware<S, Context<S>>`), kept where a function literal's
   * parameters may be the generic type's own type parameters (`Declaration.typeParameterDefaults`); a `type-parameter`
   * entry names one of the enclosing generic type's own, null one that proves nothing.
   */
  | { kind: 'named'; chain: string[]; typeArguments?: number; typeArgumentRefs?: Array<TypeRef | null> }
  /** The receiver's own type, as a method's result (TypeScript `this`, a fluent builder): the class it was called on. */
  | { kind: 'self' }
  /**
   * `arguments`: what the call passes, written as the language writes argument types for overload selection (Swift
   * `label:?`): overloads those rule out (`NameBindingRules.argumentFits`, the arity) are not what it calls, and their
   * results are not weighed.
   */
  /** `localCallee`: the callee is the file's declaration of that local id, found by its scope (a function declared in a function body). */
  | { kind: 'call'; callee: string[]; construct?: boolean; awaited?: boolean; result?: number; block?: boolean; typeArguments?: Array<TypeRef | null>; arity?: number; arguments?: string[]; localCallee?: number }
  | { kind: 'member-call'; of: TypeRef; name: string; awaited?: boolean; result?: number; block?: boolean; typeArguments?: Array<TypeRef | null>; arguments?: string[] }
  /** A value a test framework passes in by parameter name (a pytest fixture): see `NameBindingRules.injectionSources`. */
  | { kind: 'injected'; name: string }
  /** The value a name chain holds, whatever it was proven to be (Go `b := Query`, `e := pkg.DefaultEngine`). */
  | { kind: 'value'; chain: string[] }
  /** The value read from fields `path` of a value of type `of` (Go `r := e.router` with `e` a typed local, `f().a`). */
  | { kind: 'field'; of: TypeRef; path: string[] }
  /**
   * A collection type as a type position writes it: a slice or array of `element`, a map from `key`
   * to `element`, a channel (`channel`) of `element` (Go `[]*Route`, `map[string]*Node`, `chan Job`).
   * It is no instance of anything: only its elements are (see `element`). `named`: the collection type's own
   * name where the code writes one (C# `IEnumerable<Foo>`: ['IEnumerable']), which members declared for that
   * type outside the workspace (`members.extendsOutsideTypes`) extend.
   */
  | { kind: 'collection'; element?: TypeRef; key?: TypeRef; channel?: boolean; named?: string[] }
  /**
   * One element of the collection value `of` holds (Go `xs[i]`, `m[k]`, the second variable of
   * `range xs`); `first`: the first variable of a `range` — a map's key, a channel's element, and
   * nothing for a slice (its index). `pairs`: iterating it (C# `foreach`, LINQ): a keyed collection (a dictionary)
   * yields key-value pairs there, no element; read by key (`m[k]`) it gives its element. `pairHalf`: one half of such a
   * pair (C++ `kv.second`, `it->first` of a map's iteration): its key or its element; nothing for a collection without keys.
   */
  | { kind: 'element'; of: TypeRef; first?: boolean; pairs?: boolean; pairHalf?: 'key' | 'value' }
  /** A function value whose (first) result is `returns` (Go `make := func() *T { … }`): calling the local gives it. */
  | { kind: 'function'; returns: TypeRef }
  /**
   * Parameter `parameter` of a function literal passed as argument `argument` of the call `of` (a `call` or
   * `member-call`): what the callee's parameter there states its callbacks receive (C# `Configure(c => c.M())`
   * with `void Configure(Action<Config> a)`: a Config; see `Declaration.callbackParameters`).
   * `skipsDefaults`: arguments before it may have left parameters with default values out, and a function literal
   * written after the call's parentheses (Swift's trailing closure) fills a later parameter: it is the callee's one
   * parameter at or after `argument` whose type is a function type (a stated `callbackParameters` entry); with
   * several such parameters, the one at `argument` when the callee has no default values, otherwise none.
   * `label`: the literal is passed by that name (Dart `onRequest: (o, h) { … }`): it fills the parameter whose
   * `parameterSlots` entry has that label, wherever it stands.
   */
  | { kind: 'callback-parameter'; of: TypeRef; argument: number; parameter: number; skipsDefaults?: boolean; label?: string }
  /**
   * Parameter `parameter` of a function whose type is the named function type `of` states, where the code gives
   * it that type rather than passing it to a call (TypeScript `const h: Handler = (c) => …`, a function literal
   * returned where the result is annotated `: MiddlewareHandler`): what that type states for the parameter
   * (`Declaration.functionParameters`), every member of a union agreeing.
   */
  | { kind: 'function-parameter'; of: TypeRef; parameter: number }
  /**
   * The type the callee of the call `of` (a `call` or `member-call`) states for the parameter argument `argument`
   * fills: the one named `label` (Swift's argument label), or with no label the one at that position (see
   * `Declaration.parameterSlots`). What a value written with its type left out is a member of (Swift `f(.collected(x))`);
   * `member`: the member it names, which picks among overloads stating different types the one whose type declares it.
   */
  | { kind: 'argument'; of: TypeRef; argument: number; label?: string; member?: string }
  /**
   * Readings of one value that cannot both apply to it (C# `xs.First()`: a method of a workspace class, or, where
   * xs is a framework collection, one of its elements): the class those that prove one agree on; disagreeing, none.
   */
  /**
   * `common`: one value of either type (Swift `a ?? b`): where they disagree, the class every other one's is a subclass of
   * (or conforms to) — a protocol and a class conforming to it are the protocol.
   */
  | { kind: 'any-of'; of: TypeRef[]; common?: boolean }
  /**
   * Type parameter `name` of the class a member is declared in (C# `Func<T, R>` in `class AbstractValidator<T>`):
   * what a subclass's heritage clause binds it to (`: AbstractValidator<Customer>`, `ReferenceSite.typeArgumentRefs`).
   */
  | { kind: 'type-parameter'; name: string }
  /**
   * The receiver of the function type that the type alias `alias` names (Kotlin `typealias ModuleDeclaration =
   * Module.() -> Unit`: a Module; the alias declaration's `blockSelf`); nothing where `alias` is no such alias.
   */
  | { kind: 'alias-receiver'; alias: Extract<TypeRef, { kind: 'named' }> }
  /**
   * A block run with a value as its self by a function outside the workspace (Kotlin `x.apply { }`, `with(x) { }`):
   * that value. In `ReferenceSite.blockSelf` it is a block receiver proven without a callee.
   */
  | { kind: 'block-value'; of: TypeRef };

/**
 * An assignment to an attribute of the instance inside a method: `self.client = Client()`,
 * `this.client = new Client()`. `type` is null when the assigned value proves no type; the
 * resolver trusts an attribute's type only when every assignment agrees.
 */
export interface MemberTypeFact {
  /** Local id of the class whose instance attribute is assigned. */
  owner: number;
  name: string;
  type: TypeRef | null;
  /** Local id of the function the assignment sits in (its names are looked up there). */
  enclosing: number | null;
}

/**
 * One name an import statement binds in this file.
 *  - `import { a as b } from 'm'`   → { local: 'b', imported: 'a' }
 *  - `import d from 'm'`            → { local: 'd', imported: 'default' }
 *  - `import * as ns from 'm'`      → { local: 'ns', imported: '*' }
 *  - `const { a: b } = require('m')`→ { local: 'b', imported: 'a' }
 *  - `const m = require('m')`       → { local: 'm', imported: '*' }
 *  - Python `from m import a as b`  → { local: 'b', imported: 'a' }
 *  - Python `import a.b as c`       → { local: 'c', imported: '*' }   (module object)
 *  - Python `import a.b`            → { local: 'a', imported: '*', modulePath: 'a' } — binds the top package
 */
export interface ImportBinding {
  local: string;
  imported: string;
  /**
   * Python only: `import a.b.c` binds `a` but makes `a.b.c` reachable. When set, `local`
   * refers to this (possibly shorter) module path rather than the full specifier.
   */
  modulePath?: string;
}

export interface ImportStatement {
  /** Local id of the `import` declaration node for this statement. */
  declaration: number;
  /** The module specifier exactly as written (`./util`, `..models`, `os.path`, `lodash`). */
  specifier: string;
  bindings: ImportBinding[];
  /** `import type`, or a type-only binding list: still an import edge, never a call target. */
  typeOnly?: boolean;
  /** A side-effect import (`import './polyfill'`, `require('x')` with no binding). */
  sideEffectOnly?: boolean;
  /**
   * The specifier names a namespace, not a module (C++ `using ns::name;`, `using namespace ns;`): its
   * bindings are that namespace's members, in whichever files it is written.
   */
  namespaceImport?: boolean;
  /** Names a wildcard binding of this statement does not bind (Dart `import 'a.dart' hide x;`). */
  hides?: string[];
  /**
   * The statement imports the members of what its specifier names, read as a dotted name where the
   * statement is written (Scala `import a.b.Obj._`, `import obj._`: an object's members, or those of a
   * value's class), when that is an object or a value rather than a package: the
   * `member-wildcard-imports` lookup step.
   */
  importsMembers?: boolean;
  /**
   * The last line where the statement is in force, when it is written in a block narrower than its declaration
   * (Scala `"case" in { import a.b._; … }` inside a class body): sites of the declaration after it do not see it.
   */
  inForceUntil?: number;
  line: number;
  column: number;
}

/**
 * What a module makes visible to importers beyond its own exported declarations
 * (which carry `isExported`).
 *  - `export { a as b }`            → { specifier: null, names: [{ exported: 'b', local: 'a' }] }
 *  - `export { a as b } from 'm'`   → { specifier: 'm',  names: [{ exported: 'b', local: 'a' }] }
 *  - `export * from 'm'`            → { specifier: 'm',  names: '*' }
 *  - `export * as ns from 'm'`      → { specifier: 'm',  names: [{ exported: 'ns', local: '*' }] }
 *  - `export default foo`           → { specifier: null, names: [{ exported: 'default', local: 'foo' }] }
 *  - `module.exports = { a, b: c }` → { specifier: null, names: [{exported:'a',local:'a'},{exported:'b',local:'c'}] }
 *  - Python `__all__` is not modelled: every module-level name and import binding is visible.
 */
export interface ExportStatement {
  specifier: string | null;
  names: '*' | Array<{ exported: string; local: string }>;
  /** Names a wildcard re-export leaves out (Dart `export 'a.dart' hide x;`). */
  hides?: string[];
  line: number;
}

/** `references`: a function or method named without being called (a Java method reference `Foo::bar`). */
export type ReferenceKind = 'calls' | 'instantiates' | 'extends' | 'implements' | 'references';

/**
 * A site that refers to something by name: a call `f()`, `a.b.f()`, `new C()`, or a heritage
 * clause `extends B` / `implements I`.
 */
export interface ReferenceSite {
  kind: ReferenceKind;
  /** The compile-time conditions in force where the site is written (see `Declaration.buildConditions`). */
  buildConditions?: string[];
  /** The called / referenced name: `f` for `f()`, `a.b.f()` and `new f()`. */
  name: string;
  /**
   * The qualifier chain before the name, when it is a plain chain of identifiers:
   * `a.b.f()` → ['a', 'b']; `this.m()` → ['this']; `self.m()` → ['self']; `super.m()` → ['super'].
   * Empty for a bare call. Undefined when the receiver is any other expression
   * (`foo().bar()`, `arr[0].x()`): such a site is never linked by name.
   */
  receiver?: string[];
  /**
   * Type arguments written on the receiver's last name (C++ `get_idx<std::size_t>::get()`: `<std::size_t>`), as
   * `NameBindingRules.specializationMatch` compares them with a specialization's: the member is that specialization's.
   */
  receiverArguments?: string;
  /** Type arguments written on the name itself (`new View<int[3]>`, `Box<int>(x)`): where it names a class, the same. */
  nameArguments?: string;
  /** The receiver is proven read-only (true: `const App& app`) or writable (false: `App* app`); absent: unknown. */
  receiverReadOnly?: boolean;
  /** Local id of the innermost enclosing function/method/class-field initialiser, or null for file level. */
  enclosing: number | null;
  /**
   * On an `extends`/`implements` site written apart from its type's declaration (Swift `extension QuickSpec: SyncDSLUser {}`
   * in a file that does not declare QuickSpec): the type it gives that base, as the file names it. The base counts for
   * that type wherever it is declared; a site whose type the workspace does not declare (`extension String: P`) links nothing.
   */
  heritageOf?: TypeRef;
  /**
   * On an `extends` site: the base passes on only some of its members (TypeScript `Omit<Base, 'a' | 'b'>`,
   * `Pick<Base, keyof T>`): `only` those or all `except` those, the `names` written or the members of the type
   * `keysOf` names; `unknownKeys` where the keys are written otherwise (any member may be the one left out).
   */
  memberSubset?: { keep: 'only' | 'except'; names?: string[]; keysOf?: string; unknownKeys?: boolean };
  /**
   * The bare name (or, with a receiver, its first identifier) is bound in an enclosing local scope:
   * a parameter, a local variable, a catch/loop binding, or a local function. A bound name never
   * resolves by workspace-wide name or through file-level imports.
   */
  locallyBound?: boolean;
  /** When `locallyBound` because of a local function/class declaration that was extracted: its local id. */
  localTarget?: number;
  /** With a receiver whose first name is a local class or function declaration (`Local.create()`): its local id. */
  headTarget?: number;
  /**
   * The receiver's type when the code proves it: `x.m()` with `x` a typed parameter or a local
   * initialised by `Foo()`, or a receiver that is itself a call (`Foo().m()`, `make().m()`).
   * `path` lists the member names between that value and the called name (`x.a.m()` → ['a']).
   */
  typedReceiver?: { type: TypeRef; path: string[] };
  /**
   * An implicit-receiver (or `self`) call inside blocks (function literals) passed to calls whose
   * callee may evaluate its block with another receiver: the `block` TypeRef of each enclosing block's
   * call, innermost first. The first that evaluates (a callee proven to state a `blockSelf`) is the
   * site's receiver, and nothing else is; where none does, the site resolves as written.
   */
  blockSelf?: TypeRef[];
  /**
   * With `blockSelf`: the site is a call on a chain of names (`context.localization.f()`), not an implicit-receiver call;
   * the chain's head may be a property of one of those receivers (`members.blockReceiversFallBack`).
   */
  blockSelfChain?: boolean;
  /**
   * The site runs inside a test framework's example (RSpec `it` / `describe` / hook blocks), whose
   * context has the modules the workspace's configuration mixes in (`ModuleFacts.ambientMixins`).
   */
  inExample?: boolean;
  /**
   * A heritage the language implies rather than the code writes (Ruby: a `Minitest::Test` subclass includes
   * `Minitest::Assertions`): an edge where it lands on a workspace declaration, no `unresolved_refs` row where not.
   */
  implied?: boolean;
  /**
   * The receiver chain is written from the top level (Ruby `::URI.join`, `::Rack::Utils.escape`): its first name
   * is looked up at file level and among the workspace's top-level declarations, never in the classes around.
   */
  rootedReceiver?: boolean;
  /**
   * Calls in languages with overloads: one entry per argument, the type the code proves it has
   * (as `parameterTypes` write types), or null when unknown. Absent: arity is not stated.
   */
  argumentTypes?: Array<string | null>;
  /**
   * Per argument, the parameter name it is written with (`f(x = 1)`), null for one passed by position. Absent: none is named.
   * An overload declaring no parameter of a written name (`Declaration.parameterNames`) cannot take the call.
   */
  argumentNames?: Array<string | null>;
  /** The last argument is a block written after the call (Kotlin `f(a) { }`): it goes to the last parameter. */
  trailingBlock?: boolean;
  /** The call is written under `await` (Swift `try await app.test(…)`): where the language says so, an async overload is meant (NameBindingRules.awaitSelectsAsync). */
  awaited?: boolean;
  /**
   * Per argument, the type its expression is stated to have, for the resolver to evaluate to a class
   * (a call's declared result `f(make())`, a local's declared type); null where none is. Absent: none stated.
   */
  argumentTypeRefs?: Array<TypeRef | null>;
  /**
   * Per argument whose type the extraction does not see (a call's result `f(doc.ErrorID())`, a field `f(value_.int_)`, an
   * enumerator `f(XML_SUCCESS)`): the value, for the resolver to find the declaration it calls or reads and weigh the
   * argument by that declaration's `writtenType`; null elsewhere. Absent: none stated.
   */
  argumentDeclaredRefs?: Array<TypeRef | null>;
  /**
   * `type`: the site names a type (an interface's `extends`, `implements`): it links only to a
   * declaration that is a type. Where a language lets a value and a type share a name (TypeScript's
   * `const X` beside `interface X`), the type is meant. Absent: a value position.
   */
  space?: 'type';
  /**
   * How many type arguments the site writes at the type it names (C# `new Box<int>()`: 1, `new Box()`: 0), where
   * a generic type and a type without type parameters may share a name (`declarations.genericTwins`); on a call,
   * how many the call writes at the method (`Query<Row>(…)`: 1; only overloads declaring as many type parameters
   * fit). Absent: not stated.
   */
  typeArguments?: number;
  /**
   * On a heritage site, the type arguments it writes (C# `: AbstractValidator<Customer>`: Customer; one of the
   * declaring class's own type parameters as a `type-parameter`; null: no class), which bind the base's type parameters.
   */
  typeArgumentRefs?: Array<TypeRef | null>;
  /**
   * An `instantiates` site that makes an anonymous subclass of the type it names (Scala `new Decoder[A] { … }`):
   * the type may be a trait or an interface, which a plain construction could not make.
   */
  anonymousSubclass?: boolean;
  line: number;
  column: number;
}

export interface ExtractionError {
  message: string;
  line?: number;
  column?: number;
  severity: 'error' | 'warning';
  code?: string;
}

/**
 * Codes of the errors that mean a file was not extracted at all (its parse or its extractor failed):
 * the graph keeps only its file node. Such a failure may be the machine's state (a grammar that
 * would not load, memory), not the file's, so its result is never cached.
 */
export const EXTRACTION_FAILURE_CODES: ReadonlySet<string> = new Set(['parse-failed', 'extraction-failed']);

/** Code of the error that lists the declarations a file lost to its syntax errors (`FileExtraction.declarationsLost`). */
export const DECLARATIONS_LOST = 'declarations-lost';
/** Code of the warning for a file with syntax errors whose losses could not be counted. */
export const LOSSES_UNCHECKED = 'declarations-unchecked';

/** The error that kept a file from being extracted, if one did. */
export function extractionFailure(extraction: Pick<FileExtraction, 'errors'>): ExtractionError | undefined {
  return extraction.errors.find((e) => e.code !== undefined && EXTRACTION_FAILURE_CODES.has(e.code));
}

export interface FileExtraction {
  /** Path relative to the project root, forward slashes. */
  path: string;
  language: Language;
  /** Number of lines in the file (the file node's end_line). */
  lineCount: number;
  declarations: Declaration[];
  imports: ImportStatement[];
  exports: ExportStatement[];
  references: ReferenceSite[];
  /** Instance attribute assignments inside methods (receiver types of `self.x.m()`). */
  memberTypes?: MemberTypeFact[];
  /**
   * The names a wildcard import of this module binds, when the module lists them (Python
   * `__all__`); 'dynamic' when it computes the list, so no name can be relied on. Absent: the
   * language's rule decides (`NameBindingRules.hiddenFromStarImport`).
   */
  starExports?: string[] | 'dynamic';
  /**
   * The file is compiled only when a build opts in (Go `//go:build nomsgpack`): the constraint as
   * written. Where it and a file of the default build declare the same package-level name, the
   * default file's declaration is meant.
   */
  buildVariant?: string;
  /** What the file says about the module it is and the modules it declares (absent: nothing). */
  module?: ModuleFacts;
  /** Syntax errors: the rest of the file is still extracted. */
  errors: ExtractionError[];
  /**
   * With syntax errors: how many declarations of the file are not in `declarations` because of them
   * (src/extraction/lost-declarations.ts). Absent: none, or (with a `declarations-unchecked` warning) unknown.
   */
  declarationsLost?: number;
  /**
   * With syntax errors: the names written in the regions the parser could not read (the tokens an
   * ERROR node holds outside any structure the extractor read). Only these can hide a declaration of
   * the file, so only these are kept from the workspace-wide name rule. Absent: any name can (the
   * language does not list them), and a file with errors gets no name-only link.
   */
  namesInSyntaxErrors?: string[];
}

/**
 * What a file's syntax says about the module it is and the modules it declares, for resolution to
 * place the file (which package it is in, which library it is part of) without reading it again.
 * One vocabulary for every language; a field is absent when the file states nothing of it.
 */
export interface ModuleFacts {
  /**
   * The packages or namespaces the file declares its code in, in source order, each by its full
   * name as the language writes it (dots or backslashes, no white space) and the line its clause
   * starts on: a Go, Java or Kotlin package clause; Scala's leading chained clauses (`package a.b`
   * then `package c`: `a.b`, `a.b.c`); every C# namespace, a nested one by its full name; every PHP
   * namespace ('' for a `namespace { … }` block of the global namespace).
   */
  packages?: Array<{ name: string; line: number }>;
  /** The name the file gives itself as a library (Dart `library a.b;`). */
  library?: string;
  /** The files the file includes as its parts, as written (Dart `part 'a_part.dart';`). */
  parts?: string[];
  /** The library the file is a part of: by file (`part of 'lib.dart';`) or by library name (`part of a.b;`). */
  partOf?: { uri: string } | { library: string };
  /**
   * The modules the file declares, at any depth, in no particular order (Rust `mod m;` and inline
   * `mod m { … }`, also those an item-level macro writes: `cfg_if! { mod unix; }`); `macroUse`:
   * written `#[macro_use]`, so its macros stay in scope after it.
   */
  submodules?: Array<{ name: string; inline?: boolean; macroUse?: boolean }>;
  /**
   * Modules the file mixes into every context of a test framework's examples, by their constant
   * chains as written (RSpec `config.include Helpers` in `RSpec.configure`): a bare call in an example
   * (`ReferenceSite.inExample`) of a file under `folder` (a path prefix, '' for every file) may mean one
   * of their methods.
   */
  ambientMixins?: { folder: string; modules: string[][] };
  /** Wildcard imports the file makes for every file of its project (C# `global using A.B;`). */
  projectImports?: string[];
  /**
   * The names the file declares at its top level, which an import of its package may name (Kotlin:
   * classes, objects, functions, properties, type aliases — also where the grammar misread the
   * declaration as an expression, `@Target(FUNCTION) public annotation class FromJson`).
   */
  declaredNames?: string[];
}

/** Per-language extractor: pure, synchronous, given an already-parsed tree. */
export type { Language };
