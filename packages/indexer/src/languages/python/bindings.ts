/** What Python's statements bind: assignments (with the types their values state and `__all__`), imports, comprehensions and the targets of `for`/`with`/`except`. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ImportBinding } from '../../model/extraction.js';
import type { BoundValue } from '../../extraction/core/scopes.js';
import type { StatedValue } from '../../extraction/core/file-facts.js';
import type { BindingKind } from './scopes.js';
import { compact, flatText, identifierChain, truncate } from './syntax-text.js';
import { fieldChild, fieldChildren } from '../../extraction/core/node-fields.js';
import { annotationType, valueType, type StatedType } from './type-expressions.js';
import type { PythonContext, PythonWalk } from './file-state.js';
import { pushAnnotation, pushErrorChildren } from './walk-parts.js';

/**
 * `__all__` at module level: the names `from this_module import *` binds. Only literal lists of
 * strings (assigned, `+=`, `.extend([...])`, `.append('x')`) are followed; anything computed makes
 * the list unknowable ('dynamic').
 */
export function noteAll(ctx: PythonContext, change: 'assign' | 'add', value: SyntaxNode | null): void {
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

export function visitComprehension(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
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

export function visitAssignment(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
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
    // `ib = attr = attrib` at module level: second names for a function or class the chain names.
    // A method of a module-level instance (`checked_call = _maker.checked_call`) is no declaration the chain can
    // reach: the variable stays the call's target.
    let alias = ctx.scope.kind === 'module' && leftType === 'identifier' && !annotation ? aliasedChain(right) : null;
    if (alias && alias.length > 1 && ctx.scope.provenValue(alias[0]) !== undefined) alias = null;
    for (const name of names) {
      const id = file.addDataDeclaration(name, node, ctx);
      first ??= id;
      if (id === undefined) continue;
      if (ctx.scope.kind === 'module') file.noteModuleValue(id, alias);
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

/**
 * The name chain a module-level assignment only renames (`x = f`, `s = attributes = attrs`, `get = api.get`):
 * the innermost value of a chain of assignments when it is a plain dotted name; null for anything else.
 */
function aliasedChain(value: SyntaxNode | null): string[] | null {
  let current = value;
  while (current?.type === 'assignment') {
    if (fieldChild(current, 'left')?.type !== 'identifier' || fieldChild(current, 'type')) return null;
    current = fieldChild(current, 'right');
  }
  if (!current || (current.type !== 'identifier' && current.type !== 'attribute')) return null;
  const chain = identifierChain(current);
  return chain && chain[0] !== 'self' && chain[0] !== 'cls' ? chain : null;
}

function addMemberFact(owner: number, name: string, type: StatedType, ctx: PythonContext, local?: string): void {
  if (type === 'none') return;
  ctx.file.facts.memberFact({ owner, name, type, enclosing: ctx.enclosing }, ctx.scope, undefined, local);
}

export function visitImport(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
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

/** Binds the plain names of an assignment target; returns the other target parts (to walk for calls). */
export function bindTargets(target: SyntaxNode | null, ctx: PythonContext, kind: BindingKind): SyntaxNode[] {
  const names: SyntaxNode[] = [];
  const others = collectTargets(target, names);
  for (const name of names) ctx.scope.bind(name.text, kind);
  return others;
}

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
export function statedValue(node: SyntaxNode): StatedValue {
  return node.type === 'identifier' ? { local: node.text } : valueType(node);
}

/**
 * Splits an assignment target into the identifiers it binds (pushed to `names`) and the parts
 * that bind nothing but may contain calls (`a[f()]`, `obj.attr`), which are returned.
 */
export function collectTargets(target: SyntaxNode | null, names: SyntaxNode[]): SyntaxNode[] {
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
