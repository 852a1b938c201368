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
import { dottedPrefixes } from '../../support/dotted-prefixes.js';
import { buildTool, defaultScalaVersion, projectScalaVersions, type DefaultScalaVersion, type ProjectScalaVersion } from './build-definition.js';
import { compiledByDefault as variantCompiledByDefault, compiledTogether, newestVersion } from './cross-build.js';

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

  constructor(workspace: Pick<WorkspaceView, 'files' | 'extraction' | 'readText'>) {
    this.defaultVersion = defaultScalaVersion((path) => workspace.readText(path), workspace.files);
    // Longest folder first: a project nested in another's folder decides for its own sources.
    this.projectVersions = projectScalaVersions((path) => workspace.readText(path), workspace.files).sort((a, b) => b.folder.length - a.folder.length);
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
      if (extraction?.buildVariant !== undefined) this.variants.set(file, extraction.buildVariant);
    }
    // No one default stated: a shared file's calls name the newest version's twins (cross-build.ts).
    const newest = this.defaultVersion === undefined ? newestVersion(this.variants.values()) : undefined;
    if (newest !== undefined) this.defaultVersion = { version: newest, tool: buildTool((path) => workspace.readText(path)) };
  }

  /** The version and platform folders of each file compiled only for some builds (cross-build.ts). */
  private readonly variants = new Map<string, string>();
  /** The Scala version the project's build compiles by default, when its build definition states one. */
  private defaultVersion: DefaultScalaVersion | undefined;

  /** Projects of the sbt build that set their own Scala version, by folder. */
  private readonly projectVersions: ProjectScalaVersion[];

  /** Whether the default build compiles `file` of version folder `variant`: its sbt project's own version, else the build's. */
  compiledByDefault(variant: string, file?: string): boolean {
    const own = file === undefined ? undefined : this.projectVersions.find((project) => file.startsWith(`${project.folder}/`));
    return variantCompiledByDefault(variant, own ? { version: own.version, tool: 'sbt' } : this.defaultVersion);
  }

  /** Whether one build may compile both files (a version folder never calls into a folder of other versions). */
  compiledTogether(fromFile: string, toFile: string): boolean {
    return compiledTogether(this.variants.get(fromFile), this.variants.get(toFile), this.defaultVersion?.tool ?? 'sbt');
  }

  /** Of several files declaring one name, those of the default build when there are any (cross-build.ts). */
  private inDefaultBuild(files: string[]): string[] {
    const preferred = files.filter((file) => !this.variants.has(file) || this.compiledByDefault(this.variants.get(file)!, file));
    return preferred.length > 0 ? preferred : files;
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

  /** Whether some package's name starts with `name.` (`io` of `io.circe`): a package with no file of its own. */
  private isPackagePrefix(name: string): boolean {
    this.prefixes ??= dottedPrefixes(this.filesOfPackage.keys());
    return this.prefixes.has(name);
  }

  private prefixes?: Set<string>;

  /** `scopt` in `scopt.OptionParser`, `io` in `io.circe.Json`: a root package the workspace declares (or one below it does), or null. */
  rootPackage(name: string): string | null {
    if (!/^[a-z_][\w]*$/.test(name)) return null;
    return this.filesOfPackage.has(name) || this.isPackagePrefix(name) ? name : null;
  }

  /**
   * `native` in `native.JsonMethods`, written in a file of `package org.json4s; package native`: a package the
   * clauses make visible by its last name (a subpackage of the file's package or of one its chained clauses open,
   * innermost first), else a root package.
   */
  visiblePackage(fromFile: string, name: string): string | null {
    if (!/^[a-z_][\w]*$/.test(name)) return null;
    const chain = this.chainOfFile.get(fromFile) ?? [];
    for (let i = chain.length - 1; i >= 0; i--) {
      const nested = this.subpackage(chain[i], name);
      if (nested !== null) return nested;
    }
    return this.rootPackage(name);
  }

  /** Package `key.name` (`io` then `circe`), when the workspace declares it or a package below it. */
  subpackage(key: string, name: string): string | null {
    const dotted = key === EMPTY_PACKAGE ? name : `${key}.${name}`;
    return this.filesOfPackage.has(dotted) || this.isPackagePrefix(dotted) ? dotted : null;
  }

  /**
   * Where an import's path starts: a name the file's packages bind first (`import syntax._` in package
   * `io.circe` is `io.circe.syntax`; chained clauses open the enclosing packages too), then the root.
   */
  candidates(fromFile: string, specifier: string): string[] {
    const chain = this.chainOfFile.get(fromFile) ?? [];
    // The file's own package, then the packages its chained clauses open, innermost first (`package a.b` then `package c`).
    return [...chain.slice().reverse().map((pkg) => `${pkg}.${specifier}`), specifier];
  }

  /** The file declaring type or object `a.b.C` (`C.scala` first) that a build compiles with `fromFile`, or null. */
  typeFile(qualified: string, fromFile?: string): string | null {
    const parts = qualified.split('.');
    const type = parts[parts.length - 1];
    const files = this.inDefaultBuild((this.filesOfPackage.get(parts.length === 1 ? EMPTY_PACKAGE : parts.slice(0, -1).join('.')) ?? [])
      .filter((file) => this.typesOfFile.get(file)?.has(type) && (fromFile === undefined || this.compiledTogether(fromFile, file))));
    const named = files.filter((file) => posix.basename(file).replace(SCALA_FILE, '') === type);
    const found = nearestOne(named.length > 0 ? named : files, fromFile);
    if (found !== undefined) return found;
    if (files.length > 0) return null;
    // `import a.b.f`: a member of package object `a.b` — only when one file of the package declares it.
    const owners = this.inDefaultBuild((this.filesOfPackage.get(parts.slice(0, -1).join('.')) ?? [])
      .filter((file) => this.valuesOfFile.get(file)?.has(type) && (fromFile === undefined || this.compiledTogether(fromFile, file))));
    return owners.length === 1 ? owners[0] : null;
  }
}

/**
 * One file of several declaring a package's type: the only one, else the one of the caller's own module — the file
 * sharing the longest folder path with it (`perf/bench2/src/Expr.scala` for `perf/bench2/src/Parser.scala`, where
 * `perf/bench1/` declares the same package's twin: two modules that each compile one). Tied, or no caller: none.
 */
function nearestOne(files: string[], fromFile: string | undefined): string | undefined {
  if (files.length <= 1) return files[0];
  if (fromFile === undefined) return undefined;
  const from = fromFile.split('/');
  const shared = (file: string) => {
    const parts = file.split('/');
    let n = 0;
    while (n < parts.length - 1 && n < from.length - 1 && parts[n] === from[n]) n++;
    return n;
  };
  const best = Math.max(...files.map(shared));
  const nearest = files.filter((file) => shared(file) === best);
  return nearest.length === 1 ? nearest[0] : undefined;
}

export const createScalaImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => {
  let layout: ScalaLayout | undefined;
  const get = () => (layout ??= new ScalaLayout(workspace));
  return {
    specifiers: {
      resolveModule: (fromFile, specifier) => {
        for (const each of get().candidates(fromFile, specifier)) {
          const found = get().typeFile(each, fromFile);
          if (found !== null) return found;
        }
        return null;
      },
    },
    packages: {
      packageOf: (file) => get().packageOf(file),
      enclosingPackages: (file) => get().enclosingPackages(file),
      importedPackage: (fromFile, specifier) => get().candidates(fromFile, specifier).find((each) => get().hasPackage(each)) ?? null,
      qualifiedPackage: (name, fromFile) => get().visiblePackage(fromFile, name),
      subpackage: (key, name) => get().subpackage(key, name),
    },
    // An import in a class or object body binds in it.
    bindings: { classBodyImports: true, scopedWildcardImports: true },
    // The default Scala version's folder is the default build's; `scala-3/` never calls into `scala-2/`.
    builds: {
      compiledByDefault: (file, variant) => get().compiledByDefault(variant, file),
      compiledTogether: (fromFile, toFile) => get().compiledTogether(fromFile, toFile),
    },
    isBuiltin: () => false,
  };
};
