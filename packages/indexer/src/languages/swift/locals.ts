/** Swift's locals: closure parameters, `if let`/`guard let` bindings, typed locals, lambdas. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { positionOf } from '../../extraction/core/scopes.js';
import type { SwiftContext, SwiftWalk } from './file-state.js';
import { declaredType, isTypeNode, literalType, simpleType } from './types.js';
import { valueType } from './calls.js';

/** `(Int, String) -> T`, `((T) -> U)?`: each parameter as a call passes it (`_:Int`); null for any other type. */
export function closureParameters(type: SyntaxNode | null, ctx: SwiftContext): string[] | null {
  let current = type;
  while (current && (current.type === 'optional_type' || current.type === 'implicitly_unwrapped_type' || current.type === 'tuple_type' || current.type === 'tuple_type_item')) {
    if (current.type === 'tuple_type' && current.namedChildren.length !== 1) return null;
    current = current.type === 'optional_type' ? current.childForFieldName('wrapped') ?? current.namedChildren[0] : current.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  }
  if (current?.type !== 'function_type') return null;
  const params = current.childForFieldName('params');
  if (params?.type !== 'tuple_type') return null;
  return params.namedChildren.filter((c): c is SyntaxNode => c?.type === 'tuple_type_item').map((item) => {
    const typeNode = [...item.namedChildren].reverse().find((c) => isTypeNode(c)) ?? null;
    return `_:${simpleType(typeNode, ctx.typeVariables) ?? '?'}`;
  });
}

/** `if let x = v`, `guard let x = v`, `while let x = v`: x bound with v's stated type (guard: to the end of its block). */
export function visitConditionBindings(node: SyntaxNode, ctx: SwiftContext): boolean {
  const conditions = node.childrenForFieldName('condition').filter((c): c is SyntaxNode => c !== null && c.isNamed && c.type !== 'value_binding_pattern');
  for (const name of node.childrenForFieldName('bound_identifier')) {
    if (name?.type !== 'simple_identifier') continue;
    // The value is the condition right after the name (`let x = v`); `if let x {` rebinds x itself.
    const value = conditions.find((c) => c.startIndex > name.endIndex) ?? null;
    const next = value ? node.text.slice(name.endIndex - node.startIndex, value.startIndex - node.startIndex) : '';
    if (value && /^\s*=\s*$/.test(next)) {
      bindTyped(ctx, name, null, 'local', value);
      continue;
    }
    // `if let x {`: the outer x unwrapped — its stated type when that is a plain name.
    const verdict = ctx.scope.classify(name.text, true, positionOf(name));
    const held = verdict.locallyBound ? verdict.scope?.provenValue(name.text) : undefined;
    ctx.file.bindLocal(ctx.scope, name.text, 'local', held?.type.kind === 'named' ? held.type : null, null, name);
  }
  return true;
}

export function bindTyped(ctx: SwiftContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = declaredType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  if (!type && value) {
    stated = valueType(value, ctx);
    simple = literalType(value) ?? null;
  }
  ctx.file.bindLocal(ctx.scope, name.text.replace(/^`|`$/g, ''), kind, stated, simple === '*' ? null : simple, kind === 'parameter' ? undefined : name);
}

export function visitLambda(node: SyntaxNode, ctx: SwiftContext, walk: SwiftWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: SwiftContext = { ...ctx, scope };
  const type = node.childForFieldName('type');
  for (const parameter of type?.descendantsOfType('lambda_parameter') ?? []) {
    const name = parameter?.childForFieldName('name') ?? parameter?.namedChildren.find((c) => c?.type === 'simple_identifier');
    if (name) bindTyped(inner, name, parameter!.namedChildren.find((c) => isTypeNode(c)) ?? null, 'parameter');
  }
  for (const child of node.namedChildren) if (child && child.id !== type?.id) walk.push(child, inner);
}
