/** Scala's imports and chained package clauses. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ScalaContext } from './file-state.js';
import type { ImportStatement } from '../../model/extraction.js';
import { file } from './declarations.js';
import { positionOf } from '../../extraction/core/scopes.js';

/**
 * `import fastparse._, NoWhitespace._`, `import mill._, scalalib._`: one statement holding several imports, each read as
 * its own statement written where the first is (a later one's head is looked up where the earlier ones are in force).
 */
export function visitImport(node: SyntaxNode, ctx: ScalaContext): void {
  let group: SyntaxNode[] = [];
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === ',') {
      visitImportExpression(node, group, ctx);
      group = [];
    } else if (child.type !== 'import') group.push(child);
  }
  visitImportExpression(node, group, ctx);
}

/** One import expression of a statement (`a.b._`, `a.b.{C, D => E}`, `a.b.C`), given as the statement's children that spell it. */
function visitImportExpression(node: SyntaxNode, children: SyntaxNode[], ctx: ScalaContext): void {
  const file = ctx.file;
  const pathIds = new Set(node.childrenForFieldName('path').filter((c): c is SyntaxNode => c !== null && c.isNamed).map((c) => c.id));
  const path = children.filter((c) => pathIds.has(c.id)).map((c) => c.text.replace(/^`|`$/g, ''));
  if (path.length === 0) return;
  const signature = flatSignature(node.text);
  const named = children.filter((c) => c.isNamed);
  const last = named[named.length - 1];
  const wildcard = (parts: string[]) => {
    const specifier = parts.join('.');
    // `import a.b.Obj._`: the members of object Obj (a capitalised last name: an object, by convention), found
    // where the import is in force (the `member-wildcard-imports` lookup step); the hidden name reaches its file.
    if (/^[A-Z]/.test(parts[parts.length - 1]) && parts.length > 1) {
      limitToBlock(file, file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: parts[parts.length - 1] }], { importsMembers: true }), node);
      return;
    }
    // `import a.b._` names a package, or an object or a value named in lower case (`import syntax._`, `import builder._`).
    limitToBlock(file, file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }], { importsMembers: true }), node);
  };
  // `import a.b.Obj.Inner` / `import a.b.Obj.m`: member Inner or m of the object Obj.
  const single = (parts: string[], local: string) => file.importPath(parts, local, ctx.parentDecl, node, signature);
  if (last?.type === 'namespace_wildcard') {
    // `val builder = OParser.builder[Config]; import builder._`: the members of a local value.
    if (path.length === 1 && ctx.scope.classify(path[0], true, positionOf(node)).locallyBound) {
      ctx.file.valueWildcards.set(ctx.scope, path[0]);
      return;
    }
    wildcard(path);
    return;
  }
  if (last?.type === 'namespace_selectors') {
    for (const selector of last.namedChildren) {
      if (!selector) continue;
      if (selector.type === 'namespace_wildcard') wildcard(path);
      else if (selector.type === 'identifier') single([...path, selector.text], selector.text);
      else if (selector.type === 'arrow_renamed_identifier' || selector.type === 'as_renamed_identifier') {
        const name = selector.childForFieldName('name')?.text;
        const alias = selector.childForFieldName('alias')?.text;
        // `A => _` hides A: nothing is bound.
        if (name && alias && alias !== '_') single([...path, name], alias);
      }
    }
    return;
  }
  if (last?.type === 'as_renamed_identifier' || last?.type === 'arrow_renamed_identifier') {
    const name = last.childForFieldName('name')?.text;
    const alias = last.childForFieldName('alias')?.text;
    if (name && alias && alias !== '_') single([...path, name], alias);
    return;
  }
  // `import a.b.given`: givens are found by type, not by name.
  if (children.some((c) => c.type === 'given')) return;
  single(path, path[path.length - 1]);
}

/** Syntax whose block is a declaration's own body: an import written directly in it is in force to the declaration's end. */
const DECLARATION_BODIES: ReadonlySet<string> = new Set(['function_definition', 'val_definition', 'var_definition', 'given_definition']);

/**
 * An import written in a block that is no declaration's body (a test block `"case" in { import a.b._; … }` in a class
 * body, a lambda's block in a def) binds to the block's end only: later sites of the same declaration do not see it.
 */
function limitToBlock(file: ScalaContext['file'], statement: ImportStatement, node: SyntaxNode): void {
  const block = node.parent;
  if (!block || !['block', 'indented_block'].includes(block.type)) return;
  if (block.parent && DECLARATION_BODIES.has(block.parent.type)) return;
  statement.inForceUntil = block.endPosition.row + 1 + file.builder.lineOffset;
}

/**
 * The package clauses a file starts with, chained (`package a.b` then `package c`, or `package a {
 * package b { … } }`): each by its full name (`a.b`, `a.b.c`). A clause after other code, or a
 * `package object`, puts nothing in a package of its own.
 */
export function recordPackageChain(unit: SyntaxNode, ctx: ScalaContext): void {
  let prefix = '';
  let container: SyntaxNode | null = unit;
  while (container) {
    let next: SyntaxNode | null = null;
    for (const child of container.namedChildren) {
      if (!child || child.type === 'comment' || child.type === 'block_comment') continue;
      if (child.type !== 'package_clause') break;
      const name = child.namedChildren.find((c) => c?.type === 'package_identifier');
      if (!name) break;
      prefix = `${prefix === '' ? '' : `${prefix}.`}${name.namedChildren.map((part) => part?.text).join('.')}`;
      ctx.file.module.package(prefix, child);
      // A clause with a body: the chain goes on at the start of the body.
      next = child.childForFieldName('body') ?? child.namedChildren.find((c) => c?.type === 'template_body') ?? null;
      if (next) break;
    }
    if (!next && container) {
      // `package a.b` (or no clause) then `package object c { … }` and nothing else declared: the file holds the members of package `a.b.c`.
      const definitions = container.namedChildren.filter((c): c is SyntaxNode => c !== null
        && !['comment', 'block_comment', 'package_clause', 'import_declaration'].includes(c.type));
      const name = definitions.length === 1 && definitions[0].type === 'package_object' ? definitions[0].childForFieldName('name') : null;
      // `package object ujson { … }` with no clause before it: the members of root package `ujson`.
      if (name?.type === 'identifier') ctx.file.module.package(prefix === '' ? name.text : `${prefix}.${name.text}`, definitions[0]);
    }
    container = next;
  }
}
