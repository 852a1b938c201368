/**
 * C extraction: the shared walk runs C's rules (`c-syntax.ts`) over the file once. A syntax error
 * (often a macro the grammar cannot read) loses only the broken region: the walk goes through ERROR
 * nodes like any other.
 *
 * A `.h` file is C by its extension, but C++ projects name their headers `.h` too. Read with the C
 * grammar, a class body turns into bogus top-level functions that name-only links would land on; so
 * a header whose text is C++ (`looksLikeCpp`) gives only its includes and macros, with a warning
 * that says so. (C++ itself is not indexed yet: see the notes of issue 8.)
 */
import type { ExtractionError, FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { countLines } from '../../extraction/core/line-count.js';
import { Scope } from '../../extraction/core/scopes.js';
import { SyntaxErrorCollector, extractorFailure } from '../../extraction/core/syntax-errors.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { C_PREPROCESSOR_SYNTAX, C_SYNTAX } from './c-syntax.js';
import { CFile, isHeaderPath, type CContext } from './file-state.js';
import { C_SCOPES } from './scopes.js';

export const cExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new CFile(input.path);
    const syntaxErrors = new SyntaxErrorCollector();
    const failures: ExtractionError[] = [];
    const cppHeader = isHeaderPath(input.path) && looksLikeCpp(input.source);
    try {
      if (!cppHeader) syntaxErrors.collect(input.tree.rootNode, input.source);
      const ctx: CContext = { file, scope: Scope.file(C_SCOPES, 'file'), parentDecl: null, enclosing: null };
      walkSyntax(cppHeader ? C_PREPROCESSOR_SYNTAX : C_SYNTAX, input.tree.rootNode, ctx);
    } catch (error) {
      failures.push(extractorFailure('C', error));
    }
    return {
      path: input.path,
      language: input.language,
      lineCount: countLines(input.source),
      ...file.finish(),
      exports: [],
      errors: [
        ...(cppHeader ? [{ message: 'C++ header: only its includes and macros are read (C++ is not indexed yet)', severity: 'warning' as const, code: 'cpp-header' }] : []),
        ...syntaxErrors.errors(),
        ...failures,
      ],
      // Macros the grammar cannot read make syntax errors in most C code bases; only names the broken
      // regions hold can hide a declaration (an extractor failure may have lost any: then none is listed).
      ...(failures.length === 0 ? { namesInSyntaxErrors: [...file.namesInErrors].sort() } : {}),
    };
  },
};

/**
 * Whether a header's text is C++: a line that opens with syntax C does not have (`namespace x {`,
 * `template <`, `class X {` / `class X;`, an access label, `using namespace`). `extern "C"` blocks
 * under `#ifdef __cplusplus` are C headers made includable from C++, and stay C.
 */
export function looksLikeCpp(source: string): boolean {
  return /^[ \t]*(?:namespace(?:[ \t]+[\w:]+)?[ \t]*\{|template[ \t]*<|class[ \t]+\w+[^;()=]*(?:\{|;|$)|(?:public|private|protected)[ \t]*:(?!:)|using[ \t]+namespace\b)/m.test(source);
}
