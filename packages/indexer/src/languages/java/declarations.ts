/** Java's declarations: classes, interfaces, enums and records with their heritage, enum constants, methods and constructors with their parameters, fields. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import { nameOrDescend } from '../../extraction/core/syntax-walk.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { JavaContext, JavaWalk } from './file-state.js';
import { declaredType, simpleType, typeChain } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';
import { modifiersOf, type ModifierShape, type Modifiers } from '../../extraction/core/modifiers.js';
import { typeParameterNames, type TypeParameterShape } from '../../extraction/core/type-parameters.js';
import { addHeritage } from './calls.js';
import { bindTyped } from './locals.js';

const TYPE_DECLARATIONS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  annotation_type_declaration: 'interface',
  enum_declaration: 'enum',
};

/** Java writes its modifiers in one `modifiers` node; its keywords are anonymous tokens there. */
const MODIFIERS: ModifierShape = {
  container: 'modifiers',
  everyChild: true,
  annotations: new Map(['marker_annotation', 'annotation'].map((type) => [type, (node: SyntaxNode) => [flatSignature(node.text).replace(/^@\s*/, '')]])),
  skip: new Set(['line_comment']),
};

const TYPE_PARAMETERS: TypeParameterShape = { listField: 'type_parameters', listType: 'type_parameters', nameTypes: new Set(['type_identifier', 'identifier']) };

function modifierFields(mods: Modifiers, inInterface: boolean): Partial<Declaration> {
  const k = mods.keywords;
  const visibility: Declaration['visibility'] = k.has('public') ? 'public' : k.has('private') ? 'private' : k.has('protected') ? 'protected'
    : inInterface ? 'public' : undefined;
  return {
    visibility,
    isStatic: k.has('static') || undefined,
    isAbstract: k.has('abstract') || undefined,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  };
}

/** The text of a declaration from after its modifiers to the end of `until` (its header). */
function header(node: SyntaxNode, until: SyntaxNode | null, mods: Modifiers): string {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  const start = modifiers ? modifiers.endIndex : node.startIndex;
  const end = until ? until.endIndex : node.endIndex;
  const text = node.text.slice(start - node.startIndex, end - node.startIndex);
  const keywords = [...mods.keywords].join(' ');
  return flatSignature(`${keywords} ${text}`);
}


function isInterface(ctx: JavaContext): boolean {
  return ctx.classId !== null && ctx.file.builder.declarations[ctx.classId].kind === 'interface' && ctx.parentDecl === ctx.classId;
}

export function visitType({ node, ctx, doc }: { node: SyntaxNode; ctx: JavaContext; doc?: string }, walk: JavaWalk): void {
  const nameNode = nameOrDescend(node, ctx, walk);
  if (!nameNode) return;
  const body = node.childForFieldName('body');
  const file = ctx.file;
  const name = nameNode.text;
  const mods = modifiersOf(node, MODIFIERS);
  const typeParameters = typeParameterNames(node, TYPE_PARAMETERS);
  const topLevel = ctx.parentDecl === null;
  const id = file.builder.declare(TYPE_DECLARATIONS[node.type], name, ctx.parentDecl, node, {
    signature: header(node, body ? body.previousSibling : null, mods),
    docstring: doc,
    ...modifierFields(mods, isInterface(ctx)),
    isExported: (topLevel && mods.keywords.has('public')) || undefined,
    typeParameters,
  });
  const info = file.classInfo(id);
  // A member type of the class around it; a local class is a name in its block.
  if (ctx.classId !== null && ctx.parentDecl === ctx.classId) file.classInfo(ctx.classId).nested.set(name, id);
  else if (!topLevel) file.bindLocal(ctx.scope, name, 'local-class', null, null, nameNode, id);

  const inner: JavaContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id,
    typeVariables: withTypeVariables(ctx, typeParameters),
  };
  // Heritage clauses: `extends` of a class or an interface, `implements` of a class.
  const superclass = node.childForFieldName('superclass') ?? node.namedChildren.find((c) => c?.type === 'superclass');
  const superType = superclass?.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment') ?? null;
  if (superType) {
    const chain = typeChain(superType);
    if (chain) info.superName = chain[chain.length - 1];
    addHeritage('extends', superType, id, inner);
  }
  const interfaces = node.childForFieldName('interfaces') ?? node.namedChildren.find((c) => c?.type === 'super_interfaces');
  const extendsInterfaces = node.namedChildren.find((c) => c?.type === 'extends_interfaces');
  for (const [clause, kind] of [[interfaces, 'implements'], [extendsInterfaces, 'extends']] as const) {
    const list = clause?.namedChildren.find((c) => c?.type === 'type_list');
    for (const type of list?.namedChildren ?? []) if (type) addHeritage(kind, type, id, inner);
  }
  // Record components: fields with accessor methods of the same name.
  const components = node.type === 'record_declaration' ? node.childForFieldName('parameters') : null;
  for (const component of components?.namedChildren ?? []) {
    const componentName = component?.childForFieldName('name');
    if (!component || !componentName) continue;
    const type = component.childForFieldName('type');
    const stated = declaredType(type, inner.typeVariables);
    const simple = simpleType(type, inner.typeVariables);
    const signature = flatSignature(component.text);
    const field = file.builder.declare('field', componentName.text, id, component, { signature, visibility: 'private' });
    file.facts.stateType(field, 'valueType', stated, inner.scope);
    const accessor = file.builder.declare('method', componentName.text, id, component, { signature, visibility: 'public' });
    file.builder.declarations[accessor].parameterTypes = [];
    file.facts.stateType(accessor, 'returnType', stated, inner.scope);
    info.fields.set(componentName.text, { type: stated, simple: simple === '*' ? null : simple });
    info.methods.add(componentName.text);
  }
  walk.push(body, inner);
}

export function visitEnumConstant({ node, ctx, doc }: { node: SyntaxNode; ctx: JavaContext; doc?: string }, walk: JavaWalk): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const mods = modifiersOf(node, MODIFIERS);
  const id = ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(nameNode.text), docstring: doc, visibility: 'public', isStatic: true,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  });
  if (ctx.classId !== null) {
    const enumType = ctx.file.pathOf(ctx.classId);
    const type: TypeRef | null = enumType ? { kind: 'named', chain: enumType } : null;
    ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, { type, simple: ctx.file.builder.declarations[ctx.classId].name });
    // `JsonReadFeature.X.mappedFeature()`: a constant is a value of its enum.
    if (type) ctx.file.facts.stateType(id, 'valueType', type, ctx.scope);
  }
  walk.push(node.childForFieldName('arguments'), { ...ctx, enclosing: id });
  // A constant with a body is an anonymous subclass of the enum: its methods belong to it.
  const body = node.childForFieldName('body');
  if (body) {
    ctx.file.classInfo(id);
    walk.push(body, { ...ctx, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id });
  }
}

function parameterList(node: SyntaxNode): SyntaxNode[] {
  return node.childForFieldName('parameters')?.namedChildren.filter((c): c is SyntaxNode =>
    c !== null && (c.type === 'formal_parameter' || c.type === 'spread_parameter')) ?? [];
}

export function visitMethod({ node, ctx, doc }: { node: SyntaxNode; ctx: JavaContext; doc?: string }, walk: JavaWalk): void {
  const file = ctx.file;
  const nameNode = nameOrDescend(node, ctx, walk);
  if (!nameNode) return;
  const body = node.childForFieldName('body');
  const name = nameNode.text;
  const mods = modifiersOf(node, MODIFIERS);
  const typeParameters = typeParameterNames(node, TYPE_PARAMETERS);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  const inInterface = isInterface(ctx);
  const parameters = parameterList(node);
  const parameterTypes: string[] = [];
  let variadic = false;
  for (const parameter of parameters) {
    if (parameter.type === 'spread_parameter') {
      const type = parameter.namedChildren.find((c) => c !== null && c.type !== 'modifiers' && c.type !== 'variable_declarator') ?? null;
      parameterTypes.push(`${simpleType(type, typeVariables) ?? '?'}[]`);
      variadic = true;
    } else {
      parameterTypes.push(simpleType(parameter.childForFieldName('type'), typeVariables) ?? '?');
    }
  }
  const returnTypeNode = node.childForFieldName('type');
  const throwsClause = node.namedChildren.find((c) => c?.type === 'throws') ?? null;
  const until = throwsClause ?? node.childForFieldName('parameters') ?? nameNode;
  const id = file.builder.declare('method', name, ctx.parentDecl, node, {
    signature: header(node, until, mods),
    docstring: doc,
    ...modifierFields(mods, inInterface),
    // An interface method without a body (and not default or static) is abstract.
    isAbstract: mods.keywords.has('abstract') || (inInterface && !body && node.type === 'method_declaration') || undefined,
    typeParameters,
    variadic: variadic || undefined,
  });
  // Set after `declare`, which leaves empty lists out: no parameters is an arity too.
  if (node.type !== 'compact_constructor_declaration') file.builder.declarations[id].parameterTypes = parameterTypes;
  if (ctx.classId !== null) file.classInfo(ctx.classId).methods.add(name);
  file.facts.stateType(id, 'returnType', declaredType(returnTypeNode, typeVariables), ctx.scope);

  const scope = ctx.scope.open('method');
  const inner: JavaContext = { file, scope, parentDecl: id, enclosing: id, classId: ctx.classId, typeVariables };
  for (const parameter of parameters) {
    if (parameter.type === 'spread_parameter') {
      const declarator = parameter.namedChildren.find((c) => c?.type === 'variable_declarator');
      const parameterName = declarator?.childForFieldName('name');
      if (parameterName) file.bindLocal(scope, parameterName.text, 'parameter', null, null);
      continue;
    }
    const parameterName = parameter.childForFieldName('name');
    const type = parameter.childForFieldName('type');
    const bound = type?.type === 'type_identifier' ? typeVariableBound(node, type.text) : null;
    // `<T extends Node> void f(T node)`: node is a Node (its simple type stays the type variable's, for overloads).
    if (parameterName && bound) file.bindLocal(scope, parameterName.text, 'parameter', declaredType(bound, typeVariables), '*');
    else if (parameterName) bindTyped(inner, parameterName, type, 'parameter');
  }
  // `default` values of annotation elements are constants: nothing to walk.
  walk.push(body, inner);
}

export function visitField({ node, ctx, doc }: { node: SyntaxNode; ctx: JavaContext; doc?: string }, walk: JavaWalk): void {
  const file = ctx.file;
  const mods = modifiersOf(node, MODIFIERS);
  const typeNode = node.childForFieldName('type');
  const inInterface = isInterface(ctx) || node.type === 'constant_declaration';
  const constant = inInterface || (mods.keywords.has('static') && mods.keywords.has('final'));
  const stated = declaredType(typeNode, ctx.typeVariables);
  const simple = simpleType(typeNode, ctx.typeVariables);
  for (const declarator of node.childrenForFieldName('declarator')) {
    const nameNode = declarator?.childForFieldName('name');
    if (!declarator || !nameNode) continue;
    const name = nameNode.text;
    // `int a[]`: the declarator's own dimensions make it an array.
    const array = declarator.childForFieldName('dimensions') !== null;
    const id = file.builder.declare(constant ? 'constant' : 'field', name, ctx.parentDecl, declarator, {
      signature: flatSignature(`${typeNode?.text ?? ''} ${name}`),
      docstring: doc,
      ...modifierFields(mods, inInterface),
      isStatic: constant || mods.keywords.has('static') || undefined,
    });
    if (!array) file.facts.stateType(id, 'valueType', stated, ctx.scope);
    if (ctx.classId !== null) {
      file.classInfo(ctx.classId).fields.set(name, { type: array ? null : stated, simple: array || simple === '*' ? null : simple });
    }
    walk.push(declarator.childForFieldName('value'), { ...ctx, enclosing: id });
  }
}

/** `<T extends Node>` on a method: Node's type node, for T; null where T is not the method's or has no one class bound. */
function typeVariableBound(method: SyntaxNode, name: string): SyntaxNode | null {
  const list = method.namedChildren.find((c) => c?.type === 'type_parameters');
  for (const parameter of list?.namedChildren ?? []) {
    if (parameter?.type !== 'type_parameter') continue;
    const named = parameter.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'marker_annotation' && c.type !== 'annotation');
    if (named[0]?.text !== name) continue;
    const bound = named.find((c) => c.type === 'type_bound');
    const types = bound?.namedChildren.filter((c): c is SyntaxNode => c !== null) ?? [];
    // `T extends A & B` may be called members of either: only one bound is taken.
    return types.length === 1 ? types[0] : null;
  }
  return null;
}
