/** Go's variables: `var`/`const` specs, `:=`, and type-switch aliases, with the types their values prove. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { endPositionOf, positionOf, type BoundValue } from '../../extraction/core/scopes.js';
import { type GoContext, type GoWalk, docCommentOf, isExportedName } from './file-state.js';
import { statedType, valueType } from './type-expressions.js';

/** `var a, b T = x, y` / `const c = 1`: package-level declarations, or locals inside a function. */
export function visitValueSpec(node: SyntaxNode, ctx: GoContext, walk: GoWalk): void {
  // The grammar's `name` field also holds the commas between the names.
  const names = node.childrenForFieldName('name').filter((n): n is SyntaxNode => n?.type === 'identifier');
  const typeNode = node.childForFieldName('type');
  const valueList = node.childForFieldName('value');
  const values = valueList?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const typeAt = (index: number): TypeRef | null => {
    if (typeNode) return statedType(typeNode);
    if (values.length === names.length) return valueType(values[index]);
    return values.length === 1 ? valueType(values[0], index) : null;
  };
  walk.push(valueList, ctx);
  if (ctx.scope.fileLevel) {
    const kind = node.type === 'const_spec' ? 'constant' : 'variable';
    names.forEach((name, index) => {
      if (name.text === '_') return;
      const id = ctx.file.builder.declare(kind, name.text, ctx.parentDecl, name, {
        signature: `${node.type === 'const_spec' ? 'const' : 'var'} ${node.text.replace(/\s+/g, ' ')}`.slice(0, 200),
        docstring: docCommentOf(node.parent?.type === 'var_declaration' || node.parent?.type === 'const_declaration' ? node.parent : node),
        isExported: isExportedName(name.text) || undefined,
        visibility: isExportedName(name.text) ? 'public' : 'private',
      });
      ctx.file.facts.stateType(id, 'valueType', typeAt(index), ctx.scope);
    });
    return;
  }
  bindNames(names, ctx, node, typeAt);
}

/** `a, err := f()`: locals, visible after the statement. */
export function visitShortVar(node: SyntaxNode, ctx: GoContext, walk: GoWalk): void {
  const right = node.childForFieldName('right');
  const values = right?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const left = node.childForFieldName('left');
  const count = left?.namedChildren.filter((c) => c !== null && c.type !== 'comment').length ?? 0;
  walk.push(right, ctx);
  bindNames(left, ctx, node, (index) => (values.length === count ? valueType(values[index]) : values.length === 1 ? valueType(values[0], index) : null));
}

/**
 * Binds the identifiers of an expression list (or a list of name nodes) as locals visible from the
 * end of `statement` on, each with the type `typeAt` states for its position (undefined: unknown).
 */
export function bindNames(
  names: SyntaxNode | SyntaxNode[] | null, ctx: GoContext, statement: SyntaxNode, typeAt: (index: number) => TypeRef | null | undefined,
): void {
  if (!names) return;
  const list = Array.isArray(names) ? names : names.type === 'identifier' ? [names] : names.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  const at = endPositionOf(statement);
  // The values are evaluated before the names are bound: `x := x.Next()` reads the outer x.
  const evaluatedAt = positionOf(statement);
  list.forEach((name, index) => {
    if (name.type !== 'identifier' || name.text === '_') return;
    const type = typeAt(index);
    const value: BoundValue | undefined = type === undefined ? undefined : { type, scope: ctx.scope, at: evaluatedAt };
    ctx.scope.bind(name.text, 'local', undefined, value, at);
  });
}

/**
 * `switch v := x.(type) { case *T: … }`: in a clause that lists one type, v has that type (in a
 * clause of several, v is x's value again: nothing proven).
 */
export function bindCaseAlias(clause: SyntaxNode, ctx: GoContext): void {
  const alias = clause.parent?.type === 'type_switch_statement' ? clause.parent.childForFieldName('alias') : null;
  const names = alias?.namedChildren.filter((c): c is SyntaxNode => c?.type === 'identifier' && c.text !== '_') ?? [];
  if (names.length === 0) return;
  // The grammar's `type` field also holds the commas between the types.
  const types = clause.childrenForFieldName('type').filter((t): t is SyntaxNode => t !== null && t.isNamed);
  if (types.length !== 1) return;
  const type = statedType(types[0]);
  const at = positionOf(clause);
  for (const name of names) ctx.scope.bind(name.text, 'local', undefined, type ? { type, scope: ctx.scope, at } : undefined, at);
}
