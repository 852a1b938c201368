/**
 * Follows names across modules: what an import binding, a re-export chain or a namespace member
 * lands on. Only proven paths are followed (a specifier that lands on an indexed file, a name the
 * target module declares or re-exports); anything else is reported as external, missing or ambiguous.
 */
import type { Declaration, FileExtraction, ImportStatement } from '../model/extraction.js';
import type { NodeKind } from '../model/graph-vocabulary.js';
import type { ImportResolver, ResolutionLanguage } from '../model/language-support.js';
import { PairMap } from '../support/pair-map.js';
import { buildModuleScope, type ImportedName, type ModuleScope } from './module-scope.js';
import { dedupeTargets, type DeclarationRef, type Target } from './targets.js';
import { preferDefinitions } from './prefer-definitions.js';

export { preferDefinitions };
import { HookFailures } from './hook-failures.js';
import { cut, GuardedMemo, insideGuardedLookup } from './order-dependence.js';
import { bindSteps, runLookup, type StepTable } from './lookup-steps/run-lookup.js';
import { NAME_STEPS, SCOPE_ONLY } from './lookup-steps/name-steps.js';
import type { NameQuery } from './lookup-steps/name-query.js';
import type { SymbolLookup } from './lookup-steps/symbol-lookup.js';

/** Kinds a member written outside its body can belong to (`reachedClass`). */
const OWNER_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'interface', 'enum']);

/** Kinds an open language reopens: one qualified name, one class or module. */
const OPEN_KINDS: ReadonlySet<string> = new Set(['class', 'module']);

// A value before a type of its name (Scala `val JArray = org.json4s.JArray` beside `type JArray = …`): calls mean the value.
const CALLABLE_FIRST = ['function', 'method', 'component', 'class', 'constant', 'variable', 'field', 'property'];

/** Guards against pathological re-export chains; real barrels are a few levels deep. */
const MAX_EXPORT_DEPTH = 32;

export class WorkspaceSymbols implements SymbolLookup {
  private readonly scopes = new Map<string, ModuleScope>();
  private readonly specifierCache = new PairMap<string, string, string | null>();
  private readonly membersCache = new PairMap<string, number, Map<string, number[]>>();
  /** Guarded: an export followed through an `import *` cycle meets itself (order-dependence.ts). */
  private readonly exports = new GuardedMemo<Target>();
  /** `resolveModuleName` answers at depth 0 (undefined included). */
  private readonly moduleNameCache = new PairMap<string, string, Target | undefined>();
  private packages?: Map<string, string[]>;
  /** packageNames: per package key, its module-scope declarations by name. */
  private readonly packageNameIndex = new Map<string, Map<string, Array<{ path: string; ids: number[] }>>>();
  private parts?: Map<string, DeclarationRef[]>;
  private namespaceDeclarations?: Map<string, DeclarationRef[]>;
  private opened?: Map<string, DeclarationRef[]>;
  /** Per file, the indexed files its imports reach transitively (itself included), built on first use. */
  private readonly importClosures = new Map<string, ReadonlySet<string>>();
  /** Classes of a name declared in a file's import closure, by file and name (`reachedClass`). */
  private readonly reachedClasses = new PairMap<string, string, DeclarationRef[]>();
  /**
   * Per file, the indexed files its imports land on, and the names it declares, built on first use: `preferReached`
   * asks them for every candidate of every lookup among same-named declarations (on a 900-file C++ library,
   * resolving each include again and scanning each file's declarations were half of resolution).
   */
  private readonly importedFilesOf = new Map<string, string[]>();
  private readonly declaredNames = new Map<string, Set<string>>();
  /** The name steps of lookup-steps/, bound to this workspace. */
  private readonly nameSteps: StepTable<NameQuery, Target> = bindSteps(NAME_STEPS, this);

  constructor(
    private readonly files: ReadonlyMap<string, FileExtraction>,
    private readonly languageOf: (file: FileExtraction) => ResolutionLanguage | undefined,
    /** Where the import resolvers' failing hooks are counted. */
    readonly hookFailures: HookFailures = new HookFailures(),
  ) {}

  /** The import resolver of the file's language, if it has one. */
  modulesOf(path: string): ImportResolver | undefined {
    const file = this.files.get(path);
    return file ? this.languageOf(file)?.modules : undefined;
  }

  /** The export name that stands for a module itself in its language (`default`), if any. */
  defaultExportOf(file: string): string | undefined {
    const extraction = this.files.get(file);
    return extraction ? this.languageOf(extraction)?.binding.moduleScope?.defaultExport : undefined;
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
      const file = this.files.get(path)!;
      scope = buildModuleScope(file, this.languageOf(file)?.binding?.members?.attachedTypesByName === true);
      this.scopes.set(path, scope);
    }
    return scope;
  }

  /** Counts a throwing import-resolver hook of the language of `file` (hook-failures.ts). */
  private hookFailed(file: string, hook: string, error: unknown): void {
    this.hookFailures.record(this.files.get(file)?.language ?? 'unknown', hook, error);
  }

  /** The indexed file a specifier in `fromFile` lands on, or null. Cached per (file folder, specifier). */
  resolveSpecifier(fromFile: string, specifier: string): string | null {
    const cached = this.specifierCache.get(fromFile, specifier);
    if (cached !== undefined) return cached;
    const resolver = this.modulesOf(fromFile)?.specifiers;
    let result: string | null = null;
    try {
      result = resolver ? resolver.resolveModule(fromFile, specifier) : null;
    } catch (error) {
      // A resolver bug must not stop the run: the site stays unresolved, and the report counts the failure.
      this.hookFailed(fromFile, 'resolveModule', error);
    }
    if (result !== null && !this.files.has(result)) result = null;
    this.specifierCache.set(fromFile, specifier, result);
    return result;
  }

  /** The type a file is (a declaration marked `wholeFile`), if it declares one. */
  wholeFileType(file: string): DeclarationRef | undefined {
    if (!this.wholeFileTypes.has(file)) {
      const localId = this.files.get(file)?.declarations.findIndex((decl) => decl.wholeFile) ?? -1;
      this.wholeFileTypes.set(file, localId >= 0 ? { file, localId } : undefined);
    }
    return this.wholeFileTypes.get(file);
  }
  private readonly wholeFileTypes = new Map<string, DeclarationRef | undefined>();

  /** Members declared directly inside a container declaration, by name. */
  members(ref: DeclarationRef): Map<string, number[]> {
    let members = this.membersCache.get(ref.file, ref.localId);
    if (!members) {
      members = new Map();
      const decls = this.files.get(ref.file)!.declarations;
      // A member written in a namespace but declared for a type (`void Foo::bar() {}` in `namespace ns`) is
      // that type's alone. In a class it stays the class's too (a companion object's function, an extension
      // method called through its static class).
      const inNamespace = decls[ref.localId]?.kind === 'namespace';
      // A type that is its whole file has the file's top-level declarations as members.
      const owner = decls[ref.localId]?.wholeFile ? null : ref.localId;
      decls.forEach((decl, localId) => {
        if (decl.parent !== owner || localId === ref.localId || (inNamespace && decl.memberOf)) return;
        if (owner === null && decl.kind === 'import') return;
        const list = members!.get(decl.name);
        if (list) list.push(localId);
        else members!.set(decl.name, [localId]);
      });
      this.membersCache.set(ref.file, ref.localId, members);
    }
    return members;
  }

  /** Picks one declaration among several, possibly in several files, that share a name. */
  pickRef(all: DeclarationRef[]): DeclarationRef {
    if (all.length === 1) return all[0];
    // A definition before the prototypes that declare it.
    const defined = all.filter((ref) => !this.declaration(ref).definedElsewhere);
    const refs = defined.length > 0 ? defined : all;
    for (const kind of CALLABLE_FIRST) {
      const found = refs.find((ref) => this.declaration(ref).kind === kind);
      if (found) return found;
    }
    return refs[0];
  }

  /**
   * The type a type-position name means: `ref` itself when it is one of `typeKinds`, else the
   * declaration of that name and container that is (an `interface X` merged with a
   * `const X`), else undefined — a value is not a type.
   */
  typeTwin(ref: DeclarationRef, typeKinds: ReadonlySet<NodeKind>): DeclarationRef | undefined {
    const decl = this.declaration(ref);
    const declarations = this.files.get(ref.file)!.declarations;
    if (typeKinds.has(decl.kind)) {
      if (!decl.isStatic) return ref;
      // A companion (Scala's `object Read` beside `trait Read[A]`): the type its name means is the instance part's.
      const instance = declarations.findIndex((d) => d.parent === decl.parent && d.name === decl.name && !d.isStatic && typeKinds.has(d.kind));
      return instance >= 0 ? { file: ref.file, localId: instance } : ref;
    }
    const twin = declarations.findIndex((d) => d.parent === decl.parent && d.name === decl.name && typeKinds.has(d.kind));
    return twin >= 0 ? { file: ref.file, localId: twin } : undefined;
  }

  /**
   * Where the file's language has no overloads (`definitionsAreAlternatives`): its definitions of a name that the
   * default build may compile when there are several (`#if A` … `#else` twins no platform condition decides), else
   * undefined. A call of the name does not say which one it means.
   */
  undecidedDefinitions(file: string, all: readonly number[]): DeclarationRef[] | undefined {
    const extraction = this.files.get(file);
    if (all.length < 2 || !extraction || !this.languageOf(extraction)?.binding.declarations?.definitionsAreAlternatives) return undefined;
    const decls = extraction.declarations;
    const inDefault = all.filter((id) => !decls[id].definedElsewhere && decls[id].buildVariant === undefined && decls[id].kind === 'function');
    return inDefault.length > 1 ? inDefault.map((localId) => ({ file, localId })) : undefined;
  }

  /** Picks one declaration among several that share a name (overloads, declaration merging). */
  pickDeclaration(file: string, all: number[]): DeclarationRef {
    if (all.length === 1) return { file, localId: all[0] };
    const decls = this.files.get(file)!.declarations;
    // A definition before the prototypes that declare it (`static int f(void);` … `static int f(void) {}`).
    const defined = all.filter((id) => !decls[id].definedElsewhere);
    // `#if defined(_WIN32)` … `#else` twins: the default build's declaration before a variant's.
    const inDefault = defined.filter((id) => decls[id].buildVariant === undefined);
    const localIds = inDefault.length > 0 ? inDefault : defined.length > 0 ? defined : all;
    for (const kind of CALLABLE_FIRST) {
      const found = localIds.find((id) => decls[id].kind === kind);
      if (found !== undefined) return { file, localId: found };
    }
    return { file, localId: localIds[0] };
  }

  /**
   * What a bare name means at a site inside declaration `enclosing` (null: module level): the name
   * steps of the file's language's `lookup`, in its order (lookup-steps/); undefined when none binds it.
   */
  resolveName(file: string, enclosing: number | null, name: string, line?: number): Target | undefined {
    const extraction = this.files.get(file);
    const steps = (extraction && this.languageOf(extraction)?.binding.lookup) || SCOPE_ONLY;
    return runLookup(steps, this.nameSteps, { file, enclosing, name, line });
  }

  /** The indexed file a name the file's language makes a module without an import stands for, or null. */
  implicitModule(file: string, name: string): string | null {
    const resolver = this.modulesOf(file)?.specifiers;
    if (!resolver?.implicitModule) return null;
    try {
      const found = resolver.implicitModule(file, name);
      return found !== null && this.files.has(found) ? found : null;
    } catch (error) {
      this.hookFailed(file, 'implicitModule', error);
      return null;
    }
  }

  /**
   * The declarations that are parts of one declaration written in several places, `ref` first: a type
   * marked `partial` (partial classes, a class and its companion object) has the parts of its
   * qualified name, kind, language and package; where classes and modules are open (reopened
   * in any file), a class or module has every declaration of its qualified name in the language family.
   * Just `ref` for any other declaration. Members, bases and mixins of a declaration are its parts'.
   */
  partsOf(ref: DeclarationRef): DeclarationRef[] {
    const decl = this.declaration(ref);
    let all: DeclarationRef[] | undefined;
    if (decl.partial) all = this.partialIndex().get(this.partKey(ref.file, decl));
    else if (OPEN_KINDS.has(decl.kind) && this.isOpen(ref.file)) all = this.openIndex().get(this.openKey(ref.file, decl.qualifiedName));
    if (!all || all.length < 2) return [ref];
    return [ref, ...all.filter((other) => other.file !== ref.file || other.localId !== ref.localId)];
  }

  /**
   * Where classes and modules are open, `class A::B` written at top level is still the constant `B` of `A`:
   * the open declarations named `<qualified name of ref>::<name>`, which are members of no body of `ref`.
   */
  openNestedMembers(ref: DeclarationRef, name: string): DeclarationRef[] {
    const decl = this.declaration(ref);
    if (!OPEN_KINDS.has(decl.kind) || !this.isOpen(ref.file)) return [];
    return this.openIndex().get(this.openKey(ref.file, `${decl.qualifiedName}::${name}`)) ?? [];
  }

  /** Members named `name` of every part of `ref` (partsOf), its own first. */
  partMembers(ref: DeclarationRef, name: string): DeclarationRef[] {
    const out: DeclarationRef[] = [];
    for (const part of this.partsOf(ref)) {
      for (const localId of this.members(part).get(name) ?? []) out.push({ file: part.file, localId });
    }
    return out;
  }

  /** Declarations marked `partial`, by partKey (built on first use). */
  private partialIndex(): Map<string, DeclarationRef[]> {
    if (!this.parts) {
      this.parts = new Map();
      for (const file of this.files.values()) {
        file.declarations.forEach((d, localId) => {
          if (!d.partial) return;
          const key = this.partKey(file.path, d);
          const list = this.parts!.get(key);
          if (list) list.push({ file: file.path, localId });
          else this.parts!.set(key, [{ file: file.path, localId }]);
        });
      }
    }
    return this.parts;
  }

  private partKey(file: string, decl: Declaration): string {
    const extraction = this.files.get(file)!;
    // `partial class Policy` and `partial class Policy<TResult>` are two types where generic twins may share a name.
    const arity = this.languageOf(extraction)?.binding.declarations?.genericTwins ? `\0${decl.typeParameters?.length ?? 0}` : '';
    return `${extraction.language}\0${this.packageKeyOf(file) ?? `:${file}`}\0${decl.kind}\0${decl.qualifiedName}${arity}`;
  }

  /** The part a name lookup lands on: the one in the file named like the type (`Circle.cs`), else the first. */
  mainPart(parts: DeclarationRef[]): DeclarationRef {
    const name = this.declaration(parts[0]).name;
    return parts.find((ref) => ref.file.slice(ref.file.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '') === name) ?? parts[0];
  }

  /** Whether every ref is a part of one type (so they are one declaration to a name lookup). */
  onePartialType(refs: DeclarationRef[]): boolean {
    if (refs.length < 2 || !this.declaration(refs[0]).partial) return false;
    const parts = this.partsOf(refs[0]);
    return refs.every((ref) => parts.some((part) => part.file === ref.file && part.localId === ref.localId));
  }

  /** The indexed files `file` imports directly (specifiers that land on an indexed file). */
  private importedFiles(file: string): string[] {
    const known = this.importedFilesOf.get(file);
    if (known) return known;
    const extraction = this.files.get(file);
    if (!extraction) return [];
    const out: string[] = [];
    for (const statement of extraction.imports) {
      if (statement.namespaceImport) continue;
      const target = this.resolveSpecifier(file, statement.specifier);
      if (target !== null) out.push(target);
    }
    this.importedFilesOf.set(file, out);
    return out;
  }

  /** Whether `file` reaches `target` through its imports, transitively. */
  reaches(file: string, target: string): boolean {
    return this.importClosure(file).has(target);
  }

  /** Whether `file` declares something named `name` (the names kept per file: `preferReached` asks per candidate and include). */
  private declaresName(file: string, name: string): boolean {
    let names = this.declaredNames.get(file);
    if (!names) {
      names = new Set(this.files.get(file)?.declarations.map((d) => d.name) ?? []);
      this.declaredNames.set(file, names);
    }
    return names.has(name);
  }

  /** The files `file` reaches through its imports, transitively, itself included. */
  private importClosure(file: string): ReadonlySet<string> {
    const known = this.importClosures.get(file);
    if (known) return known;
    const reached = new Set<string>([file]);
    const queue = [file];
    while (queue.length > 0) {
      for (const next of this.importedFiles(queue.pop()!)) {
        if (reached.has(next)) continue;
        reached.add(next);
        queue.push(next);
      }
    }
    this.importClosures.set(file, reached);
    return reached;
  }

  /**
   * Among same-named candidates, those `fromFile` sees through its imports: a candidate in a reached file,
   * or in a file that itself imports a reached file declaring that name (the definitions of what a header
   * declares live in the files that include it). A file that ships a second copy of every class (an
   * amalgamated single header) so keeps its calls on its own copy. Only where the language says so
   * (`seenThroughImports`), and only when some candidates are reached and some are not.
   */
  preferReached(fromFile: string, refs: DeclarationRef[]): DeclarationRef[] {
    if (refs.length < 2) return refs;
    const extraction = this.files.get(fromFile);
    if (!extraction || !this.languageOf(extraction)?.binding.declarations?.seenThroughImports) return refs;
    const closure = this.importClosure(fromFile);
    const reached = refs.filter((ref) => closure.has(ref.file)
      || this.importedFiles(ref.file).some((imported) => closure.has(imported) && this.declaresName(imported, this.declaration(ref).name)));
    return reached.length > 0 && reached.length < refs.length ? reached : refs;
  }

  /**
   * The class a member written outside its class in `fromFile` (`void Foo::bar() {}`) belongs to, given the
   * class `found` its name lookup found: where the language sees declarations through its imports, a class
   * the file's `#include`s do not reach is another program's (the copy under src/ of an amalgamated
   * header's class) when the closure reaches classes of that name: then the one of them, or none of
   * several. With none reached (an include the resolver cannot follow) `found` stands.
   */
  reachedClass(fromFile: string, found: DeclarationRef): DeclarationRef | undefined {
    const extraction = this.files.get(fromFile);
    if (found.file === fromFile || !extraction || !this.languageOf(extraction)?.binding.declarations?.seenThroughImports) return found;
    const closure = this.importClosure(fromFile);
    if (closure.has(found.file)) return found;
    const name = this.declaration(found).name;
    let reached = this.reachedClasses.get(fromFile, name);
    if (!reached) {
      const list: DeclarationRef[] = [];
      for (const file of closure) {
        this.files.get(file)?.declarations.forEach((decl, localId) => {
          if (decl.name === name && OWNER_KINDS.has(decl.kind) && !decl.definedElsewhere) list.push({ file, localId });
        });
      }
      reached = list;
      this.reachedClasses.set(fromFile, name, list);
    }
    if (reached.length === 0) return found;
    return reached.length === 1 ? reached[0] : undefined;
  }

  namespacesSpanFiles(file: string): boolean {
    const extraction = this.files.get(file);
    return Boolean(extraction && this.languageOf(extraction)?.binding.declarations?.namespacesSpanFiles);
  }

  /**
   * Declarations of namespaces that span files, by qualified name (`a::b::f`; a global one by its
   * name), in files of languages that say so: members of namespaces and the global namespace, not
   * class members, not members declared outside their type, not file-local ones (an anonymous
   * namespace's, a `static` one's).
   */
  private namespaceIndex(): Map<string, DeclarationRef[]> {
    if (!this.namespaceDeclarations) {
      const index = new Map<string, DeclarationRef[]>();
      for (const file of this.files.values()) {
        const binding = this.languageOf(file)?.binding;
        if (!binding?.declarations?.namespacesSpanFiles) continue;
        file.declarations.forEach((decl, localId) => {
          if (decl.kind === 'import' || decl.memberOf) return;
          if (decl.parent !== null && file.declarations[decl.parent].kind !== 'namespace') return;
          if (binding.fileLocal?.(decl, file.path, file)) return;
          const list = index.get(decl.qualifiedName);
          if (list) list.push({ file: file.path, localId });
          else index.set(decl.qualifiedName, [{ file: file.path, localId }]);
        });
      }
      this.namespaceDeclarations = this.withMacroNamespaces(index);
    }
    return this.namespaceDeclarations;
  }

  /**
   * Where a language says so (`declarations.namespaceMacros`), a namespace a macro opens (`openedByMacro`) is the
   * namespace every workspace definition of that macro states (`expandsToNamespace`), else transparent: the index
   * answers `fmt::format` and `FMT_BEGIN_NAMESPACE::format` with the declarations of both (and of a plain `fmt::format`).
   */
  private withMacroNamespaces(index: Map<string, DeclarationRef[]>): Map<string, DeclarationRef[]> {
    const macroNamespaces = new Set<string>();
    const expansions = new Map<string, string | null>();
    // The macros are defined in files of the same family (a C++ header the C grammar read).
    const families = new Set<string>();
    for (const file of this.files.values()) {
      const language = this.languageOf(file);
      if (!language?.binding.declarations?.namespaceMacros) continue;
      families.add(language.family);
      for (const decl of file.declarations) {
        if (decl.kind === 'namespace' && decl.openedByMacro) macroNamespaces.add(decl.name);
      }
    }
    if (macroNamespaces.size === 0) return index;
    for (const file of this.files.values()) {
      const language = this.languageOf(file);
      if (!language || !families.has(language.family)) continue;
      for (const decl of file.declarations) {
        if (!decl.expandsToNamespace || !macroNamespaces.has(decl.name)) continue;
        // An empty list: a namespace named by a macro its file does not define (unknown).
        const path = decl.expandsToNamespace.length > 0 ? decl.expandsToNamespace.join('::') : null;
        const known = expansions.get(decl.name);
        // Two definitions naming different namespaces (per configuration): which one a file sees is unknown.
        expansions.set(decl.name, known === undefined || known === path ? path : null);
      }
    }
    const canonical = (key: string): string => key.split('::')
      .flatMap((part) => (macroNamespaces.has(part) ? (expansions.get(part) ?? '').split('::').filter(Boolean) : [part]))
      .join('::');
    // Keyed by the namespaces' real names; a name written with a macro's namespace in it is looked up by its real one.
    const merged = new Map<string, DeclarationRef[]>();
    for (const [key, refs] of index) {
      const name = canonical(key);
      if (name !== '') merged.set(name, [...(merged.get(name) ?? []), ...refs]);
    }
    // Asked for every namespace lookup: each key's answer is kept.
    const keys = new Map<string, string>();
    this.namespaceKey = (key) => {
      let found = keys.get(key);
      if (found === undefined) keys.set(key, (found = canonical(key)));
      return found;
    };
    this.namespaceOpeningMacros = new Set(expansions.keys());
    return merged;
  }

  /** Macros some workspace `#define` states to open namespaces (named, unknown or disagreeing ones alike). */
  private namespaceOpeningMacros = new Set<string>();

  /**
   * Whether a region a macro opens (`openedByMacro`) is inside some namespace: a workspace definition of the macro
   * opens one, whichever it is. Its members are then no global names, as the compiler sees them.
   */
  macroOpensNamespace(macro: string): boolean {
    this.namespaceIndex();
    return this.namespaceOpeningMacros.has(macro);
  }

  /** What `namespaceMacros` makes of a qualified name (`FMT_BEGIN_NAMESPACE::detail::f` → `fmt::detail::f`). */
  private namespaceKey: (qualifiedName: string) => string = (qualifiedName) => qualifiedName;

  private namespaceEntries(qualifiedName: string): DeclarationRef[] | undefined {
    const index = this.namespaceIndex();
    return index.get(this.namespaceKey(qualifiedName));
  }

  /**
   * The declaration a namespace-qualified name means across files, seen from `fromFile`: a
   * definition before the prototypes that declare it, one per file; a namespace is one whichever file
   * it is written in. Several definitions are ambiguous; none, undefined. `kinds`: only these.
   */
  namespaceMember(fromFile: string, qualifiedName: string, kinds?: ReadonlySet<NodeKind>): Target | undefined {
    const all = this.namespaceCandidates(fromFile, qualifiedName, kinds);
    if (all.length === 0) return this.namespaceUsingMember(fromFile, qualifiedName, kinds);
    const namespace = all.find((ref) => this.declaration(ref).kind === 'namespace' && ref.file === fromFile)
      ?? all.find((ref) => this.declaration(ref).kind === 'namespace');
    if (namespace) return { type: 'declaration', ref: namespace, samePackage: namespace.file !== fromFile };
    const chosen = preferDefinitions(all, (ref) => this.declaration(ref));
    if (chosen.length === 1) return { type: 'declaration', ref: chosen[0], samePackage: chosen[0].file !== fromFile };
    return { type: 'ambiguous', candidates: chosen };
  }

  /**
   * The declarations of a qualified name (of `kinds`) that `fromFile` sees (`preferReached`), kept per file, name and
   * kinds: a file asks for the same names again and again (`absl` of every `absl::…` call), and a namespace is
   * declared in hundreds of files, each of whose includes `preferReached` follows.
   */
  private readonly namespaceCandidatesOf = new Map<ReadonlySet<NodeKind> | undefined, PairMap<string, string, DeclarationRef[]>>();

  private namespaceCandidates(fromFile: string, qualifiedName: string, kinds?: ReadonlySet<NodeKind>): DeclarationRef[] {
    let known = this.namespaceCandidatesOf.get(kinds);
    if (!known) this.namespaceCandidatesOf.set(kinds, (known = new PairMap()));
    let all = known.get(fromFile, qualifiedName);
    if (!all) {
      all = this.preferReached(fromFile, (this.namespaceEntries(qualifiedName) ?? []).filter((ref) => !kinds || kinds.has(this.declaration(ref).kind)));
      known.set(fromFile, qualifiedName, all);
    }
    return all;
  }

  private outsideTypes?: Map<string, DeclarationRef[]>;

  typesDeclaredOutside(name: string): DeclarationRef[] {
    if (!this.outsideTypes) {
      this.outsideTypes = new Map();
      for (const file of this.files.values()) {
        file.declarations.forEach((decl, localId) => {
          if (!decl.memberOf || !OUTSIDE_TYPE_KINDS.has(decl.kind)) return;
          const list = this.outsideTypes!.get(decl.name);
          if (list) list.push({ file: file.path, localId });
          else this.outsideTypes!.set(decl.name, [{ file: file.path, localId }]);
        });
      }
    }
    return this.outsideTypes.get(name) ?? [];
  }

  /** `lib::detail::`, `lib::`, '' for a declaration in namespace lib::detail: where a name it writes is looked up, innermost first. */
  private enclosingNamespacePrefixes(file: string, localId: number): string[] {
    const decls = this.files.get(file)?.declarations ?? [];
    const prefixes: string[] = [];
    for (let id = decls[localId]?.parent ?? null; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
      if (decls[id].kind === 'namespace') prefixes.push(`${decls[id].qualifiedName}::`);
    }
    prefixes.push('');
    return prefixes;
  }

  /**
   * Using-declarations written at a namespace's scope (`namespace lib { using detail::f; }`), by the name they give that
   * namespace (`lib::f`): members of the namespace for every file, as the compiler looks them up (`lib::f()`, `f()` in lib).
   */
  private namespaceUsingIndex(): Map<string, Array<ImportedName & { file: string }>> {
    if (!this.namespaceUsings) {
      this.namespaceIndex();
      const index = new Map<string, Array<ImportedName & { file: string }>>();
      for (const file of this.files.values()) {
        if (!this.languageOf(file)?.binding.declarations?.namespacesSpanFiles) continue;
        for (const statement of file.imports) {
          if (!statement.namespaceImport) continue;
          const owner = file.declarations[statement.declaration]?.parent ?? null;
          if (owner === null || file.declarations[owner].kind !== 'namespace') continue;
          for (const binding of statement.bindings) {
            if (binding.imported === '*') continue;
            const key = this.namespaceKey(`${file.declarations[owner].qualifiedName}::${binding.local}`);
            const list = index.get(key);
            if (list) list.push({ statement, binding, file: file.path });
            else index.set(key, [{ statement, binding, file: file.path }]);
          }
        }
      }
      this.namespaceUsings = index;
    }
    return this.namespaceUsings;
  }

  private namespaceUsings?: Map<string, Array<ImportedName & { file: string }>>;
  private imported?: Set<string>;

  /** Files some indexed file imports. */
  private importedByAny(): ReadonlySet<string> {
    if (!this.imported) {
      this.imported = new Set();
      for (const file of this.files.keys()) for (const target of this.importedFiles(file)) if (target !== file) this.imported.add(target);
    }
    return this.imported;
  }
  private followingUsings = 0;

  /**
   * What the using-declarations that give a namespace this name land on (see namespaceUsingIndex), those `fromFile` sees:
   * its own and those of the files its imports reach; with no file known, those of files some file imports (headers).
   */
  namespaceUsingMember(fromFile: string | undefined, qualifiedName: string, kinds?: ReadonlySet<NodeKind>): Target | undefined {
    const seen = (file: string) => file === fromFile || (fromFile !== undefined ? this.importClosure(fromFile).has(file) : this.importedByAny().has(file));
    const usings = this.namespaceUsingIndex().get(this.namespaceKey(qualifiedName))?.filter((using) => seen(using.file));
    // A using-declaration naming another one: followed a few steps, never around a cycle.
    if (!usings?.length || this.followingUsings > 4) return undefined;
    this.followingUsings++;
    try {
      const found: Target[] = [];
      for (const using of usings) {
        const target = this.resolveImport(using.file, using);
        if (target.type === 'declaration' && (!kinds || kinds.has(this.declaration(target.ref).kind))) found.push(target);
        else if (target.type === 'ambiguous') found.push(target);
      }
      const distinct = dedupeTargets(found);
      if (distinct.length === 1) return distinct[0];
      if (distinct.length > 1) return { type: 'ambiguous', candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : t.type === 'ambiguous' ? t.candidates : [])) };
      return undefined;
    } finally {
      this.followingUsings--;
    }
  }

  /** Every namespace declaration written with this qualified name (where namespaces span files). */
  namespaceMembersNamed(qualifiedName: string): DeclarationRef[] {
    return this.namespaceEntries(qualifiedName) ?? [];
  }

  private isOpen(file: string): boolean {
    const extraction = this.files.get(file);
    return Boolean(extraction && this.languageOf(extraction)?.binding.declarations?.open);
  }

  /** Open class-like declarations by openKey (built on first use). */
  private openIndex(): Map<string, DeclarationRef[]> {
    if (this.opened) return this.opened;
    const index = new Map<string, DeclarationRef[]>();
    for (const extraction of this.files.values()) {
      if (!this.languageOf(extraction)?.binding.declarations?.open) continue;
      extraction.declarations.forEach((decl, localId) => {
        if (!OPEN_KINDS.has(decl.kind)) return;
        const key = this.openKey(extraction.path, decl.qualifiedName);
        const list = index.get(key) ?? [];
        list.push({ file: extraction.path, localId });
        index.set(key, list);
      });
    }
    this.opened = index;
    return index;
  }

  /** Open declarations are one per qualified name in a language family. */
  private openKey(file: string, qualifiedName: string): string {
    return `${this.languageOf(this.files.get(file)!)?.family}\0${qualifiedName}`;
  }

  private scriptNamespaces?: Map<string, DeclarationRef[]>;

  /**
   * The top-level namespaces `name` of files in `file`'s family whose top-level declarations are global: the language
   * has a `fileLocal` rule and it keeps them (a classic script's, an ambient declaration file's). Built on first use.
   */
  scriptGlobalNamespaces(file: string, name: string): DeclarationRef[] {
    if (!this.scriptNamespaces) {
      const index = new Map<string, DeclarationRef[]>();
      for (const extraction of this.files.values()) {
        const language = this.languageOf(extraction);
        const fileLocal = language?.binding.fileLocal;
        if (!language || !fileLocal) continue;
        extraction.declarations.forEach((decl, localId) => {
          if (decl.parent !== null || decl.kind !== 'namespace' || fileLocal(decl, extraction.path, extraction)) return;
          const key = `${language.family}\0${decl.name}`;
          const list = index.get(key) ?? [];
          list.push({ file: extraction.path, localId });
          index.set(key, list);
        });
      }
      this.scriptNamespaces = index;
    }
    const extraction = this.files.get(file);
    const family = extraction ? this.languageOf(extraction)?.family : undefined;
    return family === undefined ? [] : this.scriptNamespaces.get(`${family}\0${name}`) ?? [];
  }

  /** The top-level open class or module `name` declared in some file of the family of `file` (all its reopenings are one). */
  topLevelOpenDeclaration(file: string, name: string): DeclarationRef | undefined {
    const found = this.openIndex().get(this.openKey(file, name));
    const topLevel = found?.filter((ref) => this.declaration(ref).parent === null);
    return topLevel && topLevel.length > 0 ? topLevel[0] : undefined;
  }

  /** The package key of a file, for languages whose modules are sets of files. */
  packageKeyOf(file: string): string | null {
    return this.modulesOf(file)?.packages?.packageOf(file) ?? null;
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
   * The module-scope declarations of a package's files by name, in the package's file order (built
   * on first use per package). A package-level lookup reads the files that declare the name, not
   * every file of the package: on google/gson, 9,300 lookups had gone through 420,000 file scopes.
   */
  private packageNames(key: string): Map<string, Array<{ path: string; ids: number[] }>> {
    let byName = this.packageNameIndex.get(key);
    if (byName) return byName;
    byName = new Map();
    for (const path of this.packageFiles(key)) {
      for (const [name, ids] of this.scope(path).declarations) {
        const list = byName.get(name);
        if (list) list.push({ path, ids });
        else byName.set(name, [{ path, ids }]);
      }
    }
    this.packageNameIndex.set(key, byName);
    return byName;
  }

  /**
   * A top-level declaration of a package: `exportedOnly` from outside it (capitalised names,
   * public types), any from inside. `except` leaves out the asking file (its own scope
   * answered first). Two files declaring the name (build variants) make it ambiguous.
   */
  fileSetMember(key: string, name: string, exportedOnly: boolean, except?: string, visibleInPackage?: (file: string, declaration: Declaration) => boolean): Target {
    const found: DeclarationRef[] = [];
    for (const { path, ids } of this.packageNames(key).get(name) ?? []) {
      if (path === except) continue;
      const declarations = this.files.get(path)!.declarations;
      const visible = ids.filter((id) => (!exportedOnly || declarations[id].isExported) && (!visibleInPackage || visibleInPackage(path, declarations[id])));
      if (visible.length > 0) found.push(this.pickDeclaration(path, visible));
    }
    // Files a build must opt into (build tags) lose to a file of the default build.
    if (found.length > 1) {
      const inDefault = found.filter((ref) => this.files.get(ref.file)!.buildVariant === undefined);
      if (inDefault.length > 0) found.splice(0, found.length, ...inDefault);
    }
    if (found.length === 1) return { type: 'declaration', ref: found[0] };
    if (this.onePartialType(found)) return { type: 'declaration', ref: this.mainPart(found) };
    if (found.length > 1) return { type: 'ambiguous', candidates: found };
    return { type: 'missing', file: key, name };
  }

  /**
   * What a bare name means at the module scope of `file`: a declaration or an import, else
   * undefined. When the module binds the name more than once in ways that can disagree at run
   * time (a declaration and an import, two imports with different targets, a fallback value next
   * to a wildcard import of an unindexed module), the answer is 'ambiguous': never a pick.
   */
  resolveModuleName(file: string, name: string, depth = 0): Target | undefined {
    // Every site naming `name` in `file` asks the same question (vuejs/core: 50k questions, 5.5k
    // distinct). Answers found outside any export computation do not depend on the path that asked,
    // so they are kept; one asked inside an export cycle is not, nor read from here.
    if (depth !== 0 || insideGuardedLookup()) return this.computeModuleName(file, name, depth);
    if (this.moduleNameCache.has(file, name)) return this.moduleNameCache.get(file, name);
    const answer = this.computeModuleName(file, name, 0);
    this.moduleNameCache.set(file, name, answer);
    return answer;
  }

  private computeModuleName(file: string, name: string, depth: number): Target | undefined {
    const scope = this.scope(file);
    const local = scope.declarations.get(name);
    const imports = scope.imports.get(name);
    const visible = this.visibleAttributes(file);

    if (local && !imports) {
      if (visible && !this.declarationSurvivesWildcards(file, local)) return { type: 'ambiguous', candidates: [] };
      const undecided = this.undecidedDefinitions(file, local);
      if (undecided) return { type: 'ambiguous', candidates: undecided };
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
   * `from gui import *` then `def main()`); a fallback value (`ndarray = None`) is not.
   */
  private declarationSurvivesWildcards(file: string, localIds: number[]): boolean {
    if (this.languageOf(this.files.get(file)!)?.binding.moduleScope?.declarationsShadowWildcards) return true;
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
    if (statement.namespaceImport) {
      // `using ns::name;` / `using namespace ns;`: members of a namespace that spans files. Written in a namespace, `ns`
      // is looked up from there outwards (`using detail::f;` in namespace lib names lib::detail::f before ::detail::f).
      let found: Target | undefined;
      for (const prefix of this.enclosingNamespacePrefixes(fromFile, statement.declaration)) {
        const specifier = `${prefix}${statement.specifier}`;
        if (prefix !== '' && !this.namespaceMember(fromFile, specifier, NAMESPACE_KIND)) continue;
        found = binding.imported === '*'
          ? this.namespaceMember(fromFile, specifier, NAMESPACE_KIND)
          : this.namespaceMember(fromFile, `${specifier}::${binding.imported}`);
        break;
      }
      if (found?.type === 'declaration') return { type: 'declaration', ref: found.ref }; // found through the import
      return found ?? { type: 'external', specifier: statement.specifier };
    }
    const packageKey = this.modulesOf(fromFile)?.packages?.importedPackage?.(fromFile, statement.specifier) ?? null;
    if (packageKey !== null && this.packageFiles(packageKey).length > 0) {
      // A file importing from its own package sees the package's non-exported names too (a package-private class).
      const exportedOnly = this.packageKeyOf(fromFile) !== packageKey;
      if (binding.imported === '*') return { type: 'file-set', key: packageKey };
      const member = this.fileSetMember(packageKey, binding.imported, exportedOnly);
      // `import sttp.client4.{wrappers, …}` where package names nest: the specifier is the imported package itself.
      const nests = this.modulesOf(fromFile)?.packages?.subpackage !== undefined;
      if (member.type === 'missing' && nests && statement.specifier.endsWith(`.${binding.imported}`)) return { type: 'file-set', key: packageKey };
      return member;
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
      // `use crate::tests::TempDir` where `tests` is a module written inside lib.rs.
      const nested = this.nestedModule(fromFile, statement.specifier);
      if (nested) return binding.imported === '*' ? { type: 'declaration', ref: nested } : this.nestedModuleMember(nested, binding.imported);
      // `from ns import tool` where `ns` has no file but `ns/tool.py` is indexed.
      const submodule = binding.imported === '*' ? null : this.submoduleOf(fromFile, statement.specifier, binding.imported);
      if (submodule !== null) return { type: 'module', file: submodule };
      return { type: 'external', specifier: statement.specifier };
    }
    if (binding.imported === '*') return { type: 'module', file };
    // A file of the same package (a set of files) sees names its package does not export (a package-private class).
    const ownPackage = this.packageKeyOf(fromFile);
    if (ownPackage !== null && ownPackage === this.packageKeyOf(file)) {
      const own = this.scope(file).declarations.get(binding.imported);
      if (own && own.length > 0) return { type: 'declaration', ref: this.pickDeclaration(file, own) };
    }
    return this.exportedMember(file, binding.imported, depth + 1);
  }

  /** The module declaration a specifier names inside a file (an inline `mod m { … }`), if exactly one. */
  private nestedModule(fromFile: string, specifier: string): DeclarationRef | undefined {
    const resolver = this.modulesOf(fromFile)?.specifiers;
    let found: { file: string; modules: string[] } | null = null;
    try {
      found = resolver?.resolveNestedModule?.(fromFile, specifier) ?? null;
    } catch (error) {
      this.hookFailed(fromFile, 'resolveNestedModule', error);
      return undefined;
    }
    if (!found || found.modules.length === 0 || !this.files.has(found.file)) return undefined;
    const declarations = this.files.get(found.file)!.declarations;
    const isModule = (id: number) => declarations[id].kind === 'module';
    let ids = (this.scope(found.file).declarations.get(found.modules[0]) ?? []).filter(isModule);
    for (const name of found.modules.slice(1)) {
      if (ids.length !== 1) return undefined;
      ids = (this.members({ file: found.file, localId: ids[0] }).get(name) ?? []).filter(isModule);
    }
    return ids.length === 1 ? { file: found.file, localId: ids[0] } : undefined;
  }

  /** An item of a module declaration (members declared outside their type, such as impl functions, are no items of it). */
  private nestedModuleMember(module: DeclarationRef, name: string): Target {
    const declarations = this.files.get(module.file)!.declarations;
    const ids = (this.members(module).get(name) ?? []).filter((id) => !declarations[id].memberOf && declarations[id].kind !== 'import');
    return ids.length > 0 ? { type: 'declaration', ref: this.pickDeclaration(module.file, ids) } : { type: 'missing', file: module.file, name };
  }

  /**
   * What `import { name } from <moduleFile>` gives, following re-exports and barrels.
   * Memoised: star-import webs (a package whose modules all `import *` each other) would
   * otherwise cost exponential time. A cycle resolves to 'missing' — never to a guess.
   */
  exportedMember(moduleFile: string, name: string, depth = 0): Target {
    const key = `${moduleFile}\0${name}`;
    const known = this.exports.get(key);
    if (known && 'value' in known) return known.value;
    if (known) return { type: 'missing', file: moduleFile, name };
    if (depth > MAX_EXPORT_DEPTH) return cut() ?? { type: 'missing', file: moduleFile, name };
    return this.exports.compute(key, () => this.computeExportedMember(moduleFile, name, depth));
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

    // 3. Languages whose imports are module attributes (`importsAreVisibleAttributes`): names the module imported.
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

    // 5. Submodules of a package (`from pkg import sub`).
    const submodule = this.submoduleFile(moduleFile, name);
    if (submodule !== null) return { type: 'module', file: submodule };
    return { type: 'missing', file: moduleFile, name };
  }

  private submoduleFile(moduleFile: string, name: string): string | null {
    const resolver = this.modulesOf(moduleFile)?.submodules;
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
    const resolver = this.modulesOf(fromFile)?.submodules;
    if (!resolver?.resolveSubmodule) return null;
    try {
      const file = resolver.resolveSubmodule(fromFile, specifier, name);
      return file !== null && this.files.has(file) ? file : null;
    } catch (error) {
      this.hookFailed(fromFile, 'resolveSubmodule', error);
      return null;
    }
  }

  /** Whether the file has wildcard imports, and whether any of them lands on no indexed file. */
  wildcardImportKind(file: string): 'none' | 'internal' | 'external' {
    const wildcards = this.scope(file).wildcardImports.filter((s) => !this.directiveOfWorkspaceNamespace(file, s));
    if (wildcards.length === 0) return 'none';
    return this.externalWildcards(file).length > 0 ? 'external' : 'internal';
  }

  /** Wildcard imports of the file whose module lands on no indexed file. */
  private externalWildcards(file: string): ImportStatement[] {
    return this.scope(file).wildcardImports.filter((s) => this.resolveSpecifier(file, s.specifier) === null && !this.directiveOfWorkspaceNamespace(file, s));
  }

  /**
   * `using namespace ns;` naming a namespace the workspace declares: it binds that namespace's members only,
   * which the lookup searches itself (`namespace-directives`), so it hides no name from the resolver.
   */
  private directiveOfWorkspaceNamespace(file: string, statement: ImportStatement): boolean {
    if (statement.namespaceImport !== true) return false;
    const library = this.languageOf(this.files.get(file)!)?.binding.declarations?.libraryNamespaces ?? [];
    if (library.includes(statement.specifier.split('::')[0])) return false;
    return this.namespaceMember(file, statement.specifier, NAMESPACE_KIND)?.type === 'declaration';
  }

  /** Whether `from <moduleFile> import *` / `export * from` binds `name`. */
  private starVisible(moduleFile: string, name: string): boolean {
    const file = this.files.get(moduleFile)!;
    if (file.starExports === 'dynamic') return false;
    if (file.starExports) return file.starExports.includes(name);
    return !(this.languageOf(file)?.binding.hiddenFromStarImport(name) ?? false);
  }

  private wildcardsBindExports(file: string): boolean {
    return Boolean(this.modulesOf(file)?.bindings?.wildcardImportsBindExports);
  }

  private visibleAttributes(file: string): boolean {
    return Boolean(this.modulesOf(file)?.bindings?.importsAreVisibleAttributes);
  }
}

const NAMESPACE_KIND: ReadonlySet<NodeKind> = new Set(['namespace']);
const OUTSIDE_TYPE_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'enum', 'interface', 'type_alias']);

