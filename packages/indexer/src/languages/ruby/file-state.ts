/**
 * What Ruby's rules record while the shared walk runs over one file, and the walk context they pass
 * down. A bare identifier is a method call unless a local of that name is assigned before it: such
 * sites are recorded as calls and dropped once the walk knows they were locals.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ReferenceKind, ReferenceSite } from '../../model/extraction.js';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts, type SiteTarget } from '../../extraction/core/file-facts.js';
import type { WalkContext } from '../../extraction/core/syntax-walk.js';

export interface RubyContext extends WalkContext {
  file: RubyFile;
  /** `parent` of declarations made here. */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here. */
  enclosing: number | null;
  /** The innermost class or module, or null. */
  classId: number | null;
  /** Inside `class << self`: methods are the class's own (static). */
  singleton: boolean;
  /** The method being defined (what a bare `super` calls in the superclass), or null. */
  method: string | null;
  /** Inside a block outside any `def` (`Class.new do … end`, `describe do … end`). */
  inBlock: boolean;
}

export class RubyFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  /** Bare identifiers recorded as calls: a local read instead, once the walk has seen every binding. */
  private readonly maybeLocals = new Set<ReferenceSite>();

  addSite(kind: ReferenceKind, target: SiteTarget, at: SyntaxNode, ctx: RubyContext): ReferenceSite {
    return this.facts.addSite(kind, target, ctx.enclosing, at, ctx.scope);
  }

  addIdentifier(at: SyntaxNode, ctx: RubyContext): void {
    this.maybeLocals.add(this.addSite('calls', { name: at.text, receiver: [] }, at, ctx));
  }

  finish(): BuiltExtraction {
    const memberFacts = this.facts.finish();
    const references = this.builder.references;
    for (let i = references.length - 1; i >= 0; i--) {
      if (this.maybeLocals.has(references[i]) && references[i].locallyBound) references.splice(i, 1);
    }
    return this.builder.finish(memberFacts);
  }
}
