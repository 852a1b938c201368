/** Kotlin's locals: variables (destructured too) with the types they state, smart casts by `is` checks in `if`/`when`, and lambdas with their receivers. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { KotlinContext, KotlinWalk } from './file-state.js';
import { declaredType, literalType, simpleType, typeChild } from './types.js';
import { expressionType, valueType } from './calls.js';

/**
 * `val x: T = v` / `val x = v` in a block: x's stated type, else the value's. `statement`: the whole
 * declaration, after which x is visible (`val gen = gen(a)` calls the function gen, not the local).
 */
export function bindVariable(variable: SyntaxNode, ctx: KotlinContext, value: SyntaxNode | null, statement?: SyntaxNode): void {
  const nameNode = variable.namedChildren.find((c) => c?.type === 'identifier');
  if (!nameNode) return;
  let last = statement ?? nameNode;
  while (last.lastChild) last = last.lastChild;
  bindTyped(ctx, nameNode, typeChild(variable), 'local', value, last);
}

/** `for (x in items)`: x is an element of items (its stated type, when it writes one). */
export function bindLoopVariable(variable: SyntaxNode, ctx: KotlinContext, iterated: SyntaxNode | null): void {
  const nameNode = variable.namedChildren.find((c) => c?.type === 'identifier');
  if (!nameNode) return;
  const type = typeChild(variable);
  const of = !type && iterated ? valueType(iterated, ctx) : null;
  if (of) ctx.file.bindLocal(ctx.scope, nameNode.text, 'local', { kind: 'element', of }, null, nameNode);
  else bindTyped(ctx, nameNode, type, 'local');
}

export function bindDestructured(list: SyntaxNode, ctx: KotlinContext): void {
  for (const variable of list.namedChildren) {
    const nameNode = variable?.type === 'variable_declaration' ? variable.namedChildren.find((c) => c?.type === 'identifier') : null;
    if (nameNode && nameNode.text !== '_') ctx.file.bindLocal(ctx.scope, nameNode.text, 'local', null, null, nameNode);
  }
}

/** Binds a local or parameter with its declared type; without one, the value's stated type. `from`: where it is visible (its name). */
export function bindTyped(ctx: KotlinContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null, from: SyntaxNode = name): void {
  let stated = declaredType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  if (!type && value) {
    stated = expressionType(value, ctx);
    simple = literalType(value) ?? null;
  }
  ctx.file.bindLocal(ctx.scope, name.text, kind, stated, simple, kind === 'parameter' ? undefined : from);
}

/** A smart cast: `name` is a `type` in the branch a check guards (a new local of the narrower type). */
function narrowed(ctx: KotlinContext, name: string | null, type: SyntaxNode | null | undefined): KotlinContext {
  const stated = name && type ? declaredType(type, ctx.typeVariables) : null;
  if (!name || !stated) return ctx;
  const scope = ctx.scope.open('block');
  ctx.file.bindLocal(scope, name, 'local', stated, simpleType(type, ctx.typeVariables));
  return { ...ctx, scope };
}

/** `x is T` (not `!is`) with x a plain name: x and T. */
function isCheck(node: SyntaxNode | null): { name: string; type: SyntaxNode | null } | null {
  if (node?.type !== 'is_expression' || !node.children.some((c) => c?.type === 'is')) return null;
  const left = node.childForFieldName('left');
  return left?.type === 'identifier' ? { name: left.text, type: node.childForFieldName('right') } : null;
}

/** `if (x is T) a else b`: x is a T in a. */
export function visitIf(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): void {
  const condition = node.childForFieldName('condition');
  const check = isCheck(condition);
  let consequence: SyntaxNode | null = null;
  for (const child of node.children) {
    if (!child || (condition !== null && child.id === condition.id) || !child.isNamed) {
      if (child?.type === 'else') consequence = consequence ?? child; // no then-branch after this
      continue;
    }
    if (consequence === null && child.startIndex > (condition?.endIndex ?? node.startIndex)) {
      consequence = child;
      walk.push(child, check ? narrowed(ctx, check.name, check.type) : ctx);
    } else {
      walk.push(child, ctx);
    }
  }
  walk.push(condition, ctx);
}

/** `when (x) { is T -> a }`: x is a T in a (an entry with one `is` condition). */
export function visitWhen(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): boolean {
  const subject = node.namedChildren.find((c) => c?.type === 'when_subject');
  const variable = subject?.namedChildren.find((c) => c?.type === 'variable_declaration');
  const name = (variable ?? subject)?.namedChildren.find((c) => c?.type === 'identifier')?.text ?? null;
  for (const child of node.namedChildren) {
    if (child?.type !== 'when_entry') {
      walk.push(child, ctx);
      continue;
    }
    const conditions = child.childrenForFieldName('condition').filter((c): c is SyntaxNode => c !== null);
    const test = conditions.length === 1 && conditions[0].type === 'type_test' && conditions[0].children.some((c) => c?.type === 'is') ? conditions[0] : null;
    walk.push(child, test ? narrowed(ctx, name, typeChild(test)) : ctx);
  }
  return false;
}

export function visitLambda(node: SyntaxNode, ctx: KotlinContext, walk: KotlinWalk): void {
  const scope = ctx.scope.open('lambda');
  // The parameter type stated by the call the lambda is passed to is this lambda's, not a nested one's.
  const inner: KotlinContext = { ...ctx, scope, inLambda: true, lambdaParameter: undefined };
  const parameters = node.namedChildren.find((c) => c?.type === 'lambda_parameters');
  const given = ctx.lambdaParameter ?? null;
  if (!parameters) {
    ctx.file.bindLocal(scope, 'it', 'parameter', given, null);
  } else {
    const one = parameters.namedChildren.filter((c) => c?.type === 'variable_declaration' || c?.type === 'multi_variable_declaration').length === 1;
    for (const parameter of parameters.namedChildren) {
      if (parameter?.type === 'variable_declaration') {
        const nameNode = parameter.namedChildren.find((c) => c?.type === 'identifier');
        const type = typeChild(parameter);
        if (nameNode && !type && one && given) ctx.file.bindLocal(scope, nameNode.text, 'parameter', given, null);
        else if (nameNode) bindTyped(inner, nameNode, type, 'parameter');
      } else if (parameter?.type === 'multi_variable_declaration') {
        for (const part of parameter.namedChildren) {
          const nameNode = part?.namedChildren.find((c) => c?.type === 'identifier');
          if (nameNode) ctx.file.bindLocal(scope, nameNode.text, 'parameter', null, null);
        }
      }
    }
  }
  for (const child of node.namedChildren) if (child && child.id !== parameters?.id) walk.push(child, inner);
}
