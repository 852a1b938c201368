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
