/**
 * What Zig's rules record while the shared walk runs over one file, and the walk context they pass down.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ExportStatement, TypeRef } from '../../model/extraction.js';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts } from '../../extraction/core/file-facts.js';
import type { WalkContext } from '../../extraction/core/syntax-walk.js';
import { shortHeader } from '../../extraction/core/declaration-text.js';

export interface ZigContext extends WalkContext {
  file: ZigFile;
  /** `parent` of declarations made here: the container (struct, enum, union) or null for the file. */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here: the function or test. */
  enclosing: number | null;
  /** Container level (the file, a struct body): `const`/`var`/`fn` here are declarations, not locals. */
  containerLevel: boolean;
  /** Names bound to `@This()` of a container around this point, with that container's name chain. */
  selfNames: ReadonlyMap<string, string[]>;
  /** The name chain of the container this point is in (empty: the file), for `@This()`. */
  container: string[];
  /** In a function's body: its name and its declaration's parent (a `return struct { … }` is named after it). */
  fn?: { name: string; parent: number | null; chain: string[]; returns?: TypeRef | null; literalType?: TypeRef | null; typeParameters?: string[] };
  /** Inside the struct a type function returns: its `comptime T: type` parameters, which a method's result may name. */
  typeParameters?: ReadonlySet<string>;
}

export class ZigFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  /** The struct the whole file is, when its top level names it (`const Self = @This();`). */
  wholeFileStruct: number | null = null;
  /** `pub const Request = @import("request.zig");` at file level: the file's member names another file (or its member). */
  readonly exports: ExportStatement[] = [];
  /** Specifiers of `@import("x")` written inside expressions, bound once each (see `inlineImport` in syntax.ts). */
  readonly inlineImports = new Set<string>();
  /** Bindings made once the walk has declared what they name (a local function's body is walked after its statement). */
  readonly afterWalk: (() => void)[] = [];

  constructor(readonly path: string) {}

  finish(): BuiltExtraction & { exports?: ExportStatement[] } {
    for (const bind of this.afterWalk) bind();
    const built = this.builder.finish(this.facts.finish());
    return this.exports.length > 0 ? { ...built, exports: this.exports } : built;
  }
}

/** `pub` before a declaration. */
export function isPub(node: SyntaxNode): boolean {
  return node.children.some((c) => c?.type === 'pub');
}

/** The `///` lines right above a declaration, without their markers. */
export function docCommentOf(node: SyntaxNode): string | undefined {
  const lines: string[] = [];
  for (let sibling = node.previousSibling; sibling?.type === 'comment'; sibling = sibling.previousSibling) {
    const text = sibling.text;
    if (!text.startsWith('///') || text.startsWith('////')) break;
    lines.unshift(text.slice(3).replace(/^ /, '').trimEnd());
  }
  const doc = lines.join('\n').trim();
  return doc === '' ? undefined : doc;
}

/** A declaration's text up to its body, on one line, at most 200 characters. */
export function signatureOf(node: SyntaxNode, body: SyntaxNode | null): string {
  const whole = node.text;
  const cut = body ? body.startIndex - node.startIndex : whole.length;
  return shortHeader(whole.slice(0, Math.max(0, cut)));
}
