/**
 * Kotlin extraction: the shared walk runs Kotlin's rules (`syntax.ts`) over the file once; what the
 * walk cannot know until the end of the file (members declared below their use) is settled by
 * `KotlinFile.finish()`. Syntax errors are listed, and the rest of the file is still extracted:
 * from the tree, or, when one broken declaration swallowed its surroundings, from the file
 * without it (`repair.ts`). Statements the grammar runs together (`in1.skip(3)` on the line after
 * another) are separated first: that is valid Kotlin, not an error.
 */
import type { FileExtraction } from '../../model/extraction.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { assembleExtraction } from '../../extraction/core/file-extraction.js';
import { Scope } from '../../extraction/core/scopes.js';
import { walkSyntax } from '../../extraction/core/syntax-walk.js';
import { KotlinFile, type KotlinContext } from './file-state.js';
import { misreadRows, repairedTree, separatedStatements, withoutLeadingAnnotations } from './repair.js';
import { KOTLIN_SCOPES } from './scopes.js';
import { KOTLIN_SYNTAX } from './syntax.js';

export const kotlinExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const file = new KotlinFile();
    return assembleExtraction(input, {
      label: 'Kotlin',
      walk(syntaxErrors) {
        const grammar = input.tree.language;
        // A statement starting with a keyword-prefixed name run into the line before it: separated (repair.ts).
        const separated = input.tree.rootNode.hasError ? separatedStatements(grammar, input.source, input.tree.rootNode) : null;
        const source = separated?.text ?? input.source;
        const parsed = separated?.tree ?? input.tree;
        // A syntax error: the file with its broken declaration blanked out, when that parses (repair.ts).
        let repaired = parsed.rootNode.hasError ? repairedTree(grammar, source, parsed) : null;
        // No error, but declarations read as top-level expressions (not allowed outside a script).
        const misread = !repaired && !input.path.endsWith('.kts') ? misreadRows(parsed.rootNode) : [];
        if (misread.length > 0) {
          const tree = withoutLeadingAnnotations(grammar, source, misread);
          if (tree) repaired = { tree, valid: true };
        }
        // A valid file the grammar misread (a split class header, separated statements) has no syntax error to report.
        if (!repaired?.valid) syntaxErrors.collect(parsed.rootNode, source);
        const ctx: KotlinContext = {
          file, scope: Scope.file(KOTLIN_SCOPES, 'file'), parentDecl: null, enclosing: null, classId: null, typeVariables: new Set(),
        };
        try {
          walkSyntax(KOTLIN_SYNTAX, (repaired?.tree ?? parsed).rootNode, ctx);
        } finally {
          repaired?.tree.delete();
          separated?.tree.delete();
        }
      },
      finish: () => {
        const finished = file.finish();
        // A platform's `actual` declarations lose to their `expect` (also among the overloads a call weighs); a file declaring
        // some is a variant of the common one (its other declarations rarely share a common one's name: `fun GrpcCall(…)`
        // of jvmMain beside the common `interface GrpcCall` stays what it was, both files being of the default build then).
        const variant = platformSourceSet(input.path);
        const actuals = variant === undefined ? [] : finished.declarations.filter((declaration) => declaration.parent === null && ACTUAL.test(declaration.signature ?? ''));
        for (const declaration of actuals) declaration.buildVariant = variant;
        return { ...finished, ...file.module.finish(), ...(actuals.length > 0 ? { buildVariant: variant } : {}) };
      },
    });
  },
};

/**
 * A multiplatform project's platform source set (`src/jvmMain/…`, `src/iosTest/…`): its files are compiled for that platform
 * only, so where one of them and a common file (`src/commonMain/…`) declare the same package-level name (an `actual`
 * beside its `expect`), the common declaration is the one a call names. undefined: a common or single-platform file.
 */
/** `actual fun f()`, `internal actual class C`: the `actual` modifier among those before the declaration's keyword. */
const ACTUAL = /^(?:@\S+\s+)*(?:[a-z]+\s+)*?actual\s+(?:[a-z]+\s+)*(?:fun|class|interface|object|val|var|typealias|enum|annotation|data|sealed|abstract|open|inline|value)\b/;

const PLATFORMS = /^(jvm|android|js|wasm|native|nonJvm|nonJs|nonNative|ios|macos|linux|mingw|tvos|watchos|apple|darwin|posix|unix|windows|desktop|concurrent)/;

function platformSourceSet(path: string): string | undefined {
  for (const segment of path.split('/')) {
    const sourceSet = /^([a-z][A-Za-z0-9]*?)(Main|Test)$/.exec(segment);
    // Platforms and platform groups only: `integrationTest` is a source set of every platform.
    if (sourceSet && PLATFORMS.test(sourceSet[1])) return sourceSet[1];
  }
  return undefined;
}
