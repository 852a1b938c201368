/**
 * Dart extraction: the shared walk runs Dart's rules (`syntax.ts`) over the file once; what the
 * walk cannot know until the end of the file (members declared below their use) is settled by
 * `DartFile.finish()`. Syntax errors are listed, and the rest of the file is still extracted:
 * tree-sitter keeps the declarations around a broken region.
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { DartFile, type DartContext } from './file-state.js';
import { DART_SCOPES } from './scopes.js';
import { DART_SYNTAX } from './syntax.js';

export const dartExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new DartFile();
    return assembleExtraction(input, {
      label: 'Dart',
      walk(syntaxErrors) {
        syntaxErrors.collect(input.tree.rootNode, input.source);
        const ctx: DartContext = {
          file, scope: Scope.file(DART_SCOPES, 'file'), parentDecl: null, enclosing: null, classId: null, typeVariables: new Set(),
        };
        walkSyntax(DART_SYNTAX, input.tree.rootNode, ctx);
      },
      finish: () => ({ ...file.finish(), exports: file.exports, ...file.module.finish() }),
    });
  },
};
