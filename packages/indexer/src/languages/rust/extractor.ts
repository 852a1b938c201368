/**
 * Rust extraction: the shared walk runs Rust's rules (`syntax.ts`) over the file once. A syntax
 * error loses only the broken region (the walk goes through ERROR nodes like any other).
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { reparse } from '../../extraction/core/reparse.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { RustFile, type RustContext } from './file-state.js';
import { RUST_SCOPES } from './scopes.js';
import { RUST_SYNTAX } from './syntax.js';

export const rustExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new RustFile(input.path);
    return assembleExtraction(input, {
      label: 'Rust',
      walk(syntaxErrors) {
        syntaxErrors.collect(input.tree.rootNode, input.source);
        const ctx: RustContext = { file, scope: Scope.file(RUST_SCOPES, 'file'), parentDecl: null, enclosing: null, self: undefined, generics: new Map(), inlineModules: [] };
        walkSyntax(RUST_SYNTAX, input.tree.rootNode, ctx);
        walkMacroArguments(file, input);
      },
      finish: () => ({ ...file.finish(), ...file.module.finish() }),
    });
  },
};

/** Macro calls whose arguments are parsed again per file (nested ones included). */
const MAX_MACRO_ARGUMENTS = 5000;

/**
 * Each recorded macro argument list parsed on its own as the expression it would be in a function
 * body (`(a, f(b))` a tuple, `[x; n]` an array), at its own rows and columns, and walked in the
 * context of the macro call: its calls are the caller's, its names the caller's locals. An argument
 * list that is no expression without errors (a macro's own syntax) is left alone.
 */
function walkMacroArguments(file: RustFile, input: ExtractInput): void {
  for (let done = 0; done < MAX_MACRO_ARGUMENTS && file.macroArguments.length > 0; done++) {
    const piece = file.macroArguments.shift()!;
    const tree = reparse(input.tree.language, `fn __arbor_macro() {\n${' '.repeat(piece.column)}${piece.text};\n}\n`);
    if (!tree) continue;
    try {
      if (tree.rootNode.hasError) continue;
      const statement = tree.rootNode.namedChildren[0]?.childForFieldName('body')?.namedChildren[0];
      const expression = statement?.type === 'expression_statement' ? statement.namedChildren[0] : null;
      if (!expression) continue;
      file.builder.lineOffset = piece.row - 1;
      walkSyntax(RUST_SYNTAX, expression, piece.ctx);
    } finally {
      file.builder.lineOffset = 0;
      tree.delete();
    }
  }
}
