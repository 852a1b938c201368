/**
 * What extraction asks of the languages: which extractor serves a language, and which language a file
 * is once its text is read. The language list (src/languages/) answers; extraction names no language.
 */
import type { Language } from './graph-vocabulary.js';
import type { LanguageExtractor } from './language-support.js';

export interface ExtractionLanguages {
  /** The extractor of `language`, loaded on first use; undefined for a language arbor does not extract. */
  extractorFor(language: Language): Promise<LanguageExtractor | undefined>;
  /** The language a file of `language` (by its extension) is, once its text is read (a C++ header named `.h`). */
  sourceLanguageOf(path: string, language: Language, source: string): Promise<Language>;
}
