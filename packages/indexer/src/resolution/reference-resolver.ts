/**
 * Resolves one reference site (a call, `new X`, `extends B`, `implements I`) to a declaration,
 * in the fixed order arbor promises:
 *
 *   1. scope: a local function; a bare name through the steps of its language's `lookup`, in that
 *      order (lookup-steps/: the enclosing class, the file's scopes and imports, its package, …);
 *   2. an import whose module lands on an indexed file (through re-exports and namespaces);
 *      `this.m()` / `self.m()` to the enclosing class, `Cls.m()` to a proven class and its bases;
 *      `x.m()` to the class the code proves `x` holds (receiver-types.ts);
 *   3. otherwise, where the lookup ends in `workspace-unique`, the unique callable declaration with
 *      that name in the caller's language family — never for a locally bound, externally imported or
 *      builtin name;
 *   4. otherwise nothing: the caller records the site as unresolved.
 */
import type { Declaration, FileExtraction, ImportStatement, ReferenceSite, TypeRef } from '../model/extraction.js';
import type { EdgeKind, NodeKind } from '../model/graph-vocabulary.js';
import type { ArgumentFit, LookupStep, NameBindingRules, ResolutionLanguage } from '../model/language-support.js';
import { NAME_STEPS, SCOPE_ONLY } from './lookup-steps/name-steps.js';
import { bindSteps, runLookup, type StepTable } from './lookup-steps/run-lookup.js';
import { SITE_STEPS, packageObjectsOf, type SiteQuery, type SiteResolver } from './lookup-steps/site-steps.js';
import { ClassHierarchy, type DirectSupertypes, type NamedType } from './class-hierarchy.js';
import { MixinIncluders } from './mixin-includers.js';
import { ancestorConstant, topLevelIncludedConstant } from './mixed-in-constants.js';
import { builtByOutsideBase } from './outside-base-builders.js';
import { selectOverload, type ArgumentFitRule } from './overloads.js';
import { PairMap, PairSet } from '../support/pair-map.js';
import { ReceiverTypes, type InstanceOf, type TypeScope } from './receiver-types.js';
import { RESOLVED_BY, type ResolvedBy, type UnresolvedReason } from './resolved-by.js';
import type { UniqueNameIndex } from './unique-name-index.js';
import type { DeclarationRef, Resolution, Target } from './targets.js';
import { defaultBuildFirst, sameParameters } from './build-variants.js';
import { preferDefinitions, type WorkspaceSymbols } from './workspace-symbols.js';
import { Specializations } from './specializations.js';
import { UniversalExtensions } from './universal-extensions.js';
import { cut, cutsSoFar, GuardedMemo, mayKeep, noteCut } from './order-dependence.js';

/** Declarations that may be given methods by assignment, where the language says so (`declarations.assignedMembers`). */
const ASSIGNED_MEMBER_OWNERS: ReadonlySet<NodeKind> = new Set(['function', 'variable', 'constant']);
const CLASS_LIKE: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'namespace', 'module']);
/** What a class's `extends` may name as a base whose members it has: a class-like type, or a type alias (of an object type). */
const BASE_KINDS: ReadonlySet<NodeKind> = new Set([...CLASS_LIKE, 'type_alias']);
/** Declarations a call converts to, where `calls.typeConverts` says so. */
const CONVERTIBLE_TYPES: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'interface', 'type_alias', 'enum']);
/** A file of a language arbor does not resolve: nothing is implicit. */
const NO_RULES: NameBindingRules = {
  instanceReceivers: [], classReceivers: [], superReceiver: null, lookup: SCOPE_ONLY,
  isAccessor: () => false, linkableByName: () => false, hiddenFromStarImport: () => false,
  injectionSources: () => [], isInjectable: () => false,
};

/** What an `implements` site lands on when it mixes members in rather than promising them (traits, mixed-in modules). */
const MIXIN_KINDS: ReadonlySet<NodeKind> = new Set(['trait', 'module']);

/** Which declaration kinds a site of each kind may land on. */
const ACCEPTED_TARGETS: Record<ReferenceSite['kind'], ReadonlySet<NodeKind>> = {
  calls: new Set(['function', 'method', 'class', 'component', 'variable', 'constant', 'property', 'struct']),
  instantiates: new Set(['class', 'function', 'struct', 'component', 'variable', 'constant']),
  extends: new Set(['class', 'interface', 'struct', 'trait', 'protocol', 'variable', 'constant']),
  implements: new Set(['interface', 'class', 'trait', 'protocol', 'module']),
  references: new Set(['function', 'method']),
};

/** What an anonymous subclass (`ReferenceSite.anonymousSubclass`) may be made of besides a class. */
const ANONYMOUS_BASE_KINDS: ReadonlySet<NodeKind> = new Set(['trait', 'interface']);

/** Declarations of a class a call `x.m()` may mean (a property may hold a function value). */
const CALLABLE_MEMBER_KINDS: ReadonlySet<NodeKind> = new Set(['function', 'method', 'property', 'field', 'variable', 'constant']);

/** Declarations that hold a value: called, they run it (`NameBindingRules.calls.valuesHoldWhatRuns`). */
const HOLDERS: ReadonlySet<NodeKind> = new Set(['property', 'field', 'variable', 'constant']);

/** Members whose declaration is the code a call runs (a property or field holds a function value of its own). */
const CALLABLE_MEMBERS: ReadonlySet<NodeKind> = new Set(['function', 'method']);

/** Kinds that declare a type: what a site in a type position (`space: 'type'`) can name. */
const TYPE_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'interface', 'struct', 'trait', 'protocol', 'type_alias', 'enum']);
/** The kinds a specialization is declared as (`Specializations`). */
const SPECIALIZED_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'struct']);
/** Kinds that declare a type of their own (an alias names another's). */
const DISTINCT_TYPE_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'enum']);

const CALLABLE_KINDS: ReadonlySet<string> = new Set(['function', 'method']);

/** Declarations whose name reads a value (what an extension can be called on), not a type or a namespace. */
const VALUE_KINDS: ReadonlySet<string> = new Set(['field', 'property', 'constant', 'variable', 'parameter']);

/** Whether a call's arguments name something to evaluate for overloads: a stated type, or a declaration they call or read. */
function namesArgumentTypes(call: ReferenceSite): call is ReferenceSite & { argumentTypes: Array<string | null> } {
  return Boolean(call.argumentTypes && (call.argumentTypeRefs || call.argumentDeclaredRefs));
}

/** The evaluated argument classes of a call that states none: shared, never written. */
const NO_CLASSES: ReadonlyMap<string, DeclarationRef> = new Map();

/** How many aliases (`aliasOf`) in a row are followed: a longer run, or a cycle, names nothing. */
const MAX_ALIAS_DEPTH = 8;
const refKey = (ref: DeclarationRef) => `${ref.file}\0${ref.localId}`;

export class ReferenceResolver {
  /** Guarded (order-dependence.ts): resolving a class's heritage clauses can meet the class itself. */
  private readonly superclassMemo = new GuardedMemo<DeclarationRef[]>();
  /** `extends Omit<Base, …>` clauses by (class, base): the members the base passes on (basePasses). */
  private readonly baseSubsets = new Map<string, { file: FileExtraction; site: ReferenceSite }>();
  private readonly traitMemo = new GuardedMemo<DeclarationRef[]>();
  private readonly packageFunctionCache = new Map<string, Array<{ ref: DeclarationRef; visibleOutside: boolean }>>();
  private readonly types: ReceiverTypes;
  private attached?: PairMap<string, number, Map<string, DeclarationRef[]>>;
  /** Members declared outside a named type (`memberOf`), by `type chain\0name`: extensions of types the workspace may not declare. */
  private outside?: Map<string, DeclarationRef[]>;
  private conformedOutside?: Map<string, DeclarationRef[]>;
  private buildingAttached = false;
  private readonly lookupSteps: StepTable<SiteQuery, Resolution>;
  private readonly hierarchy = new ClassHierarchy((ref) => this.directSupertypes(ref));
  private readonly includers = new MixinIncluders(
    () => this.symbols.allFiles(),
    (file) => Boolean(this.bindingOf(file).members?.includersLend),
    (file, site) => {
      const result = this.resolve(file, site);
      return result.resolved && this.symbols.declaration(result.target).kind === 'module' ? result.target : undefined;
    },
  );
  private readonly directMemo = new GuardedMemo<DirectSupertypes>();
  /** Bases written apart from their types' declarations, by type (attachedHeritage). */
  private attachedHeritageIndex: PairMap<string, number, Array<[FileExtraction, ReferenceSite]>> | undefined;
  private readonly heritageIndex = new WeakMap<FileExtraction, { of: ReferenceSite[]; index: Map<number | null, ReferenceSite[]> }>();
  private readonly importPaths = new WeakMap<FileExtraction, Map<string, Array<{ statement: ImportStatement; written: string[] }>>>();
  /** The file each site being resolved is in: overload selection looks up argument types there. */
  private readonly siteFiles = new WeakMap<ReferenceSite, FileExtraction>();
  private readonly overloadSites = new WeakMap<ReferenceSite, ReturnType<ReferenceResolver['overloadArguments']>>();
  private readonly overloadsFilling = new WeakSet<ReferenceSite>();
  private readonly universal: UniversalExtensions;
  private readonly specializations = new Specializations(() => this.symbols.allFiles(), (file) => this.bindingOf(file));

  constructor(
    private readonly symbols: WorkspaceSymbols,
    private readonly uniqueNames: UniqueNameIndex,
    private readonly languageOf: (file: FileExtraction) => ResolutionLanguage | undefined,
  ) {
    this.lookupSteps = this.buildLookupSteps();
    this.universal = new UniversalExtensions(symbols, (file) => this.bindingOf(file));
    this.types = new ReceiverTypes(symbols, {
      resolveChain: (scope, chain) => this.walkChain(scope, chain) ?? this.implicitFieldChain(scope, chain),
      findMember: (classRef, name, wantStatic) => this.agreeingMember(classRef, name, wantStatic),
      superclasses: (classRef) => this.superclasses(classRef),
      builtByOutsideBase: (classRef, name) => builtByOutsideBase(classRef, name, {
        symbols: this.symbols, bindingOf: (file) => this.bindingOf(file), heritageSites: (ref) => this.heritageSites(ref),
        resolve: (file, site) => this.resolve(file, site),
        hasClassMethod: (ref, member) => this.findMember(ref, member, false, true) !== undefined,
      }),
      instanceReceiver: (scope, name) => this.instanceReceiver(scope, name),
      implicitReceiver: (scope) => {
        const file = this.symbols.extraction(scope.file);
        if (!file || scope.enclosing === null || !this.bindingOf(file).members?.implicitSelfInTypes) return undefined;
        return this.enclosingOwner(file, scope.enclosing)?.classRef;
      },
      members: (classRef, name) => this.memberRefs(classRef, name),
      constructsInstances: (ref) => this.symbols.declaration(ref).kind === 'function' && this.hasAssignedMembers(ref),
      holdsMethods: (ref) => this.symbols.declaration(ref).kind !== 'function' && this.hasAssignedMembers(ref),
      injectedProvider: (file, name) => this.injectedProvider(file, name),
      isAccessor: (ref) => this.readsAsValue(ref),
      outsideMember: (scope, chain, name) => {
        const found = this.outsideMembers(scope, chain, name);
        // Overloads the language ranks last (a hidden deprecated one) are not what a value is read from while another remains.
        const ranked = found.filter((ref) => !this.symbols.declaration(ref).rankedLast);
        return found.length === 1 ? found[0] : ranked.length === 1 ? ranked[0] : undefined;
      },
      refusesFunctionLiteral: (ref, index) => this.refusesFunctionLiteral(ref, index),
      filledParameter: (ref, shape, args, index) => {
        const params = shape.parameterTypes;
        const matched = params ? this.bindingOf(this.symbols.extraction(ref.file)!).matchArguments?.(args, params, Boolean(shape.variadic)) : undefined;
        // Only the last parameter: where the match lands on an earlier one, an older reading of the call (the last) may differ.
        return matched && matched[index] === params!.length - 1 ? matched[index] : undefined;
      },
      mayTake: (ref, args) => this.mayTake(ref, args),
      boundTypeParameter: (classRef, owner, name) => this.boundTypeParameter(classRef, owner, name),
      typeOfArity: (ref, count) => this.typeOfArity(ref, count),
      companionCallee: (ref) => this.companionCallee(ref),
      outsideResult: (scope, chain, name) => this.outsideResult(scope, chain, name),
      hasOutsideResults: (scope) => this.bindingOf(this.symbols.extraction(scope.file)!).members?.outsideResults !== undefined,
      universalSelfResult: (scope, name) => this.universalSelfResult(scope, name),
      extensionSeen: (scope, name) => {
        const file = this.symbols.extraction(scope.file);
        if (!file || !this.bindingOf(file).members?.extensionsInScope) return undefined;
        const seen = this.extensionsSeen(file, name).seen;
        const results = new Set(seen.map((ref) => JSON.stringify(this.symbols.declaration(ref).returnType ?? null)));
        return seen.length > 0 && results.size === 1 && !results.has('null') ? seen[0] : undefined;
      },
    });
  }

  /**
   * Whether member `ref` (a field or property named `head`) hides what the name lookup found: a type declared outside
   * the member's class (`IMapper Mapper` in a base class beside `class Mapper` of the namespace). Not where the member's
   * stated type is that very type (`Color Color`: `Color.Red` may read the type's static member).
   */
  private hidesOuterType(ref: DeclarationRef, head: string, named: Target): boolean {
    if (named.type !== 'declaration' || !TYPE_KINDS.has(this.symbols.declaration(named.ref).kind)) return false;
    const stated = this.symbols.declaration(ref).valueType;
    return !(stated?.kind === 'named' && stated.chain[stated.chain.length - 1] === head);
  }

  /** A parameter of a language whose function literals convert to delegates only, of a type that is none: predefined, or a workspace class. */
  private mayTake(ref: DeclarationRef, args: readonly string[]): boolean {
    const decl = this.symbols.declaration(ref);
    const params = decl.parameterTypes;
    if (!params) return true;
    const n = args.length;
    if (n < Math.min(decl.requiredParameters ?? params.length, decl.variadic ? params.length - 1 : params.length) || (!decl.variadic && n > params.length)) return false;
    const binding = this.bindingOf(this.symbols.extraction(ref.file)!);
    const fits = binding.argumentFits;
    const matched = binding.matchArguments?.(args, params, Boolean(decl.variadic));
    if (matched === false) return false;
    return !fits || args.every((arg, i) => fits(arg, params[matched ? matched[i] : Math.min(i, params.length - 1)]) !== 'no');
  }

  private refusesFunctionLiteral(ref: DeclarationRef, index: number): boolean {
    const rules = this.bindingOf(this.symbols.extraction(ref.file)!);
    const decl = this.symbols.declaration(ref);
    const type = decl.parameterTypes?.[index];
    if (!rules.refusesFunctionLiteral || !type || type === '?' || type === '*') return false;
    if (rules.refusesFunctionLiteral(type)) return true;
    const walked = this.walkChain({ file: ref.file, enclosing: decl.parent }, [type]);
    if (walked?.consumed !== 1 || walked.target.type !== 'declaration') return false;
    return ['class', 'struct', 'interface', 'enum'].includes(this.symbols.declaration(walked.target.ref).kind);
  }

  private familyOf(file: FileExtraction): string {
    return this.languageOf(file)?.family ?? file.language;
  }

  private bindingOf(file: FileExtraction): NameBindingRules {
    return this.languageOf(file)?.binding ?? NO_RULES;
  }

  /** The file of the site being resolved. */
  private siteFile?: string;

  resolve(file: FileExtraction, site: ReferenceSite): Resolution {
    this.siteFile = file.path;
    const resolution = this.resolveStated(file, site);
    if (!resolution.resolved && resolution.reason !== 'ambiguous' && this.bindingOf(file).members?.memberExtensions) {
      const extension = this.memberExtensionCall(file, site) ?? this.blockMemberExtensionCall(file, site);
      if (extension) return extension;
    }
    if (!resolution.resolved && site.kind === 'calls' && this.bindingOf(file).calls?.invokers?.includes(site.name)) {
      const invoked = this.invokedFunction(file, site);
      if (invoked) return invoked;
    }
    if (!resolution.resolved && resolution.reason !== 'ambiguous' && this.bindingOf(file).members?.universalOutsideBase) {
      const universal = this.universalExtension(file, site);
      if (universal) return universal;
    }
    if (resolution.resolved || site.kind !== 'calls' || !this.bindingOf(file).members?.extensionsInScope) return resolution;
    if (resolution.reason === 'ambiguous' || resolution.reason === 'builtin' || (site.receiver?.length === 0 && site.locallyBound)) return resolution;
    // A receiver of a stated type (`count: Int`) was looked up as that type: an extension of another one is not it.
    const typed = site.typedReceiver?.type;
    if (typed && (typed.kind === 'named' || this.types.evaluate({ file: file.path, enclosing: site.enclosing }, typed))) return resolution;
    // `listOf(a, b).flatten()`: a value a function outside the workspace gives is of no workspace type, so no extension of one takes it.
    const callee = typed?.kind === 'call' && typed.callee.length === 1 && !typed.construct
      ? this.symbols.resolveName(file.path, site.enclosing, typed.callee[0]) ?? 'none' : undefined;
    const outsideValue = callee === 'none' || (callee !== undefined && callee.type === 'external');
    return this.extensionInScope(file, site, outsideValue) ?? resolution;
  }

  /**
   * `members.memberExtensions`: `Foo::class.toSpec()` in a subclass of the class declaring `fun KClass<*>.toSpec()`,
   * `name.member("X")` with `ClassName.member` imported from a companion: the member extension of the receiver's type
   * (its simple name, or a base's) the classes around the call declare or inherit, nearest first, else the one imported
   * by that name; undefined where none fits or the arguments cannot tell several apart.
   */
  private memberExtensionCall(file: FileExtraction, site: ReferenceSite): Resolution | undefined {
    if (site.kind !== 'calls' || !site.typedReceiver || site.typedReceiver.path.length > 0) return undefined;
    const scope = { file: file.path, enclosing: site.enclosing };
    const names = this.receiverTypeNames(file, scope, site.typedReceiver.type);
    if (!names) return undefined;
    const extendsIt = (ref: DeclarationRef) => {
      const extended = this.symbols.declaration(ref).memberExtensionOf;
      return extended !== undefined && names.has(extended);
    };
    let found: DeclarationRef[] = [];
    let how: ResolvedBy = RESOLVED_BY.inheritedMember;
    for (let id = site.enclosing; id !== null && found.length === 0; id = file.declarations[id].parent) {
      if (!CLASS_LIKE.has(file.declarations[id].kind)) continue;
      for (const classRef of this.withBases({ file: file.path, localId: id })) found.push(...this.memberRefs(classRef, site.name).filter(extendsIt));
    }
    if (found.length === 0) {
      found = this.importedMemberExtensions(file, site.name).filter(extendsIt);
      how = RESOLVED_BY.import;
    }
    if (found.length === 0) return undefined;
    const chosen = found.length === 1 ? { ref: found[0] }
      : selectOverload(found, this.overloadArguments(site).site, (ref) => this.symbols.declaration(ref), this.fitsOf(found[0], site), this.specificOf(found[0]));
    return chosen && 'ref' in chosen ? this.accept(site, chosen.ref, how) : undefined;
  }

  /**
   * `members.memberExtensions` inside blocks run with a receiver (`ReferenceSite.blockSelf`): `Row { Box(Modifier.weight(1f)) }`
   * with `content: RowScope.() -> Unit` and `fun Modifier.weight(…)` declared in RowScope — the member extension of the
   * call's receiver type that the innermost proven block receiver (or a base of it) declares; undefined where none does.
   */
  private blockMemberExtensionCall(file: FileExtraction, site: ReferenceSite): Resolution | undefined {
    if (site.kind !== 'calls' || !site.blockSelf || site.locallyBound || site.receiver?.length === 0) return undefined;
    const scope = { file: file.path, enclosing: site.enclosing };
    const names = site.typedReceiver
      ? (site.typedReceiver.path.length === 0 ? this.receiverTypeNames(file, scope, site.typedReceiver.type) : undefined)
      : site.receiver ? this.chainTypeNames(scope, site.receiver) : undefined;
    if (!names) return undefined;
    const extendsIt = (ref: DeclarationRef) => {
      const extended = this.symbols.declaration(ref).memberExtensionOf;
      return extended !== undefined && names.has(extended);
    };
    for (const type of site.blockSelf) {
      if (type.kind !== 'block-value') {
        const callee = this.types.blockCallee(scope, type);
        if (callee === undefined || callee === 'missing' || !this.symbols.declaration(callee).blockSelf) continue;
      }
      const receiver = this.types.evaluate(scope, type);
      if (!receiver) return undefined;
      const found = this.withBases(receiver.classRef).flatMap((classRef) => this.memberRefs(classRef, site.name).filter(extendsIt));
      if (found.length === 0) continue;
      const chosen = found.length === 1 ? { ref: found[0] }
        : selectOverload(found, this.overloadArguments(site).site, (ref) => this.symbols.declaration(ref), this.fitsOf(found[0], site), this.specificOf(found[0]));
      return chosen && 'ref' in chosen ? this.accept(site, chosen.ref, RESOLVED_BY.annotatedReceiver) : undefined;
    }
    return undefined;
  }

  /**
   * The simple names of the type a receiver chain's value has and its bases: a value's stated class, or for a class
   * named as a value (`Modifier.weight()`) its companion object's.
   */
  private chainTypeNames(scope: TypeScope, chain: string[]): Set<string> | undefined {
    const instance = this.types.evaluate(scope, { kind: 'value', chain });
    if (instance) return new Set(this.withBases(instance.classRef).map((ref) => this.symbols.declaration(ref).name));
    if (chain.length !== 1) return undefined;
    const named = this.symbols.resolveName(scope.file, scope.enclosing, chain[0]);
    if (named?.type !== 'declaration' || !CLASS_LIKE.has(this.symbols.declaration(named.ref).kind)) return undefined;
    const companion = this.memberRefs(named.ref, 'Companion')[0];
    return companion ? new Set(this.withBases(companion).map((ref) => this.symbols.declaration(ref).name)) : undefined;
  }

  /**
   * The members `name` an import statement written `import a.Outer.Companion.name` reaches: the statement binds Outer (the
   * name's class, its first capitalised part), and the parts after it are walked as members.
   */
  private importedMemberExtensions(file: FileExtraction, name: string): DeclarationRef[] {
    const found: DeclarationRef[] = [];
    for (const { statement, written } of this.importPathsByLastName(file).get(name) ?? []) {
      for (const binding of statement.bindings) {
        const named = this.symbols.resolveName(file.path, null, binding.local);
        if (named?.type !== 'declaration') continue;
        const at = written.indexOf(binding.imported);
        if (at < 0) continue;
        let owners = [named.ref];
        for (const part of written.slice(at + 1, -1)) owners = owners.flatMap((owner) => this.memberRefs(owner, part));
        found.push(...owners.flatMap((owner) => this.memberRefs(owner, name)));
      }
    }
    return found;
  }

  /**
   * A file's import statements of three names or more as written (`import a.Outer.Inner.f` → a, Outer, Inner, f), in
   * file order, by their last name: asked for each member call, the statements' text was split each time.
   */
  private importPathsByLastName(file: FileExtraction): Map<string, Array<{ statement: ImportStatement; written: string[] }>> {
    let index = this.importPaths.get(file);
    if (index) return index;
    index = new Map();
    for (const statement of file.imports) {
      const written = (file.declarations[statement.declaration]?.signature ?? '').replace(/^import\s+/, '').trim().split('.');
      if (written.length < 3) continue;
      const last = written[written.length - 1];
      const list = index.get(last);
      if (list) list.push({ statement, written });
      else index.set(last, [{ statement, written }]);
    }
    this.importPaths.set(file, index);
    return index;
  }

  /** The simple names of a stated type and its bases: a workspace class's, or an outside type's with its known outside bases. */
  private receiverTypeNames(file: FileExtraction, scope: TypeScope, type: TypeRef): Set<string> | undefined {
    const instance = this.types.evaluate(scope, type);
    if (instance) return new Set(this.withBases(instance.classRef).map((ref) => this.symbols.declaration(ref).name));
    const outside = this.types.outsideTypeOf(scope, type);
    const name = outside?.at(-1);
    if (name === undefined) return undefined;
    return new Set([name, ...(this.bindingOf(file).members?.outsideSupertypes?.[name] ?? [])]);
  }

  /** A class and its proven bases, nearest first. */
  private withBases(classRef: DeclarationRef): DeclarationRef[] {
    const out: DeclarationRef[] = [classRef];
    for (let i = 0; i < out.length && out.length < 64; i++) {
      for (const base of this.superclasses(out[i])) if (!out.some((seen) => sameRef(seen, base))) out.push(base);
    }
    return out;
  }

  /**
   * `helper.call(this, a)`, `utils.merge.apply(null, args)` (`calls.invokers`): the function or method the receiver
   * chain names, resolved as a call of it; undefined where the chain names anything else or nothing.
   */
  private invokedFunction(file: FileExtraction, site: ReferenceSite): Resolution | undefined {
    const receiver = site.receiver;
    const typed = site.typedReceiver;
    if (!receiver || receiver.length === 0 || (typed && typed.path.length === 0)) return undefined;
    const name = receiver[receiver.length - 1];
    if (name === 'this' || name === 'super' || name === 'prototype') return undefined;
    const inner: ReferenceSite = {
      ...site, name, receiver: receiver.slice(0, -1), headTarget: receiver.length > 1 ? site.headTarget : undefined,
      typedReceiver: typed ? { type: typed.type, path: typed.path.slice(0, -1) } : undefined,
      // `helper.call(…)` with `helper` a local function: the local is the callee.
      localTarget: receiver.length === 1 ? site.headTarget : undefined,
    };
    const found = this.resolveStated(file, inner);
    if (!found.resolved || found.edgeKind !== 'calls') return undefined;
    const kind = this.symbols.declaration(found.target).kind;
    return kind === 'function' || kind === 'method' ? found : undefined;
  }

  /**
   * `members.universalOutsideBase`: a call `v.M()` on a value (not a type's name) the rules left unresolved, where the
   * workspace declares no class member `M` and the file sees no extension `M` of another type: the visible extension
   * `M` of the universal type (overloads picked by the arguments).
   */
  private universalExtension(file: FileExtraction, site: ReferenceSite): Resolution | undefined {
    const universal = this.bindingOf(file).members!.universalOutsideBase!;
    if (site.kind !== 'calls' || site.receiver?.length === 0 || universal.frameworkMembers.has(site.name)) return undefined;
    const entry = this.universal.named(site.name);
    if (!entry || entry.members > 0 || entry.universal.length === 0) return undefined;
    const scope = { file: file.path, enclosing: site.enclosing };
    if (!this.isValueReceiver(file, site)) return undefined;
    if (entry.others.some((ref) => this.visibleOutsideMember(scope, ref, site.name))) return undefined;
    const found = this.outsideExtension(scope, [universal.type], site);
    // The receiver's type is not proven: the link rests on the extension being the only one of its name in scope.
    return found?.resolved ? this.accept(site, found.target, RESOLVED_BY.uniqueName) : undefined;
  }

  /**
   * `members.outsideCallResults`: the outside type a call receiver (`Open().Execute()`) is stated to be, for its extensions;
   * not for a name the framework's types declare (`Cases().Concat(more)` may be LINQ's, however the workspace's is declared).
   */
  private outsideResultType(file: FileExtraction, site: ReferenceSite, scope: TypeScope, instance: InstanceOf | undefined): string[] | undefined {
    const members = this.bindingOf(file).members;
    if (!members?.outsideCallResults || instance || !site.typedReceiver || members.universalOutsideBase?.frameworkMembers.has(site.name)) return undefined;
    return this.types.outsideTypeOf(scope, site.typedReceiver.type);
  }

  /** See ClassWorld.universalSelfResult: the conditions of `universalExtension`, and every candidate returns its receiver. */
  private universalSelfResult(scope: TypeScope, name: string): boolean {
    const file = this.symbols.extraction(scope.file);
    const universal = file && this.bindingOf(file).members?.universalOutsideBase;
    if (!universal || universal.frameworkMembers.has(name)) return false;
    const entry = this.universal.named(name);
    if (!entry || entry.members > 0 || entry.universal.length === 0) return false;
    if (entry.others.some((ref) => this.visibleOutsideMember(scope, ref, name))) return false;
    const found = this.outsideMembers(scope, [universal.type], name);
    return found.length > 0 && found.every((ref) => this.symbols.declaration(ref).returnType?.kind === 'self');
  }

  /**
   * `members.outsideResults`: what member `name` of the outside type `chain` gives, from the type's own entry or
   * else its known bases' (`outsideSupertypes`), which must agree; undefined where none states it.
   */
  private outsideResult(scope: TypeScope, chain: string[], name: string): string[] | undefined {
    const members = this.bindingOf(this.symbols.extraction(scope.file)!).members;
    const table = members?.outsideResults;
    if (!table || chain.length !== 1) return undefined;
    const own = table[chain[0]]?.[name];
    if (own !== undefined) return [own];
    const inherited = new Set((members.outsideSupertypes?.[chain[0]] ?? []).map((base) => table[base]?.[name]).filter((r) => r !== undefined));
    return inherited.size === 1 ? [...inherited] : undefined;
  }

  /** The receiver is a value: an expression other than a chain of names, a local, `this`, a field or property (a type's name calls no extension). */
  private isValueReceiver(file: FileExtraction, site: ReferenceSite): boolean {
    if (site.typedReceiver || site.receiver === undefined || site.locallyBound) return true;
    const head = site.receiver[0];
    const binding = this.bindingOf(file);
    if (binding.instanceReceivers.includes(head)) return true;
    if (head === binding.superReceiver) return false;
    const named = this.symbols.resolveName(file.path, site.enclosing, head, site.line);
    if (named?.type === 'declaration') return VALUE_KINDS.has(this.symbols.declaration(named.ref).kind);
    if (named || site.enclosing === null) return false;
    const owner = this.enclosingOwner(file, site.enclosing);
    const member = owner ? this.findMember(owner.classRef, head, false, false) : undefined;
    return member?.ref !== undefined && !member.ambiguous && VALUE_KINDS.has(this.symbols.declaration(member.ref).kind);
  }

  /** Extensions (top-level, `memberOf`) by name, and how many members of classes share each name (`members.extensionsInScope`). */
  private extensionNames?: Map<string, { extensions: DeclarationRef[]; members: number }>;
  private readonly extensionsSeenMemo = new WeakMap<FileExtraction, Map<string, { seen: DeclarationRef[]; imported: boolean }>>();

  /**
   * A call the rules left unresolved, in a language where an extension is called only when in scope by
   * name: the one such extension the file sees, when no class member of the workspace has its name.
   */
  private extensionInScope(file: FileExtraction, site: ReferenceSite, outsideValue = false): Resolution | undefined {
    const { seen: all, imported } = this.extensionsSeen(file, site.name);
    // A value of an outside type: only extensions of types the workspace does not declare may take it.
    const seen = outsideValue ? all.filter((ref) => {
      const decl = this.symbols.declaration(ref);
      return decl.memberOf !== undefined && !this.types.evaluate({ file: ref.file, enclosing: decl.parent }, decl.memberOf);
    }) : all;
    if (seen.length === 0 || this.mayBeStandardExtension(file, site, seen)) return undefined;
    // Overloads (`Route.controller(init)` beside `Route.controller(path, init)`): the one the arguments pick.
    const chosen = selectOverload(seen, this.overloadArguments(site).site, (ref) => this.symbols.declaration(ref), this.fitsOf(seen[0], site), this.specificOf(seen[0]));
    if (!chosen || !('ref' in chosen)) return undefined;
    const how = imported ? RESOLVED_BY.import : chosen.ref.file === file.path ? RESOLVED_BY.sameFile : RESOLVED_BY.samePackage;
    return this.accept(site, chosen.ref, how);
  }

  /** `members.standardOutsideExtensions`: the call may mean the library's extension rather than one of these, limited by its receiver's type arguments. */
  private mayBeStandardExtension(file: FileExtraction, site: ReferenceSite, extensions: readonly DeclarationRef[]): boolean {
    const standard = this.bindingOf(file).members?.standardOutsideExtensions;
    return Boolean(standard?.has(site.name) && extensions.some((ref) => this.symbols.declaration(ref).extendsParameterized));
  }

  /**
   * Whether a member is in scope in `file` where extensions must be (`members.extensionsInScope`): a member of a class body
   * always; an extension (top-level, `memberOf`) declared in the file's package, or imported by name or with its package's `*`.
   */
  private extensionVisible(file: FileExtraction, ref: DeclarationRef): boolean {
    const decl = this.symbols.declaration(ref);
    if (decl.parent !== null || !decl.memberOf || !this.bindingOf(file).members?.extensionsInScope || ref.file === file.path) return true;
    const home = this.symbols.packageKeyOf(ref.file);
    if (home === null) return false;
    if (home === this.symbols.packageKeyOf(file.path)) return true;
    const packages = this.languageOf(file)?.modules.packages;
    return file.imports.some((statement) => statement.bindings.some((b) => b.imported === decl.name || b.imported === '*')
      && packages?.importedPackage?.(file.path, statement.specifier) === home);
  }

  /** The extensions `name` a file sees by name (imported, or declared in its package), when no class member of the workspace has the name. */
  private extensionsSeen(file: FileExtraction, name: string): { seen: DeclarationRef[]; imported: boolean } {
    if (!this.extensionNames) {
      this.extensionNames = new Map();
      for (const each of this.symbols.allFiles()) {
        each.declarations.forEach((decl, localId) => {
          if (!CALLABLE_MEMBER_KINDS.has(decl.kind)) return;
          const parent = decl.parent === null ? undefined : each.declarations[decl.parent];
          const extension = decl.parent === null && decl.memberOf !== undefined && decl.kind === 'function';
          if (!extension && !(parent && CLASS_LIKE.has(parent.kind))) return;
          const entry = this.extensionNames!.get(decl.name) ?? { extensions: [], members: 0 };
          this.extensionNames!.set(decl.name, entry);
          if (extension) entry.extensions.push({ file: each.path, localId });
          else entry.members++;
        });
      }
    }
    let known = this.extensionsSeenMemo.get(file);
    if (!known) this.extensionsSeenMemo.set(file, (known = new Map()));
    let answer = known.get(name);
    if (!answer) known.set(name, (answer = this.extensionsSeenBy(file, name, this.extensionNames)));
    // A copy: callers may filter or sort what they get.
    return { seen: [...answer.seen], imported: answer.imported };
  }

  /** What `extensionsSeen` answers, worked out (asked once per file and name). */
  private extensionsSeenBy(
    file: FileExtraction, name: string, extensionNames: Map<string, { extensions: DeclarationRef[]; members: number }>,
  ): { seen: DeclarationRef[]; imported: boolean } {
    const imported = file.imports.flatMap((statement) => statement.bindings.filter((b) => b.local === name).map((b) => ({ statement, name: b.imported })));
    const entry = extensionNames.get(imported.length === 1 ? imported[0].name : name);
    if (!entry || entry.members > 0) return { seen: [], imported: false };
    const ownPackage = this.symbols.packageKeyOf(file.path);
    const packages = this.languageOf(file)?.modules.packages;
    const seen = entry.extensions.filter((ref) => {
      if (this.familyOf(this.symbols.extraction(ref.file)!) !== this.familyOf(file)) return false;
      if (imported.length > 0) return imported.some(({ statement }) => packages?.importedPackage?.(file.path, statement.specifier) === this.symbols.packageKeyOf(ref.file));
      return ref.file === file.path || (ownPackage !== null && this.symbols.packageKeyOf(ref.file) === ownPackage);
    });
    return { seen, imported: imported.length > 0 };
  }

  /** The rules' answer, kept only where the written type arguments and the base-type rule agree with it. */
  private resolveStated(file: FileExtraction, site: ReferenceSite): Resolution {
    const resolved = this.resolveSite(file, site);
    const found = site.typeArguments === undefined ? resolved
      : resolved.resolved ? this.withTypeArguments(resolved, site.typeArguments) : this.twinOfArity(file, site, resolved, site.typeArguments);
    // No type is its own base: `class Error < ::Error` written inside a module is found here as itself.
    if (found.resolved && (site.kind === 'extends' || site.kind === 'implements') && site.enclosing !== null && this.isItself(file, site.enclosing, found.target)) {
      return unresolved('not-found', false);
    }
    return found;
  }

  /**
   * Where a generic type and a type without type parameters may share a name (`declarations.genericTwins`), a
   * type found for a site writing `count` type arguments is the one declaring that many type parameters: the
   * found type, or the one declared beside it; neither, no edge (the one meant is declared elsewhere).
   */
  private withTypeArguments(found: Extract<Resolution, { resolved: true }>, count: number): Resolution {
    const decl = this.symbols.declaration(found.target);
    const extraction = this.symbols.extraction(found.target.file)!;
    if (!TYPE_KINDS.has(decl.kind) || !this.bindingOf(extraction).declarations?.genericTwins) return found;
    const arity = (d: Declaration) => d.typeParameters?.length ?? 0;
    if (arity(decl) === count) return found;
    const twins = extraction.declarations.flatMap((d, localId) => (d.parent === decl.parent && d.name === decl.name && TYPE_KINDS.has(d.kind) && arity(d) === count ? [localId] : []));
    if (twins.length !== 1) return unresolved('not-found', false);
    return { ...found, target: { file: found.target.file, localId: twins[0] } };
  }

  /**
   * Where a generic type and a type without type parameters may share a name (`declarations.genericTwins`): the type
   * declaring `count` type parameters, `ref` or the one declared beside it; undefined when neither (the one meant is elsewhere).
   */
  private typeOfArity(ref: DeclarationRef, count: number): DeclarationRef | undefined {
    const decl = this.symbols.declaration(ref);
    const extraction = this.symbols.extraction(ref.file)!;
    const arity = (d: Declaration) => d.typeParameters?.length ?? 0;
    if (!TYPE_KINDS.has(decl.kind) || !this.bindingOf(extraction).declarations?.genericTwins || arity(decl) === count) return ref;
    const twins = extraction.declarations.flatMap((d, localId) => (d.parent === decl.parent && d.name === decl.name && TYPE_KINDS.has(d.kind) && arity(d) === count ? [localId] : []));
    return twins.length === 1 ? { file: ref.file, localId: twins[0] } : undefined;
  }

  /**
   * Where generic and non-generic types may share a name (`declarations.genericTwins`), one name found in several
   * files (`Builder` in Builder.cs, `Builder<T>` in Builder.TResult.cs) is ambiguous only among the types declaring
   * as many type parameters as the site writes type arguments: exactly one such type is the one meant.
   */
  private twinOfArity(file: FileExtraction, site: ReferenceSite, found: Resolution, count: number): Resolution {
    if (found.resolved || found.reason !== 'ambiguous' || !found.candidates || !this.bindingOf(file).declarations?.genericTwins) return found;
    const decls = found.candidates.map((ref) => this.symbols.declaration(ref));
    if (!decls.every((d) => TYPE_KINDS.has(d.kind) && d.name === site.name)) return found;
    const fitting = found.candidates.filter((_, i) => (decls[i].typeParameters?.length ?? 0) === count);
    // The parts of one partial type (`partial class ResiliencePipeline` in several files) are one type.
    const ref = fitting.length === 1 ? fitting[0] : this.symbols.onePartialType(fitting) ? this.symbols.mainPart(fitting) : undefined;
    if (!ref) return found;
    const how = ref.file === file.path ? RESOLVED_BY.sameFile
      : this.symbols.packageKeyOf(ref.file) === this.symbols.packageKeyOf(file.path) ? RESOLVED_BY.samePackage : RESOLVED_BY.import;
    return this.accept(site, ref, how);
  }

  /** Whether `target` is the declaration `localId` of `file` or another part of the same type (a reopening; never a companion). */
  private isItself(file: FileExtraction, localId: number, target: DeclarationRef): boolean {
    const own = file.declarations[localId];
    const other = this.symbols.declaration(target);
    if (target.file === file.path && target.localId === localId) return true;
    return own.kind === other.kind && Boolean(own.isStatic) === Boolean(other.isStatic)
      && this.symbols.partsOf({ file: file.path, localId }).some((part) => part.file === target.file && part.localId === target.localId);
  }

  private resolveSite(file: FileExtraction, site: ReferenceSite): Resolution {
    if (site.argumentTypes) this.siteFiles.set(site, file);
    if (site.localTarget !== undefined) {
      return this.accept(site, { file: file.path, localId: site.localTarget }, RESOLVED_BY.localScope);
    }
    // `context.localization.f()` inside a lambda whose receiver has a property `context`: read from that receiver.
    if (site.blockSelf && site.blockSelfChain && !site.locallyBound && site.receiver && site.receiver.length > 0) {
      const held = this.blockReceiverChain(file, site, site.receiver);
      if (held) return held;
    }
    // Inside a block its callee evaluates with another receiver (`obj.instance_eval(&block)`): a member of that.
    if (site.blockSelf && !site.blockSelfChain && !site.locallyBound) {
      const scope = { file: file.path, enclosing: site.enclosing };
      const fallsBack = this.bindingOf(file).members?.blockReceiversFallBack;
      for (const type of site.blockSelf) {
        // `x.apply { m() }`: x's member, else (falling back) what the scopes around bind; nothing while x is unproven.
        if (type.kind === 'block-value') {
          const receiver = this.types.evaluate(scope, type);
          if (!receiver) return unresolved('unknown-receiver', false);
          const member = fallsBack ? this.findMember(receiver.classRef, site.name, false, false, 0, site) : undefined;
          if (fallsBack && !(member && (!member.ref || this.extensionVisible(file, member.ref)))) {
            // Past x only where x's class is known in full: an outside base may declare the name.
            if (this.basesKnownInFull(receiver.classRef)) continue;
            return unresolved('unknown-receiver', false);
          }
          return this.callOnInstance(site, receiver, []);
        }
        // A callee that states no `blockSelf` runs the block with the self around it: the next block out.
        const callee = this.types.blockCallee(scope, type);
        if (callee === undefined) continue;
        if (callee === 'missing') {
          // `single { }` read as a member of an enclosing block's receiver (or of an extension's receiver: `fun T.f() { build { } }`)
          // that has none: the callee is found as written next.
          if (fallsBack && type.kind === 'member-call' && (('block' in type.of && type.of.block) || type.of.kind === 'named' || type.of.kind === 'block-value')) continue;
          if (fallsBack) break;
          return unresolved('unknown-receiver', false);
        }
        if (!this.symbols.declaration(callee).blockSelf) continue;
        const receiver = this.types.evaluate(scope, type);
        // Where the receiver has no such member, the next receiver out (Kotlin), else only it; an extension of it the
        // file does not see (`members.extensionsInScope`: not imported, nor of its package) is no member here.
        const member = fallsBack && receiver ? this.findMember(receiver.classRef, site.name, false, false, 0, site) : undefined;
        if (fallsBack && !(member && (!member.ref || this.extensionVisible(file, member.ref)))) continue;
        return this.callOnInstance(site, receiver, []);
      }
    }
    // A local (or a call) whose class the code states: `x = Foo(); x.m()`, `Foo().m()`.
    if (site.typedReceiver && (site.locallyBound || site.receiver === undefined)) {
      const scope = { file: file.path, enclosing: site.enclosing };
      let instance = this.types.evaluate(scope, site.typedReceiver.type);
      let { type, path } = site.typedReceiver;
      // `setup().context.m()` of `setup(): { context: Context }`: the member the call's stated result gives.
      const member = !instance && path.length > 0 && (type.kind === 'call' || type.kind === 'member-call') ? this.types.evaluate(scope, { kind: 'field', of: type, path: path.slice(0, 1) }) : undefined;
      if (member) [instance, type, path] = [member, { kind: 'field', of: type, path: path.slice(0, 1) }, path.slice(1)];
      // `try result.get().validate()` of a `Result<URLRequest, Error>`: an element stated to be of an outside type.
      const outsideElement = !instance && (type.kind === 'element' || type.kind === 'any-of') ? this.types.outsideTypeOf(scope, type) : undefined;
      const outsideType = type.kind === 'named' ? type.chain : type.kind === 'collection' ? type.named : outsideElement
        ?? this.outsideResultType(file, site, scope, instance) ?? (instance || path.length === 0 ? undefined : this.constructedOutsideType(scope, type));
      // `xs.Count.ShouldEqual(2)`: the outside type's properties on the way, by the language's table (`members.outsideResults`).
      const reached = path.reduce<string[] | undefined>((of, name) => of && this.outsideResult(scope, of, name), outsideType);
      if (!instance && reached) {
        // `s.slug()` with `s: String`, `xs.Group(2)` with `xs: IEnumerable<T>`: an extension of a type the workspace does not declare.
        const extension = this.outsideExtension(scope, reached, site);
        if (extension) return extension;
      }
      // `view.kf.setImage(…)` with `view: UIImageView`: a property a workspace extension declares for the outside type, of a stated type.
      const held = !instance && !reached && outsideType && path.length > 0 ? this.outsideProperty(scope, outsideType, path[0]) : undefined;
      if (held) return (path.length === 1 ? this.wrapperMember(site, held, outsideType!, scope) : undefined) ?? this.callOnInstance(site, held, path.slice(1), false, scope);
      // `const { rawQuery } = prisma; rawQuery()` where no class describes `prisma` (a module's object): `prisma.rawQuery()`.
      if (!instance && type.kind === 'value' && path.length === 0 && site.receiver?.length === 0 && this.bindingOf(file).calls?.destructuredMembersThroughChain) {
        const chained = this.resolveMemberChain(file, { ...site, receiver: type.chain, locallyBound: undefined, typedReceiver: undefined }, type.chain);
        if (chained.resolved) return chained;
      }
      // `m()` with `m` a local holding member `m` of a value (`const { m } = make()`): only a method is known to
      // run; a property holds a function value of its own.
      return this.callOnInstance(site, instance, path, site.receiver?.length === 0, scope);
    }
    if (site.receiver === undefined) return unresolved('unknown-receiver', false);
    if (site.receiver.length === 0) return this.resolveBareName(file, site);
    return this.resolveMemberChain(file, site, site.receiver);
  }

  /**
   * A call on a chain of names inside blocks run with a receiver (`ReferenceSite.blockSelf`, with `members.blockReceiversFallBack`):
   * where the innermost receiver that has a property named like the chain's head is proven, the chain is read from it;
   * undefined where none has one (the chain is then looked up as written).
   */
  private blockReceiverChain(file: FileExtraction, site: ReferenceSite, chain: string[]): Resolution | undefined {
    const binding = this.bindingOf(file);
    if (!binding.members?.blockReceiversFallBack || binding.instanceReceivers.includes(chain[0]) || chain[0] === binding.superReceiver) return undefined;
    const scope = { file: file.path, enclosing: site.enclosing };
    for (const type of site.blockSelf!) {
      const callee = type.kind === 'block-value' ? undefined : this.types.blockCallee(scope, type);
      if (type.kind !== 'block-value' && (callee === undefined || callee === 'missing' || !this.symbols.declaration(callee).blockSelf)) continue;
      const receiver = this.types.evaluate(scope, type);
      if (!receiver) return undefined;
      const head = this.findMember(receiver.classRef, chain[0], false, false);
      if (!head) continue;
      if (!head.ref || head.ambiguous || !this.holdsValue(head.ref)) return undefined;
      return this.callOnInstance(site, receiver, chain, false, scope);
    }
    return undefined;
  }

  private resolveBareName(file: FileExtraction, site: ReferenceSite): Resolution {
    if (site.locallyBound) return unresolved('local-binding', false);
    const found = runLookup(this.bindingOf(file).lookup, this.lookupSteps, { file, site });
    if (found) return found;
    const made = this.outsideInitializer(file, site);
    if (made) return made;
    const outside = this.boundOutsideWorkspace(file, site);
    if (outside) return outside;
    // A name the module does not bind is an error, not a reference to another file (the language's
    // lookup has no `workspace-unique`); the same-named declarations are still recorded as candidates.
    const candidates = this.uniqueNames.lookup(this.familyOf(file), site.name, site.kind);
    return { resolved: false, reason: 'not-found', candidates: candidates.length > 0 ? candidates : undefined, likelyInternal: true };
  }

  /**
   * `button.kf.setImage(…)`: a member of the wrapper an outside type's property holds, where the wrapper's extensions hold
   * for some wrapped types only (`Declaration.memberWhere`): those whose type is the outside type, one of its known bases
   * or a protocol it is made to conform to. Undefined where no candidate states such a condition.
   */
  private wrapperMember(site: ReferenceSite, wrapper: InstanceOf, outsideType: string[], from: TypeScope): Resolution | undefined {
    const found = this.memberRefs(wrapper.classRef, site.name);
    if (!found.some((ref) => this.symbols.declaration(ref).memberWhere)) return undefined;
    const name = outsideType[outsideType.length - 1];
    const rules = this.bindingOf(this.symbols.extraction(from.file)!).members;
    const bases = [name, ...(rules?.outsideSupertypes?.[name] ?? [])];
    const allowed = new Set([...bases, ...bases.flatMap((base) => (this.outsideConformances().get(base) ?? []).map((ref) => this.symbols.declaration(ref).name))]);
    const kept = found.filter((ref) => {
      const where = this.symbols.declaration(ref).memberWhere;
      return !where || allowed.has(where[where.length - 1]);
    });
    if (kept.length === 0) return unresolved('not-found', true);
    const chosen = kept.length === 1 ? { ref: kept[0] }
      : selectOverload(kept, this.overloadArguments(site).site, (ref) => this.symbols.declaration(ref), this.fitsOf(kept[0], site), this.specificOf(kept[0]));
    if (!chosen || !('ref' in chosen)) return unresolved('ambiguous', true);
    return this.accept(site, chosen.ref, wrapper.how);
  }

  /** The value property `name` holds, declared for the outside type `chain` by the workspace (one such property, its type stated and proven). */
  private outsideProperty(scope: TypeScope, chain: string[], name: string): InstanceOf | undefined {
    // A value's property: not a static twin (`static var rx`), and a protocol's requirement gives way to the extension's default.
    const properties = this.outsideMembers(scope, chain, name).filter((ref) => this.symbols.declaration(ref).kind === 'property' && !this.symbols.declaration(ref).isStatic);
    const defaults = properties.filter((ref) => this.symbols.declaration(ref).memberOf !== undefined);
    const found = defaults.length > 0 ? defaults : properties;
    return found.length === 1 ? this.types.valueOf(found[0]) : undefined;
  }

  /** `HTTPURLResponse(statusCode: 205)` (`calls.outsideInitializer`): the initialiser a workspace extension of that outside type declares, which every argument's label names. */
  private outsideInitializer(file: FileExtraction, site: ReferenceSite): Resolution | undefined {
    const name = this.bindingOf(file).calls?.outsideInitializer;
    const args = site.argumentTypes;
    if (!name || site.kind !== 'calls' || !args || args.length === 0 || !this.bindingOf(file).members?.extendsOutsideTypes) return undefined;
    const found = this.outsideMembers({ file: file.path, enclosing: site.enclosing }, [site.name], name);
    if (found.length === 0) return undefined;
    const fits = this.fitsOf(found[0], site);
    const chosen = selectOverload(found, this.overloadArguments(site).site, (ref) => this.symbols.declaration(ref), fits, this.specificOf(found[0]));
    if (!fits || !chosen || !('ref' in chosen)) return undefined;
    const params = this.symbols.declaration(chosen.ref).parameterTypes ?? [];
    const proven = args.every((arg, i) => i < params.length && ['exact', 'converts'].includes(fits(arg, params[i], chosen.ref)));
    return proven ? this.accept(site, chosen.ref, RESOLVED_BY.annotatedReceiver) : undefined;
  }

  /** A name the runtime provides, or a wildcard import may bind, is never taken for a workspace declaration. */
  private boundOutsideWorkspace(file: FileExtraction, site: ReferenceSite): Resolution | undefined {
    if (this.languageOf(file)?.modules.isBuiltin(site.name)) return unresolved('builtin', false);
    // A wildcard import may have bound the name — from an unindexed module, or dynamically from an
    // indexed one (names made at run time): a workspace-wide guess could be wrong either way.
    const wildcard = this.symbols.wildcardImportKind(file.path);
    if (wildcard === 'external') return unresolved('external-import', false);
    if (wildcard === 'internal') return unresolved('not-found', true);
    return undefined;
  }

  /**
   * Every lookup step (lookup-steps/): the site steps as they are, the name steps with what they find
   * turned into a resolution of the site.
   */
  private buildLookupSteps(): StepTable<SiteQuery, Resolution> {
    const resolver: SiteResolver = {
      symbols: this.symbols,
      enclosingClassMember: (file, site) => this.implicitMember(file, site),
      accept: (site, ref, how) => this.accept(site, ref, how),
      boundOutsideWorkspace: (file, site) => this.boundOutsideWorkspace(file, site),
      sameNamed: (file, site) => this.symbols.preferReached(file.path, this.uniqueNames.lookup(this.familyOf(file), site.name, site.kind)),
      linkableByName: (ref, from) => {
        const declaration = this.symbols.declaration(ref);
        const family = this.familyOf(this.symbols.extraction(ref.file)!);
        return this.bindingOf(this.symbols.extraction(ref.file)!).linkableByName(ref.file, from, declaration, {
          declaredIn: () => this.uniqueNames.declaringFiles(family, declaration.name),
          reachedFrom: () => from !== undefined && this.symbols.reaches(from, ref.file),
        });
      },
      expandedBeforeLookup: (ref) => this.bindingOf(this.symbols.extraction(ref.file)!).expandedBeforeLookup?.(this.symbols.declaration(ref)) ?? false,
      inheritedMember: (classRef, site) => {
        const found = this.findMember(classRef, site.name, true, true, 0, site);
        if (!found) return undefined;
        if (found.ambiguous) return ambiguousOverload(found.ambiguous);
        return this.accept(site, found.ref, RESOLVED_BY.inheritedMember);
      },
      packageObjectName: (file) => this.bindingOf(file).packageObjectName,
      ambientMixinMembers: (file, site) => this.ambientMixinMembers(file, site),
      mixedInConstant: (file, site) => this.mixedInConstant({ file: file.path, enclosing: site.enclosing }, site.name),
      importedMember: (file, statement, site) => this.importedMember(file, statement, site),
    };
    const table = bindSteps(SITE_STEPS, resolver);
    for (const step of Object.keys(NAME_STEPS) as LookupStep[]) {
      const run = NAME_STEPS[step]!;
      table[step] = ({ file, site }) => {
        const bound = run(this.symbols, { file: file.path, enclosing: site.enclosing, name: site.name, line: site.line });
        if (bound && this.takesNoSuchCall(file, site, bound)) return unresolved('not-found', true);
        return bound && (this.topLevelOverload(file, site, bound) ?? this.overloadAmong(file, site, bound) ?? this.fromImportTarget(file, site, bound));
      };
    }
    return table;
  }

  /**
   * `p.parse(…)` with `val p = countMany(…)` under `import parsley.combinator._` (an object's members): for the head of a
   * chain no scope binds, the member an import in force imports (the language's `member-wildcard-imports` step), innermost
   * declaration's imports first; several of one level: none. Without the site's line, an import of a block is left out.
   */
  private memberImportedValue(scope: TypeScope, name: string, line?: number): Target | undefined {
    const file = this.symbols.extraction(scope.file);
    if (!file || !this.bindingOf(file).lookup.includes('member-wildcard-imports')) return undefined;
    const statements = file.imports.filter((statement) => statement.importsMembers);
    if (statements.length === 0 || this.importingValue) return undefined;
    this.importingValue = true;
    try {
      const decls = file.declarations;
      const levels: Array<number | null> = [];
      for (let id = scope.enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) levels.push(id);
      levels.push(null);
      for (const level of levels) {
        const found = new Map<string, DeclarationRef>();
        for (const statement of statements) {
          if ((decls[statement.declaration]?.parent ?? null) !== level) continue;
          if (line === undefined ? statement.inForceUntil !== undefined : statement.line > line || (statement.inForceUntil !== undefined && line > statement.inForceUntil)) continue;
          const owner = this.membersImportedBy(file, statement);
          const member = owner && this.findMember(owner, name, false, Boolean(this.symbols.declaration(owner).isStatic));
          if (member?.ambiguous) return undefined;
          if (member?.ref) found.set(`${member.ref.file}\0${member.ref.localId}`, member.ref);
        }
        if (found.size === 1) return { type: 'declaration', ref: [...found.values()][0] };
        if (found.size > 1) return undefined;
      }
      return undefined;
    } finally {
      this.importingValue = false;
    }
  }

  private importingValue = false;

  /** The object (or the class of the value) whose members `import a.b.Obj._` / `import obj._` imports, where the statement is written. */
  private membersImportedBy(file: FileExtraction, statement: ImportStatement): DeclarationRef | undefined {
    const chain = statement.specifier.split('.');
    const scope = { file: file.path, enclosing: file.declarations[statement.declaration]?.parent ?? null };
    const walked = this.walkChain(scope, chain) ?? this.implicitFieldChain(scope, chain);
    if (!walked || walked.target.type !== 'declaration') return undefined;
    if (walked.consumed === chain.length && CLASS_LIKE.has(this.symbols.declaration(walked.target.ref).kind)) return walked.target.ref;
    const instance = this.types.valueOf(walked.target.ref);
    return instance && walked.consumed === chain.length ? instance.classRef : undefined;
  }

  /**
   * `import a.b.Obj._` / `import obj._` (`importsMembers`): the member named like the site of the object the
   * specifier names where the statement is written, or of the class of the value it names (a field, a
   * top-level value stating its type). undefined when it names neither, or nothing of that name.
   */
  private importedMember(file: FileExtraction, statement: ImportStatement, site: ReferenceSite): Resolution | undefined {
    const chain = statement.specifier.split('.');
    const scope = { file: file.path, enclosing: file.declarations[statement.declaration]?.parent ?? null };
    // `lazy val builder = …` of the class around: `import builder._` names its field.
    const walked = this.walkChain(scope, chain) ?? this.implicitFieldChain(scope, chain);
    if (!walked || walked.target.type !== 'declaration') return undefined;
    let owner: DeclarationRef | undefined;
    if (walked.consumed === chain.length && CLASS_LIKE.has(this.symbols.declaration(walked.target.ref).kind)) owner = walked.target.ref;
    else {
      const instance = this.types.valueOf(walked.target.ref);
      if (!instance || walked.consumed !== chain.length) return undefined;
      owner = instance.classRef;
    }
    const found = this.findMember(owner, site.name, false, Boolean(this.symbols.declaration(owner).isStatic), 0, site);
    if (!found) return undefined;
    if (found.ambiguous) return ambiguousOverload(found.ambiguous);
    return this.accept(site, found.ref, RESOLVED_BY.import);
  }

  /**
   * Where the language says so (`typeMembersByName`): type `name` declared in a class around the scope or in one of
   * its proven bases, innermost class first, else in the object an `import Obj._` in force (in the file, or a
   * declaration around the scope) imports the members of. Several at one place: ambiguous.
   */
  private typeMemberByName(scope: TypeScope, name: string): Target | undefined {
    const file = this.symbols.extraction(scope.file);
    if (!file || !this.bindingOf(file).typeMembersByName) return undefined;
    if (this.lookingUpTypeMember) return cut();
    // An import's path, a base's name, is looked up the ordinary way: this lookup does not nest.
    this.lookingUpTypeMember = true;
    try {
      return this.typeMemberAround(file, scope, name);
    } finally {
      this.lookingUpTypeMember = false;
    }
  }

  private lookingUpTypeMember = false;

  private typeMemberAround(file: FileExtraction, scope: TypeScope, name: string): Target | undefined {
    const decls = file.declarations;
    const levels: Array<number | null> = [];
    for (let id = scope.enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
      levels.push(id);
      if (!CLASS_LIKE.has(decls[id].kind)) continue;
      const found = this.typeMemberOf({ file: scope.file, localId: id }, name);
      if (found) return found;
    }
    levels.push(null);
    const statements = file.imports.filter((statement) => statement.importsMembers);
    for (const level of levels) {
      const found = new Map<string, DeclarationRef>();
      for (const statement of statements) {
        if ((decls[statement.declaration]?.parent ?? null) !== level) continue;
        const walked = this.walkChain({ file: scope.file, enclosing: level }, statement.specifier.split('.'));
        if (!walked || walked.consumed !== statement.specifier.split('.').length || walked.target.type !== 'declaration') continue;
        if (!CLASS_LIKE.has(this.symbols.declaration(walked.target.ref).kind)) continue;
        const member = this.typeMemberOf(walked.target.ref, name);
        if (member?.type === 'declaration') found.set(`${member.ref.file}\0${member.ref.localId}`, member.ref);
      }
      if (found.size === 1) return { type: 'declaration', ref: [...found.values()][0] };
      if (found.size > 1) return { type: 'ambiguous', candidates: [...found.values()] };
    }
    return undefined;
  }

  /**
   * Where the language says so (`constantsThroughMixins`): a class, module or constant `name` that a module mixed into
   * a class or module around the scope declares (or a base of it, or a module mixed into either), the innermost class
   * first, the nearest ancestor first; several at one distance: none.
   */
  private mixedInConstant(scope: TypeScope, name: string): Target | undefined {
    const file = this.symbols.extraction(scope.file);
    if (!file || !this.bindingOf(file).constantsThroughMixins || this.lookingUpTypeMember) return undefined;
    this.lookingUpTypeMember = true;
    try {
      for (let id = scope.enclosing; id !== null && id !== undefined; id = file.declarations[id]?.parent ?? null) {
        if (!CLASS_LIKE.has(file.declarations[id].kind)) continue;
        const found = ancestorConstant(this.symbols, { file: scope.file, localId: id }, name, (ref) => [...this.superclasses(ref), ...this.usedTraits(ref)]);
        if (found) return found;
      }
      // `include Jekyll` at a file's top level (a test helper's) mixes Jekyll into every object: its constants are everyone's.
      return topLevelIncludedConstant(this.symbols, this.topLevelIncludes(file), name);
    } finally {
      this.lookingUpTypeMember = false;
    }
  }

  /** Per language family: the modules `include`d at the top level of some file (`implements` sites outside any class). */
  private readonly topIncludes = new Map<string, DeclarationRef[]>();

  private topLevelIncludes(file: FileExtraction): DeclarationRef[] {
    const family = this.familyOf(file);
    const known = this.topIncludes.get(family);
    if (known) return known;
    const found: DeclarationRef[] = [];
    this.topIncludes.set(family, found);
    for (const each of this.symbols.allFiles()) {
      if (this.familyOf(each) !== family) continue;
      for (const site of each.references) {
        if (site.kind !== 'implements' || site.enclosing !== null || site.implied) continue;
        const result = this.resolve(each, site);
        if (result.resolved && !found.some((ref) => sameRef(ref, result.target))) found.push(result.target);
      }
    }
    return found;
  }

  /** A type named `name` among the members of a class (its parts) or, nearest first, of its proven bases. */
  private typeMemberOf(classRef: DeclarationRef, name: string): Target | undefined {
    const seen = new Set<string>();
    let level: DeclarationRef[] = [classRef];
    for (let depth = 0; depth <= 8 && level.length > 0; depth++) {
      const found: DeclarationRef[] = [];
      const next: DeclarationRef[] = [];
      for (const ref of level) {
        const key = `${ref.file}\0${ref.localId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const part of this.symbols.partsOf(ref)) {
          for (const localId of this.symbols.members(part).get(name) ?? []) {
            if (TYPE_KINDS.has(this.symbols.declaration({ file: part.file, localId }).kind)) found.push({ file: part.file, localId });
          }
        }
        next.push(...this.superclasses(ref));
      }
      if (found.length > 0) return found.length === 1 ? { type: 'declaration', ref: found[0] } : this.onePart(found);
      level = next;
    }
    return undefined;
  }

  /** Several same-named types found at one place: the parts of one type (a class and its companion), else ambiguous. */
  private onePart(found: DeclarationRef[]): Target {
    const classes = found.filter((ref) => !this.symbols.declaration(ref).isStatic);
    return classes.length === 1 ? { type: 'declaration', ref: classes[0] } : { type: 'ambiguous', candidates: found };
  }

  /** The modules the files of each family mix into every example (`ModuleFacts.ambientMixins`), found once. */
  private ambientModules?: Map<string, Array<{ folder: string; ref: DeclarationRef }>>;

  private ambientMixinMembers(file: FileExtraction, site: ReferenceSite): DeclarationRef[] {
    if (!this.ambientModules) {
      this.ambientModules = new Map();
      for (const each of this.symbols.allFiles()) {
        const mixins = each.module?.ambientMixins;
        for (const chain of mixins?.modules ?? []) {
          const walked = this.walkChain({ file: each.path, enclosing: null }, chain);
          if (walked?.target.type !== 'declaration' || walked.consumed !== chain.length) continue;
          const family = this.familyOf(each);
          const list = this.ambientModules.get(family) ?? [];
          // Many files may name one module for one folder: once is enough.
          const ref = walked.target.ref;
          if (list.some((known) => known.folder === mixins!.folder && known.ref.file === ref.file && known.ref.localId === ref.localId)) continue;
          list.push({ folder: mixins!.folder, ref });
          this.ambientModules.set(family, list);
        }
      }
    }
    const found = new Map<string, DeclarationRef>();
    for (const { folder, ref: module } of this.ambientModules.get(this.familyOf(file)) ?? []) {
      if (folder !== '' && !file.path.startsWith(`${folder}/`)) continue;
      const member = this.findMember(module, site.name, false, false)?.ref;
      if (member) found.set(`${member.file}\0${member.localId}`, member);
    }
    return [...found.values()];
  }

  private resolveMemberChain(file: FileExtraction, site: ReferenceSite, receiver: string[]): Resolution {
    const head = receiver[0];
    const binding = this.bindingOf(file);

    // A local class or function: walk its members (`Local.create()`, a classmethod through a local subclass).
    if (site.locallyBound && site.headTarget !== undefined) {
      const head: Target = { type: 'declaration', ref: { file: file.path, localId: site.headTarget } };
      // The call picks among the member's overloads (`parser.parseAll(p, "text")`), never the first declared.
      const walked = this.walkChain({ file: file.path, enclosing: site.enclosing }, [...receiver, site.name], head, site);
      if (walked?.target.type === 'declaration' && walked.consumed === receiver.length + 1) {
        return this.accept(site, walked.target.ref, RESOLVED_BY.qualifiedMember);
      }
      if (walked?.target.type === 'ambiguous' && walked.consumed === receiver.length + 1) return ambiguousOverload(walked.target.candidates);
      return unresolved('unknown-receiver', false);
    }
    // A bound `self` (a static method's first parameter) or a local named like a module is opaque.
    if (site.locallyBound) return unresolved('local-binding', false);
    const isSuper = head === binding.superReceiver;
    if (binding.instanceReceivers.includes(head) || isSuper) {
      if (site.enclosing === null) return unresolved('unknown-receiver', false);
      const owner = this.enclosingOwner(file, site.enclosing);
      if (owner === undefined) return unresolved('unknown-receiver', false);
      if (receiver.length > 1) {
        // `self.client.get()`: the attribute's class, from what the class states about it.
        if (isSuper) return unresolved('unknown-receiver', false);
        const self: InstanceOf = { classRef: owner.classRef, how: RESOLVED_BY.thisMember };
        return this.callOnInstance(site, self, receiver.slice(1), false, { file: file.path, enclosing: site.enclosing });
      }
      const wantStatic = binding.classReceivers.includes(head) || owner.isStatic;
      const found = this.findMember(owner.classRef, site.name, isSuper, wantStatic, 0, site, true);
      if (!found) {
        // `self.f()` as the bare `f()`: a member the workspace adds to a base it does not declare (`extension UIView`).
        const outside = isSuper || wantStatic ? undefined : this.outsideBaseMember(owner.classRef, site.name, file, site);
        return outside ? this.accept(site, outside, RESOLVED_BY.thisMember) : unresolved('unknown-receiver', false);
      }
      if (found.ambiguous) return ambiguousOverload(found.ambiguous);
      return this.accept(site, found.ref, found.inherited ? RESOLVED_BY.inheritedMember : RESOLVED_BY.thisMember);
    }

    // `field_.m()` inside a method, where a bare name may mean `this.`: the field of the class (or a proven base).
    // Where members hide outer names (`members.hideOuterTypes`), also over a type of that name outside the class.
    const named = binding.lookup.includes('class-members') && site.enclosing !== null ? this.symbols.resolveName(file.path, site.enclosing, head, site.line) : undefined;
    if (binding.lookup.includes('class-members') && site.enclosing !== null && !site.rootedReceiver && (!named || binding.members?.hideOuterTypes)) {
      const owner = this.enclosingOwner(file, site.enclosing);
      const field = owner ? this.findMember(owner.classRef, head, false, owner.isStatic) : undefined;
      if (owner && field?.ref && this.holdsValue(field.ref) && (!named || (this.hidesOuterType(field.ref, head, named) && (!owner.isStatic || this.symbols.declaration(field.ref).isStatic)))) {
        return this.callOnInstance(site, { classRef: owner.classRef, how: RESOLVED_BY.thisMember }, receiver, false, { file: file.path, enclosing: site.enclosing });
      }
    }
    // `formatter<long long, Char>::format()`: the member of the specialization the arguments select, which the
    // primary template may not declare at all.
    if (site.receiverArguments !== undefined) {
      const owner = this.walkChain({ file: file.path, enclosing: site.rootedReceiver ? null : site.enclosing }, receiver, undefined, site);
      const ownerDecl = owner?.target.type === 'declaration' && owner.consumed === receiver.length ? this.symbols.declaration(owner.target.ref) : undefined;
      if (owner?.target.type === 'declaration' && ownerDecl && SPECIALIZED_KINDS.has(ownerDecl.kind) && binding.specializationMatch) {
        const choice = this.specializations.choose(ownerDecl, site.receiverArguments, this.bindingOf(this.symbols.extraction(owner.target.ref.file)!), (type, at) => this.declaresClass(type, at));
        if (choice.kind === 'unknown') return unresolved('ambiguous', false);
        if (choice.kind === 'specialization') {
          const found = this.findMember(choice.ref, site.name, false, false, 0, site);
          if (found?.ambiguous) return ambiguousOverload(found.ambiguous);
          return found ? this.accept({ ...site, receiverArguments: undefined }, found.ref, found.inherited ? RESOLVED_BY.inheritedMember : RESOLVED_BY.qualifiedMember) : unresolved('unknown-receiver', false);
        }
      }
    }
    // `::URI.join` inside `module HTTP` (which declares its own URI): the top level's URI, not the one around.
    const walked = this.walkChain({ file: file.path, enclosing: site.rootedReceiver ? null : site.enclosing }, [...receiver, site.name], undefined, site);
    if (!walked) return unresolved('unknown-receiver', false);
    const { target, consumed, viaMember } = walked;
    if (consumed < receiver.length + 1) {
      // The walk stopped at a value (`app.route()` with `app = App()`): continue on its class.
      if (target.type !== 'declaration') return unresolved('unknown-receiver', false);
      const instance = this.types.valueOf(target.ref);
      return this.callOnInstance(site, instance, receiver.slice(consumed), false, { file: file.path, enclosing: site.enclosing });
    }
    if (target.type === 'declaration') {
      const headTarget = walked.head;
      const viaImport = headTarget.type !== 'declaration' || headTarget.ref.file !== file.path;
      const viaPackage = headTarget.type === 'declaration' && headTarget.samePackage;
      const how = viaMember ? RESOLVED_BY.qualifiedMember : viaPackage ? RESOLVED_BY.samePackage : viaImport ? RESOLVED_BY.import : RESOLVED_BY.sameFile;
      return this.accept(site, target.ref, how);
    }
    if (target.type === 'external') return unresolved('external-import', false);
    if (target.type === 'ambiguous') return { resolved: false, reason: 'ambiguous', candidates: target.candidates, likelyInternal: false };
    return unresolved(target.type === 'missing' ? 'import-name-missing' : 'not-callable', false);
  }

  /**
   * Walks a dotted name from where it is written: modules expose their exports, packages their
   * submodules, classes and namespaces their members (a class also those of its proven bases).
   * Stops early at a declaration that is a value (a variable, a field): `consumed` says how many
   * names were walked. undefined when the first name means nothing here.
   */
  private walkChain(
    scope: TypeScope,
    chain: string[],
    known?: Target,
    call?: ReferenceSite,
    aliasDepth = 0,
  ): { target: Target; head: Target; consumed: number; viaMember: boolean } | undefined {
    // The call's line: an import written in a block is in force in part of its declaration only.
    let found = known ?? this.symbols.resolveName(scope.file, scope.enclosing, chain[0], call?.line) ?? this.packageObjectValue(scope.file, chain[0])
      ?? this.typeMemberByName(scope, chain[0]) ?? this.mixedInConstant(scope, chain[0]) ?? this.memberImportedValue(scope, chain[0], call?.line);
    if (!found) return undefined;
    if (found.type === 'ambiguous' && chain.length > 1) {
      // `ImageLoader.Builder` where the package declares interface ImageLoader and a factory function of that name:
      // only a type has members to walk into.
      const containers = found.candidates.filter((ref) => CLASS_LIKE.has(this.symbols.declaration(ref).kind));
      if (containers.length === 1) found = { type: 'declaration', ref: containers[0] };
    }
    const head = this.throughAlias(call && !known ? this.nonGenericTwin(found) : found, aliasDepth);
    let current: Target = head;
    let viaMember = false;
    let consumed = 1;
    for (; consumed < chain.length; consumed++) {
      const part = chain[consumed];
      if (current.type === 'module') {
        const exported = this.symbols.exportedMember(current.file, part);
        // `require('./app').use` where the module's value is `app`, given `app.use = function …`.
        current = exported.type === 'missing' ? this.defaultExportMember(current.file, part) ?? exported : exported;
        // `httpz.Response` where httpz.zig says `pub const Response = response.Response;`: what the alias names.
        current = this.throughAlias(current, aliasDepth);
      } else if (current.type === 'file-set') {
        const key = current.key;
        // A package member that only renames another (`val SerializableTests = laws.SerializableTests`): what it names.
        current = this.throughAlias(this.symbols.fileSetMember(key, part, true), aliasDepth);
        if (current.type === 'missing') {
          // `io.circe.Json`: a package below the one walked so far.
          const below = this.symbols.modulesOf(scope.file)?.packages?.subpackage?.(key, part) ?? null;
          if (below !== null) current = { type: 'file-set', key: below };
        }
      } else if (current.type === 'package') {
        current = this.symbols.packageMember(current, part);
      } else if (current.type === 'declaration') {
        const decl = this.symbols.declaration(current.ref);
        if (!CLASS_LIKE.has(decl.kind)) {
          // `Foo.create()` of `Foo.create = function …`, `app.use()` of `app.use = function …` (a function's static methods only).
          const assigned = this.assignedMembers(current.ref, part).filter((ref) => decl.kind !== 'function' || this.symbols.declaration(ref).isStatic);
          if (assigned.length === 1) {
            current = { type: 'declaration', ref: assigned[0] };
            viaMember = true;
            continue;
          }
          // `type Decision = A | B` or `function f` merged with `namespace Decision` / `namespace f`: its members.
          const twin = this.namespaceTwinMember(current.ref, part);
          if (!twin) break;
          current = { type: 'declaration', ref: twin };
          viaMember = true;
          continue;
        }
        // A namespace's members in several files: those the asking file sees through its imports first.
        const all = decl.kind === 'namespace' ? this.symbols.preferReached(scope.file, this.memberRefs(current.ref, part)) : this.staticWhenBoth(decl, this.memberRefs(current.ref, part));
        // `Foo.compiled?` of a class (`members.staticApart`): never an instance method of its own body (a module's may be
        // `extend`ed, which the extraction does not tell from `include`).
        const parts = decl.kind === 'class' && call?.kind === 'calls' && consumed === chain.length - 1 && this.bindingOf(this.symbols.extraction(current.ref.file)!).members?.staticApart
          ? new Set(this.symbols.partsOf(current.ref).map((part) => `${part.file}\0${part.localId}`)) : undefined;
        const own = parts ? all.filter((ref) => this.symbols.declaration(ref).isStatic || !parts.has(`${ref.file}\0${this.symbols.declaration(ref).parent}`)) : all;
        // Two files that declare a same-named type in one namespace (per-platform variants): no pick.
        if (decl.kind === 'namespace' && own.length > 1 && own.some((ref) => !['function', 'method'].includes(this.symbols.declaration(ref).kind))) {
          return { target: { type: 'ambiguous', candidates: own }, head, consumed: consumed + 1, viaMember: true };
        }
        // The called member (`Cls.m(a, b)`): the overload its arguments fit.
        const last = (call?.kind === 'calls' || call?.kind === 'references') && consumed === chain.length - 1 ? call : undefined;
        const candidates = last && own.length > 0 ? [...own, ...this.inheritedOverloads(current.ref, part, own)] : own;
        const searched = current.ref;
        const chosen = last && own.length > 0 ? selectOverload(candidates, this.overloadArguments(last).site, (ref) => this.callableShape(ref, searched), this.fitsOf(current.ref, last), this.specificOf(current.ref)) : undefined;
        if (chosen && 'ambiguous' in chosen) return { target: { type: 'ambiguous', candidates: chosen.ambiguous }, head, consumed: consumed + 1, viaMember: true };
        let member: DeclarationRef | undefined = chosen ? ('ref' in chosen ? chosen.ref : undefined) : own.length > 0 ? this.symbols.pickRef(own) : undefined;
        // `Sub.create()` where a proven base declares `create` (a classmethod called through a subclass).
        if (!member && decl.kind !== 'namespace' && decl.kind !== 'module') {
          const inherited = this.findMember(current.ref, part, true, true, 0, last);
          if (inherited?.ambiguous) return { target: { type: 'ambiguous', candidates: inherited.ambiguous }, head, consumed: consumed + 1, viaMember: true };
          member = inherited?.ref;
        }
        // `interface Queue` merged with `namespace Queue`: `Queue.Variance` is the namespace's.
        if (!member) member = this.namespaceTwinMember(current.ref, part);
        if (!member) return undefined;
        current = this.throughAlias({ type: 'declaration', ref: member }, aliasDepth);
        viaMember = true;
      } else {
        break;
      }
    }
    return { target: current, head, consumed, viaMember };
  }

  /**
   * Where a generic type may share its name with a type without type parameters (`declarations.genericTwins`),
   * a call's receiver written as a bare name means the one without, declared beside it: `target` or that twin.
   */
  private nonGenericTwin(target: Target): Target {
    if (target.type === 'ambiguous') return this.nonGenericAmong(target);
    if (target.type !== 'declaration') return target;
    const decl = this.symbols.declaration(target.ref);
    if (!decl.typeParameters?.length || !TYPE_KINDS.has(decl.kind)) return target;
    const extraction = this.symbols.extraction(target.ref.file)!;
    if (!this.bindingOf(extraction).declarations?.genericTwins) return target;
    const twins = extraction.declarations.flatMap((d, localId) => (d.parent === decl.parent && d.name === decl.name && TYPE_KINDS.has(d.kind) && !d.typeParameters?.length ? [localId] : []));
    return twins.length === 1 ? { type: 'declaration', ref: { file: target.ref.file, localId: twins[0] } } : target;
  }

  /**
   * The same across files (`Policy` in Policy.cs, `Policy<TResult>` in Policy.TResult.cs, each maybe partial): of
   * same-named types only, the one without type parameters (all its parts), or still ambiguous.
   */
  private nonGenericAmong(target: Extract<Target, { type: 'ambiguous' }>): Target {
    const decls = target.candidates.map((ref) => this.symbols.declaration(ref));
    if (decls.length === 0 || !decls.every((d) => TYPE_KINDS.has(d.kind) && d.name === decls[0].name)) return target;
    if (!target.candidates.every((ref) => this.bindingOf(this.symbols.extraction(ref.file)!).declarations?.genericTwins)) return target;
    const plain = target.candidates.filter((_, i) => !decls[i].typeParameters?.length);
    if (plain.length === target.candidates.length) return target;
    if (plain.length === 1) return { type: 'declaration', ref: plain[0] };
    return plain.length > 1 && this.symbols.onePartialType(plain) ? { type: 'declaration', ref: this.symbols.mainPart(plain) } : target;
  }

  /**
   * A declaration that only renames another (`aliasOf`): what its chain names, walked from where it is
   * written — an external target when the chain starts outside the workspace. The alias itself when the
   * chain cannot be walked to its end (what it holds may still be a value of a stated type).
   */
  private throughAlias(target: Target, depth: number): Target {
    if (target.type !== 'declaration') return target;
    if (depth >= MAX_ALIAS_DEPTH) {
      noteCut();
      return target;
    }
    const aliasOf = this.symbols.declaration(target.ref).aliasOf;
    if (!aliasOf) return target;
    const scope = { file: target.ref.file, enclosing: this.symbols.declaration(target.ref).parent };
    const walked = this.walkChain(scope, aliasOf, undefined, undefined, depth + 1);
    if (walked?.target.type === 'external') return walked.target;
    return walked && walked.consumed === aliasOf.length ? walked.target : target;
  }

  /** `value.a.b.m()` on a value of a proven class: follow the attributes, then find the method. */
  /**
   * An extension of a type the workspace does not declare, for a value stated to be one (`outsideType`): overloads of one
   * extension, declared side by side in one file, are picked by the arguments, as a member's are; one that takes no such
   * number of arguments is not what the call means (the type's own member may be). undefined: the workspace declares none.
   */
  private outsideExtension(scope: TypeScope, outsideType: string[], site: ReferenceSite): Resolution | undefined {
    const found = this.outsideMembers(scope, outsideType, site.name);
    if (found.length === 0) {
      const converted = this.outsideConvertedMember(scope, outsideType, site.name);
      if (converted) return this.accept(site, converted, RESOLVED_BY.annotatedReceiver);
    }
    const chosen = found.length > 0 && found.every((ref) => ref.file === found[0].file)
      ? selectOverload(found, this.overloadArguments(site).site, (ref) => this.symbols.declaration(ref), this.fitsOf(found[0], site), this.specificOf(found[0]))
      : undefined;
    if (chosen && 'none' in chosen) return unresolved('not-found', true);
    // `items.joinToString(", ")` with `fun List<CodeBlock>.joinToString(…)` in scope: the library's, unless items are CodeBlocks.
    if (this.mayBeStandardExtension(this.symbols.extraction(scope.file)!, site, found)) return unresolved('not-found', true);
    if (chosen && 'ref' in chosen) return this.accept(site, chosen.ref, RESOLVED_BY.annotatedReceiver);
    if (found.length === 1) return this.accept(site, found[0], RESOLVED_BY.annotatedReceiver);
    if (found.length > 1) return { resolved: false, reason: 'ambiguous', candidates: found, likelyInternal: true };
    return undefined;
  }

  /** `from`: where the call is written (what extensions it sees). */
  private callOnInstance(site: ReferenceSite, instance: InstanceOf | undefined, path: string[], methodsOnly = false, from?: TypeScope): Resolution {
    let current = instance;
    for (let i = 0; i < path.length; i++) {
      const part = path[i];
      if (!current) break;
      const holder: InstanceOf = current;
      current = this.types.memberType(current, part);
      if (!current && from && i === path.length - 1) {
        // `order.Name.Slug()`: the last member read states a type the workspace does not declare: an extension of it.
        const extension = this.outsideMemberExtension(holder, part, site, from);
        if (extension) return extension;
      }
      if (!current && from && i < path.length - 1) {
        // `cell.imageView.kf.setImage(…)`: a property a workspace extension declares for the outside type the member holds.
        const outsideType = this.outsideTypeOfMember(holder, part, from);
        current = outsideType && this.outsideProperty(from, outsideType, path[i + 1]);
        i++;
        const wrapped = current && i === path.length - 1 ? this.wrapperMember(site, current, outsideType!, from) : undefined;
        if (wrapped) return wrapped;
      }
    }
    if (!current) return unresolved('unknown-receiver', false);
    const found = this.findMember(current.classRef, site.name, false, false, 0, site);
    if (!found) return unresolved('unknown-receiver', false);
    if (found.ambiguous) return ambiguousOverload(found.ambiguous);
    const held = site.kind === 'calls' ? this.heldMemberFunction(found.ref, 0) : undefined;
    if (held) return this.accept(site, held, current.how);
    if (methodsOnly && !CALLABLE_MEMBERS.has(this.symbols.declaration(found.ref).kind)) return unresolved('unknown-receiver', false);
    return this.accept(site, found.ref, current.how);
  }

  /**
   * A property whose proven value is a member read of another proven value (`return { touch }` of `const { touch } =
   * useModified()`): the method or function that member is, which a call of the property runs; undefined otherwise.
   */
  private heldMemberFunction(ref: DeclarationRef, depth: number): DeclarationRef | undefined {
    const decl = this.symbols.declaration(ref);
    const type = decl.valueType;
    if (!HOLDERS.has(decl.kind) || type?.kind !== 'field' || type.path.length === 0) return undefined;
    if (depth >= MAX_ALIAS_DEPTH) return cut();
    const holder = this.types.evaluate({ file: ref.file, enclosing: decl.parent }, { kind: 'field', of: type.of, path: type.path.slice(0, -1) });
    const found = holder ? this.findMember(holder.classRef, type.path[type.path.length - 1], false, false) : undefined;
    if (!found?.ref || found.ambiguous) return undefined;
    return CALLABLE_MEMBERS.has(this.symbols.declaration(found.ref).kind) ? found.ref : this.heldMemberFunction(found.ref, depth + 1);
  }

  /**
   * The outside type field or property `name` of an instance states (`var view: UIImageView`), or is given by calling the
   * type's name where a language's calls of outside types construct them (`calls.outsideInitializer`: `let view = UIImageView()`).
   */
  private outsideTypeOfMember(holder: InstanceOf, name: string, from: TypeScope): string[] | undefined {
    const member = this.findMember(holder.classRef, name, false, false);
    if (!member?.ref || member.ambiguous) return undefined;
    const decl = this.symbols.declaration(member.ref);
    const binding = this.bindingOf(this.symbols.extraction(member.ref.file)!);
    if (!['field', 'property', 'constant'].includes(decl.kind) || !binding.members?.extendsOutsideTypes) return undefined;
    const stated = decl.valueType;
    const chain = stated?.kind === 'named' ? stated.chain : stated ? this.constructedOutsideType({ file: member.ref.file, enclosing: decl.parent }, stated) : undefined;
    if (!chain || chain.length !== 1) return undefined;
    const named = this.symbols.resolveName(member.ref.file, decl.parent, chain[0]);
    if (named && named.type !== 'external') return undefined;
    const seen = this.symbols.resolveName(from.file, from.enclosing, chain[0]);
    return seen && seen.type !== 'external' ? undefined : chain;
  }

  /** `UIImageView()` where a language's calls of outside types construct them (`calls.outsideInitializer`): that type, the workspace declaring no such name. */
  private constructedOutsideType(scope: TypeScope, type: TypeRef): string[] | undefined {
    if (type.kind !== 'call' || type.result || type.block || type.awaited || type.callee.length !== 1 || !/^[A-Z]/.test(type.callee[0])) return undefined;
    if (!this.bindingOf(this.symbols.extraction(scope.file)!).calls?.outsideInitializer) return undefined;
    const named = this.symbols.resolveName(scope.file, scope.enclosing, type.callee[0]);
    return named && named.type !== 'external' ? undefined : type.callee;
  }

  /** With `members.extendsOutsideTypes`: an extension for the type field or property `name` of an instance states, where that type is outside the workspace. */
  private outsideMemberExtension(holder: InstanceOf, name: string, site: ReferenceSite, from: TypeScope): Resolution | undefined {
    const member = this.findMember(holder.classRef, name, false, false);
    if (!member?.ref || member.ambiguous) return undefined;
    const decl = this.symbols.declaration(member.ref);
    const stated = decl.valueType;
    const outsideType = stated?.kind === 'named' ? stated.chain : stated?.kind === 'collection' ? stated.named : undefined;
    if (!outsideType || !['field', 'property', 'constant'].includes(decl.kind)) return undefined;
    if (!this.bindingOf(this.symbols.extraction(member.ref.file)!).members?.extendsOutsideTypes) return undefined;
    // The type is named where the member is declared (no workspace type there: its value proved no class); the extension must be visible where the call is.
    if (outsideType.length === 1 && this.symbols.resolveName(from.file, from.enclosing, outsideType[0])) return undefined;
    return this.outsideExtension(from, outsideType, site);
  }

  /**
   * The member a stated type names for its value or result (`a.make().m()`), where no call's arguments pick an
   * overload: one member, or overloads that all state the same result; overloads that disagree prove nothing.
   */
  private agreeingMember(classRef: DeclarationRef, name: string, wantStatic: boolean): DeclarationRef | undefined {
    const found = this.findMember(classRef, name, false, wantStatic)?.ref;
    if (!found) return undefined;
    const owner = this.symbols.declaration(found);
    // Where static and instance members are apart (`members.staticApart`), a member of the other kind is no sibling.
    const apart = this.bindingOf(this.symbols.extraction(classRef.file)!).members?.staticApart;
    const siblings = this.memberRefs(classRef, name).filter((ref) => CALLABLE_KINDS.has(this.symbols.declaration(ref).kind)
      && (!apart || Boolean(this.symbols.declaration(ref).isStatic) === Boolean(owner.isStatic)));
    if (!CALLABLE_KINDS.has(owner.kind) || siblings.length < 2) return found;
    const results = new Set(siblings.map((ref) => JSON.stringify(this.symbols.declaration(ref).returnType ?? null)));
    return results.size === 1 ? found : undefined;
  }

  /**
   * A name no scope binds, inside a method of a language where a bare name may mean `this.` (`class-members`):
   * the enclosing class's field or property of that name (`app.add_option(…)->check()` with `app` a field).
   */
  private implicitFieldChain(scope: TypeScope, chain: string[]): ReturnType<ReferenceResolver['walkChain']> {
    const file = this.symbols.extraction(scope.file);
    if (!file || scope.enclosing === null || !this.bindingOf(file).lookup.includes('class-members')) return undefined;
    if (this.symbols.resolveName(file.path, scope.enclosing, chain[0])) return undefined;
    const owner = this.enclosingOwner(file, scope.enclosing);
    const field = owner ? this.findMember(owner.classRef, chain[0], false, owner.isStatic) : undefined;
    if (!field?.ref || !this.holdsValue(field.ref)) return undefined;
    const target: Target = { type: 'declaration', ref: field.ref };
    return { target, head: target, consumed: 1, viaMember: true };
  }

  /** A member read as a value: a field or property, or a getter (`ArgParser get argParser`) — it holds a value of its type. */
  private holdsValue(ref: DeclarationRef): boolean {
    const decl = this.symbols.declaration(ref);
    return decl.kind === 'field' || decl.kind === 'property' || this.readsAsValue(ref);
  }

  /** A def read like a value: an accessor, or a callable a bare read evaluates (NameBindingRules.readsAsValue). */
  private readsAsValue(ref: DeclarationRef): boolean {
    const decl = this.symbols.declaration(ref);
    const rules = this.bindingOf(this.symbols.extraction(ref.file)!);
    return rules.isAccessor(decl) || rules.readsAsValue?.(decl) === true;
  }

  /** The class whose instance `name` is inside a method (`self`, `this`), for stated types such as `self.make()`. */
  private instanceReceiver(scope: TypeScope, name: string): DeclarationRef | undefined {
    const file = this.symbols.extraction(scope.file);
    if (!file || scope.enclosing === null || !this.bindingOf(file).instanceReceivers.includes(name)) return undefined;
    return this.enclosingOwner(file, scope.enclosing)?.classRef;
  }

  /** The function that provides the value injected into a parameter called `name` in `path` (a test framework's fixture). */
  private injectedProvider(path: string, name: string): DeclarationRef | undefined {
    const file = this.symbols.extraction(path);
    if (!file) return undefined;
    const binding = this.bindingOf(file);
    for (const source of binding.injectionSources(path)) {
      if (!this.symbols.extraction(source)) continue;
      const ids = this.symbols.scope(source).declarations.get(name);
      const providers = ids?.filter((id) => binding.isInjectable(this.symbols.extraction(source)!.declarations[id])) ?? [];
      // The nearest definition overrides the ones further up; two in one file (if/else) are ambiguous.
      if (providers.length === 1) return { file: source, localId: providers[0] };
      if (providers.length > 1) return undefined;
    }
    return undefined;
  }

  /**
   * A bare call inside a class body, in a language where it may mean `this.m()`: a member of the
   * enclosing class or a proven base, else of an enclosing class further out (nested classes).
   */
  private implicitMember(file: FileExtraction, site: ReferenceSite): Resolution | undefined {
    let from: number | null = site.enclosing;
    for (let level = 0; from !== null && level < 8; level++) {
      const owner = this.enclosingOwner(file, from);
      if (!owner) return level === 0 ? this.outsideSelfMember(file, site) : undefined;
      const found = this.findMember(owner.classRef, site.name, false, owner.isStatic, 0, site, true);
      if (found?.ambiguous) return ambiguousOverload(found.ambiguous);
      // Code in a class body runs on the class (`members.bodyRunsOnClass`): a class's instance method is not what it calls
      // (a module's may be: a module the class extends lends its instance methods as class methods). Not inside a block:
      // `define_method(n) { run }`, a test group's `setup do … end` run it on an instance.
      if (found && owner.inBody && site.kind === 'calls' && !site.blockSelf?.length && this.instanceMethodOfClass(found.ref)) return undefined;
      // `new URL(...)`, `extends Base`: a name in a type's place means a member type, never a field or method.
      const namesType = site.kind !== 'calls' && site.kind !== 'references';
      if (found && (!namesType || CLASS_LIKE.has(this.symbols.declaration(found.ref).kind))) return this.accept(site, found.ref, RESOLVED_BY.implicitThis);
      // A method named like a member type beside it (Scala `def Parser[T](f)` next to `class Parser[T]`): the type.
      const typeBeside = found?.ref && namesType ? this.symbols.typeTwin(found.ref, TYPE_KINDS) : undefined;
      if (typeBeside && CLASS_LIKE.has(this.symbols.declaration(typeBeside).kind)) return this.accept(site, typeBeside, RESOLVED_BY.implicitThis);
      if (!found && !namesType) {
        // A base the workspace does not declare (`class T: XCTestCase`) with members the workspace adds to it (an extension).
        const outside = this.outsideBaseMember(owner.classRef, site.name, file, site);
        if (outside) return this.accept(site, outside, RESOLVED_BY.implicitThis);
      }
      // A mixin's method runs on its includers: the member they all find (`members.includersLend`).
      const lent = !found && !namesType && !owner.isStatic ? this.includersMember(file, owner.classRef, site) : undefined;
      if (lent) return this.accept(site, lent, RESOLVED_BY.implicitThis);
      if (owner.classRef.file !== file.path) return undefined;
      // Open declarations: `self` is the innermost class's; outer classes lend only their constants.
      if (!namesType && this.bindingOf(file).declarations?.open) return undefined;
      from = file.declarations[owner.classRef.localId].parent;
    }
    return undefined;
  }

  /**
   * A call inside the initializer or delegate of the very value it names (`val option by option().int()`), where a called
   * value runs what it holds (`calls.valuesHoldWhatRuns`): that value is not yet there, the call means another declaration.
   */
  private inOwnInitializer(site: ReferenceSite | undefined, ref: DeclarationRef): boolean {
    if (site?.kind !== 'calls' || ref.file !== this.siteFile || site.enclosing !== ref.localId) return false;
    if (!this.bindingOf(this.symbols.extraction(ref.file)!).calls?.valuesHoldWhatRuns) return false;
    // A site in a value's initializer is enclosed by that value's declaration.
    return HOLDERS.has(this.symbols.declaration(ref).kind);
  }

  /** An instance method declared in a class's body (not a module's). */
  private instanceMethodOfClass(ref: DeclarationRef): boolean {
    const decl = this.symbols.declaration(ref);
    if (decl.isStatic || !CALLABLE_MEMBERS.has(decl.kind) || decl.parent === null) return false;
    return this.symbols.declaration({ file: ref.file, localId: decl.parent }).kind === 'class';
  }

  /**
   * A bare call in a member of an extension of a type the workspace does not declare (Swift `extension URLRequest { var a:
   * T { b() } func b() }`): a member of that type's extensions, where the language lets extensions add to outside types.
   */
  private outsideSelfMember(file: FileExtraction, site: ReferenceSite): Resolution | undefined {
    if (!this.bindingOf(file).members?.extendsOutsideTypes || site.kind !== 'calls') return undefined;
    let current: number | null = site.enclosing;
    for (let steps = 0; current !== null && steps < 64; steps++) {
      const decl: Declaration = file.declarations[current];
      if (CLASS_LIKE.has(decl.kind)) return undefined;
      if (decl.memberOf) {
        if (decl.memberOf.kind !== 'named' || this.memberOwner(file.path, decl)) return undefined;
        return this.outsideExtension({ file: file.path, enclosing: site.enclosing }, decl.memberOf.chain, site);
      }
      current = decl.parent;
    }
    return undefined;
  }

  /** The member every includer of a mixin module finds for a bare call in it, where the language says includers lend theirs. */
  private includersMember(file: FileExtraction, module: DeclarationRef, site: ReferenceSite): DeclarationRef | undefined {
    if (!this.bindingOf(file).members?.includersLend || this.symbols.declaration(module).kind !== 'module') return undefined;
    return this.includers.agreed(module, (includer) => this.findMember(includer, site.name, false, false, 0, site, true)?.ref);
  }

  /**
   * The class whose member the code at `localId` belongs to: the nearest enclosing class, or the
   * type a member declared outside its body names (`memberOf`). `isStatic`: that member is static
   * (its `this`/`cls` is the class itself).
   */
  /**
   * Where the language gives functions and values members by assignment (`declarations.assignedMembers`): is this one
   * the class of instances — a value with methods of its own, a constructor with instance (prototype) methods?
   */
  private hasAssignedMembers(ref: DeclarationRef): boolean {
    const decl = this.symbols.declaration(ref);
    if (!ASSIGNED_MEMBER_OWNERS.has(decl.kind) || !this.bindingOf(this.symbols.extraction(ref.file)!).declarations?.assignedMembers) return false;
    const declarations = this.symbols.extraction(ref.file)!.declarations;
    for (const ids of this.symbols.members(ref).values()) {
      if (ids.some((id) => declarations[id].kind === 'method' && (decl.kind !== 'function' || !declarations[id].isStatic))) return true;
    }
    return false;
  }

  /**
   * `Cls.concat()` of a class declaring both a static and an instance `concat`: named through the class, the static
   * ones (an instance member is not reached that way). Members all of one kind stay as they are.
   */
  private staticWhenBoth(owner: Declaration, members: DeclarationRef[]): DeclarationRef[] {
    if (owner.kind !== 'class' || members.length < 2) return members;
    const statics = members.filter((ref) => this.symbols.declaration(ref).isStatic);
    return statics.length > 0 && statics.length < members.length ? statics : members;
  }

  /** A method assigned to the value a module exports as its default (`module.exports = app` with `app.use = function …`). */
  private defaultExportMember(moduleFile: string, name: string): Target | undefined {
    const defaultName = this.symbols.defaultExportOf(moduleFile);
    const value = defaultName === undefined ? undefined : this.symbols.exportedMember(moduleFile, defaultName);
    if (value?.type !== 'declaration') return undefined;
    const kind = this.symbols.declaration(value.ref).kind;
    const found = this.assignedMembers(value.ref, name).filter((ref) => kind !== 'function' || this.symbols.declaration(ref).isStatic);
    return found.length === 1 ? { type: 'declaration', ref: found[0] } : undefined;
  }

  /** The methods named `name` assigned to a function or value (none where the language has no such members). */
  private assignedMembers(ref: DeclarationRef, name: string): DeclarationRef[] {
    const decl = this.symbols.declaration(ref);
    if (!ASSIGNED_MEMBER_OWNERS.has(decl.kind) || !this.bindingOf(this.symbols.extraction(ref.file)!).declarations?.assignedMembers) return [];
    const declarations = this.symbols.extraction(ref.file)!.declarations;
    // A value has no locals: the properties declared in it (`return { store, touch }`) are members as well.
    return (this.symbols.members(ref).get(name) ?? []).filter((id) => declarations[id].kind === 'method' || (decl.kind !== 'function' && declarations[id].kind === 'property'))
      .map((localId) => ({ file: ref.file, localId }));
  }

  private enclosingOwner(file: FileExtraction, localId: number): { classRef: DeclarationRef; isStatic: boolean; inBody?: boolean } | undefined {
    let current: number | null = localId;
    let member: Declaration | undefined;
    // Only the nearest class counts: a nested function's `this` is still the method's in arrow
    // functions, and an explicit `self` is the method's first parameter.
    for (let steps = 0; current !== null && steps < 64; steps++) {
      const decl: Declaration = file.declarations[current];
      // A module is no instance's class, except where modules are mixins (open declarations).
      if (CLASS_LIKE.has(decl.kind) && decl.kind !== 'namespace' && (decl.kind !== 'module' || this.bindingOf(file).declarations?.open)) {
        const inBody = member === undefined && this.bindingOf(file).members?.bodyRunsOnClass === true;
        return { classRef: { file: file.path, localId: current }, isStatic: inBody || Boolean(member?.isStatic), inBody };
      }
      // An enum constant with a body (Java's `InCell { … }`) is an anonymous subclass of its enum (`superclasses`):
      // its methods' `this` is the constant. Its arguments are written in the enum's own context.
      if (decl.kind === 'enum_member' && member !== undefined) {
        return { classRef: { file: file.path, localId: current }, isStatic: Boolean(member.isStatic) };
      }
      // A constructor with prototype methods, an object with assigned methods (the extractor keeps `this` only there).
      if (this.hasAssignedMembers({ file: file.path, localId: current })) {
        return { classRef: { file: file.path, localId: current }, isStatic: Boolean(member?.isStatic) };
      }
      // A static member attached to another type but written in a class (an extension method): its class is its context.
      const inClass = decl.parent !== null && CLASS_LIKE.has(file.declarations[decl.parent].kind);
      if (decl.memberOf && !(decl.isStatic && inClass)) {
        const owner = this.memberOwner(file.path, decl);
        return owner ? { classRef: owner.classRef, isStatic: Boolean(decl.isStatic) } : undefined;
      }
      member = decl;
      current = decl.parent;
    }
    return undefined;
  }

  /** `name` in a namespace merged with `ref` (same file, container and name), or undefined. */
  private namespaceTwinMember(ref: DeclarationRef, name: string): DeclarationRef | undefined {
    const decl = this.symbols.declaration(ref);
    const declarations = this.symbols.extraction(ref.file)!.declarations;
    const siblings = decl.parent === null ? this.symbols.scope(ref.file).declarations.get(decl.name)
      : this.symbols.members({ file: ref.file, localId: decl.parent }).get(decl.name);
    for (const id of siblings ?? []) {
      const twin = declarations[id];
      if (id === ref.localId || twin.parent !== decl.parent) continue;
      if (twin.kind !== 'namespace' && twin.kind !== 'module') continue;
      const members = this.symbols.members({ file: ref.file, localId: id }).get(name);
      if (members) return this.symbols.pickDeclaration(ref.file, members);
    }
    return undefined;
  }

  /**
   * Members named `name` of a class: declared in its body, or outside it with `memberOf` naming it, in
   * every part of it (`partsOf`: `partial` types, a class and its companion object, reopened open
   * classes), else taken from a trait or module it uses (`use T;` copying T's members into the class makes
   * them its own — `parent::m()` does not see them; `include M`). Parts that differ in
   * being static are companions: `this` (said or implied) is one of them only. A member declared in the
   * body and defined outside it (`void bar();` … `void Foo::bar() {}`) is its definition only. A
   * namespace that spans files has the members of every file's block.
   */
  /** `withDefinitions`: every declaration of the name, prototypes beside the definitions written outside the class. */
  private memberRefs(classRef: DeclarationRef, name: string, throughThis = false, depth = 0, withDefinitions = false): DeclarationRef[] {
    // A function's or value's members are the methods assigned to it, not its own local declarations.
    if (this.hasAssignedMembers(classRef)) return this.assignedMembers(classRef, name);
    const all: DeclarationRef[] = [];
    const isStatic = Boolean(this.symbols.declaration(classRef).isStatic);
    for (const part of this.symbols.partsOf(classRef)) {
      if (throughThis && Boolean(this.symbols.declaration(part).isStatic) !== isStatic) continue;
      for (const localId of this.symbols.members(part).get(name) ?? []) all.push({ file: part.file, localId });
      const attached = this.attachedMembers(part)?.get(name);
      if (attached) all.push(...attached);
    }
    if (all.length === 0) all.push(...this.symbols.openNestedMembers(classRef, name).slice(0, 1));
    if (all.length === 0 && depth <= 8) {
      for (const trait of this.usedTraits(classRef)) {
        const taken = this.memberRefs(trait, name, false, depth + 1);
        if (taken.length > 0) return taken;
      }
    }
    const decl = this.symbols.declaration(classRef);
    if (decl.kind === 'namespace' && this.bindingOf(this.symbols.extraction(classRef.file)!).declarations?.namespacesSpanFiles) {
      const merged = this.symbols.namespaceMembersNamed(`${decl.qualifiedName}::${name}`);
      const seen = new Set(all.map((ref) => `${ref.file}\0${ref.localId}`));
      const combined = [...all, ...merged.filter((ref) => !seen.has(`${ref.file}\0${ref.localId}`))];
      if (combined.length === 0) {
        // `namespace lib { using detail::f; }`: lib::f is what the using-declaration names.
        const used = this.symbols.namespaceUsingMember(undefined, `${decl.qualifiedName}::${name}`);
        return used?.type === 'declaration' ? [used.ref] : used?.type === 'ambiguous' ? used.candidates : [];
      }
      const namespace = combined.find((ref) => this.symbols.declaration(ref).kind === 'namespace');
      return namespace ? [namespace] : preferDefinitions(combined, (ref) => this.symbols.declaration(ref));
    }
    if (withDefinitions || !all.some((ref) => this.symbols.declaration(ref).definedElsewhere)) return all;
    // As for top-level prototypes: one definition stands for the declaration; with several (per-platform
    // files) the declaration in the class stands for them all.
    // A definition written in the body is a member of its own, never the definition of a prototype beside it
    // (`void f(int);` and `void f(std::string) {…}` in one class are two overloads): only those written outside
    // the class (`memberOf`) define prototypes.
    const arity = (ref: DeclarationRef) => this.symbols.declaration(ref).parameterTypes?.length ?? -1;
    const outside = (ref: DeclarationRef) => this.symbols.declaration(ref).memberOf !== undefined;
    const declared = all.filter((ref) => this.symbols.declaration(ref).definedElsewhere);
    const definitionsOf = (n: number) => all.filter((ref) => !this.symbols.declaration(ref).definedElsewhere && outside(ref) && arity(ref) === n);
    return all.filter((ref) => {
      if (this.symbols.declaration(ref).definedElsewhere) return definitionsOf(arity(ref)).length !== 1;
      if (!outside(ref)) return true;
      return !declared.some((d) => arity(d) === arity(ref)) || definitionsOf(arity(ref)).length === 1;
    });
  }

  /**
   * A candidate overload as a call sees it: a definition written outside its class takes its default
   * arguments from the prototype in the class (`void f(int a, int b = 0);` … `void C::f(int a, int b) {}`),
   * where they are written; a namespace's function from its prototype of the same parameter types.
   *
   * `searched`: the class a bare or qualified call names the member of (an extension of its own, called so, takes its receiver first). */
  private callableShape(ref: DeclarationRef, searched?: DeclarationRef): Declaration {
    const decl = this.symbols.declaration(ref);
    const statically = searched && decl.memberOf && decl.parameterTypes && decl.parent !== null
      ? this.bindingOf(this.symbols.extraction(ref.file)!).staticExtensionCalls : undefined;
    if (statically && this.symbols.partsOf(searched!).some((part) => part.file === ref.file && part.localId === decl.parent)) {
      const { parameterTypes, requiredParameters } = decl;
      return { ...decl, parameterTypes: [statically(decl.memberOf!), ...parameterTypes!], requiredParameters: (requiredParameters ?? parameterTypes!.length) + 1 };
    }
    if (decl.definedElsewhere || decl.requiredParameters !== undefined || !decl.parameterTypes) return decl;
    const arity = decl.parameterTypes.length;
    const prototypes: Declaration[] = [];
    if (!decl.memberOf) {
      // A namespace's function defined apart from its prototype (`void set_pattern(std::string p, kind k = kind::local);`
      // in the header, `void set_pattern(std::string p, kind k) {…}` in the source): the same, by qualified name.
      if (decl.kind !== 'function') return decl;
      for (const other of this.symbols.namespaceMembersNamed(decl.qualifiedName)) {
        const member = this.symbols.declaration(other);
        // Its own prototype: the same parameter types (an overload of another signature has its own defaults).
        const same = member.parameterTypes?.length === arity && member.parameterTypes.every((type, i) => type.replace(/\s+/g, '') === decl.parameterTypes![i].replace(/\s+/g, ''));
        if (member.kind === 'function' && member.definedElsewhere && !member.memberOf && same) prototypes.push(member);
      }
    } else {
      const owner = this.memberOwner(ref.file, decl)?.classRef;
      if (!owner) return decl;
      for (const part of this.symbols.partsOf(owner)) {
        for (const localId of this.symbols.members(part).get(decl.name) ?? []) {
          const member = this.symbols.declaration({ file: part.file, localId });
          if (member.definedElsewhere && member.parameterTypes?.length === arity) prototypes.push(member);
        }
      }
    }
    const required = new Set(prototypes.map((p) => p.requiredParameters));
    if (prototypes.length === 0 || required.size !== 1) return decl;
    const [count] = required;
    return count === undefined ? decl : { ...decl, requiredParameters: count };
  }

  /**
   * Type parameter `name` of `owner`, seen from `classRef`: up the heritage clauses that write type arguments
   * (`class V : AbstractValidator<Customer>`, `class Base<U> : AbstractValidator<U>`), the argument that binds it where
   * it is written. Several paths must agree (the same text at the same place); none or a disagreement: undefined.
   */
  private boundTypeParameter(classRef: DeclarationRef, owner: DeclarationRef, name: string, depth = 0): { type: TypeRef; scope: TypeScope } | undefined {
    if (depth > 16) return cut();
    const sameClass = (a: DeclarationRef, b: DeclarationRef) => this.symbols.partsOf(a).some((part) => part.file === b.file && part.localId === b.localId);
    if (sameClass(classRef, owner)) return undefined; // the owner's own T is unbound inside it
    let found: { type: TypeRef; scope: TypeScope } | undefined;
    let key: string | undefined;
    for (const [file, site] of this.heritageSites(classRef)) {
      const result = this.resolve(file, site);
      if (!result.resolved) continue;
      const base = result.target;
      const baseDecl = this.symbols.declaration(base);
      let bound: { type: TypeRef; scope: TypeScope } | undefined;
      // The base is the owner: its parameter `name` is this clause's argument at its index; else the base's binding, through this clause.
      const index = sameClass(base, owner) ? baseDecl.typeParameters?.indexOf(name) ?? -1 : -1;
      const through = index < 0 && !sameClass(base, owner) ? this.boundTypeParameter(base, owner, name, depth + 1) : undefined;
      if (index >= 0) {
        const argument = site.typeArgumentRefs?.[index];
        if (argument) bound = { type: argument, scope: { file: file.path, enclosing: site.enclosing } };
      } else if (through?.type.kind === 'type-parameter') {
        // Bound to the base's own type parameter: this clause's argument for it.
        const at = baseDecl.typeParameters?.indexOf(through.type.name) ?? -1;
        const argument = at >= 0 ? site.typeArgumentRefs?.[at] : undefined;
        if (argument) bound = { type: argument, scope: { file: file.path, enclosing: site.enclosing } };
      } else bound = through;
      if (!bound) continue;
      const boundKey = JSON.stringify([bound.type, bound.scope]);
      if (key !== undefined && key !== boundKey) return undefined;
      found = bound;
      key = boundKey;
    }
    return found;
  }

  /** The `extends` / `implements` sites of a class, in every part of it (`partsOf`), with their files. */
  private *heritageSites(classRef: DeclarationRef): Generator<[FileExtraction, ReferenceSite]> {
    for (const part of this.symbols.partsOf(classRef)) {
      const file = this.symbols.extraction(part.file);
      if (!file) continue;
      for (const site of this.heritageByEnclosing(file).get(part.localId) ?? []) yield [file, site];
    }
    yield* this.attachedHeritage().get(classRef.file, classRef.localId) ?? [];
  }

  /**
   * A file's own `extends` / `implements` sites (not `heritageOf`) by the declaration they are written in, in file order:
   * asked for each member call on a class with an outside base, a scan of the file's every site each time was quadratic in a file's size.
   */
  private heritageByEnclosing(file: FileExtraction): Map<number | null, ReferenceSite[]> {
    // Kept for the site list it was made of: a cached file's list is replaced when its call sites are read (`withCallSites`),
    // and a resolved file's when the sites no other file reads are dropped.
    const known = this.heritageIndex.get(file);
    if (known?.of === file.references) return known.index;
    const index = new Map<number | null, ReferenceSite[]>();
    for (const site of file.references) {
      if ((site.kind !== 'extends' && site.kind !== 'implements') || site.heritageOf) continue;
      const list = index.get(site.enclosing);
      if (list) list.push(site);
      else index.set(site.enclosing, [site]);
    }
    this.heritageIndex.set(file, { of: file.references, index });
    return index;
  }

  /** The type a base written apart from its declaration (`heritageOf`) is given to, where the workspace declares it. */
  heritageOwner(file: FileExtraction, site: ReferenceSite): DeclarationRef | undefined {
    if (!site.heritageOf) return undefined;
    const owner = this.types.evaluate({ file: file.path, enclosing: site.enclosing }, site.heritageOf);
    return owner && TYPE_KINDS.has(this.symbols.declaration(owner.classRef).kind) ? owner.classRef : undefined;
  }

  /**
   * Bases written apart from their types' declarations (`heritageOf`), by the type they go to; built on first use.
   * While it is being built (naming a type may ask for a class's bases) none count.
   */
  private attachedHeritage(): PairMap<string, number, Array<[FileExtraction, ReferenceSite]>> {
    if (this.attachedHeritageIndex) return this.attachedHeritageIndex;
    const index = new PairMap<string, number, Array<[FileExtraction, ReferenceSite]>>();
    this.attachedHeritageIndex = new PairMap();
    const cutsBefore = cutsSoFar();
    for (const file of this.symbols.allFiles()) {
      for (const site of file.references) {
        const owner = site.heritageOf && this.heritageOwner(file, site);
        if (!owner) continue;
        const list = index.get(owner.file, owner.localId) ?? [];
        list.push([file, site]);
        index.set(owner.file, owner.localId, list);
      }
    }
    // Built inside a lookup that met itself (a type named through members being indexed), a base may be missing:
    // used this once, built again when next asked (a few times at most).
    if (cutsSoFar() !== cutsBefore && this.heritageRebuilds < 3) {
      this.heritageRebuilds++;
      this.attachedHeritageIndex = undefined;
      return index;
    }
    this.attachedHeritageIndex = index;
    return index;
  }

  /**
   * The traits and mixed-in modules a class-like declaration uses (its `implements` sites that land on
   * a `trait` or a `module`: `use T;`, `include M`), in source order, over all its parts.
   */
  private usedTraits(classRef: DeclarationRef): DeclarationRef[] {
    const key = refKey(classRef);
    const known = this.traitMemo.get(key);
    if (known) return 'value' in known ? known.value : []; // re-entry (a chain through the class itself) sees none
    return this.traitMemo.compute(key, () => {
      const out: DeclarationRef[] = [];
      for (const [file, site] of this.heritageSites(classRef)) {
        // Where implemented traits are bases (`members.inheritsImplemented`), their members are inherited, not copied in.
        if (site.kind !== 'implements' || this.bindingOf(file).members?.inheritsImplemented) continue;
        const result = this.resolve(file, site);
        if (result.resolved && MIXIN_KINDS.has(this.symbols.declaration(result.target).kind)) out.push(result.target);
      }
      return out;
    });
  }

  /**
   * Members `name` declared outside a type the workspace does not declare (`memberOf` names it: a
   * an extension `fun String.slug()`; languages with `members.extendsOutsideTypes`), for a value stated
   * to be of type `chain` where `scope` is:
   * the type must mean nothing indexed there (an external import, an unbound standard name), the
   * member's `memberOf` must name it alike, and its file must be visible from the scope — the same
   * file, the same package, or an import of its package naming the member (or `*`).
   */
  /** `viaBase`: looked up for a base on the way (the universal type is tried once, after every base). */
  private outsideMembers(scope: { file: string; enclosing: number | null }, chain: string[], name: string, viaBase = false): DeclarationRef[] {
    if (!this.outside) {
      this.outside = new Map();
      for (const file of this.symbols.allFiles()) {
        file.declarations.forEach((decl, localId) => {
          if (decl.memberOf?.kind !== 'named' || !this.bindingOf(file).members?.extendsOutsideTypes) return;
          const key = `${decl.memberOf.chain[decl.memberOf.chain.length - 1]}\0${decl.name}`;
          const list = this.outside!.get(key) ?? [];
          this.outside!.set(key, list);
          list.push({ file: file.path, localId });
        });
      }
    }
    // A name the framework's types declare: the outside type's own member wins over any extension (`list.Add(x)`),
    // unless the type's own members are known and do not include it.
    const memberRules = this.bindingOf(this.symbols.extraction(scope.file)!).members;
    const ownMembers = memberRules?.outsideOwnMembers?.[chain[chain.length - 1]];
    if (memberRules?.universalOutsideBase?.frameworkMembers.has(name) && !(ownMembers && !ownMembers.has(name))) return [];
    // By the type's simple name (`Type` and `java.lang.reflect.Type`): only visible declarations count, below.
    const candidates = this.outside.get(`${chain[chain.length - 1]}\0${name}`) ?? [];
    if (candidates.length === 0) {
      // `extension UIImageView: KFCompatible {}`: the members of a workspace protocol the outside type is made to conform to
      // (its extensions' defaults among them), unless the workspace declares a type of that name.
      const conformed = chain.length === 1 ? this.outsideConformances().get(chain[0]) ?? [] : [];
      const named = conformed.length > 0 ? this.symbols.resolveName(scope.file, scope.enclosing, chain[0]) : undefined;
      if (!named || named.type === 'external') {
        const found = conformed.flatMap((protocol) => this.withBases(protocol).flatMap((ref) => this.memberRefs(ref, name)));
        if (found.length > 0) return found;
      }
      // Declared for none: for the type's known outside bases, nearest first (the first that has it).
      const rules = this.bindingOf(this.symbols.extraction(scope.file)!).members;
      const bases = chain.length === 1 ? rules?.outsideSupertypes?.[chain[0]] ?? [] : [];
      const universal = rules?.universalOutsideBase;
      const isUniversal = chain.length === 1 && chain[0] === universal?.type;
      for (const [i, base] of bases.entries()) {
        const found = this.outsideMembers(scope, [base], name, true);
        if (found.length === 0) continue;
        if (!universal) return found;
        // Where every value has an extension too, a generic one (`M<T>(this T x)`) converts the value by identity: it may be
        // better than a base's. And a class's framework bases are not nearer or further: two with the name are ambiguous.
        if (!isUniversal && this.outsideMembers(scope, [universal.type], name).length > 0) return [];
        // (A base reached through another one, `DbConnection`'s `IDbConnection`, finds the same ones.)
        const same = (other: DeclarationRef[]) => other.every((ref) => found.some((f) => f.file === ref.file && f.localId === ref.localId));
        return bases.slice(i + 1).some((other) => !same(this.outsideMembers(scope, [other], name, true))) ? [] : found;
      }
      // Last, the type every value converts to (`universalOutsideBase`), unless the framework's types may declare the name themselves.
      if (universal && !isUniversal && !viaBase) return this.outsideMembers(scope, [universal.type], name);
      return [];
    }
    const target = this.symbols.resolveName(scope.file, scope.enclosing, chain[0]);
    // The workspace's own type of that name is no outside type; a function so named (Kotlin `fun String(…)`) names no type.
    const namesFunction = target?.type === 'declaration' && CALLABLE_KINDS.has(this.symbols.declaration(target.ref).kind);
    if (target && target.type !== 'external' && !namesFunction) return [];
    return candidates.filter((ref) => {
      const decl = this.symbols.declaration(ref);
      // Not an extension of a workspace type (those are attached to it).
      if (this.types.evaluate({ file: ref.file, enclosing: decl.parent }, decl.memberOf!)) return false;
      return this.visibleOutsideMember(scope, ref, name);
    });
  }

  /**
   * Conformances an extension adds to a type the workspace does not declare (`extension NSObject: ReactiveCompatible {}`,
   * a base written apart from its type, `ReferenceSite.heritageOf`), by the type's simple name: the protocols, classes
   * or interfaces of the workspace named. Built on first use.
   */
  private outsideConformances(): Map<string, DeclarationRef[]> {
    if (this.conformedOutside) return this.conformedOutside;
    const found = new Map<string, DeclarationRef[]>();
    for (const file of this.symbols.allFiles()) {
      if (!this.bindingOf(file).members?.extendsOutsideTypes) continue;
      for (const site of file.references) {
        if ((site.kind !== 'implements' && site.kind !== 'extends') || site.heritageOf?.kind !== 'named' || site.heritageOf.chain.length !== 1) continue;
        if (site.receiver && site.receiver.length > 0) continue;
        const scope = { file: file.path, enclosing: site.enclosing };
        if (this.types.evaluate(scope, site.heritageOf)) continue;
        const base = this.symbols.resolveName(file.path, site.enclosing, site.name);
        if (base?.type !== 'declaration' || !TYPE_KINDS.has(this.symbols.declaration(base.ref).kind)) continue;
        const name = site.heritageOf.chain[0];
        found.set(name, [...(found.get(name) ?? []), base.ref]);
      }
    }
    this.conformedOutside = found;
    return found;
  }

  /**
   * Whether a member declared outside its type (`ref`, named `name`) is visible where `scope` is: the same file, the same
   * package or one enclosing it, or an import (a file's own or implied) of its package naming the member (or `*`).
   */
  private visibleOutsideMember(scope: TypeScope, ref: DeclarationRef, name: string): boolean {
    if (ref.file === scope.file) return true;
    const theirPackage = this.symbols.packageKeyOf(ref.file);
    if (theirPackage === null) return false;
    if (theirPackage === this.symbols.packageKeyOf(scope.file)) return true;
    const from = this.symbols.extraction(scope.file)!;
    const packages = this.languageOf(from)?.modules?.packages;
    if (packages?.enclosingPackages?.(scope.file).includes(theirPackage)) return true;
    if (packages?.implicitImports?.(scope.file).some((specifier) => packages.importedPackage?.(scope.file, specifier) === theirPackage)) return true;
    return from.imports.some((statement) => packages?.importedPackage?.(scope.file, statement.specifier) === theirPackage
      && statement.bindings.some((binding) => binding.imported === name || binding.imported === '*'));
  }

  /**
   * With `members.extendsOutsideTypes`: the one member `name` the workspace declares for a base of a class (its own
   * `extends`/`implements` sites, over all its parts) that the workspace does not declare; undefined when none or several.
   */
  private outsideBaseMember(classRef: DeclarationRef, name: string, from: FileExtraction, call: ReferenceSite): DeclarationRef | undefined {
    const found = new Map<string, DeclarationRef>();
    for (const [file, site] of this.heritageSites(classRef)) {
      if (!this.bindingOf(file).members?.extendsOutsideTypes) return undefined;
      const scope = { file: file.path, enclosing: site.enclosing };
      for (const ref of this.outsideMembers(scope, [...(site.receiver ?? []), site.name], name)) found.set(`${ref.file}\0${ref.localId}`, ref);
    }
    if (found.size === 1) return [...found.values()][0];
    if (found.size === 0 || call.kind !== 'calls') return undefined;
    // Overloads: the one the call's arguments pick (overloads.ts), by the calling language's rule.
    const fits = this.bindingOf(from).argumentFits;
    const rule = fits && Object.assign((argument: string | null, parameter: string) => fits(argument, parameter), {
      mustFit: this.bindingOf(from).argumentsMustFit === true, defaultsLose: this.bindingOf(from).defaultsLoseOverloads === true,
      matchArguments: this.bindingOf(from).matchArguments,
    });
    const chosen = selectOverload([...found.values()], this.overloadArguments(call).site, (ref) => this.symbols.declaration(ref), rule);
    return chosen && 'ref' in chosen ? chosen.ref : undefined;
  }

  /** The class a member written outside its body (`memberOf`) in `file` belongs to: one the file sees (`reachedClass`). */
  private memberOwner(file: string, decl: Declaration): InstanceOf | undefined {
    const owner = this.types.evaluate({ file, enclosing: decl.parent }, decl.memberOf!) ?? this.attachedTypeOwner(file, decl);
    if (!owner) return undefined;
    const classRef = this.symbols.reachedClass(file, owner.classRef);
    return classRef ? { ...owner, classRef } : undefined;
  }

  /**
   * `extension Outer.Inner { func f() }` where Inner is itself declared outside Outer's body (`extension Outer { class Inner }`,
   * `members.attachedTypesByName`): while the attached members are indexed Outer's attached types are not seen yet, so
   * Inner is the one type of that name attached to Outer.
   */
  private attachedTypeOwner(file: string, decl: Declaration): InstanceOf | undefined {
    const chain = decl.memberOf?.kind === 'named' ? decl.memberOf.chain : undefined;
    const extraction = this.symbols.extraction(file);
    if (!chain || chain.length !== 2 || !extraction || !this.bindingOf(extraction).members?.attachedTypesByName) return undefined;
    const outer = this.types.evaluate({ file, enclosing: decl.parent }, { kind: 'named', chain: [chain[0]] });
    if (!outer) return undefined;
    if (!this.attachedTypesIndex) {
      this.attachedTypesIndex = new Map();
      for (const other of this.symbols.allFiles()) {
        other.declarations.forEach((d, localId) => {
          if (d.memberOf?.kind !== 'named' || d.memberOf.chain.length !== 1 || !ATTACHED_TYPE_KINDS.has(d.kind)) return;
          const list = this.attachedTypesIndex!.get(d.name) ?? [];
          this.attachedTypesIndex!.set(d.name, list);
          list.push({ file: other.path, localId });
        });
      }
    }
    const found = (this.attachedTypesIndex.get(chain[1]) ?? []).filter((ref) => {
      const d = this.symbols.declaration(ref);
      const owner = this.types.evaluate({ file: ref.file, enclosing: d.parent }, d.memberOf!);
      return owner !== undefined && sameRef(owner.classRef, outer.classRef);
    });
    return found.length === 1 ? { classRef: found[0], how: outer.how } : undefined;
  }

  /** How many times attachedHeritage was built again after a cut. */
  private heritageRebuilds = 0;

  /** Types declared outside their owner's body (`memberOf` one name), by name (attachedTypeOwner). */
  private attachedTypesIndex: Map<string, DeclarationRef[]> | undefined;

  /**
   * Members declared outside their class (`memberOf`), by class, built on first use. While it is
   * being built (resolving a `memberOf` type may walk a class's members) only body members count.
   */
  private attachedMembers(classRef: DeclarationRef): Map<string, DeclarationRef[]> | undefined {
    if (!this.attached) {
      if (this.buildingAttached) return cut();
      this.buildingAttached = true;
      const index = new PairMap<string, number, Map<string, DeclarationRef[]>>();
      try {
        for (const file of this.symbols.allFiles()) {
          file.declarations.forEach((decl, localId) => {
            if (!decl.memberOf) return;
            const owner = this.memberOwner(file.path, decl);
            if (!owner) return;
            const byName = index.get(owner.classRef.file, owner.classRef.localId) ?? new Map<string, DeclarationRef[]>();
            index.set(owner.classRef.file, owner.classRef.localId, byName);
            const list = byName.get(decl.name) ?? [];
            byName.set(decl.name, list);
            list.push({ file: file.path, localId });
          });
        }
      } finally {
        this.buildingAttached = false;
      }
      // Built inside a chain that met itself, it may hold what that chain's path found (order-dependence.ts).
      if (!mayKeep()) noteCut();
      this.attached = index;
    }
    return this.attached.get(classRef.file, classRef.localId);
  }

  /**
   * A bare call of a top-level function overloaded in the caller's own file or package (a module of
   * several files, one file): the overload its arguments fit, among the same-named top-level functions of the file
   * and — when the name was found there — of the other files of its package. undefined: no choice to make.
   */
  /**
   * The top-level functions named `name` with stated parameters in the files of package `key` (of the
   * family of `file`), each saying whether the package's other files see it: built once per package
   * and name, since every bare call of that name in the package asks.
   */
  private packageFunctions(key: string, file: FileExtraction, name: string): Array<{ ref: DeclarationRef; visibleOutside: boolean }> {
    const cacheKey = `${key}\0${this.familyOf(file)}\0${name}`;
    let found = this.packageFunctionCache.get(cacheKey);
    if (!found) {
      found = this.topLevelFunctions(this.symbols.packageFiles(key), file, name);
      this.packageFunctionCache.set(cacheKey, found);
    }
    return found;
  }

  private topLevelFunctions(paths: readonly string[], file: FileExtraction, name: string): Array<{ ref: DeclarationRef; visibleOutside: boolean }> {
    const visible = this.languageOf(file)?.modules.packages?.visibleInPackage;
    const out: Array<{ ref: DeclarationRef; visibleOutside: boolean }> = [];
    for (const path of paths) {
      const extraction = this.symbols.extraction(path);
      if (!extraction || this.familyOf(extraction) !== this.familyOf(file)) continue;
      const declarations = extraction.declarations;
      for (const localId of this.symbols.scope(path).declarations.get(name) ?? []) {
        const decl = declarations[localId];
        if (decl.kind !== 'function' || decl.parent !== null || decl.definedElsewhere || decl.parameterTypes === undefined) continue;
        out.push({ ref: { file: path, localId }, visibleOutside: !visible || visible(path, decl) });
      }
    }
    return out;
  }

  /** `arityBindsName`: the one callable a step found states parameters that the call's argument count does not fit. */
  private takesNoSuchCall(file: FileExtraction, site: ReferenceSite, bound: Target): boolean {
    if (!this.bindingOf(file).arityBindsName || site.kind !== 'calls' || !site.argumentTypes || bound.type !== 'declaration') return false;
    const found = this.symbols.declaration(bound.ref);
    if (found.kind !== 'function' || found.parameterTypes === undefined) return false;
    // Default arguments may be written on another declaration of it (the header's prototype, not the definition):
    // every declaration of that qualified name must refuse the call.
    const declarations = this.symbols.namespaceMembersNamed(found.qualifiedName);
    return [bound.ref, ...declarations].every((ref) => {
      const chosen = selectOverload([ref], this.overloadArguments(site).site, (one) => this.symbols.declaration(one));
      return chosen !== undefined && 'none' in chosen;
    });
  }

  private topLevelOverload(file: FileExtraction, site: ReferenceSite, bound: Target): Resolution | undefined {
    if (site.kind !== 'calls' || !site.argumentTypes || bound.type !== 'declaration') return undefined;
    const first = this.symbols.declaration(bound.ref);
    if (first.kind !== 'function' || first.parent !== null || first.parameterTypes === undefined) return undefined;
    const sameFile = bound.ref.file === file.path;
    // `import di.startApp` imports every top-level `startApp` of package di (calls.importsBindOverloads): picked like the package's own.
    const imported = !sameFile && !bound.samePackage;
    if (imported && !this.bindingOf(file).calls?.importsBindOverloads) return undefined;
    const home = imported ? bound.ref.file : file.path;
    const key = this.symbols.packageKeyOf(home);
    const all = key === null ? this.topLevelFunctions([home], file, site.name) : this.packageFunctions(key, file, site.name);
    // The caller's own file first, then the package's other files (those see only what the language lets them).
    const candidates = (imported ? all.filter((entry) => entry.visibleOutside && Boolean(this.symbols.declaration(entry.ref).memberOf) === Boolean(first.memberOf)) : [
      ...all.filter((entry) => entry.ref.file === file.path),
      ...all.filter((entry) => entry.ref.file !== file.path && entry.visibleOutside),
    ]).map((entry) => entry.ref);
    // Twins in the files of a build variant (`scala-3/`) are not overloads of the default build's declaration.
    const inDefault = candidates.filter((ref) => this.symbols.extraction(ref.file)!.buildVariant === undefined);
    if (inDefault.length > 0 && inDefault.length < candidates.length) candidates.splice(0, candidates.length, ...inDefault);
    // Where labels are part of the name (argumentsMustFit), even the one function of that name is no target for a call it cannot take.
    const mustFit = this.bindingOf(file).argumentsMustFit === true;
    // (By the labels and the count alone: a type the call's argument is proven to have may still convert in ways not followed here.)
    const args = this.overloadArguments(site).site.argumentTypes;
    const matchArguments = this.bindingOf(file).matchArguments;
    const refused = (ref: DeclarationRef) => {
      const { parameterTypes, variadic } = this.callableShape(ref);
      return parameterTypes !== undefined && args !== undefined && matchArguments?.(args, parameterTypes, Boolean(variadic)) === false;
    };
    if (mustFit && candidates.length > 0 && candidates.every(refused)) return unresolved('not-found', imported);
    if (candidates.length < 2) return undefined;
    const chosen = selectOverload(candidates, this.overloadArguments(site).site, (ref) => this.callableShape(ref), this.fitsOf(bound.ref, site), this.specificOf(bound.ref));
    if (!chosen || 'none' in chosen) return imported ? unresolved('not-found', true) : undefined;
    if ('ambiguous' in chosen) return ambiguousOverload(chosen.ambiguous);
    return this.accept(site, chosen.ref, imported ? RESOLVED_BY.import : chosen.ref.file === file.path ? RESOLVED_BY.sameFile : RESOLVED_BY.samePackage);
  }

  /**
   * A name a step found several callables for (overloads a namespace declares across its files:
   * `void f(std::string);` and `void f(const std::string&, int);`): the one the call's arguments fit,
   * as a member's overloads are picked; undefined when they are not all functions or methods, or no
   * single one fits.
   */
  private overloadAmong(file: FileExtraction, site: ReferenceSite, bound: Target): Resolution | undefined {
    if (bound.type !== 'ambiguous' || bound.candidates.length < 2 || site.kind !== 'calls' || !site.argumentTypes) return undefined;
    const candidates = bound.candidates;
    if (!candidates.every((ref) => CALLABLE_MEMBERS.has(this.symbols.declaration(ref).kind))) return undefined;
    const chosen = selectOverload(candidates, this.overloadArguments(site).site, (ref) => this.callableShape(ref), this.fitsOf(candidates[0], site), this.specificOf(candidates[0]));
    if (!chosen || !('ref' in chosen)) return undefined;
    return this.accept(site, chosen.ref, chosen.ref.file === file.path ? RESOLVED_BY.sameFile : RESOLVED_BY.samePackage);
  }

  private fromImportTarget(file: FileExtraction, site: ReferenceSite, target: Target): Resolution {
    switch (target.type) {
      case 'declaration': {
        const how = target.samePackage ? RESOLVED_BY.samePackage : target.ref.file === file.path ? RESOLVED_BY.sameFile : RESOLVED_BY.import;
        return this.accept(site, target.ref, how);
      }
      case 'file-set':
        return unresolved('not-callable', false);
      case 'module': {
        // `const f = require('./f'); f()` calls what the module exports as its default.
        const defaultName = this.symbols.defaultExportOf(target.file);
        const fallback = defaultName === undefined ? undefined : this.symbols.exportedMember(target.file, defaultName);
        if (fallback?.type === 'declaration') return this.accept(site, fallback.ref, RESOLVED_BY.import);
        return unresolved('not-callable', false);
      }
      case 'external':
        return unresolved('external-import', false);
      case 'package':
        return unresolved('not-callable', false);
      case 'ambiguous': {
        // `ImageLoader(ctx)` where the package declares interface ImageLoader and a function of that name:
        // an interface is never what a call runs, nor a function what a class implements — the one candidate
        // of a kind the site can mean is the one it means.
        const fitting = target.candidates.filter((ref) => ACCEPTED_TARGETS[site.kind].has(this.symbols.declaration(ref).kind));
        if (site.kind !== 'references' && fitting.length === 1 && fitting.length < target.candidates.length) {
          const ref = fitting[0];
          const samePackage = ref.file !== file.path && this.symbols.packageKeyOf(ref.file) === this.symbols.packageKeyOf(file.path);
          return this.accept(site, ref, ref.file === file.path ? RESOLVED_BY.sameFile : samePackage ? RESOLVED_BY.samePackage : RESOLVED_BY.import);
        }
        return { resolved: false, reason: 'ambiguous', candidates: target.candidates, likelyInternal: false };
      }
      case 'missing':
        return unresolved('import-name-missing', false);
    }
  }

  private accept(site: ReferenceSite, found: DeclarationRef, how: ResolvedBy): Resolution {
    // A type position means the type of that name, never a value sharing it.
    const named = site.space === 'type' ? this.symbols.typeTwin(found, TYPE_KINDS) : found;
    if (!named) return unresolved('not-callable', false);
    // A prototype stands for its definition.
    // `get_idx<std::size_t>::get()`, `new View<int[3]>`: the specialization the written arguments select.
    if (site.receiverArguments !== undefined || site.nameArguments !== undefined) {
      const chosen = this.specializedTarget(site, named);
      if (chosen === null) return unresolved('ambiguous', false);
      if (chosen) return this.accept({ ...site, receiverArguments: undefined, nameArguments: undefined }, chosen, how);
    }
    const { ref, resolvedBy } = this.definitionOf(named, how);
    const decl: Declaration = this.symbols.declaration(ref);
    if (decl.aliasOfLocal !== undefined) return this.accept(site, { file: ref.file, localId: decl.aliasOfLocal }, resolvedBy);
    if (decl.aliasOf) {
      // A second name for another declaration: the call is that declaration's, or nothing arbor can name.
      const meant = this.throughAlias({ type: 'declaration', ref }, 0);
      if (meant.type === 'external') return unresolved('external-import', false);
      if (meant.type !== 'declaration' || this.symbols.declaration(meant.ref).aliasOf) return unresolved('not-callable', false);
      // A same-file alias of another file's declaration (`const check = pool.check;`) reaches it through the import.
      const through = resolvedBy === RESOLVED_BY.sameFile && meant.ref.file !== ref.file ? RESOLVED_BY.import : resolvedBy;
      return this.accept(site, meant.ref, through);
    }
    // A variable holding a function computed elsewhere: the call runs what its value is proven to forward to, or nothing arbor can name.
    if (site.kind === 'calls' && decl.callsRunHeldValue) {
      const runs = this.heldValueRuns(ref, decl, 0);
      if (runs === undefined) return unresolved('not-callable', false);
      if (runs.file !== ref.file || runs.localId !== ref.localId) return this.accept(site, runs, resolvedBy);
      return { resolved: true, target: ref, edgeKind: 'calls', resolvedBy };
    }
    // `new Monoid[A] { … }` through `type Monoid[A] = cats.kernel.Monoid[A]`: the type the alias names.
    if (site.kind === 'instantiates' && site.space === 'type' && decl.kind === 'type_alias' && decl.underlyingType?.kind === 'named') {
      const aliased = this.types.evaluate({ file: ref.file, enclosing: decl.parent }, decl.underlyingType);
      return aliased ? this.accept({ ...site, space: undefined }, aliased.classRef, resolvedBy) : unresolved('not-callable', false);
    }
    // `interface A extends Alias`, `class C implements Alias`: an object type alias is a base type too.
    const aliasBase = site.space === 'type' && decl.kind === 'type_alias' && (site.kind === 'extends' || site.kind === 'implements');
    // `new Decoder[A] { … }`: an anonymous subclass of a trait or an interface.
    const anonymousBase = site.kind === 'instantiates' && site.anonymousSubclass === true && ANONYMOUS_BASE_KINDS.has(decl.kind);
    const rules = this.bindingOf(this.symbols.extraction(ref.file)!);
    const companionHolder = decl.kind === 'class' || (decl.kind === 'interface' && rules.calls?.companionCallUnconstructible);
    if (site.kind === 'calls' && companionHolder && rules.calls?.companionCall && !(rules.calls.companionCallUnconstructible && this.constructible(ref))) {
      const applied = this.companionCall(site, ref, rules.calls.companionCall, resolvedBy);
      if (applied) return applied;
    }
    const enumCase = site.kind === 'calls' && decl.kind === 'enum_member' && rules.calls?.enumCasesConstruct;
    const enumBuilt = site.kind === 'calls' && decl.kind === 'enum' && rules.calls?.enumsConstruct === true;
    if (!ACCEPTED_TARGETS[site.kind].has(decl.kind) && !aliasBase && !anonymousBase && !enumCase && !enumBuilt) return unresolved('not-callable', false);
    if (site.kind === 'instantiates' && rules.calls?.constructsNoHeldValue && HOLDERS.has(decl.kind)) return unresolved('not-callable', false);
    if (site.kind === 'calls' && rules.calls?.valuesApply && (rules.isAccessor(decl) || HOLDERS.has(decl.kind))) {
      const applied = this.appliedValue(site, ref, decl, rules.calls.valuesApply);
      // `getOwnerType()` of `def getOwnerType = owner` (`calls.emptyCallRunsDef`): no `apply()` found on its result.
      const runsDef = !applied.resolved && applied.reason === 'not-callable' && rules.calls.emptyCallRunsDef
        && site.argumentTypes?.length === 0 && (decl.kind === 'method' || decl.kind === 'function');
      return runsDef ? { resolved: true, target: ref, edgeKind: 'calls', resolvedBy } : applied;
    }
    // `obj.prop()` through a property calls what the getter returns, not the getter.
    if (site.kind === 'calls' && rules.isAccessor(decl) && !rules.calls?.accessorCallsLinkIt) return unresolved('not-callable', false);
    // A property or variable called runs the value it holds (where `calls.valuesHoldWhatRuns`), not itself.
    if (site.kind === 'calls' && rules.calls?.valuesHoldWhatRuns && HOLDERS.has(decl.kind)) return unresolved('not-callable', false);
    // A conversion (`T(x)` where `calls.typeConverts`) is no call.
    if (site.kind === 'calls' && rules.calls?.typeConverts && CONVERTIBLE_TYPES.has(decl.kind)) return unresolved('not-callable', false);
    // A call that lands on a class or struct constructs it (`C()`, a tuple struct's `S(x)`); keep the site's kind otherwise.
    const edgeKind: EdgeKind = site.kind === 'calls' && (decl.kind === 'class' || decl.kind === 'struct' || enumBuilt) ? 'instantiates' : site.kind;
    // What is constructed or extended is a type's instance part, never its companion (a static part, or a
    // static type declared beside a same-named type: Scala's object beside its trait).
    if (edgeKind !== 'calls' && edgeKind !== 'references' && decl.isStatic) {
      let instance = this.symbols.partsOf(ref).filter((part) => !this.symbols.declaration(part).isStatic);
      if (instance.length === 0) {
        const declarations = this.symbols.extraction(ref.file)!.declarations;
        instance = declarations.flatMap((d, localId) => (d.parent === decl.parent && d.name === decl.name && !d.isStatic && TYPE_KINDS.has(d.kind)
          ? [{ file: ref.file, localId }] : []));
      }
      if (instance.length === 1) return { resolved: true, target: instance[0], edgeKind, resolvedBy };
    }
    return { resolved: true, target: ref, edgeKind, resolvedBy };
  }

  /**
   * What a call of a `callsRunHeldValue` variable links to: the argument its `heldCall` passes where the callee is a
   * transparent wrapper of it (`forwardsParameter`), followed through further such variables; the variable itself
   * where it names the product of a workspace factory (`heldCall.named`); undefined when nothing proves either.
   */
  private heldValueRuns(ref: DeclarationRef, decl: Declaration, depth: number): DeclarationRef | undefined {
    const held = decl.heldCall;
    if (!held) return undefined;
    if (depth >= MAX_ALIAS_DEPTH) return cut();
    const scope = { file: ref.file, enclosing: decl.parent };
    // `const createDraft = immer.createDraft.bind(immer)`: what `bind` makes runs that workspace function or method,
    // under the name the module gives it (the variable, as a checker names the call).
    if (held.named && held.callee.length >= 2 && held.callee[held.callee.length - 1] === 'bind') {
      return this.namesWorkspaceFunction(scope, held.callee.slice(0, -1)) ? ref : undefined;
    }
    const callee = this.walkChain(scope, held.callee);
    if (!callee || callee.consumed !== held.callee.length || callee.target.type !== 'declaration') {
      // `const gotBuffer = got.extend({…})`: a method of a proven workspace instance made it, a factory like any other
      // (one that passes its argument through says nothing of which).
      const method = held.named && held.callee.length >= 2 ? this.workspaceFunctionNamed(scope, held.callee) : undefined;
      return method && this.symbols.declaration(method).forwardsParameter === undefined ? ref : undefined;
    }
    const factory = this.symbols.declaration(callee.target.ref);
    // `const useStore = create(…)` with `export const create = ((s) => …) as Create`: a workspace factory held by a constant.
    if (factory.kind === 'constant' || factory.kind === 'variable') return held.named && !factory.callsRunHeldValue ? ref : undefined;
    if (factory.kind !== 'function' && factory.kind !== 'method') return undefined;
    const argument = factory.forwardsParameter === undefined ? undefined : held.arguments[factory.forwardsParameter];
    const passed = argument ? this.walkChain(scope, argument) : undefined;
    if (!passed || passed.consumed !== argument!.length || passed.target.type !== 'declaration') return held.named && factory.forwardsParameter === undefined ? ref : undefined;
    const found = this.symbols.declaration(passed.target.ref);
    if (!found.callsRunHeldValue) return passed.target.ref;
    return this.heldValueRuns(passed.target.ref, found, depth + 1);
  }

  /** Whether a name chain names a workspace function or method: declared (`utils.merge`), or a member of a proven instance (`immer.produce`). */
  private namesWorkspaceFunction(scope: TypeScope, chain: string[]): boolean {
    const walked = this.walkChain(scope, chain);
    if (walked && walked.consumed === chain.length) {
      return walked.target.type === 'declaration' && CALLABLE_MEMBERS.has(this.symbols.declaration(walked.target.ref).kind);
    }
    return this.workspaceFunctionNamed(scope, chain) !== undefined;
  }

  /** The method a chain names as a member of the proven instance its head holds (`got.extend` of `const got: Got`), or undefined. */
  private workspaceFunctionNamed(scope: TypeScope, chain: string[]): DeclarationRef | undefined {
    if (chain.length < 2) return undefined;
    const instance = this.types.evaluate(scope, { kind: 'value', chain: chain.slice(0, -1) });
    const member = instance ? this.findMember(instance.classRef, chain[chain.length - 1], false, false) : undefined;
    return member !== undefined && !member.ambiguous && CALLABLE_MEMBERS.has(this.symbols.declaration(member.ref).kind) ? member.ref : undefined;
  }

  /**
   * A name no scope binds, as the head of a dotted name: the member (`basicRequest` of `package object
   * client4 extends SttpApi`) that exactly one package object the file sees inherits (`package-objects`
   * in the language's lookup). undefined otherwise.
   */
  private packageObjectValue(file: string, name: string): Target | undefined {
    const extraction = this.symbols.extraction(file);
    const binding = extraction && this.bindingOf(extraction);
    if (!binding?.packageObjectName || !binding.lookup.includes('package-objects')) return undefined;
    const found: DeclarationRef[] = [];
    for (const object of packageObjectsOf(this.symbols, file, binding.packageObjectName)) {
      const member = this.findMember(object, name, true, true);
      if (member?.ambiguous) return undefined;
      if (member) found.push(member.ref);
    }
    return found.length === 1 ? { type: 'declaration', ref: found[0] } : undefined;
  }

  /**
   * `C(x)` where C's companion part declares `name` members (`calls.companionCall`): the one of them the
   * arguments pick, beside the class's own construction when it states its parameters. undefined when
   * the companion declares none, the call states no arguments or fits none of them (the class is
   * constructed as before), or the construction is what the arguments pick.
   */
  /** Whether a call of a type's name may construct it: its instance part (a part or a same-named type beside it) is a concrete class. */
  private constructible(classRef: DeclarationRef): boolean {
    const decl = this.symbols.declaration(classRef);
    let instance = this.symbols.partsOf(classRef).filter((part) => !this.symbols.declaration(part).isStatic);
    if (instance.length === 0 && decl.isStatic) {
      const declarations = this.symbols.extraction(classRef.file)!.declarations;
      instance = declarations.flatMap((d, localId) => (d.parent === decl.parent && d.name === decl.name && !d.isStatic && TYPE_KINDS.has(d.kind)
        ? [{ file: classRef.file, localId }] : []));
    }
    return instance.some((part) => {
      const each = this.symbols.declaration(part);
      return each.kind === 'class' && !each.isAbstract;
    });
  }

  /**
   * What a call of a type that cannot be constructed runs, where the language calls its companion's member so
   * (`calls.companionCallUnconstructible`: Kotlin `DI { }`): the one such member; undefined otherwise.
   */
  private companionCallee(classRef: DeclarationRef): DeclarationRef | undefined {
    const calls = this.bindingOf(this.symbols.extraction(classRef.file)!).calls;
    if (!calls?.companionCall || !calls.companionCallUnconstructible || this.constructible(classRef)) return undefined;
    const members = this.memberRefs(classRef, calls.companionCall).filter((ref) => {
      const parent = this.symbols.declaration(ref).parent;
      return parent !== null && Boolean(this.symbols.extraction(ref.file)!.declarations[parent].isStatic);
    });
    return members.length === 1 ? members[0] : undefined;
  }

  private companionCall(site: ReferenceSite, classRef: DeclarationRef, name: string, resolvedBy: ResolvedBy): Resolution | undefined {
    const members = this.memberRefs(classRef, name).filter((ref) => {
      const decl = this.symbols.declaration(ref);
      // A private member (`private def apply` of the companion) is called only from its own file.
      if (decl.visibility === 'private' && ref.file !== this.siteFile) return false;
      const parent = decl.parent;
      return parent !== null && Boolean(this.symbols.extraction(ref.file)!.declarations[parent].isStatic);
    });
    if (members.length === 0 && site.argumentTypes && !this.constructible(classRef)) return this.inheritedCompanionCall(site, classRef, name, resolvedBy);
    // The construction: the class part that states its parameters (a companion object states none).
    const construction = this.symbols.partsOf(classRef).find((part) => {
      const decl = this.symbols.declaration(part);
      return !decl.isStatic && decl.parameterTypes !== undefined;
    });
    if (members.length === 0 && site.argumentTypes && construction) return this.inheritedBesideConstruction(site, classRef, construction, name);
    if (members.length === 0 || !site.argumentTypes) return undefined;
    const candidates = construction ? [...members, construction] : members;
    const chosen = selectOverload(candidates, this.overloadArguments(site).site, (ref) => this.symbols.declaration(ref), this.fitsOf(classRef, site), this.specificOf(classRef));
    if (!chosen || 'none' in chosen) {
      // Where nothing can be constructed (an object alone, or beside a trait or an abstract class), only the companion's
      // members can be meant, whatever the arguments seem to be (`Show[A](instance)` passes an implicit list): the one there is.
      if (this.constructible(classRef)) return undefined;
      return members.length === 1 ? { resolved: true, target: members[0], edgeKind: 'calls', resolvedBy } : ambiguousOverload(members);
    }
    if ('ambiguous' in chosen) return ambiguousOverload(chosen.ambiguous);
    if (construction && sameRef(chosen.ref, construction)) return undefined;
    return { resolved: true, target: chosen.ref, edgeKind: 'calls', resolvedBy };
  }

  /**
   * `Tests { … }` where `case class Tests(a, b)` has a companion `object Tests extends TestsVersionSpecific` whose base
   * declares `apply(expr: Unit)`: the inherited member, when the arguments pick it over the construction; undefined
   * (the construction) when they pick that, or when no base of the companion declares the member.
   */
  private inheritedBesideConstruction(site: ReferenceSite, classRef: DeclarationRef, construction: DeclarationRef, name: string): Resolution | undefined {
    const objects = this.symbols.partsOf(classRef).filter((ref) => this.symbols.declaration(ref).isStatic && this.symbols.declaration(ref).kind === 'class');
    const inherited: DeclarationRef[] = [];
    for (const object of objects) {
      const found = this.findMember(object, name, true, true, 0, site);
      if (found?.ambiguous) return ambiguousOverload(found.ambiguous);
      if (found) inherited.push(found.ref);
    }
    if (inherited.length === 0) return undefined;
    const chosen = selectOverload([...inherited, construction], this.overloadArguments(site).site, (ref) => this.symbols.declaration(ref), this.fitsOf(classRef, site), this.specificOf(classRef));
    if (!chosen || 'none' in chosen) return undefined;
    if ('ambiguous' in chosen) return ambiguousOverload(chosen.ambiguous);
    return sameRef(chosen.ref, construction) ? undefined : this.accept(site, chosen.ref, RESOLVED_BY.inheritedMember);
  }

  /** A value called (`calls.valuesApply`): the member of its stated type the arguments pick, or no edge. */
  private appliedValue(site: ReferenceSite, ref: DeclarationRef, decl: Declaration, name: string): Resolution {
    const stated = decl.valueType ?? (decl.kind === 'method' || decl.kind === 'function' ? decl.returnType : undefined);
    const instance = stated ? this.types.evaluate({ file: ref.file, enclosing: decl.parent }, stated) : undefined;
    if (!instance) return unresolved('not-callable', false);
    const found = this.findMember(instance.classRef, name, false, Boolean(this.symbols.declaration(instance.classRef).isStatic), 0, site);
    if (!found) return unresolved('not-callable', false);
    if (found.ambiguous) return ambiguousOverload(found.ambiguous);
    return { resolved: true, target: found.ref, edgeKind: 'calls', resolvedBy: instance.how };
  }

  /**
   * `CompactPrinter(x)` where `object CompactPrinter extends CompactPrinter` declares no `apply` and nothing can be
   * constructed: the member its bases give the object, picked by the arguments; no edge when none has one (a trait is
   * never constructed). undefined where no object is called.
   */
  private inheritedCompanionCall(site: ReferenceSite, classRef: DeclarationRef, name: string, resolvedBy: ResolvedBy): Resolution | undefined {
    const objects = this.symbols.partsOf(classRef).filter((ref) => this.symbols.declaration(ref).isStatic && this.symbols.declaration(ref).kind === 'class');
    if (objects.length === 0) return undefined;
    for (const object of objects) {
      const found = this.findMember(object, name, true, true, 0, site);
      if (found?.ambiguous) return ambiguousOverload(found.ambiguous);
      if (found) return this.accept(site, found.ref, RESOLVED_BY.inheritedMember);
    }
    return unresolved('not-callable', false);
  }

  /**
   * The definition a prototype (`definedElsewhere`) declares: a definition of the same name and kind
   * in the same container of its own file, else — for a top-level one that is not file-local — the
   * one definition of the name in the language family (what the linker finds; `unique-name`). With
   * none, or several (per-platform variants), the prototype itself is the target.
   */
  private definitionOf(ref: DeclarationRef, how: ResolvedBy): { ref: DeclarationRef; resolvedBy: ResolvedBy } {
    const decl = this.symbols.declaration(ref);
    if (!decl.definedElsewhere) return { ref, resolvedBy: how };
    const file = this.symbols.extraction(ref.file)!;
    const parent = decl.parent === null ? undefined : file.declarations[decl.parent];
    const inClassBody = parent !== undefined && CLASS_LIKE.has(parent.kind) && parent.kind !== 'namespace' && parent.kind !== 'module';
    // A class body declares each member once: a definition beside a prototype in it (a template member
    // `writeAttribute(StringRef, T const&)` beside `writeAttribute(StringRef, bool);`) is another overload.
    const owns = inClassBody ? [] : file.declarations.flatMap((d, id) => (!d.definedElsewhere && d.kind === decl.kind && d.parent === decl.parent
      && d.qualifiedName === decl.qualifiedName && d.memberOf === undefined
      && (d.parameterTypes?.length ?? -1) === (decl.parameterTypes?.length ?? -1) ? [id] : []));
    // `#ifdef OPT` … `#else` definitions after the prototype, in a language without overloads: the prototype stands.
    if (this.symbols.undecidedDefinitions(ref.file, owns)) return { ref, resolvedBy: how };
    const own = owns.find((id) => file.declarations[id].buildVariant === undefined) ?? owns[0];
    if (own !== undefined) return { ref: { file: ref.file, localId: own }, resolvedBy: how };
    if (decl.memberOf) return { ref, resolvedBy: how };
    const binding = this.bindingOf(file);
    if (inClassBody) {
      // A member declared in its class: the definition written outside it (`memberOf`) with as many parameters.
      // Of several (overloads of one arity), the one written with the prototype's parameter types.
      const arity = decl.parameterTypes?.length ?? -1;
      const defined = this.memberRefs({ file: ref.file, localId: decl.parent! }, decl.name, false, 0, true).filter((m) => {
        const each = this.symbols.declaration(m);
        return !each.definedElsewhere && each.memberOf !== undefined && (each.parameterTypes?.length ?? -1) === arity;
      });
      const written = (types: readonly string[] | undefined) => types?.join(',').replace(/\s+/g, '');
      const same = defined.length > 1 ? defined.filter((m) => written(this.symbols.declaration(m).parameterTypes) === written(decl.parameterTypes)) : defined;
      return same.length === 1 ? { ref: same[0], resolvedBy: how } : { ref, resolvedBy: how };
    }
    if (binding.fileLocal?.(decl, ref.file, file)) return { ref, resolvedBy: how };
    if (parent) {
      // A namespace's prototype, where namespaces span files: the definition in that namespace, in whichever file.
      if (parent.kind !== 'namespace' || !binding.declarations?.namespacesSpanFiles) return { ref, resolvedBy: how };
      // Of overloads (`rtrim(s)`, `rtrim(s, filter)`), the definition taking as many parameters.
      const arity = decl.parameterTypes?.length ?? -1;
      const defined = this.symbols.preferReached(ref.file, this.symbols.namespaceMembersNamed(decl.qualifiedName).filter((m) => {
        const each = this.symbols.declaration(m);
        return each.kind === decl.kind && !each.definedElsewhere && !binding.fileLocal?.(each, m.file, this.symbols.extraction(m.file)!) && (each.parameterTypes?.length ?? -1) === arity;
      }));
      return defined.length === 1 ? { ref: defined[0], resolvedBy: how } : { ref, resolvedBy: how };
    }
    const definitions = this.uniqueNames.definitions(this.familyOf(file), decl.name, new Set([decl.kind]));
    return definitions.length === 1 ? { ref: definitions[0], resolvedBy: RESOLVED_BY.uniqueName } : { ref, resolvedBy: how };
  }

  /**
   * A member of a class or, when the class does not declare it, of its proven superclasses
   * (nearest first). `skipOwn` starts at the superclasses, for `super.m()`. `wantStatic` prefers
   * static members from a static context and instance members otherwise (a class may have both).
   * `call`: a call whose arguments pick among overloads (overloads.ts); several fitting ones make
   * the answer `ambiguous`, and a class none of whose overloads fits passes on to its bases.
   */
  /**
   * Where a site writes type arguments on the class it names (`get_idx<std::size_t>::get()`, `new View<int[3]>`) and
   * `found` is the member (or the class) of the type of the bare name: the specialization's own member (or the
   * specialization) those arguments select; undefined where the primary type is meant, null where arbor cannot tell.
   */
  private specializedTarget(site: ReferenceSite, found: DeclarationRef): DeclarationRef | null | undefined {
    const decl = this.symbols.declaration(found);
    const rules = this.bindingOf(this.symbols.extraction(found.file)!);
    if (!rules.specializationMatch) return undefined;
    if (site.nameArguments !== undefined && SPECIALIZED_KINDS.has(decl.kind)) {
      const choice = this.specializations.choose(decl, site.nameArguments, rules, (type, at) => this.declaresClass(type, at));
      return choice.kind === 'primary' ? undefined : choice.kind === 'unknown' ? null : choice.ref;
    }
    const written = site.receiverArguments;
    const receiverName = site.receiver?.[site.receiver.length - 1];
    if (written === undefined || receiverName === undefined) return undefined;
    const owner = decl.parent === null ? undefined : this.symbols.declaration({ file: found.file, localId: decl.parent });
    // A member the receiver's class inherits: that class's own specializations may have other bases.
    if (owner?.name !== receiverName || !SPECIALIZED_KINDS.has(owner.kind)) return this.specializations.has(receiverName) ? null : undefined;
    const choice = this.specializations.choose(owner, written, rules, (type, at) => this.declaresClass(type, at));
    if (choice.kind !== 'specialization') return choice.kind === 'primary' ? undefined : null;
    const member = this.findMember(choice.ref, site.name, false, false, 0, site);
    return member?.ref && !member.ambiguous ? member.ref : null;
  }

  /** Whether `type` (`app::shade`), read where `at` is declared, names a class, struct or enum of the workspace (no alias). */
  private declaresClass(type: string, at: DeclarationRef): boolean {
    const chain = type.trim().split('::');
    if (!chain.every((part) => /^[A-Za-z_]\w*$/.test(part))) return false;
    const walked = this.walkChain({ file: at.file, enclosing: this.symbols.declaration(at).parent }, chain);
    return walked?.target.type === 'declaration' && walked.consumed === chain.length
      && DISTINCT_TYPE_KINDS.has(this.symbols.declaration(walked.target.ref).kind);
  }

  private findMember(
    classRef: DeclarationRef,
    name: string,
    skipOwn: boolean,
    wantStatic: boolean,
    depth = 0,
    call?: ReferenceSite,
    throughThis = false,
  ): MemberFound | undefined {
    if (depth > 16) return cut(); // an inheritance cycle in broken code must not loop forever
    if (!skipOwn) {
      const own = this.ownPartFirst(classRef, wantStatic, defaultBuildFirst(
        // `val option by option()`: the value being declared holds nothing yet, so the call is another `option`'s.
        this.visibleExtensionsFirst(this.membersBeforeExtensions(classRef, this.memberRefs(classRef, name, throughThis).filter((ref) => !this.inOwnInitializer(call, ref)), call), call),
        (ref) => this.symbols.extraction(ref.file)!,
      ));
      const overloading = (call?.kind === 'calls' || call?.kind === 'references') && own.length > 0;
      // The overloads a call chooses from include those the class inherits and does not override.
      const candidates = overloading ? this.namedReceiverOverloads(this.instanceBeforeExtensions(classRef, [...own, ...this.inheritedOverloads(classRef, name, own)], call!), call!) : own;
      const chosen = overloading
        ? selectOverload(candidates, this.overloadArguments(call!).site, (ref) => this.callableShape(ref, call!.receiver?.length === 0 ? classRef : undefined), this.fitsOf(classRef, call), this.specificOf(classRef)) : undefined;
      if (chosen && 'ref' in chosen) return { ref: chosen.ref, inherited: depth > 0 || !own.includes(chosen.ref) };
      if (chosen && 'ambiguous' in chosen) {
        // A static and an instance method of one signature (Swift allows both): a bare call means the one of its own kind.
        const signatures = new Set(chosen.ambiguous.map((ref) => this.symbols.declaration(ref).parameterTypes?.join(',')));
        const ownKind = chosen.ambiguous.filter((ref) => Boolean(this.symbols.declaration(ref).isStatic) === wantStatic);
        if (throughThis && signatures.size === 1 && !signatures.has(undefined) && ownKind.length === 1) return { ref: ownKind[0], inherited: depth > 0 || !own.includes(ownKind[0]) };
        // Only through a value of the protocol itself: a conforming type without its own runs the extension's default.
        const requirement = depth === 0 ? this.dispatchedRequirement(classRef, chosen.ambiguous, signatures) : undefined;
        if (requirement) return { ref: requirement, inherited: depth > 0 || !own.includes(requirement) };
        return { ambiguous: chosen.ambiguous };
      }
      if (!chosen && own.length > 0) {
        const fitting = own.filter((ref) => Boolean(this.symbols.declaration(ref).isStatic) === wantStatic);
        // Only a static member here (Ruby `class << self; alias_method :options …`) while a base declares the
        // instance one an instance method calls: the base's.
        if (fitting.length === 0 && this.bindingOf(this.symbols.extraction(classRef.file)!).members?.staticApart) {
          for (const parent of this.superclasses(classRef)) {
            const found = this.findMember(parent, name, false, wantStatic, depth + 1, call, throughThis);
            if (found?.ref && Boolean(this.symbols.declaration(found.ref).isStatic) === wantStatic) return { ref: found.ref, inherited: true };
          }
        }
        const among = fitting.length > 0 ? fitting : own;
        // A method defined twice (each branch of an `if`, a redefining reopening): which one runs is not written.
        const methods = among.filter((ref) => CALLABLE_MEMBERS.has(this.symbols.declaration(ref).kind));
        if (methods.length > 1 && this.bindingOf(this.symbols.extraction(classRef.file)!).declarations?.redefinitionsAmbiguous) return { ambiguous: methods };
        return { ref: this.symbols.pickRef(among), inherited: depth > 0 };
      }
    }
    const parents = this.basesPassing(classRef, name);
    for (let i = 0; i < parents.length; i++) {
      const found = this.findMember(parents[i], name, false, wantStatic, depth + 1, call, throughThis);
      if (found?.ambiguous) return found;
      if (found) return { ref: this.laterConcreteMember(classRef, found.ref!, parents.slice(i + 1), name, wantStatic, depth, call, throughThis), inherited: true };
    }
    return depth === 0 && !skipOwn ? this.convertedMember(classRef, name, call) : undefined;
  }

  /**
   * A call through a named value (its receiver a chain of names, or none: `this`) never means a member callable only on
   * a temporary (`Declaration.temporaryReceiverOnly`) while another overload remains.
   */
  private namedReceiverOverloads(candidates: DeclarationRef[], call: ReferenceSite): DeclarationRef[] {
    if (call.receiver === undefined) return candidates;
    const named = candidates.filter((ref) => !this.symbols.declaration(ref).temporaryReceiverOnly);
    return this.receiverAccessOverloads(named.length > 0 ? named : candidates, call);
  }

  /**
   * `size()` beside `size() const` (`Declaration.readOnlyReceiver`): through a receiver proven read-only only the latter;
   * through one proven writable the former, where both take the same parameters. A bare call or one through the
   * instance word reads the receiver of the member it is written in.
   */
  private receiverAccessOverloads(candidates: DeclarationRef[], call: ReferenceSite): DeclarationRef[] {
    if (candidates.length < 2 || !candidates.some((ref) => this.symbols.declaration(ref).readOnlyReceiver)) return candidates;
    let readOnly = call.receiverReadOnly;
    const file = this.siteFiles.get(call);
    if (readOnly === undefined && file && call.enclosing !== null && (call.receiver!.length === 0 || (call.receiver!.length === 1 && this.bindingOf(file).instanceReceivers.includes(call.receiver![0])))) {
      const enclosing = this.symbols.declaration({ file: file.path, localId: call.enclosing });
      if (enclosing.kind === 'method') readOnly = enclosing.readOnlyReceiver === true;
    }
    if (readOnly === undefined) return candidates;
    if (readOnly) {
      const kept = candidates.filter((ref) => this.symbols.declaration(ref).readOnlyReceiver);
      return kept.length > 0 ? kept : candidates;
    }
    const parameters = (ref: DeclarationRef) => this.symbols.declaration(ref).parameterTypes?.join(',') ?? '';
    const writable = candidates.filter((ref) => !this.symbols.declaration(ref).readOnlyReceiver);
    return candidates.filter((ref) => !this.symbols.declaration(ref).readOnlyReceiver || !writable.some((other) => parameters(other) === parameters(ref)));
  }

  /**
   * `members.laterBasesImplement`: `class S extends Base with jackson.JsonMethods` where Base's `render` is abstract — the
   * concrete `render` of the last later base declaring one (linearization: the last mixin wins); else `found`.
   */
  private laterConcreteMember(
    classRef: DeclarationRef, found: DeclarationRef, later: DeclarationRef[], name: string, wantStatic: boolean,
    depth: number, call: ReferenceSite | undefined, throughThis: boolean,
  ): DeclarationRef {
    if (later.length === 0 || !this.symbols.declaration(found).isAbstract) return found;
    if (!this.bindingOf(this.symbols.extraction(classRef.file)!).members?.laterBasesImplement) return found;
    for (const parent of [...later].reverse()) {
      const other = this.findMember(parent, name, false, wantStatic, depth + 1, call, throughThis);
      // Only an implementation: the same parameters (Codec.AsObject's Decoder `apply(c: HCursor)` is not Encoder's `apply(a: A)`).
      const concrete = other?.ref && !other.ambiguous ? this.symbols.declaration(other.ref) : undefined;
      if (concrete && !concrete.isAbstract && sameParameters(concrete, this.symbols.declaration(found))) return other!.ref!;
    }
    return found;
  }

  /**
   * `members.companionsApart`: of members declared in both a class and its companion object, those of the part the
   * call wants (the static part, the object, or the instance part).
   */
  private ownPartFirst(classRef: DeclarationRef, wantStatic: boolean, own: DeclarationRef[]): DeclarationRef[] {
    if (own.length < 2 || !this.bindingOf(this.symbols.extraction(classRef.file)!).members?.companionsApart) return own;
    const partIsStatic = (ref: DeclarationRef) => {
      const parent = this.symbols.declaration(ref).parent;
      return parent === null ? undefined : Boolean(this.symbols.declaration({ file: ref.file, localId: parent }).isStatic);
    };
    const kinds = new Set(own.map(partIsStatic));
    if (kinds.size < 2 || kinds.has(undefined)) return own;
    return own.filter((ref) => partIsStatic(ref) === wantStatic);
  }

  /**
   * `members.instanceBeforeExtensions`: `builder.SetCheck(new OrderChecker())` where the type declares `SetCheck(IChecker<P>)`
   * and an extension `SetCheck(this IRuleBuilder<T, P>, object)` exists: a method every argument is proven to fit hides
   * the extensions; where none is (a fit unknown: `Create(Job, IState)` passed an expression), all are weighed as before.
   */
  private instanceBeforeExtensions(classRef: DeclarationRef, candidates: DeclarationRef[], call: ReferenceSite): DeclarationRef[] {
    if (!this.bindingOf(this.symbols.extraction(classRef.file)!).members?.instanceBeforeExtensions) return candidates;
    const methods = candidates.filter((ref) => this.symbols.declaration(ref).memberOf === undefined);
    if (methods.length === 0 || methods.length === candidates.length) return candidates;
    const args = this.overloadArguments(call).site.argumentTypes;
    const fits = this.fitsOf(classRef, call);
    if (!args || !fits) return candidates;
    const applies = (fit: ArgumentFit) => fit === 'exact' || fit === 'converts' || fit === 'boxes';
    const surelyApplies = (ref: DeclarationRef) => {
      const { parameterTypes: params, variadic, requiredParameters } = this.symbols.declaration(ref);
      if (!params) return true;
      const n = args.length;
      if (n < Math.min(requiredParameters ?? params.length, variadic ? params.length - 1 : params.length) || (!variadic && n > params.length)) return false;
      return args.every((arg, i) => {
        if (!variadic || i < params.length - 1) return applies(fits(arg, params[i], ref));
        const last = params[params.length - 1];
        const element = last.endsWith('[]') ? last.slice(0, -2) : last;
        return (n === params.length && applies(fits(arg, last, ref))) || applies(fits(arg, element, ref));
      });
    };
    return methods.some(surelyApplies) ? methods : candidates;
  }

  /**
   * `members.extensionsInScope`: `viewModel { }` in a package declaring `fun ScopeDSL.viewModel` while another package
   * declares one more, not imported: the call sees only the first. Those the call's file sees, where it sees some.
   */
  private visibleExtensionsFirst(own: DeclarationRef[], call?: ReferenceSite): DeclarationRef[] {
    const file = call && own.length > 1 ? this.siteFiles.get(call) : undefined;
    if (!file || !this.bindingOf(file).members?.extensionsInScope) return own;
    const visible = own.filter((ref) => this.extensionVisible(file, ref));
    return visible.length > 0 ? visible : own;
  }

  /**
   * `members.requirementsDispatch`: of overloads of one signature, the one requirement the interface `classRef` declares
   * in its body, the others being implementations its extensions give (no two requirements, no class's own method).
   */
  private dispatchedRequirement(classRef: DeclarationRef, ambiguous: readonly DeclarationRef[], signatures: ReadonlySet<string | undefined>): DeclarationRef | undefined {
    if (signatures.size !== 1 || signatures.has(undefined) || !this.bindingOf(this.symbols.extraction(classRef.file)!).members?.requirementsDispatch) return undefined;
    if (this.symbols.declaration(classRef).kind !== 'protocol' && this.symbols.declaration(classRef).kind !== 'interface') return undefined;
    // An extension's members are written outside the body (`memberOf`); the requirement inside it, without a body.
    const requirements = ambiguous.filter((ref) => this.symbols.declaration(ref).isAbstract && this.symbols.declaration(ref).memberOf === undefined);
    return requirements.length === 1 && ambiguous.every((ref) => ref === requirements[0] || this.symbols.declaration(ref).memberOf !== undefined) ? requirements[0] : undefined;
  }

  /**
   * `members.valuesBeforeExtensions`: `transformAll(it)` where the class declares `val transformAll: AllTransformer` and an
   * extension `fun C.transformAll(…)` exists — a member wins, so the call invokes the property's value: only the property is
   * kept. A call with a trailing lambda (`transformAll(showAsRequired = true) { … }`) is left to the overloads, and so is a
   * property stated to hold a class's value (no function).
   */
  private membersBeforeExtensions(classRef: DeclarationRef, own: DeclarationRef[], call?: ReferenceSite): DeclarationRef[] {
    if (call?.kind !== 'calls' || call.trailingBlock || own.length < 2 || !this.bindingOf(this.symbols.extraction(classRef.file)!).members?.valuesBeforeExtensions) return own;
    const holders = own.filter((ref) => {
      const decl = this.symbols.declaration(ref);
      if (!HOLDERS.has(decl.kind) || decl.memberOf !== undefined) return false;
      // A function type states no class (no valueType); an alias of one is a workspace type alias.
      if (!decl.valueType) return true;
      const held = this.types.evaluate({ file: ref.file, enclosing: decl.parent }, decl.valueType);
      return held !== undefined && this.symbols.declaration(held.classRef).kind === 'type_alias';
    });
    const extensions = own.filter((ref) => this.symbols.declaration(ref).memberOf !== undefined && CALLABLE_MEMBERS.has(this.symbols.declaration(ref).kind));
    return holders.length === 1 && extensions.length > 0 ? holders : own;
  }

  /** Implicit conversions (`Declaration.convertsFrom`) by the class whose values they convert; built once. */
  private conversions?: PairMap<string, number, DeclarationRef[]>;
  private convertingMember = false;

  /**
   * `jv.fold()` where `implicit def toMonadic(jv: JValue): MonadicJValue` is declared: the member of a conversion's
   * result, for a member the class (or a proven base) does not declare. One conversion's result declaring it, or none.
   */
  private convertedMember(classRef: DeclarationRef, name: string, call?: ReferenceSite): MemberFound | undefined {
    if (this.convertingMember) return cut();
    this.convertingMember = true;
    try {
      if (!this.conversions) {
        this.conversions = this.conversionIndex();
        if (!mayKeep()) noteCut();
      }
      const index = this.conversions;
      if (index.size === 0) return undefined;
      const found = new Map<string, DeclarationRef>();
      const seen = new Set<string>();
      const queue = [classRef];
      while (queue.length > 0 && seen.size < 32) {
        const each = queue.shift()!;
        const key = `${each.file}\0${each.localId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const conversion of index.get(each.file, each.localId) ?? []) {
          const decl = this.symbols.declaration(conversion);
          const result = decl.returnType && this.types.evaluate({ file: conversion.file, enclosing: decl.parent }, decl.returnType);
          if (!result) continue;
          const member = this.findMember(result.classRef, name, false, false, 0, call);
          if (member?.ambiguous) return member;
          if (member?.ref) found.set(`${member.ref.file}\0${member.ref.localId}`, member.ref);
        }
        queue.push(...this.superclasses(each));
      }
      if (found.size === 1) return { ref: [...found.values()][0], inherited: true };
      return found.size > 1 ? { ambiguous: [...found.values()] } : undefined;
    } finally {
      this.convertingMember = false;
    }
  }

  /** Implicit conversions from a type outside the workspace (`implicit def lift(s: String): Parser[String]`), by its simple name. */
  private outsideConversions?: Map<string, DeclarationRef[]>;

  /**
   * `"a".rep(min = 2)` with `implicit def LiteralStr(s: String): P[Unit]` visible: the member of the one conversion from an
   * outside type whose result declares it. Only for outside types whose own members the language lists
   * (`members.outsideOwnMembers`), and never one of those: a conversion is applied only where the type has no such member.
   */
  private outsideConvertedMember(scope: TypeScope, outsideType: string[], name: string): DeclarationRef | undefined {
    const typeName = outsideType[outsideType.length - 1];
    const own = this.bindingOf(this.symbols.extraction(scope.file)!).members?.outsideOwnMembers?.[typeName];
    if (!own || own.has(name)) return undefined;
    if (!this.outsideConversions) {
      this.outsideConversions = new Map();
      for (const file of this.symbols.allFiles()) {
        file.declarations.forEach((decl, localId) => {
          if (decl.convertsFrom?.kind !== 'named') return;
          if (this.types.evaluate({ file: file.path, enclosing: decl.parent }, decl.convertsFrom)) return;
          const key = decl.convertsFrom.chain[decl.convertsFrom.chain.length - 1];
          const list = this.outsideConversions!.get(key) ?? [];
          list.push({ file: file.path, localId });
          this.outsideConversions!.set(key, list);
        });
      }
    }
    const found = new Map<string, DeclarationRef>();
    for (const conversion of this.outsideConversions.get(typeName) ?? []) {
      if (!this.visibleOutsideMember(scope, conversion, this.symbols.declaration(conversion).name)) continue;
      const decl = this.symbols.declaration(conversion);
      const result = decl.returnType && this.types.evaluate({ file: conversion.file, enclosing: decl.parent }, decl.returnType);
      const member = result ? this.findMember(result.classRef, name, false, false) : undefined;
      if (member?.ambiguous) return undefined;
      if (member?.ref) found.set(`${member.ref.file}\0${member.ref.localId}`, member.ref);
    }
    return found.size === 1 ? [...found.values()][0] : undefined;
  }

  private conversionIndex(): PairMap<string, number, DeclarationRef[]> {
    const index = new PairMap<string, number, DeclarationRef[]>();
    for (const file of this.symbols.allFiles()) {
      file.declarations.forEach((decl, localId) => {
        if (!decl.convertsFrom) return;
        const from = this.types.evaluate({ file: file.path, enclosing: decl.parent }, decl.convertsFrom);
        if (!from) return;
        const list = index.get(from.classRef.file, from.classRef.localId) ?? [];
        list.push({ file: file.path, localId });
        index.set(from.classRef.file, from.classRef.localId, list);
      });
    }
    return index;
  }

  /**
   * Same-named members of the proven superclasses whose parameter types no nearer overload has
   * (an override hides the one it overrides); only where the class's own overloads state parameters.
   */
  private inheritedOverloads(classRef: DeclarationRef, name: string, own: DeclarationRef[]): DeclarationRef[] {
    const signature = (ref: DeclarationRef) => this.symbols.declaration(ref).parameterTypes?.join(',');
    if (own.some((ref) => signature(ref) === undefined)) return [];
    const seen = new Set(own.map(signature));
    const out: DeclarationRef[] = [];
    const visited = new Set<string>();
    const queue = [...this.superclasses(classRef)];
    while (queue.length > 0 && visited.size < 32) {
      const parent = queue.shift()!;
      const key = `${parent.file}\0${parent.localId}`;
      if (visited.has(key)) continue;
      visited.add(key);
      for (const ref of this.memberRefs(parent, name)) {
        const sig = signature(ref);
        if (sig === undefined || seen.has(sig)) continue;
        seen.add(sig);
        out.push(ref);
      }
      queue.push(...this.superclasses(parent));
    }
    return out;
  }

  /**
   * The argument-to-parameter rule of the language a class is written in; where it cannot tell, the
   * workspace's class hierarchy (argument types named at the call, parameter types at the class).
   */
  private fitsOf(classRef: DeclarationRef, call?: ReferenceSite): ArgumentFitRule | undefined {
    const classFile = this.symbols.extraction(classRef.file)!;
    const binding = this.bindingOf(classFile);
    const language = binding.argumentFits;
    if (!language) return undefined;
    const mustFit = binding.argumentsMustFit === true;
    const nonGenericFirst = binding.nonGenericFirst === true;
    const exactAtDifferingPositions = binding.exactAtDifferingPositions === true;
    const awaitSelectsAsync = binding.awaitSelectsAsync === true;
    const variadicNormalForm = binding.variadicNormalForm === true;
    const defaultsLose = binding.defaultsLoseOverloads === true;
    const fewestDefaultsWin = binding.fewestDefaultsWin === true;
    const matchArguments = binding.matchArguments;
    const comparedParameterType = binding.comparedParameterType;
    const callFile = call && this.siteFiles.get(call);
    if (!callFile || !call) return Object.assign((argument: string | null, parameter: string) => language(argument, parameter), { mustFit, nonGenericFirst, exactAtDifferingPositions, awaitSelectsAsync, variadicNormalForm, defaultsLose, fewestDefaultsWin, matchArguments, comparedParameterType });
    const evaluated = this.overloadArguments(call).classes;
    const accessible = binding.privateOverloadsHidden ? (candidate: DeclarationRef) => this.accessibleFrom(callFile, call, candidate) : undefined;
    return Object.assign((argument: string | null, parameter: string, candidate?: DeclarationRef): ArgumentFit => {
      // A parameter type is named where its function is declared: an extension in another file (another module) sees other types.
      const [paramFile, paramScope] = candidate && candidate.file !== classRef.file
        ? [this.symbols.extraction(candidate.file) ?? classFile, candidate.localId] : [classFile, classRef.localId];
      const known = argument === null ? undefined : evaluated.get(argument);
      if (known) {
        // A class the resolver found for a call's result: compared as a class, never by its name alone.
        const typeName = binding.parameterTypeName ? binding.parameterTypeName(parameter, argument ?? undefined) : parameter;
        const declared = typeName === undefined ? undefined : this.namedType(paramFile, paramScope, typeName);
        if (declared && 'ref' in declared) {
          // The parts of one type (a class and its companion object) are that type.
          const parts = this.symbols.partsOf(declared.ref);
          if (parts.some((part) => sameRef(part, known))) return 'exact';
          const verdicts = parts.map((part) => this.hierarchy.fits({ ref: known }, { ref: part }));
          return verdicts.includes('converts') ? 'converts' : verdicts.includes('unknown') ? 'unknown' : verdicts[0];
        }
        const verdict = language(argument, parameter);
        if (verdict === 'exact') return 'unknown';
        return verdict !== 'unknown' ? verdict : this.hierarchy.fits({ ref: known }, declared, typeName);
      }
      // A member of the parameter's type, the type left out: what that type declares decides before the label's match.
      const implicit = argument === null ? undefined : binding.implicitMember?.(argument, parameter);
      const member = implicit && this.implicitMemberFits(paramFile, paramScope, implicit);
      if (member && member !== 'unknown') return member;
      const verdict = language(argument, parameter);
      if (verdict !== 'unknown' || argument === null) return verdict;
      const literal = binding.literalConversion?.(argument, parameter);
      const converted = literal && this.literalConversionFits(paramFile, paramScope, literal);
      if (converted) return converted;
      const pointee = binding.pointerConversion?.(argument, parameter);
      // A type parameter of the function or its class (`const Char *`) is no class of the workspace, whatever it shares a name with.
      const typeParameter = pointee !== undefined && this.typeParameterOf(candidate ?? classRef, pointee);
      const pointed = pointee === undefined || typeParameter ? undefined : this.namedType(paramFile, paramScope, pointee);
      if (pointed && 'ref' in pointed && ['class', 'struct'].includes(this.symbols.declaration(pointed.ref).kind)) return 'no';
      const constructed = binding.constructorConversion?.(argument, parameter);
      const viaConstructor = constructed && this.constructorConversionFits(paramFile, paramScope, constructed, argument, language);
      if (viaConstructor) return viaConstructor;
      const named = this.namedType(callFile, call.enclosing, argument);
      const closed = named && 'ref' in named ? undefined : this.functionValueFit(binding, argument, paramFile, paramScope, parameter);
      return closed ?? this.hierarchy.fits(named, this.namedType(paramFile, paramScope, parameter), parameter);
    }, { mustFit, nonGenericFirst, exactAtDifferingPositions, awaitSelectsAsync, variadicNormalForm, defaultsLose, fewestDefaultsWin, matchArguments, comparedParameterType, accessible });
  }

  /** Whether a declaration, or a declaration around it, declares a type parameter of that name. */
  private typeParameterOf(ref: DeclarationRef, name: string): boolean {
    const file = this.symbols.extraction(ref.file);
    for (let id: number | null = ref.localId; file && id !== null; id = file.declarations[id].parent) {
      if (file.declarations[id].typeParameters?.includes(name)) return true;
    }
    return false;
  }

  /** A function value (a lambda) for a parameter of a workspace class or enum (`NameBindingRules.functionValueArgument`): no. */
  private functionValueFit(binding: NameBindingRules, argument: string | null, paramFile: FileExtraction, paramScope: number | null, parameter: string): ArgumentFit | undefined {
    if (argument === null || !binding.functionValueArgument?.(argument)) return undefined;
    const named = this.namedType(paramFile, paramScope, parameter);
    return named && 'ref' in named && ['class', 'enum'].includes(this.symbols.declaration(named.ref).kind) ? 'no' : undefined;
  }

  /**
   * Whether a call may use a member: any but a private one; a private one only inside its class (a class of the same
   * qualified name around the call: a nested class, or another part of a partial class).
   */
  private accessibleFrom(callFile: FileExtraction, call: ReferenceSite, candidate: DeclarationRef): boolean {
    const decl = this.symbols.declaration(candidate);
    if (decl.parent === null) return true;
    const ownerDecl = this.symbols.declaration({ file: candidate.file, localId: decl.parent });
    if (!this.bindingOf(callFile).privateOverloadsHidden!(decl, ownerDecl)) return true;
    const owner = ownerDecl.qualifiedName;
    for (let id = call.enclosing; id !== null && id !== undefined; id = callFile.declarations[id].parent) {
      if (callFile.declarations[id].qualifiedName === owner) return true;
    }
    return false;
  }

  /**
   * An argument naming a member of the parameter's type, the type left out (`NameBindingRules.implicitMember`):
   * exact where the parameter's type is an enum, struct or class of the workspace declaring that member (its bases
   * in the workspace count: `.status(200)` for an `Endpoint` declaring `static func status`); no where an enum
   * declares none; unknown for any other type (a struct or protocol may take static members from an extension of
   * an outside protocol, an initialiser may be implicit).
   */
  private implicitMemberFits(file: FileExtraction, enclosing: number, implicit: { member: string; type: string }): ArgumentFit {
    const named = this.namedType(file, enclosing, implicit.type);
    const kind = named && 'ref' in named ? this.symbols.declaration(named.ref).kind : undefined;
    // A protocol of the workspace has the static members its body and extensions declare (`extension P where Self == X`), no others.
    if (kind === 'protocol' && named && 'ref' in named && this.bindingOf(file).members?.protocolImplicitMembers) {
      const types = [named.ref, ...this.superclasses(named.ref)];
      return types.some((type) => this.memberRefs(type, implicit.member).length > 0) ? 'unknown' : 'no';
    }
    if (!named || !('ref' in named) || (kind !== 'enum' && kind !== 'struct' && kind !== 'class')) return 'unknown';
    const types = [named.ref, ...this.superclasses(named.ref)];
    const declares = types.some((type) => this.memberRefs(type, implicit.member).length > 0);
    return declares ? 'exact' : kind === 'enum' ? 'no' : 'unknown';
  }

  /**
   * A value of a standard type for a parameter of a struct, enum or class of the workspace (`NameBindingRules.literalConversion`):
   * no unless the type, or a type it extends or conforms to in the workspace, declares the literal's initialiser; undefined
   * (no opinion) for any other parameter type, or a class whose bases the workspace does not all state.
   */
  private literalConversionFits(file: FileExtraction, enclosing: number, literal: { type: string; initializer: string }): ArgumentFit | undefined {
    const named = this.namedType(file, enclosing, literal.type);
    if (!named || !('ref' in named)) return undefined;
    const kind = this.symbols.declaration(named.ref).kind;
    if (kind !== 'struct' && kind !== 'enum' && kind !== 'class') return undefined;
    if (kind === 'class' && this.hierarchy.fits({ ref: named.ref }, { outside: true }) !== 'no') return undefined;
    const types = [named.ref, ...this.superclasses(named.ref)];
    // The first parameter's label, without the marks a language writes after it (a variadic `arrayLiteral...:`, a default's `=`).
    const labelOf = (written: string | undefined) => written?.slice(0, Math.max(0, written.indexOf(':'))).replace(/\W+$/, '');
    const declares = types.some((type) => this.memberRefs(type, 'init').some((ref) => labelOf(this.symbols.declaration(ref).parameterTypes?.[0]) === literal.initializer));
    return declares ? undefined : 'no';
  }

  /**
   * A value of a built-in type for a parameter naming a class of the workspace (`NameBindingRules.constructorConversion`):
   * `no` where the class (with no base whose constructors it might take over) declares no constructor taking one
   * argument that the value may fit; undefined (not known) otherwise.
   */
  private constructorConversionFits(file: FileExtraction, enclosing: number, type: string, argument: string, fits: ArgumentFitRule): ArgumentFit | undefined {
    const named = this.namedType(file, enclosing, type);
    if (!named || !('ref' in named)) return undefined;
    const decl = this.symbols.declaration(named.ref);
    if ((decl.kind !== 'struct' && decl.kind !== 'class') || this.superclasses(named.ref).length > 0) return undefined;
    if (this.hierarchy.fits({ ref: named.ref }, { outside: true }) !== 'no') return undefined;
    const constructors = this.symbols.partsOf(named.ref).flatMap((part) => this.memberRefs(part, decl.name, false, 0, true));
    const takes = constructors.some((ref) => {
      const { parameterTypes, requiredParameters, variadic } = this.symbols.declaration(ref);
      if (!parameterTypes) return true;
      if (parameterTypes.length === 0) return Boolean(variadic);
      return (requiredParameters ?? parameterTypes.length) <= 1 && fits(argument, parameterTypes[0]) !== 'no';
    });
    return takes ? undefined : 'no';
  }

  /** Whether one parameter type is narrower than another (the most specific overload), both named in the class. */
  private specificOf(classRef: DeclarationRef): ArgumentFitRule | undefined {
    const classFile = this.symbols.extraction(classRef.file)!;
    const language = this.bindingOf(classFile).argumentFits;
    if (!language) return undefined;
    return (narrow, wide) => {
      const verdict = language(narrow, wide);
      if (verdict !== 'unknown' || narrow === null) return verdict;
      return this.hierarchy.fits(this.namedType(classFile, classRef.localId, narrow), this.namedType(classFile, classRef.localId, wide));
    };
  }

  /**
   * A call's argument types for overload selection, with the stated ones (`argumentTypeRefs`: a local's
   * declared type, a call's declared result) evaluated to their class, named by its simple name; `classes` maps
   * those names back (a name two different classes would share proves nothing).
   */
  private overloadArguments(call: ReferenceSite): { site: Pick<ReferenceSite, 'argumentTypes' | 'argumentNames' | 'kind' | 'trailingBlock' | 'typeArguments' | 'awaited' | 'buildConditions'>; classes: ReadonlyMap<string, DeclarationRef> } {
    // Nothing stated to evaluate: the site as it is, with no memo (the weak tables' upkeep was most of the cost).
    if (!namesArgumentTypes(call)) return { site: call, classes: NO_CLASSES };
    const known = this.overloadSites.get(call);
    if (known) {
      // Read while it is being filled (a re-entry), or kept from a chain that met itself: counted (order-dependence.ts).
      if (this.overloadsFilling.has(call)) noteCut();
      return known;
    }
    const file = this.siteFiles.get(call);
    const result = { site: call as Pick<ReferenceSite, 'argumentTypes' | 'argumentNames' | 'kind' | 'trailingBlock' | 'typeArguments' | 'awaited' | 'buildConditions'>, classes: new Map<string, DeclarationRef>() };
    this.overloadSites.set(call, result);
    this.overloadsFilling.add(call);
    try {
      return this.fillOverloadArguments(call, file, result);
    } finally {
      this.overloadsFilling.delete(call);
      if (!mayKeep()) noteCut();
    }
  }

  private fillOverloadArguments(
    call: ReferenceSite,
    file: FileExtraction | undefined,
    result: { site: Pick<ReferenceSite, 'argumentTypes' | 'argumentNames' | 'kind' | 'trailingBlock' | 'typeArguments' | 'awaited' | 'buildConditions'>; classes: Map<string, DeclarationRef> },
  ): { site: Pick<ReferenceSite, 'argumentTypes' | 'argumentNames' | 'kind' | 'trailingBlock' | 'typeArguments' | 'awaited' | 'buildConditions'>; classes: Map<string, DeclarationRef> } {
    if (!file || !namesArgumentTypes(call)) return result;
    const clashing = new Set<string>();
    const argumentTypes = call.argumentTypes.map((argument, i) => {
      // A call's result, a field, an enumerator: the type its declaration writes.
      const declared = argument === null ? call.argumentDeclaredRefs?.[i] : undefined;
      if (declared) return this.types.writtenTypeOf({ file: file.path, enclosing: call.enclosing }, declared) ?? null;
      const stated = call.argumentTypeRefs?.[i];
      if (!stated) return argument;
      const instance = this.types.evaluate({ file: file.path, enclosing: call.enclosing }, stated);
      if (!instance && argument === null && this.bindingOf(file).outsideArgumentTypes) return this.outsideArgumentType(file, call, stated);
      if (!instance && stated.kind === 'named') {
        // `singleOf(::BB2)` where two modules each declare `class BB2` in the package: whichever it is, its constructor's arity.
        const twins = this.bindingOf(file).calls?.constructorReferences;
        const agreed = twins && argument === twins.written ? this.agreedConstructorArity(file, call.enclosing, stated.chain) : undefined;
        if (agreed !== undefined) return twins!.typed(agreed);
      }
      if (!instance || !TYPE_KINDS.has(this.symbols.declaration(instance.classRef).kind)) return argument;
      const references = this.bindingOf(file).calls?.constructorReferences;
      if (references && argument === references.written) return this.constructorReferenceType(instance.classRef, references.typed) ?? argument;
      // Where entries are written with more than their type (Swift `_:Endpoint`), the evaluated class keeps the rest.
      const label = this.bindingOf(file).parameterTypeName && argument !== null && argument.includes(':') ? argument.slice(0, argument.indexOf(':') + 1) : '';
      const name = label + this.symbols.declaration(instance.classRef).name;
      const other = result.classes.get(name);
      if (other && !sameRef(other, instance.classRef)) clashing.add(name);
      result.classes.set(name, instance.classRef);
      return name;
    });
    for (const name of clashing) result.classes.delete(name);
    result.site = { kind: call.kind, argumentTypes: argumentTypes.map((a) => (a !== null && clashing.has(a) ? null : a)), argumentNames: call.argumentNames, trailingBlock: call.trailingBlock, typeArguments: call.typeArguments, awaited: call.awaited, buildConditions: call.buildConditions };
    return result;
  }

  /** A call's result stated to be a type outside the workspace the language knows by name (`int`, `string`): that name; null otherwise. */
  private outsideArgumentType(file: FileExtraction, call: ReferenceSite, stated: TypeRef): string | null {
    if (stated.kind !== 'call' && stated.kind !== 'member-call') return null;
    const chain = this.types.outsideTypeOf({ file: file.path, enclosing: call.enclosing }, stated);
    return chain?.length === 1 && this.bindingOf(file).outsideArgumentTypes!(chain[0]) ? chain[0] : null;
  }

  /**
   * The one constructor arity of the classes a name written at a call may mean where it is ambiguous between classes of
   * one qualified name (a class copied into two modules of the workspace); undefined where they differ or are not known.
   */
  private agreedConstructorArity(file: FileExtraction, enclosing: number | null, chain: readonly string[]): number | undefined {
    if (chain.length !== 1) return undefined;
    const target = this.symbols.resolveName(file.path, enclosing, chain[0]);
    if (target?.type !== 'ambiguous') return undefined;
    const decls = target.candidates.map((ref) => this.symbols.declaration(ref));
    const first = decls[0];
    const agree = decls.every((decl) => decl.kind === 'class' && decl.qualifiedName === first.qualifiedName && decl.constructorArity !== undefined
      && decl.constructorArity === first.constructorArity);
    return agree ? first.constructorArity : undefined;
  }

  /** `singleOf(::Repo)`: the type of a reference to the class's constructor, where it has one of a known arity. */
  private constructorReferenceType(classRef: DeclarationRef, typed: (arity: number) => string): string | undefined {
    const arity = this.symbols.declaration(classRef).constructorArity;
    return arity === undefined ? undefined : typed(arity);
  }

  /** The class a type name written in a file means: a member type of a class around it, else what the name resolves to. */
  private namedType(file: FileExtraction, enclosing: number | null, name: string): NamedType {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined; // arrays, unknown (`?`) and type variables (`*`)
    for (let id = enclosing; id !== null; id = file.declarations[id].parent) {
      if (!TYPE_KINDS.has(file.declarations[id].kind)) continue;
      const member = this.memberRefs({ file: file.path, localId: id }, name).find((ref) => TYPE_KINDS.has(this.symbols.declaration(ref).kind));
      if (member) return { ref: member };
    }
    const target = this.symbols.resolveName(file.path, enclosing, name);
    // A parameter's type names a type: where an object has a companion class or trait (`Reads`), the instance part.
    if (target?.type === 'declaration') return TYPE_KINDS.has(this.symbols.declaration(target.ref).kind) ? { ref: this.symbols.typeTwin(target.ref, TYPE_KINDS) ?? target.ref } : undefined;
    return target?.type === 'external' ? { outside: true } : undefined;
  }

  /** Whether every supertype of a class, all the way up, is one the workspace declares (none outside, none unresolved). */
  private basesKnownInFull(classRef: DeclarationRef): boolean {
    const seen: DeclarationRef[] = [classRef];
    for (let i = 0; i < seen.length; i++) {
      if (seen.length > 64) return false;
      const direct = this.directSupertypes(seen[i]);
      // A closed outside supertype (kotlin.Comparable) still declares members of its own.
      if (direct.outside || direct.unknown || (direct.closedOutside?.length ?? 0) > 0) return false;
      for (const base of direct.refs) if (!seen.some((one) => sameRef(one, base))) seen.push(base);
    }
    return true;
  }

  /**
   * Whether another type of the workspace has the class's qualified name (Kotlin's `expect class` and its `actual` ones,
   * one class copied into two modules): those are one type to the code, which the hierarchy does not join.
   */
  private hasTwin(classRef: DeclarationRef): boolean {
    const decl = this.symbols.declaration(classRef);
    const file = this.symbols.extraction(classRef.file)!;
    return this.uniqueNames.definitions(this.familyOf(file), decl.name, TYPE_KINDS)
      .some((ref) => !sameRef(ref, classRef) && this.symbols.declaration(ref).qualifiedName === decl.qualifiedName);
  }

  /**
   * The bases through which a class may have the member `name`, in order: a base whose clause leaves the name out
   * (`extends Omit<Base, 'name'>`, `Pick<Base, keyof T>` where T has no such member) is skipped, and one whose clause
   * may leave it out (keys not written as names) comes after the others: it has the member only if no other base does.
   */
  private basesPassing(classRef: DeclarationRef, name: string): DeclarationRef[] {
    const parents = this.superclasses(classRef);
    if (this.baseSubsets.size === 0) return parents;
    const sure: DeclarationRef[] = [];
    const maybe: DeclarationRef[] = [];
    for (const parent of parents) {
      const passes = this.basePasses(classRef, parent, name);
      if (passes === true) sure.push(parent);
      else if (passes === undefined) maybe.push(parent);
    }
    return maybe.length === 0 && sure.length === parents.length ? parents : [...sure, ...maybe];
  }

  /** Whether a base passes the member `name` on to the class (see `ReferenceSite.memberSubset`); undefined: unknown. */
  private basePasses(classRef: DeclarationRef, parent: DeclarationRef, name: string): boolean | undefined {
    const clause = this.baseSubsets.get(`${refKey(classRef)}\0${refKey(parent)}`);
    const subset = clause?.site.memberSubset;
    if (!subset) return true;
    let listed: boolean | undefined;
    if (subset.names) listed = subset.names.includes(name);
    else if (subset.keysOf !== undefined) {
      const keys = this.namedType(clause!.file, clause!.site.enclosing, subset.keysOf);
      if (keys && 'ref' in keys) {
        const found = this.findMember(keys.ref, name, false, false);
        listed = found ? true : this.basesKnownInFull(keys.ref) ? false : undefined;
      }
    }
    if (listed === undefined) return undefined;
    return subset.keep === 'only' ? listed : !listed;
  }

  /** A class's `extends` / `implements` clauses, resolved (class-hierarchy.ts). */
  private directSupertypes(classRef: DeclarationRef): DirectSupertypes {
    const key = refKey(classRef);
    const known = this.directMemo.get(key);
    if (known) return 'value' in known ? known.value : { refs: [], outside: false, unknown: true }; // a cycle in broken code proves nothing
    return this.directMemo.compute(key, () => {
      const file = this.symbols.extraction(classRef.file)!;
      const out: DirectSupertypes = { refs: [], outside: Boolean(this.bindingOf(file).implicitOutsideBase?.(this.symbols.declaration(classRef))), unknown: false };
      for (const [siteFile, site] of this.heritageSites(classRef)) {
        const result = this.resolve(siteFile, site);
        if (result.resolved && TYPE_KINDS.has(this.symbols.declaration(result.target).kind)) out.refs.push(result.target);
        else if (!result.resolved && result.reason === 'external-import') out.outside = true;
        else if (!result.resolved && result.reason !== 'ambiguous' && this.bindingOf(siteFile).closedOutsideSupertypes?.has(site.name) && !this.hasTwin(classRef)) {
          (out.closedOutside ??= []).push(site.name);
        } else out.unknown = true;
      }
      return out;
    });
  }

  /**
   * The classes a class extends, where the `extends` site resolves to a class-like declaration.
   * Memoised, and guarded against re-entry: resolving a heritage clause must never need the
   * class's own superclasses (broken code can make it try).
   */
  private superclasses(classRef: DeclarationRef): DeclarationRef[] {
    const key = refKey(classRef);
    const known = this.superclassMemo.get(key);
    if (known) return 'value' in known ? known.value : [];
    return this.superclassMemo.compute(key, () => {
      const out: DeclarationRef[] = [];
      const decl = this.symbols.declaration(classRef);
      if (decl.kind === 'enum_member' && decl.parent !== null) {
        // An enum constant with a body extends its enum.
        const parent = { file: classRef.file, localId: decl.parent };
        if (this.symbols.declaration(parent).kind === 'enum') out.push(parent);
      }
      // Every part states them: an open class its superclass in one of its reopenings.
      for (const [file, site] of this.heritageSites(classRef)) {
        // Bases are what a class extends; where the language says so, also what it implements (traits' default methods).
        if (site.kind !== 'extends' && !(site.kind === 'implements' && this.bindingOf(file).members?.inheritsImplemented)) continue;
        const result = this.resolve(file, site);
        // A type alias of an object type (`type PrivateProps = { onScroll(): void }`) is a base with members too.
        if (result.resolved && BASE_KINDS.has(this.symbols.declaration(result.target).kind)) {
          out.push(result.target);
          if (site.memberSubset) this.baseSubsets.set(`${key}\0${refKey(result.target)}`, { file, site });
        }
      }
      return out;
    });
  }

}

/** What `findMember` finds: one member, or several overloads a call's arguments cannot tell apart. */
type MemberFound =
  | { ref: DeclarationRef; inherited: boolean; ambiguous?: undefined }
  | { ref?: undefined; inherited?: undefined; ambiguous: DeclarationRef[] };

/** A call that fits several overloads equally: recorded with them as candidates, never linked to one. */
function ambiguousOverload(candidates: DeclarationRef[]): Resolution {
  return { resolved: false, reason: 'ambiguous', candidates, likelyInternal: true };
}

function unresolved(reason: UnresolvedReason, likelyInternal: boolean): Resolution {
  return { resolved: false, reason, likelyInternal };
}

/** The kinds of type an extension may declare (attachedTypeOwner). */
const ATTACHED_TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'struct', 'enum', 'protocol', 'interface', 'type_alias']);

function sameRef(a: DeclarationRef, b: DeclarationRef): boolean {
  return a.file === b.file && a.localId === b.localId;
}
