/**
 * Java modules for the shared resolver. A package is every `.java` file whose `package` clause
 * names it, wherever its folder is (`src/main/java/com/x` and `src/test/java/com/x` are one package,
 * as on a class path); the files of one folder share a clause, so one file per folder is asked (its
 * extraction's module facts). The
 * package name is the key (`packageOf`): files of a package see each other's top-level types
 * without an import.
 *
 *  - `import a.b.C;` names file `C.java` of package `a.b` (source roots such as `src/main/java` need
 *    no configuration: the clause says where a package lives).
 *  - `import a.b.*;` names package `a.b` (`importedPackage`).
 *  - `java.lang`, the JDK and libraries are not indexed: their names land on no file (external).
 *  - A file without a package clause is in the unnamed package of its folder.
 */
import { posix } from 'node:path';
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';

const JAVA_FILE = /\.java$/i;

export class JavaLayout {
  private readonly packageOfFolder = new Map<string, string>();
  private readonly foldersOfPackage = new Map<string, string[]>();

  private readonly files: ReadonlySet<string>;

  constructor(workspace: Pick<WorkspaceView, 'files' | 'extraction'>) {
    this.files = workspace.files;
    for (const file of workspace.files) {
      if (!JAVA_FILE.test(file)) continue;
      const folder = posix.dirname(file);
      if (this.packageOfFolder.has(folder)) continue;
      const name = workspace.extraction(file)?.module?.packages?.[0]?.name ?? null;
      // The unnamed package of a folder: a key no package name can be.
      const key = name ?? `:${folder}`;
      this.packageOfFolder.set(folder, key);
      const folders = this.foldersOfPackage.get(key);
      if (folders) folders.push(folder);
      else this.foldersOfPackage.set(key, [folder]);
    }
  }

  packageOf(file: string): string | null {
    return JAVA_FILE.test(file) ? this.packageOfFolder.get(posix.dirname(file)) ?? null : null;
  }

  hasPackage(name: string): boolean {
    return this.foldersOfPackage.has(name);
  }

  /**
   * The file of type `a.b.C` (or of the top-level type enclosing `a.b.C.D`): `C.java` in a folder of
   * package `a.b`. null when no indexed package declares it.
   */
  typeFile(qualified: string): string | null {
    const parts = qualified.split('.');
    for (let split = parts.length - 1; split >= 1; split--) {
      const folders = this.foldersOfPackage.get(parts.slice(0, split).join('.'));
      if (!folders) continue;
      for (const folder of folders) {
        const file = folder === '.' ? `${parts[split]}.java` : `${folder}/${parts[split]}.java`;
        if (this.files.has(file)) return file;
      }
      return null;
    }
    return null;
  }
}

export const createJavaImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => {
  let layout: JavaLayout | undefined;
  const get = () => (layout ??= new JavaLayout(workspace));
  return {
    specifiers: { resolveModule: (_fromFile, specifier) => get().typeFile(specifier) },
    packages: {
      packageOf: (file) => get().packageOf(file),
      importedPackage: (_fromFile, specifier) => (get().hasPackage(specifier) ? specifier : null),
    },
    // A bare call is a method (or a statically imported one): no runtime function is called bare.
    isBuiltin: () => false,
  };
};
