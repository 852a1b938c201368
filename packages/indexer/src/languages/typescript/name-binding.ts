/**
 * How TypeScript and JavaScript bind names, for the shared resolver: `this` and `super`, no
 * implicit `this` for bare calls, and one global scope shared by scripts and ambient declarations
 * (so a bare name no module binds may be the one workspace declaration of that name).
 */
import { defineNameBinding } from '../../model/language-support.js';

export const ecmascriptNameBinding = defineNameBinding({
  instanceReceivers: ['this'],
  classReceivers: [],
  superReceiver: 'super',
  lookup: ['scoped-imports', 'enclosing-namespaces', 'module-scope', 'workspace-unique'],
  moduleScope: { defaultExport: 'default' },
  // `Foo.prototype.m = function …`, `app.use = function …` (extracted as methods of `Foo`, `app`).
  declarations: { assignedMembers: true },
  // `fn.call(this, a)`, `utils.merge.apply(null, args)`: run `fn`, `utils.merge`.
  calls: { invokers: ['call', 'apply'] },
  // Getters are not called as `obj.x()`; the extractor records them as their value's type instead.
  hiddenFromStarImport: (name: string) => name === 'default',
});
