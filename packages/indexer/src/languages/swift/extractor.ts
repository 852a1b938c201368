/**
 * Swift extraction: the shared walk runs Swift's rules (`syntax.ts`) over the file once; what the
 * walk cannot know until the end of the file (members declared below their use) is settled by
 * `SwiftFile.finish()`. Syntax errors are listed, and the rest of the file is still extracted:
 * tree-sitter keeps the declarations around a broken region.
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { conditionsByLine } from './build-conditions.js';
import { SwiftFile, type SwiftContext } from './file-state.js';
import { SWIFT_SCOPES } from './scopes.js';
import { SWIFT_SYNTAX } from './syntax.js';
import { reparseModernSyntax } from './syntax-repair.js';

export const swiftExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new SwiftFile();
    // Syntax newer than the grammar breaks the parse: the file is parsed again with it neutralised (syntax-repair.ts).
    const repaired = input.tree.rootNode.hasError ? reparseModernSyntax(input.tree.language, input.source, input.tree) : null;
    const tree = repaired?.tree ?? input.tree;
    if (repaired) file.writtenText = input.source;
    try {
      return assembleExtraction(input, {
        label: 'Swift',
        walk(syntaxErrors) {
          syntaxErrors.collect(tree.rootNode, repaired?.source ?? input.source);
          const ctx: SwiftContext = {
            file, scope: Scope.file(SWIFT_SCOPES, 'file'), parentDecl: null, enclosing: null, classId: null, typeVariables: new Set(), extension: null,
          };
          walkSyntax(SWIFT_SYNTAX, tree.rootNode, ctx);
        },
        finish: () => {
          const built = file.finish();
          // `#if os(macOS)` … `#else`: which branch each declaration and site is written in.
          if (!input.source.includes('#if')) return built;
          const conditions = conditionsByLine(input.source);
          for (const one of [...built.declarations, ...built.references]) {
            const held = conditions['startLine' in one ? one.startLine : one.line];
            if (held) one.buildConditions = [...held];
          }
          return built;
        },
      });
    } finally {
      repaired?.tree.delete();
    }
  },
};
