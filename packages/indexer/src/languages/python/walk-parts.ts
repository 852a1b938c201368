/** How Python's rules hand parts of a node to the walk: annotations only when walking them can find something, and the ERROR children a handler would otherwise skip. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { PythonContext, PythonWalk } from './file-state.js';

/**
 * Hands an annotation to the walk, unless its text shows that walking it finds nothing: only
 * names, dots, brackets, commas, `|` and whitespace (no `(` of a call, quote of an f-string, `:` of
 * a lambda or walrus), no `for`/`lambda`/`yield`, no syntax error. Two WASM calls tell so for
 * `int`, `list[str]` or `X | None`, where the walk would make several per node.
 */
export function pushAnnotation(annotation: SyntaxNode | null, ctx: PythonContext, walk: PythonWalk): void {
  if (!annotation) return;
  if (!annotation.hasError) {
    const text = ctx.file.source.slice(annotation.startIndex, annotation.endIndex);
    if (NAMES_ONLY.test(text) && !RULE_KEYWORD.test(text)) return;
  }
  walk.push(annotation, ctx);
}
const NAMES_ONLY = /^[\w.[\],|\s]*$/;
const RULE_KEYWORD = /\b(?:for|lambda|yield)\b/;

/**
 * ERROR children of a node whose handler walks only chosen parts: they may hide code (and
 * restart points) that would otherwise be skipped.
 */
export function pushErrorChildren(node: SyntaxNode, ctx: PythonContext, walk: PythonWalk): void {
  if (!node.hasError) return;
  for (const child of node.children) if (child?.isError) walk.push(child, ctx);
}
