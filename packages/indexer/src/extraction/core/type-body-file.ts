/**
 * What a class-based language's rules record while the shared walk runs over one file, and what is
 * settled once the whole file is known. In these languages (Java, C#, Scala, Swift, Dart, Kotlin) a type body names its
 * members and nested types anywhere in it (a field declared below the method that uses it), so a
 * receiver's meaning is decided after the walk, in one order: a local (from its declaration on), a
 * field or property of an enclosing type, a member type of an enclosing type, a member imported by
 * name (Java `import static a.b.C.m`) or of the one type imported as a whole (`import static a.b.C.*`,
 * `using static`, `import Obj._`), then whatever the resolver finds for the name. A language module
 * extends TypeBodyFile with its own rules (TypeBodyRules) and its walk context.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ReferenceKind, ReferenceSite, TypeRef } from '../../model/extraction.js';
import { classAround, classesAround, classPath } from './class-nesting.js';
import { DeclarationBuilder, type BuiltExtraction, type Located } from './declaration-builder.js';
import { LocalSimpleTypes, type BindingSpan } from './local-simple-types.js';
import { ModuleFactsRecorder } from './module-facts.js';
import { FileFacts, type SiteTarget } from './file-facts.js';
import type { Scope, SourcePosition } from './scopes.js';
import type { WalkContext } from './syntax-walk.js';

/** The walk context of a class-based language's rules (a language adds `file` and its own fields). */
export interface TypeBodyContext extends WalkContext {
  /** `parent` of declarations made here. */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here. */
  enclosing: number | null;
  /** The innermost class-like declaration (what `this` is). */
  classId: number | null;
  /** Type variables in scope: they prove no class. */
  typeVariables: ReadonlySet<string>;
}

/** What a class-like declaration makes visible to the code inside it. */
export interface ClassInfo {
  /** Fields and getters, with the type they state (null: none proven) and their simple type for overloads. */
  fields: Map<string, { type: TypeRef | null; simple: string | null }>;
  methods: Set<string>;
  nested: Map<string, number>;
  /** The simple name of the class it extends (`super(...)` calls its constructor). */
  superName?: string;
  /** The type whose members it declares: an extension's `on` type (what `this` is in it). */
  extends?: TypeRef;
}

/** An argument's type: known, a name to look up once the walk is over, a field of `this`, or unknown. */
/** The type variables in scope inside a declaration that declares `names` (the same set when it declares none). */
export function withTypeVariables(ctx: { typeVariables: ReadonlySet<string> }, names: string[]): ReadonlySet<string> {
  return names.length === 0 ? ctx.typeVariables : new Set([...ctx.typeVariables, ...names]);
}

export type ArgumentType =
  | string
  | { name: string; scope: Scope; at: SourcePosition }
  | { field: string }
  /** `a + b`: a string when either side is one (TypeBodyRules.stringType). */
  | { concatenation: ArgumentType[] }
  /**
   * `f(make())`: the type the expression states, proven where it is written (`proven`), evaluated by the resolver.
   * `written`: the argument's own simple type where it is not a value of that type (a reference to its constructor).
   */
  | { stated: TypeRef; proven?: TypeRef; written?: string }
  | null;

/** Where class-based languages differ in what the file state settles. */
export interface TypeBodyRules {
  /** Words that mean the instance or its base (`this`, `base`, `super`): never a field or a type. */
  receiverWords: ReadonlySet<string>;
  /** The simple type a string concatenation has (`String`, `string`), for overloads. */
  stringType: string;
  /**
   * A bare call names a method even where a local of that name is in scope (Java: methods and
   * variables are apart, JLS 6.5.7). Otherwise a local of the called name is a function value called
   * (a C# delegate) and hides the methods.
   */
  bareCallsNameMethods: boolean;
  /**
   * Simple types of values that cannot be called: a bare call naming a local of one of them means a function of that name
   * (Kotlin `fun domain(domain: String) = domain(domain, false)`), not the local. Absent: a local of the called name hides functions.
   */
  uncallableLocalTypes?: ReadonlySet<string>;
  /** Argument labels are part of the called name (Swift): each argument's type is written `label:Type` (`_`, `?`). */
  argumentLabels?: boolean;
  /** A method of a class nearer than the field of that name hides the field (Dart: members of one namespace). */
  methodsHideFields?: boolean;
  /**
   * A call written bare (`m()`, its callee a lone name) whose stated result is read means `this.m()` when a class
   * around declares m (Dart writes it bare; Java writes `this.m` and settles static imports).
   */
  bareCallsMeanThis?: boolean;
  /** A stated read of fields (`a.b` of a typed value) has the type it starts from settled too. */
  settlesFieldReads?: boolean;
  /** A stated value read (`x`, `a.b`) is settled: a field's stated type and the names read after it (Kotlin). */
  settlesValues?: boolean;
  /** A stated call through a field's path (`a.b.m()`, a a field) is a call of m on that read (Kotlin); otherwise it proves nothing. */
  fieldPathCalls?: boolean;
  /** A field of the called name in any class around, unless its stated type is a class, hides a method (Kotlin: a property of function type is invoked). */
  fieldsHideMethods?: boolean;
  /** `this.m()` stated is the instance's m even where only an import names m (Kotlin writes bare calls bare). */
  thisCallsAreMembers?: boolean;
  /** How many fields deep a stated type may be settled before it proves nothing (Kotlin: `val tags = tags.toMap()`). */
  settleDepth?: number;
  /** A bare call of a member type's name is its constructor (Kotlin `Inner()`): the call is qualified like the type. */
  bareCallsConstructNested?: boolean;
  /** An argument named neither a local nor a field states the value the name holds where it is bound (Kotlin: an imported enum entry). */
  unboundArgumentsAreValues?: boolean;
  /** A field passed as an argument states no simple type for overloads (Kotlin compares locals' types only). */
  fieldArgumentsUntyped?: boolean;
}

export class TypeBodyFile<C extends TypeBodyContext = TypeBodyContext> {
  private readonly receiverWords: ReadonlySet<string>;

  constructor(private readonly rules: TypeBodyRules) {
    this.receiverWords = rules.receiverWords;
  }

  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  /** The package or namespace clauses (the extractor adds them to the finished extraction). */
  readonly module = new ModuleFactsRecorder();
  readonly classes = new Map<number, ClassInfo>();
  /** Names a single-name import makes mean a member path: Java `import static a.b.C.m` → m: [a.b.C, m]. */
  readonly aliases = new Map<string, string[]>();
  /**
   * The hidden import names of the types or objects whose members a bare call may mean, imported as a
   * whole (C# `using static A.B.C;` → `A.B.C`, Scala `import a.b.Obj._` → `a.b.Obj`).
   */
  readonly staticWildcards: string[] = [];
  /** Simple types of locals and parameters, by the scope that binds them. */
  private readonly localTypes = new LocalSimpleTypes();
  /** Bare calls naming a local that cannot be called (`uncallableLocalTypes`): they mean a function of that name. */
  private readonly callsPastLocals = new Set<ReferenceSite>();
  private readonly argumentSites: Array<{ site: ReferenceSite; args: ArgumentType[]; labels: string[]; classId: number | null }> = [];
  private readonly siteClasses = new Map<ReferenceSite, number | null>();

  /**
   * `import a.b.Outer.Inner` where packages are lower case and declarations capitalised by convention (Kotlin,
   * Scala): Inner means Outer's member, Outer reached through a hidden name (a dotted name no identifier can be);
   * any other path imports its last name as `local`.
   */
  importPath(parts: string[], local: string, parent: number | null, at: Located, signature: string): void {
    const top = parts.findIndex((part) => /^[A-Z]/.test(part));
    if (top >= 0 && top < parts.length - 1) {
      const specifier = parts.slice(0, top + 1).join('.');
      this.builder.addImport(specifier, parent, at, signature, [{ local: specifier, imported: parts[top] }]);
      this.aliases.set(local, [specifier, ...parts.slice(top + 1)]);
      return;
    }
    this.builder.addImport(parts.join('.'), parent, at, signature, [{ local, imported: parts[parts.length - 1] }]);
  }

  classInfo(id: number): ClassInfo {
    let info = this.classes.get(id);
    if (!info) {
      info = { fields: new Map(), methods: new Set(), nested: new Map() };
      this.classes.set(id, info);
    }
    return info;
  }

  addSite(kind: ReferenceKind, target: SiteTarget, at: Located, ctx: C, args?: ArgumentType[], labels: string[] = []): ReferenceSite {
    const site = this.facts.addSite(kind, target, ctx.enclosing, at, ctx.scope);
    this.siteClasses.set(site, ctx.classId);
    if (this.rules.uncallableLocalTypes && kind === 'calls' && target.receiver?.length === 0) {
      const verdict = ctx.scope.classify(target.name, false, { line: at.startPosition.row + 1, column: at.startPosition.column });
      const simple = verdict.locallyBound && verdict.localTarget === undefined ? this.localTypes.of(verdict.scope, target.name) : null;
      if (simple !== null && this.rules.uncallableLocalTypes.has(simple)) this.callsPastLocals.add(site);
    }
    if (args) {
      this.argumentSites.push({ site, args, labels, classId: ctx.classId });
      for (const arg of args) {
        if (arg && typeof arg === 'object' && 'stated' in arg) this.facts.proveLater(arg.stated, ctx.scope, undefined, (proven) => { arg.proven = proven; });
      }
    }
    return site;
  }

  /** A local or parameter: bound in `scope` with the class its declared type proves, and its simple type for overloads. */
  bindLocal(scope: Scope, name: string, kind: string, type: TypeRef | null, simple: string | null, at?: SyntaxNode | BindingSpan, declaration?: number): void {
    this.localTypes.bind(scope, name, kind, type, simple, at, declaration);
  }

  finish(): BuiltExtraction {
    const memberFacts = this.facts.finish();
    const declarations = this.builder.declarations;
    for (const site of this.builder.references) this.settleSite(site, this.siteClasses.get(site) ?? null);
    declarations.forEach((declaration, id) => {
      const from = declaration.parent;
      for (const field of ['valueType', 'returnType', 'blockSelf'] as const) {
        const type = declaration[field];
        if (!type) continue;
        const settled = this.qualify(type, field === 'valueType' ? (from === null ? null : this.classOf(from)) : this.classOf(id));
        if (settled) declaration[field] = settled;
        else delete declaration[field];
      }
    });
    for (const { site, args, labels, classId } of this.argumentSites) {
      site.argumentTypes = this.rules.argumentLabels
        ? args.map((arg, index) => `${labels[index] ?? '_'}:${this.argumentType(arg, classId) ?? '?'}`)
        : args.map((arg) => this.argumentType(arg, classId));
      // A labelled argument's evaluated class keeps its label (`for:Request`): the resolver writes it back before the class.
      // A trailing closure's unknown label (`*`) states no type to evaluate.
      const stated = args.map((arg, index) => (this.rules.argumentLabels && labels[index] === '*' ? null : this.argumentTypeRef(arg, classId)));
      if (stated.some((type) => type !== null)) site.argumentTypeRefs = stated;
    }
    return this.builder.finish(memberFacts);
  }

  /** The innermost class-like declaration at or around a declaration. */
  private classOf(id: number): number | null {
    return classAround(this.builder.declarations, this.classes, id);
  }

  /** The class-like declarations around `classId`, innermost first. */
  private enclosingClasses(classId: number | null): Generator<[number, ClassInfo]> {
    return classesAround(this.builder.declarations, this.classes, classId);
  }

  protected field(name: string, classId: number | null) {
    for (const [, info] of this.enclosingClasses(classId)) {
      const field = info.fields.get(name);
      if (field) return field;
      if (this.rules.methodsHideFields && info.methods.has(name)) return undefined;
    }
    return undefined;
  }

  private declaresMethod(name: string, classId: number | null): boolean {
    for (const [, info] of this.enclosingClasses(classId)) if (info.methods.has(name)) return true;
    return false;
  }

  /** `Inner` seen from inside `classId`: the member type of an enclosing class, as a chain from its top-level type. */
  private nestedType(name: string, classId: number | null): string[] | undefined {
    for (const [, info] of this.enclosingClasses(classId)) {
      const id = info.nested.get(name);
      if (id !== undefined) return this.pathOf(id);
    }
    return undefined;
  }

  /** `Outer::Inner` as a name chain, when every container is a type (a local class has none). */
  pathOf(id: number): string[] | undefined {
    return classPath(this.builder.declarations, this.classes, id);
  }

  /** A name chain with its first name settled: a member type of an enclosing class or an import alias. */
  private qualifyChain(chain: string[], classId: number | null): string[] {
    const head = chain[0];
    if (this.receiverWords.has(head)) return chain;
    const nested = this.nestedType(head, classId);
    if (nested) return [...nested, ...chain.slice(1)];
    const alias = this.aliases.get(head);
    return alias ? [...alias, ...chain.slice(1)] : chain;
  }

  /** A stated type with its names settled where it is written; undefined when it proves nothing. */
  private qualify(type: TypeRef, classId: number | null, depth = 0): TypeRef | undefined {
    if (this.rules.settleDepth !== undefined && depth > this.rules.settleDepth) return undefined;
    switch (type.kind) {
      case 'named':
        return { ...type, chain: this.qualifyChain(type.chain, classId) };
      case 'member-call': {
        const of = this.qualify(type.of, classId, depth + 1);
        return of ? { ...type, of, ...this.qualifyTypeArguments(type, classId, depth) } : undefined;
      }
      case 'alias-receiver':
        return { ...type, alias: { ...type.alias, chain: this.qualifyChain(type.alias.chain, classId) } };
      case 'block-value': {
        const of = this.qualify(type.of, classId, depth + 1);
        return of ? { ...type, of } : undefined;
      }
      case 'field': {
        if (!this.rules.settlesFieldReads) return type;
        const of = this.qualify(type.of, classId, depth + 1);
        return of ? { ...type, of } : undefined;
      }
      case 'value': {
        if (!this.rules.settlesValues) return type;
        const [head, ...rest] = type.chain;
        if (this.receiverWords.has(head)) return type;
        const field = this.field(head, classId);
        if (!field) return { ...type, chain: this.qualifyChain(type.chain, classId) };
        const of = field.type ? this.qualify(field.type, classId, depth + 1) : undefined;
        return of && rest.length > 0 ? { kind: 'field', of, path: rest } : of;
      }
      case 'call': {
        if (type.construct) return { ...type, callee: this.qualifyChain(type.callee, classId) };
        const [head, ...rest] = type.callee;
        // `m()` written bare is `this.m()`, unless only a static import declares m.
        if (!this.rules.thisCallsAreMembers && head === 'this' && rest.length === 1 && !this.declaresMethod(rest[0], classId) && this.aliases.has(rest[0])) {
          return { kind: 'call', callee: this.aliases.get(rest[0])! };
        }
        if (this.receiverWords.has(head)) return type;
        const field = this.field(head, classId);
        // A field of a stated class holds no function to call: the method is meant.
        const fieldFirst = field !== undefined && this.rules.fieldsHideMethods && field.type?.kind !== 'named';
        if (this.rules.bareCallsMeanThis && !fieldFirst && rest.length === 0 && this.declaresMethod(head, classId)) return { ...type, callee: ['this', head], ...this.qualifyTypeArguments(type, classId, depth) };
        if (field) {
          // A field called (`f()`): what its function type returns is not stated.
          if (!field.type || rest.length === 0 || (rest.length > 1 && !this.rules.fieldPathCalls)) return undefined;
          const of = this.qualify(field.type, classId, depth + 1);
          if (!of) return undefined;
          const holder: TypeRef = rest.length > 1 ? { kind: 'field', of, path: rest.slice(0, -1) } : of;
          // `await client.FetchAsync()`: still awaited once the field's type is known.
          return { kind: 'member-call', of: holder, name: rest[rest.length - 1], ...(type.awaited ? { awaited: true } : {}), ...this.qualifyTypeArguments(type, classId, depth) };
        }
        return { ...type, callee: this.qualifyChain(type.callee, classId), ...this.qualifyTypeArguments(type, classId, depth) };
      }
      default:
        return type;
    }
  }

  /** A call's written type arguments (`make<Inner>()`) settled like any stated type; none when the call writes none. */
  private qualifyTypeArguments(type: { typeArguments?: Array<TypeRef | null> }, classId: number | null, depth: number): { typeArguments?: Array<TypeRef | null> } {
    if (!type.typeArguments) return {};
    return { typeArguments: type.typeArguments.map((argument) => (argument ? this.qualify(argument, classId, depth + 1) ?? null : null)) };
  }

  /** A site whose receiver the file cannot know (a language's own rule: Kotlin's scope-function lambdas). */
  protected receiverUnknown(_site: ReferenceSite, _classId: number | null): boolean {
    return false;
  }

  /** A site's receiver settled in the order the file comment gives. */
  private settleSite(site: ReferenceSite, classId: number | null): void {
    if (site.typedReceiver) {
      const type = this.qualify(site.typedReceiver.type, classId);
      if (type) site.typedReceiver.type = type;
      else delete site.typedReceiver;
    }
    if (site.blockSelf) {
      const blocks = site.blockSelf.map((type) => this.qualify(type, classId)).filter((type) => type !== undefined);
      if (blocks.length > 0) site.blockSelf = blocks;
      else delete site.blockSelf;
    }
    const receiver = site.receiver;
    // A bare call names a method where methods and variables are apart (Java); elsewhere a local of the
    // called name is a function value called (a C# delegate, `Action run = …; run()`) and hides the methods.
    if ((this.rules.bareCallsNameMethods || this.callsPastLocals.has(site)) && receiver?.length === 0 && site.kind === 'calls' && site.locallyBound) {
      delete site.locallyBound;
      delete site.localTarget;
    }
    if (!receiver || site.locallyBound) return;
    if (this.receiverUnknown(site, classId)) {
      site.receiver = undefined;
      return;
    }
    if (receiver.length === 0) {
      if (site.kind === 'calls') {
        // A member imported by name or of the one type imported as a whole, unless a class around the
        // call declares one of that name.
        if (this.declaresMethod(site.name, classId)) return;
        const alias = this.aliases.get(site.name);
        const nested = this.rules.bareCallsConstructNested && !alias ? this.nestedType(site.name, classId) : undefined;
        if (alias) site.receiver = alias.slice(0, -1);
        else if (nested) site.receiver = nested.slice(0, -1);
        else if (this.staticWildcards.length === 1) site.receiver = [this.staticWildcards[0]];
        return;
      }
      // `new Inner()`, `extends Inner`, `: Inner`: a member type of an enclosing class, or an imported nested type.
      const chain = this.qualifyChain([site.name], classId);
      if (chain.length > 1) site.receiver = chain.slice(0, -1);
      return;
    }
    const head = receiver[0];
    if (this.receiverWords.has(head)) return;
    const field = this.field(head, classId);
    if (field) {
      // `field.m()`: the field's declared class (a field obscures a type of the same name).
      site.receiver = undefined;
      const type = field.type ? this.qualify(field.type, classId) : undefined;
      if (type) site.typedReceiver = { type, path: receiver.slice(1) };
      return;
    }
    site.receiver = this.qualifyChain(receiver, classId);
  }

  /**
   * The type an argument is stated to have, for the resolver to find as a class: a call's declared
   * result, a local's or a field's declared type (`Inner` imported by name is found through its outer class).
   */
  private argumentTypeRef(arg: ArgumentType, classId: number | null): TypeRef | null {
    if (arg === null || typeof arg === 'string' || 'concatenation' in arg) return null;
    let type: TypeRef | null | undefined;
    if ('stated' in arg) type = arg.proven;
    else if ('field' in arg) type = this.field(arg.field, classId)?.type;
    else {
      const verdict = arg.scope.classify(arg.name, false, arg.at);
      const value = verdict.locallyBound ? verdict.scope?.provenValue(arg.name) : undefined;
      const field = verdict.locallyBound ? undefined : this.field(arg.name, classId);
      type = verdict.locallyBound ? value?.scope.provenType(value.type, undefined, 0, value.at)
        : field ? field.type
        : this.rules.unboundArgumentsAreValues && /^[A-Za-z_]\w*$/.test(arg.name) ? { kind: 'value', chain: [arg.name] } : null;
    }
    return type ? this.qualify(type, classId) ?? null : null;
  }

  private argumentType(arg: ArgumentType, classId: number | null): string | null {
    if (arg === null || typeof arg === 'string') return arg;
    if ('field' in arg) return this.field(arg.field, classId)?.simple ?? null;
    if ('concatenation' in arg) return arg.concatenation.some((side) => this.argumentType(side, classId) === this.rules.stringType) ? this.rules.stringType : null;
    if ('stated' in arg) return arg.written ?? null;
    const verdict = arg.scope.classify(arg.name, false, arg.at);
    if (verdict.locallyBound) return this.localTypes.of(verdict.scope, arg.name);
    return this.rules.fieldArgumentsUntyped ? null : this.field(arg.name, classId)?.simple ?? null;
  }
}
