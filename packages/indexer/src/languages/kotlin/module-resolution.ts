/**
 * Kotlin modules for the shared resolver. A package is every `.kt`/`.kts` file whose `package`
 * header names it, wherever its folder is (Kotlin does not tie packages to folders); a file
 * without a header is in the root package. The package name is the key (`packageOf`): files of a
 * package see each other's top-level declarations without an import.
 *
 *  - `import a.b.Name` names top-level `Name` (a class, an object, a function, a property) of
 *    package `a.b` (`importedPackage` gives the package, the binding the name); its `imports` edge
 *    goes to the file that declares it (`resolveModule`, from the files' top-level declarations).
 *  - `import a.b.*` (written `a.b.*` by the extractor) names package `a.b`.
 *  - `kotlin.*`, `java.*`, libraries: their packages hold no indexed file, so their names are
 *    external — a default import is never linked to a workspace name.
 */
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';

const KOTLIN_FILE = /\.kts?$/i;
/** The root package: a key no package name can be. */
const ROOT = ':root';

export class KotlinLayout {
  private readonly packageOfFile = new Map<string, string>();
  /** Package → top-level name → the files declaring it. */
  private readonly names = new Map<string, Map<string, string[]>>();

  constructor(workspace: Pick<WorkspaceView, 'files' | 'extraction'>) {
    for (const file of workspace.files) {
      if (!KOTLIN_FILE.test(file)) continue;
      const extraction = workspace.extraction(file);
      const key = extraction?.module?.packages?.[0]?.name ?? ROOT;
      this.packageOfFile.set(file, key);
      let names = this.names.get(key);
      if (!names) this.names.set(key, (names = new Map()));
      // Top-level declarations (an extension function is one: it is written at the top level).
      for (const name of extraction?.module?.declaredNames ?? []) {
        const list = names.get(name);
        if (!list) names.set(name, [file]);
        else if (!list.includes(file)) list.push(file);
      }
    }
  }

  packageOf(file: string): string | null {
    return this.packageOfFile.get(file) ?? null;
  }

  /** `a.b.*` → a.b; `a.b.Name` → a.b: the package an import names, when it holds an indexed file. */
  importedPackage(specifier: string): string | null {
    const dot = specifier.lastIndexOf('.');
    if (dot < 0) return null;
    const key = specifier.slice(0, dot);
    return this.names.has(key) ? key : null;
  }

  /** The file declaring top-level `a.b.Name` (the first, when several files declare overloads of it). */
  declaringFile(specifier: string): string | null {
    if (specifier.endsWith('.*')) return null;
    const key = this.importedPackage(specifier);
    if (key === null) return null;
    return this.names.get(key)!.get(specifier.slice(key.length + 1))?.[0] ?? null;
  }
}

/** Top-level functions of the standard library a bare call most often means (default imports). */
const STANDARD_FUNCTIONS = new Set([
  'println', 'print', 'readLine', 'readln', 'require', 'requireNotNull', 'check', 'checkNotNull', 'error', 'assert', 'TODO',
  'listOf', 'listOfNotNull', 'mutableListOf', 'arrayListOf', 'emptyList', 'setOf', 'mutableSetOf', 'hashSetOf', 'linkedSetOf',
  'emptySet', 'mapOf', 'mutableMapOf', 'hashMapOf', 'linkedMapOf', 'emptyMap', 'arrayOf', 'arrayOfNulls', 'emptyArray',
  'intArrayOf', 'longArrayOf', 'byteArrayOf', 'charArrayOf', 'doubleArrayOf', 'floatArrayOf', 'booleanArrayOf', 'shortArrayOf',
  'sequenceOf', 'emptySequence', 'generateSequence', 'sequence', 'iterator', 'buildList', 'buildSet', 'buildMap', 'buildString',
  'lazy', 'lazyOf', 'run', 'with', 'apply', 'also', 'let', 'takeIf', 'takeUnless', 'repeat', 'synchronized', 'maxOf', 'minOf',
  'Pair', 'Triple', 'to', 'runCatching', 'Result', 'enumValues', 'enumValueOf', 'emptyArray', 'require', 'suspend',
  'Regex', 'StringBuilder', 'ArrayList', 'HashMap', 'HashSet', 'LinkedHashMap', 'LinkedHashSet', 'IllegalArgumentException',
  'IllegalStateException', 'UnsupportedOperationException', 'NotImplementedError', 'Exception', 'RuntimeException', 'Error',
  'Any', 'String', 'Int', 'Long', 'Double', 'Float', 'Boolean', 'Char', 'Byte', 'Short', 'Array', 'Unit', 'Nothing',
]);

export const createKotlinImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => {
  let layout: KotlinLayout | undefined;
  const get = () => (layout ??= new KotlinLayout(workspace));
  return {
    specifiers: { resolveModule: (_fromFile, specifier) => get().declaringFile(specifier) },
    packages: {
      packageOf: (file) => get().packageOf(file),
      importedPackage: (_fromFile, specifier) => get().importedPackage(specifier),
    },
    isBuiltin: (name) => STANDARD_FUNCTIONS.has(name),
  };
};
