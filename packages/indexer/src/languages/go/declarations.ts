/** Go's declarations: functions and methods with their type parameters, parameters and results, function literals, type specs with their fields, interface members and embeddings. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { endPositionOf, type Scope } from '../../extraction/core/scopes.js';
import { type GoContext, type GoWalk, docCommentOf, isExportedName, signatureOf } from './file-state.js';
import { firstResultType, namedType, resultTypes, statedType } from './type-expressions.js';

/** Binds the type parameters of a declaration (`[T any, K comparable]`) in `scope`. */
function bindTypeParameters(list: SyntaxNode | null, scope: Scope): string[] {
  const names: string[] = [];
  for (const declaration of list?.namedChildren ?? []) {
    if (declaration?.type !== 'parameter_declaration' && declaration?.type !== 'type_parameter_declaration') continue;
    for (const name of declaration.childrenForFieldName('name')) {
      if (!name) continue;
      scope.bind(name.text, 'type-parameter');
      names.push(name.text);
    }
  }
  return names;
}

/**
 * Binds a parameter list's names in `scope`, each with its stated type, read in `typeScope` (the
 * signature: type parameters are visible there, the parameters themselves are not).
 */
function bindParameters(list: SyntaxNode | null, scope: Scope, typeScope: Scope): void {
  for (const declaration of list?.namedChildren ?? []) {
    if (declaration?.type !== 'parameter_declaration' && declaration?.type !== 'variadic_parameter_declaration') continue;
    // `xs ...T` is a slice of T.
    const stated = statedType(declaration.childForFieldName('type'));
    const type = declaration.type === 'parameter_declaration' ? stated : stated ? { kind: 'collection' as const, element: stated } : null;
    for (const name of declaration.childrenForFieldName('name')) {
      if (!name || name.text === '_') continue;
      scope.bind(name.text, 'parameter', undefined, { type, scope: typeScope });
    }
  }
}

export function visitFunction(node: SyntaxNode, ctx: GoContext, walk: GoWalk): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.push(body, ctx);
    return;
  }
  const name = nameNode.text;
  const signature = ctx.scope.open('signature');
  const typeParameters = bindTypeParameters(node.childForFieldName('type_parameters'), signature);
  const isMethod = node.type === 'method_declaration';
  let receiverType: string | undefined;
  const receiver = isMethod ? node.childForFieldName('receiver')?.namedChildren.find((c) => c?.type === 'parameter_declaration') : undefined;
  if (receiver) {
    const type = receiver.childForFieldName('type');
    const named = namedType(type);
    if (named?.kind === 'named' && named.chain.length === 1) receiverType = named.chain[0];
    // `func (g *G[K, V]) M()`: the receiver's type arguments are type parameters of the method.
    const generic = type?.type === 'pointer_type' ? type.namedChildren[0] : type;
    for (const argument of generic?.type === 'generic_type' ? generic.childForFieldName('type_arguments')?.namedChildren ?? [] : []) {
      if (argument?.type === 'type_identifier') signature.bind(argument.text, 'type-parameter');
    }
  }
  const result = node.childForFieldName('result');
  const id = file.builder.declare(isMethod ? 'method' : 'function', name, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    isExported: isExportedName(name) || undefined,
    visibility: isExportedName(name) ? 'public' : 'private',
    typeParameters,
    memberOf: receiverType ? { kind: 'named', chain: [receiverType] } : undefined,
  });
  if (receiverType) file.builder.declarations[id].qualifiedName = `${receiverType}::${name}`;
  file.facts.stateType(id, 'returnType', firstResultType(result), signature);
  stateResults(id, result, signature, ctx);

  const scope = signature.open('function');
  if (receiver) bindParameters(node.childForFieldName('receiver'), scope, signature);
  bindParameters(node.childForFieldName('parameters'), scope, signature);
  if (result?.type === 'parameter_list') bindParameters(result, scope, signature);
  walk.push(body, { file, scope, parentDecl: id, enclosing: id });
}

/** `func f() (*T, U, error)`: every result's type, for `t, u, err := f()` (the first is the return type). */
function stateResults(id: number, result: SyntaxNode | null, scope: Scope, ctx: GoContext): void {
  const types = resultTypes(result);
  if (types.length < 2) return;
  types.forEach((type, index) => {
    if (!type || index === 0) return;
    ctx.file.facts.proveLater(type, scope, undefined, (proven) => {
      if (!proven) return;
      const declaration = ctx.file.builder.declarations[id];
      declaration.resultTypes ??= types.map(() => null);
      declaration.resultTypes[index] = proven;
    });
  });
}

export function visitFunctionLiteral(node: SyntaxNode, ctx: GoContext, walk: GoWalk): void {
  const signature = ctx.scope.open('signature');
  const scope = signature.open('function');
  bindParameters(node.childForFieldName('parameters'), scope, signature);
  const result = node.childForFieldName('result');
  if (result?.type === 'parameter_list') bindParameters(result, scope, signature);
  walk.push(node.childForFieldName('body'), { ...ctx, scope });
}

const TYPE_KINDS = { struct_type: 'struct', interface_type: 'interface' } as const;
const COLLECTION_TYPES = new Set(['slice_type', 'array_type', 'map_type', 'channel_type']);

export function visitTypeSpec(node: SyntaxNode, ctx: GoContext): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const name = nameNode.text;
  // A type declared inside a function is a local name, not a declaration of the package.
  if (!ctx.scope.fileLevel) {
    ctx.scope.bind(name, 'local', undefined, undefined, endPositionOf(node));
    return;
  }
  const typeNode = node.childForFieldName('type');
  const kind = node.type === 'type_spec' && typeNode?.type && typeNode.type in TYPE_KINDS
    ? TYPE_KINDS[typeNode.type as keyof typeof TYPE_KINDS] : 'type_alias';
  const typeScope = ctx.scope.open('type');
  const typeParameters = bindTypeParameters(node.childForFieldName('type_parameters'), typeScope);
  const single = node.parent?.type === 'type_declaration' && node.parent.namedChildren.filter((c) => c?.type !== 'comment').length === 1;
  const members = typeNode?.type === 'struct_type'
    ? typeNode.namedChildren.find((c) => c?.type === 'field_declaration_list') ?? null
    : typeNode?.type === 'interface_type' ? typeNode : null;
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: `type ${signatureOf(node, members)}`,
    docstring: docCommentOf(single ? node.parent! : node),
    isExported: isExportedName(name) || undefined,
    visibility: isExportedName(name) ? 'public' : 'private',
    typeParameters,
  });
  if (typeNode?.type === 'struct_type' && members) declareFields(members, id, typeScope, ctx);
  // `type Routes []Route`: a value of Routes has Route elements.
  const underlying = typeNode && COLLECTION_TYPES.has(typeNode.type) ? statedType(typeNode) : null;
  if (underlying) {
    file.facts.proveLater(underlying, typeScope, undefined, (proven) => {
      if (proven) file.builder.declarations[id].underlyingType = proven;
    });
  }
  if (typeNode?.type === 'interface_type') declareInterfaceMembers(typeNode, id, typeScope, ctx);
}

function declareFields(list: SyntaxNode, owner: number, typeScope: Scope, ctx: GoContext): void {
  const builder = ctx.file.builder;
  for (const field of list.namedChildren) {
    if (field?.type !== 'field_declaration') continue;
    const typeNode = field.childForFieldName('type');
    const type = namedType(typeNode);
    const names = field.childrenForFieldName('name').filter((n): n is SyntaxNode => n !== null);
    if (names.length === 0) {
      // An embedded field: named after its type, and its type's methods are promoted.
      if (type?.kind !== 'named' || !typeNode) continue;
      const fieldName = type.chain[type.chain.length - 1];
      const id = builder.declare('field', fieldName, owner, field, {
        signature: field.text.replace(/\s+/g, ' '), isExported: isExportedName(fieldName) || undefined,
      });
      ctx.file.facts.stateType(id, 'valueType', type, typeScope);
      embed(type, owner, typeNode, typeScope, ctx);
      continue;
    }
    for (const name of names) {
      const id = builder.declare('field', name.text, owner, name, {
        signature: field.text.replace(/\s+/g, ' '), isExported: isExportedName(name.text) || undefined,
      });
      ctx.file.facts.stateType(id, 'valueType', statedType(typeNode), typeScope);
    }
  }
}

function declareInterfaceMembers(node: SyntaxNode, owner: number, typeScope: Scope, ctx: GoContext): void {
  for (const member of node.namedChildren) {
    if (!member) continue;
    if (member.type === 'method_spec' || member.type === 'method_elem') {
      const nameNode = member.childForFieldName('name');
      if (!nameNode) continue;
      const id = ctx.file.builder.declare('method', nameNode.text, owner, member, {
        signature: member.text.replace(/\s+/g, ' '),
        docstring: docCommentOf(member),
        isExported: isExportedName(nameNode.text) || undefined,
        isAbstract: true,
      });
      ctx.file.facts.stateType(id, 'returnType', firstResultType(member.childForFieldName('result')), typeScope);
      stateResults(id, member.childForFieldName('result'), typeScope, ctx);
      continue;
    }
    // An embedded interface (`io.Reader`, `Base`); a union or `~T` constraint embeds nothing.
    const embedded = member.type === 'constraint_elem' || member.type === 'type_elem'
      ? (member.namedChildCount === 1 ? member.namedChildren[0] : null)
      : member;
    const type = namedType(embedded);
    if (type?.kind === 'named' && embedded) embed(type, owner, embedded, typeScope, ctx);
  }
}

/** An embedding: an `extends` site of the embedding type, resolved like any type name. */
function embed(type: TypeRef, owner: number, at: SyntaxNode, typeScope: Scope, ctx: GoContext): void {
  if (type.kind !== 'named') return;
  // A type parameter embeds nothing the graph knows.
  if (typeScope.classify(type.chain[0], type.chain.length > 1).locallyBound) return;
  const chain = type.chain;
  ctx.file.facts.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, owner, at, ctx.scope);
}
