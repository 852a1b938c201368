/**
 * What Dart's rules record while the shared walk runs over one file, and the walk context they pass
 * down. A class names its members anywhere in its body (a field declared below the method that uses
 * it), so a receiver's meaning is decided after the walk (`TypeBodyFile`), in Dart's lexical order — a
 * local (from its declaration on), then a field or getter of an enclosing class (its stated type; a
 * method of the name in a nearer class hides it), then whatever the resolver finds for the name (the
 * library, its parts, its imports, an import prefix).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ExportStatement } from '../../model/extraction.js';
import { TypeBodyFile, type TypeBodyContext } from '../../extraction/core/type-body-file.js';
import type { Walk } from '../../extraction/core/syntax-walk.js';

export interface DartContext extends TypeBodyContext {
  file: DartFile;
}

export class DartFile extends TypeBodyFile<DartContext> {
  /** `export` directives and the library's `part`s (an importer of the library sees a part's names). */
  readonly exports: ExportStatement[] = [];

  constructor() {
    super({
      receiverWords: new Set(['this', 'super']),
      stringType: 'String',
      bareCallsNameMethods: false,
      methodsHideFields: true,
      bareCallsMeanThis: true,
      settlesFieldReads: true,
    });
  }
}

/** The shared walk as Dart's rules run it, and the frame their declaration hooks take. */
export type DartWalk = Walk<DartContext>;
export type FrameIn = { node: SyntaxNode; ctx: DartContext; doc?: string; leading?: SyntaxNode[] };
