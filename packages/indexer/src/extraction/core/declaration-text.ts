/**
 * The text a declaration carries (its one-line signature, its doc comment), shaped the same way for
 * every language, so that answers are as long everywhere. Longer text is cut and ends in `…`.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';

export const MAX_SIGNATURE_LENGTH = 300;
export const MAX_DOCSTRING_LENGTH = 2000;

/** `text`, or its first `max - 1` characters and `…`. */
export function capped(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A declaration's header as one line: block comments and line comments (`lineComments`: the
 * language's, `//` by default; null where the header holds none) dropped, whitespace collapsed.
 */
export function flatSignature(text: string, lineComments: RegExp | null = /\/\/[^\n]*/g): string {
  let flat = text.replace(/\/\*[\s\S]*?\*\//g, ' ');
  if (lineComments) flat = flat.replace(lineComments, ' ');
  return capped(flat.replace(/\s+/g, ' ').trim(), MAX_SIGNATURE_LENGTH);
}

export function cappedDocstring(body: string): string {
  return capped(body, MAX_DOCSTRING_LENGTH);
}

/** The lines of a `/** … *\/` comment without their leading `*`, trimmed. */
export function blockCommentBody(text: string): string {
  return text.slice(3, -2).split('\n').map((line) => line.replace(/^\s*\*( ?)/, '').trimEnd()).join('\n').trim();
}

/** A `/** … *\/` doc comment (Javadoc, KDoc, Scaladoc, PHPDoc) as a docstring; undefined for another comment or one that says nothing. */
export function blockDocComment(text: string): string | undefined {
  if (!text.startsWith('/**')) return undefined;
  const body = blockCommentBody(text);
  return body ? cappedDocstring(body) : undefined;
}

/**
 * The run of `///` comments ending at `comment` (C#, Swift), each line without its marker, trimmed;
 * a blank line between two comments ends the run.
 */
export function tripleSlashLines(comment: SyntaxNode): string[] {
  const lines: string[] = [];
  for (let current: SyntaxNode | null = comment; current?.type === 'comment' && current.text.startsWith('///'); current = current.previousNamedSibling) {
    lines.unshift(current.text.slice(3).trim());
    const previous = current.previousNamedSibling;
    if (previous && previous.endPosition.row < current.startPosition.row - 1) break;
  }
  return lines;
}

/**
 * The `comment` nodes right above `node`, each ending on the row before the next one (or on its
 * row), each as `clean` gives its text, joined; undefined when they say nothing (C, C++, Go).
 */
export function commentRunAbove(node: SyntaxNode, clean: (text: string) => string): string | undefined {
  const lines: string[] = [];
  let row = node.startPosition.row;
  for (let sibling = node.previousSibling; sibling?.type === 'comment'; sibling = sibling.previousSibling) {
    if (sibling.endPosition.row !== row - 1 && sibling.endPosition.row !== row) break;
    lines.unshift(clean(sibling.text));
    row = sibling.startPosition.row;
  }
  const doc = lines.join('\n').trim();
  return doc === '' ? undefined : doc;
}

/** A header as C, C++, Go, Rust and Zig store it: whitespace collapsed, at most 200 characters (cut with `...`). */
export function shortHeader(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 197)}...` : flat;
}
