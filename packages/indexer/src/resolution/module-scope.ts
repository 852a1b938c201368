/**
 * The module-level scope of one file: which names its own top-level declarations bind,
 * and which names its imports bind. Built once per file for the resolution pass.
 *
 * An import binds in the scope where it stands: one inside a function binds only for
 * that function and the code nested in it, so it is kept apart, keyed by that function.
 */
import type { FileExtraction, ImportBinding, ImportStatement } from '../model/extraction.js';

export interface ImportedName {
  statement: ImportStatement;
  binding: ImportBinding;
}

export interface ModuleScope {
  file: FileExtraction;
  /** Top-level declarations (not import nodes) by name, in source order. */
  declarations: Map<string, number[]>;
  /**
   * Every import binding of each name, by the local name it binds. A module may bind one name in alternative branches
   * (`if posix: import posixpath as path` / `else: import ntpath as path`): which one is live is
   * decided at run time, so several bindings with different targets mean "ambiguous".
   */
  imports: Map<string, ImportedName[]>;
  /** Wildcard imports (`from m import *`), in source order. */
  wildcardImports: ImportStatement[];
  /** Imports inside a declaration (a function), by that declaration's local id, then by local name. */
  scopedImports: Map<number, Map<string, ImportedName[]>>;
  /** Wildcard imports inside a declaration, by that declaration's local id, in source order (ImportBindings.scopedWildcardImports reads them). */
  scopedWildcardImports: Map<number, ImportStatement[]>;
}

/** `attachedTypesByName`: a type declared outside its owner's body (`memberOf`) is bound by its bare name as well (members.attachedTypesByName). */
const ATTACHED_TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'struct', 'enum', 'protocol', 'interface', 'type_alias']);

export function buildModuleScope(file: FileExtraction, attachedTypesByName = false): ModuleScope {
  const declarations = new Map<string, number[]>();
  file.declarations.forEach((decl, localId) => {
    // A member declared outside its type (a method written beside its type) is reached through its type, not by its bare name.
    if (decl.parent !== null || decl.kind === 'import') return;
    if (decl.memberOf && !(attachedTypesByName && ATTACHED_TYPE_KINDS.has(decl.kind))) return;
    const list = declarations.get(decl.name);
    if (list) list.push(localId);
    else declarations.set(decl.name, [localId]);
  });

  const imports = new Map<string, ImportedName[]>();
  const wildcardImports: ImportStatement[] = [];
  const scopedImports = new Map<number, Map<string, ImportedName[]>>();
  const scopedWildcardImports = new Map<number, ImportStatement[]>();
  for (const statement of file.imports) {
    const owner = file.declarations[statement.declaration]?.parent ?? null;
    let into = imports;
    if (owner !== null) {
      into = scopedImports.get(owner) ?? new Map<string, ImportedName[]>();
      scopedImports.set(owner, into);
    }
    for (const binding of statement.bindings) {
      // A wildcard inside a declaration binds only where the language says so (package-steps.ts).
      if (binding.local === '*') {
        if (owner === null) wildcardImports.push(statement);
        else scopedWildcardImports.set(owner, [...scopedWildcardImports.get(owner) ?? [], statement]);
        continue;
      }
      const list = into.get(binding.local);
      if (list) list.push({ statement, binding });
      else into.set(binding.local, [{ statement, binding }]);
    }
  }
  return { file, declarations, imports, wildcardImports, scopedImports, scopedWildcardImports };
}
