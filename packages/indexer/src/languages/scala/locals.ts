/** Scala's locals: the names a pattern binds, typed locals, lambdas. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ScalaContext, ScalaWalk } from './file-state.js';
import { declaredType, literalType, simpleType } from './types.js';
import { instanceType, passedTo, valueType } from './calls.js';
import type { TypeRef } from '../../model/extraction.js';

export function bindPattern(pattern: SyntaxNode | null | undefined, ctx: ScalaContext): void {
  if (!pattern) return;
  if (pattern.type === 'identifier') {
    ctx.file.bindLocal(ctx.scope, pattern.text, 'local', null, null, pattern);
    return;
  }
  if (pattern.type === 'typed_pattern') {
    const name = pattern.childForFieldName('pattern');
    if (name?.type === 'identifier') bindTyped(ctx, name, pattern.childForFieldName('type'), 'local');
    return;
  }
  for (const name of pattern.descendantsOfType('identifier')) {
    // `case Some(x)`: x is bound; a capitalised name is a constant or an extractor.
    if (name && /^[a-z_]/.test(name.text) && name.parent?.type !== 'stable_identifier') ctx.file.bindLocal(ctx.scope, name.text, 'local', null, null, name);
  }
}

export function bindTyped(ctx: ScalaContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = declaredType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  if (!type && value) {
    stated = valueType(value, ctx);
    simple = literalType(value) ?? (value.type === 'instance_expression' ? simpleType(instanceType(value), ctx.typeVariables) : null);
  }
  ctx.file.bindLocal(ctx.scope, name.text, kind, stated, simple === '*' ? null : simple, kind === 'parameter' ? undefined : name);
}

export function visitLambda(node: SyntaxNode, ctx: ScalaContext, walk: ScalaWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: ScalaContext = { ...ctx, scope };
  const parameters = node.childForFieldName('parameters');
  // `fns((a, r) => r.fold(…))`: an untyped parameter receives what the callee's function-typed parameter states.
  const passed = passedTo(node, ctx);
  const names = parameters?.type === 'identifier' ? [parameters] : parameters?.descendantsOfType('identifier') ?? [];
  names.forEach((name, index) => {
    if (!name) return;
    // `(et: EitherT[F, A, B]) => et.m()`: a parameter of a stated type.
    const binding = name.parent?.type === 'binding' && name.parent.childForFieldName('name')?.id === name.id ? name.parent : null;
    const typeNode = binding?.childForFieldName('type') ?? null;
    if (typeNode) bindTyped(inner, name, typeNode, 'parameter');
    else {
      const given: TypeRef | null = passed && (binding || parameters?.type === 'identifier')
        ? { kind: 'callback-parameter', of: passed.call, argument: passed.argument, parameter: index } : null;
      ctx.file.bindLocal(scope, name.text, 'parameter', given, null);
    }
  });
  for (const child of node.namedChildren) if (child && child.id !== parameters?.id) walk.push(child, inner);
}
