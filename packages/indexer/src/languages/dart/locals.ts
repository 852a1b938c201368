/** Dart's locals: variables declared in a body, local functions and lambdas with their parameters. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { DartContext, DartWalk } from './file-state.js';
import { childrenOf, typeChainIn } from './types.js';
import { bindParameters, bindTyped, declareFunction } from './declarations.js';
import { callAround } from './calls.js';
import { parameterName } from './callbacks.js';
import type { TypeRef } from '../../model/extraction.js';

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
  const parameters = node.childForFieldName('parameters');
  bindParameters(parameters, inner);
  bindUntypedParameters(node, parameters, ctx, inner);
  const body = node.childForFieldName('body');
  if (body) walk.descend(body, inner);
}

// ---------------------------------------------------------------------------------------------
// Expressions and sites

/**
 * Parameters written without a type (`(event, emit) => emit(x)`) are locals all the same: a bare call of one is no
 * call of a same-named method. In `f((a, b) { … })`, `Foo(onRequest: (options, handler) { … })` they receive what the
 * callee's parameter there states its literals receive (a `callback-parameter`, by position or by name).
 */
function bindUntypedParameters(lambda: SyntaxNode, parameters: SyntaxNode | null, outer: DartContext, inner: DartContext): void {
  if (!parameters) return;
  const argument = lambda.parent;
  const passed = argument?.type === 'argument' || argument?.type === 'named_argument' ? argument : null;
  const of = passed ? callAround(passed, outer) : null;
  const label = passed?.type === 'named_argument' ? passed.namedChildren.find((c) => c?.type === 'label')?.namedChildren[0]?.text : undefined;
  let position = 0;
  for (let sibling = passed?.previousNamedSibling; sibling; sibling = sibling.previousNamedSibling) if (sibling.type === 'argument') position++;
  parameters.namedChildren.filter((c): c is SyntaxNode => c?.type === 'formal_parameter').forEach((parameter, index) => {
    const name = parameterName(parameter);
    if (!name || parameter.namedChildren.some((c) => c !== name && c?.type !== 'comment')) return; // a stated type, `this.x`
    const known = of !== null && (passed?.type === 'argument' || label !== undefined);
    const type: TypeRef | null = !known ? null : label
      ? { kind: 'callback-parameter', of: of!, argument: position, parameter: index, label }
      : { kind: 'callback-parameter', of: of!, argument: position, parameter: index };
    inner.file.bindLocal(inner.scope, name.text, 'parameter', type, null);
  });
}
