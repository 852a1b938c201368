/**
 * Lookup steps of languages whose modules are sets of files (packages, namespaces): a qualified
 * package name, the file's own package, the packages around it, the imports its other files share,
 * the packages its wildcard imports name, and the modules the language provides without an import.
 */
import { dedupeTargets, type DeclarationRef, type Target } from '../targets.js';
import type { NameQuery } from './name-query.js';
import type { SymbolLookup } from './symbol-lookup.js';
import { CLASS_BODIES } from './lexical-steps.js';

/** `qualified-packages`: a fully qualified package, written by the extractor as a name no identifier can be. */
export function qualifiedPackage(symbols: SymbolLookup, { file, name }: NameQuery): Target | undefined {
  const packages = symbols.modulesOf(file)?.packages;
  const key = packages?.qualifiedPackage?.(name, file) ?? null;
  if (key === null) return undefined;
  // Where package names nest, a package with no file of its own still leads to those below it.
  return symbols.packageFiles(key).length > 0 || packages?.subpackage ? { type: 'file-set', key } : { type: 'external', specifier: name };
}

/** `package`: a top-level declaration of another file of the file's package (that the language lets it see). */
export function ownPackageMember(symbols: SymbolLookup, { file, name }: NameQuery): Target | undefined {
  const key = symbols.packageKeyOf(file);
  if (key === null) return undefined;
  const visible = symbols.modulesOf(file)?.packages?.visibleInPackage;
  const found = symbols.fileSetMember(key, name, false, file, visible && ((path, declaration) => visible(path, declaration, file)));
  if (found.type === 'declaration') return { ...found, samePackage: true };
  return found.type === 'ambiguous' ? found : undefined;
}

/** `enclosing-packages`: the packages around the file's own, nearest first. */
export function enclosingPackageMember(symbols: SymbolLookup, { file, name }: NameQuery): Target | undefined {
  if (symbols.packageKeyOf(file) === null) return undefined;
  for (const outer of symbols.modulesOf(file)?.packages?.enclosingPackages?.(file) ?? []) {
    const member = symbols.fileSetMember(outer, name, false);
    if (member.type === 'declaration') return { ...member, samePackage: true };
    if (member.type === 'ambiguous') return member;
  }
  return undefined;
}

/** `package-shared-imports`: imports serve every file of a package: what the other files' imports bind `name` to, when they agree. */
export function sharedPackageImport(symbols: SymbolLookup, { file, name }: NameQuery): Target | undefined {
  const key = symbols.packageKeyOf(file);
  if (key === null) return undefined;
  const found: Target[] = [];
  for (const other of symbols.packageFiles(key)) {
    if (other === file || symbols.scope(other).declarations.has(name)) continue;
    const target = symbols.resolveModuleName(other, name);
    if (target) found.push(target);
  }
  const distinct = dedupeTargets(found);
  if (distinct.length === 1) return distinct[0];
  if (distinct.length > 1) return { type: 'ambiguous', candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : [])) };
  return undefined;
}

/**
 * `package-wildcard-imports`: `import a.b.*` (written, or implicit in every file): the one package among them that declares the name.
 * Where the language lets a wildcard bind inside a declaration (`bindings.scopedWildcardImports`), those in force around the
 * site come first, the innermost declaration's before those further out.
 */
export function wildcardPackageMember(symbols: SymbolLookup, { file, enclosing, name, line }: NameQuery): Target | undefined {
  const resolver = symbols.modulesOf(file)?.packages;
  if (!resolver?.importedPackage) return undefined;
  const scope = symbols.scope(file);
  const bindings = symbols.modulesOf(file)?.bindings;
  if (bindings?.scopedWildcardImports && scope.scopedWildcardImports.size > 0) {
    const decls = scope.file.declarations;
    for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
      if (CLASS_BODIES.has(decls[id].kind) && !bindings.classBodyImports) continue;
      // Written before the site, in the block around it (a site of no line sees only those of the whole declaration).
      const statements = scope.scopedWildcardImports.get(id)?.filter((statement) => (line === undefined
        ? statement.inForceUntil === undefined
        : statement.line <= line && (statement.inForceUntil === undefined || line <= statement.inForceUntil)));
      const found = statements && packagesMember(symbols, file, statements.map((statement) => statement.specifier), name);
      if (found) return found;
    }
  }
  return packagesMember(symbols, file, [...scope.wildcardImports.map((statement) => statement.specifier), ...resolver.implicitImports?.(file) ?? []], name);
}

/** The one package named by `specifiers` that declares `name` (ambiguous where several do). */
function packagesMember(symbols: SymbolLookup, file: string, specifiers: readonly string[], name: string): Target | undefined {
  const resolver = symbols.modulesOf(file)!.packages!;
  const found: Target[] = [];
  const several: DeclarationRef[] = [];
  for (const specifier of specifiers) {
    const key = resolver.importedPackage!(file, specifier);
    if (key === null) continue;
    const member = symbols.fileSetMember(key, name, symbols.packageKeyOf(file) !== key);
    if (member.type === 'declaration') found.push(member);
    else if (member.type === 'ambiguous') several.push(...member.candidates);
  }
  const distinct = dedupeTargets(found);
  const refs = distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : []));
  if (distinct.length === 1 && several.length === 0) return distinct[0];
  if (several.length === 0 && symbols.onePartialType(refs)) return { type: 'declaration', ref: symbols.mainPart(refs) };
  // A package declaring the name in several files (`Builder` and `Builder<T>` beside it): ambiguous, with them all.
  if (distinct.length + several.length > 1) return { type: 'ambiguous', candidates: [...refs, ...several] };
  return undefined;
}

/** `implicit-modules`: a name every file of the language sees as a module without importing it. */
export function implicitModule(symbols: SymbolLookup, { file, name }: NameQuery): Target | undefined {
  const found = symbols.implicitModule(file, name);
  return found === null ? undefined : { type: 'module', file: found };
}
