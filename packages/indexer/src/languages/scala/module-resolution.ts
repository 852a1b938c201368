/**
 * Scala modules for the shared resolver. A package is every `.scala` file whose leading package
 * clauses name it, wherever its folder is: the package name is the key (`packageOf`), a file without
 * a clause is in the empty package. Chained clauses (`package a.b` then `package c`) put the file in
 * `a.b.c` and make the members of `a.b` visible too (`enclosingPackages`); a single `package a.b.c`
 * does not.
 *
 *  - `import a.b.C` (and each selector of `import a.b.{C, D => E}`) names type or object `C` of package
 *    `a.b`: the file that declares it (`resolveModule`, `C.scala` first).
 *  - `import a.b.f` names the one file of package `a.b` declaring top-level function or value `f` (a member
 *    of package object `a.b`: syntax.ts puts a file holding only `package object b` in package `a.b`).
 *  - `import a.b._` / `import a.b.*` names package `a.b` (`importedPackage`); on an object it imports
 *    the object's members (syntax.ts).
 *  - The Scala and Java libraries are not indexed: their names land on no file (external).
 */
import { posix } from 'node:path';
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';

const SCALA_FILE = /\.(scala|sc)$/i;
/** Declarations an import names as a type or object (an object is a `class` declaration), at any depth. */
const TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'trait', 'enum']);

/** The empty package's key: no package name can be it. */
export const EMPTY_PACKAGE = ':empty';

export class ScalaLayout {
  private readonly chainOfFile = new Map<string, string[]>();
  private readonly filesOfPackage = new Map<string, string[]>();
  private readonly typesOfFile = new Map<string, Set<string>>();
  /** Top-level functions and values (a package object's members), by file. */
  private readonly valuesOfFile = new Map<string, Set<string>>();

  constructor(workspace: Pick<WorkspaceView, 'files' | 'extraction'>) {
    for (const file of [...workspace.files].filter((f) => SCALA_FILE.test(f)).sort()) {
      const extraction = workspace.extraction(file);
      // The chained clauses by full name, outermost first (`a.b`, `a.b.c`): the last is the file's package.
      const chain = (extraction?.module?.packages ?? []).map((clause) => clause.name);
      this.chainOfFile.set(file, chain);
      const key = chain.length > 0 ? chain[chain.length - 1] : EMPTY_PACKAGE;
      const list = this.filesOfPackage.get(key);
      if (list) list.push(file);
      else this.filesOfPackage.set(key, [file]);
      const types = (extraction?.declarations ?? []).filter((declaration) => TYPE_KINDS.has(declaration.kind));
      this.typesOfFile.set(file, new Set(types.map((declaration) => declaration.name)));
      const values = (extraction?.declarations ?? []).filter((declaration) => declaration.parent === null
        && (declaration.kind === 'function' || declaration.kind === 'variable') && declaration.isExported);
      this.valuesOfFile.set(file, new Set(values.map((declaration) => declaration.name)));
    }
  }

  packageOf(file: string): string | null {
    const chain = this.chainOfFile.get(file);
    if (!chain) return null;
    return chain.length > 0 ? chain[chain.length - 1] : EMPTY_PACKAGE;
  }

  /** `package a.b; package c`: `a.b` (innermost first) — the packages whose members the clauses open. */
  enclosingPackages(file: string): string[] {
    const chain = this.chainOfFile.get(file) ?? [];
    const out: string[] = [];
    for (let i = chain.length - 2; i >= 0; i--) {
      if (this.filesOfPackage.has(chain[i])) out.push(chain[i]);
    }
    return out;
  }

  hasPackage(name: string): boolean {
    return this.filesOfPackage.has(name);
  }

  /** The file declaring type or object `a.b.C` (`C.scala` first), or null. */
  typeFile(qualified: string): string | null {
    const parts = qualified.split('.');
    const type = parts[parts.length - 1];
    const files = (this.filesOfPackage.get(parts.length === 1 ? EMPTY_PACKAGE : parts.slice(0, -1).join('.')) ?? [])
      .filter((file) => this.typesOfFile.get(file)?.has(type));
    const found = files.find((file) => posix.basename(file).replace(SCALA_FILE, '') === type) ?? files[0];
    if (found) return found;
    // `import a.b.f`: a member of package object `a.b` — only when one file of the package declares it.
    const owners = (this.filesOfPackage.get(parts.slice(0, -1).join('.')) ?? []).filter((file) => this.valuesOfFile.get(file)?.has(type));
    return owners.length === 1 ? owners[0] : null;
  }
}

export const createScalaImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => {
  let layout: ScalaLayout | undefined;
  const get = () => (layout ??= new ScalaLayout(workspace));
  return {
    specifiers: { resolveModule: (_fromFile, specifier) => get().typeFile(specifier) },
    packages: {
      packageOf: (file) => get().packageOf(file),
      enclosingPackages: (file) => get().enclosingPackages(file),
      importedPackage: (_fromFile, specifier) => (get().hasPackage(specifier) ? specifier : null),
    },
    isBuiltin: () => false,
  };
};
