/**
 * Extraction for the ECMAScript family (TypeScript, TSX, JavaScript, JSX): the shared walk runs the
 * ECMAScript rules (`syntax.ts`) over the file — over a repaired copy of its tree where the grammar
 * has gaps (`ecmascript-syntax-repair.ts`).
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { countLines } from '../../extraction/core/line-count.js';
import { SyntaxErrorCollector } from '../../extraction/core/syntax-errors.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { repairedTree } from './ecmascript-syntax-repair.js';
import { ECMASCRIPT_SCOPES } from './ecmascript-scopes.js';
import { EcmascriptFile, type EcmascriptContext } from './file-state.js';
import { ECMASCRIPT_SYNTAX } from './syntax.js';

export const ecmascriptExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const repaired = repairedTree(input.tree, input.source, input.language);
    if (!repaired) return extractTree(input);
    try {
      return extractTree({ ...input, tree: repaired });
    } finally {
      repaired.delete();
    }
  },
};

function extractTree(input: ExtractInput): FileExtraction {
  const root = input.tree.rootNode;
  const file = new EcmascriptFile(input);
  const ctx: EcmascriptContext = {
    file, scope: Scope.file(ECMASCRIPT_SCOPES, 'module'), enclosing: null, container: null, moduleLevel: true, inFunction: false,
    thisIsClass: false, pendingOwner: null, suppressDeclarations: false,
  };
  const syntaxErrors = new SyntaxErrorCollector();
  syntaxErrors.collect(root, input.source);
  walkSyntax(ECMASCRIPT_SYNTAX, root, ctx);
  return {
    path: input.path,
    language: input.language,
    lineCount: countLines(input.source),
    ...file.finish(),
    errors: syntaxErrors.errors(),
  };
}
