/**
 * Overload selection: which of several same-named members of one class a call means, from what
 * the extractor states as data — each candidate's parameter types (`Declaration.parameterTypes`,
 * `variadic`) and the call's argument types (`ReferenceSite.argumentTypes`, null when unknown).
 * How an argument type fits a parameter type is the language's rule (`NameBindingRules.argumentFits`).
 *
 * The rule, as a compiler narrows it, stopping where the stated facts stop:
 *  1. candidates whose parameter count fits the argument count (a variadic one takes n-1 or more,
 *     one with default values `requiredParameters` or more);
 *     one left: it; none: nothing here (the member may be a base class's);
 *  2. fixed-arity candidates before variadic ones (the variadic form is tried last), when one of
 *     them surely applies (every argument fits it, proven or fitting whatever it is);
 *  3. drop those a proven argument cannot be passed to; one left: it;
 *  4. of the rest, the one every proven argument matches exactly, when every argument is proven (of several, the one
 *     without type parameters, where the language ranks generic ones last);
 *  5. else, every argument proven, the most specific (below), where the caller gives the rule;
 *  6. otherwise the call is ambiguous — never the first declared overload; but where all of them
 *     except one are declared for builds that opt in (`buildVariant`), that one.
 * A method reference (`Foo::bar`, kind `references`) states no arguments: it is ambiguous as soon
 * as the name is overloaded.
 */
import type { Declaration, ReferenceSite } from '../model/extraction.js';
import type { ArgumentFit } from '../model/language-support.js';
import type { DeclarationRef } from './targets.js';

export type OverloadChoice =
  | { ref: DeclarationRef }
  | { ambiguous: DeclarationRef[] }
  /** No candidate takes that many arguments. */
  | { none: true };

/** `argument` null: a value of a type the code does not prove (the rule may still know every value fits, e.g. `Object`). */
export type ArgumentFitRule = ((argument: string | null, parameter: string, candidate?: DeclarationRef) => ArgumentFit) & {
  /** A `no` rules out even the one overload of the call's argument count (NameBindingRules.argumentsMustFit). */
  readonly mustFit?: boolean;
  /** Of overloads every argument fits exactly, the one without type parameters wins (NameBindingRules.nonGenericFirst). */
  readonly nonGenericFirst?: boolean;
  /** The neutral-positions rule without ranking generic overloads (NameBindingRules.exactAtDifferingPositions). */
  readonly exactAtDifferingPositions?: boolean;
  /** A parameter type as overloads are compared by position (NameBindingRules.comparedParameterType). */
  readonly comparedParameterType?: (parameter: string) => string;
  /** Of async and synchronous overloads, `await` at the call selects the async ones, its absence the others (NameBindingRules.awaitSelectsAsync). */
  readonly awaitSelectsAsync?: boolean;
  /** A variadic overload passed an array for its array parameter competes as a fixed-arity one (NameBindingRules.variadicNormalForm). */
  readonly variadicNormalForm?: boolean;
  /** Of overloads taking the written arguments at the same parameter types, the one using no default value wins (NameBindingRules.defaultsLoseOverloads). */
  readonly defaultsLose?: boolean;
  /** Of overloads taking the written arguments at the same parameter types, the one leaving the fewest defaults (NameBindingRules.fewestDefaultsWin). */
  readonly fewestDefaultsWin?: boolean;
  /** Whether the call's place may use that overload (NameBindingRules.privateOverloadsHidden); absent: every one. */
  readonly accessible?: (candidate: DeclarationRef) => boolean;
  /** The parameter each argument fills, matched as a whole (NameBindingRules.matchArguments); false: the candidate takes no such call. */
  readonly matchArguments?: (argumentTypes: ReadonlyArray<string | null>, parameterTypes: readonly string[], variadic: boolean) => readonly number[] | false | undefined;
};

/** An argument type no language writes: a parameter it fits exactly takes any type exactly (an inferred type parameter). */
const INFERENCE_PROBE = '\u0000inferred';

const EQUAL_ONLY: ArgumentFitRule = (argument, parameter) => (argument !== null && argument === parameter ? 'exact' : 'unknown');

/**
 * The overload of `candidates` (members of one class named like the call) the call at `site`
 * means; undefined when the site states no arguments or no candidate states parameters (the
 * language has no overloads: the caller picks as before).
 */
export function selectOverload(
  candidates: readonly DeclarationRef[],
  site: Pick<ReferenceSite, 'argumentTypes' | 'argumentNames' | 'kind' | 'trailingBlock' | 'typeArguments' | 'awaited' | 'buildConditions'>,
  declarationOf: (ref: DeclarationRef) => Declaration,
  fits: ArgumentFitRule = EQUAL_ONLY,
  moreSpecific?: ArgumentFitRule,
): OverloadChoice | undefined {
  const chosen = selectAmongAll(candidates, site, declarationOf, fits, moreSpecific);
  if (!chosen || !('ambiguous' in chosen)) return chosen;
  // Twins for builds that opt in (`#[cfg(loom)]`, `buildVariant`) lose to the one declaration of the default build.
  const inDefault = chosen.ambiguous.filter((ref) => declarationOf(ref).buildVariant === undefined);
  if (inDefault.length === 1 && inDefault.length < chosen.ambiguous.length) return { ref: inDefault[0] };
  // Twins for exclusive conditions (`#if os(macOS)` … `#else`): the one the call's own branch compiles with.
  const held = site.buildConditions;
  const compiled = held ? chosen.ambiguous.filter((ref) => !contradicts(declarationOf(ref).buildConditions, held)) : [];
  return compiled.length === 1 && compiled.length < chosen.ambiguous.length ? { ref: compiled[0] } : chosen;
}

/** Whether a declaration under `stated` is compiled out where `held` holds: one of them is the other's `!c`. */
function contradicts(stated: readonly string[] | undefined, held: readonly string[]): boolean {
  return stated !== undefined && stated.some((condition) => held.includes(condition.startsWith('!') ? condition.slice(1) : `!${condition}`));
}

function selectAmongAll(
  candidates: readonly DeclarationRef[],
  site: Pick<ReferenceSite, 'argumentTypes' | 'argumentNames' | 'kind' | 'trailingBlock' | 'typeArguments' | 'awaited' | 'buildConditions'>,
  declarationOf: (ref: DeclarationRef) => Declaration,
  fits: ArgumentFitRule,
  moreSpecific?: ArgumentFitRule,
): OverloadChoice | undefined {
  const args = site.argumentTypes;
  const stated = candidates.filter((ref) => declarationOf(ref).parameterTypes !== undefined);
  // An overload the call's place may not use (a private one of another class) is no candidate while another one is.
  const accessible = fits.accessible ? stated.filter((ref) => fits.accessible!(ref)) : stated;
  const stating = accessible.length > 0 ? accessible : stated;
  if (stating.length === 0) return undefined;
  // A call writing its type arguments (C# `Query<Row>(…)`) means an overload declaring that many type parameters
  // (a construction's type arguments are its class's, not its constructor's).
  const written = site.kind === 'calls' ? site.typeArguments : undefined;
  const byTypeArguments = written ? stating.filter((ref) => (declarationOf(ref).typeParameters?.length ?? 0) === written) : stating;
  // `try await app.test(…)` beside `try app.test(…)`: where both kinds are declared, `await` tells which is meant.
  const awaitedKind = fits.awaitSelectsAsync && site.kind === 'calls' ? byTypeArguments.filter((ref) => Boolean(declarationOf(ref).isAsync) === Boolean(site.awaited)) : [];
  const callables = awaitedKind.length > 0 && awaitedKind.length < byTypeArguments.length ? awaitedKind : byTypeArguments;
  if (callables.length === 0) return { none: true };
  // A reference to a method (`Foo::bar`) names no arguments: it means one overload only when there is one.
  if (site.kind === 'references') return callables.length === 1 ? { ref: callables[0] } : { ambiguous: callables };
  if (!args) return undefined;
  const n = args.length;
  // A trailing block (Kotlin `f(a) { }`) is passed to the last parameter; the ones between take their defaults.
  const trailing = (ref: DeclarationRef) => Boolean(site.trailingBlock) && n > 0 && !declarationOf(ref).variadic;
  // A call naming an argument (`f(x = 1)`) cannot mean an overload that declares no parameter of that name; the arguments
  // passed by position fill the parameters the names leave (any number of them where one is a vararg, wherever it stands).
  const named = site.argumentNames?.filter((name): name is string => name !== null) ?? [];
  const byName = (ref: DeclarationRef) => named.length > 0 && declarationOf(ref).parameterNames !== undefined;
  const namesFit = (ref: DeclarationRef) => {
    const { parameterNames, varargParameter } = declarationOf(ref);
    if (!named.every((name) => parameterNames!.includes(name))) return false;
    const positional = site.argumentNames!.length - named.length;
    const free = parameterNames!.length - named.length - (site.trailingBlock ? 1 : 0);
    return varargParameter !== undefined || positional <= free;
  };
  const arityFits = callables.filter((ref) => {
    if (byName(ref)) return namesFit(ref);
    const { parameterTypes, variadic, requiredParameters } = declarationOf(ref);
    const count = parameterTypes!.length;
    // The written arguments fill the required parameters but the last (the block's, when it is required).
    if (trailing(ref)) return count > 0 && n - 1 <= count - 1 && n - 1 >= Math.max(0, (requiredParameters ?? count) - 1);
    const least = Math.min(requiredParameters ?? count, variadic ? count - 1 : count);
    return n >= least && (variadic || n <= count) && (!fits.matchArguments || fits.matchArguments(args, parameterTypes!, Boolean(variadic)) !== false);
  });
  if (arityFits.length === 0) return { none: true };

  // Asked again and again of the same candidate by the steps below: each candidate's verdicts are worked out once.
  const verdictsOf = new Map<DeclarationRef, ArgumentFit[]>();
  const verdicts = (ref: DeclarationRef): ArgumentFit[] => {
    let known = verdictsOf.get(ref);
    if (!known) verdictsOf.set(ref, (known = weigh(ref)));
    return known;
  };
  const weigh = (ref: DeclarationRef): ArgumentFit[] => {
    const { parameterTypes, variadic } = declarationOf(ref);
    const params = parameterTypes!;
    const block = trailing(ref);
    // Where the language matches arguments to parameters as a whole, each argument is weighed against its own parameter.
    const matched = fits.matchArguments?.(args, params, Boolean(variadic));
    if (matched) return args.map((arg, i) => fits(arg, params[matched[i]], ref));
    // Named arguments: the ones by position before a vararg are weighed at their position; the others are not known here.
    const vararg = declarationOf(ref).varargParameter;
    if (byName(ref)) return args.map((arg, i) => (vararg !== undefined && i >= vararg || i >= params.length ? 'unknown' : fits(arg, params[i], ref)));
    return args.map((arg, i) => {
      const last = params.length - 1;
      if (block && i === n - 1) return fits(arg, params[last], ref);
      if (arg === null) return variadic && i >= last ? 'unknown' : fits(null, params[i], ref);
      if (variadic && i >= last) {
        // `f(T... xs)` takes a `T[]` as is, or each argument as a T.
        const element = params[last].endsWith('[]') ? params[last].slice(0, -2) : params[last];
        const whole = n === params.length ? fits(arg, params[last], ref) : 'no';
        const each = fits(arg, element, ref);
        return best(whole, each);
      }
      return fits(arg, params[i], ref);
    });
  };
  // An overload the language ranks below every other (a disfavoured overload) is never chosen while another
  // one the arguments do not rule out remains; when none of those surely applies, the call is ambiguous.
  const possible = (ref: DeclarationRef) => !verdicts(ref).includes('no');
  if (arityFits.length === 1) return fits.mustFit && !possible(arityFits[0]) ? { none: true } : { ref: arityFits[0] };
  const surely = (ref: DeclarationRef) => verdicts(ref).every((v) => v !== 'no' && v !== 'unknown');
  const preferred = arityFits.filter((ref) => !declarationOf(ref).rankedLast);
  const outranked = preferred.length < arityFits.length && preferred.some(possible);
  if (outranked && !preferred.some(surely)) return { ambiguous: arityFits.filter(possible) };
  const byArity = outranked ? preferred : arityFits;
  if (byArity.length === 1) return { ref: byArity[0] };

  /** The parameter each written argument fills (a name, a position, the trailing block's last one); undefined where not known. */
  const filledParameters = (ref: DeclarationRef): number[] | undefined => {
    const { parameterTypes, parameterNames, variadic, varargParameter } = declarationOf(ref);
    const count = parameterTypes!.length;
    const names = site.argumentNames ?? [];
    if (names.some((name) => name !== null) && !parameterNames) return undefined;
    const vararg = varargParameter ?? (variadic ? count - 1 : undefined);
    const out: number[] = [];
    let position = 0;
    for (let i = 0; i < n; i++) {
      const name = names[i] ?? null;
      if (name !== null) { out.push(parameterNames!.indexOf(name)); continue; }
      if (trailing(ref) && i === n - 1) { out.push(count - 1); continue; }
      // Positional arguments after a named one, or past a vararg in the middle: not followed here.
      if (names.slice(0, i).some((one) => one !== null) || (vararg !== undefined && vararg < position)) return undefined;
      out.push(Math.min(position, vararg ?? position));
      if (vararg === undefined || position < vararg) position++;
    }
    return out.every((at) => at >= 0 && at < count) ? out : undefined;
  };
  /** How many parameters the call leaves to their default values (a vararg passed nothing is no default). */
  const unspecified = (ref: DeclarationRef): number => {
    const filled = filledParameters(ref);
    if (!filled) return 0;
    const { parameterTypes, parameterNames, variadic, varargParameter } = declarationOf(ref);
    const vararg = varargParameter ?? (variadic ? parameterTypes!.length - 1 : undefined);
    // The parameters after a vararg take no positional argument and are left out of the types; their names still count.
    const count = Math.max(parameterTypes!.length, parameterNames?.length ?? 0);
    return Array.from({ length: count }, (_, at) => at).filter((at) => at !== vararg && !filled.includes(at)).length;
  };
  /**
   * Kotlin's last tie-break (NameBindingRules.fewestDefaultsWin): of overloads taking every written argument at the same
   * parameter type, none of them generic where another is not, the one leaving the fewest defaults.
   */
  const fewestLeftToDefaults = (applicable: DeclarationRef[]): DeclarationRef | undefined => {
    if (!fits.fewestDefaultsWin || applicable.length < 2) return undefined;
    const takenAt = (ref: DeclarationRef) => {
      const filled = filledParameters(ref);
      const params = declarationOf(ref).parameterTypes!;
      const { variadic, varargParameter } = declarationOf(ref);
      const vararg = varargParameter ?? (variadic ? params.length - 1 : undefined);
      // A vararg's element type is what each argument it takes is weighed against.
      return filled && JSON.stringify(filled.map((at) => (at === vararg && params[at].endsWith('[]') ? params[at].slice(0, -2) : params[at])));
    };
    const first = takenAt(applicable[0]);
    if (!first || !applicable.every((ref) => takenAt(ref) === first)) return undefined;
    const generic = (ref: DeclarationRef) => (declarationOf(ref).typeParameters?.length ?? 0) > 0;
    if (!applicable.every((ref) => generic(ref) === generic(applicable[0]))) return undefined;
    const least = Math.min(...applicable.map(unspecified));
    const fewest = applicable.filter((ref) => unspecified(ref) === least);
    if (fewest.length === 1) return fewest[0];
    // As many left each: one without a variable argument list is the more specific (`test(argv: String)` beside
    // `test(vararg argv: String)` for `test("--help")`).
    const plain = fewest.filter((ref) => !declarationOf(ref).variadic && declarationOf(ref).varargParameter === undefined);
    return plain.length === 1 ? plain[0] : undefined;
  };
  // Fixed arity first: a variadic overload is considered only when no fixed one can take the call.
  const normalForm = (ref: DeclarationRef) => {
    const params = declarationOf(ref).parameterTypes!;
    const fit = params.length === n && args[n - 1] !== null && params[n - 1].endsWith('[]') ? fits(args[n - 1], params[n - 1]) : 'no';
    return fits.variadicNormalForm === true && (fit === 'exact' || fit === 'converts');
  };
  // A fixed-arity overload the call leaves a default to is no better than a variadic one where the fewest defaults win.
  const leavesDefaults = (ref: DeclarationRef) => fits.fewestDefaultsWin === true && unspecified(ref) > 0;
  const fixed = byArity.filter((ref) => (!declarationOf(ref).variadic || normalForm(ref)) && !leavesDefaults(ref));
  /**
   * Where the language matches arguments to parameters as a whole and defaults lose (Swift): of overloads taking every
   * argument at the same parameter (label and type), the one with the fewest parameters — the others differ only by
   * defaulted ones the call leaves out (`request(_ e: Endpoint, interceptor: I? = nil)` beside
   * `request(_ e: Endpoint, parameters: P? = nil, interceptor: I? = nil)` for `request(e)`).
   */
  const fewestDefaults = (applicable: DeclarationRef[]): DeclarationRef | undefined => {
    if (!fits.defaultsLose || !fits.matchArguments || applicable.length < 2 || args.some((arg) => arg === null)) return undefined;
    const filled = (ref: DeclarationRef) => {
      const { parameterTypes, variadic } = declarationOf(ref);
      const matched = fits.matchArguments!(args, parameterTypes!, Boolean(variadic));
      return matched ? JSON.stringify(matched.map((at) => parameterTypes![at])) : undefined;
    };
    const first = filled(applicable[0]);
    if (first === undefined || !applicable.every((ref) => filled(ref) === first)) return undefined;
    const least = Math.min(...applicable.map((ref) => declarationOf(ref).parameterTypes!.length));
    const fewest = applicable.filter((ref) => declarationOf(ref).parameterTypes!.length === least);
    return fewest.length === 1 ? fewest[0] : undefined;
  };
  /**
   * 5. The most specific (JLS 15.12.2.5) of those that may apply without boxing: one that surely
   *    applies so, whose every parameter type converts (widening, subtyping) to the other ones'.
   */
  const mostSpecific = (applicable: DeclarationRef[]): DeclarationRef | undefined => {
    const withoutBoxing = applicable.filter((ref) => !verdicts(ref).includes('boxes'));
    // Compared at the positions the call passes (the rest are defaults); one that needs no defaults is not preferred here.
    const narrower = (a: DeclarationRef, b: DeclarationRef) => declarationOf(a).parameterTypes!.slice(0, n)
      .every((type, i) => ['exact', 'converts'].includes(moreSpecific!(type, declarationOf(b).parameterTypes![i] ?? type)));
    // A generic one whose fit is unknown where this one converts (`write(T const&)` beside `write(bool)` for an integer)
    // may take the argument as deduced, exactly: a conversion is then not proven better (languages ranking generics last).
    const deducedBetter = (m: DeclarationRef) => fits.nonGenericFirst === true && withoutBoxing.some((other) => other !== m
      && (declarationOf(other).typeParameters?.length ?? 0) > 0 && verdicts(other).some((v, i) => v === 'unknown' && verdicts(m)[i] !== 'exact'));
    const found = withoutBoxing.filter((m) => verdicts(m).every((v) => v === 'exact' || v === 'converts')
      && withoutBoxing.every((other) => other === m || narrower(m, other)) && !deducedBetter(m));
    return found.length === 1 ? found[0] : undefined;
  };
  /**
   * Where every candidate states one parameter type at a position, the argument there converts alike to each (the
   * compiler's better-function-member comparison skips it, whatever the argument's type): the one candidate every
   * argument at the other positions fits exactly (of several, the one without type parameters). Fixed-arity
   * candidates (and variadic ones in their normal form) only; the parameters after the written arguments take their
   * default values and are not compared (an identity conversion is better than any other whatever defaults follow).
   */
  const byNeutralPositions = (applicable: DeclarationRef[]): DeclarationRef | undefined => {
    if (applicable.length < 2 || !applicable.every((ref) => declarationOf(ref).parameterTypes!.length >= n && (!declarationOf(ref).variadic || normalForm(ref)))) return undefined;
    // The parameter each argument fills: by position, or as the language matches them (Swift's labels skip defaulted ones).
    const filledAt = (ref: DeclarationRef, i: number) => {
      const { parameterTypes, variadic } = declarationOf(ref);
      const matched = fits.matchArguments?.(args, parameterTypes!, Boolean(variadic));
      return matched ? matched[i] : i;
    };
    const compared = (ref: DeclarationRef, i: number) => {
      const type = declarationOf(ref).parameterTypes![filledAt(ref, i)];
      return fits.comparedParameterType && type !== undefined ? fits.comparedParameterType(type) : type;
    };
    const deciding = args.map((_, i) => applicable.some((ref) => compared(ref, i) !== compared(applicable[0], i)));
    if (!deciding.some(Boolean)) {
      if (!fits.nonGenericFirst) return undefined;
      // The same parameter types where the arguments go, beside generic twins whose type parameters no argument infers
      // (`TimeoutAsync<TResult>(int, …)` called without type arguments does not apply): the one without type parameters.
      const plain = applicable.filter((ref) => (declarationOf(ref).typeParameters?.length ?? 0) === 0);
      const uninferable = (ref: DeclarationRef) => {
        const { typeParameters, signature } = declarationOf(ref);
        const parameters = signature?.slice(signature.indexOf('(')) ?? '';
        return site.typeArguments === undefined && signature !== undefined && signature.includes('(')
          && (typeParameters ?? []).some((name) => !new RegExp(`\\b${name}\\b`).test(parameters));
      };
      return plain.length === 1 && applicable.every((ref) => ref === plain[0] || uninferable(ref)) ? plain[0] : undefined;
    }
    if (args.some((arg, i) => deciding[i] && arg === null)) return undefined;
    const exact = applicable.filter((ref) => verdicts(ref).every((v, i) => !deciding[i] || v === 'exact'));
    if (exact.length === 1 && genericBesideGeneric(exact[0], applicable)) return undefined;
    if (exact.length === 1) return exact[0];
    // Several exact there, taking the arguments at the same parameters: the one with no defaulted ones left over.
    const fewest = exact.length > 1 ? fewestDefaults(exact) : undefined;
    if (fewest) return fewest;
    // Where arguments are matched by label (Swift), a generic overload inferring the argument's own type may be the better
    // one (`[String: Any]` beside an inferred `[String: String]`): not weighed.
    if (fits.matchArguments && fits.defaultsLose && exact.length > 1) return undefined;
    const plain = exact.filter((ref) => (declarationOf(ref).typeParameters?.length ?? 0) === 0);
    return plain.length === 1 ? plain[0] : undefined;
  };
  /**
   * A generic overload fits exactly by inference; beside another generic one the arguments may fit (`Null<T>(T? x)` and
   * `Null<T>(T? x) where T : struct`), which is better depends on how specific their parameter types are, which is not
   * weighed here (languages ranking generic overloads last only).
   */
  const genericBesideGeneric = (found: DeclarationRef, applicable: DeclarationRef[]) => {
    const generic = (ref: DeclarationRef) => (declarationOf(ref).typeParameters?.length ?? 0) > 0;
    if (fits.nonGenericFirst !== true || !generic(found)) return false;
    const params = declarationOf(found).parameterTypes!;
    // A parameter any argument fits exactly is a type parameter the argument infers.
    const inferredAt = (i: number) => params[i] !== undefined && fits(INFERENCE_PROBE, params[i], found) === 'exact';
    // Only where the other one's fit there is unknown: an exact identity beats a proven conversion.
    return applicable.some((ref) => ref !== found && generic(ref)
      && args.some((_, i) => inferredAt(i) && declarationOf(ref).parameterTypes![i] !== params[i] && verdicts(ref)[i] === 'unknown'));
  };
  for (const group of fixed.length > 0 && fixed.length < byArity.length ? [fixed, byArity] : [byArity]) {
    const applicable = group.filter((ref) => !verdicts(ref).includes('no'));
    // Fixed arity wins over a variadic overload only when it surely applies: one that may not leaves the variadic ones in play.
    const sure = (ref: DeclarationRef) => !verdicts(ref).includes('unknown');
    const others = byArity.filter((ref) => !group.includes(ref) && !verdicts(ref).includes('no'));
    if (group !== byArity && applicable.length > 0 && !applicable.some(sure) && others.length > 0) {
      const fewest = fewestLeftToDefaults([...applicable, ...others]);
      return fewest ? { ref: fewest } : { ambiguous: [...applicable, ...others] };
    }
    if (applicable.length === 1) return { ref: applicable[0] };
    if (applicable.length === 0) continue;
    if (args.every((arg) => arg !== null)) {
      const exact = applicable.filter((ref) => verdicts(ref).every((v) => v === 'exact'));
      if (exact.length === 1 && !genericBesideGeneric(exact[0], applicable)) return { ref: exact[0] };
      const fewest = exact.length > 1 ? fewestDefaults(exact) : undefined;
      if (fewest) return { ref: fewest };
      const plain = fits.nonGenericFirst ? exact.filter((ref) => (declarationOf(ref).typeParameters?.length ?? 0) === 0) : [];
      if (plain.length === 1) return { ref: plain[0] };
      // Positions compared for specificity are the written ones: not where a trailing block lands.
      const specific = moreSpecific && !site.trailingBlock && !byArity.some((ref) => declarationOf(ref).variadic) ? mostSpecific(applicable) : undefined;
      if (specific) return { ref: specific };
    }
    const neutral = fits.nonGenericFirst || fits.exactAtDifferingPositions ? byNeutralPositions(applicable) : undefined;
    if (neutral) return { ref: neutral };
    if (site.trailingBlock) {
      // Kotlin: one that surely applies without default values beats those that need some.
      const whole = applicable.filter((ref) => declarationOf(ref).parameterTypes!.length === n && verdicts(ref).every((v) => v === 'exact' || v === 'converts'));
      if (whole.length === 1) return { ref: whole[0] };
      // The same parameter types where the arguments go (`f(a: A = x, b: B)` and `f(b: B)` called `f { }`): the one using
      // no default values is the most specific.
      const passed = (ref: DeclarationRef) => {
        const params = declarationOf(ref).parameterTypes!;
        return JSON.stringify(args.map((_, i) => (trailing(ref) && i === n - 1 ? params[params.length - 1] : params[i])));
      };
      const noDefaults = applicable.filter((ref) => declarationOf(ref).parameterTypes!.length === n);
      if (noDefaults.length === 1 && applicable.every((ref) => passed(ref) === passed(applicable[0]))) return { ref: noDefaults[0] };
    }
    const fewest = fewestDefaults(applicable) ?? fewestLeftToDefaults(applicable);
    if (fewest) return { ref: fewest };
    if (fits.defaultsLose) {
      // Scala: `apply(x)` beside `apply(x, cb = None)`: what needs a default value is dropped while another applies as
      // written — and where both take the written arguments at the same types, one applies exactly when the other does.
      // Only among overloads of one file: twins in two files (Scala's `src-2`/`src-3` cross-build folders) are never
      // both compiled, so neither loses to the other.
      const written = (ref: DeclarationRef) => JSON.stringify(declarationOf(ref).parameterTypes!.slice(0, n));
      const noDefaults = applicable.filter((ref) => declarationOf(ref).parameterTypes!.length === n && !declarationOf(ref).variadic);
      const oneFile = applicable.every((ref) => ref.file === applicable[0].file);
      if (oneFile && noDefaults.length === 1 && applicable.every((ref) => written(ref) === written(applicable[0]))) return { ref: noDefaults[0] };
    }
    return { ambiguous: applicable };
  }
  return { ambiguous: byArity };
}

const ORDER: readonly ArgumentFit[] = ['exact', 'converts', 'boxes', 'unknown', 'no'];

function best(a: ArgumentFit, b: ArgumentFit): ArgumentFit {
  return ORDER.indexOf(a) <= ORDER.indexOf(b) ? a : b;
}
