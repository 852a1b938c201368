/**
 * One file's FileExtraction, assembled the same way for every language. A language says how to walk
 * its tree (`walk`, which lists the syntax errors of the tree it walks, since a language's repair may
 * walk another) and how to finish (`finish`: what the walk recorded, settled). Either may throw: a
 * thrown error costs that file what was not yet built and is recorded as an extractor failure, never
 * the run; a walk that failed half-way is still finished, so the declarations before the failure stay.
 */
import type { ExportStatement, ExtractionError, FileExtraction } from '../../model/extraction.js';
import type { ExtractInput } from '../../model/language-support.js';
import type { BuiltExtraction } from './declaration-builder.js';
import { countLines } from './line-count.js';
import { SyntaxErrorCollector, extractorFailure } from './syntax-errors.js';

/** What a language's finish adds to the built declarations, imports and sites. */
export type FinishedExtraction = BuiltExtraction & Partial<Pick<FileExtraction, 'buildVariant' | 'namesInSyntaxErrors' | 'module'>> & { exports?: ExportStatement[] };

export interface ExtractionSteps {
  /** The language's name in failure messages (`C#`, `Rust`). */
  label: string;
  walk(syntaxErrors: SyntaxErrorCollector): void;
  /** `failed`: the walk threw (a language may then leave out what a complete walk vouches for). */
  finish(failed: boolean): FinishedExtraction;
}

export function assembleExtraction(input: ExtractInput, steps: ExtractionSteps): FileExtraction {
  const syntaxErrors = new SyntaxErrorCollector();
  const failures: ExtractionError[] = [];
  try {
    steps.walk(syntaxErrors);
  } catch (error) {
    failures.push(extractorFailure(steps.label, error));
  }
  let built: FinishedExtraction = { declarations: [], imports: [], references: [] };
  try {
    built = steps.finish(failures.length > 0);
  } catch (error) {
    failures.push(extractorFailure(steps.label, error));
  }
  return {
    path: input.path,
    language: input.language,
    lineCount: countLines(input.source),
    exports: [],
    ...built,
    errors: [...syntaxErrors.errors(), ...failures],
  };
}
