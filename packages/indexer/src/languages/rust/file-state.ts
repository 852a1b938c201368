/**
 * What Rust's rules record while the shared walk runs over one file, and the walk context they pass down.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts } from '../../extraction/core/file-facts.js';
import type { Walk, WalkContext } from '../../extraction/core/syntax-walk.js';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import type { Generics, SelfType } from './type-expressions.js';
import { shortHeader } from '../../extraction/core/declaration-text.js';
import { ModuleFactsRecorder } from '../../extraction/core/module-facts.js';

export interface RustContext extends WalkContext {
  file: RustFile;
  /** `parent` of items declared here: an inline module, a trait (its methods), a function (nested items). */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here: the function (a closure is part of it). */
  enclosing: number | null;
  /** Inside an `impl`: the implemented type, which its functions are members of. */
  impl?: { type: string[]; trait?: string[] };
  /** What `Self` means here. */
  self: SelfType;
  /** Type parameters in scope, with their single trait bound. */
  generics: Generics;
  /** Names of the inline modules (`mod m { … }`) around this point, outermost first. */
  inlineModules: string[];
  /**
   * Inside `impl<R: Read> S<R>` of a struct of this file whose field is a type parameter
   * (`struct S<R> { read: R }`): each such field's type as the impl states it (`read`: Read).
   */
  selfFields?: ReadonlyMap<string, TypeRef>;
}

/** A struct of this file: its type parameters and the fields whose type is one of them (field → parameter). */
export interface GenericStruct {
  parameters: string[];
  fields: Map<string, string>;
}

/** `impl Tr for T` as written in a file, settled after the walk against the file's own types. */
export interface ImplRecord {
  type: string[];
  trait: string[];
  at: SyntaxNode;
  /** The module declaration the impl is written in (null: the file). */
  parent: number | null;
}

/** A macro call's arguments, to parse again as an expression once the walk is over. */
export interface MacroArguments {
  /** The token tree's text, with its delimiters. */
  text: string;
  /** Where it starts in the file (0-based row, column). */
  row: number;
  column: number;
  /** The context the macro was called in: its sites are that context's. */
  ctx: RustContext;
}

export class RustFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  /** What the file says about its module (`FileExtraction.module`). */
  readonly module = new ModuleFactsRecorder();
  readonly impls: ImplRecord[] = [];
  readonly macroArguments: MacroArguments[] = [];
  /** Structs of the file (top level) with fields typed by a type parameter, by name. */
  readonly genericStructs = new Map<string, GenericStruct>();

  constructor(readonly path: string) {}

  finish(): BuiltExtraction {
    this.linkImpls();
    return this.builder.finish(this.facts.finish());
  }

  /**
   * `impl Tr for T` where T is declared in this file's same module: an `implements` site of T, so
   * T's values find Tr's default methods and the graph shows the relation. An impl for a type of
   * another file records no site (the site would have no declaration to start from).
   */
  private linkImpls(): void {
    const declarations = this.builder.declarations;
    for (const impl of this.impls) {
      if (impl.type.length !== 1) continue;
      const owner = declarations.findIndex((d: Declaration) => d.parent === impl.parent && d.name === impl.type[0] && TYPE_DECLARATIONS.has(d.kind));
      if (owner < 0) continue;
      const site = this.builder.addReference('implements', impl.trait[impl.trait.length - 1], owner, impl.at);
      site.receiver = impl.trait.slice(0, -1);
      site.space = 'type';
    }
  }
}

const TYPE_DECLARATIONS: ReadonlySet<string> = new Set(['struct', 'enum', 'type_alias']);

/** `pub` in any form exports; `pub(crate)`, `pub(super)`, `pub(in …)` are internal. */
export function visibilityOf(node: SyntaxNode): { visibility: 'public' | 'private' | 'internal'; isExported?: true } {
  const modifier = node.namedChildren.find((c) => c?.type === 'visibility_modifier');
  if (!modifier) return { visibility: 'private' };
  return { visibility: modifier.text === 'pub' ? 'public' : 'internal', isExported: true };
}

/** The `///` lines or the doc block comment right above an item (its attributes skipped), without their markers. */
export function docCommentOf(node: SyntaxNode): string | undefined {
  const lines: string[] = [];
  let sibling = node.previousSibling;
  while (sibling?.type === 'attribute_item') sibling = sibling.previousSibling;
  for (; sibling && (sibling.type === 'line_comment' || sibling.type === 'block_comment'); sibling = sibling.previousSibling) {
    const text = sibling.text;
    if (text.startsWith('///') && !text.startsWith('////')) lines.unshift(text.slice(3).replace(/^ /, '').trimEnd());
    else if (text.startsWith('/**') && !text.startsWith('/***')) lines.unshift(text.slice(3, -2).trim());
    else break;
  }
  const doc = lines.join('\n').trim();
  return doc === '' ? undefined : doc;
}

/** The attributes written before an item (`#[test]`, `#[derive(Debug)]`), as their text inside `#[…]`. */
export function attributesOf(node: SyntaxNode): string[] {
  const out: string[] = [];
  let sibling = node.previousSibling;
  while (sibling && (sibling.type === 'attribute_item' || sibling.type === 'line_comment' || sibling.type === 'block_comment')) {
    if (sibling.type === 'attribute_item') out.unshift(sibling.text.replace(/^#\[/, '').replace(/\]$/, '').replace(/\s+/g, ' ').trim());
    sibling = sibling.previousSibling;
  }
  return out;
}

/** An item's text up to its body, on one line, at most 200 characters. */
export function signatureOf(node: SyntaxNode, body: SyntaxNode | null): string {
  const whole = node.text;
  const cut = body ? body.startIndex - node.startIndex : whole.length;
  return shortHeader(whole.slice(0, Math.max(0, cut)));
}

export type RustWalk = Walk<RustContext>;
