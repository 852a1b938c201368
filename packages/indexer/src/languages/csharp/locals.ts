/** C#'s locals: variables with the types they state, and lambdas. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { CSharpContext, CSharpWalk } from './file-state.js';
import { targetTypedCreation } from './calls.js';
import { bindParameters, bindTyped } from './declarations.js';

export function visitVariables(node: SyntaxNode, ctx: CSharpContext, walk: CSharpWalk): void {
  const declaration = node.type === 'variable_declaration' ? node : node.namedChildren.find((c) => c?.type === 'variable_declaration');
  if (!declaration) {
    walk.descend(node, ctx);
    return;
  }
  const typeNode = declaration.childForFieldName('type');
  for (const declarator of declaration.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    const nameNode = declarator.childForFieldName('name');
    const value = declarator.namedChildren.find((c) => c !== null && c.id !== nameNode?.id && c.type !== 'bracketed_argument_list') ?? null;
    // The initialiser is walked first: `var x = x.Next()` reads an outer x.
    targetTypedCreation(value, typeNode, ctx);
    walk.push(value, ctx);
    if (nameNode?.type === 'identifier') bindTyped(ctx, nameNode, typeNode, 'local', value);
  }
}

export function visitLambda(node: SyntaxNode, ctx: CSharpContext, walk: CSharpWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: CSharpContext = { ...ctx, scope };
  const parameters = node.childForFieldName('parameters');
  if (parameters?.type === 'identifier') ctx.file.bindLocal(scope, parameters.text, 'parameter', null, null);
  else bindParameters(parameters, inner);
  walk.push(node.childForFieldName('body') ?? node.namedChildren.find((c) => c?.type === 'block'), inner);
}
