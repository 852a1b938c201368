/**
 * What C#'s rules record while the shared walk runs over one file, the walk context they pass down,
 * and what is settled once the whole file is known: C# names members and nested types anywhere in
 * a type body (a field declared below the method that uses it), so a receiver's meaning is decided
 * after the walk, in C#'s order — a local (from its declaration on), a field or property of an
 * enclosing type, a member type of an enclosing type, a member of the one `using static` type, then
 * whatever the resolver finds for a type name (usings, the namespace and the namespaces around it).
 */
import { TypeBodyFile, type TypeBodyContext } from '../../extraction/core/type-body-file.js';
import type { BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import type { TypeRef } from '../../model/extraction.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Walk } from '../../extraction/core/syntax-walk.js';
export type { ArgumentType } from '../../extraction/core/type-body-file.js';

export interface CSharpContext extends TypeBodyContext {
  file: CSharpFile;
  /** The full name of the namespace block around this point, if any. */
  namespace?: string;
}

/** An element type whose collection is a field or property read (`foreach (var x in _items)`): settled once every member is known. */
interface PendingElement {
  element: { kind: 'element'; of: TypeRef; pairs?: boolean };
  path: string[];
  classId: number | null;
}

/** What a field nothing states proves: no element (a collection with none). */
const NOTHING: TypeRef = { kind: 'collection' };

export class CSharpFile extends TypeBodyFile<CSharpContext> {
  private readonly pendingElements: PendingElement[] = [];
  /** Lines of build variants (preprocessor.ts `variantLines`): an alias written there binds in one build only. */
  variantLines: ReadonlySet<number> = new Set();

  constructor() {
    super({ receiverWords: new Set(['this', 'base']), stringType: 'string', bareCallsNameMethods: false });
  }

  /** One element of the collection member `path[0]` of the classes around `classId` holds (then `path[1…]` of it). */
  /** `pairs`: iterated (see TypeRef `element`), not read by key. */
  elementOfMember(path: string[], classId: number | null, pairs = true): TypeRef {
    const element: PendingElement['element'] = pairs ? { kind: 'element', of: NOTHING, pairs } : { kind: 'element', of: NOTHING };
    this.pendingElements.push({ element, path, classId });
    return element;
  }

  override finish(): BuiltExtraction {
    // A member may be declared below the loop that reads it: its stated type is known only now.
    for (const { element, path, classId } of this.pendingElements) {
      const type = this.field(path[0], classId)?.type;
      element.of = !type ? NOTHING : path.length > 1 ? { kind: 'field', of: type, path: path.slice(1) } : type;
    }
    return super.finish();
  }
}

export type CSharpWalk = Walk<CSharpContext>;

export type Visit = { node: SyntaxNode; ctx: CSharpContext; doc?: string };
