/**
 * The contract every language folder under src/languages/<name>/ fulfils.
 *
 * A language is two things: an extractor (runs in a worker, pure function of the parsed
 * file) and an import resolver (runs once on the main thread during the global resolution
 * pass, knowing every indexed path).
 */
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import type { Declaration, FileExtraction } from './extraction.js';
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
  /** Read a (small, text) file relative to the root; undefined when absent or unreadable. Cached. */
  readText(relativePath: string): string | undefined;
}

export interface ImportResolver {
  /**
   * The indexed file a module specifier lands on, or null when it lands on no indexed file
   * (an external package, a missing file, a builtin module).
   */
  resolveModule(fromFile: string, specifier: string): string | null;
  /**
   * Names that are provided by the language runtime (`print`, `len`, `setTimeout`, `parseInt`):
   * a bare call to one is never linked by workspace-wide name.
   */
  isBuiltin(name: string): boolean;
  /**
   * Module semantics that differ by language. Python: every module-level import binding is
   * an attribute of the module (so `from pkg import x` finds names that `pkg/__init__.py`
   * imported), and `pkg.sub` is reachable from a package as a submodule.
   */
  importsAreVisibleAttributes?: boolean;
  /**
   * Languages whose modules are sets of files (a Go package, a Java package, a C# namespace):
   * the package a file belongs to, as a key, or null. Files of one package see each other's
   * top-level declarations without an import.
   */
  packageOf?(file: string): string | null;
  /** The package (a `packageOf` key) a specifier lands on, when it names a package rather than a file. */
  importedPackage?(fromFile: string, specifier: string): string | null;
  /** The specifier that names submodule `name` of the module in `moduleFile`, if the language has them. */
  submoduleSpecifier?(moduleFile: string, name: string): string | null;
  /**
   * The indexed file of submodule `name` of the package `specifier` names, seen from `fromFile`
   * (Python `from ns import tool` where `ns` is a namespace package with no file of its own).
   */
  resolveSubmodule?(fromFile: string, specifier: string, name: string): string | null;
}

export interface ImportResolverFactory {
  (workspace: WorkspaceView): ImportResolver;
}

/**
 * How a language binds names, as data the shared resolver reads: it names no language itself.
 * (See ../shared/design/language-modules.md for the table this is drawn from.)
 */
export interface NameBindingRules {
  /** Receiver words that mean the enclosing class's instance (`this`; Python's `self`, `cls`). */
  instanceReceivers: readonly string[];
  /** Of those, the ones that mean the class itself, so static members come first (`cls`). */
  classReceivers: readonly string[];
  /** The receiver word for the superclass, if the language has one (`super`). */
  superReceiver: string | null;
  /**
   * A bare call inside a class body may mean a member of that class or of a proven base before
   * an outer name (Java, C#, Kotlin, Swift, C++, Ruby, Scala, Dart).
   */
  implicitThis: boolean;
  /**
   * What a bare name that no scope, import or package binds may still mean:
   *  - 'workspace': the one declaration of that name in the language family (implicit globals:
   *    ECMAScript scripts and ambient declarations share one global scope);
   *  - 'none': nothing (Python: a NameError). Candidates are still recorded for readers.
   */
  nameFallback: 'workspace' | 'none';
  /**
   * The export name that stands for the module itself (ECMAScript `default`: `export default`,
   * `module.exports = fn`): a called module means it; it is never a declaration's own name and a
   * wildcard re-export never carries it. Absent: a module has no such export.
   */
  defaultExport?: string;
  /**
   * A call of a type converts a value to it rather than calling anything (Go `T(x)`, `[]byte(s)`):
   * such a site gets no edge. Absent: a call of a class constructs it (Python `C()`).
   */
  callOfTypeConverts?: boolean;
  /** A member read as a value, not called: `obj.prop()` calls what it returns (Python `@property`). */
  isAccessor(declaration: Declaration): boolean;
  /** Whether a file may be the target of a name-only link (Python `.pyi` stubs only describe another module). */
  linkableByName(path: string): boolean;
  /** Names a wildcard import or re-export never binds (Python `_private`, ECMAScript `default`). */
  hiddenFromStarImport(name: string): boolean;
  /**
   * Where a value injected by parameter name (`TypeRef` kind 'injected') is declared, nearest first:
   * pytest looks in the test module, then in `conftest.py` files up the tree. Empty: none.
   */
  injectionSources(file: string): string[];
  /** Whether a top-level function provides injected values (a `@pytest.fixture`). */
  isInjectable(declaration: Declaration): boolean;
  /**
   * Languages with overloads: how an argument of a proven type fits a parameter type (both as the
   * extractor writes them in `argumentTypes` / `parameterTypes`): the same type, a conversion the
   * language applies (widening, boxing, any reference to `Object`), no fit, or unknown (a subtype
   * relation the extractor cannot see). `argument` null: its type is not proven (a parameter every
   * value fits, such as `Object`, still converts). Absent: equal types fit exactly, anything else is unknown.
   */
  argumentFits?(argument: string | null, parameter: string): ArgumentFit;
  /**
   * Whether a class has a base it does not write, outside the workspace (Java: an enum extends
   * `Enum`, a record `Record`). Overload selection's class hierarchy counts it (class-hierarchy.ts).
   */
  implicitOutsideBase?(declaration: Declaration): boolean;
  /**
   * A class inherits the members of the interfaces it implements, not only of the classes it extends
   * (Kotlin interface methods with bodies, Swift protocol extensions): `x.m()` and a bare `m()` find
   * them after the class's own. Absent: only `extends` passes members on.
   */
  inheritsImplemented?: boolean;
  /**
   * Members may be declared for types outside the workspace (Kotlin extension functions on `String`,
   * Swift extensions of Foundation types): `x.m()` with `x` stated to be of such a type links to the
   * one visible member declared for it (`memberOf` naming that type). Absent: never.
   */
  extendsOutsideTypes?: boolean;
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
