/**
 * Go packages and imports, for the shared resolver.
 *
 *  - A **package** is every `.go` file of one folder with the same package clause (as the file's
 *    extraction recorded it): its key is
 *    `folder\0name`, so an external test package (`package gin_test`) stays apart from the package it
 *    tests, and a stray `package main` tool beside a library is its own package. Build tags are not
 *    evaluated: two files declaring one name (per-platform variants) make that name ambiguous.
 *  - An **import path** lands on a folder through the `go.mod` files of the workspace: the module
 *    whose path is the longest prefix of it (a nested module owns its folders), or a `replace`
 *    directive of the importing module that points to a local folder. `vendor/` folders are never
 *    import targets (the vendored code is someone else's). Anything else is external.
 *  - Builtins (`len`, `make`, `new`, `string`, …) are never linked.
 */
import { leavesBase } from '@arbor/vocabulary';
import { posix } from 'node:path';
import type { ImportResolver, WorkspaceView } from '../../model/language-support.js';

const GO_FILE = /\.go$/;

/** Predeclared functions and types: a call of one is never linked by name. */
const BUILTINS = new Set([
  'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new', 'panic',
  'print', 'println', 'real', 'recover',
  'any', 'bool', 'byte', 'comparable', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16',
  'int32', 'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr',
]);

/** What one go.mod says: the module path and `replace` directives that point to local folders. */
export interface GoModule {
  /** Folder of the go.mod, relative to the root ('' for the root). */
  dir: string;
  path: string;
  /** Replaced module path → local folder (relative to the root). */
  replaces: Map<string, string>;
}

/** Reads a go.mod text: `module`, and `replace old [v] => ./local` (single lines and blocks). */
export function parseGoMod(dir: string, text: string): GoModule | null {
  const lines = text.split('\n').map((line) => line.replace(/\/\/.*$/, '').trim());
  let path: string | null = null;
  const replaces = new Map<string, string>();
  let inReplaceBlock = false;
  for (const line of lines) {
    if (!line) continue;
    const module = /^module\s+"?([^\s"]+)"?$/.exec(line);
    if (module) { path = module[1]; continue; }
    if (/^replace\s*\($/.test(line)) { inReplaceBlock = true; continue; }
    if (inReplaceBlock && line === ')') { inReplaceBlock = false; continue; }
    const directive = inReplaceBlock ? line : /^replace\s+(.*)$/.exec(line)?.[1];
    if (!directive) continue;
    const replace = /^"?([^\s"]+)"?(?:\s+\S+)?\s*=>\s*"?([^\s"]+)"?(?:\s+\S+)?$/.exec(directive);
    if (!replace) continue;
    const target = replace[2];
    // Only a local folder is indexed code; another module path is fetched from elsewhere.
    if (target.startsWith('./') || target.startsWith('../') || target === '.' || target === '..') {
      // `=> ../` and `=> ../lib/` name the folder as `..` and `../lib` do: no trailing slash in a folder key.
      const local = posix.normalize(posix.join(dir || '.', target)).replace(/(.)\/+$/, '$1');
      if (!leavesBase(local)) replaces.set(replace[1], local === '.' || local === './' ? '' : local);
    }
  }
  return path === null ? null : { dir, path, replaces };
}

/** The default name an import binds: the last path element, without a major version or `go-` decoration. */
export function defaultImportName(specifier: string): string {
  const parts = specifier.split('/');
  let last = parts[parts.length - 1] ?? specifier;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2];
  last = last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/-go$/, '');
  return last.replace(/[^\p{L}\p{N}_]/gu, '');
}

const dirOf = (file: string): string => {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
};
const join = (dir: string, rest: string): string => (dir === '' ? rest : rest === '' ? dir : `${dir}/${rest}`);
const inVendor = (dir: string): boolean => /(^|\/)vendor(\/|$)/.test(dir);

export function createGoImportResolver(workspace: WorkspaceView): ImportResolver {
  /** The package clause of a file, as its extraction recorded it. */
  const clauseOf = (file: string): string | null => workspace.extraction(file)?.module?.packages?.[0]?.name ?? null;

  let goFilesByDir: Map<string, string[]> | undefined;
  const filesIn = (dir: string): string[] => {
    if (!goFilesByDir) {
      goFilesByDir = new Map();
      for (const file of workspace.files) {
        if (!GO_FILE.test(file)) continue;
        const list = goFilesByDir.get(dirOf(file)) ?? [];
        list.push(file);
        goFilesByDir.set(dirOf(file), list);
      }
    }
    return goFilesByDir.get(dir) ?? [];
  };

  // go.mod files: looked for in every folder that holds Go files and in the folders above it.
  const modulesByDir = new Map<string, GoModule | null>();
  const moduleAt = (dir: string): GoModule | null => {
    let module = modulesByDir.get(dir);
    if (module === undefined) {
      const text = workspace.readText(join(dir, 'go.mod'));
      module = text === undefined ? null : parseGoMod(dir, text);
      modulesByDir.set(dir, module);
    }
    return module;
  };
  const governing = (dir: string): GoModule | null => {
    for (let current = dir; ; current = dirOf(current)) {
      const module = moduleAt(current);
      if (module) return module;
      if (current === '') return null;
    }
  };
  let allModules: GoModule[] | undefined;
  const modules = (): GoModule[] => {
    if (!allModules) {
      if (!goFilesByDir) filesIn('');
      const found = new Map<string, GoModule>();
      for (const dir of goFilesByDir!.keys()) {
        const module = governing(dir);
        if (module) found.set(module.dir, module);
      }
      // Longest module path first: a nested module owns the folders below it.
      allModules = [...found.values()].sort((a, b) => b.path.length - a.path.length);
    }
    return allModules;
  };

  /** The folder an import path lands on, or null when it is outside the workspace. */
  const folderOf = (fromFile: string, specifier: string): string | null => {
    const own = governing(dirOf(fromFile));
    const under = (prefix: string): string | null =>
      specifier === prefix ? '' : specifier.startsWith(`${prefix}/`) ? specifier.slice(prefix.length + 1) : null;
    if (own) {
      let best: { prefix: string; folder: string } | undefined;
      for (const [prefix, folder] of own.replaces) {
        if (under(prefix) !== null && (!best || prefix.length > best.prefix.length)) best = { prefix, folder };
      }
      if (best) return join(best.folder, under(best.prefix)!);
    }
    for (const module of modules()) {
      const rest = under(module.path);
      if (rest !== null) return join(module.dir, rest);
    }
    return null;
  };

  /** The package of a folder an import names: its package clause shared by most files that are no external test package. */
  const packageIn = (dir: string): string | null => {
    const counts = new Map<string, number>();
    for (const file of filesIn(dir)) {
      const name = clauseOf(file);
      if (name === null || name.endsWith('_test')) continue;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    let best: string | null = null;
    let most = 0;
    for (const [name, count] of counts) {
      if (count > most) { best = name; most = count; }
    }
    return best;
  };

  const importedPackages = new Map<string, string | null>();
  return {
    specifiers: { resolveModule: () => null },
    packages: {
      packageOf(file) {
        if (!GO_FILE.test(file)) return null;
        const name = clauseOf(file);
        return name === null ? null : `${dirOf(file)}\0${name}`;
      },
      importedPackage(fromFile, specifier) {
        // Asked for every name looked up through an import: the answer depends on the file's folder only.
        const key = `${dirOf(fromFile)}\0${specifier}`;
        const known = importedPackages.get(key);
        if (known !== undefined) return known;
        const folder = folderOf(fromFile, specifier);
        const name = folder === null || inVendor(folder) ? null : packageIn(folder);
        const found = name === null ? null : `${folder}\0${name}`;
        importedPackages.set(key, found);
        return found;
      },
    },
    isBuiltin: (name) => BUILTINS.has(name),
  };
}
