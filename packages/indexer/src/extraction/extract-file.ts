/**
 * Extraction of one file: bytes in, FileExtraction out. Pure in (path, content): the same
 * bytes always give the same result, so results may be computed on any worker or cached by
 * content hash. A broken file degrades to fewer declarations plus a recorded error; it never
 * throws. `languages` (src/languages/) says which extractor serves a language: extraction names none.
 */
import type { ExtractionError, FileExtraction } from '../model/extraction.js';
import type { Language } from '../model/graph-vocabulary.js';
import type { ExtractionLanguages } from '../model/extraction-languages.js';
import { parseSource } from '../parsing/grammar-loader.js';
import { countLines } from './core/line-count.js';
import { decodeSource } from './decode-source.js';

export async function extractFile(
  path: string,
  pathLanguage: Language,
  bytes: Uint8Array,
  languages: ExtractionLanguages,
): Promise<FileExtraction> {
  const { text, problems } = decodeSource(bytes);
  // The extension names the language, except where the text shows otherwise (a C++ header named `.h`).
  const language = await languages.sourceLanguageOf(path, pathLanguage, text);
  const lineCount = countLines(text);
  const empty = (errors: ExtractionError[]): FileExtraction => ({
    path, language, lineCount, declarations: [], imports: [], exports: [], references: [], errors,
  });

  const extractor = await languages.extractorFor(language);
  if (!extractor) return empty([...problems, { message: `no extractor for ${language}`, severity: 'warning' }]);

  let tree;
  try {
    tree = await parseSource(language, text);
  } catch (error) {
    return empty([...problems, { message: `parse failed: ${describe(error)}`, severity: 'error', code: 'parse-failed' }]);
  }
  if (!tree) return empty([...problems, { message: 'parse failed: the parser returned no tree', severity: 'error', code: 'parse-failed' }]);
  try {
    const result = extractor.extract({ path, language, source: text, tree });
    result.lineCount = lineCount;
    result.errors = [...problems, ...result.errors];
    return result;
  } catch (error) {
    // An extractor bug on one file must not lose the rest of the run: keep the file node.
    return empty([...problems, { message: `extraction failed: ${describe(error)}`, severity: 'error', code: 'extraction-failed' }]);
  } finally {
    tree.delete();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
