/**
 * Module-level constants holding an object literal (`export const currentUser = { hasPermission(p) {…}, isAdmin() {…} }`,
 * `const helpers = { a: function () {…} }`): the literal's functions are the constant's members, so
 * `currentUser.hasPermission()` (here or through an import) links to the one written there, and `this.isAdmin()` in
 * a method of the literal (not in an arrow, whose `this` is the module's) to its sibling. A constant whose type is
 * annotated is a value of that type instead: what the annotation declares is what its calls mean.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { declareWrittenMember, memberFunction } from './ecmascript-returned-objects.js';
import type { EcmascriptContext, EcmascriptWalk } from './file-state.js';

/** Declares the functions of `object` as members of the constant `owner`; walks every other entry as the constant's. */
export function declareObjectMembers(owner: number, object: SyntaxNode, ctx: EcmascriptContext, walk: EcmascriptWalk): void {
  const memberCtx: EcmascriptContext = { ...ctx, container: owner };
  const entryCtx: EcmascriptContext = { ...ctx, pendingOwner: owner };
  for (const entry of object.namedChildren) {
    if (!entry || entry.type === 'comment') continue;
    const written = memberFunction(entry);
    if (written) declareWrittenMember(entry, written, memberCtx, entryCtx, walk, written.fn.type !== 'arrow_function');
    else walk.push(entry, entryCtx);
  }
}
