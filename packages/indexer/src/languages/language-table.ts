/**
 * Which extractor and which import rules serve each language. Adding a language means adding
 * its folder under src/languages/ and one entry here (its grammar is chosen in grammars/).
 */
import type { FileExtraction } from '../model/extraction.js';
import { languageFamily, type Language } from '../model/graph-vocabulary.js';
import type { ImportResolver, ImportResolverFactory, LanguageExtractor, WorkspaceView } from '../model/language-support.js';
import { pythonExtractor } from './python/extractor.js';
import { createPythonImportResolver } from './python/module-resolution.js';
import { ecmascriptExtractor } from './typescript/extractor.js';
import { createEcmascriptImportResolver } from './typescript/module-resolution.js';

interface LanguageEntry {
  extractor: LanguageExtractor;
  importResolver: ImportResolverFactory;
}

const ecmascript: LanguageEntry = { extractor: ecmascriptExtractor, importResolver: createEcmascriptImportResolver };
const python: LanguageEntry = {
  extractor: pythonExtractor,
  // A Python module sees only what it binds, its imports and builtins: no implicit globals.
  importResolver: (workspace) => Object.assign(createPythonImportResolver(workspace), { implicitGlobals: false }),
};

const TABLE: Partial<Record<Language, LanguageEntry>> = {
  typescript: ecmascript,
  tsx: ecmascript,
  javascript: ecmascript,
  jsx: ecmascript,
  python,
};

/** Languages arbor extracts today; files of other languages are reported, not indexed. */
export function isSupportedLanguage(language: Language): boolean {
  return TABLE[language] !== undefined;
}

export function extractorFor(language: Language): LanguageExtractor | undefined {
  return TABLE[language]?.extractor;
}

/** One import resolver per language family, created lazily for a workspace. */
export function importResolversFor(workspace: WorkspaceView): (file: FileExtraction) => ImportResolver | undefined {
  const byFamily = new Map<string, ImportResolver | undefined>();
  return (file) => {
    const family = languageFamily(file.language);
    if (!byFamily.has(family)) {
      const entry = TABLE[file.language];
      byFamily.set(family, entry ? entry.importResolver(workspace) : undefined);
    }
    return byFamily.get(family);
  };
}
