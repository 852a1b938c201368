/**
 * How Dart binds names, for the shared resolver: `this` and `super`, a bare call inside a class
 * meaning a member of that class (or of a proven base: `extends` and `with`) before a top-level
 * name, and no name outside what the library, its part files and its imports bind (an unknown
 * name is a compile error). A library's private names (`_x`) are never imported; a getter is
 * read, not called (`obj.getter()` calls what it returns).
 */
import type { Declaration } from '../../model/extraction.js';
import { defineNameBinding } from '../../model/language-support.js';

/** Getters and setters are written `get name` / `set name` in the signatures the extractor records. */
const ACCESSOR = /^(?:(?:static|external|abstract)\s+)*(?:[\w.<>?,\s]+\s+)?(?:get|set)\s+[\w$]+/;

export const dartNameBinding = defineNameBinding({
  instanceReceivers: ['this'],
  classReceivers: [],
  superReceiver: 'super',
  lookup: ['class-members', 'scoped-imports', 'enclosing-namespaces', 'module-scope', 'package', 'package-shared-imports'],
  isAccessor: (declaration: Declaration) => (declaration.kind === 'method' || declaration.kind === 'function') && ACCESSOR.test(declaration.signature ?? ''),
  // Library-private names are visible only inside their library (the file and its parts).
  hiddenFromStarImport: (name: string) => name.startsWith('_'),
  // `extension WatchContext on BuildContext { T watch<T>() … }`: callable on a value of that framework type.
  members: { extendsOutsideTypes: true },
});
