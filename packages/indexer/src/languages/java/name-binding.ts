/**
 * How Java binds names, for the shared resolver: `this` and `super`, a bare call meaning a member
 * of the enclosing class (or of a proven base, or of an enclosing class further out), no name
 * outside what scopes, imports and the package bind (an unknown name is a compile error), and the
 * conversions method invocation applies when it picks an overload (JLS 5.3: identity, primitive
 * widening, boxing then widening to a supertype, unboxing then widening, any reference to Object).
 */
import { defineNameBinding, type ArgumentFit } from '../../model/language-support.js';

/** Primitive widening (JLS 5.1.2): each type and the types it widens to. */
const WIDENS_TO: Readonly<Record<string, readonly string[]>> = {
  byte: ['short', 'int', 'long', 'float', 'double'],
  short: ['int', 'long', 'float', 'double'],
  char: ['int', 'long', 'float', 'double'],
  int: ['long', 'float', 'double'],
  long: ['float', 'double'],
  float: ['double'],
  double: [],
  boolean: [],
};
const BOXES: Readonly<Record<string, string>> = {
  byte: 'Byte', short: 'Short', char: 'Character', int: 'Integer', long: 'Long', float: 'Float', double: 'Double', boolean: 'Boolean',
};
const UNBOXES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(BOXES).map(([p, b]) => [b, p]));
/** Supertypes of the final types an argument is often proven to be: nothing else accepts them. */
const FINAL_SUPERTYPES: Readonly<Record<string, readonly string[]>> = {
  String: ['CharSequence', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc'],
  Class: ['Type', 'GenericDeclaration', 'AnnotatedElement', 'Serializable', 'TypeDescriptor', 'OfField', 'Constable'],
  Integer: ['Number', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc'],
  Long: ['Number', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc'],
  Double: ['Number', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc'],
  Float: ['Number', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc'],
  Short: ['Number', 'Comparable', 'Serializable', 'Constable'],
  Byte: ['Number', 'Comparable', 'Serializable', 'Constable'],
  Character: ['Comparable', 'Serializable', 'Constable'],
  Boolean: ['Comparable', 'Serializable', 'Constable'],
};

/** A parameter of a type variable (written `*` by the extractor) takes any reference (a primitive boxed). */
const TYPE_VARIABLE = '*';

export function javaArgumentFits(argument: string | null, parameter: string): ArgumentFit {
  // Any value converts to Object (a primitive boxed); a type variable may be bounded.
  if (argument === null) return parameter === 'Object' ? 'converts' : 'unknown';
  if (argument === parameter) return 'exact';
  const argumentPrimitive = argument in WIDENS_TO;
  const parameterPrimitive = parameter in WIDENS_TO;
  if (parameter === TYPE_VARIABLE || parameter === 'Object') return argumentPrimitive ? 'boxes' : 'converts';
  if (argument === 'null') return parameterPrimitive ? 'no' : 'converts';
  if (argumentPrimitive) {
    if (parameterPrimitive) return WIDENS_TO[argument].includes(parameter) ? 'converts' : 'no';
    const boxed = BOXES[argument];
    return boxed === parameter || FINAL_SUPERTYPES[boxed]?.includes(parameter) ? 'boxes' : 'no';
  }
  if (parameterPrimitive) {
    const unboxed = UNBOXES[argument];
    if (unboxed !== undefined) return unboxed === parameter || WIDENS_TO[unboxed].includes(parameter) ? 'boxes' : 'no';
    // A reference that is no box (or an array) never becomes a primitive; an unknown class might be a box's subtype: none is (they are final).
    return 'no';
  }
  if (argument.endsWith('[]')) {
    if (parameter === '*[]' && !(argument.slice(0, -2) in WIDENS_TO)) return 'converts';
    return ['Cloneable', 'Serializable'].includes(parameter) ? 'converts' : parameter.endsWith('[]') ? 'unknown' : 'no';
  }
  if (parameter.endsWith('[]')) return 'no';
  const supertypes = FINAL_SUPERTYPES[argument];
  if (supertypes) return supertypes.includes(parameter) ? 'converts' : 'no';
  // A final class (String, a box, Class) takes only itself (and null).
  if (parameter in FINAL_SUPERTYPES) return 'no';
  return 'unknown';
}

export const javaNameBinding = defineNameBinding({
  instanceReceivers: ['this'],
  classReceivers: [],
  superReceiver: 'super',
  lookup: ['class-members', 'scoped-imports', 'enclosing-namespaces', 'module-scope', 'package', 'package-wildcard-imports'],
  argumentFits: javaArgumentFits,
  // `hasOption(opt.getOpt())` with `String getOpt()`: a String, which no `hasOption(Option)` takes; a result
  // declared `Object` is of some class the code does not state.
  outsideArgumentTypes: (name) => name !== 'Object',
  implicitOutsideBase: (declaration) => declaration.kind === 'enum' || /^(?:[\w@.]+\s+)*record\s/.test(declaration.signature ?? ''),
});
