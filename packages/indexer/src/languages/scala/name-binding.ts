/**
 * How Scala binds names, for the shared resolver: `this` and `super`, a bare call meaning a member
 * of the enclosing class, object or trait (or of a proven base, or of an enclosing one further out),
 * no name outside what scopes, imports and packages bind, and the widening overload resolution
 * applies to the standard value types (`Int` to `Long`, `Float`, `Double`), anything to `Any`.
 */
import { defineNameBinding, type ArgumentFit } from '../../model/language-support.js';

const WIDENS_TO: Readonly<Record<string, readonly string[]>> = {
  Byte: ['Short', 'Int', 'Long', 'Float', 'Double'],
  Short: ['Int', 'Long', 'Float', 'Double'],
  Char: ['Int', 'Long', 'Float', 'Double'],
  Int: ['Long', 'Float', 'Double'],
  Long: ['Float', 'Double'],
  Float: ['Double'],
  Double: [],
  Boolean: [],
};

/**
 * The standard collections an argument may be proven to be (`List(…)`, `xs.toVector`), with the standard types each is
 * (or converts to: an Array is wrapped as a Seq): to any other standard collection or value type it is no argument.
 */
const COLLECTIONS_ARE: Readonly<Record<string, readonly string[]>> = {
  List: ['Seq', 'LinearSeq', 'Iterable', 'IterableOnce', 'TraversableOnce', 'Traversable', 'AnyRef'],
  Stream: ['Seq', 'LinearSeq', 'Iterable', 'IterableOnce', 'TraversableOnce', 'Traversable', 'AnyRef'],
  LazyList: ['Seq', 'LinearSeq', 'Iterable', 'IterableOnce', 'TraversableOnce', 'Traversable', 'AnyRef'],
  Vector: ['Seq', 'IndexedSeq', 'Iterable', 'IterableOnce', 'TraversableOnce', 'Traversable', 'AnyRef'],
  IndexedSeq: ['Seq', 'Iterable', 'IterableOnce', 'TraversableOnce', 'Traversable', 'AnyRef'],
  Seq: ['Iterable', 'IterableOnce', 'TraversableOnce', 'Traversable', 'AnyRef'],
  Set: ['Iterable', 'IterableOnce', 'TraversableOnce', 'Traversable', 'AnyRef'],
  Map: ['Iterable', 'IterableOnce', 'TraversableOnce', 'Traversable', 'AnyRef'],
  Array: ['Seq', 'IndexedSeq', 'Iterable', 'IterableOnce', 'TraversableOnce', 'AnyRef'],
};
const STANDARD_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(COLLECTIONS_ARE), ...Object.values(COLLECTIONS_ARE).flat(), 'String', 'Option', 'Some', 'AnyVal',
  'Byte', 'Short', 'Char', 'Int', 'Long', 'Float', 'Double', 'Boolean',
]);

export function scalaArgumentFits(argument: string | null, parameter: string): ArgumentFit {
  if (parameter === 'Any') return 'converts';
  if (argument === null || parameter === '*') return 'unknown';
  if (argument === parameter) return 'exact';
  if (Object.hasOwn(COLLECTIONS_ARE, argument)) {
    if (COLLECTIONS_ARE[argument].includes(parameter)) return 'converts';
    // Another standard type: no; a workspace type (or one from a library) is the class hierarchy's to tell.
    return STANDARD_NAMES.has(parameter) ? 'no' : 'unknown';
  }
  if (argument in WIDENS_TO) {
    if (parameter in WIDENS_TO) return WIDENS_TO[argument].includes(parameter) ? 'converts' : 'no';
    return parameter === 'AnyVal' ? 'converts' : parameter === 'String' ? 'no' : 'unknown';
  }
  if (argument === 'String') return parameter in WIDENS_TO ? 'no' : parameter === 'AnyRef' ? 'converts' : 'unknown';
  return 'unknown';
}

/** Whether a def's header takes no list a call writes: a context bound (`[$: P]`) or an implicit / using first list. */
function passedByCompiler(signature: string | undefined): boolean {
  if (signature === undefined) return false;
  const open = signature.indexOf('(');
  // No list written at all: the parameter a def declares without one is its context bound's evidence.
  return open < 0 || /^\(\s*(?:implicit|using)\b/.test(signature.slice(open));
}

/**
 * What a String has itself: java.lang.String's methods, those of Scala's StringOps (and its collection operations) and
 * Any's. An implicit conversion is applied only for a member the value's type lacks, so none of these is ever converted.
 */
const STRING_MEMBERS: ReadonlySet<string> = new Set([
  // java.lang.String and Any / AnyRef
  'charAt', 'chars', 'codePointAt', 'codePointBefore', 'codePointCount', 'codePoints', 'compareTo', 'compareToIgnoreCase', 'concat',
  'contains', 'contentEquals', 'describeConstable', 'endsWith', 'equals', 'equalsIgnoreCase', 'formatted', 'getBytes', 'getChars',
  'getClass', 'hashCode', 'indent', 'indexOf', 'intern', 'isBlank', 'isEmpty', 'lastIndexOf', 'length', 'lines', 'matches',
  'offsetByCodePoints', 'regionMatches', 'repeat', 'replace', 'replaceAll', 'replaceFirst', 'resolveConstantDesc', 'split',
  'startsWith', 'strip', 'stripIndent', 'stripLeading', 'stripTrailing', 'subSequence', 'substring', 'toCharArray', 'toLowerCase',
  'toString', 'toUpperCase', 'transform', 'translateEscapes', 'trim', 'asInstanceOf', 'isInstanceOf', 'ne', 'eq', 'notify',
  'notifyAll', 'wait', 'synchronized', 'ensuring', 'formatted', 'nn',
  // StringOps / StringLike
  'apply', 'capitalize', 'format', 'formatLocal', 'linesIterator', 'linesWithSeparators', 'lines', 'r', 'stripLineEnd',
  'stripMargin', 'stripPrefix', 'stripSuffix', 'toBoolean', 'toBooleanOption', 'toByte', 'toByteOption', 'toDouble',
  'toDoubleOption', 'toFloat', 'toFloatOption', 'toInt', 'toIntOption', 'toLong', 'toLongOption', 'toShort', 'toShortOption',
  'split', 'replaceAllLiterally', 'escape', 'knownSize', 'sizeCompare', 'lengthCompare', 'padTo', 'patch', 'updated', 'view',
  'iterator', 'stepper', 'charStepper', 'codePointStepper', 'toArray', 'toList', 'toVector', 'toSeq', 'toSet', 'toIndexedSeq',
  'toBuffer', 'toIterable', 'toMap', 'toStream', 'mkString', 'addString', 'seq', 'repr', 'unwrap',
  // the collection operations StringOps gives a String
  'map', 'flatMap', 'filter', 'filterNot', 'withFilter', 'foreach', 'collect', 'collectFirst', 'exists', 'forall', 'find', 'count',
  'fold', 'foldLeft', 'foldRight', 'reduce', 'reduceLeft', 'reduceRight', 'reduceOption', 'scan', 'scanLeft', 'scanRight', 'head',
  'headOption', 'last', 'lastOption', 'tail', 'init', 'tails', 'inits', 'take', 'takeRight', 'takeWhile', 'drop', 'dropRight',
  'dropWhile', 'slice', 'splitAt', 'span', 'partition', 'partitionMap', 'groupBy', 'groupMap', 'grouped', 'sliding', 'sorted',
  'sortBy', 'sortWith', 'reverse', 'reverseIterator', 'distinct', 'distinctBy', 'diff', 'intersect', 'zip', 'zipWithIndex',
  'zipAll', 'lazyZip', 'indexWhere', 'lastIndexWhere', 'prefixLength', 'segmentLength', 'indices', 'isDefinedAt', 'lift',
  'nonEmpty', 'size', 'sum', 'product', 'min', 'max', 'minBy', 'maxBy', 'minOption', 'maxOption', 'combinations',
  'permutations', 'appended', 'appendedAll', 'prepended', 'prependedAll', 'concat', 'copyToArray', 'sameElements', 'corresponds',
  'startsWith', 'endsWith', 'contains', 'containsSlice', 'indexOfSlice', 'lastIndexOfSlice', 'search', 'headOption', 'to',
  'iterableFactory', 'empty', 'compare', 'compareTo', 'equals', 'hashCode',
]);

export const scalaNameBinding = defineNameBinding({
  instanceReceivers: ['this'],
  classReceivers: [],
  superReceiver: 'super',
  lookup: [
    'class-members', 'scoped-imports', 'enclosing-namespaces', 'module-scope', 'member-wildcard-imports', 'package', 'enclosing-packages',
    'package-wildcard-imports', 'package-objects', 'qualified-packages',
  ],
  // `package object p extends Api`: what it inherits is a member of package p (syntax.ts declares it so).
  packageObjectName: 'package',
  argumentFits: scalaArgumentFits,
  // `Json.parse(render(x))` with `def render(…): String`: a call's stated result of a standard value type is an argument of it.
  outsideArgumentTypes: (name) => name in WIDENS_TO || name === 'String',
  // `CompactPrinter(x)` with `apply(x: JsValue)` and `apply(x: JsValue, callback: Option[String] = None)`: the first.
  defaultsLoseOverloads: true,
  // `JsError(path, "msg")` with apply(p: JsPath, e: String) beside apply(p: JsPath, e: JsonValidationError): an implicit
  // view to JsonValidationError never beats the String identity.
  exactAtDifferingPositions: true,
  // `p: Parser[T]` in `trait RegexParsers extends Parsers`, `v: JValue` under `import JsonAST._`: member types.
  typeMembersByName: true,
  // `Foo(x)` is `Foo.apply(x)`: the companion's `apply` the arguments pick (a case class's generated one constructs Foo).
  // `whitespace(in)` with `def whitespace: Parser[Any]` evaluates whitespace, then applies its value: `Parser.apply`;
  // `that(key)` with a field `that: JsonObject` is `that.apply(key)`.
  // `getOwnerType()` of `def getOwnerType = owner` overriding a Java method: the def (no `apply()` on its result).
  calls: { companionCall: 'apply', valuesApply: 'apply', emptyCallRunsDef: true },
  // `def hcursor: HCursor` (no parameter list) is read like a value: `c.hcursor.downField(k)` calls a member of what it returns.
  // `def untyped = decodeKey` too: called with arguments, it is its result that is applied.
  // `val c = limitedSizeBits(n, codec)`, `fns(_.downN(0))`: a bare name in a stated type is the enclosing type's member
  // where it has one, else what the scopes bind.
  // `that(key)` with `that: JsonObject`: the class's `apply`, not its companion object's.
  // `class S extends Base with jackson.JsonMethods`: the mixin's concrete `render`, not Base's abstract one.
  // `"a".rep(…)`: a String's own members are known, so a member it lacks may be an implicit conversion's.
  members: { implicitSelfInTypes: true, companionsApart: true, laterBasesImplement: true, outsideOwnMembers: { String: STRING_MEMBERS } },
  isAccessor: (declaration) => (declaration.kind === 'method' || declaration.kind === 'function') && declaration.parameterTypes === undefined,
  // `def ws(implicit ctx: P[_])`, `def digits[$: P]`: a first list the compiler passes is no list a read writes out
  // (`digits.map(f)`), while `digits(ctx)` writes the evidence out: the def itself.
  readsAsValue: (declaration) => (declaration.kind === 'method' || declaration.kind === 'function')
    && declaration.requiredParameters === 0 && passedByCompiler(declaration.signature),
});
