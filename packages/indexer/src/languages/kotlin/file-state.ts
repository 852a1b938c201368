/**
 * What Kotlin's rules record while the shared walk runs over one file, the walk context they pass
 * down, and what is settled once the whole file is known: a class names its properties, functions
 * and nested types anywhere in its body (a property declared below the function that uses it), so
 * a receiver's meaning is decided after the walk, in Kotlin's order — a local (from its declaration
 * on), a property of an enclosing class, a nested type of an enclosing class, a name an import
 * gives a member path (`import a.Foo.Bar`), then whatever the resolver finds for the name (imports,
 * the package, star imports).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ReferenceKind, ReferenceSite, TypeRef } from '../../model/extraction.js';
import { classAround, classesAround, classPath } from '../../extraction/core/class-nesting.js';
import { LocalSimpleTypes } from '../../extraction/core/local-simple-types.js';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts, type SiteTarget } from '../../extraction/core/file-facts.js';
import type { Scope, SourcePosition } from '../../extraction/core/scopes.js';
import type { Walk, WalkContext } from '../../extraction/core/syntax-walk.js';
import { ModuleFactsRecorder } from '../../extraction/core/module-facts.js';

export interface KotlinContext extends WalkContext {
  file: KotlinFile;
  /** `parent` of declarations made here. */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here. */
  enclosing: number | null;
  /** The innermost class-like declaration (what `this` is), or null (top level, an extension's body). */
  classId: number | null;
  /** Type variables in scope: they prove no class. */
  typeVariables: ReadonlySet<string>;
  /**
   * Inside the lambda of `with(x) {}`, `x.apply {}`, `x.run {}`: `this` and bare names mean x's
   * members first, so `this` and implicit-`this` sites are not the enclosing class's.
   */
  foreignThis?: boolean;
  /** Inside a lambda (whose receiver, if any, is not known). */
  inLambda?: boolean;
  /** Inside a companion object's body: the class it belongs to (its members are that class's too). */
  companionOf?: number;
  /** In a class body: the scope its primary constructor's parameters are bound in (initialisers see them, functions do not). */
  initScope?: Scope;
}

/** What a class-like declaration makes visible to the code inside it. */
interface ClassInfo {
  properties: Map<string, { type: TypeRef | null; simple: string | null }>;
  functions: Set<string>;
  nested: Map<string, number>;
}

/**
 * An argument's type: known, a name to look up once the walk is over, the type an expression states
 * (`f(make())`, proven where it is written: `proven`, evaluated by the resolver), or unknown.
 */
export type ArgumentType =
  | string
  | { name: string; scope: Scope; at: SourcePosition }
  | { stated: TypeRef; proven?: TypeRef }
  | null;

export class KotlinFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  /** What the file says about its module (`FileExtraction.module`). */
  readonly module = new ModuleFactsRecorder();
  readonly classes = new Map<number, ClassInfo>();
  /** Names an import makes mean a member path: `import a.b.Foo.Bar` → Bar: [a.b.Foo, Bar]. */
  readonly aliases = new Map<string, string[]>();
  /** Simple types of locals and parameters, by the scope that binds them. */
  private readonly localTypes = new LocalSimpleTypes();
  private readonly argumentSites: Array<{ site: ReferenceSite; args: ArgumentType[]; classId: number | null }> = [];
  private readonly siteContexts = new Map<ReferenceSite, { classId: number | null; foreignThis: boolean }>();

  classInfo(id: number): ClassInfo {
    let info = this.classes.get(id);
    if (!info) {
      info = { properties: new Map(), functions: new Set(), nested: new Map() };
      this.classes.set(id, info);
    }
    return info;
  }

  addSite(kind: ReferenceKind, target: SiteTarget, at: SyntaxNode, ctx: KotlinContext, args?: ArgumentType[]): ReferenceSite {
    const site = this.facts.addSite(kind, target, ctx.enclosing, at, ctx.scope);
    this.siteContexts.set(site, { classId: ctx.classId, foreignThis: Boolean(ctx.foreignThis) });
    if (args) {
      this.argumentSites.push({ site, args, classId: ctx.classId });
      for (const arg of args) {
        if (arg && typeof arg === 'object' && 'stated' in arg) this.facts.proveLater(arg.stated, ctx.scope, undefined, (proven) => { arg.proven = proven; });
      }
    }
    return site;
  }

  /** A local or parameter: bound in `scope` with the class its declared type proves, and its simple type for overloads. */
  bindLocal(scope: Scope, name: string, kind: string, type: TypeRef | null, simple: string | null, at?: SyntaxNode, declaration?: number): void {
    this.localTypes.bind(scope, name, kind, type, simple, at, declaration);
  }

  finish(): BuiltExtraction {
    const memberFacts = this.facts.finish();
    const declarations = this.builder.declarations;
    for (const site of this.builder.references) {
      const context = this.siteContexts.get(site);
      this.settleSite(site, context?.classId ?? null, context?.foreignThis ?? false);
    }
    declarations.forEach((declaration, id) => {
      for (const field of ['valueType', 'returnType'] as const) {
        const type = declaration[field];
        if (!type) continue;
        const settled = this.qualify(type, this.classOf(field === 'returnType' ? id : declaration.parent));
        if (settled) declaration[field] = settled;
        else delete declaration[field];
      }
    });
    for (const { site, args, classId } of this.argumentSites) {
      site.argumentTypes = args.map((arg) => this.argumentType(arg));
      const stated = args.map((arg) => this.argumentTypeRef(arg, classId));
      if (stated.some((type) => type !== null)) site.argumentTypeRefs = stated;
    }
    return this.builder.finish(memberFacts);
  }

  /** The innermost class-like declaration at or around a declaration. */
  private classOf(id: number | null): number | null {
    return classAround(this.builder.declarations, this.classes, id);
  }

  private enclosingClasses(classId: number | null): Generator<[number, ClassInfo]> {
    return classesAround(this.builder.declarations, this.classes, classId);
  }

  private property(name: string, classId: number | null) {
    for (const [, info] of this.enclosingClasses(classId)) {
      const property = info.properties.get(name);
      if (property) return property;
    }
    return undefined;
  }

  private declaresFunction(name: string, classId: number | null): boolean {
    for (const [, info] of this.enclosingClasses(classId)) if (info.functions.has(name)) return true;
    return false;
  }

  /** `Outer.Inner` as a name chain, when every container is a type (a local class has none). */
  pathOf(id: number): string[] | undefined {
    return classPath(this.builder.declarations, this.classes, id);
  }

  /** A name chain with its first name settled: a nested type of an enclosing class or an import alias. */
  private qualifyChain(chain: string[], classId: number | null): string[] {
    const head = chain[0];
    if (head === 'this' || head === 'super') return chain;
    for (const [, info] of this.enclosingClasses(classId)) {
      const id = info.nested.get(head);
      const path = id === undefined ? undefined : this.pathOf(id);
      if (path) return [...path, ...chain.slice(1)];
    }
    const alias = this.aliases.get(head);
    return alias ? [...alias, ...chain.slice(1)] : chain;
  }

  /** A stated type with its names settled where it is written; undefined when it proves nothing. */
  private qualify(type: TypeRef, classId: number | null, depth = 0): TypeRef | undefined {
    // A property stated in terms of itself (`val tags = tags.toMap()`, reading a constructor parameter) proves nothing.
    if (depth > 16) return undefined;
    switch (type.kind) {
      case 'named':
        return { kind: 'named', chain: this.qualifyChain(type.chain, classId) };
      case 'member-call':
      case 'field': {
        const of = this.qualify(type.of, classId, depth + 1);
        return of ? { ...type, of } : undefined;
      }
      case 'call':
      case 'value': {
        const chain = type.kind === 'call' ? type.callee : type.chain;
        const [head, ...rest] = chain;
        if (head === 'this' || head === 'super') return type;
        // A property of an enclosing class: its stated type, then the names after it.
        const property = this.property(head, classId);
        if (property) {
          if (!property.type) return undefined;
          const of = this.qualify(property.type, classId, depth + 1);
          if (!of) return undefined;
          if (type.kind === 'value') return rest.length === 0 ? of : { kind: 'field', of, path: rest };
          if (rest.length === 0) return undefined; // a property called: what its function type returns is not stated
          const holder: TypeRef = rest.length > 1 ? { kind: 'field', of, path: rest.slice(0, -1) } : of;
          return { kind: 'member-call', of: holder, name: rest[rest.length - 1] };
        }
        // `make()` inside a class that declares make: `this.make()`.
        if (type.kind === 'call' && rest.length === 0 && this.declaresFunction(head, classId)) return { kind: 'call', callee: ['this', head] };
        const qualified = this.qualifyChain(chain, classId);
        return type.kind === 'call' ? { ...type, callee: qualified } : { ...type, chain: qualified };
      }
      default:
        return type;
    }
  }

  /** A site's receiver settled in Kotlin's order (see the file comment). */
  private settleSite(site: ReferenceSite, classId: number | null, foreignThis: boolean): void {
    if (site.typedReceiver) {
      const type = this.qualify(site.typedReceiver.type, classId);
      if (type) site.typedReceiver.type = type;
      else delete site.typedReceiver;
    }
    const receiver = site.receiver;
    if (!receiver || site.locallyBound) return;
    const head = receiver[0];
    // In `x.apply { … }`, `this` and bare names are x's first: not provably the enclosing class's.
    // (A capitalised bare call is a constructor: a receiver's member is rarely so named.)
    const receiverMember = receiver.length === 0 ? site.kind === 'calls' && !/^[A-Z]/.test(site.name) : head === 'this' || this.property(head, classId) !== undefined;
    if (foreignThis && receiverMember) {
      site.receiver = undefined;
      return;
    }
    if (receiver.length === 0) {
      if (site.kind === 'calls') {
        // A member imported by name (`import a.Foo.create`), unless a class around the call declares one.
        if (this.declaresFunction(site.name, classId)) return;
        const alias = this.aliases.get(site.name);
        if (alias) site.receiver = alias.slice(0, -1);
        const nested = this.qualifyChain([site.name], classId);
        if (!alias && nested.length > 1) site.receiver = nested.slice(0, -1);
        return;
      }
      const chain = this.qualifyChain([site.name], classId);
      if (chain.length > 1) site.receiver = chain.slice(0, -1);
      return;
    }
    if (head === 'this' || head === 'super') return;
    const property = this.property(head, classId);
    if (property) {
      // `prop.m()`: the property's stated type (a property obscures a type of the same name).
      site.receiver = undefined;
      const type = property.type ? this.qualify(property.type, classId) : undefined;
      if (type) site.typedReceiver = { type, path: receiver.slice(1) };
      return;
    }
    site.receiver = this.qualifyChain(receiver, classId);
  }

  /** The type an argument is stated to have, for the resolver to find as a class (a local's, a property's, a call's result). */
  private argumentTypeRef(arg: ArgumentType, classId: number | null): TypeRef | null {
    if (arg === null || typeof arg === 'string') return null;
    let type: TypeRef | null | undefined;
    if ('stated' in arg) type = arg.proven;
    else {
      const verdict = arg.scope.classify(arg.name, false, arg.at);
      const value = verdict.locallyBound ? verdict.scope?.provenValue(arg.name) : undefined;
      // Not local: a property of a class around the call, else what the name holds where it is bound (an imported enum entry, a top-level value).
      type = verdict.locallyBound ? value?.scope.provenType(value.type, undefined, 0, value.at)
        : this.property(arg.name, classId) ? this.property(arg.name, classId)!.type : /^[A-Za-z_]\w*$/.test(arg.name) ? { kind: 'value', chain: [arg.name] } : null;
    }
    return type ? this.qualify(type, classId) ?? null : null;
  }

  private argumentType(arg: ArgumentType): string | null {
    if (arg === null || typeof arg === 'string') return arg;
    if ('stated' in arg) return null;
    const verdict = arg.scope.classify(arg.name, false, arg.at);
    return verdict.locallyBound ? this.localTypes.of(verdict.scope, arg.name) : null;
  }
}

export type KotlinWalk = Walk<KotlinContext>;

export type Frame = { node: SyntaxNode; ctx: KotlinContext; doc?: string };
