/** ECMAScript's functions and classes: function declarations and expressions, signatures, classes with their heritage, methods (parameter properties too), member signatures and fields. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, OverloadShape, ReferenceKind, ReferenceSite, TypeRef } from '../../model/extraction.js';
import type { StatedResult } from '../../extraction/core/file-facts.js';
import { bindParameters, callbackParametersOf } from './ecmascript-scopes.js';
import { elementType, fixedTupleElements, statedCallbackTypes, typeParameterConstraints } from './function-types.js';
import { reactPropsOf } from './react-props.js';
import { forwardedParameter, overridesMemberOf } from './ecmascript-held-values.js';
import { enclosingFunction } from './ecmascript-returned-objects.js';
import { mixedInResult, selfConstructedResult } from './ecmascript-factory-results.js';
import { annotatedType, callResultType, initialiserType } from './ecmascript-types.js';
import {
  CLASS_DECLARATION_TYPES, compactText, decoratorTexts, declarationName, firstChildOfType,
  FUNCTION_VALUE_TYPES, hasToken, headerText, memberTarget, propertyName, startAfterDecorators,
  typeParameterNames, visibilityOf, type MemberTarget
} from './ecmascript-syntax.js';
import { wordsOf, type EcmascriptContext, type EcmascriptFrame, type EcmascriptWalk } from './file-state.js';

/** The context inside a declaration that owns its body's reference sites. */
function insideDeclaration(ctx: EcmascriptContext, id: number, scope: EcmascriptContext['scope'], thisIsClass: boolean): EcmascriptContext {
  return {
    file: ctx.file, scope, enclosing: id, container: id, moduleLevel: false,
    inFunction: true, thisIsClass, pendingOwner: null, suppressDeclarations: ctx.suppressDeclarations,
  };
}

export function visitFunction(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const exportInfo = frame.extra?.exportInfo;
  const ownName = node.childForFieldName('name');
  const type = node.type;
  // Error recovery can turn a declaration into a named function expression directly inside an ERROR.
  const isStatement = type === 'function_declaration' || type === 'generator_function_declaration' ||
    (ownName !== null && frame.parent?.type === 'ERROR' && type !== 'arrow_function');
  // Declared before the walk reached it (`app[method] = function …` in a loop, `useCallback(() => …)`).
  const looped = frame.extra?.bound === undefined ? file.boundFunctions.get(node.id) : undefined;
  let id: number | undefined = frame.extra?.bound ?? looped?.id;
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
  if (id !== undefined) {
    file.stateType(id, 'returnType', callersReturnType(file, node, file.declarations[id].name), ctx);
    stateResultMembers(file, id, node, ctx);
    stateCallbackParameters(file, file.declarations[id], node);
    // JavaScript `function awaitify(fn, arity) { … return awaitable }`: a wrapper whose result runs its argument.
    const forwards = file.typeChecked ? undefined : forwardedParameter(node);
    if (forwards !== undefined) file.declarations[id].forwardsParameter = forwards;
  }
  for (const name of typeParameterNames(node) ?? []) file.typeParameterNames.add(name);

  // A function declaration binds its name in the enclosing block; a function expression, in its own scope.
  const scope = ctx.scope.open('function');
  if (ownName && (type === 'function_declaration' || type === 'generator_function_declaration')) {
    ctx.scope.bind(ownName.text, 'lexical', id);
  } else if (ownName && (type === 'function_expression' || type === 'function' || type === 'generator_function')) {
    scope.bind(ownName.text, 'lexical', id);
  }
  bindParameters(node, scope, ctx.scope, isStatement ? undefined
    : reactPropsOf(node, (local) => file.importOf(local)) ?? passedTo(node) ?? typedByContext(node));
  const isArrow = type === 'arrow_function';
  // A constructor the file gives prototype members builds an instance: its `this` is one, as is a member's.
  const isConstructor = ctx.moduleLevel && ownName !== null && type === 'function_declaration' && file.constructorNames.has(ownName.text);
  const thisIsClass = isArrow ? ctx.thisIsClass : Boolean(frame.extra?.thisIsInstance ?? looped?.thisIsInstance) || isConstructor;
  // An arrow's `this` is its surroundings'; a function's, the one its `this` parameter declares (if any).
  const thisType = isArrow ? ctx.thisType : declaredThisType(node);
  const thisMembers = isArrow ? ctx.thisMembers : frame.extra?.thisMembers;
  let inner: EcmascriptContext;
  if (id !== undefined) {
    inner = { ...insideDeclaration(ctx, id, scope, thisIsClass), results: calleeResults(file, id, node), thisType, thisMembers };
    // JavaScript `mixin(app, proto); return app`: the result has what was mixed in (its `return`s then prove nothing more).
    // `if (!(this instanceof Router)) return new Router(opts)`: called without `new`, an instance all the same.
    const self = file.typeChecked || !inner.results || !ownName ? undefined : selfConstructedResult(node, ownName.text);
    const mixed = file.typeChecked || !inner.results || self ? undefined : mixedInResult(node);
    // Stated at its `return`, where the locals of the body's block are bound (see syntax.ts).
    const stated = self ?? mixed?.type;
    if (stated && inner.results) file.statedResults.set(inner.results, { type: stated, done: false, local: mixed?.local });
  } else {
    // An anonymous function belongs to whatever encloses it (or to the variable it initialises).
    const owner = ctx.enclosing ?? ctx.pendingOwner;
    const adopt = ctx.enclosing === null && ctx.pendingOwner !== null;
    inner = {
      ...ctx,
      scope, enclosing: owner, moduleLevel: false, inFunction: true, thisIsClass, pendingOwner: null,
      container: adopt ? owner : ctx.container, results: null, thisType, thisMembers,
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

export function visitFunctionSignature(frame: EcmascriptFrame): void {
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

export function visitClass(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
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
export function addTypeReference(kind: ReferenceKind, node: SyntaxNode, ctx: EcmascriptContext, space?: 'type'): ReferenceSite | undefined {
  const named = node.type === 'generic_type' ? node.childForFieldName('name') ?? node.namedChild(0) : node;
  const target = memberTarget(named);
  if (!target) return undefined;
  return ctx.file.addReference(kind, target, node, ctx, null, space);
}

export function visitMethod(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
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
  const declared = hasToken(node, 'get') ? annotatedType(node.childForFieldName('return_type')) : callersReturnType(file, node, name);
  file.stateType(id, hasToken(node, 'get') ? 'valueType' : 'returnType', declared, ctx);
  if (!hasToken(node, 'get')) stateResultMembers(file, id, node, ctx);
  stateCallbackParameters(file, file.declarations[id], node);
  const scope = ctx.scope.open('function');
  bindParameters(node, scope, ctx.scope);
  const inner: EcmascriptContext = {
    ...insideDeclaration(ctx, id, scope, true), results: hasToken(node, 'get') ? null : calleeResults(file, id, node),
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

export function visitClassMemberSignature(frame: EcmascriptFrame, abstract: boolean): void {
  const { node, ctx } = frame;
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  if (ctx.suppressDeclarations || !nameNode) return;
  const name = propertyName(nameNode);
  if (!abstract && frame.parent && file.hasImplementation(frame.parent, name)) return;
  const key = `${ctx.container}\0${name}`;
  if (file.emittedSignatures.has(key)) {
    // Another overload: the callbacks it takes may receive other types, so the first one's state nothing.
    const first = file.signatureDeclarations.get(key);
    if (first !== undefined) {
      delete file.declarations[first].callbackParameters;
      delete file.declarations[first].callbackTypes;
    }
    return;
  }
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
  file.signatureDeclarations.set(key, id);
  stateCallbackParameters(file, file.declarations[id], node);
}

/** What the function-typed parameters of a function or method state their callbacks receive (`callbackParameters`). */
function stateCallbackParameters(file: EcmascriptContext['file'], declaration: Declaration, fn: SyntaxNode): void {
  const stated = callbackParametersOf(fn);
  // An implementation behind overload signatures: the signature a call matches states its callbacks' types.
  if (hasOverloadSignatures(file, fn, declaration.name)) {
    startAtFirstOverload(declaration, fn);
    const shapes = overloadSignatures(fn, declaration.name).map(overloadShape);
    if (shapes.some((shape) => shape.callbackParameters || shape.callbackTypes)) declaration.overloadShapes = shapes;
    return;
  }
  if (stated) declaration.callbackParameters = stated;
  Object.assign(declaration, statedCallbackTypes(fn));
}

/**
 * An overloaded function or method is one declaration made of its signatures and its implementation
 * (`function f(a: A): R; function f(b: B): R; function f(x) {…}`): it starts where its first signature does, so
 * that its node spans every overload a call may name.
 */
function startAtFirstOverload(declaration: Declaration, fn: SyntaxNode): void {
  const own = fn.parent?.type === 'export_statement' ? fn.parent : fn;
  const signature = overloadSignatures(fn, declaration.name)[0];
  const first = signature?.parent?.type === 'export_statement' ? signature.parent : signature;
  if (!first) return;
  declaration.startLine -= own.startPosition.row - first.startPosition.row;
  declaration.startColumn = first.startPosition.column;
}

const OVERLOAD_SIGNATURES: ReadonlySet<string> = new Set(['function_signature', 'method_signature']);

/** The overload signatures written right before this implementation, in source order. */
function overloadSignatures(fn: SyntaxNode, name: string): SyntaxNode[] {
  const own = fn.parent?.type === 'export_statement' ? fn.parent : fn;
  const signatures: SyntaxNode[] = [];
  for (let previous = own.previousNamedSibling; previous; previous = previous.previousNamedSibling) {
    if (previous.type === 'comment') continue;
    const signature = previous.type === 'export_statement' ? previous.childForFieldName('declaration') : previous;
    if (!signature || !OVERLOAD_SIGNATURES.has(signature.type) || declarationName(signature) !== name) break;
    signatures.unshift(signature);
  }
  return signatures;
}

/** What one overload signature states for the function literals passed to it (`OverloadShape`). */
export function overloadShape(signature: SyntaxNode): OverloadShape {
  const params = (signature.childForFieldName('parameters')?.namedChildren ?? [])
    .filter((p): p is SyntaxNode => p !== null && p.type !== 'comment')
    .filter((p, i) => i > 0 || p.childForFieldName('pattern')?.type !== 'this');
  const shape: OverloadShape = { arity: params.length };
  const last = params.at(-1);
  const restType = last?.childForFieldName('pattern')?.type === 'rest_pattern' ? unwrapAnnotation(last.childForFieldName('type')) : undefined;
  // `...handlers: [H, H]` takes exactly one argument per element.
  const tuple = restType === undefined ? null : fixedTupleElements(restType);
  if (tuple) shape.arity = params.length - 1 + tuple.length;
  else if (restType !== undefined) shape.rest = true;
  const callbackParameters = tuple ? undefined : callbackParametersOf(signature);
  if (callbackParameters) shape.callbackParameters = callbackParameters;
  Object.assign(shape, statedCallbackTypes(signature));
  // A rest parameter's arguments are its elements: an array type there refuses nothing by itself.
  const written = params.flatMap((p) => (p === last && restType !== undefined ? (tuple ?? [elementType(restType)]) : [p.childForFieldName('type')]));
  // `path: P` with `P extends string`: what the type parameter is constrained to.
  const constraints = typeParameterConstraints(signature);
  const constrained = (type: SyntaxNode | null) => {
    const own = unwrapAnnotation(type);
    return own?.type === 'type_identifier' ? constraints.get(own.text) ?? own : own;
  };
  const refuses = written.flatMap((type, i) => (refusesFunctionLiteral(constrained(type)) ? [i] : []));
  if (refuses.length > 0) shape.refusesFunction = refuses;
  return shape;
}

function unwrapAnnotation(node: SyntaxNode | null): SyntaxNode | null {
  return node?.type === 'type_annotation' ? node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null : node;
}

/** A written parameter type no function literal fits: a primitive, a literal type, an array or tuple. */
function refusesFunctionLiteral(annotation: SyntaxNode | null): boolean {
  const type = annotation?.type === 'type_annotation' ? annotation.namedChildren.find((c) => c !== null && c.type !== 'comment') : annotation;
  if (!type) return false;
  if (type.type === 'literal_type' || type.type === 'array_type' || type.type === 'tuple_type') return true;
  return type.type === 'predefined_type' && ['string', 'number', 'boolean', 'bigint', 'symbol', 'undefined', 'null', 'void', 'never'].includes(type.text);
}

/** The collector of a function's `return`s; none behind overload signatures stating one type, which callers see. */
function calleeResults(file: EcmascriptContext['file'], id: number, fn: SyntaxNode) {
  const name = file.declarations[id].name;
  return hasOverloadSignatures(file, fn, name) && signaturesReturnType(fn, name) ? null : file.resultsOf(id, fn);
}

/**
 * What a call of this function or method returns, as its callers see it: behind overload signatures that all
 * state one type, that type (the implementation's own is invisible to callers); otherwise its annotation, which
 * every signature must be assignable to.
 */
/**
 * `function setup(): { app: Application; context: Context }`: each member's stated type (`Declaration.resultMembers`),
 * proven where the function is written. Not for an overloaded or async function (its calls' results are others).
 */
function stateResultMembers(file: EcmascriptContext['file'], id: number, fn: SyntaxNode, ctx: EcmascriptContext): void {
  const annotation = fn.childForFieldName('return_type');
  const type = annotation?.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  if (type?.type !== 'object_type' || hasToken(fn, 'async') || hasOverloadSignatures(file, fn, file.declarations[id].name)) return;
  for (const member of type.namedChildren) {
    if (member?.type !== 'property_signature') continue;
    const nameNode = member.childForFieldName('name');
    const stated = annotatedType(member.childForFieldName('type'));
    if (!nameNode || !stated || (stated.kind !== 'named' && stated.kind !== 'call')) continue;
    const name = propertyName(nameNode);
    file.proveType(stated, ctx, (proven) => {
      if (!proven) return;
      const decl = file.declarations[id];
      (decl.resultMembers ??= {})[name] = proven;
    });
  }
}

function callersReturnType(file: EcmascriptContext['file'], fn: SyntaxNode, name: string): TypeRef | null {
  return (hasOverloadSignatures(file, fn, name) ? signaturesReturnType(fn, name) : null) ?? asyncResult(fn) ?? annotatedType(fn.childForFieldName('return_type'));
}

/**
 * `async connect(): Promise<Client>`: awaiting a call gives a Client, which is what an async function's stated result
 * means (`Declaration.returnType`); null for any other function or annotation.
 */
function asyncResult(fn: SyntaxNode): TypeRef | null {
  if (!hasToken(fn, 'async')) return null;
  const annotation = fn.childForFieldName('return_type');
  const type = annotation?.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  if (type?.type !== 'generic_type' || type.childForFieldName('name')?.text !== 'Promise') return null;
  const settled = type.childForFieldName('type_arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
  return settled.length === 1 ? annotatedType(settled[0]) : null;
}

/** The one type every overload signature before this implementation states as its result; null when they differ. */
function signaturesReturnType(fn: SyntaxNode, name: string): TypeRef | null {
  let common: TypeRef | null = null;
  for (const signature of overloadSignatures(fn, name)) {
    const stated = annotatedType(signature.childForFieldName('return_type'));
    if (!stated || (common && JSON.stringify(common) !== JSON.stringify(stated))) return null;
    common = stated;
  }
  return common;
}

/** Does a signature of the same name stand beside this function or method (`f(a: A): void; f(b: B): void; f(x) {}`)? */
function hasOverloadSignatures(file: EcmascriptContext['file'], fn: SyntaxNode, name: string): boolean {
  const holder = fn.parent?.type === 'export_statement' ? fn.parent.parent : fn.parent;
  if (!holder || !['class_body', 'program', 'statement_block', 'interface_body', 'object_type'].includes(holder.type)) return false;
  return file.signatureNames(holder).has(name);
}

/**
 * A function literal written as an argument of a call (`app.get('/', (c) => …)`): for each of its parameters,
 * the callee's stated callback parameter there (`callback-parameter`), resolved globally. Undefined elsewhere.
 */
function passedTo(fn: SyntaxNode): ((parameter: number) => TypeRef | null) | undefined {
  const list = fn.parent;
  const call = list?.parent;
  if (list?.type !== 'arguments' || call?.type !== 'call_expression') return undefined;
  const of = callResultType(call);
  if (!of) return undefined;
  const argument = list.namedChildren.filter((c) => c !== null && c.type !== 'comment').findIndex((c) => c!.id === fn.id);
  // A spread before the literal (`f(...xs, cb)`) leaves its position unknown.
  if (argument < 0 || list.namedChildren.slice(0, argument).some((c) => c?.type === 'spread_element')) return undefined;
  return (parameter) => ({ kind: 'callback-parameter', of, argument, parameter });
}

/**
 * A function literal the code gives a stated function type without passing it to a call: the value of a `const`
 * annotated with it (`const h: Handler = (c) => …`), or returned where the enclosing function's result is annotated
 * (`(): MiddlewareHandler => async (c, next) => …`, `return (c) => …`). Each parameter takes what that type states:
 * written in place (`(c: Context) => void`), or a named function type's (`function-parameter`, resolved globally).
 */
function typedByContext(fn: SyntaxNode): ((parameter: number) => TypeRef | null) | undefined {
  const type = contextualType(fn);
  if (!type) return undefined;
  if (type.type === 'function_type') {
    const stated = type.childForFieldName('parameters')?.namedChildren.filter((p) => p !== null && p.type !== 'comment' && p.childForFieldName('pattern')?.type !== 'this') ?? [];
    return (parameter) => annotatedType(stated[parameter]?.childForFieldName('type') ?? null);
  }
  const named = type.type === 'type_identifier' || type.type === 'nested_type_identifier' || type.type === 'generic_type' ? annotatedType(type) : null;
  return named?.kind === 'named' ? (parameter) => ({ kind: 'function-parameter', of: named, parameter }) : undefined;
}

/** The type node a function literal's context states for it (see `typedByContext`), or null. */
function contextualType(fn: SyntaxNode): SyntaxNode | null {
  let holder = fn.parent;
  let value: SyntaxNode = fn;
  while (holder?.type === 'parenthesized_expression') {
    value = holder;
    holder = holder.parent;
  }
  let annotation: SyntaxNode | null = null;
  if (holder?.type === 'variable_declarator' && holder.childForFieldName('value')?.id === value.id) {
    annotation = holder.childForFieldName('type');
  } else if (holder?.type === 'return_statement') {
    const enclosing = enclosingFunction(holder);
    // An async function's annotation is a Promise of its result, never the literal's type.
    annotation = enclosing && !hasToken(enclosing, 'async') ? enclosing.childForFieldName('return_type') : null;
  } else if (holder?.type === 'arrow_function' && holder.childForFieldName('body')?.id === value.id && !hasToken(holder, 'async')) {
    annotation = holder.childForFieldName('return_type');
  }
  const type = annotation?.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  return type?.type === 'parenthesized_type' ? type.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null : type;
}

/** `client: Client` in an interface: a property whose type calls through it are checked against. */
export function visitPropertySignature(frame: EcmascriptFrame): void {
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
export function returnedValue(value: SyntaxNode, ctx: EcmascriptContext): StatedResult {
  const words = wordsOf(ctx);
  // `return null` / `return undefined` neither prove nor contradict a class (a call on them fails).
  if (value.type === 'null' || value.type === 'undefined') return { value: 'none', scope: ctx.scope, words };
  // `return this` in an instance method of a class: the checker infers `this`, the receiver's own type (chained calls).
  if (value.type === 'this' && returnsOwnInstance(ctx)) return { value: { kind: 'self' }, scope: ctx.scope, words };
  if (value.type === 'identifier') {
    // JavaScript `var q = queue(w); q.push = function (…) {…}; return q`: what `q.push` runs is no longer `queue`'s.
    const body = ctx.file.typeChecked ? null : enclosingFunction(value)?.childForFieldName('body');
    if (body && overridesMemberOf(body, value.text)) return { value: null, scope: ctx.scope, words };
    return { value: { local: value.text }, scope: ctx.scope, words };
  }
  return { value: initialiserType(value), scope: ctx.scope, words };
}

/** Whether the results being collected are an instance method's of a class (not a static one's, not an object literal's). */
function returnsOwnInstance(ctx: EcmascriptContext): boolean {
  if (!ctx.results || !ctx.thisIsClass) return false;
  const method = ctx.file.declarations[ctx.results.id];
  const owner = method?.parent == null ? undefined : ctx.file.declarations[method.parent];
  return method?.kind === 'method' && !method.isStatic && owner?.kind === 'class';
}

export function visitField(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
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
