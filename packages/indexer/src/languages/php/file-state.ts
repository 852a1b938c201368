/**
 * What PHP's rules record while the shared walk runs over one file, and the walk context they pass
 * down. Names are settled as they are met (PHP resolves them per file at compile time: `names.ts`);
 * receivers and stated types are settled against the local scopes once the walk is over
 * (`FileFacts`).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ReferenceKind, ReferenceSite, TypeRef } from '../../model/extraction.js';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts, type FunctionResults, type SiteTarget } from '../../extraction/core/file-facts.js';
import type { Scope } from '../../extraction/core/scopes.js';
import type { Walk, WalkContext } from '../../extraction/core/syntax-walk.js';
import { PhpNamespaces, type PhpNames } from './names.js';
import { ModuleFactsRecorder } from '../../extraction/core/module-facts.js';

export interface PhpContext extends WalkContext {
  file: PhpFile;
  /** `parent` of declarations made here. */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here. */
  enclosing: number | null;
  /** The innermost class-like declaration (what `$this`, `self` and `static` are), or null. */
  classId: number | null;
  /** How `self` is written for the resolver (the class's own chain), or null outside a named class. */
  selfChain: string[] | null;
  /** How the class's `extends` is written, or null: what `parent` means. */
  parentChain: string[] | null;
  /** The `return`s of the function whose body this is, when it states no result type (its result is inferred). */
  fn?: FunctionResults | null;
  /** Variables an enclosing `if ($x instanceof Foo)` proves to be a Foo here (never reassigned in that body). */
  narrowed?: ReadonlyMap<string, TypeRef>;
}

export class PhpFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  /** What the file says about its module (`FileExtraction.module`). */
  readonly module = new ModuleFactsRecorder();
  readonly namespaces = new PhpNamespaces();

  /** The namespace and imports in force at `node`. */
  names(node: SyntaxNode): PhpNames {
    return this.namespaces.at(node);
  }

  addSite(kind: ReferenceKind, target: SiteTarget, at: SyntaxNode, ctx: PhpContext): ReferenceSite {
    return this.facts.addSite(kind, target, ctx.enclosing, at, ctx.scope);
  }

  /** A site naming a chain (`Foo`, `['\\A', 'Foo']`): its last name, qualified by the rest. */
  addChainSite(kind: ReferenceKind, chain: string[], at: SyntaxNode, ctx: PhpContext, space?: 'type'): ReferenceSite {
    const site = this.addSite(kind, { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, at, ctx);
    if (space) site.space = space;
    return site;
  }

  finish(): BuiltExtraction {
    return this.builder.finish(this.facts.finish());
  }
}

/** The shared walk as PHP's rules run it, and the frame their declaration hooks take. */
export type PhpWalk = Walk<PhpContext>;
export type Frame = { node: SyntaxNode; ctx: PhpContext; doc?: string };
