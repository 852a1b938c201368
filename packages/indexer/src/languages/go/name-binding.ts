/**
 * How Go binds names, for the shared resolver. There is no `this`: a method's receiver is an
 * ordinary parameter whose type the code states (`func (s *Server) M()`), so `s.m()` resolves as
 * a call on a typed value. A name that no scope, file, package or dot import binds means nothing
 * (it would not compile), and a call of a type is a conversion (`T(x)`), not a call.
 */
import { defineNameBinding } from '../../model/language-support.js';

export const goNameBinding = defineNameBinding({
  instanceReceivers: [],
  classReceivers: [],
  superReceiver: null,
  lookup: ['scoped-imports', 'enclosing-namespaces', 'module-scope', 'package', 'package-wildcard-imports'],
  calls: { typeConverts: true },
  // A dot import brings in the package's exported names only.
  hiddenFromStarImport: (name: string) => !/^\p{Lu}/u.test(name),
});
