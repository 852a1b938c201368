/**
 * What the lookup steps ask of the workspace's symbol tables. WorkspaceSymbols implements it (and
 * runs the name steps with itself); the steps import this interface, never the class, so the
 * tables can import the steps without a module cycle.
 */
import type { Declaration, FileExtraction } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { ImportResolver } from '../../model/language-support.js';
import type { ImportedName, ModuleScope } from '../module-scope.js';
import type { DeclarationRef, Target } from '../targets.js';

export interface SymbolLookup {
  /** The import resolver of the file's language, if it has one. */
  modulesOf(path: string): ImportResolver | undefined;
  extraction(path: string): FileExtraction | undefined;
  declaration(ref: DeclarationRef): Declaration;
  /** The file's module scope: its top-level declarations and imports, its scoped and wildcard imports. */
  scope(path: string): ModuleScope;
  /** Members declared directly inside a container declaration, by name. */
  members(ref: DeclarationRef): Map<string, number[]>;
  /** Types named `name` declared outside their owner's body (`memberOf`: `class Outer::Inner { … }`), in every file. */
  typesDeclaredOutside(name: string): DeclarationRef[];
  /** Picks one declaration among several, possibly in several files, that share a name. */
  pickRef(all: DeclarationRef[]): DeclarationRef;
  /** Picks one declaration among several that share a name (overloads, declaration merging). */
  pickDeclaration(file: string, all: number[]): DeclarationRef;
  /** The indexed file a name the file's language makes a module without an import stands for, or null. */
  implicitModule(file: string, name: string): string | null;
  /** Members named `name` of every part of `ref` (its reopenings and partial declarations), its own first. */
  partMembers(ref: DeclarationRef, name: string): DeclarationRef[];
  /** The part a name lookup lands on: the one in the file named like the type, else the first. */
  mainPart(parts: DeclarationRef[]): DeclarationRef;
  /** Whether every ref is a part of one type (so they are one declaration to a name lookup). */
  onePartialType(refs: DeclarationRef[]): boolean;
  /** Whether the namespaces of the file's language span files. */
  namespacesSpanFiles(file: string): boolean;
  /** The declaration a namespace-qualified name means across files, seen from `fromFile`; `kinds`: only these. */
  namespaceMember(fromFile: string, qualifiedName: string, kinds?: ReadonlySet<NodeKind>): Target | undefined;
  /**
   * Where the file's language sees declarations through its imports (`seenThroughImports`): those of
   * `refs` the file reaches, when some are and some are not; else `refs` as they are.
   */
  preferReached(fromFile: string, refs: DeclarationRef[]): DeclarationRef[];
  /** The top-level open class or module `name` declared in some file of the family of `file`. */
  topLevelOpenDeclaration(file: string, name: string): DeclarationRef | undefined;
  /** The top-level namespaces `name` of files in `file`'s family whose top-level declarations are global (not `fileLocal`). */
  scriptGlobalNamespaces(file: string, name: string): DeclarationRef[];
  /** The package key of a file, for languages whose modules are sets of files. */
  packageKeyOf(file: string): string | null;
  /** Every indexed file of a package. */
  packageFiles(key: string): readonly string[];
  /** A top-level declaration of a package: `exportedOnly` from outside it; `except` leaves out the asking file. */
  fileSetMember(key: string, name: string, exportedOnly: boolean, except?: string, visibleInPackage?: (file: string, declaration: Declaration) => boolean): Target;
  /** What a bare name means at the module scope of `file`, or undefined. */
  resolveModuleName(file: string, name: string): Target | undefined;
  /** What an import binding of `fromFile` lands on. */
  resolveImport(fromFile: string, imported: ImportedName): Target;
}
