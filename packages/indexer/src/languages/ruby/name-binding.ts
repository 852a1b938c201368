/**
 * How Ruby binds names, for the shared resolver: `self` is the receiver (the class itself in
 * `def self.m` and `class << self`), a bare `super` calls the superclass's method of the same name,
 * a bare call inside a class may mean `self.m()`, classes and modules are open (reopened in any file:
 * one class), constants are global (a top-level class or module is seen from every file), and a
 * top-level `def` is callable from anywhere — the workspace's one declaration of a name no scope binds
 * (a top-level `def self.m`, a singleton method of the main object, only from its own file).
 * A method a class defines twice (in each branch of an `if`) is ambiguous: a call of it links to neither.
 * A bare call written in a class body runs on the class: its class methods, never an instance method.
 * A bare call in an RSpec example may mean a method of the modules `config.include` mixes into every example.
 * A bare call in a mixin module that the module does not declare means what every includer has by that name (all agreeing).
 * A constant no lexical scope binds may be one a module the class around includes declares (`include Liquid`).
 */
import { defineNameBinding } from '../../model/language-support.js';

export const rubyNameBinding = defineNameBinding({
  instanceReceivers: ['self'],
  classReceivers: [],
  superReceiver: 'super',
  lookup: ['class-members', 'scoped-imports', 'reopened-scopes', 'module-scope', 'global-constants', 'mixed-in-constants', 'ambient-mixins', 'workspace-unique'],
  declarations: { open: true, redefinitionsAmbiguous: true },
  members: { staticApart: true, includersLend: true, bodyRunsOnClass: true },
  constantsThroughMixins: true,
  // A top-level `def self.m` is a singleton method of the main object, called only from its own file's top level.
  fileLocal: (declaration) => declaration.kind === 'function' && declaration.isStatic === true,
  // `Hash[…]` / `Array[…]` on a subclass build that subclass.
  outsideBaseBuilders: { '[]': ['Hash', 'Array', 'Set'] },
});
