/**
 * What Go's rules record while the shared walk runs over one file, and the walk context they pass down.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts } from '../../extraction/core/file-facts.js';
import { ModuleFactsRecorder } from '../../extraction/core/module-facts.js';
import type { Walk, WalkContext } from '../../extraction/core/syntax-walk.js';
import { commentRunAbove, shortHeader } from '../../extraction/core/declaration-text.js';

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
  /** The package clause. */
  readonly module = new ModuleFactsRecorder();

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
  return commentRunAbove(node, (text) => (text.startsWith('//') ? text.slice(2).replace(/^ /, '') : text.slice(2, -2).trim()));
}

/** A declaration's text up to its body (its last part), on one line, at most 200 characters. */
export function signatureOf(node: SyntaxNode, body: SyntaxNode | null): string {
  const whole = node.text;
  const cut = body && whole.endsWith(body.text) ? whole.length - body.text.length : whole.length;
  return shortHeader(whole.slice(0, cut));
}

export type GoWalk = Walk<GoContext>;
