/**
 * Rust's module tree and crates, for the shared resolver.
 *
 *  - A **crate** has a root file: `[lib] path` or `src/lib.rs`, the `[[bin]]`/`[[test]]`/… paths of
 *    its `Cargo.toml`, `src/main.rs`, `src/bin/*.rs`, `tests/*.rs`, `examples/*.rs`, `benches/*.rs`,
 *    `build.rs`. A manifest is the nearest `Cargo.toml` above a file; every manifest of the workspace
 *    names a library crate (`[lib] name`, else the package name with `-` as `_`).
 *  - A file's **module path** is its path below its crate root's folder, as `mod a;` finds it:
 *    `a.rs` or `a/mod.rs` is `crate::a`, `a/b.rs` is `crate::a::b`. Where two roots share a folder
 *    (`src/lib.rs` and `src/main.rs`), the root whose text declares `mod <first segment>` owns it,
 *    else the library (the `mod` items come from each file's extraction). `#[path]` attributes are not read.
 *  - A **specifier** is a `use` path without its last name, as the extractor writes it:
 *    `crate::a::b`, `self::a`, `super::super::a`, `::other`, or a bare `a::b` — a child module the
 *    current one declares (`mod a`) first, then a crate of the workspace; anything else is external
 *    (`std`, a dependency). A path into an inline module (`crate::tests` with `mod tests { … }` in
 *    lib.rs) is that file and the module names inside it (`resolveNestedModule`); one through an item
 *    (`Enum::Variant`) lands on nothing: it stays unresolved rather than guessed.
 *  - A crate is also a `packageOf` key: a macro (`name!`) declared in a module its parent declares
 *    `#[macro_use]` (up to the root) is visible in the crate's other files (macros are textually
 *    scoped), and so is a module's top-level macro in the modules it declares (`mod m;`) after it; no
 *    other item is (`visibleInPackage`).
 */
import { posix } from 'node:path';
import type { ImportResolver, WorkspaceView } from '../../model/language-support.js';
import { inDir, parseCargoManifest, type CargoManifest } from './cargo.js';

/** Prelude names and common std macros: never linked by name. */
const BUILTINS = new Set([
  'Some', 'None', 'Ok', 'Err', 'Box', 'Vec', 'String', 'Option', 'Result', 'drop', 'Default', 'From', 'Into',
  'println!', 'print!', 'eprintln!', 'eprint!', 'format!', 'write!', 'writeln!', 'vec!', 'panic!', 'assert!', 'assert_eq!',
  'assert_ne!', 'debug_assert!', 'debug_assert_eq!', 'debug_assert_ne!', 'unreachable!', 'unimplemented!', 'todo!',
  'format_args!', 'matches!', 'concat!', 'stringify!', 'include_str!', 'include_bytes!', 'env!', 'option_env!', 'cfg!',
  'line!', 'file!', 'column!', 'module_path!', 'compile_error!', 'dbg!', 'thread_local!', 'include!',
]);

/** Where a file sits in the module tree. */
interface Location {
  /** The crate root file. */
  root: string;
  /** The root's folder: module paths are relative to it. */
  dir: string;
  /** The file's module path below the root (empty for the root). */
  path: string[];
}

export function createRustImportResolver(workspace: WorkspaceView): ImportResolver {
  const manifests = new Map<string, CargoManifest | null>();
  const locations = new Map<string, Location>();
  const rootsByPackage = new Map<string, string[]>();
  const declaredMods = new Map<string, Set<string>>();
  let crates: Map<string, string> | undefined;

  const manifestAt = (dir: string): CargoManifest | null => {
    let known = manifests.get(dir);
    if (known === undefined) {
      const text = workspace.readText(inDir(dir, 'Cargo.toml'));
      known = text === undefined ? null : parseCargoManifest(dir, text);
      manifests.set(dir, known);
    }
    return known;
  };

  /** The nearest manifest above a file. */
  const manifestOf = (file: string): CargoManifest | null => {
    for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
      const here = dir === '.' ? '' : dir;
      const manifest = manifestAt(here);
      if (manifest) return manifest;
      if (here === '') return null;
    }
  };

  const has = (path: string) => workspace.files.has(path);

  /** The crate roots of a package: its targets, stated and by convention. */
  const rootsOf = (manifest: CargoManifest): string[] => {
    let roots = rootsByPackage.get(manifest.dir);
    if (roots) return roots;
    const found = new Set<string>();
    const at = (p: string) => inDir(manifest.dir, p);
    const lib = at(manifest.libPath ?? 'src/lib.rs');
    if (has(lib)) found.add(lib);
    for (const p of manifest.targetPaths) if (has(at(p))) found.add(at(p));
    if (has(at('src/main.rs'))) found.add(at('src/main.rs'));
    if (has(at('build.rs'))) found.add(at('build.rs'));
    const folders: Array<[string, 'bins' | 'tests' | 'examples' | 'benches']> = [['src/bin', 'bins'], ['tests', 'tests'], ['examples', 'examples'], ['benches', 'benches']];
    for (const file of workspace.files) {
      if (!file.endsWith('.rs')) continue;
      for (const [folder, auto] of folders) {
        if (manifest.noAuto.has(auto)) continue;
        const prefix = `${at(folder)}/`;
        if (!file.startsWith(prefix)) continue;
        const rest = file.slice(prefix.length);
        // `tests/a.rs` is a crate; `src/bin/tool/main.rs` too; `tests/common/mod.rs` is a module of one.
        if (!rest.includes('/') || (folder !== 'tests' && /^[^/]+\/main\.rs$/.test(rest))) found.add(file);
      }
    }
    roots = [...found];
    rootsByPackage.set(manifest.dir, roots);
    return roots;
  };

  /** The `mod name;` / `mod name {` names a module file declares (at any depth, as its extraction recorded them). */
  const modsOf = (file: string): Set<string> => {
    let mods = declaredMods.get(file);
    if (!mods) {
      mods = new Set((workspace.extraction(file)?.module?.submodules ?? []).map((module) => module.name));
      declaredMods.set(file, mods);
    }
    return mods;
  };

  const locate = (file: string): Location => {
    const known = locations.get(file);
    if (known) return known;
    const location = computeLocation(file);
    locations.set(file, location);
    return location;
  };

  const computeLocation = (file: string): Location => {
    const manifest = manifestOf(file);
    const roots = manifest ? rootsOf(manifest) : looseRoots(file);
    if (roots.includes(file)) return { root: file, dir: dirOf(file), path: [] };
    // The deepest root folder above the file owns it.
    let best: string[] = [];
    let bestDir = '';
    for (const root of roots) {
      const dir = dirOf(root);
      if (dir !== '' && !file.startsWith(`${dir}/`)) continue;
      if (best.length === 0 || dir.length > bestDir.length) {
        best = [root];
        bestDir = dir;
      } else if (dir === bestDir) {
        best.push(root);
      }
    }
    if (best.length === 0) return { root: file, dir: dirOf(file), path: [] };
    const path = modulePath(bestDir, file);
    let root = best[0];
    if (best.length > 1) {
      const declaring = best.filter((r) => modsOf(r).has(path[0]));
      const lib = manifest ? inDir(manifest.dir, manifest.libPath ?? 'src/lib.rs') : undefined;
      root = declaring.length === 1 ? declaring[0] : best.find((r) => r === lib) ?? best[0];
    }
    return { root, dir: bestDir, path };
  };

  /** Without a manifest: the nearest folder holding `lib.rs` or `main.rs` is a crate root's. */
  const looseRoots = (file: string): string[] => {
    for (let dir = dirOf(file); ; dir = dirOf(dir)) {
      for (const name of ['lib.rs', 'main.rs']) if (has(inDir(dir, name))) return [inDir(dir, name)];
      if (dir === '') return [];
    }
  };

  /** The file of module `path` of the crate whose root is `root`, or null. */
  const fileOf = (location: Pick<Location, 'root' | 'dir'>, path: string[]): string | null => {
    if (path.length === 0) return location.root;
    const base = inDir(location.dir, path.join('/'));
    if (has(`${base}.rs`)) return `${base}.rs`;
    if (has(`${base}/mod.rs`)) return `${base}/mod.rs`;
    return null;
  };

  /** Library crate name → its root file, for every manifest above an indexed Rust file. */
  const crateRoots = (): Map<string, string> => {
    if (crates) return crates;
    crates = new Map();
    const seen = new Set<string>();
    for (const file of workspace.files) {
      if (!file.endsWith('.rs')) continue;
      const manifest = manifestOf(file);
      if (!manifest || seen.has(manifest.dir)) continue;
      seen.add(manifest.dir);
      const lib = inDir(manifest.dir, manifest.libPath ?? 'src/lib.rs');
      if (manifest.libName && has(lib)) crates.set(manifest.libName, lib);
    }
    return crates;
  };

  /** The crate a specifier starts in and the module path it names there, or null. */
  const modulePathOf = (fromFile: string, specifier: string): { crate: Pick<Location, 'root' | 'dir'>; path: string[] } | null => {
    const from = locate(fromFile);
    const segments = specifier.split('::');
    let path: string[];
    let crate: Pick<Location, 'root' | 'dir'> = from;
    let rest: string[];
    if (segments[0] === 'crate') {
      path = [];
      rest = segments.slice(1);
    } else if (segments[0] === 'self' || segments[0] === 'super') {
      path = [...from.path];
      let i = 0;
      if (segments[0] === 'self') i = 1;
      for (; segments[i] === 'super'; i++) {
        if (path.length === 0) return null;
        path.pop();
      }
      rest = segments.slice(i);
    } else {
      const external = segments[0] === '';
      const head = external ? segments[1] : segments[0];
      // A child module only where the current module declares it (`mod head;`): `tests/shop.rs` naming
      // the crate `shop` is no module of itself.
      const current = fileOf(from, from.path);
      if (!external && current !== null && modsOf(current).has(head) && fileOf(from, [...from.path, head]) !== null) {
        path = [...from.path];
        rest = segments;
      } else {
        const root = crateRoots().get(head);
        if (!root) return null;
        crate = { root, dir: dirOf(root) };
        path = [];
        rest = segments.slice(external ? 2 : 1);
      }
    }
    if (rest.some((s) => !/^[A-Za-z_]\w*$/.test(s))) return null;
    return { crate, path: [...path, ...rest] };
  };

  const resolveModule = (fromFile: string, specifier: string): string | null => {
    const found = modulePathOf(fromFile, specifier);
    return found ? fileOf(found.crate, found.path) : null;
  };

  /** `crate::tests::helpers` with `mod tests { mod helpers { … } }` in lib.rs: lib.rs, then [tests, helpers]. */
  const resolveNestedModule = (fromFile: string, specifier: string): { file: string; modules: string[] } | null => {
    const found = modulePathOf(fromFile, specifier);
    if (!found) return null;
    for (let length = found.path.length - 1; length >= 0; length--) {
      const file = fileOf(found.crate, found.path.slice(0, length));
      if (file !== null) return { file, modules: found.path.slice(length) };
    }
    return null;
  };

  /**
   * Whether a file's macros are textually in scope in the rest of its crate: its module is declared
   * `#[macro_use] mod m;` by its parent, and so on up to the crate root (the order of declarations
   * within a file is not checked).
   */
  const macroUsed = new Map<string, boolean>();
  const isMacroUsed = (file: string): boolean => {
    const known = macroUsed.get(file);
    if (known !== undefined) return known;
    macroUsed.set(file, false); // a cycle proves nothing
    const location = locate(file);
    let used = false;
    if (location.path.length > 0) {
      const name = location.path[location.path.length - 1];
      const parent = fileOf(location, location.path.slice(0, -1));
      if (parent !== null) {
        const declared = (workspace.extraction(parent)?.module?.submodules ?? []).some((module) => module.macroUse && module.name === name);
        used = declared && (locate(parent).path.length === 0 || isMacroUsed(parent));
      }
    }
    macroUsed.set(file, used);
    return used;
  };

  /**
   * Whether a top-level macro of `file`, declared at `line`, is textually in scope in `from`: `from` is
   * a module below `file`'s in the same crate, reached through a `mod child;` that `file` writes after
   * the macro (a macro is visible in the rest of its module, the modules declared there included).
   */
  const scopesInto = (file: string, line: number, from: string): boolean => {
    const here = locate(file);
    const there = locate(from);
    if (here.root !== there.root || there.path.length <= here.path.length) return false;
    if (!here.path.every((segment, i) => there.path[i] === segment)) return false;
    const child = there.path[here.path.length];
    const mod = workspace.extraction(file)?.imports.find((statement) =>
      statement.specifier === `self::${child}` && statement.bindings.length === 1 && statement.bindings[0].local === child && statement.bindings[0].imported === '*');
    return mod !== undefined && mod.line > line;
  };

  return {
    specifiers: {
      resolveModule,
      resolveNestedModule,
      // `crate::a::f()`, `super::f()`, `other_crate::f()`: paths whose head no `use` binds.
      implicitModule: (fromFile, name) => (name === 'crate' || name === 'super' || crateRoots().has(name) ? resolveModule(fromFile, name) : null),
    },
    packages: {
      packageOf: (file) => (file.endsWith('.rs') ? locate(file).root : null),
      visibleInPackage: (file, declaration, from) =>
        declaration.name.endsWith('!') && (isMacroUsed(file) || (from !== undefined && declaration.parent === null && scopesInto(file, declaration.startLine, from))),
    },
    submodules: { submoduleSpecifier: (_moduleFile, name) => `self::${name}` },
    // `pub use` re-exports and `use m::*` globs: a module's imports are reachable through it.
    bindings: { importsAreVisibleAttributes: true },
    isBuiltin: (name) => BUILTINS.has(name),
  };
}

function dirOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/** `a/b.rs` → [a, b]; `a/mod.rs` → [a], below `dir`. */
function modulePath(dir: string, file: string): string[] {
  const relative = (dir === '' ? file : file.slice(dir.length + 1)).replace(/\.rs$/, '');
  const parts = relative.split('/');
  if (parts[parts.length - 1] === 'mod') parts.pop();
  return parts;
}
