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
  /** Import bindings by the local name they bind. The last binding of a name wins, as at run time. */
  imports: Map<string, ImportedName>;
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

  const imports = new Map<string, ImportedName>();
  const wildcardImports: ImportStatement[] = [];
  for (const statement of file.imports) {
    for (const binding of statement.bindings) {
      if (binding.local === '*') {
        wildcardImports.push(statement);
        continue;
      }
      imports.set(binding.local, { statement, binding });
    }
  }
  return { file, declarations, imports, wildcardImports };
}
