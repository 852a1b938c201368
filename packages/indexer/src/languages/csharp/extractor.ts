/**
 * C# extraction: the shared walk runs C#'s rules (`syntax.ts`) over the file once; what the
 * walk cannot know until the end of the file (members declared below their use) is settled by
 * `CSharpFile.finish()`. Syntax errors are listed, and the rest of the file is still extracted:
 * tree-sitter keeps the declarations around a broken region.
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { CSharpFile, type CSharpContext } from './file-state.js';
import { CSHARP_SCOPES } from './scopes.js';
import { reparseFirstBranches, variantLines } from './preprocessor.js';
import { CSHARP_SYNTAX } from './syntax.js';
import { rankOverloads } from './overload-ranking.js';

export const csharpExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new CSharpFile();
    file.variantLines = variantLines(input.source);
    // `#if` inside a declaration breaks the parse: the first branches alone are parsed again (preprocessor.ts).
    const repaired = input.tree.rootNode.hasError ? reparseFirstBranches(input.tree.language, input.source) : null;
    const tree = repaired && !repaired.tree.rootNode.hasError ? repaired.tree : input.tree;
    try {
      return assembleExtraction(input, {
        label: 'C#',
        walk(syntaxErrors) {
          syntaxErrors.collect(tree.rootNode, tree === input.tree ? input.source : repaired!.source);
          const ctx: CSharpContext = {
            file, scope: Scope.file(CSHARP_SCOPES, 'file'), parentDecl: null, enclosing: null, classId: null, typeVariables: new Set(),
          };
          walkSyntax(CSHARP_SYNTAX, tree.rootNode, ctx);
          rankOverloads(file.builder.declarations);
        },
        finish: () => ({ ...file.finish(), ...file.module.finish() }),
      });
    } finally {
      repaired?.tree.delete();
    }
  },
};
