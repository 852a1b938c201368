/**
 * What Java's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`):
 * node type → the scope it opens and, where data cannot say it, a hook that declares, binds,
 * records a site or an import, or hands parts to the walk with their own context.
 *
 * Decisions (README.md in this folder has the full list):
 *  - Classes, records → `class`; interfaces and annotation types → `interface`; enums → `enum` with
 *    `enum_member` constants; constructors are `method`s named like their class (as the codegraph
 *    CLI writes them), so `this(...)` / `super(...)` are calls of them.
 *  - Anonymous classes are classes named `<anonymous T>` that extend T (their methods' `this`).
 *  - Annotations are decorators (without `@`); a `/** … *\/` comment right before a declaration
 *    is its docstring.
 *  - A method states its parameter types (erased simple names) and each call its argument types
 *    where the code proves them: the resolver picks the overload (resolution/overloads.ts).
 *  - `Foo::bar` is a `references` site; `Foo::new` instantiates Foo.
 */
import { blockDocComment, flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { memberNameChain, splitMemberChain, type MemberAccessShape } from '../../extraction/core/tree-walk.js';
import { positionOf } from '../../extraction/core/scopes.js';
import type { ArgumentType, JavaContext } from './file-state.js';
import { declaredType, literalType, simpleType, typeChain } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';

type JavaWalk = Walk<JavaContext>;
type Rule = NodeRule<JavaContext>;

const TYPE_DECLARATIONS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  annotation_type_declaration: 'interface',
  enum_declaration: 'enum',
};

/** Named node types with nothing to extract inside. */
const OPAQUE = [
  'identifier', 'type_identifier', 'scoped_identifier', 'scoped_type_identifier', 'generic_type', 'array_type',
  'integral_type', 'floating_point_type', 'boolean_type', 'void_type', 'type_arguments', 'type_parameters',
  'dimensions', 'modifiers', 'marker_annotation', 'annotation', 'string_literal', 'text_block', 'character_literal',
  'decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal', 'binary_integer_literal',
  'decimal_floating_point_literal', 'hex_floating_point_literal', 'true', 'false', 'null_literal', 'this', 'super',
  'line_comment', 'block_comment', 'superclass', 'super_interfaces', 'extends_interfaces', 'throws', 'class_literal',
  'package_declaration',
];

const handled = handledFrame<JavaContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const JAVA_SYNTAX: SyntaxRules<JavaContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  comments: {
    types: ['block_comment', 'line_comment'],
    doc: (comment) => blockDocComment(comment.text),
  },
  nodes: {
    // `package a.b;` (annotations before it in package-info.java): the file's package.
    package_declaration: handled(({ node, ctx }) => {
      const name = node.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier');
      if (name) ctx.file.module.package(name.text, node);
    }),
    import_declaration: handled(({ node, ctx }) => visitImport(node, ctx)),
    class_declaration: handled(visitType),
    record_declaration: handled(visitType),
    interface_declaration: handled(visitType),
    annotation_type_declaration: handled(visitType),
    enum_declaration: handled(visitType),
    enum_constant: handled(visitEnumConstant),
    method_declaration: handled(visitMethod),
    constructor_declaration: handled(visitMethod),
    compact_constructor_declaration: handled(visitMethod),
    annotation_type_element_declaration: handled(visitMethod),
    field_declaration: handled(visitField),
    constant_declaration: handled(visitField),
    local_variable_declaration: handled(({ node, ctx }, walk) => visitLocal(node, ctx, walk)),

    // Block scopes; the names some of them bind.
    block,
    switch_block: block,
    for_statement: block,
    enhanced_for_statement: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        const type = node.childForFieldName('type');
        if (name?.type === 'identifier') bindTyped(ctx, name, type, 'local');
        return true;
      },
    },
    catch_clause: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const parameter = node.namedChildren.find((c) => c?.type === 'catch_formal_parameter');
        const name = parameter?.childForFieldName('name');
        const types = parameter?.namedChildren.find((c) => c?.type === 'catch_type')?.namedChildren.filter((c) => c !== null) ?? [];
        // `catch (A | B e)`: e is of neither class for sure.
        if (name) bindTyped(ctx, name, types.length === 1 ? types[0] : null, 'local');
        return true;
      },
    },
    try_with_resources_statement: block,
    resource: {
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        const value = node.childForFieldName('value');
        if (name) bindTyped(ctx, name, node.childForFieldName('type'), 'local', value);
        return true;
      },
    },
    instanceof_expression: {
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        if (name) bindTyped(ctx, name, node.childForFieldName('right'), 'local');
        return true;
      },
    },
    type_pattern: {
      visit: ({ node, ctx }) => {
        const name = node.namedChildren.find((c) => c?.type === 'identifier');
        const type = node.namedChildren.find((c) => c !== null && c.type !== 'identifier') ?? null;
        if (name) bindTyped(ctx, name, type, 'local');
        return false;
      },
    },
    lambda_expression: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),

    // Sites.
    method_invocation: { visit: ({ node, ctx }) => visitInvocation(node, ctx) },
    object_creation_expression: handled(({ node, ctx }, walk) => visitCreation(node, ctx, walk)),
    explicit_constructor_invocation: { visit: ({ node, ctx }) => visitConstructorCall(node, ctx) },
    method_reference: handled(({ node, ctx }, walk) => visitMethodReference(node, ctx, walk)),
  },
};

interface Modifiers {
  keywords: Set<string>;
  decorators: string[];
}

function modifiersOf(node: SyntaxNode): Modifiers {
  const keywords = new Set<string>();
  const decorators: string[] = [];
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  for (const child of modifiers?.children ?? []) {
    if (!child) continue;
    if (child.type === 'marker_annotation' || child.type === 'annotation') decorators.push(flatSignature(child.text).replace(/^@\s*/, ''));
    else if (!child.isNamed || child.type !== 'line_comment') keywords.add(child.text);
  }
  return { keywords, decorators };
}

/** Declaration fields the modifiers state. Interface members are public unless private. */
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

function typeParameterNames(node: SyntaxNode): string[] {
  const list = node.childForFieldName('type_parameters') ?? node.namedChildren.find((c) => c?.type === 'type_parameters');
  const names: string[] = [];
  for (const parameter of list?.namedChildren ?? []) {
    const name = parameter?.namedChildren.find((c) => c?.type === 'type_identifier' || c?.type === 'identifier');
    if (name) names.push(name.text);
  }
  return names;
}

function isInterface(ctx: JavaContext): boolean {
  return ctx.classId !== null && ctx.file.builder.declarations[ctx.classId].kind === 'interface' && ctx.parentDecl === ctx.classId;
}

function visitType({ node, ctx, doc }: { node: SyntaxNode; ctx: JavaContext; doc?: string }, walk: JavaWalk): void {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const file = ctx.file;
  const name = nameNode.text;
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
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

function addHeritage(kind: 'extends' | 'implements', type: SyntaxNode, classId: number, ctx: JavaContext): void {
  const chain = typeChain(type);
  if (!chain) return;
  // Looked up from the class around the declaration: `enclosing` is the class itself, as the resolver reads heritage.
  const outer: JavaContext = { ...ctx, enclosing: classId, classId: ctx.file.builder.declarations[classId].parent };
  ctx.file.addSite(kind, { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, type, outer);
}

function visitEnumConstant({ node, ctx, doc }: { node: SyntaxNode; ctx: JavaContext; doc?: string }, walk: JavaWalk): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const mods = modifiersOf(node);
  const id = ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(nameNode.text), docstring: doc, visibility: 'public', isStatic: true,
    decorators: mods.decorators.length > 0 ? mods.decorators : undefined,
  });
  if (ctx.classId !== null) {
    const enumType = ctx.file.pathOf(ctx.classId);
    ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, { type: enumType ? { kind: 'named', chain: enumType } : null, simple: ctx.file.builder.declarations[ctx.classId].name });
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

function visitMethod({ node, ctx, doc }: { node: SyntaxNode; ctx: JavaContext; doc?: string }, walk: JavaWalk): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const name = nameNode.text;
  const mods = modifiersOf(node);
  const typeParameters = typeParameterNames(node);
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
    if (parameterName) bindTyped(inner, parameterName, parameter.childForFieldName('type'), 'parameter');
  }
  // `default` values of annotation elements are constants: nothing to walk.
  walk.push(body, inner);
}

function visitField({ node, ctx, doc }: { node: SyntaxNode; ctx: JavaContext; doc?: string }, walk: JavaWalk): void {
  const file = ctx.file;
  const mods = modifiersOf(node);
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

/** Binds a local or parameter with its declared type; `var x = value` takes the value's stated type. */
function bindTyped(ctx: JavaContext, name: SyntaxNode, type: SyntaxNode | null, kind: string, value: SyntaxNode | null = null): void {
  let stated = declaredType(type, ctx.typeVariables);
  let simple = simpleType(type, ctx.typeVariables);
  if (type && typeChain(type)?.join('.') === 'var' && value) {
    stated = expressionType(value, ctx);
    simple = value.type === 'object_creation_expression' ? simpleType(value.childForFieldName('type'), ctx.typeVariables) : literalType(value) ?? null;
  }
  ctx.file.bindLocal(ctx.scope, name.text, kind, stated, simple, kind === 'parameter' ? undefined : name);
}

function visitLocal(node: SyntaxNode, ctx: JavaContext, walk: JavaWalk): void {
  const typeNode = node.childForFieldName('type');
  for (const declarator of node.childrenForFieldName('declarator')) {
    const nameNode = declarator?.childForFieldName('name');
    if (!declarator || !nameNode) continue;
    const value = declarator.childForFieldName('value');
    const array = declarator.childForFieldName('dimensions') !== null;
    bindTyped(ctx, nameNode, array ? null : typeNode, 'local', value);
    walk.push(value, ctx);
  }
}

function visitLambda(node: SyntaxNode, ctx: JavaContext, walk: JavaWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: JavaContext = { ...ctx, scope };
  const parameters = node.childForFieldName('parameters');
  if (parameters?.type === 'identifier') {
    ctx.file.bindLocal(scope, parameters.text, 'parameter', null, null);
  } else {
    for (const parameter of parameters?.namedChildren ?? []) {
      if (parameter?.type === 'identifier') ctx.file.bindLocal(scope, parameter.text, 'parameter', null, null);
      else if (parameter?.type === 'formal_parameter') {
        const name = parameter.childForFieldName('name');
        if (name) bindTyped(inner, name, parameter.childForFieldName('type'), 'parameter');
      } else if (parameter?.type === 'spread_parameter') {
        const name = parameter.namedChildren.find((c) => c?.type === 'variable_declarator')?.childForFieldName('name');
        if (name) ctx.file.bindLocal(scope, name.text, 'parameter', null, null);
      }
    }
  }
  walk.push(node.childForFieldName('body'), inner);
}

/** `a.b.c` → ['a', 'b', 'c'], `this.x` → ['this', 'x'], `super` → ['super']; undefined for anything else. */
function receiverChain(node: SyntaxNode): string[] | undefined {
  return memberNameChain(node, FIELD_ACCESS, chainHead, 'super');
}

function chainHead(node: SyntaxNode): string[] | undefined {
  return node.type === 'identifier' || node.type === 'this' || node.type === 'super' ? [node.text] : undefined;
}

const FIELD_ACCESS: MemberAccessShape = { nodeType: 'field_access', object: 'object', property: 'field', propertyTypes: new Set(['identifier']) };

/** The class an expression's value is stated to be: a constructor, a method's declared result, a cast. */
function expressionType(node: SyntaxNode, ctx: JavaContext): TypeRef | null {
  switch (node.type) {
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner ? expressionType(inner, ctx) : null;
    }
    case 'cast_expression':
      return declaredType(node.childForFieldName('type'), ctx.typeVariables);
    case 'object_creation_expression': {
      if (node.namedChildren.some((c) => c?.type === 'class_body')) return null;
      const chain = typeChain(node.childForFieldName('type'));
      // `outer.new Inner()`: the inner class of outer's class, not a name here.
      return chain && !node.namedChildren.some((c) => c !== null && c.startIndex < node.childForFieldName('type')!.startIndex && c.isNamed)
        ? { kind: 'call', callee: chain, construct: true } : null;
    }
    case 'method_invocation': {
      const name = node.childForFieldName('name')?.text;
      const object = node.childForFieldName('object');
      if (!name) return null;
      if (!object) return { kind: 'call', callee: ['this', name] };
      const chain = receiverChain(object);
      if (chain) return chain[0] === 'super' ? null : { kind: 'call', callee: [...chain, name] };
      const of = expressionType(object, ctx);
      return of ? { kind: 'member-call', of, name } : null;
    }
    case 'this': {
      const path = ctx.classId !== null ? ctx.file.pathOf(ctx.classId) : undefined;
      return path ? { kind: 'named', chain: path } : null;
    }
    default:
      return null;
  }
}

/** What an argument's type is, as far as the code proves it. */
function argumentType(node: SyntaxNode, ctx: JavaContext): ArgumentType {
  const literal = literalType(node);
  if (literal !== undefined) return literal;
  switch (node.type) {
    case 'identifier':
      return { name: node.text, scope: ctx.scope, at: positionOf(node) };
    case 'field_access': {
      const chain = receiverChain(node);
      return chain?.length === 2 && chain[0] === 'this' ? { field: chain[1] } : null;
    }
    case 'object_creation_expression':
      return node.namedChildren.some((c) => c?.type === 'class_body') ? null : simpleType(node.childForFieldName('type'), ctx.typeVariables);
    case 'array_creation_expression': {
      const element = simpleType(node.childForFieldName('type'), ctx.typeVariables);
      const dimensions = node.namedChildren.filter((c) => c?.type === 'dimensions_expr').length
        + (node.namedChildren.find((c) => c?.type === 'dimensions')?.text.match(/\[/g) ?? []).length;
      return element === null || element === '*' ? null : element + '[]'.repeat(Math.max(1, dimensions));
    }
    case 'cast_expression': {
      const type = simpleType(node.childForFieldName('type'), ctx.typeVariables);
      return type === '*' ? null : type;
    }
    case 'method_invocation': {
      // A call's declared result, found by the resolver.
      const stated = expressionType(node, ctx);
      return stated ? { stated } : null;
    }
    case 'this':
      return ctx.classId !== null && ctx.file.builder.declarations[ctx.classId].kind !== 'enum_member' && ctx.file.pathOf(ctx.classId)
        ? ctx.file.builder.declarations[ctx.classId].name : null;
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner ? argumentType(inner, ctx) : null;
    }
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.type ?? '';
      if (['==', '!=', '<', '>', '<=', '>=', '&&', '||', 'instanceof'].includes(operator)) return 'boolean';
      // `a + b` is a String when either side is one; other arithmetic depends on promotion: unknown.
      if (operator !== '+') return null;
      const sides = [node.childForFieldName('left'), node.childForFieldName('right')].filter((side): side is SyntaxNode => side !== null);
      return { concatenation: sides.map((side) => argumentType(side, ctx)) };
    }
    case 'unary_expression': {
      const operator = node.childForFieldName('operator')?.type;
      const operand = node.childForFieldName('operand');
      if (operator === '!') return 'boolean';
      const type = operand ? literalType(operand) : undefined;
      return (operator === '-' || operator === '+') && type && ['int', 'long', 'float', 'double'].includes(type) ? type : null;
    }
    default:
      return null;
  }
}

function argumentsOf(node: SyntaxNode, ctx: JavaContext): ArgumentType[] {
  const list = node.childForFieldName('arguments');
  return list?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment')
    .map((arg) => argumentType(arg, ctx)) ?? [];
}

function visitInvocation(node: SyntaxNode, ctx: JavaContext): boolean {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return true;
  const object = node.childForFieldName('object');
  let target: SiteTarget;
  if (!object) {
    target = { name: nameNode.text, receiver: [] };
  } else {
    const chain = receiverChain(object);
    if (chain) {
      target = { name: nameNode.text, receiver: chain };
    } else {
      // `make().a.m()`: the stated type of the call, then the member names after it.
      const split = splitMemberChain(object, FIELD_ACCESS);
      const type = split ? (split.path.length === 0 ? anonymousReceiver(split.base, nameNode.text) : null) ?? expressionType(split.base, ctx) : null;
      target = { name: nameNode.text, receiver: undefined, typedReceiver: type && split ? { type, path: split.path } : undefined };
    }
  }
  ctx.file.addSite('calls', target, node, ctx, argumentsOf(node, ctx));
  return true;
}

/**
 * `new T<X>() { ... }.m()`: the anonymous class inherits m from T unless its body declares an m
 * (then the call is its own method: left unresolved).
 */
function anonymousReceiver(base: SyntaxNode, name: string): TypeRef | null {
  if (base.type !== 'object_creation_expression') return null;
  const body = base.namedChildren.find((c) => c?.type === 'class_body');
  const typeNode = base.childForFieldName('type');
  if (!body || !typeNode || base.namedChildren.some((c) => c !== null && c.isNamed && c.startIndex < typeNode.startIndex)) return null;
  if (body.namedChildren.some((c) => c?.type === 'method_declaration' && c.childForFieldName('name')?.text === name)) return null;
  const chain = typeChain(typeNode);
  return chain ? { kind: 'call', callee: chain, construct: true } : null;
}

function visitCreation(node: SyntaxNode, ctx: JavaContext, walk: JavaWalk): void {
  const typeNode = node.childForFieldName('type');
  const body = node.namedChildren.find((c) => c?.type === 'class_body') ?? null;
  const qualified = node.namedChildren.some((c) => c !== null && typeNode !== null && c.isNamed && c.startIndex < typeNode.startIndex);
  const chain = typeChain(typeNode);
  if (chain && !qualified) {
    ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
  }
  for (const child of node.namedChildren) if (child && child !== body && child.type !== 'line_comment') walk.push(child, ctx);
  if (!body) return;
  // An anonymous class: a class of its own (its methods' `this`) extending the named type.
  const file = ctx.file;
  const name = `<anonymous ${chain ? chain[chain.length - 1] : 'class'}>`;
  const id = file.builder.declare('class', name, ctx.parentDecl, body, {});
  file.classInfo(id);
  const inner: JavaContext = { ...ctx, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id };
  if (typeNode && chain && !qualified) {
    file.classInfo(id).superName = chain[chain.length - 1];
    addHeritage('extends', typeNode, id, inner);
  }
  walk.push(body, inner);
}

/** `this(...)` and `super(...)`: calls of a constructor of the class or of its superclass. */
function visitConstructorCall(node: SyntaxNode, ctx: JavaContext): boolean {
  const which = node.childForFieldName('constructor');
  if (!which || ctx.classId === null || node.childForFieldName('object')) return true;
  const declaration = ctx.file.builder.declarations[ctx.classId];
  const name = which.type === 'this' ? declaration.name : ctx.file.classInfo(ctx.classId).superName;
  if (name) ctx.file.addSite('calls', { name, receiver: [which.type] }, node, ctx, argumentsOf(node, ctx));
  return true;
}

/** `Foo::bar`, `this::bar`, `obj::bar` reference a method; `Foo::new` instantiates Foo. */
function visitMethodReference(node: SyntaxNode, ctx: JavaContext, walk: JavaWalk): void {
  const parts = node.children.filter((c): c is SyntaxNode => c !== null);
  const separator = parts.findIndex((c) => c.type === '::');
  if (separator <= 0) return;
  const head = parts[0];
  const member = parts[parts.length - 1];
  if (member.type === 'new') {
    const chain = typeChain(head);
    if (chain) ctx.file.addSite('instantiates', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, node, ctx);
    return;
  }
  if (member.type !== 'identifier') return;
  const chain = receiverChain(head) ?? typeChain(head) ?? undefined;
  if (chain) {
    ctx.file.addSite('references', { name: member.text, receiver: chain }, node, ctx);
    return;
  }
  const type = expressionType(head, ctx);
  ctx.file.addSite('references', { name: member.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined }, node, ctx);
  walk.push(head, ctx);
}

function visitImport(node: SyntaxNode, ctx: JavaContext): void {
  const file = ctx.file;
  const isStatic = node.children.some((c) => c?.type === 'static');
  const wildcard = node.namedChildren.some((c) => c?.type === 'asterisk');
  const nameNode = node.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier');
  if (!nameNode) return;
  const parts = nameNode.text.replace(/\s+/g, '').split('.');
  const signature = flatSignature(node.text);
  if (wildcard) {
    const specifier = parts.join('.');
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }]);
    if (isStatic) {
      // `import static a.b.C.*`: members of C, reached through a hidden name for C (a dotted name no identifier can be).
      file.builder.imports[file.builder.imports.length - 1].bindings.push({ local: specifier, imported: parts[parts.length - 1] });
      file.staticWildcards.push(specifier);
    }
    return;
  }
  if (isStatic) {
    // `import static a.b.C.m`: m means member m of class C.
    const owner = parts.slice(0, -1);
    const specifier = owner.join('.');
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: owner[owner.length - 1] }]);
    file.aliases.set(parts[parts.length - 1], [specifier, parts[parts.length - 1]]);
    return;
  }
  // `import a.b.Outer.Inner` (a type inside a type, by the capitalisation convention): Inner means Outer's member.
  const top = parts.findIndex((part) => /^[A-Z]/.test(part));
  if (top >= 0 && top < parts.length - 1) {
    const specifier = parts.slice(0, top + 1).join('.');
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: parts[top] }]);
    file.aliases.set(parts[parts.length - 1], [specifier, ...parts.slice(top + 1)]);
    return;
  }
  const name = parts[parts.length - 1];
  file.builder.addImport(parts.join('.'), ctx.parentDecl, node, signature, [{ local: name, imported: name }]);
}
