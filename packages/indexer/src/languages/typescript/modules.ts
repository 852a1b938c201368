/** ECMAScript's module interface: `import` and `export` statements, and CommonJS `module.exports`/`exports.x` assignments. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ImportBinding } from '../../model/extraction.js';
import {
  compactText, decoratorTexts, docCommentText, firstChildOfType, FUNCTION_VALUE_TYPES, hasToken, headerText,
  propertyName, receiverChain, requireSpecifier, statementText, stringLiteralValue
} from './ecmascript-syntax.js';
import type { EcmascriptContext, EcmascriptFrame, EcmascriptWalk, ExportInfo } from './file-state.js';
import { heldValue } from './ecmascript-held-values.js';
import { initialiserType } from './ecmascript-types.js';

export function visitImport({ node, ctx }: EcmascriptFrame): void {
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

export function visitExport(frame: EcmascriptFrame, walk: EcmascriptWalk): void {
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
  // `export default { isArray, forEach }`: a module object, read as `utils.forEach` through its default
  // import (or destructured from it: `const { forEach } = utils`), as a CommonJS `module.exports = { … }` is.
  if (unwrapped.type === 'object' && ctx.moduleLevel && !ctx.suppressDeclarations) {
    moduleExportsValue(unwrapped, node, ctx, exportInfo.doc, walk);
    return;
  }
  if (exportedCallResult(unwrapped, node, ctx, exportInfo.doc, walk) || exportedInstance(unwrapped, node, ctx, exportInfo.doc, walk)) return;
  walk.push(value, ctx);
}

/**
 * `export default new Routes()`, `module.exports = new Registry()`: the module's value is an instance, a declaration
 * named `default` whose type is the constructed class (`import routes from './routes'; routes.register(…)`).
 * Returns false for any other value.
 */
function exportedInstance(value: SyntaxNode, statement: SyntaxNode, ctx: EcmascriptContext, doc: string | undefined, walk: EcmascriptWalk): boolean {
  if (value.type !== 'new_expression' || !ctx.moduleLevel || ctx.suppressDeclarations) return false;
  const file = ctx.file;
  const id = file.addDeclaration('variable', 'default', statement, ctx, {
    signature: compactText(file.source.slice(statement.startIndex, statement.endIndex), 200),
    docstring: doc,
    isExported: true,
  });
  file.stateType(id, 'valueType', initialiserType(value), ctx);
  file.addDefaultExport('default', statement);
  walk.push(value, { ...ctx, pendingOwner: id });
  return true;
}

/**
 * JavaScript `export default awaitify(eachOfLimit, 4)`, `module.exports = wrap(fn)`: the module's value is what the call
 * returns, a declaration named `default` that holds it (see ecmascript-held-values.ts). Returns false for any other value.
 */
function exportedCallResult(value: SyntaxNode, statement: SyntaxNode, ctx: EcmascriptContext, doc: string | undefined, walk: EcmascriptWalk): boolean {
  if (value.type !== 'call_expression' || ctx.file.typeChecked || !ctx.moduleLevel || ctx.suppressDeclarations) return false;
  boundValueDeclaration('default', value, statement, ctx, doc, walk);
  ctx.file.addDefaultExport('default', statement);
  return true;
}

// ---------------------------------------------------------------- CommonJS and prototypes

/** `module.exports = …`, `exports.x = …`, `X.prototype.m = function …`. Returns false if none. */
export function visitModuleAssignment(assignment: SyntaxNode, statement: SyntaxNode, ctx: EcmascriptContext, doc: string | undefined, walk: EcmascriptWalk): boolean {
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
    file.commonJsNamedExports = true;
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
    const member = requiredMember(right);
    if (member) {
      // `exports.Test = require('./test').Test`: a re-export of that module's export.
      file.addImport(member.specifier, statement, ctx, statementText(file.source, statement), [], { sideEffectOnly: true });
      file.exports.push({ specifier: member.specifier, names: [{ exported: exportedName, local: member.name }], line });
      return true;
    }
    boundValueDeclaration(exportedName, right, statement, ctx, doc, walk);
    return true;
  }
  return assignedMembers(left, right, statement, ctx, doc, walk);
}

/** `require('./x').name`: the module and the export named. */
function requiredMember(node: SyntaxNode): { specifier: string; name: string } | undefined {
  if (node.type !== 'member_expression') return undefined;
  const specifier = requireSpecifier(node.childForFieldName('object'));
  const property = node.childForFieldName('property');
  return specifier !== undefined && property?.type === 'property_identifier' ? { specifier, name: property.text } : undefined;
}

/** Kinds of module-level declaration that can be given members by assignment. */
const MEMBER_OWNER_KINDS: ReadonlySet<string> = new Set(['function', 'class', 'variable', 'constant']);

/**
 * `Foo.prototype.m = function …` (an instance method of the constructor `Foo`), `Foo.create = function …`
 * (a static one), `app.use = function use() {…}` of a module-level object (its own method, whose `this` is
 * that object), `Foo.prototype = { m() {…} }`; chained targets (`req.get = req.header = function …`) each name
 * the one function. Only a function written there is a member: any other value may be anything.
 */
function assignedMembers(left: SyntaxNode, right: SyntaxNode, statement: SyntaxNode, ctx: EcmascriptContext, doc: string | undefined, walk: EcmascriptWalk): boolean {
  const file = ctx.file;
  const targets: Array<{ owner: number; name: string; instance: boolean }> = [];
  let target: SyntaxNode | null = left;
  let value: SyntaxNode | null = right;
  for (;;) {
    let chain = target?.type === 'member_expression' ? receiverChain(target)?.names : undefined;
    if (!chain) return false;
    // `proto.m = function …` with `const proto = Foo.prototype`: Foo's instance method.
    const prototypeOf = chain.length === 2 ? file.prototypeAliases.get(chain[0]) : undefined;
    if (prototypeOf !== undefined) chain = [prototypeOf, 'prototype', chain[1]];
    const owner = file.topLevelByName.get(chain[0]);
    if (owner === undefined || !MEMBER_OWNER_KINDS.has(file.declarations[owner].kind)) return false;
    const ownerKind = file.declarations[owner].kind;
    if (chain.length === 2 && chain[1] === 'prototype' && value?.type === 'object' && target === left && ownerKind !== 'class') {
      prototypeObject(owner, value, ctx, walk);
      return true;
    }
    if (chain.length === 3 && chain[1] === 'prototype') targets.push({ owner, name: chain[2], instance: true });
    // A module-level object's own members; a function's or class's static ones.
    else if (chain.length === 2 && chain[1] !== 'prototype') targets.push({ owner, name: chain[1], instance: ownerKind === 'variable' || ownerKind === 'constant' });
    else return false;
    if (value?.type !== 'assignment_expression') break;
    target = value.childForFieldName('left');
    value = value.childForFieldName('right');
  }
  if (!value) return false;
  // `request.get = verbFunc('get')`: the function this file's own factory makes.
  const made = value.type === 'call_expression' && madeByOwnFactory(value, ctx);
  if (!made && !FUNCTION_VALUE_TYPES.has(value.type)) return false;
  let bound: number | undefined;
  for (const { owner, name, instance } of targets) {
    const id = file.addDeclaration('method', name, statement, { ...ctx, container: owner }, {
      signature: made ? compactText(file.source.slice(statement.startIndex, statement.endIndex), 200)
        : headerText(file.source, statement.startIndex, value.childForFieldName('body')?.startIndex ?? value.endIndex),
      docstring: doc,
      isAsync: hasToken(value, 'async'),
      isStatic: !instance || undefined,
    });
    bound ??= id;
  }
  if (made) {
    walk.push(value, ctx);
    return true;
  }
  // An arrow's `this` is the module's, whoever calls it.
  walk.push(value, ctx, { extra: { bound, thisIsInstance: targets.every((t) => t.instance) && value.type !== 'arrow_function' } });
  return true;
}

/** `verbFunc('get')` where `verbFunc` is a function this file declares at module level (a factory of functions). */
function madeByOwnFactory(call: SyntaxNode, ctx: EcmascriptContext): boolean {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'identifier') return false;
  const id = ctx.file.topLevelByName.get(callee.text);
  return id !== undefined && ctx.file.declarations[id].kind === 'function';
}

/** `Foo.prototype = { constructor: Foo, m() {…}, n: function () {…} }`: the functions are Foo's instance methods. */
function prototypeObject(owner: number, object: SyntaxNode, ctx: EcmascriptContext, walk: EcmascriptWalk): void {
  const file = ctx.file;
  const memberCtx: EcmascriptContext = { ...ctx, container: owner };
  for (const entry of object.namedChildren) {
    if (!entry || entry.type === 'comment') continue;
    // `m() {…}` or `m: function () {…}`.
    const isMethod = entry.type === 'method_definition' && !hasToken(entry, 'get') && !hasToken(entry, 'set');
    const key = isMethod ? entry.childForFieldName('name') : entry.type === 'pair' ? entry.childForFieldName('key') : null;
    const value = isMethod ? entry : entry.type === 'pair' ? entry.childForFieldName('value') : null;
    if (!key || !value || key.type === 'computed_property_name' || (!isMethod && !FUNCTION_VALUE_TYPES.has(value.type))) {
      walk.push(entry, ctx);
      continue;
    }
    const id = file.addDeclaration('method', propertyName(key), entry, memberCtx, {
      signature: headerText(file.source, entry.startIndex, value.childForFieldName('body')?.startIndex ?? value.endIndex),
      isAsync: hasToken(value, 'async'),
    });
    walk.push(value, ctx, { extra: { bound: id, thisIsInstance: value.type !== 'arrow_function' } });
  }
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
  if (exportedCallResult(value, statement, ctx, doc, walk) || exportedInstance(value, statement, ctx, doc, walk)) return;
  if (value.type !== 'object') {
    walk.push(value, ctx);
    return;
  }
  const names: Array<{ exported: string; local: string }> = [];
  const thisMembers = ownFunctionEntries(value);
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
      const member = requiredMember(entryValue);
      if (entryValue.type === 'identifier') names.push({ exported, local: entryValue.text });
      else if (member) {
        // `{ Test: require('./test').Test }`: a re-export of that module's export.
        file.addImport(member.specifier, entry, ctx, statementText(file.source, statement), [], { sideEffectOnly: true });
        file.exports.push({ specifier: member.specifier, names: [{ exported, local: member.name }], line });
      } else if (FUNCTION_VALUE_TYPES.has(entryValue.type) || entryValue.type === 'class') {
        boundValueDeclaration(exported, entryValue, entry, ctx, entryDoc, walk, thisMembers);
      } else walk.push(entryValue, ctx);
    } else if (entry.type === 'method_definition') {
      const key = entry.childForFieldName('name');
      if (key && key.type !== 'computed_property_name') boundValueDeclaration(propertyName(key), entry, entry, ctx, entryDoc, walk, thisMembers);
      else walk.push(entry, ctx);
    } else {
      walk.push(entry, ctx);
    }
  }
  if (names.length > 0) file.exports.push({ specifier: null, names, line });
  file.commonJsNamedExports = true;
}

/**
 * The members of a module object that are the module's functions of the same name — methods and function values
 * written there (declared as such), `{ get }` and `{ get: get }` — which its methods call as `this.get()`. A getter or
 * setter, a computed key, or `{ get: other }` is none.
 */
function ownFunctionEntries(object: SyntaxNode): ReadonlySet<string> {
  const out = new Set<string>();
  for (const entry of object.namedChildren) {
    if (entry?.type === 'shorthand_property_identifier') out.add(entry.text);
    else if (entry?.type === 'method_definition') {
      const key = entry.childForFieldName('name');
      if (key && key.type !== 'computed_property_name' && !hasToken(entry, 'get') && !hasToken(entry, 'set')) out.add(propertyName(key));
    } else if (entry?.type === 'pair') {
      const key = entry.childForFieldName('key');
      const value = entry.childForFieldName('value');
      if (!key || key.type === 'computed_property_name' || !value) continue;
      const name = propertyName(key);
      if (FUNCTION_VALUE_TYPES.has(value.type) || (value.type === 'identifier' && value.text === name)) out.add(name);
    }
  }
  return out;
}

/** An exported CommonJS function/class value, named by what it is exported as. */
function boundValueDeclaration(name: string, value: SyntaxNode, span: SyntaxNode, ctx: EcmascriptContext, doc: string | undefined, walk: EcmascriptWalk, thisMembers?: ReadonlySet<string>): void {
  const file = ctx.file;
  const isClass = value.type === 'class';
  if (!isClass && !FUNCTION_VALUE_TYPES.has(value.type) && value.type !== 'method_definition') {
    const id = file.addDeclaration('variable', name, span, ctx, {
      signature: compactText(file.source.slice(span.startIndex, span.endIndex), 200),
      docstring: doc,
      isExported: true,
      // JavaScript `exports.json = bodyParser.json`: a second name for what the chain names, not a function of its own.
      // The anonymous `export default wrap(fn)` names no product of a factory (`exportedCallResult`).
      ...(file.typeChecked ? {} : heldValue(value, name !== 'default')),
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
  walk.push(value, ctx, { extra: { bound: id, thisMembers: isClass ? undefined : thisMembers } });
}

// ---------------------------------------------------------------- reference sites
