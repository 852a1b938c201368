/**
 * How Kotlin binds names, for the shared resolver: `this` and `super`, a bare call meaning a member
 * of the enclosing class (or of a proven base, or of an enclosing class further out, or of the type
 * an extension function extends), and no name outside what scopes, imports, the package and the
 * default imports (`kotlin.*`, never indexed) bind. Overloads are picked by the arguments' types,
 * with Kotlin's conversions: none between numeric types, except that an integer literal becomes the
 * `Long`, `Short` or `Byte` a parameter wants; everything converts to `Any`.
 */
import { defineNameBinding, type ArgumentFit } from '../../model/language-support.js';
import { FUNCTION, isFunctionType } from './types.js';

/** Supertypes of the final standard types an argument is often proven to be: nothing else accepts them. */
const FINAL_SUPERTYPES: Readonly<Record<string, readonly string[]>> = {
  String: ['CharSequence', 'Comparable'],
  Int: ['Number', 'Comparable'],
  Long: ['Number', 'Comparable'],
  Short: ['Number', 'Comparable'],
  Byte: ['Number', 'Comparable'],
  Double: ['Number', 'Comparable'],
  Float: ['Number', 'Comparable'],
  Boolean: ['Comparable'],
  Char: ['Comparable'],
  // `Foo::class`: an interface, but such a value is no workspace class.
  KClass: ['KClassifier', 'KDeclarationContainer', 'KAnnotatedElement'],
  // `Foo::class.java`.
  Class: ['Type', 'GenericDeclaration', 'AnnotatedElement', 'Serializable'],
};

/** The standard library's extensions of its collections and strings (kotlin.collections, kotlin.text), by name. */
const STANDARD_COLLECTION_EXTENSIONS: ReadonlySet<string> = new Set([
  'joinToString', 'joinTo', 'map', 'mapNotNull', 'mapIndexed', 'filter', 'filterNot', 'filterIsInstance', 'filterNotNull', 'forEach',
  'forEachIndexed', 'first', 'firstOrNull', 'last', 'lastOrNull', 'single', 'singleOrNull', 'any', 'all', 'none', 'count', 'sum', 'sumOf',
  'sorted', 'sortedBy', 'sortedWith', 'sortedDescending', 'groupBy', 'associate', 'associateBy', 'associateWith', 'flatMap', 'flatten',
  'fold', 'reduce', 'toList', 'toSet', 'toMutableList', 'toMutableSet', 'toMap', 'distinct', 'distinctBy', 'contains', 'indexOf',
  'plus', 'minus', 'zip', 'take', 'drop', 'takeWhile', 'dropWhile', 'reversed', 'asSequence', 'isEmpty', 'isNotEmpty', 'isNullOrEmpty',
  'orEmpty', 'ifEmpty', 'withIndex', 'partition', 'chunked', 'windowed', 'maxOf', 'minOf', 'maxByOrNull', 'minByOrNull', 'onEach',
  'find', 'toTypedArray', 'split', 'trim', 'lines', 'replace', 'startsWith', 'endsWith', 'substringBefore', 'substringAfter',
]);

/** A parameter of a type variable (written `*` by the extractor) takes any value. */
const TYPE_VARIABLE = '*';

export function kotlinArgumentFits(argument: string | null, parameter: string): ArgumentFit {
  if (argument === null) return parameter === 'Any' || parameter === TYPE_VARIABLE ? 'converts' : 'unknown';
  if (argument === parameter) return 'exact';
  // A lambda or a function value of unknown arity fits any function type; a constructor reference only one taking as many values.
  if (isFunctionType(argument) && isFunctionType(parameter)) return argument === FUNCTION || parameter === FUNCTION ? 'exact' : 'no';
  // A value of a class is no function (`and(not(op()))` beside `and(op: () -> Op<Boolean>)`); a class implementing a function type is rare.
  if (isFunctionType(parameter) && argument !== 'null') return 'no';
  if (parameter === TYPE_VARIABLE || parameter === 'Any') return 'converts';
  // Nullability is not written in the simple names: `null` may fit any parameter.
  if (argument === 'null') return 'unknown';
  // `f(1)` calls `f(x: Long)`: an integer literal takes the integer type expected (an Int local would not, but literals are what is proven here).
  if (argument === 'Int' && (parameter === 'Long' || parameter === 'Short' || parameter === 'Byte')) return 'unknown';
  const supertypes = FINAL_SUPERTYPES[argument];
  if (supertypes) return supertypes.includes(parameter) ? 'converts' : 'no';
  // A final standard type takes only itself.
  if (parameter in FINAL_SUPERTYPES) return 'no';
  return 'unknown';
}

export const kotlinNameBinding = defineNameBinding({
  instanceReceivers: ['this'],
  classReceivers: [],
  superReceiver: 'super',
  lookup: ['function-local-types', 'class-members', 'scoped-imports', 'enclosing-namespaces', 'module-scope', 'package', 'package-wildcard-imports'],
  argumentFits: kotlinArgumentFits,
  // `cmd.parse("a b")` with a member `parse(argv: List<String>)`: a String is no List, so the member is not called (an extension may be).
  argumentsMustFit: true,
  // `type.copy(annotations = a)` beside `copy(nullable, annotations, tags)` (all defaulted): the one leaving fewer defaults.
  fewestDefaultsWin: true,
  // `onClick()` with `val onClick: () -> Unit` runs the lambda the property holds, not the property.
  // `import a.b.f` imports every top-level overload `f` of package a.b.
  // `DI { }` with `interface DI { companion object { operator fun invoke(init: Builder.() -> Unit) } }`: that invoke.
  // `singleOf(::Repo)` with `Module.singleOf(constructor: (T1) -> R)` beside `(T1, T2) -> R`: the one taking as many as Repo's constructor.
  calls: {
    valuesHoldWhatRuns: true, importsBindOverloads: true, companionCall: 'invoke', companionCallUnconstructible: true,
    constructorReferences: { written: FUNCTION, typed: (arity) => `${FUNCTION}${arity}` },
  },
  // `addProperty("x", name())` with `fun name(): String`: a String, which no `addProperty(String, TypeName)` takes;
  // a result declared `Any` is of some class the code does not state.
  outsideArgumentTypes: (name) => name !== 'Any',
  // An enum class extends `Enum`, outside the workspace.
  implicitOutsideBase: (declaration) => declaration.kind === 'enum',
  // `class ClassName : TypeName(), Comparable<ClassName>` passed to `addProperty(type: TypeName)` beside
  // `addProperty(type: java.lang.reflect.Type)`: kotlin.Comparable extends nothing, so ClassName is no Type.
  closedOutsideSupertypes: new Set(['Comparable', 'Cloneable']),
  // `koinApplication { }` beside `koinApplication(configuration: KoinConfiguration?)`: a lambda is no instance of a class.
  functionValueArgument: isFunctionType,
  members: {
    // `class A : I` where I's functions have bodies: A has them (the supertype list does not say which is a class).
    inheritsImplemented: true,
    // `fun String.slug()` called as `name.slug()` with `name: String`.
    extendsOutsideTypes: true,
    standardOutsideExtensions: STANDARD_COLLECTION_EXTENSIONS,
    // `sb.appendHTML()` with `sb: StringBuilder` and `fun Appendable.appendHTML()`: the standard types' own bases.
    // (`Any` last: `"x".toValue()` with `fun Any?.toValue()`.)
    outsideSupertypes: {
      StringBuilder: ['Appendable', 'CharSequence'],
      String: ['CharSequence', 'Comparable', 'Any'],
      MutableList: ['List', 'MutableCollection', 'Collection', 'Iterable'],
      ArrayList: ['MutableList', 'List', 'MutableCollection', 'Collection', 'Iterable'],
      List: ['Collection', 'Iterable'],
      Set: ['Collection', 'Iterable'],
      MutableSet: ['Set', 'MutableCollection', 'Collection', 'Iterable'],
      Collection: ['Iterable'],
      MutableMap: ['Map'],
      HashMap: ['MutableMap', 'Map'],
    },
    // `items.mapToUi()` with items of an unproven type, `start()` in a lambda with a receiver: an extension is called only where imported or declared in the package.
    extensionsInScope: true,
    // `build { add() }` with `fun build(block: Builder.() -> Unit)`: Builder's add if it has one, else the scopes around.
    blockReceiversFallBack: true,
    // `val n by option("-n").int()` in a command class, `currentContext().localization`: a bare call in a stated type is a
    // member of the class around (inherited, or an extension of one of its supertypes) where it has one.
    implicitSelfInTypes: true,
    // `Foo::class.toSpec()` in a test whose base class declares `fun KClass<*>.toSpec()`; `name.member("X")` with
    // `import a.MemberName.Companion.member`: the member extension of the receiver's type in scope.
    memberExtensions: true,
    // `transformAll(it)` with `val transformAll: AllTransformer` beside `fun C.transformAll(…)`: the property's value runs.
    valuesBeforeExtensions: true,
  },
});
