/** Dart's directives: `import`/`export` with their prefixes and combinators, `part`/`part of`, `library`. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { DartContext } from './file-state.js';

export function spanOf(first: SyntaxNode, last: SyntaxNode): { startPosition: SyntaxNode['startPosition']; endPosition: SyntaxNode['endPosition'] } {
  return { startPosition: first.startPosition, endPosition: last.endPosition };
}

// ---------------------------------------------------------------------------------------------
// Directives

export function uriOf(node: SyntaxNode | null | undefined): string | undefined {
  if (!node) return undefined;
  const literal = node.type === 'string_literal' ? node : node.descendantsOfType('string_literal')[0];
  if (!literal) return undefined;
  const text = literal.text.replace(/^r/, '');
  return text.replace(/^('''|"""|'|")/, '').replace(/('''|"""|'|")$/, '');
}

/** `show A, B` / `hide C` clauses: the names of each. */
function combinators(node: SyntaxNode): { show?: string[]; hide: string[] } {
  let show: string[] | undefined;
  const hide: string[] = [];
  for (const combinator of node.namedChildren) {
    if (combinator?.type !== 'combinator') continue;
    const names = combinator.namedChildren.filter((c) => c?.type === 'identifier').map((c) => c!.text);
    if (combinator.text.trimStart().startsWith('show')) show = [...(show ?? []), ...names];
    else hide.push(...names);
  }
  return { show, hide };
}

export function visitDirective(node: SyntaxNode, ctx: DartContext): void {
  const file = ctx.file;
  const directive = node.namedChildren.find((c) => c?.type === 'library_import' || c?.type === 'library_export');
  if (!directive) return;
  const spec = directive.type === 'library_import' ? directive.namedChildren.find((c) => c?.type === 'import_specification') ?? directive : directive;
  // `import 'a.dart' if (dart.library.io) 'b.dart'`: the default URI.
  const uriNode = spec.namedChildren.find((c) => c?.type === 'configurable_uri' || c?.type === 'uri');
  const uri = uriOf(uriNode?.type === 'configurable_uri' ? uriNode.namedChildren.find((c) => c?.type === 'uri') : uriNode);
  if (!uri) return;
  const signature = flatSignature(node.text);
  const { show, hide } = combinators(spec);
  if (directive.type === 'library_export') {
    file.exports.push({
      specifier: uri,
      names: show ? show.map((name) => ({ exported: name, local: name })) : '*',
      ...(hide.length > 0 && !show ? { hides: hide } : {}),
      line: node.startPosition.row + 1,
    });
    // An export is also a dependency on the file it re-exports.
    file.builder.addImport(uri, ctx.parentDecl, node, signature, [], { sideEffectOnly: true });
    return;
  }
  const prefix = spec.namedChildren.find((c) => c?.type === 'identifier');
  if (prefix) {
    // `import 'a.dart' as p;`: `p.f()` only, through that library.
    file.builder.addImport(uri, ctx.parentDecl, node, signature, [{ local: prefix.text, imported: '*' }]);
    return;
  }
  if (show) {
    file.builder.addImport(uri, ctx.parentDecl, node, signature, show.map((name) => ({ local: name, imported: name })));
    return;
  }
  const statement = file.builder.addImport(uri, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }]);
  if (hide.length > 0) statement.hides = hide;
}

/** `part 'a_part.dart';`: the part's names are the library's (an importer sees its public ones). */
export function visitPart(node: SyntaxNode, ctx: DartContext): void {
  const uri = uriOf(node.namedChildren.find((c) => c?.type === 'uri'));
  if (!uri) return;
  ctx.file.module.part(uri);
  ctx.file.exports.push({ specifier: uri, names: '*', line: node.startPosition.row + 1 });
  ctx.file.builder.addImport(uri, ctx.parentDecl, node, flatSignature(node.text), [], { sideEffectOnly: true });
}

// ---------------------------------------------------------------------------------------------
// Types
