/**
 * PHP extraction: the shared walk runs PHP's rules (`syntax.ts`) over the file once; receivers and
 * stated types are settled against the local scopes at the end (`PhpFile.finish()`). Syntax errors
 * are listed, and the rest of the file is still extracted: tree-sitter keeps the declarations
 * around a broken region.
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { PhpFile, type PhpContext } from './file-state.js';
import { PHP_SCOPES } from './scopes.js';
import { PHP_SYNTAX } from './syntax.js';

export const phpExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new PhpFile();
    return assembleExtraction(input, {
      label: 'PHP',
      walk(syntaxErrors) {
        syntaxErrors.collect(input.tree.rootNode, input.source);
        const ctx: PhpContext = {
          file, scope: Scope.file(PHP_SCOPES, 'file'), parentDecl: null, enclosing: null, classId: null, selfChain: null, parentChain: null,
        };
        file.namespaces.prepare(input.tree.rootNode);
        walkSyntax(PHP_SYNTAX, input.tree.rootNode, ctx);
      },
      finish: () => ({ ...file.finish(), ...file.module.finish() }),
    });
  },
};
