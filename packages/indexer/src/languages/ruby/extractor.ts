/**
 * Ruby extraction: the shared walk runs Ruby's rules (`syntax.ts`) over the file once; locals and
 * receivers are settled at the end (`RubyFile.finish()`). Syntax errors are listed, and the rest of
 * the file is still extracted.
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { RubyFile, type RubyContext } from './file-state.js';
import { RUBY_SCOPES } from './scopes.js';
import { RUBY_SYNTAX } from './syntax.js';

export const rubyExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new RubyFile(input.path);
    return assembleExtraction(input, {
      label: 'Ruby',
      walk(syntaxErrors) {
        syntaxErrors.collect(input.tree.rootNode, input.source);
        const ctx: RubyContext = {
          file, scope: Scope.file(RUBY_SCOPES, 'file'), parentDecl: null, enclosing: null, classId: null, singleton: false, method: null, inBlock: false,
        };
        walkSyntax(RUBY_SYNTAX, input.tree.rootNode, ctx);
      },
      finish: () => file.finish(),
    });
  },
};
