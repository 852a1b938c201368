/**
 * Zig extraction: the shared walk runs Zig's rules (`syntax.ts`) over the file once. A syntax
 * error loses only the broken region (the walk goes through ERROR nodes like any other).
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { ZigFile, type ZigContext } from './file-state.js';
import { ZIG_SCOPES } from './scopes.js';
import { declareFileStruct, ZIG_SYNTAX } from './syntax.js';

export const zigExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new ZigFile(input.path);
    return assembleExtraction(input, {
      label: 'Zig',
      walk(syntaxErrors) {
        syntaxErrors.collect(input.tree.rootNode, input.source);
        const ctx: ZigContext = {
          file, scope: Scope.file(ZIG_SCOPES, 'file'), parentDecl: null, enclosing: null, containerLevel: true, selfNames: new Map(), container: [],
        };
        walkSyntax(ZIG_SYNTAX, input.tree.rootNode, { ...ctx, selfNames: declareFileStruct(input.tree.rootNode, ctx) });
      },
      finish: () => file.finish(),
    });
  },
};
