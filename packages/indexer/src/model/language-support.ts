/**
 * The contract every language folder under src/languages/<name>/ fulfils.
 *
 * A language is two things: an extractor (runs in a worker, pure function of the parsed
 * file) and an import resolver (runs once on the main thread during the global resolution
 * pass, knowing every indexed path).
 */
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import type { Declaration, FileExtraction, TypeRef } from './extraction.js';
import type { Language } from './graph-vocabulary.js';

export interface ExtractInput {
  /** Path relative to the project root, forward slashes. */
  path: string;
  language: Language;
  source: string;
  tree: Tree;
}

export interface LanguageExtractor {
  extract(input: ExtractInput): FileExtraction;
}

/** What an import resolver may know about the workspace. */
export interface WorkspaceView {
  /** Absolute path of the project root. */
  root: string;
  /** Every indexed file, relative, forward slashes. */
  files: ReadonlySet<string>;
  /**
   * Read a (small, text) manifest or configuration file relative to the root (`go.mod`, `Cargo.toml`,
   * a tsconfig); undefined when absent or unreadable. Cached. Never a source file: what a source file
   * says is in its extraction.
   */
  readText(relativePath: string): string | undefined;
  /** What extraction recorded for an indexed file (its declarations, its module facts); undefined for any other path. */
  extraction(relativePath: string): FileExtraction | undefined;
}

/**
 * How a language's imports land on the workspace, for one workspace: grouped by concern. Every group
 * but `specifiers` is optional (absent: the language has nothing of that kind).
 */
export interface ImportResolver {
  /** Where specifiers, and module names no import binds, land. */
  specifiers: SpecifierResolution;
  /** Languages whose modules are sets of files (a Go package, a Java package, a C# namespace). */
  packages?: PackageResolution;
  /** Modules inside modules (Python packages, Rust `mod`). */
  submodules?: SubmoduleResolution;
  /** What an import binds beyond the names it writes. */
  bindings?: ImportBindingRules;
  /** Which build variants (`FileExtraction.buildVariant`) the project's build compiles, where its build definition says. */
  builds?: BuildVariantResolution;
  /**
   * Names that are provided by the language runtime (`print`, `len`, `setTimeout`, `parseInt`):
   * a bare call to one is never linked by workspace-wide name.
   */
  isBuiltin(name: string): boolean;
}

export interface SpecifierResolution {
  /**
   * The indexed file a module specifier lands on, or null when it lands on no indexed file
   * (an external package, a missing file, a builtin module).
   */
  resolveModule(fromFile: string, specifier: string): string | null;
  /**
   * A specifier that names a module declared inside a file rather than a file of its own (Rust's
   * inline `mod m { … }`): that file and the names of the nested modules, outermost first; null when
   * no indexed file starts the path. Asked only when `resolveModule` finds no file.
   */
  resolveNestedModule?(fromFile: string, specifier: string): { file: string; modules: string[] } | null;
  /**
   * The indexed file a name every file of the language sees as a module without importing it stands
   * for, seen from `fromFile` (Rust: `crate`, `super`, and the crates of the workspace by their
   * names), or null. Asked only when nothing in scope binds the name.
   */
  implicitModule?(fromFile: string, name: string): string | null;
}

export interface PackageResolution {
  /**
   * The package a file belongs to, as a key, or null. Files of one package see each other's
   * top-level declarations without an import.
   */
  packageOf(file: string): string | null;
  /** The package (a `packageOf` key) a specifier lands on, when it names a package rather than a file. */
  importedPackage?(fromFile: string, specifier: string): string | null;
  /**
   * Whether a top-level declaration of `file` is visible by its bare name in the other files of its
   * package (`packageOf`) without an import. Absent: every one is (Go, Java). Rust: only the macros
   * of a module declared `#[macro_use]`, which are textually scoped into the modules after it, and a
   * module's macros in the modules it declares after them. `from`, when known, is the file that looks
   * the name up.
   */
  visibleInPackage?(file: string, declaration: Declaration, from?: string): boolean;
  /**
   * Packages whose declarations a file sees without an import, after its own package and before its
   * imports, nearest first: the first that declares a name wins (C#: the namespaces enclosing the
   * file's namespace, `A.B` and `A` for `A.B.C`, then the global namespace).
   */
  enclosingPackages?(file: string): readonly string[];
  /**
   * Wildcard imports a file has without writing them, as specifiers (C# `global using A.B;` in any
   * file of its project): looked up with the file's own wildcard imports.
   */
  implicitImports?(file: string): readonly string[];
  /**
   * Languages whose fully qualified names bind without an import wherever they are written (PHP
   * `\App\Models\User`): the package (a `packageOf` key) a name the extractor wrote for such a
   * qualifier denotes, or null. Only names no identifier can be are asked (the extractor's own spelling), or, in a
   * language whose package names nest, a package name relative to the packages `fromFile` is written in.
   */
  qualifiedPackage?(name: string, fromFile: string): string | null;
  /**
   * Languages whose package names nest (Scala `io.circe` below `io`): the package (a `packageOf` key) that
   * `name` written after package `key` continues into, or null. A package with no file of its own (`io`) is
   * then still walked by a qualified name (`io.circe.Json`). Absent: a package with no file is external.
   */
  subpackage?(key: string, name: string): string | null;
  /**
   * Where a bare call that no scope, import or package of `file` binds is looked up next, as a
   * `packageOf` key (PHP: an unqualified function call in a namespace falls back to the global
   * namespace). null or absent: nowhere.
   */
  fallbackPackage?(file: string): string | null;
  /** The imports of any file of a package bind in all its files (Dart: a part file uses its library's imports). */
  importsSharedByPackage?: boolean;
}

export interface SubmoduleResolution {
  /** The specifier that names submodule `name` of the module in `moduleFile`, if the language has them. */
  submoduleSpecifier?(moduleFile: string, name: string): string | null;
  /**
   * The indexed file of submodule `name` of the package `specifier` names, seen from `fromFile`
   * (Python `from ns import tool` where `ns` is a namespace package with no file of its own).
   */
  resolveSubmodule?(fromFile: string, specifier: string, name: string): string | null;
}

export interface BuildVariantResolution {
  /** Whether the default build compiles `file`, declared for build variant `variant` (Scala: the default version's folder): then it is no variant. */
  compiledByDefault(file: string, variant: string): boolean;
  /** Whether one build compiles both files: when not, a site of `fromFile` cannot mean a declaration of `toFile`. */
  compiledTogether(fromFile: string, toFile: string): boolean;
}

export interface ImportBindingRules {
  /**
   * Python: every module-level import binding is an attribute of the module (so `from pkg import x`
   * finds names that `pkg/__init__.py` imported), and `pkg.sub` is reachable from a package as a submodule.
   */
  importsAreVisibleAttributes?: boolean;
  /**
   * A wildcard import (Dart `import 'a.dart';`) binds every name the imported module exports, in
   * the importing file only (not re-exported, unlike `importsAreVisibleAttributes`); two imports
   * binding one name is a compile error, so the one indexed module that exports a name is meant
   * even beside wildcard imports of unindexed modules.
   */
  wildcardImportsBindExports?: boolean;
  /**
   * An import written in a class body binds in that body and everything inside it (Scala `object O { import
   * a.b.C; … }`). Absent: a class body's imports bind nothing its methods see (Python).
   */
  classBodyImports?: boolean;
  /**
   * A wildcard import of a package written inside a declaration binds the package's names there (Scala `def f = {
   * import a.b._; … }`), after the file's own bindings as a file-level one does. Absent: only file-level wildcards bind.
   */
  scopedWildcardImports?: boolean;
  /**
   * A constant may hold a type, and a type position may name it (Zig `const Map = HashMap(u8);` then
   * `m: Map`): the type is what the constant's value, a type function's call, returns.
   */
  constantsHoldTypes?: boolean;
}

export interface ImportResolverFactory {
  (workspace: WorkspaceView): ImportResolver;
}

/**
 * The places a bare name may be bound, each implemented once in resolution/lookup-steps/ and listed
 * in a language's `NameBindingRules.lookup` in the order it looks there.
 */
export type LookupStep =
  /** A member of the enclosing class or a proven base, then of classes further out (an implied `this`). */
  | 'class-members'
  /** An import written inside an enclosing function or block (a class body does not enclose its methods). */
  | 'scoped-imports'
  /** A member of an enclosing namespace or module, innermost first (and of its other files' blocks where namespaces span files). */
  | 'enclosing-namespaces'
  /** A constant of an enclosing open class or module, in any of its reopenings, innermost first. */
  | 'reopened-scopes'
  /** A declaration (no field) of an enclosing struct, enum or union, innermost first: containers that are namespaces to what they nest (Zig). */
  | 'enclosing-containers'
  /** A type nested in an enclosing class, or in the class an out-of-line member belongs to, innermost first (C++). */
  | 'enclosing-class-types'
  /** A type nested in a class around the name, declared in any part of it (C# `partial class` parts in other files), innermost first. */
  | 'enclosing-partial-types'
  /** A class declared in an enclosing function's body, innermost function first (Kotlin local classes). */
  | 'function-local-types'
  /** A top-level declaration or import of the file (module-scope.ts), or a name its wildcard imports bind. */
  | 'module-scope'
  /** A member of a namespace a `using namespace`-style directive in force names. */
  | 'namespace-directives'
  /** A type or namespace of the global namespace declared in another file. */
  | 'global-namespace-types'
  /** A namespace a file without a scope of its own (a classic script, an ambient declaration file) declares at top level. */
  | 'script-globals'
  /** A top-level open class or module of any file (constants are global). */
  | 'global-constants'
  /** A fully qualified package name, written by the extractor as a name no identifier can be (or a root package, where package names nest). */
  | 'qualified-packages'
  /**
   * A member of the object (or of the class of the value) an import in force imports the members of
   * (`ImportStatement.importsMembers`: Scala `import Obj._`), the imports nearest the site first; several at
   * one level that have the name are ambiguous.
   */
  | 'member-wildcard-imports'
  /** A top-level declaration of another file of the file's package. */
  | 'package'
  /** A top-level declaration of a package enclosing the file's own, nearest first. */
  | 'enclosing-packages'
  /** What the imports of the package's other files bind, when they agree. */
  | 'package-shared-imports'
  /** A member of a package a wildcard import (written or implicit) names. */
  | 'package-wildcard-imports'
  /** A name the language makes a module without an import. */
  | 'implicit-modules'
  /**
   * A member a package object (`packageObjectName`: a top-level static type of that name in a package's
   * files) inherits from its bases, for the packages the file sees: its own, the enclosing ones and
   * those its wildcard imports name (Scala `package object p extends Api`).
   */
  | 'package-objects'
  /** For calls: a function of the import resolver's fallback package. */
  | 'fallback-package'
  /** For constant references: one an included module declares (`constantsThroughMixins`; Ruby `include Jekyll` then `Site.new`). */
  | 'mixed-in-constants'
  /** For calls in a test framework's example: the one method of that name of the modules a file mixes into every example (`ModuleFacts.ambientMixins`). */
  | 'ambient-mixins'
  /** The one workspace declaration of the name in the language family (implicit globals, a linker's one definition). */
  | 'workspace-unique';

/**
 * How a language binds names, as data the shared resolver reads: it names no language itself.
 * (See docs/language-modules.md for the table this is drawn from.)
 */
export interface NameBindingRules {
  /** Receiver words that mean the enclosing class's instance (`this`; Python's `self`, `cls`). */
  instanceReceivers: readonly string[];
  /** Of those, the ones that mean the class itself, so static members come first (`cls`). */
  classReceivers: readonly string[];
  /** The receiver word for the superclass, if the language has one (`super`). */
  superReceiver: string | null;
  /**
   * Where a bare name is looked up, in order: the first step that binds it wins (resolution/lookup-steps/).
   * A step a language leaves out is never asked for it.
   */
  lookup: readonly LookupStep[];
  /** What a module's scope holds beyond its declarations and imports. */
  moduleScope?: {
    /**
     * The export name that stands for the module itself (ECMAScript `default`: `export default`,
     * `module.exports = fn`): a called module means it; it is never a declaration's own name and a
     * wildcard re-export never carries it. Absent: a module has no such export.
     */
    defaultExport?: string;
    /**
     * Where a module's own declarations and explicit imports always win over its wildcard imports,
     * even wildcards of unindexed modules (Rust: an item or a `use` shadows a glob). Absent: a
     * declaration is trusted beside an unindexed wildcard only when it is a function or class defined
     * after it (Python's `from tkinter import *` then `def main()`).
     */
    declarationsShadowWildcards?: boolean;
  };
  /** When declarations written in several places are one. */
  declarations?: {
    /**
     * Classes and modules are open (Ruby): every declaration of one qualified name, in any file, is one
     * class or module — its members are those of all of them, a constant is looked up in each lexically
     * enclosing class or module wherever else it is reopened, and a top-level class or module is visible
     * from every file. Absent: a declaration is complete where it is written.
     */
    open?: boolean;
    /**
     * A class may define one method name more than once, and which definition runs is decided when the code
     * runs (Ruby: a `def` in each branch of a class-level `if`, a reopening that redefines it): a call of a
     * name a class defines as several methods (of one kind, instance or static) links to none of them.
     * Absent: one of them is picked, as overloads allow.
     */
    redefinitionsAmbiguous?: boolean;
    /**
     * A namespace written in several files is one namespace (C++): a name looked up inside a namespace
     * finds its members in every file, and a qualified `ns::name` walks them all. Absent: a namespace's
     * members are those of its own block (TypeScript).
     */
    namespacesSpanFiles?: boolean;
    /**
     * Namespaces opened by a macro (`Declaration.openedByMacro`) are the namespace the macro's definitions state
     * (`expandsToNamespace`): `fmt::format` names `FMT_BEGIN_NAMESPACE::format`, and both name a `fmt::format`
     * written in a plain `namespace fmt`. A macro nobody defines that way, or defined as different namespaces,
     * opens a transparent one. Only with `namespacesSpanFiles`. Absent: a macro's namespace is one of its own name.
     */
    namespaceMacros?: boolean;
    /**
     * Namespaces a library outside the workspace owns (C++ `std`): a directive naming one (`using namespace
     * std;`) may bind names the workspace does not declare, even where the workspace writes into it (a
     * `std::hash` specialisation). A directive naming any other namespace the workspace declares binds only
     * members the lookup sees. Absent: none.
     */
    libraryNamespaces?: readonly string[];
    /**
     * A generic type and a type without type parameters may share a name (C# `static class Maybe` beside
     * `class Maybe<T>`): a call's receiver written as a bare name (`Maybe.Nothing()`, no type arguments) means
     * the one without type parameters declared beside it. Absent: a name means one type.
     */
    genericTwins?: boolean;
    /**
     * A file sees the declarations its imports reach, transitively (C/C++ `#include`): among same-named
     * candidates in several files, those the asking file's import closure reaches (or whose file imports a
     * reached file declaring that name: a header's definitions) are preferred to the others; if none is
     * reached, all stay candidates. Absent: every candidate counts alike.
     */
    seenThroughImports?: boolean;
    /**
     * A name has one definition per program and no overloads (C): two top-level function definitions of one name in
     * one file are preprocessor alternatives (`#if A` … `#elif B` … `#else`), so unless all but one are build variants
     * (`Declaration.buildVariant`) the file does not say which a call means: neither is picked. Absent: the file's
     * first declaration stands for the name (overloads are one symbol).
     */
    definitionsAreAlternatives?: boolean;
    /**
     * A module-level function or value may be given methods by assignment (JavaScript: `Foo.prototype.m =
     * function …`, `Foo.create = function …`, `app.use = function …`): a function with instance methods is
     * the class of `new Foo()` and of `this` in its body and its methods, a value with methods is the `this`
     * of its methods, and `Foo.create` / `app.use` walk into them. Only its `method` members count: the
     * function's own local declarations are no members. Absent: functions and values have no members.
     */
    assignedMembers?: boolean;
  };
  /** Where a type's members come from besides its body and its `extends` bases. */
  members?: {
    /**
     * A class's static and instance members are apart (Ruby: a singleton method is no instance method): a call
     * wanting one kind takes a base's member of that kind before the class's own member of the other kind.
     * Absent: the class's own member of either kind comes first.
     */
    staticApart?: boolean;
    /**
     * Code written directly in a class body runs with the class itself as its receiver (Ruby: `highlighter_suffix "x"`
     * in `class Highlighter` calls `def self.highlighter_suffix`, never the instance method of that name). Absent: a
     * bare call in a class body means what it means in the class's methods (Java, Scala and Kotlin field
     * initialisers run on the instance being built).
     */
    bodyRunsOnClass?: boolean;
    /**
     * A stated type calling a bare name inside a type's code (`let r = make()`, `perform { $0.f() }`) calls the
     * enclosing type's member of that name where it has one (Swift's implicit `self`), before any outer name:
     * its result and the callbacks it passes are that member's. Absent: a bare name in a stated type is looked up as written.
     */
    implicitSelfInTypes?: boolean;
    /**
     * A class and its companion object are two values (Scala): a member call on a value of the class, or from the
     * class's own code, means the class part's member, never the companion's of the same name (`that(key)` with
     * `that: JsonObject` is the instance's `apply`, not `object JsonObject`'s). Absent: both parts' members are candidates.
     */
    companionsApart?: boolean;
    /**
     * Bases mixed in later override earlier ones (Scala's linearization, `extends A with B`): where the first base
     * to declare a member declares it abstract, a later base's concrete member of that name is what runs.
     * Absent: the first base declaring the member, abstract or not.
     */
    laterBasesImplement?: boolean;
    /**
     * A type has the members of the interfaces or traits it implements (`implements` sites), after its
     * own and its bases' (Rust: a trait's default methods; Kotlin: interface functions with bodies).
     * Absent: only `extends` bases are searched.
     */
    inheritsImplemented?: boolean;
    /**
     * A requirement an interface declares and the default implementations its extensions give it, of one signature
     * (Swift: `protocol P { func f() }` and `extension P { func f() {} }`): a call through a value of the interface is
     * dispatched through the requirement, so it means that one. Absent: such a call is ambiguous.
     */
    requirementsDispatch?: boolean;
    /**
     * An implicit member argument (`.status(200)`) for a parameter of a protocol the workspace declares names a static member
     * the protocol or one of its extensions declares (Swift, SE-0299): none there rules the overload out. Absent: unknown.
     */
    protocolImplicitMembers?: boolean;
    /**
     * Members may be declared for types outside the workspace (Kotlin extension functions on `String`,
     * Swift extensions of Foundation types): `x.m()` with `x` stated to be of such a type links to the
     * one visible member declared for it (`memberOf` naming that type). Absent: never.
     */
    extendsOutsideTypes?: boolean;
    /**
     * With `extendsOutsideTypes`: names the platform's library declares as extensions of every outside type
     * (Kotlin's `joinToString` of any Iterable). A workspace extension of that name limited by its receiver's type
     * arguments (`Declaration.extendsParameterized`: `List<CodeBlock>.joinToString`) applies only to values the
     * resolver cannot tell from the others (`List<String>`): no edge then. Absent: none.
     */
    standardOutsideExtensions?: ReadonlySet<string>;
    /**
     * A member of the enclosing class or of its proven bases hides a type of the same name declared outside the class
     * (C# simple names, spec §12.8.4: `Mapper.Map()` with an inherited `IMapper Mapper` property beside a `class Mapper`).
     * Absent: the name lookup's type wins.
     */
    hideOuterTypes?: boolean;
    /**
     * A type declared in an extension of another (`memberOf` on a class, struct, enum or protocol: Swift's
     * `extension Logger { struct Entry {} }`) is both a member of its owner (`Logger.Entry`) and bound by its bare
     * name in its file, as a top-level type is. Absent: a declaration with `memberOf` is reached through its owner only.
     */
    attachedTypesByName?: boolean;
    /**
     * With `extendsOutsideTypes`: the bases of types outside the workspace, by simple name, nearest first (Swift:
     * `XCTestCase` is an `XCTest`, `String` a `StringProtocol`), so a member the workspace declares for such a base
     * reaches values and subclasses of the type. Absent: an outside type has no known base.
     */
    outsideSupertypes?: Readonly<Record<string, readonly string[]>>;
    /**
     * With `extendsOutsideTypes`: the type every value converts to (`type`: C# `object`; an extension `M(this object o)`
     * or `M<T>(this T x)` is declared with `memberOf` naming it). Such an extension is the last base of every outside
     * type, and reaches a call `v.M()` on a value whose type is not proven where it is the only extension `M` the file
     * sees and no class of the workspace declares a member `M` (which the call would mean instead). Never for a name in
     * `frameworkMembers`: what the framework's own types declare, which a value of an outside type may have itself.
     * Absent: none.
     */
    universalOutsideBase?: { type: string; frameworkMembers: ReadonlySet<string> };
    /**
     * With `universalOutsideBase`: outside types whose own members are all known (`Expression`, `bool`): an extension
     * named like another framework type's member (`GetMember`) still reaches a value of such a type. Absent: none.
     */
    outsideOwnMembers?: Readonly<Record<string, ReadonlySet<string>>>;
    /**
     * With `extendsOutsideTypes`: a call whose callee states a result of a type outside the workspace (`Task<int> F()`,
     * `SqlConnection Open()`), or that constructs one, is a value of that type, for its extensions (`F().ForAwait()`).
     * Absent: only a stated name (a typed local or parameter) is.
     */
    outsideCallResults?: boolean;
    /**
     * With `outsideCallResults`: what members of types outside the workspace give, by the type's simple name and the
     * member's (a method's result, a property's type): C# `Dictionary.ContainsKey` a `bool`, `StringBuilder.Append` a
     * `StringBuilder`, so `d.ContainsKey(k).ShouldBeTrue()` reaches an extension of `bool`. A type's `outsideSupertypes`
     * are searched too; all of them that state the member must agree. Absent: such a value's type is not known.
     */
    outsideResults?: Readonly<Record<string, Readonly<Record<string, string>>>>;
    /**
     * An extension must be in scope by name to be called (Kotlin): a call `x.m()` whose receiver's type is not
     * proven, or a bare `m()` no scope binds (a lambda's implicit receiver), links to the one extension `m` the
     * file sees by name — declared in its file or package, or imported by name — when no class of the
     * workspace declares a member `m` (which the call could mean instead) and the arguments fit it. Absent: never.
     */
    extensionsInScope?: boolean;
    /**
     * A call on a value of a stated type that declares no such member may mean a member extension
     * (`Declaration.memberExtensionOf`) of that type declared in a class around the call (or its bases), or imported
     * by name: the one such extension, overloads picked by the arguments. Absent: not looked for.
     */
    memberExtensions?: boolean;
    /**
     * A class's own property (or field) named like a call beats an extension function of that name: the call invokes
     * the property's value (Kotlin `transformAll(it)` with `val transformAll: (List<T>) -> R` and an extension
     * `fun C.transformAll(…)`), except with a trailing lambda. Absent: the extension's overloads are weighed alone.
     */
    valuesBeforeExtensions?: boolean;
    /**
     * A call on a value whose type declares methods of the name and has extensions of it too (C# §12.8.10.3): the
     * extensions are candidates only when no method of the type may take the arguments. Absent: weighed together.
     */
    instanceBeforeExtensions?: boolean;
    /**
     * A block's receiver comes first but is not the only one (Kotlin: inside a `Foo.() -> Unit` lambda, `m()`
     * is Foo's member if Foo has one, else whatever the scopes around bind): a site whose block receivers
     * (`ReferenceSite.blockSelf`) have no member of its name, or whose block callee has none of that name,
     * resolves as written. Absent: the first block receiver is the only one (Ruby `instance_eval`).
     */
    blockReceiversFallBack?: boolean;
    /**
     * A mixin module's code runs on its includers' instances (Ruby: `get_header(…)` in `module Helpers`, included into
     * `Request` beside `include Env`): a bare call in a module method that the module does not declare means the member
     * every class or module including it (`implements` sites) finds — its own, a base's, another mixin's — when all
     * of them find the same one. Absent: such a call is unresolved.
     */
    includersLend?: boolean;
  };
  /**
   * The name of the declaration standing for a package's package object, whose inherited members are
   * members of the package (`package-objects` lookup step). Absent: no package objects.
   */
  packageObjectName?: string;
  /** What a call means besides calling the declaration it names. */
  calls?: {
    /**
     * A local destructured from a name chain no type describes (JavaScript `const { rawQuery } = prisma` in a
     * function, `prisma` a module's object): a call of it is a call of that member through the chain
     * (`prisma.rawQuery()`). Absent: such a call links only where the chain's value has a proven class.
     */
    destructuredMembersThroughChain?: boolean;
    /**
     * A call of a type converts a value to it rather than calling anything (Go `T(x)`, `[]byte(s)`):
     * such a site gets no edge. Absent: a call of a class constructs it (Python `C()`).
     */
    typeConverts?: boolean;
    /**
     * A call of a property or variable runs the function value it holds (Kotlin `onClick()` with
     * `val onClick: () -> Unit`, `invoke` of its value's type), which is not the declaration holding it:
     * such a site gets no edge. Absent: a called variable links to it (JavaScript `const f = () => …`).
     */
    valuesHoldWhatRuns?: boolean;
    /**
     * Members every function has that run it (JavaScript `fn.call(this, a)`, `fn.apply(null, args)`): a call of
     * one on a name chain that no workspace member of that name answers runs the function the chain names — where
     * the chain is proven to name a function or method.
     */
    invokers?: readonly string[];
    /**
     * A call of a class whose companion part (the part declared `isStatic`) declares members of this
     * name calls one of them (Scala `Foo(x)` is `Foo.apply(x)`), picked by the arguments among them and
     * the class's own construction (the class declaration's `parameterTypes`, when it states them: a case
     * class's generated `apply`); a call that fits several is ambiguous, one that fits none constructs the
     * class as before. Absent: a call of a class constructs it.
     */
    companionCall?: string;
    /**
     * A call of an accessor (`isAccessor`) evaluates it and calls what it returns (Scala `whitespace(in)` with
     * `def whitespace: Parser[Any]` is `whitespace.apply(in)`): the site links to the accessor, the name it
     * calls. Absent: such a call gets no edge (Python `obj.prop()` calls only what the property returns).
     */
    accessorCallsLinkIt?: boolean;
    /**
     * A call of a value (a field, a variable, an accessor's result: Scala `that(key)` with `that: JsonObject`,
     * `decodeKey(k)` with `def decodeKey: KeyDecoder[A]`) calls this member of the value's stated type, picked by
     * the arguments; no edge when the type is not proven or declares none. Absent: as `accessorCallsLinkIt` says.
     */
    valuesApply?: string;
    /**
     * `f()` of a def declared without a parameter list whose result declares no `valuesApply` member the call fits
     * (Scala 2: a parameterless override of a Java method, `def getOwnerType = owner`, called as `getOwnerType()`):
     * the def, which runs whichever way the call reads. Absent: no edge.
     */
    emptyCallRunsDef?: boolean;
    /**
     * A call of an enum case constructs a value of the enum with the case's associated values (Swift
     * `.collected(body)`, `Body.stream(n)`): the case declaration (`enum_member`) is the call's target.
     * Absent: an enum member is no call target.
     */
    enumCasesConstruct?: boolean;
    /**
     * A type outside the workspace called to construct it (Swift `HTTPURLResponse(statusCode: 205)`): the initialiser of this
     * name an extension of that type declares (`members.extendsOutsideTypes`), where the call's labelled arguments fit that one
     * overload only (the type's own initialisers are not indexed: an unlabelled or unlabelled-only call proves nothing).
     */
    outsideInitializer?: string;
    /** An enum called constructs it (Swift `Status(rawValue: 1)`, an `init` it declares): `instantiates`. Absent: an enum is no call target. */
    enumsConstruct?: boolean;
    /**
     * `new x()` of a variable or constant constructs the class its value is, which is no declaration of its own: the
     * variable is never the target (TypeScript `const AjvClass = cond ? a : require('x').default; new AjvClass()`; a
     * class expression or a second name for a class is declared as that already). Absent: the variable is the target.
     */
    constructsNoHeldValue?: boolean;
    /**
     * With `companionCall`: only a type that cannot be constructed (an interface, an abstract class) has its companion's
     * members called so (Kotlin `DI { }` is `DI.Companion.invoke { }`; where the class has a constructor, which the
     * extraction does not state, it could be the one meant). Absent: any class.
     */
    companionCallUnconstructible?: boolean;
    /**
     * A reference to a constructor (Kotlin `::Repo`) is an argument whose simple type is `written`, stated as the class
     * it names: a function of as many parameters as the class's one constructor takes (`Declaration.constructorArity`),
     * typed `typed(arity)` for overload selection. Absent: such an argument keeps its written type.
     */
    constructorReferences?: { written: string; typed: (arity: number) => string };
    /**
     * Importing a function by name imports every top-level overload of that name in its package (Kotlin
     * `import a.b.f`): a call is matched against all of them, as a call of the package's own functions is.
     * Absent: the one declaration the import lands on.
     */
    importsBindOverloads?: boolean;
  };
  /**
   * A type name the lookup does not bind may mean a type declared in an enclosing class or object, or in one of
   * their proven bases (Scala `p: Parser[T]` in `trait RegexParsers extends Parsers`), else a member of an import of
   * an object's members in force (`import JsonAST._`): tried last, one such type or none. Absent: not tried.
   */
  typeMembersByName?: boolean;
  /**
   * A constant name the lookup does not bind may mean a class, module or constant declared in a module mixed into
   * a class or module around it, or into one of their bases (Ruby `include Liquid` then `Template.parse`): the
   * nearest ancestor's, one or none. Absent: not tried.
   */
  constantsThroughMixins?: boolean;
  /**
   * Class methods of outside classes that build an instance of the class they are called on, by name, with those
   * classes' names (Ruby `{ '[]': ['Hash', 'Array'] }`: `Configuration[{…}]` with `class Configuration < Hash` is a
   * Configuration), where the class and its workspace bases declare no method of that name. Absent: none.
   */
  outsideBaseBuilders?: Readonly<Record<string, readonly string[]>>;
  /** A member read as a value, not called: `obj.prop()` calls what it returns (Python `@property`). */
  isAccessor(declaration: Declaration): boolean;
  /**
   * A callable that a bare read also evaluates, though a call with arguments passes them to it (Scala
   * `def digits[$: P]`, `def ws(implicit ctx: P[_])`: `digits.map(f)` is a member of what it returns, `digits(ctx)`
   * hands over the evidence): read as a value holding its result, called as itself. Absent: only accessors.
   */
  readsAsValue?(declaration: Declaration): boolean;
  /**
   * Whether a file may be the target of a name-only link (Python `.pyi` stubs only describe another module)
   * from the file `from` (C: a test's definition is linked into the test's program only), and whether `declaration`
   * may (C: not a fallback for a C library function, which the default build takes from libc). `seen` tells which
   * files declare the name without defining it, and whether `from` reaches `path` through its imports (C++: a
   * definition in a source file is seen from another file only through a declaration).
   */
  linkableByName(path: string, from?: string, declaration?: Declaration, seen?: NameSeen): boolean;
  /** Names a wildcard import or re-export never binds (Python `_private`, ECMAScript `default`). */
  hiddenFromStarImport(name: string): boolean;
  /**
   * Whether a declaration is replaced before any name is looked up (a C/C++ function-like macro): no namespace a
   * directive opens can bind its name instead, so a `using namespace std;` in the file does not block a name-only
   * link to it. Absent: every declaration is looked up as a name.
   */
  expandedBeforeLookup?(declaration: Declaration): boolean;
  /**
   * Where a value injected by parameter name (`TypeRef` kind 'injected') is declared, nearest first:
   * pytest looks in the test module, then in `conftest.py` files up the tree. Empty: none.
   */
  injectionSources(file: string): string[];
  /** Whether a top-level function provides injected values (a `@pytest.fixture`). */
  isInjectable(declaration: Declaration): boolean;
  /**
   * Whether a top-level declaration of file `path` is visible in that file only (C/C++ `static`, a C++
   * anonymous namespace, every declaration of an ECMAScript module): it is never a name-only target from
   * another file. `file`: the whole extraction, for a rule that depends on the file (does it import or export?).
   * Absent: none is.
   */
  fileLocal?(declaration: Declaration, path: string, file: FileExtraction): boolean;
  /**
   * Languages with overloads: how an argument of a proven type fits a parameter type (both as the
   * extractor writes them in `argumentTypes` / `parameterTypes`): the same type, a conversion the
   * language applies (widening, boxing, any reference to `Object`), no fit, or unknown (a subtype
   * relation the extractor cannot see). `argument` null: its type is not proven (a parameter every
   * value fits, such as `Object`, still converts). Absent: equal types fit exactly, anything else is unknown.
   */
  argumentFits?(argument: string | null, parameter: string): ArgumentFit;
  /**
   * With `argumentFits`: its `no` is final even for the one overload of the call's argument count (Swift,
   * where argument labels are part of a function's name: `init(name:items:)` is no `init(name:item:)`), so
   * such a call calls none of them. Absent: the one overload of that count is taken, whatever the types.
   */
  argumentsMustFit?: boolean;
  /**
   * With `argumentFits`: of overloads every argument fits exactly, the one without type parameters is better than
   * generic ones (C# spec §12.6.4.3: `Write(string, object[])` over `Write<T>(string, T)` for a `string, object[]` call).
   * Absent: such a call is ambiguous.
   */
  nonGenericFirst?: boolean;
  /**
   * Where the candidates' parameter types differ only at some positions, the one each argument there fits exactly wins over
   * those it may reach only by a conversion (Scala: an implicit view never beats an identity), whatever the arguments at
   * the shared positions are (`JsError(path, "msg")` with `apply(p: JsPath, e: String)` beside `apply(p: JsPath, e: JsonValidationError)`).
   * Implied by `nonGenericFirst`.
   */
  exactAtDifferingPositions?: boolean;
  /**
   * A parameter's written type as overloads are compared position by position (where they differ, where one
   * argument converts alike to each): C++ marks a function template's parameters (`template StringRef`) so that no
   * argument fits them exactly, yet such a parameter is still the type written (`StringRef`). Absent: as written.
   */
  comparedParameterType?: (parameter: string) => string;
  /**
   * Whether type arguments written on a class's name (`<std::size_t>`, `<int[3]>`) select a specialization declared
   * with `declared` arguments (its name's, `<E[N]>`) over `parameters` (its own, `E`, `N`): 'yes' where they are
   * proven to, 'no' where they are proven not to, 'unknown' otherwise. A type declared with arguments in its name is
   * such a specialization of the type of its bare name. `declaresClass` says whether a written type names a class, struct
   * or enum of the workspace (no alias: a type of its own). Absent: no type is specialized.
   */
  specializationMatch?: (written: string, declared: string, parameters: readonly string[], declaresClass: (type: string) => boolean) => 'yes' | 'no' | 'unknown';
  /**
   * A bare call whose name a lookup step finds as one callable that cannot take that many arguments links nowhere
   * (C++: the first scope declaring the name ends the search, so a call that compiles means a declaration the text
   * does not show there, e.g. one declared after the call). Absent: the callable found is the target whatever the count.
   */
  arityBindsName?: boolean;
  /**
   * With `argumentFits`: of overloads some `async` (`Declaration.isAsync`) and some not, a call written under `await`
   * (`ReferenceSite.awaited`) means the async ones and a call without it the others (Swift: an async context prefers the
   * async overload, a call without `await` cannot be one). Absent: async-ness does not select.
   */
  awaitSelectsAsync?: boolean;
  /**
   * With `argumentFits`: a variadic overload called with an array where its array parameter is (its normal form, C#
   * `params object[]` passed an `object[]`) competes as a fixed-arity one. Absent: variadic overloads are tried last.
   */
  variadicNormalForm?: boolean;
  /**
   * With `argumentFits`: a `private` overload is not a candidate of a call written outside its class (C# spec §12.6.4.1:
   * overload resolution considers the accessible members only), while an accessible overload remains; this says which
   * members are private (C#: so marked, or no modifier in a class or struct). Absent: every overload competes.
   */
  privateOverloadsHidden?: (member: Declaration, owner: Declaration) => boolean;
  /**
   * With `argumentFits`: an argument a call's result whose stated type is no workspace class (`t.TryGetValue(t.IndexOfName(k), …)`,
   * a workspace method declared to return `int`) is weighed by that type's simple name, where this says the language knows
   * the name (its predefined types). Absent: such an argument is unknown.
   */
  outsideArgumentTypes?: (simpleName: string) => boolean;
  /**
   * With `argumentFits`: an extension called as a member of the class declaring it (`Ext.Be(value, x)`, or `Be(value, x)`
   * inside that class) passes its receiver as the first argument; this names the receiver parameter's type as
   * `parameterTypes` would (from the declaration's `memberOf`). Absent: an extension's parameters are its others only.
   */
  staticExtensionCalls?: (memberOf: TypeRef) => string;
  /**
   * Of overloads a call's arguments fit alike, the one the call fills without a default value is chosen over
   * those that need one (Scala: `apply(x)` beside `apply(x, callback = None)`), when both take the written
   * arguments at the same parameter types. Absent: such a call is ambiguous.
   */
  defaultsLoseOverloads?: boolean;
  /**
   * Of overloads taking every written argument (by position, by name, a trailing block) at the same parameter type,
   * the one leaving the fewest parameters to their default values wins, a `vararg` passed nothing leaving none
   * (Kotlin: `copy(annotations = a)` means `copy(nullable = …, annotations = …)` over `copy(nullable, annotations,
   * tags)`; `addProperty("x", t)` the `vararg modifiers` overload over `modifiers: Iterable<KModifier> = …`). Such a
   * defaulted overload is then no fixed-arity candidate that shuts out the variadic ones. Absent: no such preference.
   */
  fewestDefaultsWin?: boolean;
  /**
   * With `argumentFits`: the parameter each of a call's arguments (as the extractor writes them) fills, matched as a
   * whole — Swift matches labels in order, skipping parameters with default values (`testFulfilled(withExpectationCount: 4)
   * { … }` is no `testFulfilled(file:line:body:)`); false: the candidate takes no such call; undefined: no opinion.
   * Absent: each argument is weighed against the parameter at its position.
   */
  matchArguments?(argumentTypes: ReadonlyArray<string | null>, parameterTypes: readonly string[], variadic: boolean): readonly number[] | false | undefined;
  /**
   * With `argumentFits`: an argument written as a member of the parameter's type with the type left out (Swift
   * `index(of: .comment)`, `.init(…)`): that member's name and the parameter's type name, read from the two
   * entries as the extractor writes them; undefined for any other argument or a parameter its label does not name. Where the parameter's type is an
   * enum of the workspace, overload selection takes the overload whose enum declares the member, and rules out
   * one whose enum (and its bases in the workspace) declares none.
   */
  implicitMember?(argument: string, parameter: string): { member: string; type: string } | undefined;
  /**
   * With `argumentFits`: an argument of a standard type a literal may also be written as (Swift `"a"`, `1`, `[x]`) for a
   * parameter whose type is named alone: that type's name and the label of the initialiser through which a literal
   * becomes a value of it (`stringLiteral`). A struct, enum or class of the workspace takes such an argument only where
   * it (or a protocol it conforms to in the workspace) declares that initialiser; otherwise the overload is ruled out.
   */
  literalConversion?(argument: string, parameter: string): { type: string; initializer: string } | undefined;
  /**
   * With `argumentFits`: an argument of a built-in type (C++ `double`, `const char*`) for a parameter naming a class: that
   * class's name, for a language where such a value becomes a class only through one of the class's own constructors
   * taking it as their one argument. A class or struct of the workspace with no base (whose constructors might be
   * inherited) and no constructor the argument may fit (by `argumentFits`) takes no such argument: the overload is ruled out.
   */
  constructorConversion?(argument: string, parameter: string): string | undefined;
  /**
   * With `argumentFits`: an argument that points to a built-in type (C++ a string literal, `const char*`) for a parameter
   * pointing to a named type (`const App *`): that type's name. No conversion turns such a pointer into one to a class
   * (only user-defined conversions make classes, and they make no pointers), so where the name is a class or struct of
   * the workspace the overload is ruled out.
   */
  pointerConversion?(argument: string, parameter: string): string | undefined;
  /**
   * With `argumentFits`, where a parameter entry is written with more than its type (Swift `_:Endpoint`): the type
   * name an argument whose class the resolver evaluated (`argument`, its entry) is compared with, as a class; undefined
   * where that argument does not fill it (`for:Endpoint` for an unlabelled one). Absent: the entry is the type name.
   */
  parameterTypeName?(parameter: string, argument?: string): string | undefined;
  /**
   * Whether a class has a base it does not write, outside the workspace (Java: an enum extends
   * `Enum`, a record `Record`). Overload selection's class hierarchy counts it (class-hierarchy.ts).
   */
  implicitOutsideBase?(declaration: Declaration): boolean;
  /**
   * Types outside the workspace a class may name in its heritage clauses without leaving its hierarchy open: their
   * own supertypes are none a parameter could name (Kotlin `Comparable`). A class whose only outside supertypes are
   * these is no instance of another outside type (`ClassName : TypeName(), Comparable<ClassName>` is no `Type`).
   */
  readonly closedOutsideSupertypes?: ReadonlySet<string>;
  /**
   * With `argumentFits`: whether an argument type (as the extractor writes it) is a function value (a lambda, a
   * function reference), which no instance of a class or enum is: a parameter of a workspace class or enum takes
   * none (an interface may, by conversion). Absent: unknown.
   */
  functionValueArgument?(argument: string): boolean;
  /**
   * A function literal converts only to a delegate type (C#): whether a parameter of this type (as `parameterTypes`
   * writes it) takes none — a predefined type, an array. A class, struct, interface or enum the workspace declares
   * takes none either; so an overload taking one there is not what a call passing a function literal calls. Absent:
   * any parameter may take one.
   */
  refusesFunctionLiteral?(parameterType: string): boolean;
}

/** The answers of the NameBindingRules hooks for a language without the special cases they exist for. */
const PLAIN_BINDING = {
  isAccessor: () => false,
  linkableByName: () => true,
  hiddenFromStarImport: () => false,
  injectionSources: () => [],
  isInjectable: () => false,
} satisfies Partial<NameBindingRules>;

/** A language's NameBindingRules: what it states, over the plain answers for the hooks it leaves out. */
export function defineNameBinding(
  rules: Omit<NameBindingRules, keyof typeof PLAIN_BINDING> & Partial<Pick<NameBindingRules, keyof typeof PLAIN_BINDING>>,
): NameBindingRules {
  return { ...PLAIN_BINDING, ...rules };
}

/** What the workspace says about who sees a declaration (`NameBindingRules.linkableByName`). */
export interface NameSeen {
  /** The files declaring its name without defining it (prototypes, `extern`s). */
  declaredIn(): readonly string[];
  /** Whether the calling file reaches the declaration's file through its imports. */
  reachedFrom(): boolean;
}

/** `boxes`: the argument fits only through a boxing or unboxing conversion (Java: an overload so reached loses to one reached without). */
export type ArgumentFit = 'exact' | 'converts' | 'boxes' | 'unknown' | 'no';

/** Everything the global resolution pass knows about one language family, for one workspace. */
export interface ResolutionLanguage {
  /** Languages whose declarations can reach each other by name (`ecmascript` for TS/TSX/JS/JSX). */
  family: string;
  modules: ImportResolver;
  binding: NameBindingRules;
}

export type { SyntaxNode };
