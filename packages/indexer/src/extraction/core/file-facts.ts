/**
 * What a walk states about types and sites that can only be settled once the whole file has been
 * walked (every local binding known): the same bookkeeping for every language.
 *
 *  - **Sites** with a receiver or a stated receiver type: `locallyBound`, `localTarget`, the
 *    receiver's proven type (`Scope.completeSite`).
 *  - **Stated types** of declarations (annotations, declared return types) and of member facts,
 *    kept only where the names they use mean what the global pass will look up (`Scope.provenType`).
 *  - **Values of names**: a declaration whose type is what every binding of its name proves.
 *  - **Function results**: a function without a declared return type returns (or yields) the one
 *    type every `return` (`yield`) agrees on, as a checker would infer it.
 */
import type { MemberTypeFact, ReferenceKind, ReferenceSite, TypeRef } from '../../model/extraction.js';
import type { DeclarationBuilder, Located } from './declaration-builder.js';
import type { ReceiverWords, Scope } from './scopes.js';

/** A value as the code states it: a type, a name whose proven type is the value's, nothing known (null), or no value ('none'). */
export type StatedValue = TypeRef | { local: string } | null | 'none';

/** What a reference site names: `f` (receiver []), `a.b.f` (['a', 'b']), or `make().f` (a stated receiver type). */
export interface SiteTarget {
  name: string;
  /** undefined: a receiver that is no name chain. */
  receiver: string[] | undefined;
  typedReceiver?: { type: TypeRef; path: string[] };
}

/** One `return` or `yield`, with where it is written. */
export interface StatedResult {
  value: StatedValue;
  scope: Scope;
  words?: ReceiverWords;
}

/** The `return`s and `yield`s of one function that declares no result type. */
export interface FunctionResults {
  id: number;
  returns: StatedResult[];
  yields: StatedResult[];
}

type TypedField = 'valueType' | 'returnType';

export class FileFacts {
  private readonly sites: Array<{ site: ReferenceSite; scope: Scope; words?: ReceiverWords }> = [];
  private readonly types: Array<{ type: TypeRef; scope: Scope; words?: ReceiverWords; apply: (type: TypeRef | undefined) => void }> = [];
  private readonly bindingTypes: Array<{ declaration: number; name: string; scope: Scope }> = [];
  private readonly memberFacts: Array<{ fact: MemberTypeFact; scope: Scope; words?: ReceiverWords; local?: string }> = [];
  private readonly results: FunctionResults[] = [];

  constructor(private readonly builder: DeclarationBuilder) {}

  /** Records a reference site; one with a receiver is completed in `scope` after the walk. */
  addSite(kind: ReferenceKind, target: SiteTarget, enclosing: number | null, at: Located, scope: Scope, words?: ReceiverWords): ReferenceSite {
    const site = this.builder.addReference(kind, target.name, enclosing, at);
    if (target.receiver !== undefined) site.receiver = target.receiver;
    if (target.typedReceiver) site.typedReceiver = target.typedReceiver;
    if (site.receiver || site.typedReceiver) this.sites.push({ site, scope, words });
    return site;
  }

  /** A declaration's stated type, kept if proven where it is written. */
  stateType(declaration: number, field: TypedField, type: TypeRef | null | 'none' | undefined, scope: Scope, words?: ReceiverWords): void {
    if (type && type !== 'none') this.proveLater(type, scope, words, (proven) => {
      if (proven) this.builder.declarations[declaration][field] = proven;
    });
  }

  /** Any stated type, proven after the walk in the scope it is written in. */
  proveLater(type: TypeRef, scope: Scope, words: ReceiverWords | undefined, apply: (type: TypeRef | undefined) => void): void {
    this.types.push({ type, scope, words, apply });
  }

  /** A declaration without a stated type gets the one its name's every binding in `scope` proves. */
  typeFromBindings(declaration: number, name: string, scope: Scope): void {
    this.bindingTypes.push({ declaration, name, scope });
  }

  /** What an attribute assignment proves about a member: its stated type, or (`local`) a name's proven value. */
  memberFact(fact: MemberTypeFact, scope: Scope, words?: ReceiverWords, local?: string): void {
    this.memberFacts.push({ fact, scope, words, local });
  }

  /** A collector for the results of a function that declares no result type. */
  functionResults(id: number): FunctionResults {
    const results: FunctionResults = { id, returns: [], yields: [] };
    this.results.push(results);
    return results;
  }

  /** Settles everything recorded; returns the member facts with their proven types. */
  finish(): MemberTypeFact[] {
    const declarations = this.builder.declarations;
    for (const { site, scope, words } of this.sites) scope.completeSite(site, words);
    for (const { type, scope, words, apply } of this.types) apply(scope.provenType(type, words));
    for (const { declaration, name, scope } of this.bindingTypes) {
      if (declarations[declaration].valueType) continue; // a stated type wins
      const value = scope.provenValue(name);
      const type = value ? value.scope.provenType(value.type) : undefined;
      if (type) declarations[declaration].valueType = type;
    }
    const facts = this.memberFacts.map(({ fact, scope, words, local }) => ({
      ...fact,
      type: (local !== undefined ? valueOf({ local }, scope, words) : fact.type ? scope.provenType(fact.type, words) : undefined) ?? null,
    }));
    for (const { id, returns, yields } of this.results) {
      const yielded = agreeingValue(yields);
      if (yielded) declarations[id].yieldType = yielded;
      const returned = yields.length === 0 ? agreeingValue(returns) : undefined;
      if (returned) declarations[id].returnType = returned;
    }
    return facts;
  }
}

/** The one type all these values prove (`none` aside), or undefined. */
function agreeingValue(values: StatedResult[]): TypeRef | undefined {
  let found: TypeRef | undefined;
  for (const { value, scope, words } of values) {
    if (value === 'none') continue;
    const type = valueOf(value, scope, words);
    if (!type || (found && JSON.stringify(found) !== JSON.stringify(type))) return undefined;
    found ??= type;
  }
  return found;
}

/** What a stated value proves where it is written; a name proves what its every binding does (a file-level name's, at file level). */
function valueOf(value: StatedValue, scope: Scope, words: ReceiverWords | undefined): TypeRef | undefined {
  if (value === null || value === 'none') return undefined;
  if (!('local' in value)) return scope.provenType(value, words);
  if (words?.has(value.local)) return undefined;
  const verdict = scope.classify(value.local, false);
  let binder: Scope | undefined = verdict.locallyBound ? verdict.scope : scope;
  if (!verdict.locallyBound) while (binder?.parent) binder = binder.parent;
  const bound = binder?.provenValue(value.local);
  return bound ? bound.scope.provenType(bound.type, bound.words ?? words) : undefined;
}
