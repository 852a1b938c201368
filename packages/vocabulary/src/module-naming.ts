/**
 * How a language's import statements name the files they import, as data: each language declares
 * it in its descriptor (the indexer's `languages/<language>/index.ts`), and `affected` reads it to
 * find the importers of a file that no longer exists. After a deletion those importers have no
 * edge to follow (the file is gone from the graph); what they still hold is the specifier they
 * wrote, and this says which specifiers could have named the deleted path.
 */
export interface ModuleNaming {
  /**
   * `path`: a specifier is a file path relative to the importing file (`./cart`, `../util.js`);
   * `dotted`: a module name whose segments are folders (`app.util`, `com.acme.Util`, a Go import path).
   */
  style: 'path' | 'dotted';
  /** The separator of a dotted name's segments (default `.`; Go import paths: `/`). */
  separator?: string;
  /** Extensions a specifier may leave out, and which name source files of the language. */
  extensions: readonly string[];
  /** File names (without extension) that stand for their folder (`index`, `__init__`). */
  folderFiles?: readonly string[];
  /** path: only `./` and `../` specifiers are paths (a bare one names a package). */
  relativeOnly?: boolean;
  /** path: a written extension may stand for a sibling source extension (`./a.js` is `a.ts` under TypeScript's ESM rules). */
  writtenExtensionMayDiffer?: boolean;
  /** dotted: leading separators are relative to the importing file's folder, one more per level up (Python `..pkg`). */
  leadingDotsRelative?: boolean;
  /** dotted: a name imported from a module may be a module itself (Python `from pkg import mod`). */
  importedNamesMayBeModules?: boolean;
  /** dotted: a module name may go on past its file into the members it holds (Java `import static a.B.f`, a nested class). */
  namesMayContinuePastFile?: boolean;
  /** dotted: a module name may name the folder of its files (a Java `import a.b.*`, a Go package path). */
  namesMayBeFolders?: boolean;
  /**
   * Files of one folder see each other's top-level declarations without an import (a Go package, a Java
   * package): a file deleted from a folder breaks what its siblings used of it.
   */
  folderSharesDeclarations?: boolean;
}
