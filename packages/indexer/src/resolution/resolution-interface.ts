/**
 * What resolving the OTHER files can read of a file: everything its extraction holds but its line count
 * (the file node's end line, written by the graph builder alone), the declarations its syntax errors cost
 * (the report's), its reference sites other than `extends` / `implements` (a class's heritage clauses
 * are read wherever its members or bases are looked up; a call site is read only when its own file is
 * resolved), and of its errors only whether one is a syntax error and which names those hide (all that
 * resolving its heritage clauses reads of them: lookup-steps/site-steps.ts). When a changed file's
 * interface is what it was, no other file's resolution can change: the file alone is resolved again
 * (pipeline/resolution-reuse.ts).
 */
import type { FileExtraction } from '../model/extraction.js';

/** The interface of `file` as one text: equal texts, equal interfaces. */
export function resolutionInterface(file: FileExtraction): string {
  const { lineCount: _lineCount, declarationsLost: _lost, references, errors, namesInSyntaxErrors, ...rest } = file;
  const hidden = namesInSyntaxErrors === undefined ? null : [...new Set(namesInSyntaxErrors)].sort();
  return JSON.stringify([
    rest,
    references.filter((site) => site.kind === 'extends' || site.kind === 'implements'),
    errors.some((error) => error.severity === 'error'),
    hidden,
  ]);
}
