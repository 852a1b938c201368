/**
 * What the C rules record while the shared walk runs over one file, and the walk context they pass down.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts } from '../../extraction/core/file-facts.js';
import type { WalkContext } from '../../extraction/core/syntax-walk.js';
import { commentRunAbove, shortHeader } from '../../extraction/core/declaration-text.js';

export interface CContext extends WalkContext {
  file: CFile;
  /** `parent` of declarations made here (a struct for its fields, an enum for its members). */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here: the function whose body this is. */
  enclosing: number | null;
  /** C++: the class whose body this is (its members' parent). */
  owner?: number | null;
  /** C++: inside an anonymous namespace, whose declarations only this file sees. */
  fileLocal?: boolean;
}

export class CFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  /**
   * Functions a `static` declaration made file-local: a later definition without `static` is still
   * file-local (C takes the linkage of the first declaration in scope).
   */
  readonly staticFunctions = new Set<string>();
  /** Names the parser could not place (tokens directly inside ERROR nodes): `FileExtraction.namesInSyntaxErrors`. */
  readonly namesInErrors = new Set<string>();
  /** The values of the object-like macros defined so far (what a later macro naming one expands it to). */
  readonly objectMacros = new Map<string, string>();

  constructor(readonly path: string) {}

  finish(): BuiltExtraction {
    return this.builder.finish(this.facts.finish());
  }
}

/** Whether a file is a header by its extension (`.h`, `.hpp`, …): its `static` functions are seen by every includer. */
export function isHeaderPath(path: string): boolean {
  return /\.(h|hh|hpp|hxx|h\+\+|inl|ipp|tpp)$/i.test(path);
}

/** The comment lines (`//` lines or one block comment) right above a declaration, without their markers. */
export function docCommentOf(node: SyntaxNode): string | undefined {
  return commentRunAbove(node, (text) => (text.startsWith('//')
    ? text.replace(/^\/\/+!?<?\s?/, '')
    : text.replace(/^\/\*+!?<?/, '').replace(/\*+\/$/, '').split('\n').map((line) => line.replace(/^\s*\*\s?/, '')).join('\n').trim()));
}

/** A declaration's text up to its body, on one line, at most 200 characters. */
export function signatureOf(node: SyntaxNode, body: SyntaxNode | null): string {
  const whole = node.text;
  const cut = body && whole.endsWith(body.text) ? whole.length - body.text.length : whole.length;
  return shortHeader(whole.slice(0, cut));
}
