/**
 * Function literals passed to Dart functions: what a function's parameters state the literals passed there receive
 * (`void Function(RequestOptions o, Handler h)? onRequest`, a typedef `InterceptorSendCallback? onRequest`, the old
 * `void cb(Foo f)`), and, at a call, which argument a literal is — by position, or by the name it is passed with
 * (`InterceptorsWrapper(onRequest: (options, handler) { … })`). Dart has no overloads: the callee is one declaration.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import { childrenOf, declaredType, typeChainIn } from './types.js';

type ParameterCallbacks = Pick<Declaration, 'parameterSlots' | 'callbackParameters' | 'callbackTypes'>;

/** A parameter's name node: the `name` field, or the identifier of `void cb(Foo f)`. */
export function parameterName(parameter: SyntaxNode): SyntaxNode | null {
  return parameter.childForFieldName('name') ?? parameter.namedChildren.find((c) => c?.type === 'identifier') ?? null;
}

/** The parameters of a list in order, each with the name a call passes it by (named parameters only). */
function parametersOf(list: SyntaxNode): Array<{ parameter: SyntaxNode; label?: string }> {
  const found: Array<{ parameter: SyntaxNode; label?: string }> = [];
  for (const child of list.namedChildren) {
    if (child?.type === 'formal_parameter') found.push({ parameter: child });
    else if (child?.type === 'optional_formal_parameters') {
      const named = child.child(0)?.type === '{';
      for (const inner of child.namedChildren) {
        if (inner?.type !== 'formal_parameter') continue;
        const label = named ? parameterName(inner)?.text : undefined;
        found.push(label ? { parameter: inner, label } : { parameter: inner });
      }
    }
  }
  return found;
}

/** The types the parameters of a written function type state (`void Function(A a, B)`, or `void cb(A a)`'s list). */
export function functionTypeParameters(node: SyntaxNode, typeVariables: ReadonlySet<string>): Array<TypeRef | null> | null {
  const types = node.namedChildren.find((c) => c?.type === 'parameter_type_list');
  if (types) {
    return types.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment').map((entry) => {
      const typed = entry.namedChildren.find((c) => c?.type === 'typed_identifier') ?? entry;
      return declaredType(typeChainIn(childrenOf(typed)), typeVariables);
    });
  }
  const list = node.namedChildren.find((c) => c?.type === 'formal_parameter_list');
  if (!list) return null;
  return parametersOf(list).map(({ parameter }) => {
    const name = parameterName(parameter);
    return declaredType(typeChainIn(childrenOf(parameter).filter((c) => !name || c.startIndex < name.startIndex)), typeVariables);
  });
}

/**
 * Per parameter of `list`: the name it is passed by, what a literal passed there receives where the parameter's type
 * is written as a function type, and the type it names otherwise (a typedef whose function type states them).
 * undefined when no parameter is named and none takes a function.
 */
export function parameterCallbacks(list: SyntaxNode | null, typeVariables: ReadonlySet<string>): ParameterCallbacks | undefined {
  if (!list) return undefined;
  const parameters = parametersOf(list);
  const slots: NonNullable<Declaration['parameterSlots']> = [];
  const callbackParameters: NonNullable<Declaration['callbackParameters']> = [];
  const callbackTypes: NonNullable<Declaration['callbackTypes']> = [];
  for (const { parameter, label } of parameters) {
    const name = parameterName(parameter);
    const before = childrenOf(parameter).filter((c) => !name || c.startIndex < name.startIndex);
    const written = before.find((c) => c.type === 'function_type')
      ?? (parameter.namedChildren.some((c) => c?.type === 'formal_parameter_list') ? parameter : undefined);
    slots.push(label ? { label, type: null } : { type: null });
    callbackParameters.push(written ? functionTypeParameters(written, typeVariables) : null);
    callbackTypes.push(written ? null : declaredType(typeChainIn(before), typeVariables));
  }
  // Each part only where it says something: most functions take no function and are called by position.
  const found: ParameterCallbacks = {};
  if (slots.some((slot) => slot.label)) found.parameterSlots = slots;
  if (callbackParameters.some((c) => c !== null)) found.callbackParameters = callbackParameters;
  if (callbackTypes.some((c) => c !== null)) found.callbackTypes = callbackTypes;
  return Object.keys(found).length > 0 ? found : undefined;
}
