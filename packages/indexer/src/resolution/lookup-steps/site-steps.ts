/**
 * The lookup steps that need the reference site itself (its kind, the class around it) and answer
 * with a resolution: the reference resolver runs them, with the name steps (name-steps.ts) between
 * them in the order the language's `lookup` gives.
 */
import type { FileExtraction, ImportStatement, ReferenceSite } from '../../model/extraction.js';
import { RESOLVED_BY, type ResolvedBy } from '../resolved-by.js';
import type { DeclarationRef, Resolution, Target } from '../targets.js';
import type { ContextSteps } from './run-lookup.js';
import type { SymbolLookup } from './symbol-lookup.js';

export interface SiteQuery {
  file: FileExtraction;
  site: ReferenceSite;
}

/** What the site steps use of the reference resolver. */
export interface SiteResolver {
  readonly symbols: SymbolLookup;
  /** A member of the class enclosing the site or a proven base, else of a class further out. */
  enclosingClassMember(file: FileExtraction, site: ReferenceSite): Resolution | undefined;
  /** The resolution of a site found to mean `ref` (or not-callable, when the site cannot land on it). */
  accept(site: ReferenceSite, ref: DeclarationRef, how: ResolvedBy): Resolution;
  /** The unresolved answer for a name the runtime or a wildcard import may bind, if either may. */
  boundOutsideWorkspace(file: FileExtraction, site: ReferenceSite): Resolution | undefined;
  /** Declarations of the site's name and kind in its language family, workspace-wide. */
  sameNamed(file: FileExtraction, site: ReferenceSite): DeclarationRef[];
  /** Whether a declaration may be the target of a name-only link from the file `from`. */
  linkableByName(ref: DeclarationRef, from: string): boolean;
  /** Whether the declaration is replaced before names are looked up (NameBindingRules.expandedBeforeLookup). */
  expandedBeforeLookup(ref: DeclarationRef): boolean;
  /** The member a class has from its proven bases (not its own), picked by the site's arguments. */
  inheritedMember(classRef: DeclarationRef, site: ReferenceSite): Resolution | undefined;
  /** The language's name binding rules for a file. */
  packageObjectName(file: FileExtraction): string | undefined;
  /** A class, module or constant a module mixed into a class around the site (or into every object) declares (`constantsThroughMixins`). */
  mixedInConstant(file: FileExtraction, site: ReferenceSite): Target | undefined;
  /** The methods named like the site of the modules the family's files mix into every example. */
  ambientMixinMembers(file: FileExtraction, site: ReferenceSite): DeclarationRef[];
  /** The member named like the site of what an `importsMembers` statement imports the members of, if it has one. */
  importedMember(file: FileExtraction, statement: ImportStatement, site: ReferenceSite): Resolution | undefined;
}

/** `class-members`: a bare name inside a class body may mean a member of it (an implied `this`). */
function classMember(resolver: SiteResolver, { file, site }: SiteQuery): Resolution | undefined {
  return site.enclosing === null ? undefined : resolver.enclosingClassMember(file, site);
}

/** `fallback-package`: a function call nothing else binds may mean a function of the resolver's fallback package (functions only: a type never falls back). */
function fallbackPackageFunction(resolver: SiteResolver, { file, site }: SiteQuery): Resolution | undefined {
  if (site.kind !== 'calls') return undefined;
  const { symbols } = resolver;
  const fallback = symbols.modulesOf(file.path)?.packages?.fallbackPackage?.(file.path) ?? null;
  if (fallback === null || fallback === symbols.packageKeyOf(file.path)) return undefined;
  const found = symbols.fileSetMember(fallback, site.name, true);
  if (found.type === 'declaration') return resolver.accept(site, found.ref, RESOLVED_BY.samePackage);
  if (found.type === 'ambiguous') return { resolved: false, reason: 'ambiguous', candidates: found.candidates, likelyInternal: true };
  return undefined;
}

/**
 * `workspace-unique`: a name nothing in scope binds means the one declaration of that name in the
 * language family — unless the runtime or a wildcard import may bind it, or the file's syntax errors
 * may hide the declaration it means. Always answers: this is where a lookup ends.
 */
function workspaceUnique(resolver: SiteResolver, { file, site }: SiteQuery): Resolution {
  const outside = resolver.boundOutsideWorkspace(file, site);
  if (outside && !expandedUnique(resolver, file, site)) return outside;
  // In a file with syntax errors the declaration this name means may sit in the broken region:
  // a missing same-file declaration is then likelier than a workspace-wide match.
  if (file.errors.some((e) => e.severity === 'error') && (file.namesInSyntaxErrors?.includes(site.name) ?? true)) {
    return { resolved: false, reason: 'not-found', likelyInternal: true };
  }
  const candidates = resolver.sameNamed(file, site);
  if (candidates.length === 1 && resolver.linkableByName(candidates[0], file.path)) return resolver.accept(site, candidates[0], RESOLVED_BY.uniqueName);
  if (candidates.length === 1) return { resolved: false, reason: 'not-found', candidates, likelyInternal: true };
  if (candidates.length > 1) return { resolved: false, reason: 'ambiguous', candidates, likelyInternal: true };
  return { resolved: false, reason: 'not-found', likelyInternal: true };
}

/**
 * The one declaration of the name is a macro (`expandedBeforeLookup`) the file may link to: what a wildcard import may
 * bind cannot hide it, the preprocessor having replaced the name first. Not a name the runtime provides.
 */
function expandedUnique(resolver: SiteResolver, file: FileExtraction, site: ReferenceSite): boolean {
  const outside = resolver.boundOutsideWorkspace(file, site);
  if (!outside || outside.resolved || outside.reason === 'builtin') return false;
  const candidates = resolver.sameNamed(file, site);
  return candidates.length === 1 && resolver.expandedBeforeLookup(candidates[0]) && resolver.linkableByName(candidates[0], file.path);
}

/**
 * The package objects (top-level static declarations named `objectName`) of the packages a file sees
 * without naming them: its own, the enclosing ones, and those its wildcard imports name.
 */
export function packageObjectsOf(symbols: SymbolLookup, file: string, objectName: string): DeclarationRef[] {
  const packages = symbols.modulesOf(file)?.packages;
  const own = symbols.packageKeyOf(file);
  if (!packages || own === null) return [];
  const keys = new Set<string>([own, ...packages.enclosingPackages?.(file) ?? []]);
  for (const statement of symbols.scope(file).wildcardImports) {
    const key = packages.importedPackage?.(file, statement.specifier) ?? null;
    if (key !== null) keys.add(key);
  }
  const out: DeclarationRef[] = [];
  for (const key of keys) {
    const object = symbols.fileSetMember(key, objectName, false);
    if (object.type === 'declaration' && symbols.declaration(object.ref).isStatic) out.push(object.ref);
  }
  return out;
}

/**
 * `package-objects`: a bare name no scope binds may mean a member the package object of a package the
 * file sees inherits (its own package, the enclosing ones, those its wildcard imports name): when exactly one
 * of those package objects has it.
 */
function packageObjectMember(resolver: SiteResolver, { file, site }: SiteQuery): Resolution | undefined {
  const objectName = resolver.packageObjectName(file);
  if (!objectName) return undefined;
  const found: Resolution[] = [];
  for (const object of packageObjectsOf(resolver.symbols, file.path, objectName)) {
    const member = resolver.inheritedMember(object, site);
    if (member) found.push(member);
  }
  if (found.length === 1) return found[0];
  if (found.length > 1) return { resolved: false, reason: 'ambiguous', candidates: found.flatMap((r) => (r.resolved ? [r.target] : r.candidates ?? [])), likelyInternal: true };
  return undefined;
}

/**
 * `ambient-mixins`: a call in a test framework's example (`inExample`) may mean the one
 * method of that name of the modules some file mixes into every example (RSpec `config.include M`).
 */
function ambientMixin(resolver: SiteResolver, { file, site }: SiteQuery): Resolution | undefined {
  if (site.kind !== 'calls' || !site.inExample) return undefined;
  const found = resolver.ambientMixinMembers(file, site);
  if (found.length === 1) return resolver.accept(site, found[0], RESOLVED_BY.implicitThis);
  if (found.length > 1) return { resolved: false, reason: 'ambiguous', candidates: found, likelyInternal: true };
  return undefined;
}

/**
 * `member-wildcard-imports`: a bare name may mean a member of what an import in force imports the members of
 * (Scala `import Obj._` in the file, an enclosing class or a function, written before the site): the imports
 * of the innermost declaration around the site first, then outwards to the file's. Several imports of one
 * level that have the name make it ambiguous; none, the lookup goes on.
 */
function memberWildcardImport(resolver: SiteResolver, { file, site }: SiteQuery): Resolution | undefined {
  const statements = file.imports.filter((statement) => statement.importsMembers);
  if (statements.length === 0) return undefined;
  const decls = file.declarations;
  const levels: Array<number | null> = [];
  for (let id = site.enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) levels.push(id);
  levels.push(null);
  for (const level of levels) {
    const found: Resolution[] = [];
    for (const statement of statements) {
      if ((decls[statement.declaration]?.parent ?? null) !== level || statement.line > site.line) continue;
      if (statement.inForceUntil !== undefined && site.line > statement.inForceUntil) continue;
      const member = resolver.importedMember(file, statement, site);
      if (member) found.push(member);
    }
    const targets = new Map<string, DeclarationRef>();
    for (const each of found) for (const ref of each.resolved ? [each.target] : each.candidates ?? []) targets.set(`${ref.file}\0${ref.localId}`, ref);
    if (found.length === 1 || (found.length > 1 && targets.size === 1 && found.every((each) => each.resolved))) return found[0];
    if (found.length > 1) return { resolved: false, reason: 'ambiguous', candidates: [...targets.values()], likelyInternal: true };
  }
  return undefined;
}

/**
 * `mixed-in-constants`: a constant reference (`Site.new`, `class T < Base`) no lexical or global scope binds may mean
 * one a module included by a class around it declares, or one of a module some file includes at its top level.
 */
function mixedInConstant(resolver: SiteResolver, { file, site }: SiteQuery): Resolution | undefined {
  if (site.kind === 'calls') return undefined;
  const found = resolver.mixedInConstant(file, site);
  if (found?.type === 'declaration') return resolver.accept(site, found.ref, RESOLVED_BY.samePackage);
  if (found?.type === 'ambiguous') return { resolved: false, reason: 'ambiguous', candidates: found.candidates, likelyInternal: true };
  return undefined;
}

export const SITE_STEPS: ContextSteps<SiteResolver, SiteQuery, Resolution> = {
  'mixed-in-constants': mixedInConstant,
  'member-wildcard-imports': memberWildcardImport,
  'class-members': classMember,
  'fallback-package': fallbackPackageFunction,
  'package-objects': packageObjectMember,
  'ambient-mixins': ambientMixin,
  'workspace-unique': workspaceUnique,
};
