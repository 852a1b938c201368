/** PHP's declarations: classes, interfaces, traits and enums with their members, functions and methods with their parameters, properties, constants and closures. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import { nameOrDescend } from '../../extraction/core/syntax-walk.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { Frame, PhpContext, PhpWalk } from './file-state.js';
import { variableName } from './calls.js';
import { arrayDocType, declaredType, docTags, docType } from './types.js';

const TYPE_DECLARATIONS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  trait_declaration: 'trait',
  enum_declaration: 'enum',
};

/** PHP's line comments: `//` and `#`, but not `#[`, which opens an attribute. */
export const PHP_LINE_COMMENTS = /(?:\/\/|#(?!\[))[^\n]*/g;

/** The declaration's text from after its attributes to the start of `body` (its header). */
function header(node: SyntaxNode, body: SyntaxNode | null): string {
  const attributes = node.childForFieldName('attributes') ?? node.namedChildren.find((c) => c?.type === 'attribute_list');
  const start = attributes ? attributes.endIndex : node.startIndex;
  const end = body ? body.startIndex : node.endIndex;
  return flatSignature(node.text.slice(start - node.startIndex, end - node.startIndex), PHP_LINE_COMMENTS);
}

function decoratorsOf(node: SyntaxNode): string[] | undefined {
  const out: string[] = [];
  for (const list of node.namedChildren) {
    if (list?.type !== 'attribute_list') continue;
    for (const group of list.namedChildren) {
      for (const attribute of group?.namedChildren ?? []) if (attribute?.type === 'attribute') out.push(flatSignature(attribute.text, PHP_LINE_COMMENTS));
    }
  }
  return out.length > 0 ? out : undefined;
}

interface Modifiers {
  visibility?: 'public' | 'private' | 'protected';
  isStatic?: boolean;
  isAbstract?: boolean;
  readonly?: boolean;
}

function modifiersOf(node: SyntaxNode): Modifiers {
  const out: Modifiers = {};
  for (const child of node.children) {
    if (!child) continue;
    switch (child.type) {
      case 'visibility_modifier': {
        const word = child.text.toLowerCase().replace(/\(.*$/, '');
        if (word === 'public' || word === 'private' || word === 'protected') out.visibility ??= word;
        break;
      }
      case 'static_modifier':
        out.isStatic = true;
        break;
      case 'abstract_modifier':
        out.isAbstract = true;
        break;
      case 'readonly_modifier':
        out.readonly = true;
        break;
      default:
    }
  }
  return out;
}

export function visitType({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const nameNode = nameOrDescend(node, ctx, walk);
  if (!nameNode) return;
  const body = node.childForFieldName('body');
  const file = ctx.file;
  const name = nameNode.text;
  const kind = TYPE_DECLARATIONS[node.type];
  const mods = modifiersOf(node);
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: header(node, body),
    docstring: doc,
    isAbstract: mods.isAbstract,
    decorators: decoratorsOf(node),
    isExported: ctx.parentDecl === null || undefined,
  });
  const selfChain = file.names(node).chainOf(file.names(node).classFqn(name), 'class');
  const base = node.namedChildren.find((c) => c?.type === 'base_clause');
  const bases = base?.namedChildren.filter((c): c is SyntaxNode => c !== null && (c.type === 'name' || c.type === 'qualified_name')) ?? [];
  const inner: PhpContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, selfChain,
    parentChain: kind === 'class' && bases.length === 1 ? file.names(node).classChain(bases[0].text) : null,
  };
  for (const type of bases) file.addChainSite('extends', file.names(type).classChain(type.text), type, inner, 'type');
  const interfaces = node.namedChildren.find((c) => c?.type === 'class_interface_clause');
  for (const type of interfaces?.namedChildren ?? []) {
    if (type && (type.type === 'name' || type.type === 'qualified_name')) file.addChainSite('implements', file.names(type).classChain(type.text), type, inner, 'type');
  }
  walk.push(body, inner);
}

/** `use A, B { … }` in a class body: the class takes the traits' members. */
export function visitTraitUse(node: SyntaxNode, ctx: PhpContext): void {
  if (ctx.classId === null) return;
  for (const type of node.namedChildren) {
    if (type && (type.type === 'name' || type.type === 'qualified_name')) ctx.file.addChainSite('implements', ctx.file.names(type).classChain(type.text), type, ctx, 'type');
  }
}

export function visitEnumCase({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const nameNode = node.childForFieldName('name') ?? node.namedChildren.find((c) => c?.type === 'name');
  if (!nameNode) return;
  const id = ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(node.text, PHP_LINE_COMMENTS), docstring: doc, visibility: 'public', isStatic: true, decorators: decoratorsOf(node),
  });
  // A case is an instance of its enum (`Suit::Hearts->color()`).
  if (ctx.selfChain) ctx.file.facts.stateType(id, 'valueType', { kind: 'named', chain: ctx.selfChain }, ctx.scope);
  walk.push(node.childForFieldName('value'), { ...ctx, enclosing: id });
}

function parameterNodes(node: SyntaxNode): SyntaxNode[] {
  return node.childForFieldName('parameters')?.namedChildren.filter((c): c is SyntaxNode =>
    c !== null && (c.type === 'simple_parameter' || c.type === 'variadic_parameter' || c.type === 'property_promotion_parameter')) ?? [];
}

export function visitFunction({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const file = ctx.file;
  const nameNode = nameOrDescend(node, ctx, walk);
  if (!nameNode) return;
  const body = node.childForFieldName('body');
  const isMethod = node.type === 'method_declaration';
  const mods = modifiersOf(node);
  const inInterface = ctx.classId !== null && file.builder.declarations[ctx.classId].kind === 'interface';
  const parameters = parameterNodes(node);
  const id = file.builder.declare(isMethod && ctx.classId !== null ? 'method' : 'function', nameNode.text, ctx.parentDecl, node, {
    signature: header(node, body),
    docstring: doc,
    visibility: isMethod ? mods.visibility ?? 'public' : undefined,
    isStatic: mods.isStatic,
    isAbstract: mods.isAbstract || (inInterface && !body) || undefined,
    decorators: decoratorsOf(node),
    isExported: (!isMethod && ctx.parentDecl === null) || undefined,
    variadic: parameters.some((p) => p.type === 'variadic_parameter') || undefined,
  });
  const returnNode = node.childForFieldName('return_type');
  const returnWord = returnNode?.text.replace(/^\?/, '').toLowerCase();
  // `: static` / `: self` (a fluent method): the class it is called on.
  const tags = docTags(doc);
  // A declared type wins; a docblock's `@return` / `@param` speaks only where the code states none.
  const docReturn = tags.returns?.toLowerCase();
  const returnType: TypeRef | null = returnWord === 'static' || returnWord === 'self' ? { kind: 'self' }
    : returnNode ? declaredType(returnNode, ctx) ?? arrayDocType(returnNode, tags.returns, node, ctx)
    // `@return $this` / `@return static` (a fluent builder's docblock): the class it is called on.
    : docReturn === '$this' || docReturn === 'static' ? { kind: 'self' } : docType(tags.returns, node, ctx);
  file.facts.stateType(id, 'returnType', returnType, ctx.scope);
  // Stating no result at all (no type, no `@return`), a function returns what every `return` of its body agrees on.
  const fn = !returnNode && tags.returns === undefined && body ? file.facts.functionResults(id) : null;

  const scope = ctx.scope.open('function');
  const inner: PhpContext = { ...ctx, scope, parentDecl: id, enclosing: id, fn, narrowed: undefined };
  for (const parameter of parameters) {
    const name = variableName(parameter.childForFieldName('name'));
    const typeNode = parameter.childForFieldName('type');
    const type = parameter.type === 'variadic_parameter' ? null
      : typeNode ? declaredType(typeNode, ctx) ?? arrayDocType(typeNode, name ? tags.params.get(name) : undefined, node, ctx)
      : docType(name ? tags.params.get(name) : undefined, node, ctx);
    if (name) scope.bind(name, 'parameter', undefined, type ? { type, scope: ctx.scope } : undefined);
    // `public function __construct(private Foo $foo)`: a property too.
    if (parameter.type === 'property_promotion_parameter' && name && ctx.classId !== null) {
      const promoted = modifiersOf(parameter);
      const field = file.builder.declare('field', name.slice(1), ctx.classId, parameter, {
        signature: flatSignature(parameter.text.replace(/=[\s\S]*$/, ''), PHP_LINE_COMMENTS), visibility: promoted.visibility ?? 'public',
      });
      file.facts.stateType(field, 'valueType', type, ctx.scope);
    }
    walk.push(parameter.childForFieldName('default_value'), inner);
  }
  walk.push(body, inner);
}

export function visitProperty({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const file = ctx.file;
  const mods = modifiersOf(node);
  const typeNode = node.childForFieldName('type');
  const type = typeNode ? declaredType(typeNode, ctx) ?? arrayDocType(typeNode, docTags(doc).var, node, ctx) : docType(docTags(doc).var, node, ctx);
  for (const element of node.namedChildren) {
    if (element?.type !== 'property_element') continue;
    const name = variableName(element.namedChildren.find((c) => c?.type === 'variable_name'));
    if (!name) continue;
    const id = file.builder.declare('field', name.slice(1), ctx.parentDecl, element, {
      signature: flatSignature(`${typeNode?.text ?? ''} ${name}`, PHP_LINE_COMMENTS),
      docstring: doc,
      visibility: mods.visibility ?? 'public',
      isStatic: mods.isStatic,
      decorators: decoratorsOf(node),
    });
    file.facts.stateType(id, 'valueType', type, ctx.scope);
    walk.push(element.namedChildren.find((c) => c?.type === 'property_initializer'), { ...ctx, enclosing: id });
  }
}

export function visitConstants({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const mods = modifiersOf(node);
  for (const element of node.namedChildren) {
    if (element?.type !== 'const_element') continue;
    const nameNode = element.namedChildren.find((c) => c?.type === 'name');
    if (!nameNode) continue;
    const id = ctx.file.builder.declare('constant', nameNode.text, ctx.parentDecl, element, {
      signature: flatSignature(`const ${element.text}`, PHP_LINE_COMMENTS),
      docstring: doc,
      visibility: ctx.classId !== null ? mods.visibility ?? 'public' : undefined,
      isStatic: ctx.classId !== null || undefined,
      isExported: ctx.parentDecl === null || undefined,
    });
    for (const value of element.namedChildren) if (value && value.startIndex !== nameNode.startIndex) walk.push(value, { ...ctx, enclosing: id });
  }
}

export function visitClosure(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  // A closure's variables are its own; the enclosing function's (captured by `use` or by an arrow function) are seen through.
  const scope = ctx.scope.open('closure');
  const inner: PhpContext = { ...ctx, scope, fn: null, narrowed: undefined };
  for (const parameter of parameterNodes(node)) {
    const name = variableName(parameter.childForFieldName('name'));
    const type = parameter.type === 'variadic_parameter' ? null : declaredType(parameter.childForFieldName('type'), ctx);
    if (name) scope.bind(name, 'parameter', undefined, type ? { type, scope: ctx.scope } : undefined);
    walk.push(parameter.childForFieldName('default_value'), ctx);
  }
  walk.push(node.childForFieldName('body'), inner);
}
