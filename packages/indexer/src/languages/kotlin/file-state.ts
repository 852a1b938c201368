/**
 * What Kotlin's rules record while the shared walk runs over one file, and the walk context they pass
 * down. A class names its properties, functions and nested types anywhere in its body (a property
 * declared below the function that uses it), so a receiver's meaning is decided after the walk
 * (`TypeBodyFile`), in Kotlin's order — a local (from its declaration on), a property of an enclosing
 * class, a nested type of an enclosing class, a name an import gives a member path
 * (`import a.Foo.Bar`), then whatever the resolver finds for the name (imports, the package, star imports).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Located } from '../../extraction/core/declaration-builder.js';
import type { ReferenceKind, ReferenceSite, TypeRef } from '../../model/extraction.js';
import { TypeBodyFile, type ArgumentType, type TypeBodyContext } from '../../extraction/core/type-body-file.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import type { Scope } from '../../extraction/core/scopes.js';
import type { Walk } from '../../extraction/core/syntax-walk.js';
export type { ArgumentType } from '../../extraction/core/type-body-file.js';

export interface KotlinContext extends TypeBodyContext {
  file: KotlinFile;
  /**
   * Inside the lambda of `with(x) {}`, `x.apply {}`, `x.run {}`: `this` and bare names mean x's
   * members first, so `this` and implicit-`this` sites are not the enclosing class's.
   */
  foreignThis?: boolean;
  /**
   * Inside trailing lambdas of calls whose callee may run them with a receiver (`build { add() }`, a
   * `Foo.() -> Unit` parameter): each call's `block` TypeRef, innermost first (`ReferenceSite.blockSelf`).
   */
  blockCalls?: TypeRef[];
  /**
   * For the lambda about to be walked: the type of its one parameter (`it`, or the parameter it names
   * without a type) — the receiver of `x.let { }`, an element of `items.forEach { }`.
   */
  lambdaParameter?: TypeRef;
  /** Inside a lambda (whose receiver, if any, is not known). */
  inLambda?: boolean;
  /** Inside the lambda of `buildString { }`, `buildList { }`: bare calls of the builder's members are its. */
  inStandardBuilder?: boolean;
  /** Inside a companion object's body: the class it belongs to (its members are that class's too). */
  companionOf?: number;
  /**
   * In an extension's body: the type it extends as declared (`List<TypeName>`), and the receivers of lambdas and the
   * `foreignThis` in force there — where they are still these, `this` is the extension's receiver.
   */
  extended?: { type: TypeRef; blockCalls: TypeRef[] | undefined; foreignThis: boolean | undefined };
  /** In a class body: the scope its primary constructor's parameters are bound in (initialisers see them, functions do not). */
  initScope?: Scope;
}

export class KotlinFile extends TypeBodyFile<KotlinContext> {
  /** Sites inside a scope-function lambda (`foreignThis`). */
  private readonly foreignSites = new Set<ReferenceSite>();

  constructor() {
    super({
      receiverWords: new Set(['this', 'super']),
      stringType: 'String',
      bareCallsNameMethods: false,
      // `fun domain(domain: String): Builder = domain(domain, false)`: a String has no `invoke`, so the call is the function's.
      uncallableLocalTypes: new Set(['String', 'Int', 'Long', 'Short', 'Byte', 'Double', 'Float', 'Boolean', 'Char']),
      bareCallsMeanThis: true,
      fieldsHideMethods: true,
      thisCallsAreMembers: true,
      settlesFieldReads: true,
      settlesValues: true,
      fieldPathCalls: true,
      settleDepth: 16,
      bareCallsConstructNested: true,
      unboundArgumentsAreValues: true,
      fieldArgumentsUntyped: true,
    });
  }

  override addSite(kind: ReferenceKind, target: SiteTarget, at: Located, ctx: KotlinContext, args?: ArgumentType[]): ReferenceSite {
    const site = super.addSite(kind, target, at, ctx, args);
    if (ctx.foreignThis) this.foreignSites.add(site);
    return site;
  }

  // Kotlin only: the other languages have no lambdas that rebind `this` (`x.apply { … }`).
  protected override receiverUnknown(site: ReferenceSite, classId: number | null): boolean {
    if (!this.foreignSites.has(site)) return false;
    // `x.apply { m() }` with x's class stated: the resolver reads m from x first (`block-value`), then around.
    if (site.receiver?.length === 0 && site.blockSelf?.[0]?.kind === 'block-value') return false;
    // In `x.apply { … }`, `this` and bare names are x's first: not provably the enclosing class's.
    // (A capitalised bare call is a constructor: a receiver's member is rarely so named.)
    const receiver = site.receiver!;
    return receiver.length === 0 ? site.kind === 'calls' && !/^[A-Z]/.test(site.name) : receiver[0] === 'this' || this.field(receiver[0], classId) !== undefined;
  }
}

export type KotlinWalk = Walk<KotlinContext>;

export type Frame = { node: SyntaxNode; ctx: KotlinContext; doc?: string };
