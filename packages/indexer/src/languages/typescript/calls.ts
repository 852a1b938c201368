/** ECMAScript's reference sites in statements: calls, `this.x = …` assignments, JSX elements and decorators. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { MemberTypeFact } from '../../model/extraction.js';
import { patternNames } from './ecmascript-scopes.js';
import { initialiserType } from './ecmascript-types.js';
import { constructedClass, firstStringArgument, memberTarget, statementText, type MemberTarget } from './ecmascript-syntax.js';
import { type EcmascriptContext, type EcmascriptFrame, type EcmascriptWalk, wordsOf } from './file-state.js';
import { declareLoopMembers } from './ecmascript-loop-members.js';
import { visitModuleAssignment } from './modules.js';

export function visitExpressionStatement(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const expression = node.namedChild(0);
  const expressionType = expression?.type;
  if (expressionType === 'assignment_expression' && ctx.moduleLevel && ctx.container === null && !ctx.suppressDeclarations) {
    if (visitModuleAssignment(expression!, node, ctx, frame.doc, walk)) return;
  }
  if (expressionType === 'assignment_expression' && ctx.thisIsClass) recordThisAssignment(expression!, ctx);
  // `methods.forEach(function (method) { app[method] = function … })`: a method per name of the list.
  if (expressionType === 'call_expression' && ctx.moduleLevel && ctx.container === null && !ctx.suppressDeclarations && !ctx.file.typeChecked) {
    declareLoopMembers(expression!, node, ctx, ctx.file.boundFunctions);
  }
  // `namespace X {}` parses as an expression statement: the statement's doc comment is the namespace's.
  if (expressionType === 'internal_module') walk.push(expression, ctx, { doc: frame.doc, parent: node });
  else walk.descend(node, ctx);
}

const MEMBER_OWNERS: ReadonlySet<string> = new Set(['function', 'variable', 'constant']);

/** `this.client = new Client()` in a class: a fact about the instance attribute `client`. */
function recordThisAssignment(assignment: SyntaxNode, ctx: EcmascriptContext): void {
  const declarations = ctx.file.declarations;
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  if (left?.type !== 'member_expression' || left.childForFieldName('object')?.type !== 'this') return;
  const property = left.childForFieldName('property');
  let owner = ctx.container;
  // The class, or the module-level constructor or object whose member this is (`this` is proven its instance here).
  while (owner !== null && declarations[owner].kind !== 'class' && !(declarations[owner].parent === null && MEMBER_OWNERS.has(declarations[owner].kind))) {
    owner = declarations[owner].parent;
  }
  if (!property || owner === null || right === null) return;
  // `null`/`undefined` prove nothing and contradict nothing (a call on them fails at run time).
  if (right.type === 'null' || right.type === 'undefined') return;
  const fact: MemberTypeFact = { owner, name: property.text, type: initialiserType(right), enclosing: ctx.enclosing };
  ctx.file.facts.memberFact(fact, ctx.scope, wordsOf(ctx));
}

export function visitCall({ node, ctx }: EcmascriptFrame): boolean {
  const file = ctx.file;
  const callee = node.childForFieldName('function');
  // Read once: every `.type` of a node is a WASM call.
  const calleeType = callee?.type;
  if (calleeType === 'import') {
    const specifier = firstStringArgument(node);
    if (specifier !== undefined) file.addImport(specifier, node, ctx, statementText(file.source, node), [], { sideEffectOnly: true });
    return true;
  }
  if (calleeType === 'identifier' && callee!.text === 'require') {
    const specifier = firstStringArgument(node);
    if (specifier !== undefined) {
      file.addImport(specifier, node, ctx, statementText(file.source, node), [], { sideEffectOnly: true });
      return false;
    }
  }
  if (calleeType === 'super') {
    // `super(…)` runs the base class's constructor: a site naming the class the `extends` clause names.
    if (ctx.superclass?.receiver) file.addReference('calls', ctx.superclass, node, ctx);
    return true;
  }
  const target = memberTarget(callee, calleeType);
  if (target) file.addReference('calls', target, node, ctx, calleeType === 'member_expression' ? target.object ?? null : null);
  return true;
}

/** `x = …`, `({ x } = …)`: the names written, so no `let` of theirs is typed by its initialiser alone. */
export function recordAssigned({ node, ctx }: EcmascriptFrame): boolean {
  const left = node.childForFieldName('left');
  // TypeScript `ctx = new Context(…)`: a construction of a class, recorded apart (see `EcmascriptFile.constructedNames`).
  const built = ctx.file.typeChecked && node.type === 'assignment_expression' && left?.type === 'identifier' ? constructedClass(node.childForFieldName('right')) : undefined;
  if (built !== undefined) ctx.file.noteConstructed(left!.text, built);
  else if (left?.type === 'identifier') ctx.file.assignedNames.add(left.text);
  else if (left?.type === 'object_pattern' || left?.type === 'array_pattern') for (const name of patternNames(left)) ctx.file.assignedNames.add(name);
  return true;
}

export function visitJsxElement({ node, ctx }: EcmascriptFrame): boolean {
  const nameNode = node.childForFieldName('name');
  if (nameNode) {
    const target: MemberTarget | undefined = memberTarget(nameNode);
    const isComponentTag = target !== undefined &&
      (target.receiver === undefined || target.receiver.length > 0 || /^[A-Z]/.test(target.name));
    if (target && isComponentTag) ctx.file.addReference('calls', target, node, ctx);
  }
  return true;
}

/** `@sealed` invokes `sealed`; `@Component({…})` is an ordinary call inside the decorator. */
export function visitDecorator({ node, ctx }: EcmascriptFrame): boolean {
  const expression = node.namedChildren.find((c) => c && c.type !== 'comment') ?? null;
  if (expression && expression.type !== 'call_expression') {
    const target = memberTarget(expression);
    if (target) ctx.file.addReference('calls', target, node, ctx);
  }
  return true;
}
