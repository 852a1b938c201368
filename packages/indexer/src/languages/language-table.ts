/**
 * Which extractor and which import rules serve each language. Adding a language means adding
 * its folder under src/languages/ and one entry here (its grammar is chosen in grammars/).
 */
import type { FileExtraction } from '../model/extraction.js';
import { languageFamily, type Language } from '../model/graph-vocabulary.js';
import type {
  ImportResolverFactory, LanguageExtractor, NameBindingRules, ResolutionLanguage, WorkspaceView,
} from '../model/language-support.js';
import { cExtractor, cHeaderLanguage, cppExtractor } from './c-family/extractor.js';
import { createCIncludeResolver } from './c-family/module-resolution.js';
import { cNameBinding, cppNameBinding } from './c-family/name-binding.js';
import { csharpExtractor } from './csharp/extractor.js';
import { createCSharpImportResolver } from './csharp/module-resolution.js';
import { csharpNameBinding } from './csharp/name-binding.js';
import { dartExtractor } from './dart/extractor.js';
import { createDartImportResolver } from './dart/module-resolution.js';
import { dartNameBinding } from './dart/name-binding.js';
import { goExtractor } from './go/extractor.js';
import { createGoImportResolver } from './go/module-resolution.js';
import { goNameBinding } from './go/name-binding.js';
import { javaExtractor } from './java/extractor.js';
import { createJavaImportResolver } from './java/module-resolution.js';
import { javaNameBinding } from './java/name-binding.js';
import { kotlinExtractor } from './kotlin/extractor.js';
import { createKotlinImportResolver } from './kotlin/module-resolution.js';
import { kotlinNameBinding } from './kotlin/name-binding.js';
import { phpExtractor } from './php/extractor.js';
import { createPhpImportResolver } from './php/module-resolution.js';
import { phpNameBinding } from './php/name-binding.js';
import { pythonExtractor } from './python/extractor.js';
import { createPythonImportResolver } from './python/module-resolution.js';
import { pythonNameBinding } from './python/name-binding.js';
import { rubyExtractor } from './ruby/extractor.js';
import { createRubyImportResolver } from './ruby/module-resolution.js';
import { rubyNameBinding } from './ruby/name-binding.js';
import { rustExtractor } from './rust/extractor.js';
import { createRustImportResolver } from './rust/module-resolution.js';
import { rustNameBinding } from './rust/name-binding.js';
import { scalaExtractor } from './scala/extractor.js';
import { createScalaImportResolver } from './scala/module-resolution.js';
import { scalaNameBinding } from './scala/name-binding.js';
import { swiftExtractor } from './swift/extractor.js';
import { createSwiftImportResolver } from './swift/module-resolution.js';
import { swiftNameBinding } from './swift/name-binding.js';
import { ecmascriptExtractor } from './typescript/extractor.js';
import { createEcmascriptImportResolver } from './typescript/module-resolution.js';
import { ecmascriptNameBinding } from './typescript/name-binding.js';
import { zigExtractor } from './zig/extractor.js';
import { createZigImportResolver } from './zig/module-resolution.js';
import { zigNameBinding } from './zig/name-binding.js';

interface LanguageEntry {
  extractor: LanguageExtractor;
  importResolver: ImportResolverFactory;
  binding: NameBindingRules;
  /** The language a file's text shows it is, where its extension can mislead (a C++ header named `.h`). */
  sourceLanguage?: (path: string, language: Language, source: string) => Language;
}

const ecmascript: LanguageEntry = { extractor: ecmascriptExtractor, importResolver: createEcmascriptImportResolver, binding: ecmascriptNameBinding };
const python: LanguageEntry = { extractor: pythonExtractor, importResolver: createPythonImportResolver, binding: pythonNameBinding };
const java: LanguageEntry = { extractor: javaExtractor, importResolver: createJavaImportResolver, binding: javaNameBinding };
const php: LanguageEntry = { extractor: phpExtractor, importResolver: createPhpImportResolver, binding: phpNameBinding };
const ruby: LanguageEntry = { extractor: rubyExtractor, importResolver: createRubyImportResolver, binding: rubyNameBinding };
const go: LanguageEntry = { extractor: goExtractor, importResolver: createGoImportResolver, binding: goNameBinding };
const rust: LanguageEntry = { extractor: rustExtractor, importResolver: createRustImportResolver, binding: rustNameBinding };
const zig: LanguageEntry = { extractor: zigExtractor, importResolver: createZigImportResolver, binding: zigNameBinding };
const scala: LanguageEntry = { extractor: scalaExtractor, importResolver: createScalaImportResolver, binding: scalaNameBinding };
const csharp: LanguageEntry = { extractor: csharpExtractor, importResolver: createCSharpImportResolver, binding: csharpNameBinding };
const c: LanguageEntry = { extractor: cExtractor, importResolver: createCIncludeResolver, binding: cNameBinding, sourceLanguage: cHeaderLanguage };
const cpp: LanguageEntry = { extractor: cppExtractor, importResolver: createCIncludeResolver, binding: cppNameBinding };
const swift: LanguageEntry = { extractor: swiftExtractor, importResolver: createSwiftImportResolver, binding: swiftNameBinding };
const dart: LanguageEntry = { extractor: dartExtractor, importResolver: createDartImportResolver, binding: dartNameBinding };
const kotlin: LanguageEntry = { extractor: kotlinExtractor, importResolver: createKotlinImportResolver, binding: kotlinNameBinding };

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

export function extractorFor(language: Language): LanguageExtractor | undefined {
  return TABLE[language]?.extractor;
}

/** The language a file of `language` (by its extension) is, once its text is read. */
export function sourceLanguageOf(path: string, language: Language, source: string): Language {
  const refined = TABLE[language]?.sourceLanguage?.(path, language, source) ?? language;
  return TABLE[refined] ? refined : language;
}

/** One resolution language per language entry (its family for cross-language names), its import resolver created lazily for a workspace. */
export function resolutionLanguagesFor(workspace: WorkspaceView): (file: FileExtraction) => ResolutionLanguage | undefined {
  // Per language entry, not per family: Java and Scala share the `jvm` family (names reach across) but
  // each has its own modules and binding rules.
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
