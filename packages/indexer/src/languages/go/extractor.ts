/**
 * Go extraction: the shared walk runs Go's rules (`syntax.ts`) over the file once. A syntax error
 * loses only the broken region (the walk goes through ERROR nodes like any other).
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { isOptInConstraint } from './build-constraints.js';
import { GoFile, type GoContext } from './file-state.js';
import { GO_SCOPES } from './scopes.js';
import { GO_SYNTAX } from './syntax.js';

export const goExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new GoFile(input.path);
    return assembleExtraction(input, {
      label: 'Go',
      walk(syntaxErrors) {
        syntaxErrors.collect(input.tree.rootNode, input.source);
        const ctx: GoContext = { file, scope: Scope.file(GO_SCOPES, 'file'), parentDecl: null, enclosing: null };
        walkSyntax(GO_SYNTAX, input.tree.rootNode, ctx);
      },
      finish: () => {
        const constraint = buildConstraint(input.tree.rootNode);
        return { ...file.finish(), ...file.module.finish(), ...(constraint !== undefined && isOptInConstraint(constraint) ? { buildVariant: constraint } : {}) };
      },
    });
  },
};

/** The `//go:build` expression written before the package clause, if any. */
function buildConstraint(root: ExtractInput['tree']['rootNode']): string | undefined {
  for (const child of root.children) {
    if (!child || child.type === 'package_clause') break;
    if (child.type === 'comment' && child.text.startsWith('//go:build ')) return child.text.slice('//go:build '.length).trim();
  }
  return undefined;
}
