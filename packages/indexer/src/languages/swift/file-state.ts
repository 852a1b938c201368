/**
 * What Swift's rules record while the shared walk runs over one file, the walk context they pass
 * down, and what is settled once the whole file is known (members are visible anywhere in a type
 * body): a receiver means, in this order, a local (from its declaration on), a stored or computed
 * property of an enclosing type (implicit `self`), a nested type of an enclosing type, then whatever
 * the resolver finds for the name (the module's files, imported modules).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { TypeBodyFile, type TypeBodyContext } from '../../extraction/core/type-body-file.js';
import type { Walk } from '../../extraction/core/syntax-walk.js';
export type { ArgumentType } from '../../extraction/core/type-body-file.js';

export interface SwiftContext extends TypeBodyContext {
  file: SwiftFile;
  /** Inside `extension T { … }`: T, which the members declared here belong to (`memberOf`). */
  extension: TypeRef | null;
  /** `extension W where Base: UIButton`: the one type a type parameter of the extended type is bound to there (Declaration.memberWhere). */
  extensionWhere?: string[];
  /** Type parameters bound to exactly one type (`<T: P>`, `where T: P`): P's name chain, whose members T's values and `T.f()` reach. */
  typeBounds?: ReadonlyMap<string, string[]>;
}

export class SwiftFile extends TypeBodyFile<SwiftContext> {
  /** `extension T: P` with T declared in this file: P's `implements` site goes on T (see finish). */
  readonly conformances: Array<{ type: string[]; protocol: string[]; at: SyntaxNode; enclosing: number | null }> = [];
  /** `class Backend<T: P>` declared in this file, by its dotted path: the bounds an `extension Backend` later in it keeps. */
  readonly typeBoundsByPath = new Map<string, ReadonlyMap<string, string[]>>();
  /**
   * The file as written, when the tree is of a repaired text (syntax-repair.ts keeps every position): signatures
   * are read from it, so `package func f()` is not shown as the `public func f()` the repair parsed.
   */
  writtenText: string | undefined;

  constructor() {
    super({ receiverWords: new Set(['self', 'super', 'Self']), stringType: 'String', bareCallsNameMethods: false, argumentLabels: true });
  }

  override finish(): BuiltExtraction {
    const declarations = this.builder.declarations;
    for (const conformance of this.conformances) {
      const [single] = conformance.type;
      const owner = conformance.type.length > 1 ? -1 : declarations.findIndex((d, id) => d.parent === null && d.name === single && this.classes.has(id));
      // A type declared in another file (`extension QuickSpec: SyncDSLUser {}`), or nested (`Outer.Inner`): the site names it, the resolver finds it.
      const site = this.builder.addReference('implements', conformance.protocol[conformance.protocol.length - 1], owner < 0 ? null : owner, conformance.at);
      if (owner < 0) site.heritageOf = { kind: 'named', chain: conformance.type };
      site.receiver = conformance.protocol.slice(0, -1);
      site.space = 'type';
    }
    return super.finish();
  }
}

export type SwiftWalk = Walk<SwiftContext>;

export type Visit = { node: SyntaxNode; ctx: SwiftContext; doc?: string };

/**
 * The one type type parameter `name` is bound to where `ctx` is: by the code around (`<T: P>`, `where T: P`), or, in
 * `extension Backend { … }`, by `class Backend<T: P>` declared in this file, whose T the extension's members share
 * (unless a function there declares its own T).
 */
export function typeBound(ctx: SwiftContext, name: string): string[] | undefined {
  if (ctx.typeBounds?.has(name)) return ctx.typeBounds.get(name);
  if (ctx.typeVariables.has(name)) return undefined;
  // The extension a member whose code this is belongs to (a function body's context no longer names it).
  const declarations = ctx.file.builder.declarations;
  let extended = ctx.extension;
  for (let id = ctx.enclosing; !extended && id !== null && id !== undefined; id = declarations[id].parent) extended = declarations[id].memberOf ?? null;
  return extended?.kind === 'named' ? ctx.file.typeBoundsByPath.get(extended.chain.join('.'))?.get(name) : undefined;
}
