/**
 * How Zig binds names, for the shared resolver. A method's receiver is an explicit first parameter
 * whose type the code states (`self: *Self`), so `self.m()` resolves as a call on a typed value; a
 * bare name inside a struct may mean one of the struct's own declarations (container scope: the
 * `class-members` lookup step); a dotted name's head may be a declaration of any enclosing container
 * (`enclosing-containers`: `Timeout.init()` beside `const Timeout = struct {…}`), else of the file;
 * `@import` binds files; a type declared in a function body (`const T = struct {…}` in a test) is found by its
 * name from inside that function (`function-local-types`), so a value of it has members. A name nothing binds means nothing (it would not compile).
 */
import { defineNameBinding } from '../../model/language-support.js';

export const zigNameBinding = defineNameBinding({
  instanceReceivers: [],
  classReceivers: [],
  superReceiver: null,
  lookup: ['function-local-types', 'class-members', 'scoped-imports', 'enclosing-containers', 'module-scope'],
});
