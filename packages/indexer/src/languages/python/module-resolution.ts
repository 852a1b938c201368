/**
 * Where a Python import lands among the indexed files.
 *
 * Source roots (folders on an imagined sys.path) are discovered from the file set:
 *  - the project root and `src/` (unless `src` is itself a package);
 *  - the parent of every top-level package (a folder with `__init__.py` whose parent has none);
 *  - for each importing file, the nearest folder above it that is not a package (the folder of
 *    a script, or the parent of the file's own top-level package): what Python puts first on
 *    sys.path when that file's program runs.
 * A dotted name is looked up under every root. One indexed file → that file. Several → the one
 * under the importer's own root if exactly one is there, else null: never guess across roots.
 * Stdlib and third-party modules are simply not indexed, so they resolve to null.
 */
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';
import { isPythonBuiltin } from './builtins.js';

const DOTTED_NAME = /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/u;
const RELATIVE = /^(\.+)(.*)$/;

export interface PythonImportResolver extends ImportResolver {
  /** `from <specifier> import <name>` where name is a submodule: the file of `specifier.name`. */
  resolveSubmodule(fromFile: string, specifier: string, name: string): string | null;
}

/** `pkg` + `x` → `pkg.x`; `.` + `x` → `.x`; `..m` + `x` → `..m.x`. */
export function joinSubmoduleSpecifier(specifier: string, name: string): string {
  return specifier.endsWith('.') ? `${specifier}${name}` : `${specifier}.${name}`;
}

export const createPythonImportResolver: ImportResolverFactory = (workspace: WorkspaceView): PythonImportResolver => {
  const layout = new PythonLayout(workspace.files);
  const cache = new Map<string, string | null>();

  const resolveModule = (fromFile: string, specifier: string): string | null => {
    const key = `${fromFile}\0${specifier}`;
    let result = cache.get(key);
    if (result === undefined) {
      result = layout.resolve(fromFile, specifier);
      cache.set(key, result);
    }
    return result;
  };

  return {
    resolveModule,
    isBuiltin: isPythonBuiltin,
    importsAreVisibleAttributes: true,
    submoduleSpecifier(moduleFile: string, name: string): string | null {
      // Only a package (its __init__) has submodules; `.name` is relative to the package folder.
      return isPackageInit(moduleFile) && DOTTED_NAME.test(name) && !name.includes('.') ? `.${name}` : null;
    },
    resolveSubmodule(fromFile: string, specifier: string, name: string): string | null {
      if (name === '*' || !DOTTED_NAME.test(name)) return null;
      return resolveModule(fromFile, joinSubmoduleSpecifier(specifier, name));
    },
  };
};

class PythonLayout {
  private readonly packages = new Set<string>();
  private readonly roots: string[];

  constructor(private readonly files: ReadonlySet<string>) {
    let hasSrc = false;
    for (const file of files) {
      if (!isPythonFile(file)) continue;
      if (isPackageInit(file)) this.packages.add(dirname(file));
      if (file.startsWith('src/')) hasSrc = true;
    }
    const roots = new Set<string>(['']);
    if (hasSrc && !this.packages.has('src')) roots.add('src');
    for (const pkg of this.packages) {
      const parent = dirname(pkg);
      if (!this.packages.has(parent)) roots.add(parent);
    }
    this.roots = [...roots];
  }

  resolve(fromFile: string, specifier: string): string | null {
    const relative = RELATIVE.exec(specifier);
    if (relative) return this.resolveRelative(fromFile, relative[1].length, relative[2]);
    if (!DOTTED_NAME.test(specifier)) return null;
    return this.resolveAbsolute(fromFile, specifier.split('.'));
  }

  private resolveRelative(fromFile: string, dots: number, rest: string): string | null {
    if (rest !== '' && !DOTTED_NAME.test(rest)) return null;
    let base = dirname(fromFile);
    for (let level = 1; level < dots; level++) {
      if (base === '') return null; // above the project root
      base = dirname(base);
    }
    return this.moduleFile(rest === '' ? base : join(base, rest.split('.').join('/')), rest === '');
  }

  private resolveAbsolute(fromFile: string, parts: string[]): string | null {
    const relativePath = parts.join('/');
    const found = new Map<string, string>(); // root → file
    const ownRoot = this.ownRoot(fromFile);
    for (const root of new Set([...this.roots, ownRoot])) {
      const file = this.moduleFile(join(root, relativePath), false);
      if (file !== null) found.set(root, file);
    }
    const distinct = new Set(found.values());
    if (distinct.size === 1) return [...distinct][0];
    if (distinct.size === 0) return null;
    return found.get(ownRoot) ?? null;
  }

  /** The nearest folder above `file` that is not a package. */
  private ownRoot(file: string): string {
    let folder = dirname(file);
    while (folder !== '' && this.packages.has(folder)) folder = dirname(folder);
    return folder;
  }

  /**
   * The file of a module at `path` (no extension): a regular package's `__init__` first (as
   * Python's path finder does), then a `.py` module; a `.pyi` stub only when no source exists.
   */
  private moduleFile(path: string, packageOnly: boolean): string | null {
    const candidates = packageOnly
      ? [join(path, '__init__.py'), join(path, '__init__.pyi')]
      : [join(path, '__init__.py'), `${path}.py`, join(path, '__init__.pyi'), `${path}.pyi`];
    for (const candidate of candidates) if (this.files.has(candidate)) return candidate;
    return null;
  }
}

function isPythonFile(path: string): boolean {
  return path.endsWith('.py') || path.endsWith('.pyi');
}

function isPackageInit(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base === '__init__.py' || base === '__init__.pyi';
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function join(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}
