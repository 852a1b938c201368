/**
 * Turning Python syntax nodes into the short texts stored on declarations: signatures,
 * docstrings, statement texts.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { fieldChild } from '../../extraction/core/node-fields.js';
import { firstNonCommentTyped } from './syntax-nodes.js';

/** Longest text stored as a signature; a longer statement is cut with an ellipsis. */
export const MAX_SIGNATURE_LENGTH = 300;

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function truncate(text: string, max = MAX_SIGNATURE_LENGTH): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A node's text with comments removed and whitespace collapsed to one line. */
export function flatText(node: SyntaxNode): string {
  const raw = node.text;
  if (!raw.includes('#')) return tidy(raw); // no comment possible: skip the subtree walk
  const comments: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type === 'comment') comments.push(current);
    else if (current.childCount > 0) for (const child of current.children) if (child) stack.push(child);
  }
  let text = raw;
  if (comments.length > 0) {
    comments.sort((a, b) => b.startIndex - a.startIndex);
    const base = node.startIndex;
    for (const comment of comments) {
      text = text.slice(0, comment.startIndex - base) + text.slice(comment.endIndex - base);
    }
  }
  return tidy(text);
}

/**
 * What `tidy` would change: whitespace other than a single space (\s includes what `trim` removes),
 * a run of spaces, a space at either end, or one after `(` / before `)`.
 */
const UNTIDY = /[^\S ]| {2}|^ | $|\( | \)/;

function tidy(text: string): string {
  // Most texts are one tidy line already: one test instead of three rewrites.
  if (!UNTIDY.test(text)) return text;
  return collapseWhitespace(text).replace(/\(\s+/g, '(').replace(/\s+\)/g, ')');
}

/**
 * The docstring of a def/class/module body: its first statement when that is a plain string
 * literal (not an f-string). Cleaned like `inspect.cleandoc`: first line stripped, common
 * indentation of the other lines removed, blank lines at both ends dropped.
 */
export function docstringOf(body: SyntaxNode | null): string | undefined {
  if (!body) return undefined;
  const typedFirst = firstNonCommentTyped(body);
  if (!typedFirst || typedFirst.type !== 'expression_statement') return undefined;
  const first = typedFirst.node;
  if (first.namedChildCount !== 1) return undefined;
  const literal = first.namedChild(0);
  if (!literal) return undefined;
  const literalType = literal.type;
  const parts = literalType === 'string' ? [literal]
    : literalType === 'concatenated_string' ? literal.namedChildren.filter((c): c is SyntaxNode => c?.type === 'string')
    : [];
  if (parts.length === 0) return undefined;
  let raw = '';
  for (const part of parts) {
    const body = stringBody(part);
    if (body === undefined) return undefined;
    raw += body;
  }
  const cleaned = cleanDoc(raw);
  return cleaned.length > 0 ? cleaned : undefined;
}

/** The characters between a string literal's quotes; undefined for an f-string with interpolations. */
function stringBody(node: SyntaxNode): string | undefined {
  let start = node.startIndex;
  let end = node.endIndex;
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === 'interpolation') return undefined;
    if (child.type === 'string_start') start = child.endIndex;
    if (child.type === 'string_end') end = child.startIndex;
  }
  const base = node.startIndex;
  return node.text.slice(start - base, Math.max(start, end) - base);
}

export function cleanDoc(raw: string): string {
  const lines = raw.replace(/\t/g, '        ').split(/\r?\n/);
  let margin = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const content = line.trimStart();
    if (content.length > 0) margin = Math.min(margin, line.length - content.length);
  }
  const out = lines.map((line, i) => (i === 0 ? line.trim() : (margin === Infinity ? line : line.slice(margin)).trimEnd()));
  while (out.length > 0 && out[0] === '') out.shift();
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

/** Every identifier of an `a.b.c` chain, or null when the expression is anything else (`type`: the node's, when known). */
export function identifierChain(node: SyntaxNode, type = node.type): string[] | null {
  const names: string[] = [];
  let current: SyntaxNode | null = node;
  while (type === 'attribute') {
    const attribute = fieldChild(current, 'attribute');
    if (!attribute || attribute.type !== 'identifier') return null;
    names.push(attribute.text);
    current = fieldChild(current, 'object');
    if (!current) return null;
    type = current.type;
  }
  if (type !== 'identifier') return null;
  names.push(current.text);
  return names.reverse();
}

/** A dotted name without its whitespace (`a . b` → `a.b`). */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}
