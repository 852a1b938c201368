/**
 * Where an ECMAScript import specifier lands among the indexed files: relative paths with
 * extension and index probing (and TypeScript's `./x.js` → `x.ts`), tsconfig/jsconfig `paths` and
 * `baseUrl`, package.json `imports` (`#x`), and packages that live in the workspace (monorepo
 * members) through `exports`, entry fields or direct subpaths — mapping a built `dist/x.js` back to
 * its indexed source only when exactly one source matches. Everything else (npm packages, Node
 * builtins, missing files) lands nowhere: null.
 *
 * Every answer is cached: resolution runs for every import of every file.
 */
import type { ImportResolver, ImportResolverFactory, SpecifierResolution, WorkspaceView } from '../../model/language-support.js';
import { isEcmascriptBuiltin, isNodeBuiltinModule } from './ecmascript-builtins.js';
import { joinPath, parentDir, pathCandidates, resolveIn, TsconfigLookup } from './tsconfig-paths.js';
import { entryTargets, mapTargets, WorkspacePackages, type PackageInfo } from './workspace-packages.js';

/** Probed after the exact path, in this order (TypeScript sources before JavaScript, as tsc does). */
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.d.mts', '.d.cts'];
/**
 * For a JavaScript importer: what Node loads (`require('../fastify')` → `fastify.js`) before the declaration file
 * that describes it beside it (`fastify.d.ts`), which declares no code that runs.
 */
const RUNTIME_EXTENSIONS_FIRST = [...EXTENSIONS.filter((ext) => !ext.startsWith('.d.')), ...EXTENSIONS.filter((ext) => ext.startsWith('.d.'))];
/** TypeScript writes the runtime extension in imports: `./x.js` means `x.ts` in the sources. */
const RUNTIME_TO_SOURCE: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};
const TS_IMPORTER = /\.(ts|tsx|mts|cts)$/;
/** Folders packages commonly build into; their files map back to sources. */
const BUILD_FOLDERS: ReadonlySet<string> = new Set(['dist', 'lib', 'build', 'out', 'esm', 'cjs', 'es', 'types', 'dts', 'module']);
const OUTPUT_EXTENSION = /(\.d)?\.(m|c)?(js|ts)x?$/;

export const createEcmascriptImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver =>
  new EcmascriptImportResolver(workspace);

class EcmascriptImportResolver implements ImportResolver {
  private readonly resolved = new Map<string, string | null>();
  private readonly probed = new Map<string, string | null>();
  private readonly tsconfigs: TsconfigLookup;
  private readonly workspacePackages: WorkspacePackages;
  private readonly files: ReadonlySet<string>;

  constructor(workspace: WorkspaceView) {
    this.files = workspace.files;
    const texts = new Map<string, string | undefined>();
    const readText = (p: string): string | undefined => {
      if (texts.has(p)) return texts.get(p);
      let text: string | undefined;
      try {
        text = workspace.readText(p);
      } catch {
        text = undefined;
      }
      texts.set(p, text);
      return text;
    };
    this.tsconfigs = new TsconfigLookup(readText);
    this.workspacePackages = new WorkspacePackages(workspace.files, readText);
  }

  readonly specifiers: SpecifierResolution = { resolveModule: (fromFile, specifier) => this.resolveModule(fromFile, specifier) };

  isBuiltin(name: string): boolean {
    return isEcmascriptBuiltin(name);
  }

  resolveModule(fromFile: string, specifier: string): string | null {
    const dir = parentDir(fromFile) ?? '';
    const sourceFirst = TS_IMPORTER.test(fromFile);
    const key = `${sourceFirst ? 't' : 'j'}\0${dir}\0${specifier}`;
    const cached = this.resolved.get(key);
    if (cached !== undefined) return cached;
    const result = this.resolve(dir, specifier, sourceFirst);
    this.resolved.set(key, result);
    return result;
  }

  private resolve(dir: string, rawSpecifier: string, sourceFirst: boolean): string | null {
    // Bundler queries (`./icon.svg?raw`) do not change which file is meant.
    const specifier = rawSpecifier.replace(/\?.*$/, '');
    if (specifier === '') return null;
    if (specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../')) {
      const target = resolveIn(dir, specifier);
      if (target === undefined) return null;
      const directoryOnly = specifier === '.' || specifier === '..' || specifier.endsWith('/');
      const hit = directoryOnly ? this.probeIndex(target) : this.probe(target, sourceFirst);
      return hit ?? this.mapOutDir(dir, target, directoryOnly);
    }
    if (specifier.startsWith('/') || /^[a-zA-Z][a-zA-Z+.-]*:/.test(specifier) && !specifier.startsWith('node:')) return null;
    if (isNodeBuiltinModule(specifier)) return null;

    // tsconfig `paths` and `baseUrl` come first, as in TypeScript; then package.json maps.
    const settings = this.tsconfigs.forDirectory(dir);
    if (settings) {
      for (const candidate of pathCandidates(settings, specifier)) {
        const hit = this.probe(candidate, true);
        if (hit) return hit;
      }
      if (settings.baseUrl !== undefined) {
        const candidate = resolveIn(settings.baseUrl, specifier);
        const hit = candidate === undefined ? null : this.probe(candidate, true);
        if (hit) return hit;
      }
    }
    if (specifier.startsWith('#')) return this.resolveImportsField(dir, specifier, sourceFirst);
    // A package importing itself by name through its `exports` (Node's self-reference) means its own folder,
    // even where another folder of the workspace claims the same name.
    const own = this.workspacePackages.nearestPackage(dir);
    const ownName = own?.name;
    if (own && ownName !== undefined && own.manifest.exports !== undefined && (specifier === ownName || specifier.startsWith(`${ownName}/`))) {
      return this.resolvePackage(own, specifier.slice(ownName.length + 1));
    }
    const member = this.workspacePackages.match(specifier);
    return member ? this.resolvePackage(member.pkg, member.subpath) : null;
  }

  /** `#internal/x` through the nearest package.json `imports` map. */
  private resolveImportsField(dir: string, specifier: string, sourceFirst: boolean): string | null {
    const pkg = this.workspacePackages.nearestPackage(dir);
    if (!pkg) return null;
    for (const target of mapTargets(pkg.manifest.imports, specifier) ?? []) {
      const hit = target.startsWith('./') ? this.resolvePackageTarget(pkg, target)
        : target.startsWith('#') ? null : this.resolve(dir, target, sourceFirst);
      if (hit) return hit;
    }
    return null;
  }

  private resolvePackage(pkg: PackageInfo, subpath: string): string | null {
    const key = subpath === '' ? '.' : `./${subpath}`;
    const exported = mapTargets(pkg.manifest.exports, key);
    for (const target of exported ?? []) {
      const hit = this.resolvePackageTarget(pkg, target);
      if (hit) return hit;
    }
    if (subpath === '') {
      // A declared entry that lands nowhere indexed is not replaced by a guess.
      if (exported !== undefined && exported.length > 0) return null;
      const entries = entryTargets(pkg.manifest);
      for (const target of entries) {
        const hit = this.resolvePackageTarget(pkg, target);
        if (hit) return hit;
      }
      if (entries.length > 0) return null;
      return this.probeIndex(pkg.folder) ?? this.uniqueSource(pkg, ['index']);
    }
    // A deep import (`pkg/src/util`), which TypeScript's classic node resolution also allows.
    const direct = resolveIn(pkg.folder, subpath);
    return (direct === undefined ? null : this.probe(direct, true)) ?? this.mapBuildOutput(pkg, subpath);
  }

  /** A package-relative target (`./dist/index.js`) → an indexed file, directly or via its source. */
  private resolvePackageTarget(pkg: PackageInfo, target: string): string | null {
    const resolved = resolveIn(pkg.folder, target);
    if (resolved === undefined) return null;
    const hit = this.probe(resolved, true);
    if (hit) return hit;
    const inside = pkg.folder === '' ? resolved : resolved.startsWith(`${pkg.folder}/`) ? resolved.slice(pkg.folder.length + 1) : undefined;
    return inside === undefined ? null : this.mapBuildOutput(pkg, inside);
  }

  /**
   * A relative import of built output that is not in the workspace (a test importing `../dist/compile`):
   * the source the compiler builds it from, when a tsconfig — the one over the built path, or the
   * importer's — states both its `outDir` and where the sources are (`rootDir`, else the folder every
   * `include` pattern lies under). Two configs that disagree about the source make no answer.
   */
  private mapOutDir(importerDir: string, target: string, directoryOnly: boolean): string | null {
    const hits = new Set<string>();
    for (const settings of [this.tsconfigs.forDirectory(parentDir(target) ?? ''), this.tsconfigs.forDirectory(importerDir)]) {
      if (settings?.outDir === undefined) continue;
      const sourceRoot = settings.rootDir ?? settings.includeRoot;
      const rest = relativeTo(settings.outDir, target);
      if (sourceRoot === undefined || rest === undefined || sourceRoot === settings.outDir) continue;
      const candidate = joinPath(sourceRoot, rest.replace(OUTPUT_EXTENSION, ''));
      const hit = directoryOnly || rest === '' ? this.probeIndex(candidate) : this.probe(candidate, true);
      if (hit) hits.add(hit);
    }
    return hits.size === 1 ? [...hits][0] : null;
  }

  /**
   * `dist/util/x.js` → the one indexed source it was built from: through the package tsconfig's
   * `outDir`/`rootDir` when set, else by dropping build folders and trying `src/` and the package root.
   */
  private mapBuildOutput(pkg: PackageInfo, inside: string): string | null {
    const stem = inside.replace(OUTPUT_EXTENSION, '');
    const settings = this.tsconfigs.forDirectory(pkg.folder);
    if (settings?.outDir !== undefined) {
      const outDirInside = relativeTo(pkg.folder, settings.outDir);
      if (outDirInside !== undefined && outDirInside !== '' && stem.startsWith(`${outDirInside}/`)) {
        const rest = stem.slice(outDirInside.length + 1);
        const rootDir = settings.rootDir ?? settings.includeRoot;
        const hit = rootDir !== undefined ? this.probe(joinPath(rootDir, rest), true) : this.uniqueSource(pkg, [rest]);
        // A bundler writing its own folders under the tsconfig's outDir (`dist/esm/index.js`, while tsc emits only
        // declarations there) leaves no source at `rootDir/esm/index`: the build folders are dropped below instead.
        if (hit) return hit;
      }
    }
    const segments = stem.split('/');
    let dropped = 0;
    while (dropped < segments.length - 1 && BUILD_FOLDERS.has(segments[dropped])) dropped++;
    if (dropped === 0) return null;
    return this.uniqueSource(pkg, [segments.slice(dropped).join('/')]);
  }

  /** The single indexed source among `src/<rest>` and `<rest>` of a package; null if none or several. */
  private uniqueSource(pkg: PackageInfo, rests: string[]): string | null {
    const hits = new Set<string>();
    for (const rest of rests) {
      for (const base of [joinPath(pkg.folder, 'src'), pkg.folder]) {
        const candidate = joinPath(base, rest);
        const hit = this.probe(candidate, true);
        if (hit) hits.add(hit);
      }
    }
    return hits.size === 1 ? [...hits][0] : null;
  }

  /** A root-relative path without or with extension → an indexed file. */
  private probe(candidate: string, sourceFirst: boolean): string | null {
    const key = `${sourceFirst ? 't' : 'j'}\0${candidate}`;
    const cached = this.probed.get(key);
    if (cached !== undefined) return cached;
    const result = this.probeUncached(candidate, sourceFirst);
    this.probed.set(key, result);
    return result;
  }

  private probeUncached(candidate: string, sourceFirst: boolean): string | null {
    const runtimeExt = /\.(js|jsx|mjs|cjs)$/.exec(candidate)?.[0];
    if (runtimeExt) {
      const stem = candidate.slice(0, -runtimeExt.length);
      const sources = RUNTIME_TO_SOURCE[runtimeExt].map((ext) => stem + ext).filter((p) => this.files.has(p));
      if (sourceFirst && sources.length > 0) return sources[0];
      if (this.files.has(candidate)) return candidate;
      if (sources.length > 0) return sources[0];
    } else if (candidate !== '' && this.files.has(candidate)) {
      return candidate;
    }
    const extensions = sourceFirst ? EXTENSIONS : RUNTIME_EXTENSIONS_FIRST;
    if (candidate !== '') {
      for (const ext of extensions) {
        if (this.files.has(candidate + ext)) return candidate + ext;
      }
    }
    return this.probeIndex(candidate, extensions);
  }

  /** A folder → its index file, or the entry of a package.json inside it. */
  private probeIndex(folder: string, extensions: readonly string[] = EXTENSIONS): string | null {
    const index = joinPath(folder, 'index');
    for (const ext of extensions) {
      if (this.files.has(index + ext)) return index + ext;
    }
    const nested = this.workspacePackages.packageAt(folder);
    if (nested) {
      for (const target of entryTargets(nested.manifest)) {
        const resolved = resolveIn(folder, target);
        if (resolved === undefined || resolved === folder) continue;
        const exact = this.files.has(resolved) ? resolved : EXTENSIONS.map((e) => resolved + e).find((p) => this.files.has(p));
        if (exact) return exact;
      }
      // `require('..')` of a package whose entry is built output (`main: dist/ajv.js`): its one source.
      for (const target of entryTargets(nested.manifest)) {
        const hit = this.resolvePackageTarget(nested, target);
        if (hit) return hit;
      }
    }
    return null;
  }
}

function relativeTo(folder: string, target: string): string | undefined {
  if (folder === '') return target;
  if (target === folder) return '';
  return target.startsWith(`${folder}/`) ? target.slice(folder.length + 1) : undefined;
}
