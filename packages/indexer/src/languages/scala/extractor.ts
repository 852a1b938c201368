/**
 * Scala extraction: the shared walk runs Scala's rules (`syntax.ts`) over the file once; what the
 * walk cannot know until the end of the file (members declared below their use) is settled by
 * `ScalaFile.finish()`. Syntax errors are listed, and the rest of the file is still extracted:
 * tree-sitter keeps the declarations around a broken region.
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { ScalaFile, type ScalaContext } from './file-state.js';
import { SCALA_SCOPES } from './scopes.js';
import { SCALA_SYNTAX } from './syntax.js';
import { scalaBuildVariant } from './cross-build.js';

export const scalaExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new ScalaFile();
    return assembleExtraction(input, {
      label: 'Scala',
      walk(syntaxErrors) {
        syntaxErrors.collect(input.tree.rootNode, input.source);
        const ctx: ScalaContext = {
          file, scope: Scope.file(SCALA_SCOPES, 'file'), parentDecl: null, enclosing: null, classId: null, typeVariables: new Set(),
        };
        walkSyntax(SCALA_SYNTAX, input.tree.rootNode, ctx);
        markCompanions(file);
      },
      finish: () => {
        // A file compiled only for another Scala version than the default build's (`scala-3/`): a build variant.
        const variant = scalaBuildVariant(input.path);
        return { ...file.finish(), ...file.module.finish(), ...(variant !== undefined ? { buildVariant: variant } : {}) };
      },
    });
  },
};

/**
 * A class (or case class) and its companion object, in one container: two parts of one type. An object that
 * extends the trait or class of its name (`trait JsonMethods …; object JsonMethods extends JsonMethods`) is an
 * instance of it, not a second part: both stay declarations of their own.
 */
function markCompanions(file: ScalaFile): void {
  const byName = new Map<string, number[]>();
  file.builder.declarations.forEach((declaration, id) => {
    if (declaration.kind !== 'class' || declaration.name.startsWith('<')) return;
    const key = `${declaration.parent}\0${declaration.name}`;
    byName.set(key, [...(byName.get(key) ?? []), id]);
  });
  for (const ids of byName.values()) {
    if (ids.length < 2 || ids.some((id) => file.selfNamedHeirs.has(id))) continue;
    for (const id of ids) file.builder.declarations[id].partial = true;
  }
}
