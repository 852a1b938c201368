/** TypeScript's type-level declarations: interfaces, type aliases, enums, namespaces and ambient (`declare`) declarations. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, ReferenceSite, TypeRef } from '../../model/extraction.js';
import { annotatedType, MEMBER_KEEPING_UTILITIES } from './ecmascript-types.js';
import {
  compactText, declarationName, docCommentText, firstChildOfType, headerText, propertyName, stringLiteralValue,
  typeParameterNames
} from './ecmascript-syntax.js';
import type { EcmascriptContext, EcmascriptFrame, EcmascriptWalk } from './file-state.js';
import { addTypeReference, overloadShape } from './declarations.js';
import { ownTypeParameters, statedCallSignature, statedFunctionType } from './function-types.js';

export function visitInterface(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const exportInfo = frame.extra?.exportInfo;
  const name = declarationName(node);
  if (!name || ctx.suppressDeclarations) return;
  const body = node.childForFieldName('body');
  const id = file.addDeclaration('interface', name, node, ctx, {
    signature: headerText(file.source, node.startIndex, body ? body.startIndex : node.endIndex),
    docstring: file.docstring(frame),
    isExported: exportInfo !== undefined || undefined,
    typeParameters: typeParameterNames(node),
  });
  if (body) file.stateType(id, 'returnType', callSignatureResult([body]), ctx);
  // Its call signatures type the function literals it is given, unless a base may add others.
  if (body && !firstChildOfType(node, 'extends_type_clause')) {
    const { own, defaults } = ownTypeParameters(node);
    if (defaults) file.declarations[id].typeParameterDefaults = defaults;
    if (body.namedChildren.some((member) => member?.type === 'call_signature')) Object.assign(file.declarations[id], statedCallSignature(body, own));
    else file.declarations[id].uncallable = true;
  }
  if (body) stateCallSignatureShapes(file.declarations[id], [body]);
  const siteCtx = { ...ctx, enclosing: id };
  const heritage = firstChildOfType(node, 'extends_type_clause');
  if (heritage) {
    // `extends Omit<BaseProps, 'x'>`: the base whose members it keeps.
    for (const type of heritage.childrenForFieldName('type')) {
      if (type) addBase(keptType(type) ?? type, type, siteCtx);
    }
  }
  // Members, so that a call through an interface-typed value links to the method it declares.
  if (body) walk.descend(body, { ...ctx, container: id, thisIsClass: false, pendingOwner: null });
}

export function visitTypeAlias(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const name = declarationName(node);
  if (!name || ctx.suppressDeclarations) return;
  const id = file.addDeclaration('type_alias', name, node, ctx, {
    signature: compactText(file.source.slice(node.startIndex, node.endIndex)).replace(/;$/, ''),
    docstring: file.docstring(frame),
    isExported: frame.extra?.exportInfo !== undefined || undefined,
    typeParameters: typeParameterNames(node),
    ...statedFunctionType(node.childForFieldName('value'), ownTypeParameters(node).own),
  });
  const defaults = ownTypeParameters(node).defaults;
  if (defaults) file.declarations[id].typeParameterDefaults = defaults;
  // `type Props = { onSelect(): void }` (also one part of `Base & { … }`): its members are the object
  // type's, as an interface's are, so that `props.onSelect()` links to the member it declares.
  const bodies = objectTypeParts(node.childForFieldName('value'));
  for (const body of bodies) {
    walk.descend(body, { ...ctx, container: id, thisIsClass: false, pendingOwner: null });
  }
  file.stateType(id, 'returnType', callSignatureResult(bodies), ctx);
  stateCallSignatureShapes(file.declarations[id], bodies);
  // `type Props = BaseProps & { … }`: a value of the intersection has the named parts' members too, as an
  // interface has those of the interfaces it extends.
  for (const [part, written] of intersectedTypes(node.childForFieldName('value'))) addBase(part, written, { ...ctx, enclosing: id });
  // `type Store = INTERNAL_Store`, `type Props = Partial<BaseProps>`, `type Store = ReturnType<typeof useStore>`: a value
  // of the alias is a value of what it names.
  const value = node.childForFieldName('value');
  const named = value && ALIASED_TYPE_NODES.has(value.type) ? annotatedType(value) : null;
  if (named && (named.kind === 'named' || named.kind === 'call') && !typeParameterNames(node)?.includes(named.kind === 'named' ? named.chain[0] : named.callee[0])) {
    file.declarations[id].underlyingType = named;
  }
}

/** Type nodes that name one other type (not a literal, a function type, a union of several). */
const ALIASED_TYPE_NODES: ReadonlySet<string> = new Set(['type_identifier', 'nested_type_identifier', 'generic_type']);

/** The named types an intersection is made of (`A & B<T> & { … }`: A, B), through `Omit<A, 'k'>` and the like, each with the part as written. */
function intersectedTypes(value: SyntaxNode | null): Array<[SyntaxNode, SyntaxNode]> {
  if (value?.type !== 'intersection_type') return [];
  const out: Array<[SyntaxNode, SyntaxNode]> = [];
  for (const part of value.namedChildren) {
    if (!part || part.type === 'comment') continue;
    if (part.type === 'intersection_type') out.push(...intersectedTypes(part));
    else {
      const named = keptType(part);
      if (named) out.push([named, part]);
    }
  }
  return out;
}

/** An `extends` site for a base (`named`), with the members the written part (`Omit<Base, 'k'>`) leaves out of it. */
function addBase(named: SyntaxNode, written: SyntaxNode, ctx: EcmascriptContext): void {
  const site = addTypeReference('extends', named, ctx, 'type');
  const subset = site && written !== named ? memberSubset(written) : undefined;
  if (subset) site!.memberSubset = subset;
}

/**
 * `Omit<Base, 'a' | 'b'>`: all of Base's members except a and b; `Pick<Base, keyof T>`: only those T has. Through
 * the other member-keeping utilities (`Partial<Omit<…>>`), the innermost Omit/Pick says; undefined where all are kept.
 */
function memberSubset(written: SyntaxNode, depth = 0): ReferenceSite['memberSubset'] {
  if (written.type !== 'generic_type' || depth > 4) return undefined;
  const name = written.childForFieldName('name')?.text;
  const args = written.childForFieldName('type_arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  if (name === undefined || !MEMBER_KEEPING_UTILITIES.has(name) || args.length === 0) return undefined;
  const inner = memberSubset(args[0], depth + 1);
  if (name !== 'Omit' && name !== 'Pick') return inner;
  const keep = name === 'Pick' ? 'only' : 'except';
  // One subset of a subset is more than one list can say: any member may be left out.
  if (inner) return { keep, unknownKeys: true };
  const keys = args[1];
  if (keys?.type === 'index_type_query') {
    const named = keys.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (named?.type === 'type_identifier') return { keep, keysOf: named.text };
    return { keep, unknownKeys: true };
  }
  const names = keys ? literalKeys(keys) : null;
  return names ? { keep, names } : { keep, unknownKeys: true };
}

/** `'a'`, `'a' | 'b'`: the string literal keys; null for anything else. */
function literalKeys(node: SyntaxNode): string[] | null {
  if (node.type === 'union_type') {
    const out: string[] = [];
    for (const part of node.namedChildren) {
      if (!part || part.type === 'comment') continue;
      const one = literalKeys(part);
      if (!one) return null;
      out.push(...one);
    }
    return out;
  }
  if (node.type !== 'literal_type') return null;
  const literal = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
  const value = literal?.type === 'string' ? stringLiteralValue(literal) : null;
  return value === null || value === undefined ? null : [value];
}

/** `A`, `ns.A`, `A<T>`, `Omit<A, 'k'>` → the type node whose members the part brings; null for anything else. */
function keptType(part: SyntaxNode, depth = 0): SyntaxNode | null {
  if (part.type === 'type_identifier' || part.type === 'nested_type_identifier') return part;
  if (part.type !== 'generic_type' || depth > 4) return null;
  const name = part.childForFieldName('name')?.text;
  if (name === undefined || !MEMBER_KEEPING_UTILITIES.has(name)) return part;
  const first = part.childForFieldName('type_arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  return first ? keptType(first, depth + 1) : null;
}

/**
 * `{ (url: string): ResponsePromise; get: … }`: what calling a value of the type returns, where every call
 * signature of its bodies states the same class; null otherwise (see `Declaration.returnType`).
 */
function callSignatureResult(bodies: SyntaxNode[]): TypeRef | null {
  let found: TypeRef | null = null;
  for (const body of bodies) {
    for (const member of body.namedChildren) {
      if (member?.type !== 'call_signature') continue;
      const one = annotatedType(member.childForFieldName('return_type'));
      if (!one || (found && JSON.stringify(found) !== JSON.stringify(one))) return null;
      found = one;
    }
  }
  return found;
}

/**
 * `interface HandlerInterface { (handler: H): App; (path: string, handler: H): App }`: what each call signature
 * states for the function literals passed to a value of the type when it is called (`app.get('/', (c) => …)` with
 * `get: HandlerInterface`), as an overloaded function's signatures do (`overloadShapes`).
 */
function stateCallSignatureShapes(declaration: Declaration, bodies: SyntaxNode[]): void {
  const signatures = bodies.flatMap((body) => body.namedChildren.filter((member): member is SyntaxNode => member?.type === 'call_signature'));
  const shapes = signatures.map(overloadShape);
  if (shapes.some((shape) => shape.callbackParameters || shape.callbackTypes)) declaration.overloadShapes = shapes;
}

/** The object types a type alias's value is made of: itself, or the object-type operands of an intersection. */
function objectTypeParts(value: SyntaxNode | null): SyntaxNode[] {
  if (!value) return [];
  if (value.type === 'object_type') return [value];
  if (value.type !== 'intersection_type') return [];
  const out: SyntaxNode[] = [];
  for (const part of value.namedChildren) {
    if (part?.type === 'object_type' || part?.type === 'intersection_type') out.push(...objectTypeParts(part));
  }
  return out;
}

export function visitEnum(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const name = declarationName(node);
  const body = node.childForFieldName('body');
  if (name && ctx.suppressDeclarations) ctx.scope.bind(name, 'lexical');
  if (!name || ctx.suppressDeclarations) return;
  const id = file.addDeclaration('enum', name, node, ctx, {
    signature: headerText(file.source, node.startIndex, body ? body.startIndex : node.endIndex),
    docstring: file.docstring(frame),
    isExported: frame.extra?.exportInfo !== undefined || undefined,
  });
  ctx.scope.bind(name, 'lexical', id);
  if (!body) return;
  const memberCtx = { ...ctx, container: id };
  let comment: SyntaxNode | undefined;
  for (const member of body.namedChildren) {
    if (!member) continue;
    if (member.type === 'comment') {
      comment = member;
      continue;
    }
    const doc = comment ? docCommentText(comment, member.startPosition.row) : undefined;
    comment = undefined;
    const nameNode = member.type === 'enum_assignment' ? member.childForFieldName('name') : member;
    if (!nameNode) continue;
    file.addDeclaration('enum_member', propertyName(nameNode), member, memberCtx, {
      signature: compactText(file.source.slice(member.startIndex, Math.min(member.endIndex, member.startIndex + 800)), 200),
      docstring: doc,
    });
    if (member.type === 'enum_assignment') walk.push(member.childForFieldName('value'), ctx);
  }
}

export function visitNamespace(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode || ctx.suppressDeclarations) {
    if (body) walk.descend(body, ctx);
    return;
  }
  const isModule = nameNode.type === 'string';
  const name = isModule ? stringLiteralValue(nameNode) ?? nameNode.text : nameNode.text;
  const id = file.addDeclaration(isModule ? 'module' : 'namespace', name, node, ctx, {
    signature: headerText(file.source, node.startIndex, body ? body.startIndex : node.endIndex),
    docstring: file.docstring(frame),
    isExported: frame.extra?.exportInfo !== undefined || undefined,
  });
  if (!body) return;
  // A namespace body is module-like: its declarations are members, not locals.
  walk.descend(body, { ...ctx, container: id, moduleLevel: true });
}

export function visitAmbient(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  for (const child of node.children) {
    if (!child) continue;
    // `declare global { … }`: its declarations augment the global scope, at module level.
    if (child.type === 'statement_block') walk.descend(child, { ...ctx, moduleLevel: true, declaresGlobal: true });
    else if (child.isNamed) walk.visit(child, ctx, { extra: frame.extra, doc: frame.doc, parent: node });
  }
}

// ---------------------------------------------------------------- variables
