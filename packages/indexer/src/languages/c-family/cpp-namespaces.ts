/** C++ namespaces, `using` declarations and directives, namespace and type aliases (with the type an alias stands for). */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { docCommentOf, type CContext } from './file-state.js';
import { type CppWalk, nameParts, typeRefOf } from './cpp-types.js';

export function visitNamespace(node: SyntaxNode, ctx: CContext, walk: CppWalk): void {
  const body = node.childForFieldName('body');
  const nameNode = node.childForFieldName('name');
  const inline = node.children.some((c) => c?.type === 'inline');
  if (!nameNode || inline) {
    // Anonymous: file-local and transparent; inline: transparent.
    walk.push(body, !nameNode ? { ...ctx, fileLocal: true } : ctx);
    return;
  }
  const parts = nameParts(nameNode) ?? [nameNode.text];
  let parent = ctx.parentDecl;
  for (const part of parts) {
    parent = ctx.file.builder.declare('namespace', part, parent, node, {
      signature: `namespace ${nameNode.text}`,
      docstring: docCommentOf(node),
      isExported: true,
    });
  }
  if (body) walk.descend(body, { ...ctx, parentDecl: parent });
}

/**
 * `using namespace ns;` (a directive: every member of ns) and `using ns::name;` (a declaration: that
 * member), as imports of the namespace, binding where they stand: the file, a namespace, a function.
 */
export function visitUsing(node: SyntaxNode, ctx: CContext): void {
  const target = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
  const parts = nameParts(target);
  if (!target || !parts || ctx.owner !== undefined && ctx.owner !== null) return; // `using Base::f;` in a class: not modelled
  const parent = ctx.scope.fileLevel ? ctx.parentDecl : ctx.enclosing;
  const signature = node.text.replace(/\s+/g, ' ');
  const directive = node.children.some((c) => c?.type === 'namespace');
  const statement = directive
    ? ctx.file.builder.addImport(parts.join('::'), parent, node, signature, [{ local: '*', imported: '*' }])
    : parts.length > 1
      ? ctx.file.builder.addImport(parts.slice(0, -1).join('::'), parent, node, signature, [{ local: parts[parts.length - 1], imported: parts[parts.length - 1] }])
      : undefined;
  if (statement) statement.namespaceImport = true;
}

export function visitAlias(node: SyntaxNode, ctx: CContext): void {
  const name = node.childForFieldName('name');
  if (!name || !ctx.scope.fileLevel) return;
  const id = ctx.file.builder.declare('type_alias', name.text, ctx.owner ?? ctx.parentDecl, node, {
    signature: node.text.replace(/\s+/g, ' ').slice(0, 200), docstring: docCommentOf(node), isExported: true,
  });
  // `using App_p = std::shared_ptr<App>;`: a value of App_p is reached as an App (`p->m()`).
  const descriptor = node.childForFieldName('type');
  // `using FooPtr = Foo*;` names a pointer: no second name of Foo.
  stateAliased(ctx, id, descriptor?.childForFieldName('type'), !descriptor?.childForFieldName('declarator'));
}

/**
 * The class an alias names (`using X = Foo;`, `= std::unique_ptr<Foo>`), as the alias's `underlyingType`; where it
 * names the class itself (`using appender = basic_appender<char>;`, not a pointer to it), the alias is a second name
 * of that class (`aliasOf`): `appender(buf)` constructs it, `ParserResult::ok()` calls its static member.
 */
export function stateAliased(ctx: CContext, id: number, type: SyntaxNode | null | undefined, namesItself = true): void {
  const aliased = typeRefOf(type);
  // The name written, template arguments dropped, is the class typeRefOf proves (not a smart pointer's pointee).
  const written = nameParts(type);
  if (namesItself && aliased?.kind === 'named' && written && written.join('::') === aliased.chain.join('::')) ctx.file.builder.declarations[id].aliasOf = aliased.chain;
  // `using argument_it = std::list<Argument>::iterator;`: an iteration of the container, read where the alias stands.
  if (namesItself && aliased?.kind === 'element') ctx.file.builder.declarations[id].underlyingType = aliased;
  if (aliased?.kind !== 'named') return;
  ctx.file.facts.proveLater(aliased, ctx.scope, undefined, (proven) => {
    if (proven) ctx.file.builder.declarations[id].underlyingType = proven;
  });
}

