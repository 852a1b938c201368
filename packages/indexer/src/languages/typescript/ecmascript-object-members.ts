/**
 * Module-level constants holding an object literal (`export const currentUser = { hasPermission(p) {…}, isAdmin() {…} }`,
 * `const helpers = { a: function () {…} }`): the literal's functions are the constant's members, so
 * `currentUser.hasPermission()` (here or through an import) links to the one written there, and `this.isAdmin()` in
 * a method of the literal (not in an arrow, whose `this` is the module's) to its sibling. A constant whose type is
 * annotated is a value of that type instead: what the annotation declares is what its calls mean.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { declareWrittenMember, memberFunction } from './ecmascript-returned-objects.js';
import { compactText, namingEntry } from './ecmascript-syntax.js';
import type { EcmascriptContext, EcmascriptWalk } from './file-state.js';

/** Declares the functions of `object` as members of the constant `owner`; walks every other entry as the constant's. */
export function declareObjectMembers(owner: number, object: SyntaxNode, ctx: EcmascriptContext, walk: EcmascriptWalk): void {
  const memberCtx: EcmascriptContext = { ...ctx, container: owner };
  const entryCtx: EcmascriptContext = { ...ctx, pendingOwner: owner };
  for (const entry of object.namedChildren) {
    if (!entry || entry.type === 'comment') continue;
    const written = memberFunction(entry);
    if (written) {
      declareWrittenMember(entry, written, memberCtx, entryCtx, walk, written.fn.type !== 'arrow_function');
      continue;
    }
    const named = namedEntry(entry, ctx);
    // `const User = { enableUser, stop: disableUser }` of module-level functions or imports: second names for them in
    // JavaScript. TypeScript's checker names the property itself as what `User.enableUser()` calls: there, the entry.
    const second = ctx.file.typeChecked ? {} : { aliasOf: [named?.name ?? ''], callsRunHeldValue: true };
    if (named) ctx.file.addDeclaration('method', named.key, entry, memberCtx, { signature: compactText(entry.text, 200), ...second });
    walk.push(entry, entryCtx);
  }
}

/**
 * `{ enableUser }`, `{ stop: disableUser }` naming a module-level function (declared anywhere in the file: functions
 * are hoisted), a module-level declaration made before the literal, or an import: the key and the name. A name the
 * file does not declare at module level (a global) is none.
 */
function namedEntry(entry: SyntaxNode, ctx: EcmascriptContext): { key: string; name: string } | undefined {
  const named = namingEntry(entry);
  if (!named) return undefined;
  const { key, name } = named;
  const file = ctx.file;
  return file.topLevelByName.has(name) || file.importsName(name) || hoistedFunction(entry, name) ? { key, name } : undefined;
}

/** Whether the program declares `function name` at module level (exported or not). */
function hoistedFunction(node: SyntaxNode, name: string): boolean {
  let program: SyntaxNode | null = node;
  while (program && program.type !== 'program') program = program.parent;
  for (const statement of program?.namedChildren ?? []) {
    const declaration = statement?.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
    if ((declaration?.type === 'function_declaration' || declaration?.type === 'generator_function_declaration')
      && declaration.childForFieldName('name')?.text === name) return true;
  }
  return false;
}
