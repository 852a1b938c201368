/**
 * The contract every language folder under src/languages/<name>/ fulfils.
 *
 * A language is two things: an extractor (runs in a worker, pure function of the parsed
 * file) and an import resolver (runs once on the main thread during the global resolution
 * pass, knowing every indexed path).
 */
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import type { FileExtraction } from './extraction.js';
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
   * Whether a bare name that a module neither declares nor imports can still mean a declaration
   * of another file (ECMAScript: script files and ambient declarations share the global scope).
   * When false (Python: such a name is a NameError), the unique-workspace-name rule never applies.
   */
  implicitGlobals?: boolean;
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

export type { SyntaxNode };
