/** Dart's declarations: classes, mixins, extensions and enums with their heritage, type aliases, members, functions and constructors with their parameters, top-level and member variables. */
import { blockDocComment, cappedDocstring, flatSignature } from '../../extraction/core/declaration-text.js';
import { functionTypeParameters, parameterCallbacks } from './callbacks.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { DartContext, DartWalk, FrameIn } from './file-state.js';
import { childrenOf, declaredType, resultTypeIn, typeChainIn, typeList } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';
import { typeParameterNames, type TypeParameterShape } from '../../extraction/core/type-parameters.js';
import { expressionType } from './calls.js';
import { spanOf } from './directives.js';

const SIGNATURES = new Set([
  'function_signature', 'getter_signature', 'setter_signature', 'operator_signature', 'constructor_signature',
  'constant_constructor_signature', 'factory_constructor_signature', 'redirecting_factory_constructor_signature',
]);
const CONSTRUCTORS = new Set([
  'constructor_signature', 'constant_constructor_signature', 'factory_constructor_signature', 'redirecting_factory_constructor_signature',
]);
const FIELD_LISTS = new Set(['initialized_identifier_list', 'static_final_declaration_list']);

/** `///` lines (every one of a run) or a `/** … *\/` block, without their markers. */
export function docOf(comment: SyntaxNode): string | undefined {
  if (!comment.text.startsWith('///')) return blockDocComment(comment.text);
  const lines: string[] = [];
  let current: SyntaxNode | null = comment;
  let row = comment.startPosition.row + 1;
  while (current && (current.type === 'documentation_comment' || current.type === 'comment') && current.text.startsWith('///')
    && current.endPosition.row === row - 1) {
    lines.unshift(current.text.replace(/^\/\/\/ ?/, '').trimEnd());
    row = current.startPosition.row;
    current = current.previousSibling;
  }
  const body = lines.join('\n').trim();
  return body ? cappedDocstring(body) : undefined;
}

function decoratorsOf(leading: SyntaxNode[] | undefined): string[] | undefined {
  const names = (leading ?? []).map((a) => flatSignature(a.text).replace(/^@\s*/, ''));
  return names.length > 0 ? names : undefined;
}

function hasToken(node: SyntaxNode, token: string): boolean {
  return node.children.some((c) => c?.text === token && (c.type === token || !c.isNamed));
}

function privacy(name: string): Declaration['visibility'] {
  return name.startsWith('_') ? 'private' : 'public';
}

/** `<T extends num, U>`: each entry names its parameter in its first identifier. */
const TYPE_PARAMETERS: TypeParameterShape = { listField: 'type_parameters', listType: 'type_parameters', nameTypes: new Set(['type_identifier', 'identifier']) };

export function visitType({ node, ctx, doc, leading }: FrameIn, walk: DartWalk): void {
  const file = ctx.file;
  const children = childrenOf(node);
  let nameNode = node.childForFieldName('name');
  if (!nameNode && node.type === 'mixin_declaration') nameNode = node.namedChildren.find((c) => c?.type === 'identifier') ?? null;
  const body = node.childForFieldName('body') ?? node.namedChildren.find((c) => c?.type === 'class_body' || c?.type === 'extension_body' || c?.type === 'enum_body') ?? null;
  const typeParameters = typeParameterNames(node, TYPE_PARAMETERS);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  // `extension on T` has no name: it is still a scope for its members.
  const name = nameNode?.text ?? '<extension>';
  const kind: NodeKind = node.type === 'enum_declaration' ? 'enum' : node.type === 'mixin_declaration' ? 'trait' : 'class';
  const header = flatSignature(node.text.slice(0, (body ? body.startIndex : node.endIndex) - node.startIndex));
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: header,
    docstring: doc,
    visibility: privacy(name),
    isExported: (ctx.parentDecl === null && nameNode !== null && !name.startsWith('_')) || undefined,
    isAbstract: hasToken(node, 'abstract') || node.namedChildren.some((c) => c?.type === 'abstract') || undefined,
    decorators: decoratorsOf(leading),
    typeParameters,
  });
  const info = file.classInfo(id);
  const inner: DartContext = { file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, typeVariables };
  const outer: DartContext = { ...inner, classId: ctx.classId };

  const superclass = node.childForFieldName('superclass') ?? node.namedChildren.find((c) => c?.type === 'superclass');
  const mixins = (superclass ?? node).namedChildren.find((c) => c?.type === 'mixins');
  const interfaces = node.childForFieldName('interfaces') ?? node.namedChildren.find((c) => c?.type === 'interfaces');
  if (superclass) {
    const [base] = typeList(childrenOf(superclass).filter((c) => c.type !== 'mixins'));
    if (base) {
      info.superName = base.chain[base.chain.length - 1];
      addHeritage('extends', base.chain, base.at, outer);
    }
  }
  for (const mixin of mixins ? typeList(childrenOf(mixins)) : []) addHeritage('extends', mixin.chain, mixin.at, outer);
  for (const type of interfaces ? typeList(childrenOf(interfaces)) : []) addHeritage('implements', type.chain, type.at, outer);
  if (node.type === 'mixin_declaration') {
    // `mixin M on A, B`: the types between `on` and the body (or `implements`).
    const on = children.findIndex((c) => c.type === 'on');
    if (on >= 0) {
      const until = children.findIndex((c, i) => i > on && (c.type === 'interfaces' || c.type === 'class_body'));
      for (const type of typeList(children.slice(on + 1, until < 0 ? undefined : until))) addHeritage('implements', type.chain, type.at, outer);
    }
  }
  if (node.type === 'extension_declaration') {
    // `extension E on p.T<X>`: its members are T's, callable on a proven T.
    const on = children.findIndex((c) => c.type === 'on');
    const chain = on >= 0 ? typeChainIn(children.slice(on + 1)) : null;
    const extended = declaredType(chain, typeVariables);
    if (extended) info.extends = extended;
  }
  walk.push(body, inner);
}

function addHeritage(kind: 'extends' | 'implements', chain: string[], at: SyntaxNode, ctx: DartContext): void {
  ctx.file.addSite(kind, { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, at, ctx);
}

export function visitEnumConstant({ node, ctx, doc, leading }: FrameIn, walk: DartWalk): void {
  const nameNode = node.childForFieldName('name') ?? node.namedChildren.find((c) => c?.type === 'identifier');
  if (!nameNode) return;
  const id = ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(node.text), docstring: doc, visibility: 'public', isStatic: true, decorators: decoratorsOf(leading),
  });
  if (ctx.classId !== null) {
    // An enum's value is an instance of the enum: `Color.red.hex()`.
    const enumType: TypeRef = { kind: 'named', chain: [ctx.file.builder.declarations[ctx.classId].name] };
    ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, { type: enumType, simple: null });
    ctx.file.facts.stateType(id, 'valueType', enumType, ctx.scope);
  }
  for (const child of node.namedChildren) if (child && child !== nameNode) walk.push(child, { ...ctx, enclosing: id });
}

export function visitTypeAlias({ node, ctx, doc }: FrameIn): void {
  const nameNode = node.namedChildren.find((c) => c?.type === 'type_identifier');
  if (!nameNode) return;
  // `typedef Callback = void Function(A a, B b);` / `typedef void Callback(A a, B b);`: what a literal of it receives.
  const written = node.namedChildren.find((c) => c?.type === 'function_type') ?? (node.namedChildren.some((c) => c?.type === 'formal_parameter_list') ? node : undefined);
  const functionParameters = written ? functionTypeParameters(written, ctx.typeVariables) ?? undefined : undefined;
  ctx.file.builder.declare('type_alias', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(node.text), docstring: doc, visibility: privacy(nameNode.text),
    isExported: (ctx.parentDecl === null && !nameNode.text.startsWith('_')) || undefined,
    ...(functionParameters ? { functionParameters } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Members, functions, variables

/** A class member (`method_signature`/`declaration` and the body after it) or a top-level function. */
export function visitMember(frame: FrameIn, walk: DartWalk): void {
  const { node, ctx } = frame;
  const signature = SIGNATURES.has(node.type) ? node : node.namedChildren.find((c) => c !== null && SIGNATURES.has(c.type)) ?? null;
  if (!signature) {
    const list = node.namedChildren.find((c) => c !== null && FIELD_LISTS.has(c.type));
    if (list) visitVariables(frame, list, childrenOf(node).filter((c) => c.startIndex < list.startIndex), walk);
    return;
  }
  const next = node.nextNamedSibling;
  const body = next?.type === 'function_body' ? next : null;
  declareFunction(frame, signature, body, walk);
}

export function declareFunction({ node, ctx, doc, leading }: FrameIn, signature: SyntaxNode, body: SyntaxNode | null, walk: DartWalk): number | undefined {
  const file = ctx.file;
  const inClass = ctx.classId !== null && ctx.parentDecl === ctx.classId;
  const className = inClass ? file.builder.declarations[ctx.classId!].name : undefined;
  const isConstructor = CONSTRUCTORS.has(signature.type);
  let name: string | undefined;
  let nameNode: SyntaxNode | null = null;
  if (isConstructor) {
    const names = signature.childrenForFieldName('name').filter((c): c is SyntaxNode => c?.type === 'identifier');
    const identifiers = names.length > 0 ? names : signature.namedChildren.filter((c): c is SyntaxNode => c?.type === 'identifier');
    // `C(...)` / `C.named(...)`: the unnamed one is named like its class.
    nameNode = identifiers.length > 1 ? identifiers[1] : identifiers[0] ?? null;
    name = nameNode?.text;
  } else if (signature.type === 'operator_signature') {
    const operator = signature.namedChildren.find((c) => c !== null && c.type !== 'formal_parameter_list' && c.type !== 'type_identifier' && c.type !== 'type_arguments' && c.type !== 'void_type' && c.type !== 'nullable_type');
    name = `operator ${operator ? operator.text : '?'}`;
  } else {
    nameNode = signature.childForFieldName('name') ?? signature.namedChildren.find((c) => c?.type === 'identifier') ?? null;
    name = nameNode?.text;
  }
  if (!name) return undefined;
  const typeParameters = typeParameterNames(signature, TYPE_PARAMETERS);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  const parameters = signature.childForFieldName('parameters') ?? signature.namedChildren.find((c) => c?.type === 'formal_parameter_list') ?? null;
  const isStatic = hasToken(node, 'static') || signature.type === 'factory_constructor_signature' || signature.type === 'redirecting_factory_constructor_signature';
  const isAbstract = inClass && !body && !isConstructor && !hasToken(node, 'external') && signature.type !== 'operator_signature' ? true : undefined;
  const until = parameters ?? nameNode ?? signature;
  const header = flatSignature(node.text.slice(0, until.endIndex - node.startIndex).replace(/^@[\w.]+(\([^)]*\))?\s*/g, ''));
  const kind: NodeKind = inClass ? 'method' : 'function';
  const id = file.builder.declare(kind, name, ctx.parentDecl, spanOf(node, body ?? node), {
    signature: header,
    docstring: doc,
    visibility: privacy(isConstructor && nameNode === null ? '' : name),
    isExported: (ctx.parentDecl === null && !name.startsWith('_')) || undefined,
    isStatic: isStatic || undefined,
    isAbstract,
    isAsync: (body !== null && body.children.some((c) => c?.text === 'async' || c?.text === 'async*')) || undefined,
    decorators: decoratorsOf(leading),
    typeParameters,
  });
  const callbacks = parameterCallbacks(parameters, typeVariables);
  if (callbacks) Object.assign(file.builder.declarations[id], callbacks);
  const info = inClass ? file.classInfo(ctx.classId!) : undefined;
  if (isConstructor) {
    if (className) file.facts.stateType(id, 'returnType', { kind: 'named', chain: [className] }, ctx.scope);
  } else {
    const returned = resultTypeIn(childrenOf(signature).filter((c) => nameNode === null || c.startIndex < nameNode.startIndex));
    // A `Future<T>` result is T to whoever awaits the call: stated as an async function's result.
    if (returned.future) file.builder.declarations[id].isAsync = true;
    const stated = signature.type === 'setter_signature' ? null : declaredType(returned.chain, typeVariables);
    file.facts.stateType(id, 'returnType', stated, ctx.scope);
    if (signature.type === 'getter_signature') info?.fields.set(name, { type: stated, simple: null });
    else if (signature.type !== 'setter_signature') info?.methods.add(name);
  }
  // An extension's members belong to the type it extends.
  const extended = info?.extends;
  if (extended && !isStatic) file.builder.declarations[id].memberOf = extended;

  const scope = ctx.scope.open('function');
  const inner: DartContext = { file, scope, parentDecl: id, enclosing: id, classId: ctx.classId, typeVariables };
  bindParameters(parameters, inner);
  // Initializers (`: super(x), _a = b`) and a redirection (`: this(x)`) run in the constructor.
  for (const part of node.namedChildren) {
    if (part && (part.type === 'initializers' || part.type === 'redirection')) walk.push(part, inner);
  }
  if (body) walk.descend(body, inner);
  return id;
}

export function bindParameters(list: SyntaxNode | null, ctx: DartContext): void {
  for (const parameter of list?.descendantsOfType('formal_parameter') ?? []) {
    if (!parameter) continue;
    const name = parameter.childForFieldName('name');
    if (name) {
      bindTyped(ctx, name, typeChainIn(childrenOf(parameter).filter((c) => c.startIndex < name.startIndex)), null, 'parameter');
      continue;
    }
    // `this.x`: the field's stated type, when the field is declared above (fields usually come first);
    // `super.x`: nothing stated here.
    const field = parameter.namedChildren.find((c) => c?.type === 'constructor_param' || c?.type === 'super_formal_parameter');
    const identifier = field?.namedChildren.filter((c) => c?.type === 'identifier').pop();
    const ofThis = field?.type === 'constructor_param' && field.namedChildren.some((c) => c?.type === 'this');
    const type = ofThis && identifier && ctx.classId !== null ? ctx.file.classes.get(ctx.classId)?.fields.get(identifier.text)?.type ?? null : null;
    if (identifier) ctx.file.bindLocal(ctx.scope, identifier.text, 'parameter', type, null);
  }
}

/** Top-level variables: the list's type and keywords are the siblings before it. */
export function visitTopLevelVariables(frame: FrameIn, walk: DartWalk): void {
  const before: SyntaxNode[] = [];
  for (let prev = frame.node.previousSibling; prev; prev = prev.previousSibling) {
    if (prev.type === ';' || prev.type === '}' || prev.type === 'function_body' || prev.isNamed && !['type_identifier', 'type_arguments', 'nullable_type', 'final_builtin', 'const_builtin', 'inferred_type', 'function_type', 'void_type', 'record_type'].includes(prev.type)) break;
    before.unshift(prev);
  }
  visitVariables(frame, frame.node, before, walk);
}

function visitVariables({ node, ctx, doc, leading }: FrameIn, list: SyntaxNode, before: SyntaxNode[], walk: DartWalk): void {
  const file = ctx.file;
  const inClass = ctx.classId !== null && ctx.parentDecl === ctx.classId;
  const keywords = new Set(before.flatMap((c) => (c.type === 'final_builtin' ? ['final'] : c.type === 'const_builtin' ? ['const'] : c.isNamed ? [] : [c.text])));
  const isStatic = keywords.has('static') || hasToken(node, 'static');
  const stated = declaredType(typeChainIn(before), ctx.typeVariables);
  const constant = keywords.has('const') || before.some((c) => c.type === 'const_builtin');
  const typeText = before.map((c) => c.text).join(' ');
  for (const item of list.namedChildren) {
    if (!item) continue;
    const nameNode = item.namedChildren.find((c) => c?.type === 'identifier');
    if (!nameNode) continue;
    const name = nameNode.text;
    const kind: NodeKind = inClass ? (constant && isStatic ? 'constant' : 'field') : constant ? 'constant' : 'variable';
    const id = file.builder.declare(kind, name, ctx.parentDecl, item, {
      signature: flatSignature(`${typeText} ${item.text}`),
      docstring: doc,
      visibility: privacy(name),
      isExported: (ctx.parentDecl === null && !name.startsWith('_')) || undefined,
      isStatic: (inClass && isStatic) || undefined,
      decorators: decoratorsOf(leading),
    });
    const value = item.namedChildren.filter((c): c is SyntaxNode => c !== null && c.startIndex > nameNode.startIndex);
    const valueCtx: DartContext = { ...ctx, enclosing: id };
    const type = stated ?? (value.length > 0 ? expressionType(value, valueCtx) : null);
    file.facts.stateType(id, 'valueType', type, ctx.scope);
    if (inClass) file.classInfo(ctx.classId!).fields.set(name, { type, simple: null });
    for (const part of value) walk.push(part, valueCtx);
  }
}

/** Binds a local or parameter with its declared type, or (`var`, `final`) the type its initialiser proves. */
export function bindTyped(ctx: DartContext, name: SyntaxNode, chain: string[] | null, value: SyntaxNode[] | null, kind = 'local'): void {
  const type = declaredType(chain, ctx.typeVariables) ?? (value ? expressionType(value, ctx) : null);
  ctx.file.bindLocal(ctx.scope, name.text, kind, type, null, kind === 'parameter' ? undefined : name);
}
