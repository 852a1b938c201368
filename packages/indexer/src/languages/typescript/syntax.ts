/**
 * What ECMAScript syntax (TypeScript, TSX, JavaScript, JSX) means, as rules for the shared walk
 * (`src/extraction/core/syntax-walk.ts`): node type → the scope it opens and the names it binds,
 * and — where data cannot say it — a hook that declares, records an import, an export or a
 * reference site, or hands parts to the walk with their own context.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ImportBinding, MemberTypeFact, ReferenceKind, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { StatedResult } from '../../extraction/core/file-facts.js';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { bindParameters, patternNames } from './ecmascript-scopes.js';
import { annotatedType, initialiserType } from './ecmascript-types.js';
import {
  CLASS_DECLARATION_TYPES, compactText, decoratorTexts, declarationName, docCommentText, firstChildOfType,
  firstStringArgument, FUNCTION_VALUE_TYPES, functionReturnsJsx, hasToken, headerText, isPascalCase,
  memberTarget, namedChildrenOf, propertyName, receiverChain, requireSpecifier, startAfterDecorators, statementText,
  stringLiteralValue, TYPE_ONLY_TYPES, typeParameterNames, visibilityOf, type MemberTarget,
} from './ecmascript-syntax.js';
import { wordsOf, type EcmascriptContext, type EcmascriptExtra, type EcmascriptFrame, type ExportInfo } from './file-state.js';

type EcmascriptWalk = Walk<EcmascriptContext, EcmascriptExtra>;
type Rule = NodeRule<EcmascriptContext, EcmascriptExtra>;

/** Node types that never contain a declaration, import or reference site. */
const NOTHING_INSIDE: readonly string[] = [
  ...TYPE_ONLY_TYPES, 'comment', 'identifier', 'property_identifier', 'private_property_identifier',
  'shorthand_property_identifier', 'shorthand_property_identifier_pattern', 'statement_identifier', 'number', 'string',
  'string_fragment', 'escape_sequence', 'regex', 'this', 'super', 'true', 'false', 'null', 'undefined', 'jsx_text',
  'hash_bang_line', 'html_comment', 'formal_parameters_placeholder', 'accessibility_modifier', 'override_modifier',
];
/** Wrappers whose first argument is the component itself (`memo(() => <div/>)`). */
const COMPONENT_WRAPPERS: ReadonlySet<string> = new Set(['memo', 'forwardRef', 'observer']);

/** A hook that handles the node itself and walks none of its children by default. */
const handled = handledFrame<EcmascriptContext, EcmascriptExtra>;

/** A block: its own scope for `let`/`const`/class/function declarations; no longer module level. */
const block: Rule = { opensScope: { kind: 'block', context: (ctx, scope) => ({ ...ctx, moduleLevel: false, scope }) } };
/** `for (const x of …)`, `for (var k in …)`, `catch (e)`: a block whose head binds (a `var`, the function's). */
const headedBlock: Rule = {
  opensScope: block.opensScope,
  visit: ({ node, ctx }) => {
    const declarationKind = node.type === 'catch_clause' ? 'let' : node.childForFieldName('kind')?.text;
    const bound = node.type === 'catch_clause' ? node.childForFieldName('parameter') : node.childForFieldName('left');
    if (declarationKind !== undefined) {
      for (const name of patternNames(bound)) ctx.scope.bind(name, declarationKind === 'var' ? 'var' : 'lexical');
    } else if (node.type === 'for_in_statement') {
      // `for (x of xs)` writes an outer `x`.
      for (const name of patternNames(bound)) ctx.file.assignedNames.add(name);
    }
    return true;
  },
};
const functionRule: Rule = handled(visitFunction);
const classRule: Rule = handled(visitClass);
const namespaceRule: Rule = handled(visitNamespace);
const variablesRule: Rule = handled(visitVariables);
const fieldRule: Rule = handled(visitField);
const jsxElementRule: Rule = { visit: visitJsxElement };

export const ECMASCRIPT_SYNTAX: SyntaxRules<EcmascriptContext, EcmascriptExtra> = {
  opaque: NOTHING_INSIDE,
  patternNames: (pattern) => patternNames(pattern),
  comments: { types: ['comment'], doc: docCommentText },
  leadingAttributes: ['decorator'],
  // Handlers ask for these parents: a statement list (overloads), a class or interface body, an ERROR.
  keepParents: ['program', 'statement_block', 'class_body', 'interface_body', 'ERROR'],
  nodes: {
    // Scopes.
    statement_block: block,
    switch_body: block,
    for_statement: block,
    for_in_statement: headedBlock,
    catch_clause: headedBlock,
    // Runs once when the class is defined: its sites belong to the class; its `var`s are its own.
    class_static_block: {
      opensScope: { kind: 'function', context: (ctx, scope) => ({ ...ctx, scope, enclosing: ctx.container, pendingOwner: null }) },
    },

    // Imports and exports.
    import_statement: handled(visitImport),
    export_statement: handled(visitExport),

    // Declarations.
    lexical_declaration: variablesRule,
    variable_declaration: variablesRule,
    function_declaration: functionRule,
    generator_function_declaration: functionRule,
    function_expression: functionRule,
    function: functionRule,
    generator_function: functionRule,
    arrow_function: functionRule,
    method_definition: handled((frame, walk) => (frame.parent?.type === 'class_body' ? visitMethod(frame, walk) : visitFunction(frame, walk))),
    function_signature: handled(visitFunctionSignature),
    public_field_definition: fieldRule,
    field_definition: fieldRule,
    method_signature: handled((frame) => {
      if (frame.parent?.type === 'class_body' || frame.parent?.type === 'interface_body') visitClassMemberSignature(frame, false);
    }),
    property_signature: handled((frame) => {
      if (frame.parent?.type === 'interface_body') visitPropertySignature(frame);
    }),
    abstract_method_signature: handled((frame) => visitClassMemberSignature(frame, true)),
    class_declaration: classRule,
    abstract_class_declaration: classRule,
    class: classRule,
    interface_declaration: handled(visitInterface),
    type_alias_declaration: handled(visitTypeAlias),
    enum_declaration: handled(visitEnum),
    internal_module: namespaceRule,
    module: namespaceRule,
    ambient_declaration: handled(visitAmbient),

    // Statements and expressions.
    expression_statement: handled(visitExpressionStatement),
    call_expression: { visit: visitCall },
    assignment_expression: { visit: recordAssigned },
    augmented_assignment_expression: { visit: recordAssigned },
    new_expression: {
      visit: ({ node, ctx }) => {
        const target = memberTarget(node.childForFieldName('constructor'));
        if (target) ctx.file.addReference('instantiates', target, node, ctx);
        return true;
      },
    },
    jsx_opening_element: jsxElementRule,
    jsx_self_closing_element: jsxElementRule,
    decorator: { visit: visitDecorator },
    return_statement: {
      visit: ({ node, ctx }) => {
        const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
        ctx.results?.returns.push(value ? returnedValue(value, ctx) : { value: 'none', scope: ctx.scope, words: wordsOf(ctx) });
        return true;
      },
    },
  },
};

// ---------------------------------------------------------------- declarations

/** The context inside a declaration that owns its body's reference sites. */
function insideDeclaration(ctx: EcmascriptContext, id: number, scope: EcmascriptContext['scope'], thisIsClass: boolean): EcmascriptContext {
  return {
    file: ctx.file, scope, enclosing: id, container: id, moduleLevel: false,
    inFunction: true, thisIsClass, pendingOwner: null, suppressDeclarations: ctx.suppressDeclarations,
  };
}

function visitFunction(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const exportInfo = frame.extra?.exportInfo;
  const ownName = node.childForFieldName('name');
  const type = node.type;
  // Error recovery can turn a declaration into a named function expression directly inside an ERROR.
  const isStatement = type === 'function_declaration' || type === 'generator_function_declaration' ||
    (ownName !== null && frame.parent?.type === 'ERROR' && type !== 'arrow_function');
  let id: number | undefined = frame.extra?.bound;
  if (id === undefined && !ctx.suppressDeclarations && (isStatement || exportInfo)) {
    const name = ownName?.text ?? 'default';
    id = file.addDeclaration(file.functionKind(name, node), name, node, ctx, {
      signature: file.functionSignature(node, node),
      docstring: file.docstring(frame),
      isExported: exportInfo !== undefined || undefined,
      isAsync: hasToken(node, 'async'),
      typeParameters: typeParameterNames(node),
    });
    if (exportInfo?.isDefault) file.addDefaultExport(name, node);
  }
  if (id !== undefined) file.stateType(id, 'returnType', annotatedType(node.childForFieldName('return_type')), ctx);
  for (const name of typeParameterNames(node) ?? []) file.typeParameterNames.add(name);

  // A function declaration binds its name in the enclosing block; a function expression, in its own scope.
  const scope = ctx.scope.open('function');
  if (ownName && (type === 'function_declaration' || type === 'generator_function_declaration')) {
    ctx.scope.bind(ownName.text, 'lexical', id);
  } else if (ownName && (type === 'function_expression' || type === 'function' || type === 'generator_function')) {
    scope.bind(ownName.text, 'lexical', id);
  }
  bindParameters(node, scope, ctx.scope);
  const isArrow = type === 'arrow_function';
  const thisIsClass = isArrow ? ctx.thisIsClass : false;
  // An arrow's `this` is its surroundings'; a function's, the one its `this` parameter declares (if any).
  const thisType = isArrow ? ctx.thisType : declaredThisType(node);
  let inner: EcmascriptContext;
  if (id !== undefined) {
    inner = { ...insideDeclaration(ctx, id, scope, thisIsClass), results: file.resultsOf(id, node), thisType };
  } else {
    // An anonymous function belongs to whatever encloses it (or to the variable it initialises).
    const owner = ctx.enclosing ?? ctx.pendingOwner;
    const adopt = ctx.enclosing === null && ctx.pendingOwner !== null;
    inner = {
      ...ctx,
      scope, enclosing: owner, moduleLevel: false, inFunction: true, thisIsClass, pendingOwner: null,
      container: adopt ? owner : ctx.container, results: null, thisType,
    };
  }
  // `const f = () => new Client()`: an expression body is the returned value.
  const body = node.childForFieldName('body');
  if (inner.results && body && body.type !== 'statement_block') inner.results.returns.push(returnedValue(body, inner));
  walk.descend(node, inner);
}

/** `function (this: Subscriber<T>, …)`: the type its first, `this` parameter is annotated with. */
function declaredThisType(fn: SyntaxNode): TypeRef | undefined {
  const first = fn.childForFieldName('parameters')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  if (first?.type !== 'required_parameter' || first.childForFieldName('pattern')?.type !== 'this') return undefined;
  return annotatedType(first.childForFieldName('type')) ?? undefined;
}

function visitFunctionSignature(frame: EcmascriptFrame): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const exportInfo = frame.extra?.exportInfo;
  if (ctx.suppressDeclarations) return;
  const name = declarationName(node);
  if (!name) return;
  // Overload signatures: the implementation (if any) is the declaration; otherwise the first signature.
  const scopeNode = exportInfo ? exportInfo.scope : frame.parent;
  if (scopeNode && file.hasImplementation(scopeNode, name)) return;
  const key = `${ctx.container}\0${name}`;
  if (file.emittedSignatures.has(key)) return;
  file.emittedSignatures.add(key);
  const id = file.addDeclaration('function', name, node, ctx, {
    signature: compactText(file.source.slice(node.startIndex, node.endIndex)).replace(/;$/, ''),
    docstring: file.docstring(frame),
    isExported: exportInfo !== undefined || undefined,
    isAsync: hasToken(node, 'async'),
    typeParameters: typeParameterNames(node),
  });
  file.stateType(id, 'returnType', annotatedType(node.childForFieldName('return_type')), ctx);
  if (exportInfo?.isDefault) file.addDefaultExport(name, node);
}

function visitClass(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const exportInfo = frame.extra?.exportInfo;
  const nameNode = node.childForFieldName('name');
  let id = frame.extra?.bound;
  const decorators = [...(exportInfo?.decorators ?? []), ...decoratorTexts(node)];
  if (id === undefined && !ctx.suppressDeclarations && (nameNode || exportInfo)) {
    const name = nameNode?.text ?? 'default';
    const body = node.childForFieldName('body');
    id = file.addDeclaration('class', name, node, ctx, {
      signature: headerText(file.source, startAfterDecorators(node), body ? body.startIndex : node.endIndex),
      docstring: file.docstring(frame),
      isExported: exportInfo !== undefined || undefined,
      isAbstract: node.type === 'abstract_class_declaration' || hasToken(node, 'abstract'),
      decorators,
      typeParameters: typeParameterNames(node),
    });
    if (exportInfo?.isDefault) file.addDefaultExport(name, node);
  } else if (id !== undefined && decorators.length > 0) {
    file.declarations[id].decorators = decorators;
  }
  if (nameNode && CLASS_DECLARATION_TYPES.has(node.type)) ctx.scope.bind(nameNode.text, 'lexical', id);

  // Decorators and heritage expressions run where the class is defined.
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === 'decorator') walk.push(child, ctx);
    if (child.type === 'class_heritage') {
      if (id !== undefined) heritageReferences(child, id, ctx);
      walk.push(child, ctx);
    }
  }
  const body = node.childForFieldName('body');
  if (!body) return;
  const superclass = extendedTarget(node);
  const memberCtx: EcmascriptContext = id !== undefined
    ? { ...ctx, container: id, thisIsClass: true, pendingOwner: null, superclass }
    : { ...ctx, suppressDeclarations: true, thisIsClass: false, pendingOwner: null, superclass };
  walk.descend(body, memberCtx);
}

/** The one plain name chain a class `extends` (`extends Base`, `extends ns.Base`), else undefined. */
function extendedTarget(classNode: SyntaxNode): MemberTarget | undefined {
  const heritage = firstChildOfType(classNode, 'class_heritage');
  if (!heritage) return undefined;
  for (const clause of heritage.namedChildren) {
    if (!clause) continue;
    if (clause.type === 'extends_clause') {
      const values = clause.childrenForFieldName('value').filter((v): v is SyntaxNode => v !== null);
      const value = values.length === 1 ? values[0] : null;
      // `extends Base<T>`: the type arguments sit beside the value.
      return value && (value.type === 'identifier' || value.type === 'member_expression') ? memberTarget(value) : undefined;
    }
    if (clause.type === 'identifier' || clause.type === 'member_expression') return memberTarget(clause);
  }
  return undefined;
}

function heritageReferences(heritage: SyntaxNode, classId: number, ctx: EcmascriptContext): void {
  const siteCtx = { ...ctx, enclosing: classId };
  for (const clause of heritage.namedChildren) {
    if (!clause) continue;
    if (clause.type === 'extends_clause') {
      for (const value of clause.childrenForFieldName('value')) {
        if (value) addTypeReference('extends', value, siteCtx);
      }
    } else if (clause.type === 'implements_clause') {
      for (const type of clause.namedChildren) if (type) addTypeReference('implements', type, siteCtx, 'type');
    } else {
      // JavaScript: `class A extends <expression>` has no extends_clause wrapper.
      addTypeReference('extends', clause, siteCtx);
    }
  }
}

/** `space: 'type'`: the heritage names a type (`implements X`, an interface's `extends X`), not a value. */
function addTypeReference(kind: ReferenceKind, node: SyntaxNode, ctx: EcmascriptContext, space?: 'type'): void {
  const named = node.type === 'generic_type' ? node.childForFieldName('name') ?? node.namedChild(0) : node;
  const target = memberTarget(named);
  if (!target) return;
  ctx.file.addReference(kind, target, node, ctx, null, space);
}

function visitMethod(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  if (ctx.suppressDeclarations || !nameNode) return visitFunction(frame, walk);
  const name = propertyName(nameNode);
  const id = file.addDeclaration('method', name, node, ctx, {
    signature: file.functionSignature(node, node),
    docstring: file.docstring(frame),
    visibility: visibilityOf(node, nameNode),
    isStatic: hasToken(node, 'static'),
    isAsync: hasToken(node, 'async'),
    isAbstract: hasToken(node, 'abstract'),
    decorators: file.memberDecorators(frame),
    typeParameters: typeParameterNames(node),
  });
  // A getter's declared type is the property's; a method's is what calling it returns.
  const declared = annotatedType(node.childForFieldName('return_type'));
  file.stateType(id, hasToken(node, 'get') ? 'valueType' : 'returnType', declared, ctx);
  const scope = ctx.scope.open('function');
  bindParameters(node, scope, ctx.scope);
  const inner: EcmascriptContext = {
    ...insideDeclaration(ctx, id, scope, true), results: hasToken(node, 'get') ? null : file.resultsOf(id, node),
    // `super(…)` constructs the base class: only a constructor calls it.
    superclass: name === 'constructor' ? ctx.superclass : undefined,
  };
  for (const child of node.children) {
    if (!child || child === nameNode) continue;
    // Member decorators run when the class is defined, not inside the method.
    walk.push(child, child.type === 'decorator' ? ctx : inner);
  }
  if (name === 'constructor') parameterProperties(node, ctx);
}

/** `constructor(private readonly db: Db)` declares a class property `db`. */
function parameterProperties(constructor: SyntaxNode, classCtx: EcmascriptContext): void {
  const file = classCtx.file;
  const params = constructor.childForFieldName('parameters');
  if (!params) return;
  for (const param of params.namedChildren) {
    if (!param || (param.type !== 'required_parameter' && param.type !== 'optional_parameter')) continue;
    const declaresProperty = firstChildOfType(param, 'accessibility_modifier') !== null || hasToken(param, 'readonly') ||
      hasToken(param, 'override');
    const pattern = param.childForFieldName('pattern');
    if (!declaresProperty || !pattern || pattern.type !== 'identifier') continue;
    const id = file.addDeclaration('property', pattern.text, param, classCtx, {
      signature: compactText(file.source.slice(param.startIndex, param.endIndex)),
      visibility: visibilityOf(param, null),
      decorators: decoratorTexts(param),
    });
    file.stateType(id, 'valueType', annotatedType(param.childForFieldName('type')), classCtx);
  }
}

function visitClassMemberSignature(frame: EcmascriptFrame, abstract: boolean): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  if (ctx.suppressDeclarations || !nameNode) return;
  const name = propertyName(nameNode);
  if (!abstract && frame.parent && file.hasImplementation(frame.parent, name)) return;
  const key = `${ctx.container}\0${name}`;
  if (file.emittedSignatures.has(key)) return;
  file.emittedSignatures.add(key);
  const id = file.addDeclaration('method', name, node, ctx, {
    signature: compactText(file.source.slice(startAfterDecorators(node), node.endIndex)).replace(/;$/, ''),
    docstring: file.docstring(frame),
    visibility: visibilityOf(node, nameNode),
    isStatic: hasToken(node, 'static'),
    isAbstract: abstract || hasToken(node, 'abstract'),
    decorators: file.memberDecorators(frame),
    typeParameters: typeParameterNames(node),
  });
  file.stateType(id, 'returnType', annotatedType(node.childForFieldName('return_type')), ctx);
}

/** `client: Client` in an interface: a property whose type calls through it are checked against. */
function visitPropertySignature(frame: EcmascriptFrame): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  if (ctx.suppressDeclarations || !nameNode) return;
  const id = file.addDeclaration('property', propertyName(nameNode), node, ctx, {
    signature: compactText(file.source.slice(node.startIndex, node.endIndex)).replace(/[;,]$/, ''),
    docstring: file.docstring(frame),
  });
  file.stateType(id, 'valueType', annotatedType(node.childForFieldName('type')), ctx);
}

/** What a returned expression states: a local's value, or the expression's stated type. */
function returnedValue(value: SyntaxNode, ctx: EcmascriptContext): StatedResult {
  const words = wordsOf(ctx);
  // `return null` / `return undefined` neither prove nor contradict a class (a call on them fails).
  if (value.type === 'null' || value.type === 'undefined') return { value: 'none', scope: ctx.scope, words };
  const stated = value.type === 'identifier' ? { local: value.text } : initialiserType(value);
  return { value: stated, scope: ctx.scope, words };
}

function visitField(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const nameNode = node.childForFieldName('name') ?? node.childForFieldName('property');
  const value = node.childForFieldName('value');
  if (ctx.suppressDeclarations || !nameNode) {
    walk.push(value, ctx);
    return;
  }
  const name = propertyName(nameNode);
  const isFunction = value !== null && FUNCTION_VALUE_TYPES.has(value.type);
  const id = file.addDeclaration(isFunction ? 'method' : 'property', name, node, ctx, {
    signature: isFunction
      ? file.functionSignature(node, value!)
      : compactText(file.source.slice(startAfterDecorators(node), node.endIndex)),
    docstring: file.docstring(frame),
    visibility: visibilityOf(node, nameNode),
    isStatic: hasToken(node, 'static'),
    isAsync: isFunction && hasToken(value!, 'async'),
    isAbstract: hasToken(node, 'abstract'),
    decorators: file.memberDecorators(frame),
  });
  if (!isFunction) file.stateType(id, 'valueType', annotatedType(node.childForFieldName('type')) ?? initialiserType(value), ctx);
  for (const child of node.children) {
    if (child?.type === 'decorator') walk.push(child, ctx);
  }
  if (!value) return;
  if (isFunction) {
    walk.push(value, ctx, { extra: { bound: id } });
  } else {
    // A field initialiser runs per instance: its sites belong to the field.
    walk.push(value, { ...insideDeclaration(ctx, id, ctx.scope, true), inFunction: ctx.inFunction });
  }
}

function visitInterface(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
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
  const siteCtx = { ...ctx, enclosing: id };
  const heritage = firstChildOfType(node, 'extends_type_clause');
  if (heritage) {
    for (const type of heritage.childrenForFieldName('type')) if (type) addTypeReference('extends', type, siteCtx, 'type');
  }
  // Members, so that a call through an interface-typed value links to the method it declares.
  if (body) walk.descend(body, { ...ctx, container: id, thisIsClass: false, pendingOwner: null });
}

function visitTypeAlias(frame: EcmascriptFrame): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const name = declarationName(node);
  if (!name || ctx.suppressDeclarations) return;
  file.addDeclaration('type_alias', name, node, ctx, {
    signature: compactText(file.source.slice(node.startIndex, node.endIndex)).replace(/;$/, ''),
    docstring: file.docstring(frame),
    isExported: frame.extra?.exportInfo !== undefined || undefined,
    typeParameters: typeParameterNames(node),
  });
}

function visitEnum(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
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

function visitNamespace(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
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

function visitAmbient(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  for (const child of node.children) {
    if (!child) continue;
    // `declare global { … }`: its declarations augment the global scope, at module level.
    if (child.type === 'statement_block') walk.descend(child, { ...ctx, moduleLevel: true });
    else if (child.isNamed) walk.visit(child, ctx, { extra: frame.extra, doc: frame.doc, parent: node });
  }
}

// ---------------------------------------------------------------- variables

function visitVariables(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const exportInfo = frame.extra?.exportInfo;
  const kindToken = node.childForFieldName('kind')?.text ?? (node.type === 'variable_declaration' ? 'var' : 'let');
  const declarators = namedChildrenOf(node).filter((c) => c.type === 'variable_declarator');
  const single = declarators.length === 1;
  const extractLocals = ctx.moduleLevel || (ctx.inFunction && !ctx.suppressDeclarations);

  for (const declarator of declarators) {
    const nameNode = declarator.childForFieldName('name');
    const value = declarator.childForFieldName('value');
    const span = single ? node : declarator;
    if (!nameNode) continue;
    // Read once: every `.type` of a node is a WASM call.
    const isIdentifier = nameNode.type === 'identifier';
    const valueType = value?.type;
    const isFunctionValue = valueType !== undefined && FUNCTION_VALUE_TYPES.has(valueType);
    const boundToCode = isIdentifier && value !== null && (isFunctionValue || valueType === 'class');
    // A function or class value extracted below binds its name to that declaration.
    if (boundToCode && !extractLocals) ctx.scope.bind(nameNode.text, kindToken === 'var' ? 'var' : 'lexical');
    else if (!boundToCode) bindDeclarator(declarator, nameNode, value, kindToken, ctx);

    if (ctx.moduleLevel && !ctx.suppressDeclarations && visitRequireBinding(node, declarator, nameNode, value, span, ctx)) continue;

    const fnValue = value && isFunctionValue ? value : null;
    if (isIdentifier && fnValue && extractLocals) {
      const name = nameNode.text;
      const id = file.addDeclaration(file.functionKind(name, fnValue), name, span, ctx, {
        signature: variableFunctionSignature(file.source, node, declarator, fnValue, single),
        docstring: file.docstring(frame),
        isExported: exportInfo !== undefined || undefined,
        isAsync: hasToken(fnValue, 'async'),
        typeParameters: typeParameterNames(fnValue),
      });
      ctx.scope.bind(name, kindToken === 'var' ? 'var' : 'lexical', id);
      walk.push(fnValue, ctx, { extra: { bound: id } });
      continue;
    }
    if (isIdentifier && value && valueType === 'class' && extractLocals) {
      const body = value.childForFieldName('body');
      const name = nameNode.text;
      const id = file.addDeclaration('class', name, span, ctx, {
        signature: headerText(file.source, span.startIndex, body ? body.startIndex : value.endIndex),
        docstring: file.docstring(frame),
        isExported: exportInfo !== undefined || undefined,
        typeParameters: typeParameterNames(value),
      });
      ctx.scope.bind(name, kindToken === 'var' ? 'var' : 'lexical', id);
      walk.push(value, ctx, { extra: { bound: id } });
      continue;
    }
    if (!ctx.moduleLevel || ctx.suppressDeclarations) {
      walk.push(value, ctx);
      continue;
    }

    // Module-level data: one declaration per bound name.
    const wrapped = wrappedComponent(file.jsxComponents, nameNode, value);
    const names = isIdentifier ? [nameNode.text] : patternNames(nameNode);
    let owner: number | null = null;
    for (const name of names) {
      const kind: NodeKind = wrapped ? 'component' : kindToken === 'const' ? 'constant' : 'variable';
      const id = file.addDeclaration(kind, name, names.length === 1 ? span : declarator, ctx, {
        signature: compactText(`${kindToken} ${file.source.slice(declarator.startIndex, declarator.endIndex)}`, 200),
        docstring: file.docstring(frame),
        isExported: exportInfo !== undefined || undefined,
      });
      owner ??= id;
      if (isIdentifier) {
        const annotated = annotatedType(declarator.childForFieldName('type'));
        const initialised = kindToken === 'const' || file.typeChecked ? initialiserType(value) : null;
        file.stateType(id, 'valueType', annotated ?? initialised, ctx);
        if (!annotated && initialised && kindToken !== 'const') file.initialisedOnly(name, { declaration: id });
      }
    }
    if (value) walk.push(value, { ...ctx, pendingOwner: names.length === 1 ? owner : null });
  }
  // Type annotations and the `kind` keyword hold nothing to walk.
}

/**
 * Binds the names one declarator declares where it stands (a `var`: in the function). A plain
 * variable states its value's type by its annotation, else — when nothing can reassign it — by
 * its initialiser.
 */
function bindDeclarator(declarator: SyntaxNode, nameNode: SyntaxNode, value: SyntaxNode | null, kindToken: string, ctx: EcmascriptContext): void {
  const kind = kindToken === 'var' ? 'var' : 'lexical';
  if (nameNode.type !== 'identifier') {
    const members = nameNode.type === 'object_pattern' ? destructuredMembers(nameNode) : new Map<string, string>();
    // `const { a, b } = this` in a class: members of the instance.
    const self: TypeRef | null = value?.type === 'this' && ctx.thisIsClass ? { kind: 'value', chain: ['this'] } : null;
    const from = members.size > 0 && (kindToken === 'const' || ctx.file.typeChecked) ? self ?? initialiserType(value) : null;
    for (const name of patternNames(nameNode)) {
      // `const { click } = setupBrowser()`: `click` holds member `click` of what the initialiser proves.
      const member = from ? members.get(name) : undefined;
      const held = member !== undefined ? { type: { kind: 'field', of: from!, path: [member] } as TypeRef, scope: ctx.scope } : undefined;
      if (held && kindToken !== 'const') ctx.file.initialisedOnly(name, { value: held });
      ctx.scope.bind(name, kind, undefined, held);
    }
    return;
  }
  const annotated = annotatedType(declarator.childForFieldName('type'));
  const type = annotated ?? (kindToken === 'const' || ctx.file.typeChecked ? initialiserType(value) : null);
  const held = type ? { type, scope: ctx.scope } : undefined;
  if (held && !annotated && kindToken !== 'const') ctx.file.initialisedOnly(nameNode.text, { value: held });
  ctx.scope.bind(nameNode.text, kind, undefined, held);
}

/**
 * The names an object pattern binds straight to a member of the destructured value, with that member:
 * `{ a, b: c }` → a→a, c→b. Defaults (`{ a = f }`), nested patterns and rests are left out: they may hold
 * something else.
 */
function destructuredMembers(pattern: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of pattern.namedChildren) {
    if (!entry) continue;
    if (entry.type === 'shorthand_property_identifier_pattern') out.set(entry.text, entry.text);
    else if (entry.type === 'pair_pattern') {
      const key = entry.childForFieldName('key');
      const local = entry.childForFieldName('value');
      if (key && local?.type === 'identifier' && (key.type === 'property_identifier' || key.type === 'string')) out.set(local.text, propertyName(key));
    }
  }
  return out;
}

function variableFunctionSignature(source: string, statement: SyntaxNode, declarator: SyntaxNode, fn: SyntaxNode, single: boolean): string {
  const body = fn.childForFieldName('body');
  const end = body ? body.startIndex : fn.endIndex;
  if (single) return headerText(source, statement.startIndex, end);
  const kind = statement.childForFieldName('kind')?.text ?? 'var';
  return `${kind} ${headerText(source, declarator.startIndex, end)}`;
}

/** `const Button = memo((props) => <button/>)` in TSX/JSX. */
function wrappedComponent(jsxComponents: boolean, nameNode: SyntaxNode, value: SyntaxNode | null): boolean {
  if (!jsxComponents || nameNode.type !== 'identifier' || !isPascalCase(nameNode.text)) return false;
  if (!value || value.type !== 'call_expression') return false;
  const callee = memberTarget(value.childForFieldName('function'));
  if (!callee || !COMPONENT_WRAPPERS.has(callee.name)) return false;
  const args = value.childForFieldName('arguments');
  const first = args?.namedChildren.find((c) => c && c.type !== 'comment');
  return first !== undefined && first !== null && FUNCTION_VALUE_TYPES.has(first.type) && functionReturnsJsx(first);
}

/** Module-level `const x = require('m')` and friends. Returns false when the value is no require. */
function visitRequireBinding(
  statement: SyntaxNode, declarator: SyntaxNode, nameNode: SyntaxNode, value: SyntaxNode | null, span: SyntaxNode, ctx: EcmascriptContext,
): boolean {
  if (!value) return false;
  let specifier = requireSpecifier(value);
  let member: string | undefined;
  if (specifier === undefined && value.type === 'member_expression') {
    specifier = requireSpecifier(value.childForFieldName('object'));
    const property = value.childForFieldName('property');
    if (specifier !== undefined && property?.type === 'property_identifier') member = property.text;
    else specifier = undefined;
  }
  if (specifier === undefined) return false;

  const bindings: ImportBinding[] = [];
  if (nameNode.type === 'identifier') {
    bindings.push({ local: nameNode.text, imported: member ?? '*' });
  } else if (nameNode.type === 'object_pattern' && member === undefined) {
    for (const entry of nameNode.namedChildren) {
      if (!entry) continue;
      if (entry.type === 'shorthand_property_identifier_pattern') bindings.push({ local: entry.text, imported: entry.text });
      else if (entry.type === 'pair_pattern') {
        const key = entry.childForFieldName('key');
        const local = entry.childForFieldName('value');
        if (key && local?.type === 'identifier') bindings.push({ local: local.text, imported: propertyName(key) });
      } else if (entry.type === 'object_assignment_pattern') {
        const left = entry.childForFieldName('left');
        if (left) bindings.push({ local: left.text, imported: left.text });
      } else if (entry.type === 'rest_pattern') {
        const rest = entry.namedChild(0);
        if (rest?.type === 'identifier') bindings.push({ local: rest.text, imported: '*' });
      }
    }
  }
  const source = ctx.file.source;
  const text = span === statement ? statementText(source, statement)
    : `${statement.childForFieldName('kind')?.text ?? 'var'} ${statementText(source, declarator)}`;
  ctx.file.addImport(specifier, span, ctx, text, bindings, { sideEffectOnly: bindings.length === 0 || undefined });
  return true;
}

// ---------------------------------------------------------------- imports and exports

function visitImport({ node, ctx }: EcmascriptFrame): void {
  const file = ctx.file;
  const text = statementText(file.source, node);
  const requireClause = firstChildOfType(node, 'import_require_clause');
  if (requireClause) {
    const specifier = stringLiteralValue(requireClause.childForFieldName('source'));
    const local = requireClause.namedChildren.find((c) => c?.type === 'identifier');
    if (specifier !== undefined) {
      file.addImport(specifier, node, ctx, text, local ? [{ local: local.text, imported: '*' }] : [], {});
    }
    return;
  }
  const specifier = stringLiteralValue(node.childForFieldName('source'));
  if (specifier === undefined) return;
  const statementTypeOnly = hasToken(node, 'type') || hasToken(node, 'typeof');
  const clause = firstChildOfType(node, 'import_clause');
  const bindings: ImportBinding[] = [];
  let allTypeOnly = true;
  if (clause) {
    for (const part of clause.namedChildren) {
      if (!part) continue;
      if (part.type === 'identifier') {
        bindings.push({ local: part.text, imported: 'default' });
        allTypeOnly = false;
      } else if (part.type === 'namespace_import') {
        const local = part.namedChildren.find((c) => c?.type === 'identifier');
        if (local) bindings.push({ local: local.text, imported: '*' });
        allTypeOnly = false;
      } else if (part.type === 'named_imports') {
        for (const spec of part.namedChildren) {
          if (!spec || spec.type !== 'import_specifier') continue;
          const imported = spec.childForFieldName('name');
          const alias = spec.childForFieldName('alias');
          if (!imported) continue;
          bindings.push({ local: (alias ?? imported).text, imported: propertyName(imported) });
          if (!hasToken(spec, 'type') && !hasToken(spec, 'typeof')) allTypeOnly = false;
        }
      }
    }
  }
  file.addImport(specifier, node, ctx, text, bindings, {
    typeOnly: statementTypeOnly || (bindings.length > 0 && allTypeOnly) || undefined,
    sideEffectOnly: !clause || undefined,
  });
}

function visitExport(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const line = node.startPosition.row + 1;
  const isDefault = hasToken(node, 'default');
  const exportInfo: ExportInfo = { isDefault, doc: frame.doc, scope: frame.parent, decorators: decoratorTexts(node) };
  const declaration = node.childForFieldName('declaration');
  for (const child of node.children) {
    if (child?.type === 'decorator') walk.push(child, ctx);
  }
  if (declaration) {
    // Handled now: later statements (`f.prototype.m = …`) look the declaration up.
    walk.visit(declaration, ctx, { extra: { exportInfo }, parent: node });
    return;
  }
  const source = node.childForFieldName('source');
  const specifier = source ? stringLiteralValue(source) ?? null : null;
  if (source && specifier === null) return;
  const clause = firstChildOfType(node, 'export_clause');
  if (clause) {
    const names: Array<{ exported: string; local: string }> = [];
    for (const spec of clause.namedChildren) {
      if (!spec || spec.type !== 'export_specifier') continue;
      const local = spec.childForFieldName('name');
      const alias = spec.childForFieldName('alias');
      if (local) names.push({ exported: propertyName(alias ?? local), local: propertyName(local) });
    }
    file.exports.push({ specifier, names, line });
    return;
  }
  const namespaceExport = firstChildOfType(node, 'namespace_export');
  if (namespaceExport && specifier !== null) {
    const alias = namespaceExport.namedChildren.find((c) => c && c.type !== 'comment');
    if (alias) file.exports.push({ specifier, names: [{ exported: propertyName(alias), local: '*' }], line });
    return;
  }
  if (specifier !== null) {
    file.exports.push({ specifier, names: '*', line });
    return;
  }
  // `export default <expression>` and TypeScript `export = <expression>`.
  const value = node.childForFieldName('value') ?? (hasToken(node, '=') ? node.namedChildren.find((c) => c && c.type !== 'comment') ?? null : null);
  if (!value) return;
  const unwrapped = value.type === 'parenthesized_expression' ? value.namedChild(0) ?? value : value;
  if (unwrapped.type === 'identifier') {
    file.addDefaultExport(unwrapped.text, node);
    return;
  }
  if (FUNCTION_VALUE_TYPES.has(unwrapped.type) || unwrapped.type === 'class') {
    walk.push(unwrapped, ctx, { extra: { exportInfo: { ...exportInfo, isDefault: true } } });
    return;
  }
  walk.push(value, ctx);
}

// ---------------------------------------------------------------- CommonJS and prototypes

function visitExpressionStatement(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const expression = node.namedChild(0);
  const expressionType = expression?.type;
  if (expressionType === 'assignment_expression' && ctx.moduleLevel && ctx.container === null && !ctx.suppressDeclarations) {
    if (visitModuleAssignment(expression!, node, ctx, frame.doc, walk)) return;
  }
  if (expressionType === 'assignment_expression' && ctx.thisIsClass) recordThisAssignment(expression!, ctx);
  // `namespace X {}` parses as an expression statement: the statement's doc comment is the namespace's.
  if (expressionType === 'internal_module') walk.push(expression, ctx, { doc: frame.doc, parent: node });
  else walk.descend(node, ctx);
}

/** `this.client = new Client()` in a class: a fact about the instance attribute `client`. */
function recordThisAssignment(assignment: SyntaxNode, ctx: EcmascriptContext): void {
  const declarations = ctx.file.declarations;
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  if (left?.type !== 'member_expression' || left.childForFieldName('object')?.type !== 'this') return;
  const property = left.childForFieldName('property');
  let owner = ctx.container;
  while (owner !== null && declarations[owner].kind !== 'class') owner = declarations[owner].parent;
  if (!property || owner === null || right === null) return;
  // `null`/`undefined` prove nothing and contradict nothing (a call on them fails at run time).
  if (right.type === 'null' || right.type === 'undefined') return;
  const fact: MemberTypeFact = { owner, name: property.text, type: initialiserType(right), enclosing: ctx.enclosing };
  ctx.file.facts.memberFact(fact, ctx.scope, wordsOf(ctx));
}

/** `module.exports = …`, `exports.x = …`, `X.prototype.m = function …`. Returns false if none. */
function visitModuleAssignment(assignment: SyntaxNode, statement: SyntaxNode, ctx: EcmascriptContext, doc: string | undefined, walk: EcmascriptWalk): boolean {
  const file = ctx.file;
  const left = assignment.childForFieldName('left');
  let right = assignment.childForFieldName('right');
  // `exports = module.exports = fn`: rebinding the `exports` alias exports nothing by itself.
  if (left?.type === 'identifier' && left.text === 'exports' && right?.type === 'assignment_expression') {
    return visitModuleAssignment(right, statement, ctx, doc, walk);
  }
  // `module.exports = exports = fn`: the value is the innermost right-hand side.
  while (right?.type === 'assignment_expression' && right.childForFieldName('left')?.text === 'exports') {
    right = right.childForFieldName('right');
  }
  if (!left || !right || left.type !== 'member_expression') return false;
  const chain = receiverChain(left)?.names;
  if (!chain) return false;
  const line = statement.startPosition.row + 1;

  if (chain.length === 2 && chain[0] === 'module' && chain[1] === 'exports') {
    moduleExportsValue(right, statement, ctx, doc, walk);
    return true;
  }
  const exportedName = chain.length === 2 && chain[0] === 'exports' ? chain[1]
    : chain.length === 3 && chain[0] === 'module' && chain[1] === 'exports' ? chain[2] : undefined;
  if (exportedName !== undefined) {
    const required = requireSpecifier(right);
    if (required !== undefined) {
      file.addImport(required, statement, ctx, statementText(file.source, statement), [], { sideEffectOnly: true });
      file.exports.push({ specifier: required, names: [{ exported: exportedName, local: '*' }], line });
      return true;
    }
    if (right.type === 'identifier') {
      file.exports.push({ specifier: null, names: [{ exported: exportedName, local: right.text }], line });
      return true;
    }
    boundValueDeclaration(exportedName, right, statement, ctx, doc, walk);
    return true;
  }
  if (chain.length === 3 && chain[1] === 'prototype' && FUNCTION_VALUE_TYPES.has(right.type)) {
    const owner = file.topLevelByName.get(chain[0]);
    if (owner === undefined) return false;
    const ownerDecl = file.declarations[owner];
    if (ownerDecl.kind !== 'function' && ownerDecl.kind !== 'class' && ownerDecl.kind !== 'variable' && ownerDecl.kind !== 'constant') return false;
    const memberCtx = { ...ctx, container: owner };
    const id = file.addDeclaration('method', chain[2], statement, memberCtx, {
      signature: headerText(file.source, statement.startIndex, right.childForFieldName('body')?.startIndex ?? right.endIndex),
      docstring: doc,
      isAsync: hasToken(right, 'async'),
    });
    walk.push(right, ctx, { extra: { bound: id } });
    return true;
  }
  return false;
}

function moduleExportsValue(value: SyntaxNode, statement: SyntaxNode, ctx: EcmascriptContext, doc: string | undefined, walk: EcmascriptWalk): void {
  const file = ctx.file;
  const line = statement.startPosition.row + 1;
  const required = requireSpecifier(value);
  if (required !== undefined) {
    // `module.exports = require('./x')`: this module is that one, its default export included.
    file.addImport(required, statement, ctx, statementText(file.source, statement), [], { sideEffectOnly: true });
    file.exports.push({ specifier: required, names: '*', line });
    file.exports.push({ specifier: required, names: [{ exported: 'default', local: 'default' }], line });
    return;
  }
  if (value.type === 'identifier') {
    file.addDefaultExport(value.text, statement);
    return;
  }
  if (FUNCTION_VALUE_TYPES.has(value.type) || value.type === 'class') {
    const name = value.childForFieldName('name')?.text ?? 'default';
    boundValueDeclaration(name, value, statement, ctx, doc, walk);
    file.addDefaultExport(name, statement);
    return;
  }
  if (value.type !== 'object') {
    walk.push(value, ctx);
    return;
  }
  const names: Array<{ exported: string; local: string }> = [];
  let comment: SyntaxNode | undefined;
  for (const entry of value.namedChildren) {
    if (!entry) continue;
    if (entry.type === 'comment') {
      comment = entry;
      continue;
    }
    const entryDoc = comment ? docCommentText(comment, entry.startPosition.row) : undefined;
    comment = undefined;
    if (entry.type === 'shorthand_property_identifier') {
      names.push({ exported: entry.text, local: entry.text });
    } else if (entry.type === 'pair') {
      const key = entry.childForFieldName('key');
      const entryValue = entry.childForFieldName('value');
      if (!key || !entryValue || key.type === 'computed_property_name') {
        walk.push(entryValue, ctx);
        continue;
      }
      const exported = propertyName(key);
      if (entryValue.type === 'identifier') names.push({ exported, local: entryValue.text });
      else if (FUNCTION_VALUE_TYPES.has(entryValue.type) || entryValue.type === 'class') {
        boundValueDeclaration(exported, entryValue, entry, ctx, entryDoc, walk);
      } else walk.push(entryValue, ctx);
    } else if (entry.type === 'method_definition') {
      const key = entry.childForFieldName('name');
      if (key && key.type !== 'computed_property_name') boundValueDeclaration(propertyName(key), entry, entry, ctx, entryDoc, walk);
      else walk.push(entry, ctx);
    } else {
      walk.push(entry, ctx);
    }
  }
  if (names.length > 0) file.exports.push({ specifier: null, names, line });
}

/** An exported CommonJS function/class value, named by what it is exported as. */
function boundValueDeclaration(name: string, value: SyntaxNode, span: SyntaxNode, ctx: EcmascriptContext, doc: string | undefined, walk: EcmascriptWalk): void {
  const file = ctx.file;
  const isClass = value.type === 'class';
  if (!isClass && !FUNCTION_VALUE_TYPES.has(value.type) && value.type !== 'method_definition') {
    const id = file.addDeclaration('variable', name, span, ctx, {
      signature: compactText(file.source.slice(span.startIndex, span.endIndex), 200),
      docstring: doc,
      isExported: true,
    });
    walk.push(value, { ...ctx, pendingOwner: id });
    return;
  }
  const body = value.childForFieldName('body');
  const id = file.addDeclaration(isClass ? 'class' : file.functionKind(name, value), name, span, ctx, {
    signature: headerText(file.source, span.startIndex, body ? body.startIndex : value.endIndex),
    docstring: doc,
    isExported: true,
    isAsync: !isClass && hasToken(value, 'async'),
  });
  walk.push(value, ctx, { extra: { bound: id } });
}

// ---------------------------------------------------------------- reference sites

function visitCall({ node, ctx }: EcmascriptFrame): boolean {
  const file = ctx.file;
  const callee = node.childForFieldName('function');
  // Read once: every `.type` of a node is a WASM call.
  const calleeType = callee?.type;
  if (calleeType === 'import') {
    const specifier = firstStringArgument(node);
    if (specifier !== undefined) file.addImport(specifier, node, ctx, statementText(file.source, node), [], { sideEffectOnly: true });
    return true;
  }
  if (calleeType === 'identifier' && callee!.text === 'require') {
    const specifier = firstStringArgument(node);
    if (specifier !== undefined) {
      file.addImport(specifier, node, ctx, statementText(file.source, node), [], { sideEffectOnly: true });
      return false;
    }
  }
  if (calleeType === 'super') {
    // `super(…)` runs the base class's constructor: a site naming the class the `extends` clause names.
    // Recorded in TypeScript files: JavaScript's graphs (its golden among them) are left to a change of their own.
    if (ctx.superclass?.receiver && file.typeChecked) file.addReference('calls', ctx.superclass, node, ctx);
    return true;
  }
  const target = memberTarget(callee, calleeType);
  if (target) file.addReference('calls', target, node, ctx, calleeType === 'member_expression' ? target.object ?? null : null);
  return true;
}

/** `x = …`, `({ x } = …)`: the names written, so no `let` of theirs is typed by its initialiser alone. */
function recordAssigned({ node, ctx }: EcmascriptFrame): boolean {
  const left = node.childForFieldName('left');
  if (left?.type === 'identifier') ctx.file.assignedNames.add(left.text);
  else if (left?.type === 'object_pattern' || left?.type === 'array_pattern') for (const name of patternNames(left)) ctx.file.assignedNames.add(name);
  return true;
}

function visitJsxElement({ node, ctx }: EcmascriptFrame): boolean {
  const nameNode = node.childForFieldName('name');
  if (nameNode) {
    const target: MemberTarget | undefined = memberTarget(nameNode);
    const isComponentTag = target !== undefined &&
      (target.receiver === undefined || target.receiver.length > 0 || /^[A-Z]/.test(target.name));
    if (target && isComponentTag) ctx.file.addReference('calls', target, node, ctx);
  }
  return true;
}

/** `@sealed` invokes `sealed`; `@Component({…})` is an ordinary call inside the decorator. */
function visitDecorator({ node, ctx }: EcmascriptFrame): boolean {
  const expression = node.namedChildren.find((c) => c && c.type !== 'comment') ?? null;
  if (expression && expression.type !== 'call_expression') {
    const target = memberTarget(expression);
    if (target) ctx.file.addReference('calls', target, node, ctx);
  }
  return true;
}
