/**
 * Which extractor and which import rules serve each language. Adding a language means adding
 * its folder under src/languages/ and one entry here (its grammar is chosen in grammars/).
 */
import type { FileExtraction } from '../model/extraction.js';
import { languageFamily, type Language } from '../model/graph-vocabulary.js';
import type {
  ImportResolverFactory, LanguageExtractor, NameBindingRules, ResolutionLanguage, WorkspaceView,
} from '../model/language-support.js';
import { goExtractor } from './go/extractor.js';
import { createGoImportResolver } from './go/module-resolution.js';
import { goNameBinding } from './go/name-binding.js';
import { javaExtractor } from './java/extractor.js';
import { createJavaImportResolver } from './java/module-resolution.js';
import { javaNameBinding } from './java/name-binding.js';
import { kotlinExtractor } from './kotlin/extractor.js';
import { createKotlinImportResolver } from './kotlin/module-resolution.js';
import { kotlinNameBinding } from './kotlin/name-binding.js';
import { pythonExtractor } from './python/extractor.js';
import { createPythonImportResolver } from './python/module-resolution.js';
import { pythonNameBinding } from './python/name-binding.js';
import { ecmascriptExtractor } from './typescript/extractor.js';
import { createEcmascriptImportResolver } from './typescript/module-resolution.js';
import { ecmascriptNameBinding } from './typescript/name-binding.js';

interface LanguageEntry {
  extractor: LanguageExtractor;
  importResolver: ImportResolverFactory;
  binding: NameBindingRules;
}

const ecmascript: LanguageEntry = { extractor: ecmascriptExtractor, importResolver: createEcmascriptImportResolver, binding: ecmascriptNameBinding };
const python: LanguageEntry = { extractor: pythonExtractor, importResolver: createPythonImportResolver, binding: pythonNameBinding };
const java: LanguageEntry = { extractor: javaExtractor, importResolver: createJavaImportResolver, binding: javaNameBinding };
const go: LanguageEntry = { extractor: goExtractor, importResolver: createGoImportResolver, binding: goNameBinding };
const kotlin: LanguageEntry = { extractor: kotlinExtractor, importResolver: createKotlinImportResolver, binding: kotlinNameBinding };

const TABLE: Partial<Record<Language, LanguageEntry>> = {
  typescript: ecmascript,
  tsx: ecmascript,
  javascript: ecmascript,
  jsx: ecmascript,
  python,
  go,
  java,
  kotlin,
};

/** Languages arbor extracts today; files of other languages are reported, not indexed. */
export function isSupportedLanguage(language: Language): boolean {
  return TABLE[language] !== undefined;
}

export function extractorFor(language: Language): LanguageExtractor | undefined {
  return TABLE[language]?.extractor;
}

/** One resolution language per language family, its import resolver created lazily for a workspace. */
export function resolutionLanguagesFor(workspace: WorkspaceView): (file: FileExtraction) => ResolutionLanguage | undefined {
  // One per table entry, not per family: Java and Kotlin share a family (names reach each other) but
  // each has its own import rules and binding rules.
  const byEntry = new Map<LanguageEntry, ResolutionLanguage>();
  return (file) => {
    const entry = TABLE[file.language];
    if (!entry) return undefined;
    let language = byEntry.get(entry);
    if (!language) {
      language = { family: languageFamily(file.language), modules: entry.importResolver(workspace), binding: entry.binding };
      byEntry.set(entry, language);
    }
    return language;
  };
}
