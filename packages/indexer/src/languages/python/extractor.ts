/**
 * Python extraction: the shared walk runs Python's rules (`syntax.ts`) over the file, then over
 * each piece of it re-parsed after a syntax error swallowed a visible restart point.
 */
import type { ExtractionError, FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { countLines } from '../../extraction/core/line-count.js';
import { SyntaxErrorCollector, extractorFailure } from '../../extraction/core/syntax-errors.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { PYTHON_SCOPES } from './scopes.js';
import { MAX_RECOVERIES, reparse } from './syntax-errors.js';
import { PythonFile, type PythonContext } from './file-state.js';
import { PYTHON_SYNTAX } from './syntax.js';

export const pythonExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new PythonFile(input.path);
    const syntaxErrors = new SyntaxErrorCollector();
    const failures: ExtractionError[] = [];
    const walkTree = (root: ExtractInput['tree']['rootNode'], source: string, rowOffset: number): void => {
      file.startPiece(source, rowOffset);
      const ctx: PythonContext = {
        file, scope: Scope.file(PYTHON_SCOPES, 'module'), parentDecl: null, enclosing: null, typeOnly: false, self: null, fn: null,
      };
      walkSyntax(PYTHON_SYNTAX, root, ctx);
    };
    try {
      syntaxErrors.collect(input.tree.rootNode, input.source);
      walkTree(input.tree.rootNode, input.source, 0);
      // Text swallowed by an ERROR node from a visible top-level restart point: parse it again.
      for (let done = 0; done < MAX_RECOVERIES; done++) {
        const piece = file.recoveries.shift();
        if (!piece) break;
        const tree = reparse(input.tree.language, piece.text);
        if (!tree) break;
        try {
          syntaxErrors.collect(tree.rootNode, piece.text, piece.rowOffset);
          walkTree(tree.rootNode, piece.text, piece.rowOffset);
        } finally {
          tree.delete();
        }
      }
    } catch (error) {
      failures.push(extractorFailure('Python', error));
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
