/**
 * JavaScript factories that take another factory's product and replace some of its methods before returning it
 * (`function priorityQueue(worker) { var q = queue(worker); q.push = function (data, priority) {…}; return q; }`):
 * the local becomes a declaration whose members are the functions assigned over it, and the factory `returnsLocal`
 * it, so `priorityQueue(fn).push(x)` links to the replacement. The members it keeps from the product are not
 * declared there: a call of one of them stays unresolved rather than reaching the wrong function.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { assignsName, returnedValues } from './ecmascript-held-values.js';
import { enclosingFunction } from './ecmascript-returned-objects.js';
import { compactText, FUNCTION_VALUE_TYPES, hasToken, headerText } from './ecmascript-syntax.js';
import type { EcmascriptContext, EcmascriptWalk } from './file-state.js';

/** Declares `name = make(…)` of a factory returning it with replaced methods; false (nothing done) otherwise. */
export function visitOverriddenResult(nameNode: SyntaxNode, value: SyntaxNode | null, span: SyntaxNode, ctx: EcmascriptContext, walk: EcmascriptWalk): boolean {
  const file = ctx.file;
  if (file.typeChecked || ctx.moduleLevel || ctx.suppressDeclarations || !ctx.results || ctx.enclosing === null) return false;
  // A result stated otherwise (values mixed into the local, `utils.extend(instance, Axios.prototype)`) says more.
  if (file.statedResults.has(ctx.results)) return false;
  if (nameNode.type !== 'identifier' || value?.type !== 'call_expression') return false;
  const factory = file.declarations[ctx.enclosing];
  if ((factory.kind !== 'function' && factory.kind !== 'method') || factory.returnsLocal !== undefined) return false;
  const fn = enclosingFunction(nameNode);
  const body = fn?.childForFieldName('body');
  if (!fn || body?.type !== 'statement_block' || fn.endPosition.row + 1 !== factory.endLine || span.parent?.id !== body.id) return false;
  const name = nameNode.text;
  const returned = returnedValues(body);
  if (returned.length === 0 || !returned.every((r) => r.type === 'identifier' && r.text === name) || assignsName(body, name)) return false;
  const overrides = replacedMembers(body, name);
  if (!overrides || overrides.length === 0) return false;

  const id = file.addDeclaration('variable', name, span, { ...ctx, container: ctx.enclosing }, {
    signature: compactText(file.source.slice(span.startIndex, span.endIndex), 200),
  });
  factory.returnsLocal = name;
  const memberCtx: EcmascriptContext = { ...ctx, container: id };
  for (const { statement, key, fn: member } of overrides) {
    const memberId = file.addDeclaration('method', key, statement, memberCtx, {
      signature: headerText(file.source, statement.startIndex, member.childForFieldName('body')?.startIndex ?? member.endIndex),
      isAsync: hasToken(member, 'async'),
    });
    // The function's sites are the member's when the walk reaches it.
    file.boundFunctions.set(member.id, { id: memberId, thisIsInstance: false });
  }
  walk.push(value, ctx);
  return true;
}

/**
 * The members of `name` the body surely replaces by a function: each written once, by a statement of the body itself
 * (so it always runs before the return), a function literal under a plain name: `name.push = function …`. A member
 * written otherwise (a value that is no function literal, `name._tasks = []`; in a nested block; twice) is not one of
 * them: calls of it stay unresolved. undefined when an assignment may write any member (`name[key] = …`).
 */
function replacedMembers(body: SyntaxNode, name: string): Array<{ statement: SyntaxNode; key: string; fn: SyntaxNode }> | undefined {
  const byKey = new Map<string, Array<{ statement: SyntaxNode; key: string; fn: SyntaxNode } | null>>();
  for (const assignment of body.descendantsOfType('assignment_expression')) {
    const left = assignment?.childForFieldName('left');
    if (left?.type !== 'member_expression' && left?.type !== 'subscript_expression') continue;
    const object = left.childForFieldName('object');
    if (object?.type !== 'identifier' || object.text !== name) continue;
    const property = left.type === 'member_expression' ? left.childForFieldName('property') : null;
    if (property?.type !== 'property_identifier') return undefined;
    const statement = assignment!.parent;
    const value = assignment!.childForFieldName('right');
    const replaces = statement?.type === 'expression_statement' && statement.parent?.id === body.id && value && FUNCTION_VALUE_TYPES.has(value.type);
    const list = byKey.get(property.text) ?? [];
    list.push(replaces ? { statement: statement!, key: property.text, fn: value! } : null);
    byKey.set(property.text, list);
  }
  const out: Array<{ statement: SyntaxNode; key: string; fn: SyntaxNode }> = [];
  for (const list of byKey.values()) if (list.length === 1 && list[0]) out.push(list[0]);
  return out;
}
