/**
 * How Rust binds names, for the shared resolver. `self` is a method's receiver and `Self` its type
 * (`Self::new()` prefers associated functions); there is no `super` receiver and no implicit
 * `self`: a bare call names a function of the module, an import, or nothing. A name no scope,
 * module or `use` binds means nothing (it would not compile) — only the macros of a `#[macro_use]`
 * module reach across the files of a crate (the import resolver's `visibleInPackage`). A type has
 * its traits' default methods (`members.inheritsImplemented`).
 */
import { defineNameBinding } from '../../model/language-support.js';

export const rustNameBinding = defineNameBinding({
  instanceReceivers: ['self', 'Self'],
  classReceivers: ['Self'],
  superReceiver: null,
  lookup: ['scoped-imports', 'enclosing-namespaces', 'module-scope', 'package', 'implicit-modules'],
  // A glob import brings in every nameable item (private ones of an ancestor module too).
  // An item or an explicit `use` always wins over a glob import of the same name.
  moduleScope: { declarationsShadowWildcards: true },
  members: { inheritsImplemented: true },
  // `Match::Whitelist(glob)`, `DirEntry::Y(result)`: a tuple variant called constructs its enum.
  calls: { enumCasesConstruct: true },
});
