/**
 * Where a Python import lands among the indexed files.
 *
 * Source roots (folders on an imagined sys.path) are discovered from the file set, and each must be
 * justified:
 *  - the project root, and `src/` (unless `src` is itself a package);
 *  - the parent of a top-level package (a folder with `__init__.py` whose parent has none), or a folder
 *    with a packaging marker (`pyproject.toml`, `setup.py`, `setup.cfg`), when that folder is not inside
 *    a package, not below a `site-packages`/`dist-packages` folder, not in a stub tree (typeshed,
 *    `*-stubs`), and holds some `.py` source (a stubs-only folder describes code that is not here);
 *  - for each importing file, the nearest folder above it that is not a package (the folder of a
 *    script, or the parent of the file's own top-level package): what Python puts first on sys.path.
 * A dotted name is looked up in the importer's own root first; found there, that file wins. A stdlib
 * module name (`os`, `time`, …) not found there is the stdlib's: null. Otherwise every root is tried:
 * one file → that file; several → null: never guess (stub trees are never roots, so a vendored stub
 * cannot compete with real source here).
 * In a folder, a package's `__init__.py` beats `x.py`, and `.py` beats `.pyi`.
 * Third-party modules that are not indexed simply resolve to null.
 */
import type { ImportResolver, ImportResolverFactory, SubmoduleResolution, WorkspaceView } from '../../model/language-support.js';
import { PairMap } from '../../support/pair-map.js';
import { isPythonBuiltin } from './builtins.js';
import { isPythonStdlibModule } from './stdlib-modules.js';

const DOTTED_NAME = /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/u;
const RELATIVE = /^(\.+)(.*)$/;

export interface PythonImportResolver extends ImportResolver {
  submodules: Required<SubmoduleResolution>;
}

/** `pkg` + `x` → `pkg.x`; `.` + `x` → `.x`; `..m` + `x` → `..m.x`. */
export function joinSubmoduleSpecifier(specifier: string, name: string): string {
  return specifier.endsWith('.') ? `${specifier}${name}` : `${specifier}.${name}`;
}

export const createPythonImportResolver: ImportResolverFactory = (workspace: WorkspaceView): PythonImportResolver => {
  const layout = new PythonLayout(workspace.files, (path) => workspace.readText(path));
  // An answer depends on the importer only through its folder (a relative import) or its own root (an
  // absolute one), which many importers share: cached by that, then by specifier.
  const cache = new PairMap<string, string, string | null>();

  const resolveModule = (fromFile: string, specifier: string): string | null => {
    const scope = layout.lookupScope(fromFile, specifier);
    let result = cache.get(scope, specifier);
    if (result === undefined) {
      result = layout.resolve(fromFile, specifier);
      cache.set(scope, specifier, result);
    }
    return result;
  };

  return {
    specifiers: { resolveModule },
    submodules: {
      submoduleSpecifier(moduleFile: string, name: string): string | null {
        // Only a package (its __init__) has submodules; `.name` is relative to the package folder.
        return isPackageInit(moduleFile) && DOTTED_NAME.test(name) && !name.includes('.') ? `.${name}` : null;
      },
      resolveSubmodule(fromFile: string, specifier: string, name: string): string | null {
        if (name === '*' || !DOTTED_NAME.test(name)) return null;
        return resolveModule(fromFile, joinSubmoduleSpecifier(specifier, name));
      },
    },
    bindings: { importsAreVisibleAttributes: true },
    isBuiltin: isPythonBuiltin,
  };
};

class PythonLayout {
  private readonly packages = new Set<string>();
  private readonly roots: string[];
  private readonly rootOfFolder = new Map<string, string>();

  constructor(
    private readonly files: ReadonlySet<string>,
    readText: (relativePath: string) => string | undefined,
  ) {
    let hasSrc = false;
    for (const file of files) {
      if (!isPythonFile(file)) continue;
      if (isPackageInit(file)) this.packages.add(dirname(file));
      if (file.startsWith('src/')) hasSrc = true;
    }
    // Which non-package folders hold (directly or through their packages) any `.py` source.
    const holdsSource = new Set<string>();
    const holdsPython = new Set<string>();
    for (const file of files) {
      if (!isPythonFile(file)) continue;
      const root = this.ownRoot(file);
      holdsPython.add(root);
      if (file.endsWith('.py')) holdsSource.add(root);
    }
    const roots = new Set<string>(['']);
    if (hasSrc && !this.packages.has('src')) roots.add('src');
    for (const pkg of this.packages) {
      const parent = dirname(pkg);
      if (!this.packages.has(parent) && holdsSource.has(parent) && this.mayBeSourceRoot(parent)) roots.add(parent);
    }
    for (const folder of holdsPython) {
      if (this.mayBeSourceRoot(folder) && hasPackagingMarker(folder, files, readText)) roots.add(folder);
    }
    this.roots = [...roots];
  }

  /**
   * What `resolve(fromFile, specifier)` depends on besides the specifier: the importer's folder for a
   * relative import, its own root for an absolute one (a folder never contains a NUL, so the two
   * kinds of key cannot meet).
   */
  lookupScope(fromFile: string, specifier: string): string {
    return specifier.startsWith('.') ? dirname(fromFile) : `\0${this.ownRoot(fromFile)}`;
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
    const ownRoot = this.ownRoot(fromFile);
    const own = this.moduleFile(join(ownRoot, relativePath), false);
    // The importer's own folder comes first on sys.path; after it, the stdlib shadows every other root.
    if (own !== null || isPythonStdlibModule(parts[0])) return own;
    const distinct = new Set<string>();
    for (const root of this.roots) {
      const file = this.moduleFile(join(root, relativePath), false);
      if (file !== null) distinct.add(file);
    }
    return distinct.size === 1 ? [...distinct][0] : null;
  }

  /** The nearest folder above `file` that is not a package (cached per folder). */
  private ownRoot(file: string): string {
    const start = dirname(file);
    let root = this.rootOfFolder.get(start);
    if (root === undefined) {
      root = start;
      while (root !== '' && this.packages.has(root)) root = dirname(root);
      this.rootOfFolder.set(start, root);
    }
    return root;
  }

  /**
   * Whether a folder could be an entry of a real sys.path: not a folder inside some package (test
   * fixtures, data), not below an installed `site-packages` (that folder itself is the entry), and not
   * in a vendored stub tree (typeshed, `*-stubs`), whose modules describe code that is not here.
   */
  private mayBeSourceRoot(folder: string): boolean {
    if (folder === '' || isInStubTree(folder)) return folder === '';
    const segments = folder.split('/');
    if (segments.slice(0, -1).some((segment) => INSTALL_FOLDERS.has(segment))) return false;
    for (let ancestor = dirname(folder); ancestor !== ''; ancestor = dirname(ancestor)) {
      if (this.packages.has(ancestor)) return false;
    }
    return true;
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

const INSTALL_FOLDERS: ReadonlySet<string> = new Set(['site-packages', 'dist-packages']);

/** A path inside a copy of typeshed or a PEP 561 stub-only package (`foo-stubs`). */
function isInStubTree(path: string): boolean {
  return path.split('/').some((segment) => segment === 'typeshed' || segment.endsWith('-stubs'));
}

/** A folder that declares a distribution (`pyproject.toml`, `setup.py`, `setup.cfg`). */
function hasPackagingMarker(folder: string, files: ReadonlySet<string>, readText: (path: string) => string | undefined): boolean {
  if (files.has(join(folder, 'setup.py'))) return true;
  return readText(join(folder, 'pyproject.toml')) !== undefined || readText(join(folder, 'setup.cfg')) !== undefined;
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
