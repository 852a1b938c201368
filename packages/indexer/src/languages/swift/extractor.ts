/**
 * Swift extraction: the shared walk runs Swift's rules (`syntax.ts`) over the file once; what the
 * walk cannot know until the end of the file (members declared below their use) is settled by
 * `SwiftFile.finish()`. Syntax errors are listed, and the rest of the file is still extracted:
 * tree-sitter keeps the declarations around a broken region.
 */
import type { ExtractionError, FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { countLines } from '../../extraction/core/line-count.js';
import { Scope } from '../../extraction/core/scopes.js';
import { SyntaxErrorCollector, extractorFailure } from '../../extraction/core/syntax-errors.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { SwiftFile, type SwiftContext } from './file-state.js';
import { SWIFT_SCOPES } from './scopes.js';
import { SWIFT_SYNTAX } from './syntax.js';

export const swiftExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new SwiftFile();
    const syntaxErrors = new SyntaxErrorCollector();
    const failures: ExtractionError[] = [];
    let built: ReturnType<SwiftFile['finish']> = { declarations: [], imports: [], references: [] };
    const tree = input.tree;
    try {
      syntaxErrors.collect(tree.rootNode, input.source);
      const ctx: SwiftContext = {
        file, scope: Scope.file(SWIFT_SCOPES, 'file'), parentDecl: null, enclosing: null, classId: null, typeVariables: new Set(), extension: null,
      };
      walkSyntax(SWIFT_SYNTAX, tree.rootNode, ctx);
      built = file.finish();
    } catch (error) {
      failures.push(extractorFailure('Swift', error));
    }
    return {
      path: input.path,
      language: input.language,
      lineCount: countLines(input.source),
      ...built,
      exports: [],
      errors: [...syntaxErrors.errors(), ...failures],
    };
  },
};
