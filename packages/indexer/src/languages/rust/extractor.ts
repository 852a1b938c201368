/**
 * Rust extraction: the shared walk runs Rust's rules (`syntax.ts`) over the file once. A syntax
 * error loses only the broken region (the walk goes through ERROR nodes like any other).
 */
import type { ExtractionError, FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { countLines } from '../../extraction/core/line-count.js';
import { Scope } from '../../extraction/core/scopes.js';
import { SyntaxErrorCollector, extractorFailure } from '../../extraction/core/syntax-errors.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { RustFile, type RustContext } from './file-state.js';
import { RUST_SCOPES } from './scopes.js';
import { RUST_SYNTAX } from './syntax.js';

export const rustExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new RustFile(input.path);
    const syntaxErrors = new SyntaxErrorCollector();
    const failures: ExtractionError[] = [];
    try {
      syntaxErrors.collect(input.tree.rootNode, input.source);
      const ctx: RustContext = { file, scope: Scope.file(RUST_SCOPES, 'file'), parentDecl: null, enclosing: null, self: undefined, inlineModules: [] };
      walkSyntax(RUST_SYNTAX, input.tree.rootNode, ctx);
    } catch (error) {
      failures.push(extractorFailure('Rust', error));
    }
    return {
      path: input.path,
      language: input.language,
      lineCount: countLines(input.source),
      ...file.finish(),
      exports: [],
      errors: [...syntaxErrors.errors(), ...failures],
    };
  },
};
