/**
 * The module-level scope of one file: which names its own top-level declarations bind,
 * and which names its imports bind. Built once per file for the resolution pass.
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
   * Every import binding of each name, by the local name it binds. Python may bind one name in alternative branches
   * (`if posix: import posixpath as path` / `else: import ntpath as path`): which one is live is
   * decided at run time, so several bindings with different targets mean "ambiguous".
   */
  imports: Map<string, ImportedName[]>;
  /** `from m import *` (Python) and similar wildcard imports, in source order. */
  wildcardImports: ImportStatement[];
}

export function buildModuleScope(file: FileExtraction): ModuleScope {
  const declarations = new Map<string, number[]>();
  file.declarations.forEach((decl, localId) => {
    if (decl.parent !== null || decl.kind === 'import') return;
    const list = declarations.get(decl.name);
    if (list) list.push(localId);
    else declarations.set(decl.name, [localId]);
  });

  const imports = new Map<string, ImportedName[]>();
  const wildcardImports: ImportStatement[] = [];
  for (const statement of file.imports) {
    for (const binding of statement.bindings) {
      if (binding.local === '*') {
        wildcardImports.push(statement);
        continue;
      }
      const list = imports.get(binding.local);
      if (list) list.push({ statement, binding });
      else imports.set(binding.local, [{ statement, binding }]);
    }
  }
  return { file, declarations, imports, wildcardImports };
}
