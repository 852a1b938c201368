/** C#'s locals: variables with the types they state, and lambdas. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { CSharpContext, CSharpWalk } from './file-state.js';
import type { TypeRef } from '../../model/extraction.js';
import { declaredType } from './types.js';
import { calleeOf, collectionValue, invocationType, targetTypeOf, targetTypedCreation } from './calls.js';
import { ELEMENT_CALLBACKS } from './linq.js';
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

/**
 * A lambda written as a positional argument of a method call (`v.Configure(c => …)`): the call's stated
 * type and the argument's index, so its untyped parameters take what the callee's parameter states.
 */
function calledWith(node: SyntaxNode, ctx: CSharpContext): { call: TypeRef; argument: number; element: TypeRef | null } | undefined {
  const argument = node.parent;
  const list = argument?.parent;
  const invocation = list?.parent;
  if (argument?.type !== 'argument' || list?.type !== 'argument_list' || !invocation) return undefined;
  if (argument.childForFieldName('name') || argument.namedChildren.some((c) => c?.type === 'name_colon')) return undefined;
  const call = invocation.type === 'invocation_expression' ? invocationType(invocation, ctx) : constructed(invocation, ctx);
  if (call?.kind !== 'call' && call?.kind !== 'member-call') return undefined;
  const index = list.namedChildren.filter((c) => c?.type === 'argument').findIndex((c) => c!.id === argument.id);
  if (index < 0) return undefined;
  // `xs.Where(x => …)`: x is one element of xs, where xs is a framework collection.
  const callee = calleeOf(invocation);
  const element = callee?.object && ELEMENT_CALLBACKS[callee.name]?.includes(index) ? collectionValue(callee.object, ctx) : null;
  return { call, argument: index, element };
}

/** `new Foo(…)`, and a target-typed `new(…)` whose type its declaration or method states: a call of Foo's constructor. */
function constructed(node: SyntaxNode, ctx: CSharpContext): TypeRef | null {
  const type = node.type === 'object_creation_expression' ? node.childForFieldName('type')
    : node.type === 'implicit_object_creation_expression' ? targetTypeOf(node) : null;
  const stated = declaredType(type, ctx.typeVariables);
  // `new LogFactory()` beside `LogFactory<T>`: the count of type arguments written picks the type.
  return stated?.kind === 'named' ? { kind: 'call', callee: stated.chain, construct: true, ...(stated.typeArguments !== undefined ? { arity: stated.typeArguments } : {}) } : null;
}

export function visitLambda(node: SyntaxNode, ctx: CSharpContext, walk: CSharpWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: CSharpContext = { ...ctx, scope };
  const parameters = node.childForFieldName('parameters');
  const passed = calledWith(node, ctx);
  const given = (parameter: number): TypeRef | null => {
    if (!passed) return null;
    const stated: TypeRef = { kind: 'callback-parameter', of: passed.call, argument: passed.argument, parameter };
    return parameter === 0 && passed.element ? { kind: 'any-of', of: [stated, passed.element] } : stated;
  };
  if (parameters?.type === 'identifier' || parameters?.type === 'implicit_parameter') ctx.file.bindLocal(scope, parameters.text, 'parameter', given(0), null);
  else if (parameters?.type === 'parameter_list' && parameters.namedChildren.every((p) => p?.type !== 'parameter' || !p.childForFieldName('type'))) {
    // `(a, b) => …` with no stated types: each takes the callee's; a typed list states its own.
    parameters.namedChildren.filter((p) => p?.type === 'parameter').forEach((p, i) => {
      const name = p!.childForFieldName('name');
      if (name) ctx.file.bindLocal(scope, name.text, 'parameter', given(i), null);
    });
  } else bindParameters(parameters, inner);
  walk.push(node.childForFieldName('body') ?? node.namedChildren.find((c) => c?.type === 'block'), inner);
}
