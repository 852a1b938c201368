/**
 * Java extraction: the shared walk runs Java's rules (`syntax.ts`) over the file once; what the
 * walk cannot know until the end of the file (members declared below their use) is settled by
 * `JavaFile.finish()`. Syntax errors are listed, and the rest of the file is still extracted:
 * tree-sitter keeps the declarations around a broken region.
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { JavaFile, type JavaContext } from './file-state.js';
import { JAVA_SCOPES } from './scopes.js';
import { JAVA_SYNTAX } from './syntax.js';

export const javaExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new JavaFile();
    return assembleExtraction(input, {
      label: 'Java',
      walk(syntaxErrors) {
        syntaxErrors.collect(input.tree.rootNode, input.source);
        const ctx: JavaContext = {
          file, scope: Scope.file(JAVA_SCOPES, 'file'), parentDecl: null, enclosing: null, classId: null, typeVariables: new Set(),
        };
        walkSyntax(JAVA_SYNTAX, input.tree.rootNode, ctx);
      },
      finish: () => ({ ...file.finish(), ...file.module.finish() }),
    });
  },
};
