/**
 * Which extractor and which import rules serve each language. Adding a language means adding
 * its folder under src/languages/ and one entry here (its grammar is chosen in grammars/).
 * Modules are imported on first use, so a thread pays only for the languages it meets.
 */
import type { FileExtraction } from '../model/extraction.js';
import { languageFamily, type Language } from '../model/graph-vocabulary.js';
import type {
  ImportResolverFactory, LanguageExtractor, NameBindingRules, ResolutionLanguage, WorkspaceView,
} from '../model/language-support.js';

/** What extraction needs of a language (loaded on the threads that extract it). */
interface ExtractionEntry {
  extractor: LanguageExtractor;
  /** The language a file's text shows it is, where its extension can mislead (a C++ header named `.h`). */
  sourceLanguage?: (path: string, language: Language, source: string) => Language;
}

/** What resolution needs of a language (loaded on the main thread, for the languages a graph has). */
interface ResolutionEntry {
  importResolver: ImportResolverFactory;
  binding: NameBindingRules;
}

/**
 * A language's modules, imported on first use: a thread loads only the languages of the files it
 * meets, so a worker on a TypeScript repository never compiles the Kotlin extractor.
 */
interface LanguageEntry {
  extraction: () => Promise<ExtractionEntry>;
  resolution: () => Promise<ResolutionEntry>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

function entry(extraction: () => Promise<ExtractionEntry>, resolution: () => Promise<ResolutionEntry>): LanguageEntry {
  return { extraction: once(extraction), resolution: once(resolution) };
}

const ecmascript = entry(
  async () => ({ extractor: (await import('./typescript/extractor.js')).ecmascriptExtractor }),
  async () => ({
    importResolver: (await import('./typescript/module-resolution.js')).createEcmascriptImportResolver,
    binding: (await import('./typescript/name-binding.js')).ecmascriptNameBinding,
  }),
);
const python = entry(
  async () => ({ extractor: (await import('./python/extractor.js')).pythonExtractor }),
  async () => ({
    importResolver: (await import('./python/module-resolution.js')).createPythonImportResolver,
    binding: (await import('./python/name-binding.js')).pythonNameBinding,
  }),
);
const go = entry(
  async () => ({ extractor: (await import('./go/extractor.js')).goExtractor }),
  async () => ({
    importResolver: (await import('./go/module-resolution.js')).createGoImportResolver,
    binding: (await import('./go/name-binding.js')).goNameBinding,
  }),
);
const java = entry(
  async () => ({ extractor: (await import('./java/extractor.js')).javaExtractor }),
  async () => ({
    importResolver: (await import('./java/module-resolution.js')).createJavaImportResolver,
    binding: (await import('./java/name-binding.js')).javaNameBinding,
  }),
);
const rust = entry(
  async () => ({ extractor: (await import('./rust/extractor.js')).rustExtractor }),
  async () => ({
    importResolver: (await import('./rust/module-resolution.js')).createRustImportResolver,
    binding: (await import('./rust/name-binding.js')).rustNameBinding,
  }),
);
const zig = entry(
  async () => ({ extractor: (await import('./zig/extractor.js')).zigExtractor }),
  async () => ({
    importResolver: (await import('./zig/module-resolution.js')).createZigImportResolver,
    binding: (await import('./zig/name-binding.js')).zigNameBinding,
  }),
);
const csharp = entry(
  async () => ({ extractor: (await import('./csharp/extractor.js')).csharpExtractor }),
  async () => ({
    importResolver: (await import('./csharp/module-resolution.js')).createCSharpImportResolver,
    binding: (await import('./csharp/name-binding.js')).csharpNameBinding,
  }),
);
const scala = entry(
  async () => ({ extractor: (await import('./scala/extractor.js')).scalaExtractor }),
  async () => ({
    importResolver: (await import('./scala/module-resolution.js')).createScalaImportResolver,
    binding: (await import('./scala/name-binding.js')).scalaNameBinding,
  }),
);
const c = entry(
  async () => {
    const { cExtractor, cHeaderLanguage } = await import('./c-family/extractor.js');
    return { extractor: cExtractor, sourceLanguage: cHeaderLanguage };
  },
  async () => ({
    importResolver: (await import('./c-family/module-resolution.js')).createCIncludeResolver,
    binding: (await import('./c-family/name-binding.js')).cNameBinding,
  }),
);
const cpp = entry(
  async () => ({ extractor: (await import('./c-family/extractor.js')).cppExtractor }),
  async () => ({
    importResolver: (await import('./c-family/module-resolution.js')).createCIncludeResolver,
    binding: (await import('./c-family/name-binding.js')).cppNameBinding,
  }),
);
const php = entry(
  async () => ({ extractor: (await import('./php/extractor.js')).phpExtractor }),
  async () => ({
    importResolver: (await import('./php/module-resolution.js')).createPhpImportResolver,
    binding: (await import('./php/name-binding.js')).phpNameBinding,
  }),
);
const ruby = entry(
  async () => ({ extractor: (await import('./ruby/extractor.js')).rubyExtractor }),
  async () => ({
    importResolver: (await import('./ruby/module-resolution.js')).createRubyImportResolver,
    binding: (await import('./ruby/name-binding.js')).rubyNameBinding,
  }),
);
const dart = entry(
  async () => ({ extractor: (await import('./dart/extractor.js')).dartExtractor }),
  async () => ({
    importResolver: (await import('./dart/module-resolution.js')).createDartImportResolver,
    binding: (await import('./dart/name-binding.js')).dartNameBinding,
  }),
);
const kotlin = entry(
  async () => ({ extractor: (await import('./kotlin/extractor.js')).kotlinExtractor }),
  async () => ({
    importResolver: (await import('./kotlin/module-resolution.js')).createKotlinImportResolver,
    binding: (await import('./kotlin/name-binding.js')).kotlinNameBinding,
  }),
);
const swift = entry(
  async () => ({ extractor: (await import('./swift/extractor.js')).swiftExtractor }),
  async () => ({
    importResolver: (await import('./swift/module-resolution.js')).createSwiftImportResolver,
    binding: (await import('./swift/name-binding.js')).swiftNameBinding,
  }),
);

const TABLE: Record<Language, LanguageEntry> = {
  typescript: ecmascript,
  tsx: ecmascript,
  javascript: ecmascript,
  jsx: ecmascript,
  python,
  go,
  java,
  rust,
  zig,
  csharp,
  scala,
  c,
  cpp,
  php,
  ruby,
  dart,
  kotlin,
  swift,
};

/** Languages arbor extracts today; files of other languages are reported, not indexed. */
export function isSupportedLanguage(language: Language): boolean {
  return TABLE[language] !== undefined;
}

export async function extractorFor(language: Language): Promise<LanguageExtractor | undefined> {
  return (await TABLE[language]?.extraction())?.extractor;
}

/** The language a file of `language` (by its extension) is, once its text is read. */
export async function sourceLanguageOf(path: string, language: Language, source: string): Promise<Language> {
  const refine = (await TABLE[language]?.extraction())?.sourceLanguage;
  const refined = refine?.(path, language, source) ?? language;
  return TABLE[refined] ? refined : language;
}

/**
 * One resolution language per language entry (its family for cross-language names), its import
 * resolver created lazily for a workspace. Loads the modules of the languages `languages` names first.
 */
export async function resolutionLanguagesFor(
  workspace: WorkspaceView,
  languages: Iterable<Language>,
): Promise<(file: FileExtraction) => ResolutionLanguage | undefined> {
  const loaded = new Map<LanguageEntry, ResolutionEntry>();
  for (const language of new Set(languages)) {
    const entry = TABLE[language];
    if (entry && !loaded.has(entry)) loaded.set(entry, await entry.resolution());
  }
  // One per table entry, not per family: Java and Kotlin share a family (names reach each other) but
  // each has its own import rules and binding rules.
  const byEntry = new Map<LanguageEntry, ResolutionLanguage>();
  // Asked for every site, often several times: answered from one lookup by the file's language.
  const byLanguage = new Map<Language, ResolutionLanguage | undefined>();
  return (file) => {
    if (byLanguage.has(file.language)) return byLanguage.get(file.language);
    const language = languageFor(file);
    byLanguage.set(file.language, language);
    return language;
  };

  function languageFor(file: FileExtraction): ResolutionLanguage | undefined {
    const entry = TABLE[file.language];
    const modules = entry && loaded.get(entry);
    if (!entry || !modules) return undefined;
    let language = byEntry.get(entry);
    if (!language) {
      language = { family: languageFamily(file.language), modules: modules.importResolver(workspace), binding: modules.binding };
      byEntry.set(entry, language);
    }
    return language;
  }
}
