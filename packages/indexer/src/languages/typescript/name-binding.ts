/**
 * How TypeScript and JavaScript bind names, for the shared resolver: `this` and `super`, no
 * implicit `this` for bare calls, and one global scope shared by scripts and ambient declarations
 * (so a bare name no module binds may be the one workspace declaration of that name).
 */
import type { Declaration, FileExtraction } from '../../model/extraction.js';
import { defineNameBinding } from '../../model/language-support.js';

export const ecmascriptNameBinding = defineNameBinding({
  instanceReceivers: ['this'],
  classReceivers: [],
  superReceiver: 'super',
  // `Cypress.Chainable` where a `.d.ts` script declares `namespace Cypress`: scripts share one global scope.
  lookup: ['scoped-imports', 'enclosing-namespaces', 'module-scope', 'script-globals', 'workspace-unique'],
  moduleScope: { defaultExport: 'default' },
  // `Foo.prototype.m = function …`, `app.use = function …` (extracted as methods of `Foo`, `app`).
  declarations: { assignedMembers: true },
  // A class's statics are reached through the class, its instance members through an instance: never the other kind.
  members: { staticApart: true },
  // `fn.call(this, a)`, `utils.merge.apply(null, args)`: run `fn`, `utils.merge`. `const { rawQuery } = prisma;
  // rawQuery()` in a function: `prisma.rawQuery()`.
  // `new AjvClass()` of `const AjvClass = cond ? a : b`: the class it evaluates to, never the const.
  calls: { invokers: ['call', 'apply'], destructuredMembersThroughChain: true, constructsNoHeldValue: true },
  // Getters are not called as `obj.x()`; the extractor records them as their value's type instead.
  hiddenFromStarImport: (name: string) => name === 'default',
  // A module — a file that imports or exports, a CommonJS `require` or `module.exports` included — has a scope
  // of its own: only a classic script's (or an ambient `.d.ts`'s) top-level declarations are global names.
  // `declare global { namespace Cypress { … } }` in a module declares into the global scope.
  fileLocal: (declaration: Declaration, _path: string, file: FileExtraction) => isModule(file) && !declaration.declaresGlobal,
});

const moduleFiles = new WeakMap<FileExtraction, boolean>();

/** Does the file import or export (`export function f`, `export { a }`, `import`, `require('x')`, `module.exports`)? */
function isModule(file: FileExtraction): boolean {
  let known = moduleFiles.get(file);
  if (known === undefined) {
    // An import inside a namespace (`declare namespace Cypress { import { User } from '../models' }`) makes no module.
    known = file.imports.some((statement) => !insideNamespace(file, statement.declaration)) || file.exports.length > 0
      || file.declarations.some((decl) => decl.parent === null && decl.isExported === true);
    moduleFiles.set(file, known);
  }
  return known;
}

function insideNamespace(file: FileExtraction, localId: number): boolean {
  const parent = file.declarations[localId]?.parent;
  return parent !== null && parent !== undefined && file.declarations[parent]?.kind === 'namespace';
}
