/**
 * What Go's rules record while the shared walk runs over one file, and the walk context they pass down.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts } from '../../extraction/core/file-facts.js';
import type { WalkContext } from '../../extraction/core/syntax-walk.js';

export interface GoContext extends WalkContext {
  file: GoFile;
  /** `parent` of declarations made here (a struct for its fields, an interface for its methods). */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here: the function or method (a function literal is part of it). */
  enclosing: number | null;
}

export class GoFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);

  constructor(readonly path: string) {}

  finish(): BuiltExtraction {
    return this.builder.finish(this.facts.finish());
  }
}

/** Exported = starts with an upper-case letter. */
export function isExportedName(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

/** The `//` comment lines (or one block comment) right above a declaration, without their markers. */
export function docCommentOf(node: SyntaxNode): string | undefined {
  const lines: string[] = [];
  let row = node.startPosition.row;
  for (let sibling = node.previousSibling; sibling?.type === 'comment'; sibling = sibling.previousSibling) {
    if (sibling.endPosition.row !== row - 1 && sibling.endPosition.row !== row) break;
    const text = sibling.text;
    if (text.startsWith('//')) lines.unshift(text.slice(2).replace(/^ /, ''));
    else lines.unshift(text.slice(2, -2).trim());
    row = sibling.startPosition.row;
  }
  const doc = lines.join('\n').trim();
  return doc === '' ? undefined : doc;
}

/** A declaration's text up to its body (its last part), on one line, at most 200 characters. */
export function signatureOf(node: SyntaxNode, body: SyntaxNode | null): string {
  const whole = node.text;
  const cut = body && whole.endsWith(body.text) ? whole.length - body.text.length : whole.length;
  const text = whole.slice(0, cut).replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}
