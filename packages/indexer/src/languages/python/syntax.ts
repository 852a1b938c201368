/**
 * What Python's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`):
 * node type → the names it binds, the scope it opens, and — where data cannot say it — a hook
 * that declares, records a site or an import, or hands parts to the walk with their own context.
 *
 * Decisions (see README.md in this folder for the full list):
 *  - Qualified names chain every container with `::` (`Outer::Inner::method`, `f::inner`).
 *  - `@property` methods stay kind `method` (they have a body that encloses calls); their
 *    decorators say `property`. Class attributes are `field` (`constant` when UPPER_CASE).
 *  - `C()` is recorded as `calls`: only the resolver knows whether `C` is a class.
 *  - An `extends` site's `enclosing` is the class that extends.
 *  - Imports inside a function are ordinary import statements whose declaration's `parent` is
 *    that function; names they bind are not `locallyBound` (they resolve through the import).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ImportBinding, TypeRef } from '../../model/extraction.js';
import type { BoundValue, Scope } from '../../extraction/core/scopes.js';
import type { FunctionResults, SiteTarget, StatedValue } from '../../extraction/core/file-facts.js';
import { handledNode, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { splitMemberChain, type MemberAccessShape } from '../../extraction/core/tree-walk.js';
import type { BindingKind } from './scopes.js';
import { findRestartPoint, lineStartsOf } from './syntax-errors.js';
import { docstringOf, flatText, identifierChain, truncate } from './syntax-text.js';
import { FIXTURE_DECORATOR } from './name-binding.js';
import { fieldChild, fieldChildren } from '../../extraction/core/node-fields.js';
import { firstNonComment, namedNonComments } from './syntax-nodes.js';
import { annotationType, callType, valueType, type StatedType } from './type-expressions.js';
import { visibilityFields, type PythonContext } from './file-state.js';

type PythonWalk = Walk<PythonContext>;
type Rule = NodeRule<PythonContext>;

const ABSTRACT_DECORATOR = /^(abc\.)?abstract(method|property|classmethod|staticmethod)$/;

/** Named node types that never have children worth visiting. */
const LEAF_TYPES = [
  'identifier', 'comment', 'integer', 'float', 'string_content', 'escape_sequence', 'string_start', 'string_end',
  'true', 'false', 'none', 'ellipsis', 'dotted_name', 'pass_statement', 'break_statement', 'continue_statement',
];

/** A hook that handles the node itself and walks none of its children by default. */
const handled = handledNode<PythonContext>;

const comprehension: Rule = handled(visitComprehension);
const importStatement: Rule = handled(visitImport);
const scopeDeclaration: Rule = {
  visit: ({ node, ctx }) => {
    for (const child of node.namedChildren) {
      if (child?.type === 'identifier') ctx.scope.declare(child.text, node.type === 'global_statement' ? 'global' : 'nonlocal');
    }
    return false;
  },
};
const capturePatterns: Rule = {
  // A capture pattern is a dotted name of one identifier (`case x:`, `case P(a=x)`).
  visit: ({ node, ctx }) => {
    for (const child of node.namedChildren) {
      if (child?.type === 'dotted_name' && child.namedChildCount === 1) ctx.scope.bind(child.text, 'assignment');
    }
    return true;
  },
};

export const PYTHON_SYNTAX: SyntaxRules<PythonContext> = {
  opaque: LEAF_TYPES,
  patternNames: (pattern) => {
    const names: SyntaxNode[] = [];
    collectTargets(pattern, names);
    return names.map((name) => name.text);
  },
  nodes: {
    // Bindings that are only data.
    for_statement: { binds: { field: 'left', kind: 'assignment' } },
    named_expression: { binds: { field: 'name', kind: 'walrus' } },
    delete_statement: { binds: { field: 'children', kind: 'assignment' } },
    augmented_assignment: {
      binds: { field: 'left', kind: 'assignment' },
      visit: ({ node, ctx }) => {
        if (ctx.scope.kind === 'module' && fieldChild(node, 'left')?.text === '__all__') {
          const adds = fieldChild(node, 'operator')?.type === '+=';
          noteAll(ctx, adds ? 'add' : 'assign', adds ? fieldChild(node, 'right') : null);
        }
        return true;
      },
    },
    as_pattern: {
      // `with x as y`, `except E as e`, `case P() as p`
      visit: ({ node, ctx }) => {
        let alias = fieldChild(node, 'alias');
        if (!alias) {
          const last = node.lastNamedChild;
          alias = last?.type === 'identifier' ? last : null;
        }
        bindTargets(alias, ctx, 'assignment');
        return true;
      },
    },
    case_pattern: capturePatterns,
    keyword_pattern: capturePatterns,
    splat_pattern: {
      visit: ({ node, ctx }) => {
        for (const child of node.namedChildren) if (child?.type === 'identifier') ctx.scope.bind(child.text, 'assignment');
        return false;
      },
    },
    global_statement: scopeDeclaration,
    nonlocal_statement: scopeDeclaration,

    // Declarations.
    function_definition: handled((node, ctx, walk) => visitFunction(node, ctx, [], walk)),
    class_definition: handled((node, ctx, walk) => visitClass(node, ctx, [], walk)),
    decorated_definition: handled(visitDecorated),
    type_alias_statement: handled(visitTypeAlias),
    assignment: handled(visitAssignment),

    // Scopes whose parts run in different scopes.
    lambda: handled(visitLambda),
    list_comprehension: comprehension,
    set_comprehension: comprehension,
    dictionary_comprehension: comprehension,
    generator_expression: comprehension,

    // Sites, results, imports.
    call: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    return_statement: {
      visit: ({ node, ctx }) => {
        const value = firstValue(node);
        ctx.fn?.returns.push({ value: value ? statedValue(value) : 'none', scope: ctx.scope });
        return true;
      },
    },
    yield: {
      visit: ({ node, ctx }) => {
        // `yield from g()` hands out g's items: nothing stated about them.
        const from = node.children.some((c) => c?.type === 'from');
        const value = firstValue(node);
        ctx.fn?.yields.push({ value: from ? null : value ? statedValue(value) : 'none', scope: ctx.scope });
        return true;
      },
    },
    // A plain literal holds nothing to extract: no need to walk its start, content and end.
    string: { visit: ({ node, ctx }) => node.hasError || !isPlainStringLiteral(ctx.file.source, node.startIndex) },
    import_statement: importStatement,
    import_from_statement: importStatement,
    future_import_statement: importStatement,
    if_statement: { visit: ({ node, ctx }, walk) => visitIf(node, ctx, walk) },
    ERROR: { visit: ({ node, ctx }, walk) => visitError(node, ctx, walk) },
  },
};

/**
 * Whether the string literal starting at `start` cannot hold an interpolation: its prefix is
 * only raw/bytes/unicode letters (the grammar finds `{…}` only in f-strings).
 */
function isPlainStringLiteral(source: string, start: number): boolean {
  for (let i = start; i < source.length; i++) {
    const char = source[i];
    if (char === '"' || char === "'") return true;
    if (!PLAIN_STRING_PREFIX.includes(char)) return false;
  }
  return false;
}
const PLAIN_STRING_PREFIX = 'rRbBuU';

/**
 * Hands an annotation to the walk, unless its text shows that walking it finds nothing: only
 * names, dots, brackets, commas, `|` and whitespace (no `(` of a call, quote of an f-string, `:` of
 * a lambda or walrus), no `for`/`lambda`/`yield`, no syntax error. Two WASM calls tell so for
 * `int`, `list[str]` or `X | None`, where the walk would make several per node.
 */
function pushAnnotation(annotation: SyntaxNode | null, ctx: PythonContext, walk: PythonWalk): void {
  if (!annotation) return;
  if (!annotation.hasError) {
    const text = ctx.file.source.slice(annotation.startIndex, annotation.endIndex);
    if (NAMES_ONLY.test(text) && !RULE_KEYWORD.test(text)) return;
  }
  walk.push(annotation, ctx);
}
const NAMES_ONLY = /^[\w.[\],|\s]*$/;
const RULE_KEYWORD = /\b(?:for|lambda|yield)\b/;

function firstValue(node: SyntaxNode): SyntaxNode | null {
  return firstNonComment(node);
}

/**
 * ERROR children of a node whose handler walks only chosen parts: they may hide code (and
 * restart points) that would otherwise be skipped.
 */
function pushErrorChildren(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
  if (!node.hasError) return;
  for (const child of node.children) if (child?.isError) walk.push(child, ctx);
}

function visitCall(node: SyntaxNode, ctx: PythonContext): boolean {
  const callee = calleeOf(fieldChild(node, 'function'));
  if (callee) ctx.file.addSite('calls', callee, ctx.enclosing, ctx.scope, node);
  if (ctx.scope.kind === 'module' && callee?.receiver?.length === 1 && callee.receiver[0] === '__all__') {
    const argumentList = fieldChild(node, 'arguments');
    const args = argumentList ? namedNonComments(argumentList) : [];
    if (callee.name === 'extend' && args.length === 1) noteAll(ctx, 'add', args[0]);
    else if (callee.name === 'append' && args.length === 1 && args[0]!.type === 'string') noteAll(ctx, 'add', args[0]);
    else if (callee.name !== 'index' && callee.name !== 'count') noteAll(ctx, 'add', null);
  }
  return true;
}

/**
 * `__all__` at module level: the names `from this_module import *` binds. Only literal lists of
 * strings (assigned, `+=`, `.extend([...])`, `.append('x')`) are followed; anything computed makes
 * the list unknowable ('dynamic').
 */
function noteAll(ctx: PythonContext, change: 'assign' | 'add', value: SyntaxNode | null): void {
  const file = ctx.file;
  const names = value ? literalStrings(value) : null;
  if (names === null) {
    file.starExports = 'dynamic';
  } else if (change === 'assign') {
    // Two different literal lists in one module (e.g. per platform): which one runs is unknown.
    const same = Array.isArray(file.starExports) && file.starExports.join('\0') === names.join('\0');
    file.starExports = file.starExports === undefined || same ? names : 'dynamic';
  } else if (Array.isArray(file.starExports)) {
    file.starExports = [...file.starExports, ...names];
  } else {
    file.starExports = 'dynamic';
  }
}

function visitFunction(node: SyntaxNode, ctx: PythonContext, decorators: string[], walk: PythonWalk): void {
  const nameNode = fieldChild(node, 'name');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const file = ctx.file;
  const name = nameNode.text;
  const parameters = fieldChild(node, 'parameters');
  const returnType = fieldChild(node, 'return_type');
  const body = fieldChild(node, 'body');
  const inClass = ctx.scope.kind === 'class';
  const isAsync = node.child(0)?.type === 'async';
  const isStatic = inClass && decorators.includes('staticmethod');
  const typeParameters = typeParametersOf(node);

  // Read once: the signature, the instance parameter and the bindings all go through them.
  const parameterList = parameters ? namedNonComments(parameters) : [];
  const signature = `${isAsync ? 'async ' : ''}def ${name}${typeParameters ? `[${typeParameters.join(', ')}]` : ''}`
    + `(${parameters ? parameterList.map(flatText).join(', ') : ''})${returnType ? ` -> ${flatText(returnType)}` : ''}`;
  const id = file.builder.declare(inClass ? 'method' : 'function', name, ctx.parentDecl, node, {
    signature: truncate(signature),
    docstring: docstringOf(body),
    ...visibilityFields(name, ctx),
    isAsync: isAsync || undefined,
    isStatic: isStatic || undefined,
    isAbstract: decorators.some((d) => ABSTRACT_DECORATOR.test(d)) || undefined,
    decorators: decorators.length > 0 ? decorators : undefined,
    typeParameters,
  });
  file.bindDefinition(name, id, ctx);
  file.facts.stateType(id, 'returnType', annotationType(returnType), ctx.scope);

  const scope = ctx.scope.open('function');
  const instance = inClass && !isStatic && !decorators.includes('classmethod') && parameters ? firstParameterName(parameterList) : undefined;
  const self = instance !== undefined && ctx.parentDecl !== null ? { name: instance, owner: ctx.parentDecl } : null;
  const fn: FunctionResults | null = returnType ? { id, returns: [], yields: [] } : file.facts.functionResults(id);
  const inner: PythonContext = { file, scope, parentDecl: id, enclosing: id, typeOnly: ctx.typeOnly, self, fn };
  pushErrorChildren(node, inner, walk);
  walk.push(body, inner);
  // Annotations and default values are evaluated where the def statement runs.
  pushAnnotation(returnType, ctx, walk);
  // pytest hands tests and fixtures the fixture their parameter is named after.
  const injectable = file.testModule && !isStatic && (name.startsWith('test') || decorators.some((d) => FIXTURE_DECORATOR.test(d)));
  const parametrized = decorators.filter((d) => d.includes('parametrize')).join(' ');
  if (parameters) bindParameters(parameterList, scope, ctx, inClass && !isStatic, walk, injectable ? parametrized : null);
}

function visitClass(node: SyntaxNode, ctx: PythonContext, decorators: string[], walk: PythonWalk): void {
  const nameNode = fieldChild(node, 'name');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const file = ctx.file;
  const name = nameNode.text;
  const superclasses = fieldChild(node, 'superclasses');
  const body = fieldChild(node, 'body');
  const typeParameters = typeParametersOf(node);
  const id = file.builder.declare('class', name, ctx.parentDecl, node, {
    signature: truncate(`class ${name}${typeParameters ? `[${typeParameters.join(', ')}]` : ''}${superclasses ? flatText(superclasses) : ''}`),
    docstring: docstringOf(body),
    ...visibilityFields(name, ctx),
    decorators: decorators.length > 0 ? decorators : undefined,
    typeParameters,
  });
  file.bindDefinition(name, id, ctx);

  const inner: PythonContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: ctx.enclosing, typeOnly: ctx.typeOnly, self: null, fn: null,
  };
  pushErrorChildren(node, inner, walk);
  walk.push(body, inner);

  let isAbstract = false;
  for (const base of superclasses?.namedChildren ?? []) {
    const baseType = base?.type;
    if (!base || baseType === 'comment') continue;
    walk.push(base, ctx); // calls inside the base list still count
    if (baseType === 'keyword_argument') {
      const value = fieldChild(base, 'value');
      const chain = value ? identifierChain(value) : null;
      if (fieldChild(base, 'name')?.text === 'metaclass' && chain && isAbcName(chain, 'ABCMeta')) isAbstract = true;
      continue;
    }
    const target = baseType === 'subscript' ? fieldChild(base, 'value') : base; // Base[T] extends Base
    const chain = target ? identifierChain(target) : null;
    if (!chain || (chain.length === 1 && chain[0] === 'object')) continue;
    if (isAbcName(chain, 'ABC')) isAbstract = true;
    file.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, id, ctx.scope, target!);
  }
  if (isAbstract) file.builder.declarations[id].isAbstract = true;
}

function visitDecorated(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
  const decorators: string[] = [];
  const expressions: SyntaxNode[] = [];
  for (const child of node.namedChildren) {
    if (child?.type !== 'decorator') continue;
    const expression = firstNonComment(child);
    if (!expression) continue;
    decorators.push(flatText(expression));
    expressions.push(expression);
  }
  const definition = fieldChild(node, 'definition');
  pushErrorChildren(node, ctx, walk);
  if (definition?.type === 'function_definition') visitFunction(definition, ctx, decorators, walk);
  else if (definition?.type === 'class_definition') visitClass(definition, ctx, decorators, walk);
  else walk.push(definition, ctx);
  for (const expression of expressions) {
    // `@foo` and `@a.b` apply foo / a.b: a call with the decorated object. `@foo(...)` is a call node.
    if (expression.type !== 'call') {
      const callee = calleeOf(expression);
      if (callee) ctx.file.addSite('calls', callee, ctx.enclosing, ctx.scope, expression);
    }
    walk.push(expression, ctx);
  }
}

function visitLambda(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
  const inner: PythonContext = { ...ctx, scope: ctx.scope.open('lambda'), fn: null };
  pushErrorChildren(node, inner, walk);
  walk.push(fieldChild(node, 'body'), inner);
  const parameters = fieldChild(node, 'parameters');
  if (parameters) bindParameters(namedNonComments(parameters), inner.scope, ctx, false, walk);
}

function visitComprehension(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
  const inner: PythonContext = { ...ctx, scope: ctx.scope.open('comprehension') };
  pushErrorChildren(node, inner, walk);
  let firstClause = true;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type !== 'for_in_clause') {
      walk.push(child, inner);
      continue;
    }
    for (const target of bindTargets(fieldChild(child, 'left'), inner, 'assignment')) walk.push(target, inner);
    // The first iterable is evaluated in the enclosing scope.
    for (const iterable of fieldChildren(child, 'right')) walk.push(iterable, firstClause ? ctx : inner);
    firstClause = false;
  }
}

function visitAssignment(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
  const file = ctx.file;
  const left = fieldChild(node, 'left');
  const right = fieldChild(node, 'right');
  const annotation = fieldChild(node, 'type');
  const nameNodes: SyntaxNode[] = [];
  const others = collectTargets(left, nameNodes);
  const names = nameNodes.map((name) => name.text);
  const leftType = left?.type;
  const rightType = right?.type;
  // Only `x = value` / `x: T = value` states x's type; tuple targets and chains prove nothing.
  const single = left !== null && (leftType === 'identifier' || leftType === 'attribute') && rightType !== 'assignment';
  const stated: StatedType = !single ? null : annotation ? annotationType(annotation) : right ? valueType(right) : 'none';
  const bound: BoundValue | 'none' | undefined = stated === 'none' ? 'none' : stated === null ? undefined : { type: stated, scope: ctx.scope };
  for (const name of names) ctx.scope.bind(name, 'assignment', undefined, single ? bound : undefined);

  if (ctx.scope.kind === 'module' && names.includes('__all__')) noteAll(ctx, 'assign', single ? right : null);

  let initialiserEnclosing = ctx.enclosing;
  if (ctx.scope.kind === 'module' || ctx.scope.kind === 'class') {
    let first: number | undefined;
    for (const name of names) {
      const id = file.addDataDeclaration(name, node, ctx);
      first ??= id;
      if (id === undefined) continue;
      if (annotation && single) file.facts.stateType(id, 'valueType', stated, ctx.scope);
      else if (ctx.scope.kind === 'module') file.facts.typeFromBindings(id, name, ctx.scope);
    }
    // A class attribute's initialiser is attributed to the attribute, as a class field's would be.
    if (ctx.scope.kind === 'class' && first !== undefined) initialiserEnclosing = first;
    if (ctx.scope.kind === 'class' && ctx.parentDecl !== null) {
      for (const name of names) addMemberFact(ctx.parentDecl, name, single ? stated : null, ctx);
    }
  }
  // `self.x = value` in a method: a fact about attribute x of the method's class.
  if (ctx.self) {
    // `self.app = app`: the attribute holds what the local (a typed parameter, say) holds.
    const local = single && !annotation && rightType === 'identifier' ? right!.text : undefined;
    for (const target of others) {
      if (target.type !== 'attribute') continue;
      const object = fieldChild(target, 'object');
      if (object?.type !== 'identifier' || object.text !== ctx.self.name) continue;
      const attribute = fieldChild(target, 'attribute');
      if (attribute?.type !== 'identifier') continue;
      addMemberFact(ctx.self.owner, attribute.text, single ? stated : null, ctx, local);
    }
  }
  pushErrorChildren(node, ctx, walk);
  pushAnnotation(annotation, ctx, walk);
  for (const other of others) walk.push(other, ctx);
  walk.push(right, { ...ctx, enclosing: initialiserEnclosing });
}

function addMemberFact(owner: number, name: string, type: StatedType, ctx: PythonContext, local?: string): void {
  if (type === 'none') return;
  ctx.file.facts.memberFact({ owner, name, type, enclosing: ctx.enclosing }, ctx.scope, undefined, local);
}

function visitImport(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
  const file = ctx.file;
  pushErrorChildren(node, ctx, walk);
  const signature = truncate(flatText(node));
  if (node.type === 'import_statement') {
    // `import a, b.c as d` is one statement per module, each with its own declaration.
    for (const item of fieldChildren(node, 'name')) {
      if (!item) continue;
      const itemType = item.type;
      if (itemType === 'aliased_import') {
        const module = fieldChild(item, 'name');
        const alias = fieldChild(item, 'alias');
        if (!module || !alias) continue;
        file.addImport(compact(module.text), [{ local: alias.text, imported: '*' }], node, signature, ctx);
      } else if (itemType === 'dotted_name') {
        const specifier = compact(item.text);
        const top = specifier.split('.')[0];
        const binding: ImportBinding = top === specifier ? { local: top, imported: '*' } : { local: top, imported: '*', modulePath: top };
        file.addImport(specifier, [binding], node, signature, ctx);
      }
    }
    return;
  }
  const moduleNode = node.type === 'future_import_statement' ? null : fieldChild(node, 'module_name');
  if (node.type !== 'future_import_statement' && !moduleNode) return;
  const specifier = moduleNode ? compact(moduleNode.text) : '__future__';
  const bindings: ImportBinding[] = [];
  for (const child of node.namedChildren) {
    if (!child || child === moduleNode || child.startIndex === moduleNode?.startIndex) continue;
    const childType = child.type;
    if (childType === 'wildcard_import') bindings.push({ local: '*', imported: '*' });
    else if (childType === 'dotted_name') {
      const name = compact(child.text);
      bindings.push({ local: name, imported: name });
    } else if (childType === 'aliased_import') {
      const name = fieldChild(child, 'name');
      const alias = fieldChild(child, 'alias');
      if (name && alias) bindings.push({ local: alias.text, imported: compact(name.text) });
    }
  }
  file.addImport(specifier, bindings, node, signature, ctx);
}

function visitTypeAlias(node: SyntaxNode, ctx: PythonContext): void {
  const head = node.namedChildren.find((c) => c?.type === 'type');
  const nameNode = head?.namedChild(0)?.type === 'generic_type' ? head.namedChild(0)!.namedChild(0) : head?.namedChild(0);
  if (!nameNode || nameNode.type !== 'identifier') return;
  const name = nameNode.text;
  ctx.scope.bind(name, 'assignment');
  if (ctx.scope.kind !== 'module' && ctx.scope.kind !== 'class') return;
  ctx.file.builder.declare('type_alias', name, ctx.parentDecl, node, {
    signature: truncate(flatText(node)),
    ...visibilityFields(name, ctx),
  });
}

/**
 * An ERROR node that swallowed a visible top-level restart point: walk what comes before it
 * here, and queue the text from the restart point to be parsed again on its own.
 */
function visitError(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): boolean {
  if (node.startPosition.row === node.endPosition.row) return true;
  const file = ctx.file;
  file.lineStarts ??= lineStartsOf(file.source);
  const restart = findRestartPoint(node, file.source, file.lineStarts);
  if (!restart) return true;
  for (const child of node.namedChildren) if (child && child.endIndex <= restart.index) walk.push(child, ctx);
  file.recoveries.push({ text: file.source.slice(restart.index, node.endIndex), rowOffset: file.rowOffset + restart.row });
  return false;
}

/** `if TYPE_CHECKING:` marks the imports of its first branch type-only. */
function visitIf(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): boolean {
  // A name chain holds no `:`, so the text up to the first one shows whether it can end in TYPE_CHECKING.
  const source = ctx.file.source;
  const colon = source.indexOf(':', node.startIndex);
  if (!source.slice(node.startIndex, colon === -1 ? source.length : colon).includes('TYPE_CHECKING')) return true;
  const condition = fieldChild(node, 'condition');
  const chain = condition ? identifierChain(condition) : null;
  if (chain === null || chain.length > 2 || chain[chain.length - 1] !== 'TYPE_CHECKING') return true;
  const consequence = fieldChild(node, 'consequence');
  for (const child of node.namedChildren) {
    const isConsequence = child !== null && consequence !== null && child.startIndex === consequence.startIndex;
    walk.push(child, isConsequence ? { ...ctx, typeOnly: true } : ctx);
  }
  return false;
}

/**
 * Binds parameter names in `scope`; pushes defaults and annotations to run in `outer`. `parameters`:
 * the parameter list's named children other than comments.
 * `injected` (a test or fixture): plain parameters hold the fixture of their name, except those the
 * given `parametrize` decorator text supplies.
 */
function bindParameters(parameters: SyntaxNode[], scope: Scope, outer: PythonContext, hasReceiver: boolean, walk: PythonWalk, injected: string | null = null): void {
  let position = 0;
  for (const parameter of parameters) {
    let annotation: SyntaxNode | null = null;
    const parameterType = parameter.type;
    if (parameterType === 'positional_separator' || parameterType === 'keyword_separator') continue;
    let nameNode: SyntaxNode | null = null;
    switch (parameterType) {
      case 'identifier':
        nameNode = parameter;
        break;
      case 'default_parameter':
      case 'typed_default_parameter':
        nameNode = fieldChild(parameter, 'name');
        annotation = fieldChild(parameter, 'type');
        pushAnnotation(annotation, outer, walk);
        walk.push(fieldChild(parameter, 'value'), outer);
        break;
      case 'typed_parameter': {
        const type = fieldChild(parameter, 'type');
        annotation = type;
        pushAnnotation(type, outer, walk);
        nameNode = firstNamedChildWhere(parameter, (childType) => childType !== 'type');
        break;
      }
      default:
        nameNode = parameter;
    }
    let nameType = nameNode?.type;
    if (nameNode && (nameType === 'list_splat_pattern' || nameType === 'dictionary_splat_pattern')) {
      nameNode = firstNamedChildWhere(nameNode, (childType) => childType === 'identifier');
      nameType = nameNode?.type;
    }
    if (nameNode && nameType === 'identifier') {
      const name = nameNode.text;
      const kind: BindingKind = hasReceiver && position === 0 && (name === 'self' || name === 'cls') ? 'receiver-parameter' : 'parameter';
      // An annotation is evaluated where the def statement runs, so its names are looked up there.
      let stated = kind === 'parameter' && annotation ? annotationType(annotation) : null;
      if (stated === null && kind === 'parameter' && injected !== null && parameterType === 'identifier' && !new RegExp(`\\b${name}\\b`).test(injected)) {
        stated = { kind: 'injected', name };
      }
      const value: BoundValue | 'none' | undefined = stated === 'none' ? 'none' : stated ? { type: stated, scope: outer.scope } : undefined;
      scope.bind(name, kind, undefined, value);
    } else if (nameNode) {
      // Python 2 tuple parameters `def f((a, b))`.
      const names: SyntaxNode[] = [];
      collectTargets(nameNode, names);
      for (const name of names) scope.bind(name.text, 'parameter');
    }
    position++;
  }
}

/** Binds the plain names of an assignment target; returns the other target parts (to walk for calls). */
function bindTargets(target: SyntaxNode | null, ctx: PythonContext, kind: BindingKind): SyntaxNode[] {
  const names: SyntaxNode[] = [];
  const others = collectTargets(target, names);
  for (const name of names) ctx.scope.bind(name.text, kind);
  return others;
}

/**
 * What a call expression calls: `f` → f with receiver []; `a.b.f` → f with ['a', 'b'];
 * `super().f` → f with ['super']; `x[0].f` / `g().f` → f with no receiver; anything else → null.
 */
function calleeOf(fn: SyntaxNode | null): SiteTarget | null {
  if (!fn) return null;
  const type = fn.type;
  if (type === 'identifier') return { name: fn.text, receiver: [] };
  if (type !== 'attribute') return null;
  const attribute = fieldChild(fn, 'attribute');
  const object = fieldChild(fn, 'object');
  if (!attribute || attribute.type !== 'identifier' || !object) return null;
  const chain = identifierChain(object);
  if (chain) return { name: attribute.text, receiver: chain };
  if (object.type === 'call') {
    const inner = fieldChild(object, 'function');
    if (inner?.type === 'identifier' && inner.text === 'super') return { name: attribute.text, receiver: ['super'] };
  }
  return { name: attribute.text, receiver: undefined, typedReceiver: typedReceiverOf(object) };
}

/** `Foo().m()`, `make().a.b.m()`, `(await load()).m()`: a call's stated type, then member names. */
function typedReceiverOf(object: SyntaxNode): { type: TypeRef; path: string[] } | undefined {
  const chain = splitMemberChain(object, ATTRIBUTE);
  if (!chain) return undefined;
  const type = chain.base.type === 'call' ? callType(chain.base) : valueType(chain.base);
  return type !== null && type !== 'none' ? { type, path: chain.path } : undefined;
}

const ATTRIBUTE: MemberAccessShape = { nodeType: 'attribute', object: 'object', property: 'attribute', propertyTypes: new Set(['identifier']) };

/** `['a', "b"]` / `('a',)` / `'a'` → the strings; null for anything else (f-strings, names, calls). */
function literalStrings(node: SyntaxNode): string[] | null {
  const items = node.type === 'list' || node.type === 'tuple' ? node.namedChildren.filter((c) => c !== null && c.type !== 'comment') : [node];
  const out: string[] = [];
  for (const item of items) {
    if (item?.type !== 'string') return null;
    const parts = item.namedChildren.filter((c) => c !== null && c.type !== 'string_start' && c.type !== 'string_end');
    if (parts.length > 1 || (parts.length === 1 && parts[0]!.type !== 'string_content')) return null;
    out.push(parts.length === 1 ? parts[0]!.text : '');
  }
  return out;
}

/** `app` → the local's value; anything else → its stated type. */
function statedValue(node: SyntaxNode): StatedValue {
  return node.type === 'identifier' ? { local: node.text } : valueType(node);
}

/** The name of the first parameter (`parameters`: the list's named children other than comments). */
function firstParameterName(parameters: SyntaxNode[]): string | undefined {
  const first = parameters[0];
  if (!first) return undefined;
  const type = first.type;
  if (type === 'identifier') return first.text;
  if (type === 'typed_parameter') return firstNamedChildWhere(first, (childType) => childType === 'identifier')?.text;
  if (type === 'default_parameter' || type === 'typed_default_parameter') return fieldChild(first, 'name')?.text;
  return undefined;
}

/** The first named child whose type passes `test` (`namedChildren.find(…)` without building the array). */
function firstNamedChildWhere(node: SyntaxNode, test: (type: string) => boolean): SyntaxNode | null {
  for (let i = 0; ; i++) {
    const child = node.namedChild(i);
    if (child === null || test(child.type)) return child;
  }
}

/**
 * Splits an assignment target into the identifiers it binds (pushed to `names`) and the parts
 * that bind nothing but may contain calls (`a[f()]`, `obj.attr`), which are returned.
 */
function collectTargets(target: SyntaxNode | null, names: SyntaxNode[]): SyntaxNode[] {
  const others: SyntaxNode[] = [];
  if (!target) return others;
  const stack: SyntaxNode[] = [target];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'identifier':
        names.push(node);
        break;
      case 'pattern_list': case 'tuple_pattern': case 'list_pattern': case 'tuple': case 'list':
      case 'expression_list': case 'parenthesized_expression': case 'as_pattern_target':
      case 'list_splat_pattern': case 'list_splat':
        for (let i = node.namedChildCount - 1; i >= 0; i--) {
          const child = node.namedChild(i);
          if (child && child.type !== 'comment') stack.push(child);
        }
        break;
      case 'comment':
        break;
      default:
        others.push(node);
    }
  }
  return others;
}

function typeParametersOf(node: SyntaxNode): string[] | undefined {
  const list = fieldChild(node, 'type_parameters');
  if (!list) return undefined;
  const names = list.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment').map((c) => flatText(c));
  return names.length > 0 ? names : undefined;
}

/** `ABC` / `abc.ABC` (or ABCMeta): the class is abstract. */
function isAbcName(chain: string[], name: string): boolean {
  return chain[chain.length - 1] === name && (chain.length === 1 || (chain.length === 2 && chain[0] === 'abc'));
}

function compact(text: string): string {
  return text.replace(/\s+/g, '');
}
