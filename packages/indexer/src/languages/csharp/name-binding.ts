/**
 * How C# binds names, for the shared resolver: `this` and `base`, a bare call meaning a member of
 * the enclosing class (or of a proven base, or of an enclosing class further out), no name outside
 * what scopes, usings and namespaces bind (an unknown name is a compile error), and the implicit
 * conversions overload resolution applies (C# spec §10.2: identity, implicit numeric conversions,
 * any value to `object`, `null` to any reference or nullable type).
 */
import { defineNameBinding, type ArgumentFit } from '../../model/language-support.js';
import { FRAMEWORK_MEMBERS, FRAMEWORK_OWN_MEMBERS, FRAMEWORK_RESULTS, FRAMEWORK_SUPERTYPES } from './framework.js';
import { INFERRED_TYPE_PARAMETER, NULLABLE_VALUE_PARAMETER, TYPE_PARAMETER_VALUE, delegateParameterCount } from './types.js';

/** Implicit numeric conversions (C# spec §10.2.3): each type and the types it converts to. */
const WIDENS_TO: Readonly<Record<string, readonly string[]>> = {
  sbyte: ['short', 'int', 'long', 'float', 'double', 'decimal'],
  byte: ['short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  short: ['int', 'long', 'float', 'double', 'decimal'],
  ushort: ['int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  int: ['long', 'float', 'double', 'decimal'],
  uint: ['long', 'ulong', 'float', 'double', 'decimal'],
  long: ['float', 'double', 'decimal'],
  ulong: ['float', 'double', 'decimal'],
  char: ['ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  float: ['double'],
  double: [],
  decimal: [],
  bool: [],
};
/** Interfaces `string` implements: nothing else (a sealed class) accepts it but `object`. */
const STRING_SUPERTYPES = new Set(['IEnumerable', 'IComparable', 'ICloneable', 'IConvertible', 'IEquatable', 'ReadOnlySpan']);
const TYPE_VARIABLE = '*';

/** A lambda converts to a delegate or an expression tree only (C# spec §10.7): no predefined type or array takes an untyped one. */
function refusesLambda(parameterType: string): boolean {
  // `?`: a type not known (a by-reference parameter), `*`: a type parameter (it may be a delegate).
  if (parameterType === '?' || parameterType === '*') return false;
  return parameterType.endsWith(']') || parameterType.endsWith('?') || parameterType in WIDENS_TO || parameterType === 'string' || parameterType === 'object';
}

/**
 * Framework classes (not interfaces) by simple name: no value of a predefined type converts to one, nor one to a
 * predefined type (a user-defined conversion is declared in one of the two types, and the framework declares none of these).
 */
const FRAMEWORK_CLASSES: ReadonlySet<string> = new Set([
  ...Object.keys(FRAMEWORK_SUPERTYPES).filter((name) => !/^I[A-Z]/.test(name)),
  'Exception', 'SystemException', 'Stream', 'TextWriter', 'TextReader', 'StringBuilder', 'MemberInfo', 'Delegate',
]);

/**
 * Framework interfaces no predefined type (`string`, `int`, …) implements, and to which no user-defined conversion
 * exists (C# allows none to an interface): such a value never fits a parameter of one.
 */
const FOREIGN_INTERFACES: ReadonlySet<string> = new Set([
  'IFormatProvider', 'IDisposable', 'IAsyncDisposable', 'IServiceProvider', 'IEnumerator', 'ICollection', 'IList',
  'IDictionary', 'IReadOnlyList', 'IReadOnlyCollection', 'IReadOnlyDictionary', 'ISet', 'IComparer', 'IEqualityComparer',
  'IObserver', 'IObservable', 'IProgress', 'IQueryable', 'IAsyncEnumerable', 'IDbConnection', 'IDbCommand', 'IDataReader', 'IDbTransaction',
]);

/**
 * Framework structs: no class, interface (other than `object`, by boxing), predefined type or array takes one. The
 * spans are ref structs (they do not even box); a span converts to its read-only twin, and so does a memory.
 */
const FRAMEWORK_STRUCTS: ReadonlySet<string> = new Set([
  'Span', 'ReadOnlySpan', 'Memory', 'ReadOnlyMemory', 'Guid', 'DateTime', 'DateTimeOffset', 'TimeSpan', 'CancellationToken',
]);
const REF_STRUCTS: ReadonlySet<string> = new Set(['Span', 'ReadOnlySpan']);
const STRUCT_CONVERSIONS: Readonly<Record<string, string>> = { Span: 'ReadOnlySpan', Memory: 'ReadOnlyMemory' };

/** How many dimensions an array type names (`object[,,]`: 3), 0 for no array. */
function arrayRank(type: string): number {
  const match = /\[(,*)\]\??$/.exec(type);
  return match ? match[1].length + 1 : 0;
}

/** A type written by a plain name (no array, no type variable, no generic arity mark): a class, struct or interface. */
const PLAIN_TYPE = /^[A-Za-z_]\w*$/;

export function csharpArgumentFits(argument: string | null, parameter: string): ArgumentFit {
  // A method's own type parameter (`Write<T>(…, T value)`): inferred as the argument's type, an identity conversion;
  // `null` infers nothing (the method does not apply), an untyped lambda is not decided here.
  if (parameter === INFERRED_TYPE_PARAMETER) {
    if (argument === INFERRED_TYPE_PARAMETER) return 'exact';
    // A span is a ref struct: no type argument (without `allows ref struct`), so `Write<T>(…, T value)` cannot take one.
    if (argument !== null && REF_STRUCTS.has(argument)) return 'no';
    return argument === null || argument.startsWith('=>') ? 'unknown' : argument === 'null' ? 'no' : 'exact';
  }
  // Compared for the most specific overload: a type parameter is less specific than any other type.
  if (argument === INFERRED_TYPE_PARAMETER) return 'no';
  // A value of a type parameter in scope: boxed or referenced as `object`; other targets depend on its constraints.
  if (argument === TYPE_PARAMETER_VALUE) return parameter === 'object' ? 'converts' : 'unknown';
  // `T?` with `T : struct`: a value of a value type, nothing of a reference type (a value's own nullability is not
  // stated: `DateTime?` is written DateTime, so which of T and T? is better stays unknown).
  if (parameter === NULLABLE_VALUE_PARAMETER) {
    if (argument === null) return 'unknown';
    const type = argument.replace(/\?$/, '');
    const reference = type === 'string' || type === 'object' || type.startsWith('=>') || arrayRank(type) > 0
      || FRAMEWORK_CLASSES.has(type) || FOREIGN_INTERFACES.has(type);
    return reference ? 'no' : 'unknown';
  }
  if (argument === null) return parameter === 'object' ? 'converts' : 'unknown';
  // `=>`: a lambda argument (calls.ts): fits no predefined type; any other type may be a delegate.
  if (argument.startsWith('=>')) {
    if (refusesLambda(parameter)) return 'no';
    // `(x, c) => …` is no `Func<T, bool>`: a framework delegate takes lambdas of its own parameter count only.
    const expected = delegateParameterCount(parameter);
    return expected !== undefined && argument.length > 2 && Number(argument.slice(2)) !== expected ? 'no' : 'unknown';
  }
  if (argument === parameter) return 'exact';
  // `object[,,]` is no `object[]`: arrays of different ranks never convert (C# spec §10.2.8).
  if (arrayRank(argument) > 0 && arrayRank(parameter) > 0 && arrayRank(argument) !== arrayRank(parameter)) return 'no';
  // A framework struct: its own read-only twin, `object` by boxing, nothing predefined, no array and no framework class.
  if (FRAMEWORK_STRUCTS.has(argument)) {
    if (STRUCT_CONVERSIONS[argument] === parameter) return 'converts';
    if (parameter === 'object') return REF_STRUCTS.has(argument) ? 'no' : 'boxes';
    if (parameter === 'string' || parameter in WIDENS_TO || arrayRank(parameter) > 0 || FRAMEWORK_CLASSES.has(parameter) || FRAMEWORK_STRUCTS.has(parameter)) return 'no';
    // No framework struct is a sequence (a span is iterated, but implements no interface).
    if (parameter === 'IEnumerable' || FOREIGN_INTERFACES.has(parameter)) return 'no';
    return REF_STRUCTS.has(argument) ? 'no' : 'unknown';
  }
  // A `Func<…>`/`Action<…>` parameter takes a lambda, a method group or a value of that delegate type: no value of a
  // class, struct or interface (the framework delegates are sealed; no conversion operator targets one in practice).
  if (delegateParameterCount(parameter) !== undefined && PLAIN_TYPE.test(argument) && argument !== 'null' && argument !== 'Delegate') return 'no';
  // A framework delegate (`Func<CallInfo, T>`) takes a lambda, a method or a delegate: no string, array or predefined value.
  if (delegateParameterCount(parameter) !== undefined && (argument === 'string' || argument in WIDENS_TO || argument.endsWith(']'))) return 'no';
  const argumentValue = argument in WIDENS_TO;
  const parameterValue = parameter in WIDENS_TO;
  if (parameter === TYPE_VARIABLE) return 'unknown';
  if (parameter === 'object') return argumentValue ? 'boxes' : 'converts';
  if (argument === 'null') return parameterValue ? 'no' : 'converts';
  // `int` to `int?`: a nullable of the same or a wider type.
  if (argumentValue && parameter.endsWith('?')) {
    const inner = parameter.slice(0, -1);
    return inner === argument || WIDENS_TO[argument].includes(inner) ? 'converts' : 'no';
  }
  if (argumentValue && parameterValue) return WIDENS_TO[argument].includes(parameter) ? 'converts' : 'no';
  if (argument === 'string') {
    if (parameterValue || parameter.endsWith('[]') || FRAMEWORK_CLASSES.has(parameter) || FOREIGN_INTERFACES.has(parameter)) return 'no';
    return STRING_SUPERTYPES.has(parameter) ? 'converts' : 'unknown';
  }
  // A predefined value type never converts to a class other than object (user-defined conversions aside: unknown).
  // Nor is a number, a char or a bool a sequence (`OutOfRange(5, …)` is no `OutOfRange<T>(IEnumerable<T> …)`), nor a
  // framework struct (`Zero(0)` is no `Zero(TimeSpan)`: the framework declares no conversion between them).
  if (argumentValue && FRAMEWORK_STRUCTS.has(parameter)) return 'no';
  if (argumentValue) return parameter === 'string' || parameter.endsWith('[]') || FRAMEWORK_CLASSES.has(parameter) || FOREIGN_INTERFACES.has(parameter) || parameter === 'IEnumerable' ? 'no' : 'unknown';
  if (parameter === 'string' || parameterValue) return argument.endsWith('[]') || FRAMEWORK_CLASSES.has(argument) ? 'no' : 'unknown';
  return 'unknown';
}

export const csharpNameBinding = defineNameBinding({
  instanceReceivers: ['this'],
  classReceivers: [],
  superReceiver: 'base',
  lookup: ['class-members', 'enclosing-partial-types', 'scoped-imports', 'enclosing-namespaces', 'module-scope', 'package', 'enclosing-packages', 'package-wildcard-imports', 'qualified-packages'],
  // `obj.Prop()` invokes the delegate a property holds: the property is read, not called.
  isAccessor: (declaration) => declaration.kind === 'property',
  // `static bool IsOpen(this Type t)`: an extension method of a framework type, called `t.IsOpen()` on a value stated to be one.
  // An inherited `IMapper Mapper` property, not `class Mapper` of the namespace, is what `Mapper.Map()` calls on.
  // `M(this object o)`, `M<T>(this T x)`: an extension of every value (a `SqlConnection` is also an `IDbConnection`).
  members: {
    // A class reaches the extensions of the interfaces it implements (`this.AssertNotReadOnly()`, `this IScriptObject`);
    // its own members, which implement the interface's, are found first.
    inheritsImplemented: true,
    // `rules.SetValidator(v)`: the interface's own SetValidator(IValidator<P>) before an extension SetValidator (§12.8.10.3).
    instanceBeforeExtensions: true,
    extendsOutsideTypes: true,
    hideOuterTypes: true,
    outsideSupertypes: FRAMEWORK_SUPERTYPES,
    universalOutsideBase: { type: 'object', frameworkMembers: FRAMEWORK_MEMBERS },
    outsideCallResults: true,
    // `d.ContainsKey(k).ShouldBeTrue()`: a framework member's result, for the extensions of its type.
    outsideResults: FRAMEWORK_RESULTS,
    // `expression.GetMember()` on an `Expression<Func<T, P>>`: Expression declares no GetMember (Type does).
    outsideOwnMembers: FRAMEWORK_OWN_MEMBERS,
  },
  // `static class Maybe` beside `class Maybe<T>`: `Maybe.Nothing()` names the one without type arguments.
  declarations: { genericTwins: true },
  argumentFits: csharpArgumentFits,
  // Better function member (C# spec §12.6.4.3): a non-generic overload over a generic one the arguments fit as well,
  // and a `params` method passed an array competes in its normal form.
  nonGenericFirst: true,
  variadicNormalForm: true,
  // A private overload is not a candidate of a call from another class (`log.Hidden(3)` takes the public `Hidden(object)`).
  // (`private protected` is seen by derived classes of the assembly: not hidden.)
  privateOverloadsHidden: (member, owner) => (member.visibility === 'private' && !/\bprotected\b/.test(member.signature ?? ''))
    || (member.visibility === undefined && ['class', 'struct'].includes(owner.kind)),
  // `t.TryGetValue(t.IndexOfName(k), out v)`: a workspace method's declared `int` result picks `TryGetValue(int, …)`.
  // `Ext.Be(value, x)`: an extension called as its class's static method passes the receiver first.
  staticExtensionCalls: (memberOf) => (memberOf.kind === 'named' ? memberOf.chain[memberOf.chain.length - 1] : TYPE_VARIABLE),
  outsideArgumentTypes: (name) => name in WIDENS_TO || name === 'string' || name === 'object',
  // A struct derives from ValueType, an enum from Enum, a record from object with members the compiler writes.
  implicitOutsideBase: (declaration) => declaration.kind === 'enum' || declaration.kind === 'struct',
  // A lambda converts to a delegate or an expression tree only (C# spec §10.7): no predefined type or array takes an untyped one.
  refusesFunctionLiteral: refusesLambda,
});
