/** Python's declarations: functions and methods with their parameters (bound in the function's scope), classes, decorated definitions, lambdas and type aliases. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { BoundValue, Scope } from '../../extraction/core/scopes.js';
import type { FunctionResults } from '../../extraction/core/file-facts.js';
import type { BindingKind } from './scopes.js';
import { docstringOf, flatText, identifierChain, truncate } from './syntax-text.js';
import { FIXTURE_DECORATOR } from './name-binding.js';
import { fieldChild } from '../../extraction/core/node-fields.js';
import { firstNamedChildWhere, firstNonComment, namedNonComments } from './syntax-nodes.js';
import { annotationType } from './type-expressions.js';
import { type PythonContext, type PythonWalk, visibilityFields } from './file-state.js';
import { collectTargets } from './bindings.js';
import { calleeOf } from './calls.js';
import { pushAnnotation, pushErrorChildren } from './walk-parts.js';

const ABSTRACT_DECORATOR = /^(abc\.)?abstract(method|property|classmethod|staticmethod)$/;

export function visitFunction(node: SyntaxNode, ctx: PythonContext, decorators: string[], walk: PythonWalk): void {
  const nameNode = fieldChild(node, 'name');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const file = ctx.file;
  const name = nameNode.text;
  const parameters = fieldChild(node, 'parameters');
  const returnType = fieldChild(node, 'return_type');
  const body = fieldChild(node, 'body');
  const inClass = ctx.scope.kind === 'class';
  const isAsync = node.child(0)?.type === 'async';
  const isStatic = inClass && decorators.includes('staticmethod');
  const typeParameters = typeParametersOf(node);

  // Read once: the signature, the instance parameter and the bindings all go through them.
  const parameterList = parameters ? namedNonComments(parameters) : [];
  const signature = `${isAsync ? 'async ' : ''}def ${name}${typeParameters ? `[${typeParameters.join(', ')}]` : ''}`
    + `(${parameters ? parameterList.map(flatText).join(', ') : ''})${returnType ? ` -> ${flatText(returnType)}` : ''}`;
  const id = file.builder.declare(inClass ? 'method' : 'function', name, ctx.parentDecl, node, {
    signature: truncate(signature),
    docstring: docstringOf(body),
    ...visibilityFields(name, ctx),
    isAsync: isAsync || undefined,
    isStatic: isStatic || undefined,
    isAbstract: decorators.some((d) => ABSTRACT_DECORATOR.test(d)) || undefined,
    decorators: decorators.length > 0 ? decorators : undefined,
    typeParameters,
  });
  file.bindDefinition(name, id, ctx);
  file.facts.stateType(id, 'returnType', annotationType(returnType), ctx.scope);

  const scope = ctx.scope.open('function');
  const instance = inClass && !isStatic && !decorators.includes('classmethod') && parameters ? firstParameterName(parameterList) : undefined;
  const self = instance !== undefined && ctx.parentDecl !== null ? { name: instance, owner: ctx.parentDecl } : null;
  const fn: FunctionResults | null = returnType ? { id, returns: [], yields: [] } : file.facts.functionResults(id);
  const inner: PythonContext = { file, scope, parentDecl: id, enclosing: id, typeOnly: ctx.typeOnly, self, fn };
  pushErrorChildren(node, inner, walk);
  walk.push(body, inner);
  // Annotations and default values are evaluated where the def statement runs.
  pushAnnotation(returnType, ctx, walk);
  // pytest hands tests and fixtures the fixture their parameter is named after.
  const injectable = file.testModule && !isStatic && (name.startsWith('test') || decorators.some((d) => FIXTURE_DECORATOR.test(d)));
  const parametrized = decorators.filter((d) => d.includes('parametrize')).join(' ');
  if (parameters) bindParameters(parameterList, scope, ctx, inClass && !isStatic, walk, injectable ? parametrized : null);
}

export function visitClass(node: SyntaxNode, ctx: PythonContext, decorators: string[], walk: PythonWalk): void {
  const nameNode = fieldChild(node, 'name');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const file = ctx.file;
  const name = nameNode.text;
  const superclasses = fieldChild(node, 'superclasses');
  const body = fieldChild(node, 'body');
  const typeParameters = typeParametersOf(node);
  const id = file.builder.declare('class', name, ctx.parentDecl, node, {
    signature: truncate(`class ${name}${typeParameters ? `[${typeParameters.join(', ')}]` : ''}${superclasses ? flatText(superclasses) : ''}`),
    docstring: docstringOf(body),
    ...visibilityFields(name, ctx),
    decorators: decorators.length > 0 ? decorators : undefined,
    typeParameters,
  });
  file.bindDefinition(name, id, ctx);

  const inner: PythonContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: ctx.enclosing, typeOnly: ctx.typeOnly, self: null, fn: null,
  };
  pushErrorChildren(node, inner, walk);
  walk.push(body, inner);

  let isAbstract = false;
  for (const base of superclasses?.namedChildren ?? []) {
    const baseType = base?.type;
    if (!base || baseType === 'comment') continue;
    walk.push(base, ctx); // calls inside the base list still count
    if (baseType === 'keyword_argument') {
      const value = fieldChild(base, 'value');
      const chain = value ? identifierChain(value) : null;
      if (fieldChild(base, 'name')?.text === 'metaclass' && chain && isAbcName(chain, 'ABCMeta')) isAbstract = true;
      continue;
    }
    const target = baseType === 'subscript' ? fieldChild(base, 'value') : base; // Base[T] extends Base
    const chain = target ? identifierChain(target) : null;
    if (!chain || (chain.length === 1 && chain[0] === 'object')) continue;
    if (isAbcName(chain, 'ABC')) isAbstract = true;
    file.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, id, ctx.scope, target!);
  }
  if (isAbstract) file.builder.declarations[id].isAbstract = true;
}

export function visitDecorated(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
  const decorators: string[] = [];
  const expressions: SyntaxNode[] = [];
  for (const child of node.namedChildren) {
    if (child?.type !== 'decorator') continue;
    const expression = firstNonComment(child);
    if (!expression) continue;
    decorators.push(flatText(expression));
    expressions.push(expression);
  }
  const definition = fieldChild(node, 'definition');
  pushErrorChildren(node, ctx, walk);
  if (definition?.type === 'function_definition') visitFunction(definition, ctx, decorators, walk);
  else if (definition?.type === 'class_definition') visitClass(definition, ctx, decorators, walk);
  else walk.push(definition, ctx);
  for (const expression of expressions) {
    // `@foo` and `@a.b` apply foo / a.b: a call with the decorated object. `@foo(...)` is a call node.
    if (expression.type !== 'call') {
      const callee = calleeOf(expression);
      if (callee) ctx.file.addSite('calls', callee, ctx.enclosing, ctx.scope, expression);
    }
    walk.push(expression, ctx);
  }
}

export function visitLambda(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
  const inner: PythonContext = { ...ctx, scope: ctx.scope.open('lambda'), fn: null };
  pushErrorChildren(node, inner, walk);
  walk.push(fieldChild(node, 'body'), inner);
  const parameters = fieldChild(node, 'parameters');
  if (parameters) bindParameters(namedNonComments(parameters), inner.scope, ctx, false, walk);
}

export function visitTypeAlias(node: SyntaxNode, ctx: PythonContext): void {
  const head = node.namedChildren.find((c) => c?.type === 'type');
  const nameNode = head?.namedChild(0)?.type === 'generic_type' ? head.namedChild(0)!.namedChild(0) : head?.namedChild(0);
  if (!nameNode || nameNode.type !== 'identifier') return;
  const name = nameNode.text;
  ctx.scope.bind(name, 'assignment');
  if (ctx.scope.kind !== 'module' && ctx.scope.kind !== 'class') return;
  ctx.file.builder.declare('type_alias', name, ctx.parentDecl, node, {
    signature: truncate(flatText(node)),
    ...visibilityFields(name, ctx),
  });
}

/**
 * Binds parameter names in `scope`; pushes defaults and annotations to run in `outer`. `parameters`:
 * the parameter list's named children other than comments.
 * `injected` (a test or fixture): plain parameters hold the fixture of their name, except those the
 * given `parametrize` decorator text supplies.
 */
function bindParameters(parameters: SyntaxNode[], scope: Scope, outer: PythonContext, hasReceiver: boolean, walk: PythonWalk, injected: string | null = null): void {
  let position = 0;
  for (const parameter of parameters) {
    let annotation: SyntaxNode | null = null;
    const parameterType = parameter.type;
    if (parameterType === 'positional_separator' || parameterType === 'keyword_separator') continue;
    let nameNode: SyntaxNode | null = null;
    switch (parameterType) {
      case 'identifier':
        nameNode = parameter;
        break;
      case 'default_parameter':
      case 'typed_default_parameter':
        nameNode = fieldChild(parameter, 'name');
        annotation = fieldChild(parameter, 'type');
        pushAnnotation(annotation, outer, walk);
        walk.push(fieldChild(parameter, 'value'), outer);
        break;
      case 'typed_parameter': {
        const type = fieldChild(parameter, 'type');
        annotation = type;
        pushAnnotation(type, outer, walk);
        nameNode = firstNamedChildWhere(parameter, (childType) => childType !== 'type');
        break;
      }
      default:
        nameNode = parameter;
    }
    let nameType = nameNode?.type;
    if (nameNode && (nameType === 'list_splat_pattern' || nameType === 'dictionary_splat_pattern')) {
      nameNode = firstNamedChildWhere(nameNode, (childType) => childType === 'identifier');
      nameType = nameNode?.type;
    }
    if (nameNode && nameType === 'identifier') {
      const name = nameNode.text;
      const kind: BindingKind = hasReceiver && position === 0 && (name === 'self' || name === 'cls') ? 'receiver-parameter' : 'parameter';
      // An annotation is evaluated where the def statement runs, so its names are looked up there.
      let stated = kind === 'parameter' && annotation ? annotationType(annotation) : null;
      if (stated === null && kind === 'parameter' && injected !== null && parameterType === 'identifier' && !new RegExp(`\\b${name}\\b`).test(injected)) {
        stated = { kind: 'injected', name };
      }
      const value: BoundValue | 'none' | undefined = stated === 'none' ? 'none' : stated ? { type: stated, scope: outer.scope } : undefined;
      scope.bind(name, kind, undefined, value);
    } else if (nameNode) {
      // Python 2 tuple parameters `def f((a, b))`.
      const names: SyntaxNode[] = [];
      collectTargets(nameNode, names);
      for (const name of names) scope.bind(name.text, 'parameter');
    }
    position++;
  }
}

/** The name of the first parameter (`parameters`: the list's named children other than comments). */
function firstParameterName(parameters: SyntaxNode[]): string | undefined {
  const first = parameters[0];
  if (!first) return undefined;
  const type = first.type;
  if (type === 'identifier') return first.text;
  if (type === 'typed_parameter') return firstNamedChildWhere(first, (childType) => childType === 'identifier')?.text;
  if (type === 'default_parameter' || type === 'typed_default_parameter') return fieldChild(first, 'name')?.text;
  return undefined;
}

function typeParametersOf(node: SyntaxNode): string[] | undefined {
  const list = fieldChild(node, 'type_parameters');
  if (!list) return undefined;
  const names = list.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment').map((c) => flatText(c));
  return names.length > 0 ? names : undefined;
}

/** `ABC` / `abc.ABC` (or ABCMeta): the class is abstract. */
function isAbcName(chain: string[], name: string): boolean {
  return chain[chain.length - 1] === name && (chain.length === 1 || (chain.length === 2 && chain[0] === 'abc'));
}
