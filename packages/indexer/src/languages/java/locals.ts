/** Java's locals: variables declared in a body and lambda parameters, bound with the class their declared type proves. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { JavaContext, JavaWalk } from './file-state.js';
import { declaredType, literalType, simpleType, typeChain } from './types.js';
import { expressionType } from './calls.js';

/** Binds a local or parameter with its declared type; `var x = value` takes the value's stated type. */
export function bindTyped(ctx: JavaContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = declaredType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  if (type && typeChain(type)?.join('.') === 'var' && value) {
    stated = expressionType(value, ctx);
    simple = value.type === 'object_creation_expression' ? simpleType(value.childForFieldName('type'), ctx.typeVariables) : literalType(value) ?? null;
  }
  ctx.file.bindLocal(ctx.scope, name.text, kind, stated, simple, kind === 'parameter' ? undefined : name);
}

export function visitLocal(node: SyntaxNode, ctx: JavaContext, walk: JavaWalk): void {
  const typeNode = node.childForFieldName('type');
  for (const declarator of node.childrenForFieldName('declarator')) {
    const nameNode = declarator?.childForFieldName('name');
    if (!declarator || !nameNode) continue;
    const value = declarator.childForFieldName('value');
    const array = declarator.childForFieldName('dimensions') !== null;
    bindTyped(ctx, nameNode, array ? null : typeNode, 'local', value);
    walk.push(value, ctx);
  }
}

export function visitLambda(node: SyntaxNode, ctx: JavaContext, walk: JavaWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: JavaContext = { ...ctx, scope };
  const parameters = node.childForFieldName('parameters');
  if (parameters?.type === 'identifier') {
    ctx.file.bindLocal(scope, parameters.text, 'parameter', null, null);
  } else {
    for (const parameter of parameters?.namedChildren ?? []) {
      if (parameter?.type === 'identifier') ctx.file.bindLocal(scope, parameter.text, 'parameter', null, null);
      else if (parameter?.type === 'formal_parameter') {
        const name = parameter.childForFieldName('name');
        if (name) bindTyped(inner, name, parameter.childForFieldName('type'), 'parameter');
      } else if (parameter?.type === 'spread_parameter') {
        const name = parameter.namedChildren.find((c) => c?.type === 'variable_declarator')?.childForFieldName('name');
        if (name) ctx.file.bindLocal(scope, name.text, 'parameter', null, null);
      }
    }
  }
  walk.push(node.childForFieldName('body'), inner);
}
