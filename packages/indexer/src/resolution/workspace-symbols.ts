/**
 * Follows names across modules: what an import binding, a re-export chain or a namespace member
 * lands on. Only proven paths are followed (a specifier that lands on an indexed file, a name the
 * target module declares or re-exports); anything else is reported as external, missing or ambiguous.
 */
import type { Declaration, FileExtraction, ImportStatement } from '../model/extraction.js';
import type { NodeKind } from '../model/graph-vocabulary.js';
import type { ImportResolver, ResolutionLanguage } from '../model/language-support.js';
import { buildModuleScope, type ImportedName, type ModuleScope } from './module-scope.js';

export interface DeclarationRef {
  file: string;
  localId: number;
}

export type Target =
  /** `samePackage`: found among the declarations of another file of the site's package. */
  | { type: 'declaration'; ref: DeclarationRef; samePackage?: boolean }
  | { type: 'module'; file: string }
  /** A module that is a set of files (a Go or Java package), by its `packageOf` key. */
  | { type: 'file-set'; key: string }
  /** A package with no file of its own (a Python namespace package), reached by its dotted name. */
  | { type: 'package'; fromFile: string; specifier: string }
  | { type: 'external'; specifier: string }
  | { type: 'missing'; file: string; name: string }
  | { type: 'ambiguous'; candidates: DeclarationRef[] };

/** Scopes whose names their nested functions do not see (unlike a function's or a namespace's). */
const CLASS_BODIES: ReadonlySet<string> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum']);

const CALLABLE_FIRST = ['function', 'method', 'component', 'class', 'constant', 'variable'];

/** Guards against pathological re-export chains; real barrels are a few levels deep. */
const MAX_EXPORT_DEPTH = 32;

export class WorkspaceSymbols {
  private readonly scopes = new Map<string, ModuleScope>();
  private readonly specifierCache = new Map<string, string | null>();
  private readonly membersCache = new Map<string, Map<string, number[]>>();
  private readonly exportCache = new Map<string, Target>();
  private readonly exportsInProgress = new Set<string>();
  private packages?: Map<string, string[]>;

  constructor(
    private readonly files: ReadonlyMap<string, FileExtraction>,
    private readonly languageOf: (file: FileExtraction) => ResolutionLanguage | undefined,
  ) {}

  private modulesOf(file: FileExtraction | undefined): ImportResolver | undefined {
    return file ? this.languageOf(file)?.modules : undefined;
  }

  /** The export name that stands for a module itself in its language (`default`), if any. */
  defaultExportOf(file: string): string | undefined {
    const extraction = this.files.get(file);
    return extraction ? this.languageOf(extraction)?.binding.defaultExport : undefined;
  }

  allFiles(): IterableIterator<FileExtraction> {
    return this.files.values();
  }

  extraction(path: string): FileExtraction | undefined {
    return this.files.get(path);
  }

  declaration(ref: DeclarationRef): Declaration {
    return this.files.get(ref.file)!.declarations[ref.localId];
  }

  scope(path: string): ModuleScope {
    let scope = this.scopes.get(path);
    if (!scope) {
      scope = buildModuleScope(this.files.get(path)!);
      this.scopes.set(path, scope);
    }
    return scope;
  }

  /** The indexed file a specifier in `fromFile` lands on, or null. Cached per (file folder, specifier). */
  resolveSpecifier(fromFile: string, specifier: string): string | null {
    const key = `${fromFile}\0${specifier}`;
    const cached = this.specifierCache.get(key);
    if (cached !== undefined) return cached;
    const extraction = this.files.get(fromFile);
    const resolver = this.modulesOf(extraction);
    let result: string | null = null;
    try {
      result = resolver ? resolver.resolveModule(fromFile, specifier) : null;
    } catch {
      result = null; // a resolver bug must not stop the run; the site simply stays unresolved
    }
    if (result !== null && !this.files.has(result)) result = null;
    this.specifierCache.set(key, result);
    return result;
  }

  /** Members declared directly inside a container declaration, by name. */
  members(ref: DeclarationRef): Map<string, number[]> {
    const key = `${ref.file}\0${ref.localId}`;
    let members = this.membersCache.get(key);
    if (!members) {
      members = new Map();
      const decls = this.files.get(ref.file)!.declarations;
      decls.forEach((decl, localId) => {
        if (decl.parent !== ref.localId) return;
        const list = members!.get(decl.name);
        if (list) list.push(localId);
        else members!.set(decl.name, [localId]);
      });
      this.membersCache.set(key, members);
    }
    return members;
  }

  /** Picks one declaration among several, possibly in several files, that share a name. */
  pickRef(refs: DeclarationRef[]): DeclarationRef {
    if (refs.length === 1) return refs[0];
    for (const kind of CALLABLE_FIRST) {
      const found = refs.find((ref) => this.declaration(ref).kind === kind);
      if (found) return found;
    }
    return refs[0];
  }

  /**
   * The type a type-position name means: `ref` itself when it is one of `typeKinds`, else the
   * declaration of that name and container that is (TypeScript's `interface X` merged with a
   * `const X`), else undefined — a value is not a type.
   */
  typeTwin(ref: DeclarationRef, typeKinds: ReadonlySet<NodeKind>): DeclarationRef | undefined {
    const decl = this.declaration(ref);
    if (typeKinds.has(decl.kind)) return ref;
    const declarations = this.files.get(ref.file)!.declarations;
    const twin = declarations.findIndex((d) => d.parent === decl.parent && d.name === decl.name && typeKinds.has(d.kind));
    return twin >= 0 ? { file: ref.file, localId: twin } : undefined;
  }

  /** Picks one declaration among several that share a name (overloads, declaration merging). */
  pickDeclaration(file: string, localIds: number[]): DeclarationRef {
    if (localIds.length === 1) return { file, localId: localIds[0] };
    const decls = this.files.get(file)!.declarations;
    for (const kind of CALLABLE_FIRST) {
      const found = localIds.find((id) => decls[id].kind === kind);
      if (found !== undefined) return { file, localId: found };
    }
    return { file, localId: localIds[0] };
  }

  /**
   * What a bare name means at a site inside declaration `enclosing` (null: module level): an
   * import inside an enclosing function binds first (a class body does not enclose its methods),
   * then the declarations of an enclosing namespace (innermost first), then the module scope.
   */
  resolveName(file: string, enclosing: number | null, name: string): Target | undefined {
    const scope = this.scope(file);
    if (scope.scopedImports.size > 0) {
      const decls = scope.file.declarations;
      for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
        if (CLASS_BODIES.has(decls[id].kind)) continue;
        const imports = scope.scopedImports.get(id)?.get(name);
        if (!imports) continue;
        const distinct = dedupeTargets(imports.map((imported) => this.resolveImport(file, imported)));
        if (distinct.length === 1) return distinct[0];
        return { type: 'ambiguous', candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : [])) };
      }
    }
    // TypeScript's `namespace N { interface B extends A {} }`: N's own A shadows a module-level or workspace A.
    const decls = scope.file.declarations;
    for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
      if (decls[id].kind !== 'namespace' && decls[id].kind !== 'module') continue;
      const members = this.members({ file, localId: id }).get(name);
      if (members) return { type: 'declaration', ref: this.pickDeclaration(file, members) };
    }
    const own = this.resolveModuleName(file, name);
    if (own) return own;
    // Modules that are sets of files: the other files of the package, then on-demand imports of packages.
    const key = this.packageKeyOf(file);
    if (key !== null) {
      const found = this.fileSetMember(key, name, false, file);
      if (found.type === 'declaration') return { ...found, samePackage: true };
      if (found.type === 'ambiguous') return found;
      const imported = this.packageImport(key, file, name);
      if (imported) return imported;
    }
    return this.packageWildcardMember(file, name);
  }

  /**
   * Languages whose imports serve every file of a package (Dart: a part file uses its library's
   * imports): what the other files' imports bind `name` to, when they agree.
   */
  private packageImport(key: string, file: string, name: string): Target | undefined {
    if (!this.modulesOf(this.files.get(file))?.importsSharedByPackage) return undefined;
    const found: Target[] = [];
    for (const other of this.packageFiles(key)) {
      if (other === file || this.scope(other).declarations.has(name)) continue;
      const target = this.resolveModuleName(other, name);
      if (target) found.push(target);
    }
    const distinct = dedupeTargets(found);
    if (distinct.length === 1) return distinct[0];
    if (distinct.length > 1) return { type: 'ambiguous', candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : [])) };
    return undefined;
  }

  /** The package key of a file, for languages whose modules are sets of files. */
  packageKeyOf(file: string): string | null {
    const extraction = this.files.get(file);
    return this.modulesOf(extraction)?.packageOf?.(file) ?? null;
  }

  /** Every indexed file of a package. */
  packageFiles(key: string): readonly string[] {
    if (!this.packages) {
      this.packages = new Map();
      for (const path of this.files.keys()) {
        const of = this.packageKeyOf(path);
        if (of === null) continue;
        const list = this.packages.get(of);
        if (list) list.push(path);
        else this.packages.set(of, [path]);
      }
    }
    return this.packages.get(key) ?? [];
  }

  /**
   * A top-level declaration of a package: `exportedOnly` from outside it (Go's capitalised names,
   * Java's public types), any from inside. `except` leaves out the asking file (its own scope
   * answered first). Two files declaring the name (build variants) make it ambiguous.
   */
  fileSetMember(key: string, name: string, exportedOnly: boolean, except?: string): Target {
    const found: DeclarationRef[] = [];
    for (const path of this.packageFiles(key)) {
      if (path === except) continue;
      const ids = this.scope(path).declarations.get(name);
      if (!ids) continue;
      const visible = exportedOnly ? ids.filter((id) => this.files.get(path)!.declarations[id].isExported) : ids;
      if (visible.length > 0) found.push(this.pickDeclaration(path, visible));
    }
    // Files a build must opt into (Go build tags) lose to a file of the default build.
    if (found.length > 1) {
      const inDefault = found.filter((ref) => this.files.get(ref.file)!.buildVariant === undefined);
      if (inDefault.length > 0) found.splice(0, found.length, ...inDefault);
    }
    if (found.length === 1) return { type: 'declaration', ref: found[0] };
    if (found.length > 1) return { type: 'ambiguous', candidates: found };
    return { type: 'missing', file: key, name };
  }

  /** `import a.b.*` (Java on-demand): the one package among them that declares the name. */
  private packageWildcardMember(file: string, name: string): Target | undefined {
    const resolver = this.modulesOf(this.files.get(file));
    if (!resolver?.importedPackage) return undefined;
    const found: Target[] = [];
    for (const statement of this.scope(file).wildcardImports) {
      const key = resolver.importedPackage(file, statement.specifier);
      if (key === null) continue;
      const member = this.fileSetMember(key, name, this.packageKeyOf(file) !== key);
      if (member.type === 'declaration') found.push(member);
    }
    const distinct = dedupeTargets(found);
    if (distinct.length === 1) return distinct[0];
    if (distinct.length > 1) return { type: 'ambiguous', candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : [])) };
    return undefined;
  }

  /**
   * What a bare name means at the module scope of `file`: a declaration or an import, else
   * undefined. When the module binds the name more than once in ways that can disagree at run
   * time (a declaration and an import, two imports with different targets, a fallback value next
   * to a wildcard import of an unindexed module), the answer is 'ambiguous': never a pick.
   */
  resolveModuleName(file: string, name: string, depth = 0): Target | undefined {
    const scope = this.scope(file);
    const local = scope.declarations.get(name);
    const imports = scope.imports.get(name);
    const visible = this.visibleAttributes(file);

    if (local && !imports) {
      if (visible && !this.declarationSurvivesWildcards(file, local)) return { type: 'ambiguous', candidates: [] };
      return { type: 'declaration', ref: this.pickDeclaration(file, local) };
    }
    if (imports) {
      const targets = imports.map((imported) => this.resolveImport(file, imported, depth));
      if (local) targets.push({ type: 'declaration', ref: this.pickDeclaration(file, local) });
      const distinct = dedupeTargets(targets);
      if (distinct.length === 1) return distinct[0];
      return { type: 'ambiguous', candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : [])) };
    }
    const exclusive = this.wildcardsBindExports(file);
    if (visible || exclusive) {
      let external = false;
      const found: Target[] = [];
      for (const statement of scope.wildcardImports) {
        if (statement.hides?.includes(name)) continue;
        const target = this.resolveSpecifier(file, statement.specifier);
        if (target === null) {
          external = true;
          continue;
        }
        if (!this.starVisible(target, name)) continue;
        const member = this.exportedMember(target, name, depth + 1);
        if (member.type === 'declaration' || member.type === 'module') found.push(member);
      }
      const distinct = dedupeTargets(found);
      // `try: from _fast import * / except ImportError: from _slow import *`: the indexed twin is
      // only one of the candidates.
      // Where two imports of one name do not compile, an unindexed module cannot be the one meant.
      if (distinct.length === 1 && (!external || exclusive)) return distinct[0];
      if (distinct.length > 0) return { type: 'ambiguous', candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : [])) };
    }
    return undefined;
  }

  /**
   * With a wildcard import of an unindexed module in the file, a module-level declaration is
   * trusted only when it is a function or class defined after every wildcard import (the usual
   * `from tkinter import *` then `def main()`); a fallback value (`ndarray = None`) is not.
   */
  private declarationSurvivesWildcards(file: string, localIds: number[]): boolean {
    const external = this.externalWildcards(file);
    if (external.length === 0) return true;
    const lastWildcard = Math.max(...external.map((s) => s.line));
    return localIds.every((id) => {
      const decl = this.files.get(file)!.declarations[id];
      return (decl.kind === 'function' || decl.kind === 'class') && decl.startLine > lastWildcard;
    });
  }

  /** What an import binding of `fromFile` lands on. */
  resolveImport(fromFile: string, imported: ImportedName, depth = 0): Target {
    const { statement, binding } = imported;
    const packageKey = this.modulesOf(this.files.get(fromFile))?.importedPackage?.(fromFile, statement.specifier) ?? null;
    if (packageKey !== null && this.packageFiles(packageKey).length > 0) {
      // A file importing from its own package sees the package's non-exported names too (Java: a package-private class).
      const exportedOnly = this.packageKeyOf(fromFile) !== packageKey;
      return binding.imported === '*' ? { type: 'file-set', key: packageKey } : this.fileSetMember(packageKey, binding.imported, exportedOnly);
    }
    if (binding.modulePath !== undefined) {
      const file = this.resolveSpecifier(fromFile, binding.modulePath);
      if (file !== null) return { type: 'module', file };
      // `import ns.tool` with `ns` a namespace package: keep the dotted name to walk `ns.tool.f()`.
      if (binding.modulePath !== statement.specifier && this.resolveSpecifier(fromFile, statement.specifier) !== null) {
        return { type: 'package', fromFile, specifier: binding.modulePath };
      }
      return { type: 'external', specifier: binding.modulePath };
    }
    const file = this.resolveSpecifier(fromFile, statement.specifier);
    if (file === null) {
      // `from ns import tool` where `ns` has no file but `ns/tool.py` is indexed.
      const submodule = binding.imported === '*' ? null : this.submoduleOf(fromFile, statement.specifier, binding.imported);
      if (submodule !== null) return { type: 'module', file: submodule };
      return { type: 'external', specifier: statement.specifier };
    }
    if (binding.imported === '*') return { type: 'module', file };
    // A file of the same package (a set of files) sees names its package does not export (Java: a package-private class).
    const ownPackage = this.packageKeyOf(fromFile);
    if (ownPackage !== null && ownPackage === this.packageKeyOf(file)) {
      const own = this.scope(file).declarations.get(binding.imported);
      if (own && own.length > 0) return { type: 'declaration', ref: this.pickDeclaration(file, own) };
    }
    return this.exportedMember(file, binding.imported, depth + 1);
  }

  /**
   * What `import { name } from <moduleFile>` gives, following re-exports and barrels.
   * Memoised: star-import webs (a package whose modules all `import *` each other) would
   * otherwise cost exponential time. A cycle resolves to 'missing' — never to a guess.
   */
  exportedMember(moduleFile: string, name: string, depth = 0): Target {
    const key = `${moduleFile}\0${name}`;
    const known = this.exportCache.get(key);
    if (known) return known;
    if (depth > MAX_EXPORT_DEPTH || this.exportsInProgress.has(key)) return { type: 'missing', file: moduleFile, name };
    this.exportsInProgress.add(key);
    try {
      const result = this.computeExportedMember(moduleFile, name, depth);
      this.exportCache.set(key, result);
      return result;
    } finally {
      this.exportsInProgress.delete(key);
    }
  }

  private computeExportedMember(moduleFile: string, name: string, depth: number): Target {
    if (name === '*') return { type: 'module', file: moduleFile };

    const scope = this.scope(moduleFile);
    const file = scope.file;
    const visibleAttributes = this.visibleAttributes(moduleFile);

    // 1. Its own declarations.
    const own = scope.declarations.get(name);
    const isDefault = name === this.defaultExportOf(moduleFile);
    if (own && !isDefault) {
      const exported = visibleAttributes ? own : own.filter((id) => file.declarations[id].isExported);
      if (exported.length > 0) return { type: 'declaration', ref: this.pickDeclaration(moduleFile, exported) };
    }

    // 2. Named export lists and re-exports.
    for (const statement of file.exports) {
      if (statement.names === '*') continue;
      for (const entry of statement.names) {
        if (entry.exported !== name) continue;
        if (statement.specifier === null) {
          const local = this.resolveModuleName(moduleFile, entry.local, depth + 1);
          if (local) return local;
          return { type: 'missing', file: moduleFile, name };
        }
        const target = this.resolveSpecifier(moduleFile, statement.specifier);
        if (target === null) return { type: 'external', specifier: statement.specifier };
        return this.exportedMember(target, entry.local, depth + 1);
      }
    }

    // 3. Languages whose imports are module attributes (Python): names the module imported.
    //    A package importing its own submodule (`from . import sub` in __init__) finds nothing
    //    here and falls through to the submodule rule below.
    if (visibleAttributes) {
      if (scope.imports.has(name)) {
        const target = this.resolveModuleName(moduleFile, name, depth + 1);
        if (target && target.type !== 'missing') return target;
      }
    }

    // 4. Wildcard re-exports: the name must come from exactly one of them.
    if (!isDefault) {
      const wildcardSpecifiers = file.exports
        .filter((s) => s.names === '*' && s.specifier !== null && !s.hides?.includes(name))
        .map((s) => s.specifier as string);
      if (visibleAttributes) wildcardSpecifiers.push(...scope.wildcardImports.map((s) => s.specifier));
      const found: Target[] = [];
      let sawExternal: string | undefined;
      for (const specifier of wildcardSpecifiers) {
        const target = this.resolveSpecifier(moduleFile, specifier);
        if (target === null) {
          sawExternal ??= specifier;
          continue;
        }
        if (!this.starVisible(target, name)) continue;
        const member = this.exportedMember(target, name, depth + 1);
        if (member.type === 'declaration' || member.type === 'module') found.push(member);
        else if (member.type === 'external') sawExternal ??= member.specifier;
      }
      const distinct = dedupeTargets(found);
      if (distinct.length === 1) return distinct[0];
      if (distinct.length > 1) {
        return {
          type: 'ambiguous',
          candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : [])),
        };
      }
      // The name may come from an unindexed module behind `export *`: never guess a local one —
      // but an indexed submodule of that name (`import a.b` then `a.b.f()`) is no guess.
      if (sawExternal !== undefined) {
        const submodule = this.submoduleFile(moduleFile, name);
        return submodule !== null ? { type: 'module', file: submodule } : { type: 'external', specifier: sawExternal };
      }
    }

    // 5. Submodules of a package (Python `from pkg import sub`).
    const submodule = this.submoduleFile(moduleFile, name);
    if (submodule !== null) return { type: 'module', file: submodule };
    return { type: 'missing', file: moduleFile, name };
  }

  private submoduleFile(moduleFile: string, name: string): string | null {
    const resolver = this.modulesOf(this.files.get(moduleFile));
    const specifier = resolver?.submoduleSpecifier?.(moduleFile, name);
    return specifier ? this.resolveSpecifier(moduleFile, specifier) : null;
  }

  /** Member `name` of a package that has no file of its own: only a submodule can be meant. */
  packageMember(target: { fromFile: string; specifier: string }, name: string): Target {
    const file = this.submoduleOf(target.fromFile, target.specifier, name);
    if (file !== null) return { type: 'module', file };
    const dotted = `${target.specifier}.${name}`;
    // A deeper namespace package level (`ns.sub.tool`) is still walkable if something lies below it.
    return { type: 'package', fromFile: target.fromFile, specifier: dotted };
  }

  private submoduleOf(fromFile: string, specifier: string, name: string): string | null {
    const extraction = this.files.get(fromFile);
    const resolver = this.modulesOf(extraction);
    if (!resolver?.resolveSubmodule) return null;
    try {
      const file = resolver.resolveSubmodule(fromFile, specifier, name);
      return file !== null && this.files.has(file) ? file : null;
    } catch {
      return null;
    }
  }

  /** Whether the file has wildcard imports, and whether any of them lands on no indexed file. */
  wildcardImportKind(file: string): 'none' | 'internal' | 'external' {
    if (this.scope(file).wildcardImports.length === 0) return 'none';
    return this.externalWildcards(file).length > 0 ? 'external' : 'internal';
  }

  /** Wildcard imports of the file whose module lands on no indexed file. */
  private externalWildcards(file: string): ImportStatement[] {
    return this.scope(file).wildcardImports.filter((s) => this.resolveSpecifier(file, s.specifier) === null);
  }

  /** Whether `from <moduleFile> import *` / `export * from` binds `name`. */
  private starVisible(moduleFile: string, name: string): boolean {
    const file = this.files.get(moduleFile)!;
    if (file.starExports === 'dynamic') return false;
    if (file.starExports) return file.starExports.includes(name);
    return !(this.languageOf(file)?.binding.hiddenFromStarImport(name) ?? false);
  }

  private wildcardsBindExports(file: string): boolean {
    return Boolean(this.modulesOf(this.files.get(file))?.wildcardImportsBindExports);
  }

  private visibleAttributes(file: string): boolean {
    const extraction = this.files.get(file);
    return Boolean(this.modulesOf(extraction)?.importsAreVisibleAttributes);
  }
}

function dedupeTargets(targets: Target[]): Target[] {
  const seen = new Set<string>();
  const out: Target[] = [];
  for (const t of targets) {
    const key =
      t.type === 'declaration' ? `d:${t.ref.file}:${t.ref.localId}` : t.type === 'module' ? `m:${t.file}` : t.type === 'package' ? `p:${t.specifier}`
        : t.type === 'file-set' ? `f:${t.key}` : t.type;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}
