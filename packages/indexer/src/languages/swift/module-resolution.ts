/**
 * Swift modules for the shared resolver. A module is a SwiftPM target: every `.swift` file under the
 * target's folder (`path:` in `Package.swift`, else `Sources/<Name>`, or `Tests/<Name>` for a test
 * target). Files of one target see each other's top-level declarations without an import
 * (`packageOf`, keyed by the package folder and the target name); `import X` of another target of
 * the workspace makes its declarations visible (`importedPackage`). A file of no target — or a
 * repository without `Package.swift` — is in its package folder's one remaining module.
 * Foundation, UIKit, SwiftUI, XCTest and the packages the workspace depends on are not indexed:
 * their imports land on nothing (external).
 */
import { posix } from 'node:path';
import type { Declaration } from '../../model/extraction.js';
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';

const SWIFT_FILE = /\.swift$/i;
const MANIFEST = /(^|\/)Package\.swift$/;
const TARGET = /\.(target|executableTarget|testTarget|macro|plugin|systemLibrary|binaryTarget)\s*\(/g;

export interface SwiftTarget {
  name: string;
  /** The target's folder, relative to the workspace root. */
  folder: string;
}

/**
 * The folders SwiftPM looks in for a target without `path:`, in its order (a test target also looks in the
 * others): `Sources/<Name>`, `Source/<Name>`, `src/<Name>`, `srcs/<Name>`.
 */
const SOURCE_ROOTS = ['Sources', 'Source', 'src', 'srcs'];
const TEST_ROOTS = ['Tests', ...SOURCE_ROOTS];

/** The targets a `Package.swift` declares, with their folders relative to the workspace root (`exists`: whether any indexed file lies under a folder). */
export function manifestTargets(text: string, packageFolder: string, exists: (folder: string) => boolean = () => false): SwiftTarget[] {
  const clean = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');
  const targets: SwiftTarget[] = [];
  for (const match of clean.matchAll(TARGET)) {
    // The call's own arguments: up to its closing parenthesis.
    let depth = 1;
    let end = match.index! + match[0].length;
    for (; end < clean.length && depth > 0; end++) {
      if (clean[end] === '(') depth++;
      else if (clean[end] === ')') depth--;
    }
    const args = clean.slice(match.index! + match[0].length, end);
    const name = /^\s*name\s*:\s*"([^"]+)"/.exec(args)?.[1];
    if (!name) continue;
    const path = /\bpath\s*:\s*"([^"]*)"/.exec(args)?.[1];
    // A folder outside the package (absolute, or above the workspace) holds no file arbor indexes.
    if (path !== undefined && posix.isAbsolute(path)) continue;
    const inPackage = (base: string) => posix.normalize(posix.join(packageFolder, base)).replace(/\/$/, '').replace(/^\.$/, '');
    const roots = match[1] === 'testTarget' ? TEST_ROOTS : SOURCE_ROOTS;
    const folder = inPackage(path ?? `${roots.find((root) => exists(inPackage(`${root}/${name}`))) ?? roots[0]}/${name}`);
    if (folder === '..' || folder.startsWith('../')) continue;
    targets.push({ name, folder });
  }
  return targets;
}

export class SwiftLayout {
  private readonly moduleOfFile = new Map<string, string>();
  /** Target name → module keys, per package folder ('' for the root). */
  private readonly targetsOfPackage = new Map<string, Map<string, string>>();
  private readonly allTargets = new Map<string, string[]>();

  constructor(files: ReadonlySet<string>, readText: (path: string) => string | undefined) {
    const manifests = [...files].filter((f) => MANIFEST.test(f)).sort();
    const targets: Array<SwiftTarget & { key: string; pkg: string }> = [];
    const folders = new Set<string>();
    for (const file of files) for (let dir = posix.dirname(file); dir !== '.' && !folders.has(dir); dir = posix.dirname(dir)) folders.add(dir);
    for (const manifest of manifests) {
      const pkg = posix.dirname(manifest) === '.' ? '' : posix.dirname(manifest);
      const byName = new Map<string, string>();
      this.targetsOfPackage.set(pkg, byName);
      for (const target of manifestTargets(readText(manifest) ?? '', pkg, (folder) => folders.has(folder))) {
        const key = `${pkg}#${target.name}`;
        byName.set(target.name, key);
        this.allTargets.set(target.name, [...(this.allTargets.get(target.name) ?? []), key]);
        targets.push({ ...target, key, pkg });
      }
    }
    // The deepest folder wins: a target nested in another's folder owns its files.
    targets.sort((a, b) => b.folder.length - a.folder.length);
    const packages = [...this.targetsOfPackage.keys()].sort((a, b) => b.length - a.length);
    for (const file of files) {
      if (!SWIFT_FILE.test(file) || MANIFEST.test(file)) continue;
      const within = (folder: string) => folder === '' || file.startsWith(`${folder}/`);
      const target = targets.find((t) => within(t.folder));
      const pkg = packages.find(within) ?? '';
      this.moduleOfFile.set(file, target ? target.key : `${pkg}#`);
    }
  }

  packageOf(file: string): string | null {
    return this.moduleOfFile.get(file) ?? null;
  }

  /** `import X` from `fromFile`: target X of the file's own package, else the one target X of the workspace. */
  importedModule(fromFile: string, name: string): string | null {
    const own = this.moduleOfFile.get(fromFile);
    const pkg = own === undefined ? '' : own.slice(0, own.lastIndexOf('#'));
    const local = this.targetsOfPackage.get(pkg)?.get(name);
    if (local) return local;
    const anywhere = this.allTargets.get(name) ?? [];
    return anywhere.length === 1 ? anywhere[0] : null;
  }
}

/** `@_exported import X`, `@_exported import struct X.Y`: module X, which every file of the module and of its importers sees. */
const EXPORTED_IMPORT = /^[ \t]*@_exported\b(?:[ \t]+@[\w.]+(?:\([^)\n]*\))?)*[ \t]+import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?([A-Za-z_]\w*)/gm;
/** `import X` (any kind, any attributes): module X. */
const ANY_IMPORT = /^[ \t]*(?:@[\w.]+(?:\([^)\n]*\))?[ \t]+)*import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?([A-Za-z_]\w*)/gm;

/**
 * Re-exported modules: `@_exported import X` in one file of a module makes X visible in all its files, and in
 * every file that imports the module (Vapor's and Hummingbird's `Exports.swift`), transitively.
 */
export class SwiftReexports {
  private exportedByModule?: Map<string, Set<string>>;
  private readonly seen = new Map<string, readonly string[]>();

  constructor(
    private readonly files: ReadonlySet<string>,
    private readonly readText: (path: string) => string | undefined,
    private readonly layout: () => SwiftLayout,
  ) {}

  private exported(): Map<string, Set<string>> {
    if (this.exportedByModule) return this.exportedByModule;
    this.exportedByModule = new Map();
    for (const file of this.files) {
      if (!SWIFT_FILE.test(file) || MANIFEST.test(file)) continue;
      const text = this.readText(file);
      if (!text?.includes('@_exported')) continue;
      const module = this.layout().packageOf(file);
      if (module === null) continue;
      for (const match of text.matchAll(EXPORTED_IMPORT)) {
        const set = this.exportedByModule.get(module) ?? new Set();
        set.add(match[1]);
        this.exportedByModule.set(module, set);
      }
    }
    return this.exportedByModule;
  }

  /** The module names a file sees without writing their imports. */
  implicitImports(file: string): readonly string[] {
    const known = this.seen.get(file);
    if (known) return known;
    const exported = this.exported();
    const out = new Set<string>();
    if (exported.size > 0) {
      const queue: string[] = [];
      const own = this.layout().packageOf(file);
      if (own !== null) queue.push(own);
      for (const match of (this.readText(file) ?? '').matchAll(ANY_IMPORT)) {
        const module = this.layout().importedModule(file, match[1]);
        if (module !== null) queue.push(module);
      }
      const visited = new Set<string>();
      while (queue.length > 0) {
        const module = queue.pop()!;
        if (visited.has(module)) continue;
        visited.add(module);
        for (const name of exported.get(module) ?? []) {
          out.add(name);
          const next = this.layout().importedModule(file, name);
          if (next !== null) queue.push(next);
        }
      }
    }
    const list = [...out];
    this.seen.set(file, list);
    return list;
  }
}

export const createSwiftImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => {
  let layout: SwiftLayout | undefined;
  const get = () => (layout ??= new SwiftLayout(workspace.files, (path) => workspace.readText(path)));
  const reexports = new SwiftReexports(workspace.files, (path) => workspace.readText(path), get);
  return {
    // An import names a module, never a file.
    specifiers: { resolveModule: () => null },
    packages: {
      packageOf: (file) => get().packageOf(file),
      // `private` / `fileprivate` top-level declarations stay in their file.
      visibleInPackage: (_file: string, declaration: Declaration) => declaration.visibility !== 'private',
      importedPackage: (fromFile, specifier) => get().importedModule(fromFile, specifier),
      implicitImports: (file) => reexports.implicitImports(file),
    },
    isBuiltin: () => false,
  };
};
