/** Scala's locals: the names a pattern binds, typed locals, lambdas. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ScalaContext, ScalaWalk } from './file-state.js';
import { declaredType, literalType, simpleType } from './types.js';
import { elementParameter, instanceType, passedTo, valueType } from './calls.js';
import type { TypeRef } from '../../model/extraction.js';
import { positionOf, type Scope } from '../../extraction/core/scopes.js';

/** `Option[Json]` → Json (a class it states), else undefined. */
function optionElement(type: SyntaxNode | null, ctx: ScalaContext): TypeRef | undefined {
  if (type?.type !== 'generic_type' || type.childForFieldName('type')?.text !== 'Option') return undefined;
  const args = type.childForFieldName('type_arguments')?.namedChildren ?? [];
  return args.length === 1 ? declaredType(args[0], ctx.typeVariables) ?? undefined : undefined;
}

/** The element type of the `Option[T]` local or parameter `name` seen from the current scope, if one is stated. */
function optionOf(name: string, at: SyntaxNode, ctx: ScalaContext): TypeRef | undefined {
  const bound = ctx.scope.classify(name, true, positionOf(at));
  if (!bound.locallyBound) return undefined;
  for (let scope: Scope | null = ctx.scope; scope; scope = scope.parent) {
    const element = ctx.file.optionElements.get(scope)?.get(name);
    if (element) return bound.scope === scope ? element : undefined;
  }
  return undefined;
}

/**
 * `o match { case Some(value) => value.m() }` where `o: Option[HCursor]`: value is an HCursor. The pattern of a
 * case clause of a match on a local, or undefined.
 */
function someBinding(pattern: SyntaxNode, ctx: ScalaContext): { name: SyntaxNode; type: TypeRef } | undefined {
  if (pattern.type !== 'case_class_pattern' || pattern.childForFieldName('type')?.text !== 'Some') return undefined;
  const inner = pattern.namedChildren.filter((c): c is SyntaxNode => c !== null && c.id !== pattern.childForFieldName('type')?.id);
  if (inner.length !== 1 || inner[0].type !== 'identifier') return undefined;
  const match = pattern.parent?.parent?.parent;
  const scrutinee = match?.type === 'match_expression' ? match.childForFieldName('value') : null;
  if (!scrutinee) return undefined;
  const stated = scrutinee.type === 'identifier' ? optionOf(scrutinee.text, scrutinee, ctx) : undefined;
  if (stated) return { name: inner[0], type: stated };
  // `c.focus match { case Some(value) => … }` with `def focus: Option[Json]`: an element of what the scrutinee holds.
  const of = valueType(scrutinee, ctx);
  return of ? { name: inner[0], type: { kind: 'element', of } } : undefined;
}

export function bindPattern(pattern: SyntaxNode | null | undefined, ctx: ScalaContext): void {
  if (!pattern) return;
  const some = someBinding(pattern, ctx);
  if (some) {
    ctx.file.bindLocal(ctx.scope, some.name.text, 'local', some.type, null, some.name);
    return;
  }
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
  const element = optionElement(type, ctx);
  if (element) ctx.file.optionElements.set(ctx.scope, (ctx.file.optionElements.get(ctx.scope) ?? new Map()).set(name.text, element));
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
        ? elementParameter(passed, index, { kind: 'callback-parameter', of: passed.call, argument: passed.argument, parameter: index }) : null;
      ctx.file.bindLocal(scope, name.text, 'parameter', given, null);
    }
  });
  for (const child of node.namedChildren) if (child && child.id !== parameters?.id) walk.push(child, inner);
}

/** `for (n <- xs)`, `for { n <- o; c <- n.kids }`: a generator binding a name binds one element of what it iterates. */
export function bindEnumerator(enumerator: SyntaxNode, ctx: ScalaContext): boolean {
  const [pattern, source] = enumerator.namedChildren;
  const generator = enumerator.children.some((c) => c?.type === '<-');
  if (!generator || pattern?.type !== 'identifier' || !source || enumerator.namedChildren.length !== 2) return false;
  const of = valueType(source, ctx);
  ctx.file.bindLocal(ctx.scope, pattern.text, 'local', of ? { kind: 'element', of } : null, null, pattern);
  return true;
}
