/** Dart's locals: variables declared in a body, local functions and lambdas with their parameters. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { DartContext, DartWalk } from './file-state.js';
import { childrenOf, typeChainIn } from './types.js';
import { bindParameters, bindTyped, declareFunction } from './declarations.js';

export function visitLocal(node: SyntaxNode, ctx: DartContext, walk: DartWalk): void {
  for (const definition of node.namedChildren) {
    if (!definition) continue;
    if (definition.type !== 'initialized_variable_definition') {
      walk.push(definition, ctx);
      continue;
    }
    const name = definition.childForFieldName('name');
    const value = definition.childrenForFieldName('value').filter((c): c is SyntaxNode => c !== null);
    const before = name ? childrenOf(definition).filter((c) => c.startIndex < name.startIndex) : [];
    if (name) bindTyped(ctx, name, typeChainIn(before), value.length > 0 ? value : null);
    for (const part of value) walk.push(part, ctx);
    // `var a = 1, b = f();`
    for (const more of definition.namedChildren) {
      if (more?.type !== 'initialized_identifier') continue;
      const moreName = more.namedChildren.find((c) => c?.type === 'identifier');
      const moreValue = more.namedChildren.filter((c): c is SyntaxNode => c !== null && c !== moreName);
      if (moreName) bindTyped(ctx, moreName, typeChainIn(before), moreValue.length > 0 ? moreValue : null);
      for (const part of moreValue) walk.push(part, ctx);
    }
  }
}

export function visitLocalFunction(node: SyntaxNode, ctx: DartContext, walk: DartWalk): void {
  const lambda = node.namedChildren.find((c) => c?.type === 'lambda_expression');
  const signature = lambda?.childForFieldName('parameters');
  const body = lambda?.childForFieldName('body') ?? null;
  if (!lambda || signature?.type !== 'function_signature') {
    walk.descend(node, ctx);
    return;
  }
  const nameNode = signature.childForFieldName('name');
  const id = declareFunction({ node: lambda, ctx: { ...ctx, classId: null } }, signature, body, {
    ...walk,
    // The body runs with the class around it (`this` is still the method's).
    push: (n, c, f) => walk.push(n, { ...c, classId: ctx.classId }, f),
    descend: (n, c) => walk.descend(n, { ...c, classId: ctx.classId }),
    visit: (n, c, f) => walk.visit(n, { ...c, classId: ctx.classId }, f),
  });
  if (nameNode && id !== undefined) ctx.file.bindLocal(ctx.scope, nameNode.text, 'local-function', null, null, undefined, id);
}

export function visitLambda(node: SyntaxNode, ctx: DartContext, walk: DartWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: DartContext = { ...ctx, scope };
  bindParameters(node.childForFieldName('parameters'), inner);
  const body = node.childForFieldName('body');
  if (body) walk.descend(body, inner);
}

// ---------------------------------------------------------------------------------------------
// Expressions and sites
