/**
 * C extraction: the shared walk runs C's rules (`c-syntax.ts`) over the file once. A syntax error
 * (often a macro the grammar cannot read) loses only the broken region: the walk goes through ERROR
 * nodes like any other.
 */
import type { ExtractionError, FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { countLines } from '../../extraction/core/line-count.js';
import { Scope } from '../../extraction/core/scopes.js';
import { SyntaxErrorCollector, extractorFailure } from '../../extraction/core/syntax-errors.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { C_SYNTAX } from './c-syntax.js';
import { CFile, type CContext } from './file-state.js';
import { C_SCOPES } from './scopes.js';

export const cExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new CFile(input.path);
    const syntaxErrors = new SyntaxErrorCollector();
    const failures: ExtractionError[] = [];
    try {
      syntaxErrors.collect(input.tree.rootNode, input.source);
      const ctx: CContext = { file, scope: Scope.file(C_SCOPES, 'file'), parentDecl: null, enclosing: null };
      walkSyntax(C_SYNTAX, input.tree.rootNode, ctx);
    } catch (error) {
      failures.push(extractorFailure('C', error));
    }
    return {
      path: input.path,
      language: input.language,
      lineCount: countLines(input.source),
      ...file.finish(),
      exports: [],
      errors: [...syntaxErrors.errors(), ...failures],
      // Macros the grammar cannot read make syntax errors in most C code bases; only names the broken
      // regions hold can hide a declaration (an extractor failure may have lost any: then none is listed).
      ...(failures.length === 0 ? { namesInSyntaxErrors: [...file.namesInErrors].sort() } : {}),
    };
  },
};
