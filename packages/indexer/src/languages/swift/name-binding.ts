/**
 * How Swift binds names, for the shared resolver: `self` and `super`, a bare call meaning a member
 * of the enclosing type (or of a proven base, or of a protocol extension the type conforms to), no
 * name outside what scopes, the module's files and imported modules bind. Argument labels are part
 * of a function's name: each parameter type is written `label:Type` (`_` for none) and each argument
 * `label:Type`, so an overload whose labels differ never fits (`f(x:)` is not `f(y:)`); a trailing
 * closure's label is unknown (`*`).
 */
import { defineNameBinding, type ArgumentFit } from '../../model/language-support.js';

function split(entry: string): [string, string] {
  const colon = entry.indexOf(':');
  return colon < 0 ? ['*', entry] : [entry.slice(0, colon).replace('...', ''), entry.slice(colon + 1)];
}

/** `paths...:String`: a variadic parameter (declarations.ts writes its label so). */
function isVariadic(entry: string): boolean {
  const colon = entry.indexOf(':');
  return colon > 0 && entry.slice(0, colon).includes('...');
}

/** `UIControl.Event` → `Event`: types are compared by their simple names (an implicit member `.name` stays whole). */
function simpleName(type: string): string {
  return type.startsWith('.') ? type : type.slice(type.lastIndexOf('.') + 1);
}

/** Standard value types, whose metatypes (`Int.self`) fit no other one's parameter. */
const STANDARD_METATYPES: ReadonlySet<string> = new Set([
  'Int', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt', 'UInt8', 'UInt16', 'UInt32', 'UInt64', 'Double', 'Float', 'Bool', 'String', 'Character',
  'Date', 'Data', 'URL', 'UUID', 'Decimal',
]);

/** Standard types no closure converts to. */
const NOT_FUNCTIONS: ReadonlySet<string> = new Set([
  'KeyPath', 'WritableKeyPath', 'ReferenceWritableKeyPath', 'PartialKeyPath', 'AnyKeyPath',
  'Array', 'Dictionary', 'Set', 'String', 'Int', 'Double', 'Float', 'Bool', 'Character', 'Data', 'URL',
]);

export function swiftArgumentFits(argument: string | null, parameter: string): ArgumentFit {
  if (argument === null) return 'unknown';
  const [written, statedParameter] = split(parameter);
  const [argumentLabel, qualifiedArgument] = split(argument);
  // `some Sequence`: a type parameter bound to a protocol (declarations.ts), which no closure conforms to; else any type.
  const bounded = statedParameter.startsWith('some ');
  if (bounded && argumentLabel === '*' && qualifiedArgument === '?') return 'no';
  const qualifiedParameter = bounded ? '*' : statedParameter;
  const parameterType = simpleName(qualifiedParameter);
  const argumentType = simpleName(qualifiedArgument);
  const defaulted = written.endsWith('=');
  const parameterLabel = defaulted ? written.slice(0, -1) : written;
  if (argumentLabel !== '*' && parameterLabel !== '*' && argumentLabel !== parameterLabel) {
    // Labels are compared by position: a parameter with a default value may be skipped, so the argument may be a later one's.
    return defaulted ? 'unknown' : 'no';
  }
  // A trailing closure is a function: never a key path, a collection or a standard value (a named type may alias a function type).
  if (argumentLabel === '*' && argumentType === '?' && NOT_FUNCTIONS.has(parameterType)) return 'no';
  // A label written at the call that names this parameter is the match Swift makes, whatever the value's type.
  // An implicit member (`.x`) states no type of its own either: `implicitMember` weighs it against the parameter's type.
  // A key path literal is whichever key path type the parameter states (it may convert to a function too).
  if (argumentType === '\\') return /KeyPath$/.test(parameterType) ? 'exact' : argumentLabel !== '_' && argumentLabel !== '*' ? 'exact' : 'unknown';
  // Every value converts to `Any`, whatever its type (a subscript's element, an unproven local).
  if (parameterType === 'Any' && argumentLabel === '_' && argumentType === '?') return 'converts';
  if (argumentType === '?' || argumentType.startsWith('.') || parameterType === '?' || parameterType === '*') return argumentLabel !== '_' && argumentLabel !== '*' ? 'exact' : 'unknown';
  if (argumentType === parameterType) return argumentLabel === '*' ? 'unknown' : 'exact';
  // `Int.self` is no `UInt.Type`: the standard value types' metatypes convert to no other one's.
  const metatypes = [argumentType, parameterType].map((type) => /^Type<(\w+)>$/.exec(type)?.[1]);
  if (metatypes.every((type) => type !== undefined && STANDARD_METATYPES.has(type))) return 'no';
  if (parameterType === 'Any') return 'converts';
  // An array or dictionary parameter takes only an array or dictionary (or a literal of one): a value of a named type is none.
  if ((parameterType === 'Array' || parameterType === 'Dictionary') && argumentType !== 'Array' && argumentType !== 'Dictionary'
    && /^[A-Z]/.test(argumentType) && argumentType !== 'Self') return 'no';
  // Swift converts no value type implicitly (an Int literal aside, which the extraction types `Int`).
  const VALUE = ['Int', 'Double', 'Float', 'Bool', 'String'];
  if (VALUE.includes(argumentType) && VALUE.includes(parameterType)) return argumentType === 'Int' && (parameterType === 'Double' || parameterType === 'Float') ? 'converts' : 'no';
  return 'unknown';
}

/** `of:.comment` against `of:TokenType`: member `comment` of TokenType (calls.ts writes an implicit member argument `.name`). */
export function swiftImplicitMember(argument: string, parameter: string): { member: string; type: string } | undefined {
  const [argumentLabel, argumentType] = split(argument);
  const [written, parameterType] = split(parameter);
  // Only the parameter the argument's label names (labels are compared first, by argumentFits).
  const parameterLabel = written.endsWith('=') ? written.slice(0, -1) : written;
  if (argumentLabel !== '*' && parameterLabel !== '*' && argumentLabel !== parameterLabel) return undefined;
  // A qualified parameter type (`UIControl.Event`) is not looked up by its simple name, which may be another type's.
  if (!argumentType.startsWith('.') || !/^[A-Za-z_]\w*$/.test(parameterType)) return undefined;
  // `.some(x)` / `.none` of an optional parameter, and an enum's implicit `init(rawValue:)`, are no members the enum writes.
  if (['.some', '.none', '.init'].includes(argumentType)) return undefined;
  return { member: argumentType.slice(1), type: parameterType };
}

/** The initialiser through which a literal of each standard type becomes a value of another type (`ExpressibleByStringLiteral`). */
const LITERAL_INITIALIZERS: Readonly<Record<string, string>> = {
  String: 'stringLiteral', Int: 'integerLiteral', Double: 'floatLiteral', Bool: 'booleanLiteral', Array: 'arrayLiteral', Dictionary: 'dictionaryLiteral',
};

/**
 * Foundation's value types no literal writes: a value of one becomes no type of the workspace (Swift converts no
 * value implicitly; a struct or enum has no subtypes, a class of the workspace no outside subclass).
 */
const UNCONVERTED_VALUES: ReadonlySet<string> = new Set(['URL', 'URLRequest', 'UUID']);

/** No initialiser's first label: what a value of an unconverted type would need. */
const NO_INITIALIZER = '(none)';

/** `_:String` against `_:Endpoint`: Endpoint takes a string only through `init(stringLiteral:)` (a String value not even then). */
export function swiftLiteralConversion(argument: string, parameter: string): { type: string; initializer: string } | undefined {
  const [, argumentType] = split(argument);
  const [, parameterType] = split(parameter);
  const initializer = UNCONVERTED_VALUES.has(argumentType) ? NO_INITIALIZER : LITERAL_INITIALIZERS[argumentType];
  return initializer && /^[A-Z]\w*$/.test(parameterType) && !(parameterType in LITERAL_INITIALIZERS) ? { type: parameterType, initializer } : undefined;
}

/**
 * `_:Endpoint` → Endpoint: the type an argument is compared with where its label is the parameter's (`for:Endpoint` takes
 * `for: request`, never an unlabelled one); a trailing closure's unknown label fills no parameter compared so.
 */
export function swiftParameterTypeName(parameter: string, argument = '_:'): string | undefined {
  const [written, type] = split(parameter);
  const [label] = split(argument);
  // `some P` / `any P` (a generic parameter `T: P` is recorded so) takes what conforms to P: compared with P.
  return label !== '*' && written.replace(/=$/, '') === label ? type.replace(/^(?:some|any)\s+/, '') : undefined;
}

/**
 * Swift matches a call's labels to the parameters in order, skipping only parameters with default values, and every
 * parameter left must have one: `f(withCount: 4) { … }` is no `f(file: String = #file, body: …)`. A trailing closure
 * (`*`) fills the next parameter that may take a function (its type unstated here, `?`, or a type parameter), the
 * defaulted ones before it skipped; else the last one. The parameter each argument fills; false where none fits;
 * a variadic candidate is not matched (undefined).
 */
export function swiftMatchArguments(argumentTypes: ReadonlyArray<string | null>, parameterTypes: readonly string[], variadic: boolean): readonly number[] | false | undefined {
  if (argumentTypes.some((argument) => argument === null)) return undefined;
  // A variadic parameter written before this format marked it (`...`) is not matched.
  if (variadic && !parameterTypes.some(isVariadic)) return undefined;
  const parameters = parameterTypes.map((entry) => {
    const [written, type] = split(entry);
    const defaulted = written.endsWith('=');
    return { label: defaulted ? written.slice(0, -1) : written, defaulted, type, variadic: isVariadic(entry) };
  });
  // A defaulted parameter that may take a function is passed over when a later one that must have a value may take it
  // (SE-0286's forward scan): `withApp(configure: F? = nil, _ body: F) { app in … }` fills `body`.
  const takesFunction = (parameter: { type: string }) => parameter.type === '?' || parameter.type === '*';
  // A variadic parameter may take no value at all.
  const skippable = (from: number, to: number) => parameters.slice(from, to).every((parameter) => parameter.defaulted || parameter.variadic);
  const filled: number[] = [];
  let next = 0;
  for (const argument of argumentTypes) {
    const [label] = split(argument!);
    if (label === '*') {
      let at = next;
      while (at < parameters.length && parameters[at].defaulted
        && (!takesFunction(parameters[at]) || parameters.slice(at + 1).some((later) => !later.defaulted && !later.variadic && takesFunction(later)))) at++;
      if (at >= parameters.length) {
        at = parameters.length - 1;
        if (at < next || !skippable(next, at)) return false;
      }
      filled.push(at);
      next = at + 1;
      continue;
    }
    // `on("a", "b")`: an unlabelled argument after the one a variadic parameter took is another of its values.
    const previous = filled.length > 0 ? filled[filled.length - 1] : -1;
    if (label === '_' && previous >= 0 && previous === next - 1 && parameters[previous].variadic) {
      filled.push(previous);
      continue;
    }
    while (next < parameters.length && parameters[next].label !== label) {
      if (!parameters[next].defaulted && !parameters[next].variadic) return false;
      next++;
    }
    if (next >= parameters.length) return false;
    filled.push(next++);
  }
  return skippable(next, parameters.length) ? filled : false;
}

export const swiftNameBinding = defineNameBinding({
  instanceReceivers: ['self'],
  classReceivers: [],
  superReceiver: 'super',
  // A protocol extension's methods are the default implementations of every conforming type.
  // `extension String { … }`: members of a type the workspace does not declare, for values stated to be of it.
  members: {
    inheritsImplemented: true,
    // `monitor.request(r, didSuspendTask: t)` on `any EventMonitor`: the requirement, not the extension's default for it.
    requirementsDispatch: true,
    // `request(.status(200))`: `any URLConvertible` has no `status`; an overload taking `Endpoint` (declaring it) is meant.
    protocolImplicitMembers: true,
    // `let r = make()`, `perform { $0.f() }` in a type's code: `make` and `perform` are members first (implicit `self`).
    implicitSelfInTypes: true,
    extendsOutsideTypes: true,
    // `extension Logger { struct Entry {} }`: `Logger.Entry`, and `Entry` in the file as before.
    attachedTypesByName: true,
    // The standard and XCTest types whose bases an extension in the workspace commonly names.
    outsideSupertypes: {
      XCTestCase: ['XCTest', 'NSObject'],
      // The standard collections and the protocols a workspace's `extension Collection where Element == String { … }` extends.
      String: ['StringProtocol', 'RangeReplaceableCollection', 'BidirectionalCollection', 'Collection', 'Sequence'],
      Substring: ['StringProtocol', 'RangeReplaceableCollection', 'BidirectionalCollection', 'Collection', 'Sequence'],
      Array: ['RandomAccessCollection', 'MutableCollection', 'RangeReplaceableCollection', 'BidirectionalCollection', 'Collection', 'Sequence'],
      Set: ['SetAlgebra', 'Collection', 'Sequence'], Dictionary: ['Collection', 'Sequence'],
      // UIKit's and AppKit's view classes a workspace subclasses, whose bases it extends (`extension UIView { … }`).
      UIImageView: ['UIView', 'UIResponder', 'NSObject'], UILabel: ['UIView', 'UIResponder', 'NSObject'],
      UIButton: ['UIControl', 'UIView', 'UIResponder', 'NSObject'], UIControl: ['UIView', 'UIResponder', 'NSObject'],
      UIScrollView: ['UIView', 'UIResponder', 'NSObject'], UITableView: ['UIScrollView', 'UIView', 'UIResponder', 'NSObject'],
      UICollectionView: ['UIScrollView', 'UIView', 'UIResponder', 'NSObject'], UIView: ['UIResponder', 'NSObject'],
      UIViewController: ['UIResponder', 'NSObject'],
      NSImageView: ['NSControl', 'NSView', 'NSResponder', 'NSObject'], NSButton: ['NSControl', 'NSView', 'NSResponder', 'NSObject'],
      NSControl: ['NSView', 'NSResponder', 'NSObject'], NSView: ['NSResponder', 'NSObject'], NSViewController: ['NSResponder', 'NSObject'],
    },
  },
  // `struct Probe {}` in a test function: `Probe()` there, and the members of a value of it.
  lookup: ['function-local-types', 'class-members', 'scoped-imports', 'enclosing-namespaces', 'module-scope', 'package', 'package-wildcard-imports'],
  // `obj.handler()` calls the closure a property holds: the property is read, not called.
  isAccessor: (declaration) => declaration.kind === 'property',
  argumentFits: swiftArgumentFits,
  // Labels are part of the name: the one overload of a call's count whose labels differ is not called.
  argumentsMustFit: true,
  // `try await app.test(…)` is the async overload, `try app.test(…)` the synchronous one.
  awaitSelectsAsync: true,
  // `request(e)` beside `request(e, parameters: p = nil)`: the overload taking the call's arguments with the fewest parameters.
  defaultsLoseOverloads: true,
  // `upload(data, with: request)` beside `upload(fileURL, with: request)`: where the overloads share a parameter type (the
  // labelled `with:` an existential both take alike), the one the differing argument fits exactly wins — Swift converts
  // no value to another nominal type, and an exact type outranks an upcast or an existential.
  exactAtDifferingPositions: true,
  // A defaulted parameter (`interceptor=:`) is the same parameter type as one without a default where they are compared.
  comparedParameterType: (parameter) => parameter.replace(/=:/, ':'),
  matchArguments: swiftMatchArguments,
  implicitMember: swiftImplicitMember,
  literalConversion: swiftLiteralConversion,
  parameterTypeName: swiftParameterTypeName,
  // `.collected(body)`, `Body.stream(n)`: a case with associated values is called to construct the enum.
  // `HTTPURLResponse(statusCode: 205)`: an `init` an extension declares for a framework type, which the labels name.
  // `Status(rawValue: 1)`: an enum called is constructed (by its raw value, or an `init` it declares).
  // `Container.shared.service()` with `var service: Factory<S>`: the value's `callAsFunction` (SE-0253), picked by the arguments.
  calls: { enumCasesConstruct: true, outsideInitializer: 'init', enumsConstruct: true, valuesApply: 'callAsFunction' },
  // A struct or enum has no base class; a class with no stated base has none either (NSObject aside).
  implicitOutsideBase: (declaration) => declaration.kind === 'enum' || declaration.kind === 'struct',
});
