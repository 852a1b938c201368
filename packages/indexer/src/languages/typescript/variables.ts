/** ECMAScript's variable declarations: each declarator (destructuring too) with the value it holds — a function, a component wrapped in `memo`/`forwardRef`, a `require(…)`. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ImportBinding, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import { destructuredMembers, patternNames } from './ecmascript-scopes.js';
import { heldValue } from './ecmascript-held-values.js';
import { visitReturnedObject } from './ecmascript-returned-objects.js';
import { declareObjectMembers } from './ecmascript-object-members.js';
import { contextHook } from './context-hooks.js';
import { visitOverriddenResult } from './ecmascript-overridden-results.js';
import { annotatedType, initialiserType } from './ecmascript-types.js';
import {
  compactText, constructedClass, FUNCTION_VALUE_TYPES, functionReturnsJsx, hasToken, headerText, isPascalCase, memberTarget,
  namedChildrenOf, propertyName, receiverChain, requireSpecifier, statementText, typeParameterNames
} from './ecmascript-syntax.js';
import { CLASS_THIS, type EcmascriptContext, type EcmascriptFrame, type EcmascriptWalk } from './file-state.js';

/** Wrappers whose first argument is the component itself (`memo(() => <div/>)`). */
const COMPONENT_WRAPPERS: ReadonlySet<string> = new Set(['memo', 'forwardRef', 'observer']);

export function visitVariables(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
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
    // `const save = useCallback(async () => {…}, [deps])`: the hook hands back the function it is given.
    const memoised = isIdentifier && extractLocals && !isFunctionValue ? memoisedFunction(value) : undefined;
    const boundToCode = isIdentifier && value !== null && (isFunctionValue || valueType === 'class' || memoised !== undefined);
    // A function or class value extracted below binds its name to that declaration.
    if (boundToCode && !extractLocals) ctx.scope.bind(nameNode.text, kindToken === 'var' ? 'var' : 'lexical');
    else if (!boundToCode) bindDeclarator(declarator, nameNode, value, kindToken, ctx);

    if (ctx.moduleLevel && !ctx.suppressDeclarations && visitRequireBinding(node, declarator, nameNode, value, span, ctx)) continue;

    // What a variable holding a function states about it, whether written there or handed back by a hook.
    const functionDetails = (fn: SyntaxNode) => ({
      signature: variableFunctionSignature(file.source, node, declarator, fn, single),
      docstring: file.docstring(frame),
      isExported: exportInfo !== undefined || undefined,
      isAsync: hasToken(fn, 'async'),
    });
    if (memoised) {
      const name = nameNode.text;
      const id = file.addDeclaration(file.functionKind(name, memoised), name, span, ctx, functionDetails(memoised));
      ctx.scope.bind(name, kindToken === 'var' ? 'var' : 'lexical', id);
      file.boundFunctions.set(memoised.id, { id, thisIsInstance: false });
      walk.push(value, ctx);
      continue;
    }
    const fnValue = value && isFunctionValue ? value : null;
    if (isIdentifier && fnValue && extractLocals) {
      const name = nameNode.text;
      const id = file.addDeclaration(file.functionKind(name, fnValue), name, span, ctx, { ...functionDetails(fnValue), typeParameters: typeParameterNames(fnValue) });
      // `var app = function (req, res) {…}; mixin(app, proto)`: the local has what is mixed into it.
      const mixedInto = ctx.results ? file.statedResults.get(ctx.results) : undefined;
      const held = mixedInto?.local === name ? { type: mixedInto.type, scope: ctx.scope } : undefined;
      ctx.scope.bind(name, kindToken === 'var' ? 'var' : 'lexical', id, held);
      // `var Foo = function () {…}` with `Foo.prototype.m = …` below: a constructor, building the instance `this` is.
      const thisIsInstance = ctx.moduleLevel && fnValue.type !== 'arrow_function' && file.constructorNames.has(name);
      walk.push(fnValue, ctx, { extra: { bound: id, thisIsInstance } });
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
      // JavaScript `var q = { push() {…} }; … return q;` in a factory: a declaration with members.
      if (!visitReturnedObject(nameNode, value, span, ctx, walk) && !visitOverriddenResult(nameNode, value, span, ctx, walk)) walk.push(value, ctx);
      continue;
    }

    // Module-level data: one declaration per bound name.
    const destructuredFrom = !isIdentifier && nameNode.type === 'object_pattern' ? destructuredChain(nameNode, value) : undefined;
    const wrapped = wrappedComponent(file.jsxComponents, nameNode, value);
    const names = isIdentifier ? [nameNode.text] : patternNames(nameNode);
    const aliases = kindToken === 'const' ? constAliases(nameNode, declarator, value) : undefined;
    // `const [MenuProvider, useMenuContext] = createMenuContext<MenuValue>(NAME)`: the hook gives a MenuValue.
    const hook = kindToken === 'const' && file.typeChecked ? contextHook(nameNode, value, file.contextFactories()) : undefined;
    let owner: number | null = null;
    for (const name of names) {
      const kind: NodeKind = wrapped ? 'component' : kindToken === 'const' ? 'constant' : 'variable';
      const id = file.addDeclaration(kind, name, names.length === 1 ? span : declarator, ctx, {
        signature: compactText(`${kindToken} ${file.source.slice(declarator.startIndex, declarator.endIndex)}`, 200),
        docstring: file.docstring(frame),
        isExported: exportInfo !== undefined || undefined,
        aliasOf: aliases?.get(name),
      });
      owner ??= id;
      if (hook?.name === name) file.stateType(id, 'valueType', hook.type, ctx);
      if (isIdentifier) {
        const annotated = annotatedType(declarator.childForFieldName('type'));
        // A `let`/`var` holds its initialiser's value unless the file assigns it elsewhere (`initialisedOnly`).
        const initialised = initialiserType(value);
        file.stateType(id, 'valueType', annotated ?? initialised, ctx);
        if (!annotated && initialised && kindToken !== 'const') file.initialisedOnly(name, { declaration: id, builds: constructedClass(value) }, true);
        // JavaScript: a call of the variable runs the function value it holds (see ecmascript-held-values.ts).
        // TypeScript too for a `const` holding what a named function made (`const log = debug('app')`): an outside
        // package's product is outside. Not an annotated one, an immediately invoked function's result, nor a
        // PascalCase name (a component `forwardRef` or `styled` made, used as a JSX tag).
        const held = kind === 'component' ? undefined : !file.typeChecked ? heldValue(value, true)
          : kindToken === 'const' && !declarator.childForFieldName('type') && value?.type === 'call_expression' && !isPascalCase(name) ? heldCallValue(value) : undefined;
        if (held) {
          Object.assign(file.declarations[id], held);
          if (kindToken !== 'const') file.initialisedOnly(name, { declaration: id }, true);
        }
      } else if (!file.typeChecked) {
        // `const { merge } = utils`: a second name for `utils.merge` (any other pattern holds some value).
        const member = kindToken === 'const' ? destructuredFrom?.members.get(name) : undefined;
        file.declarations[id].callsRunHeldValue = true;
        if (member !== undefined && destructuredFrom) file.declarations[id].aliasOf = [...destructuredFrom.chain, member];
        // `const [isStream, isRequest] = ['Stream', 'Request'].map(kindOfTest)`: each name holds what the factory made.
        const mapped = kindToken === 'const' && nameNode.type === 'array_pattern' ? mappedFactory(value) : undefined;
        if (mapped) file.declarations[id].heldCall = { callee: mapped, arguments: [null], named: true };
      }
    }
    // `var app = exports = module.exports = {}`: the module's value is this variable's.
    if (isIdentifier && exportsModule(value)) file.addDefaultExport(nameNode.text, node);
    // `const currentUser = { hasPermission(p) {…} }`: the constant has the literal's functions as members.
    if (owner !== null && isIdentifier && kindToken === 'const' && valueType === 'object' && !wrapped && !declarator.childForFieldName('type')) {
      declareObjectMembers(owner, value!, ctx, walk);
    } else if (value) walk.push(value, { ...ctx, pendingOwner: names.length === 1 ? owner : null });
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
    // Of a function the enclosing function declares (`const { Counter } = createCounter()` in a test), a name
    // called bare is the local binding (what the checker names), never the member: an empty `field` step says so.
    const ofLocalFunction = from?.kind === 'call' && from.callee.length === 1 && ctx.scope.classify(from.callee[0], false).localTarget !== undefined;
    for (const name of patternNames(nameNode)) {
      // `const { click } = setupBrowser()`: `click` holds member `click` of what the initialiser proves.
      const member = from ? members.get(name) : undefined;
      const read: TypeRef | undefined = member !== undefined ? { kind: 'field', of: from!, path: [member] } : undefined;
      const held = read ? { type: ofLocalFunction ? { kind: 'field', of: read, path: [] } as TypeRef : read, scope: ctx.scope } : undefined;
      if (held && kindToken !== 'const') ctx.file.initialisedOnly(name, { value: held });
      ctx.scope.bind(name, kind, undefined, held);
    }
    return;
  }
  const annotated = annotatedType(declarator.childForFieldName('type'));
  // `var self = this` in a method: the instance, under another name (unless the file assigns that name).
  const self: TypeRef | null = value?.type === 'this' && ctx.thisIsClass ? { kind: 'value', chain: ['this'] } : null;
  // JavaScript `var server; … server = new Server(opts);` in a function: what its every assignment there agrees on.
  const assigned = !value && !annotated && ctx.inFunction && !ctx.moduleLevel && !ctx.file.typeChecked ? assignedLaterType(declarator, nameNode.text) : undefined;
  if (assigned) {
    ctx.scope.bind(nameNode.text, kind, undefined, { type: assigned, scope: ctx.scope });
    return;
  }
  const type = annotated ?? self ?? initialiserType(value);
  // Read in a nested `function` (whose own `this` is another), `self` still holds the instance.
  const held = type ? { type, scope: ctx.scope, ...(self && type === self ? { words: CLASS_THIS } : {}) } : undefined;
  if (held && !annotated && kindToken !== 'const') ctx.file.initialisedOnly(nameNode.text, { value: held, builds: self ? undefined : constructedClass(value) }, ctx.moduleLevel);
  ctx.scope.bind(nameNode.text, kind, undefined, held);
}

/**
 * The one type every assignment of `name` in the function around its declaration proves (`server = new Server(o)`),
 * where there is at least one and each is a plain `=`; undefined otherwise.
 */
function assignedLaterType(declarator: SyntaxNode, name: string): TypeRef | undefined {
  let fn: SyntaxNode | null = declarator.parent;
  while (fn && !FUNCTION_VALUE_TYPES.has(fn.type) && fn.type !== 'function_declaration' && fn.type !== 'method_definition') fn = fn.parent;
  const body = fn?.childForFieldName('body');
  if (!body) return undefined;
  let found: TypeRef | undefined;
  for (const type of ['assignment_expression', 'augmented_assignment_expression', 'update_expression']) {
    for (const assignment of body.descendantsOfType(type)) {
      const left = assignment?.childForFieldName('left') ?? assignment?.childForFieldName('argument');
      if (left?.type !== 'identifier' || left.text !== name) continue;
      if (type !== 'assignment_expression') return undefined;
      const one = initialiserType(assignment!.childForFieldName('right'));
      // Only a constructed value is proven alike wherever the assignment stands.
      if (one?.kind !== 'call' || !one.construct || (found && JSON.stringify(found) !== JSON.stringify(one))) return undefined;
      found = one;
    }
  }
  // `[server] = …`, `({ server } = …)`: written by a pattern, any value.
  for (const pattern of body.descendantsOfType(['array_pattern', 'object_pattern'])) {
    if (pattern && patternNames(pattern).includes(name)) return undefined;
  }
  return found;
}

/**
 * A module-level `const` that only gives another declaration a second name: `const withServer = generateHook`,
 * `const run = lib.run`, `const { rawQuery, pagedQuery } = prisma` (each, member of what the chain names).
 * A call of it is a call of what the chain names (`aliasOf`). Annotated constants are left alone.
 */
function constAliases(nameNode: SyntaxNode, declarator: SyntaxNode, value: SyntaxNode | null): Map<string, string[]> | undefined {
  if (declarator.childForFieldName('type') || (value?.type !== 'identifier' && value?.type !== 'member_expression')) return undefined;
  const chain = receiverChain(value)?.names;
  if (!chain || chain[0] === 'this' || chain[0] === 'super') return undefined;
  if (nameNode.type === 'identifier') return new Map([[nameNode.text, chain]]);
  if (nameNode.type !== 'object_pattern') return undefined;
  const out = new Map<string, string[]>();
  for (const [local, member] of destructuredMembers(nameNode)) out.set(local, [...chain, member]);
  return out;
}

/** `{ a, b: c } = x.y`: the chain destructured and what each name takes from it; undefined for any other value. */
function destructuredChain(pattern: SyntaxNode, value: SyntaxNode | null): { chain: string[]; members: Map<string, string> } | undefined {
  if (value?.type !== 'identifier' && value?.type !== 'member_expression') return undefined;
  const chain = receiverChain(value)?.names;
  return chain && chain[0] !== 'this' && chain[0] !== 'super' ? { chain, members: destructuredMembers(pattern) } : undefined;
}

function variableFunctionSignature(source: string, statement: SyntaxNode, declarator: SyntaxNode, fn: SyntaxNode, single: boolean): string {
  const body = fn.childForFieldName('body');
  const end = body ? body.startIndex : fn.endIndex;
  if (single) return headerText(source, statement.startIndex, end);
  const kind = statement.childForFieldName('kind')?.text ?? 'var';
  return `${kind} ${headerText(source, declarator.startIndex, end)}`;
}

/** What a call made by a named function holds (`debug('app')`); undefined for any other call (`(() => …)()`). */
function heldCallValue(value: SyntaxNode): ReturnType<typeof heldValue> {
  const held = heldValue(value, true);
  return held?.heldCall ? held : undefined;
}

/** `useCallback(fn, deps)`, `React.useCallback(fn, deps)` with a function written there: that function. */
function memoisedFunction(value: SyntaxNode | null): SyntaxNode | undefined {
  if (value?.type !== 'call_expression') return undefined;
  const callee = memberTarget(value.childForFieldName('function'));
  if (callee?.name !== 'useCallback' || (callee.receiver !== undefined && callee.receiver.length > 0 && callee.receiver.join('.') !== 'React')) return undefined;
  const first = value.childForFieldName('arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  return first && FUNCTION_VALUE_TYPES.has(first.type) ? first : undefined;
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

/** Is the value an assignment chain one of whose targets is `module.exports`? */
function exportsModule(value: SyntaxNode | null): boolean {
  for (let current = value; current?.type === 'assignment_expression'; current = current.childForFieldName('right')) {
    if (current.childForFieldName('left')?.text === 'module.exports') return true;
  }
  return false;
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

/**
 * `['a', 'b'].map(factory)`: an array literal mapped through a named function, which makes each element (called with
 * the element, its index and the array): the function's name chain. undefined for any other value.
 */
function mappedFactory(value: SyntaxNode | null): string[] | undefined {
  if (value?.type !== 'call_expression') return undefined;
  const callee = value.childForFieldName('function');
  if (callee?.type !== 'member_expression' || callee.childForFieldName('property')?.text !== 'map') return undefined;
  if (callee.childForFieldName('object')?.type !== 'array') return undefined;
  const args = value.childForFieldName('arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
  if (args.length !== 1 || (args[0]!.type !== 'identifier' && args[0]!.type !== 'member_expression')) return undefined;
  const chain = receiverChain(args[0]!)?.names;
  return chain && chain[0] !== 'this' && chain[0] !== 'super' ? chain : undefined;
}
