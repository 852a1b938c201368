/**
 * The languages arbor indexes: one descriptor per language, declared in its folder (descriptor.ts
 * says what a descriptor holds). Everything that depends on a file's language asks here: its
 * extension, its extractor, its family, its import rules and its binding rules.
 *
 * Adding a language means adding its folder and one entry in LANGUAGE_DESCRIPTORS (and its grammar
 * in grammars/; docs/adding-a-language.md walks through it). Importing this list loads only the
 * descriptors' facts: a language's modules are imported the first time a thread meets it.
 */
import type { ModuleNaming } from '@arbor/vocabulary';
import type { FileExtraction } from '../model/extraction.js';
import type { ExtractionLanguages } from '../model/extraction-languages.js';
import type { Language } from '../model/graph-vocabulary.js';
import type { LanguageExtractor, ResolutionLanguage, WorkspaceView } from '../model/language-support.js';
import { c, cpp } from './c-family/index.js';
import { csharp } from './csharp/index.js';
import { dart } from './dart/index.js';
import type { LanguageDescriptor, LanguageModules, ResolutionModules } from './descriptor.js';
import { go } from './go/index.js';
import { java } from './java/index.js';
import { kotlin } from './kotlin/index.js';
import { php } from './php/index.js';
import { python } from './python/index.js';
import { ruby } from './ruby/index.js';
import { rust } from './rust/index.js';
import { scala } from './scala/index.js';
import { swift } from './swift/index.js';
import { javascript, jsx, tsx, typescript } from './typescript/index.js';
import { zig } from './zig/index.js';

export type { LanguageDescriptor } from './descriptor.js';

export const LANGUAGE_DESCRIPTORS: readonly LanguageDescriptor[] = [
  typescript, tsx, javascript, jsx, python, go, java, c, cpp, csharp, php, rust, ruby, zig, kotlin, swift, dart, scala,
];

const byName: ReadonlyMap<string, LanguageDescriptor> = new Map(LANGUAGE_DESCRIPTORS.map((d) => [d.name, d]));
const byExtension: ReadonlyMap<string, LanguageDescriptor> = new Map(
  LANGUAGE_DESCRIPTORS.flatMap((d) => d.extensions.map((extension) => [extension, d] as const)),
);

/** Each language's extensions, from its descriptor. */
export const LANGUAGE_EXTENSIONS: Readonly<Record<Language, readonly string[]>> = Object.fromEntries(
  LANGUAGE_DESCRIPTORS.map((d) => [d.name, d.extensions]),
) as Record<Language, readonly string[]>;

/** The descriptor of a language, or undefined for one arbor does not index. */
export function descriptorOf(language: Language): LanguageDescriptor | undefined {
  return byName.get(language);
}

/** Languages arbor extracts today; files of other languages are reported, not indexed. */
export function isSupportedLanguage(language: Language): boolean {
  return byName.has(language);
}

/**
 * The language of a file path (relative or absolute, either slash), from its name alone, or undefined
 * when none applies. Extensions match case-insensitively (`Foo.JAVA` is Java).
 */
export function languageForPath(path: string): Language | undefined {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  // A leading dot is a hidden file's name (`.ts` alone is not a TypeScript file), not an extension.
  if (dot <= 0) return undefined;
  return byExtension.get(base.slice(dot).toLowerCase())?.name;
}

/** The family of a language (its own name for a language arbor does not index). */
export function familyOf(language: Language): string {
  return byName.get(language)?.family ?? language;
}

/** What extraction asks of the languages, answered by their descriptors. */
export const extractionLanguages: ExtractionLanguages = {
  async extractorFor(language: Language): Promise<LanguageExtractor | undefined> {
    return (await byName.get(language)?.modules.extraction())?.extractor;
  },
  async sourceLanguageOf(path: string, language: Language, source: string): Promise<Language> {
    const refine = (await byName.get(language)?.modules.extraction())?.sourceLanguage;
    const refined = refine?.(path, language, source) ?? language;
    return byName.has(refined) ? refined : language;
  },
};

/**
 * One resolution language per set of modules (its family for cross-language names), its import
 * resolver created lazily for a workspace. Loads the modules of the languages `languages` names first.
 */
export async function resolutionLanguagesFor(
  workspace: WorkspaceView,
  languages: Iterable<Language>,
): Promise<(file: FileExtraction) => ResolutionLanguage | undefined> {
  const loaded = new Map<LanguageModules, ResolutionModules>();
  for (const language of new Set(languages)) {
    const modules = byName.get(language)?.modules;
    if (modules && !loaded.has(modules)) loaded.set(modules, await modules.resolution());
  }
  // One per set of modules, not per family: Java and Kotlin share a family (names reach each other) but
  // each has its own import rules and binding rules.
  const byModules = new Map<LanguageModules, ResolutionLanguage>();
  // Asked for every site, often several times: answered from one lookup by the file's language.
  const byLanguage = new Map<Language, ResolutionLanguage | undefined>();
  return (file) => {
    if (byLanguage.has(file.language)) return byLanguage.get(file.language);
    const language = languageFor(file);
    byLanguage.set(file.language, language);
    return language;
  };

  function languageFor(file: FileExtraction): ResolutionLanguage | undefined {
    const descriptor = byName.get(file.language);
    const modules = descriptor && loaded.get(descriptor.modules);
    if (!descriptor || !modules) return undefined;
    let language = byModules.get(descriptor.modules);
    if (!language) {
      language = { family: descriptor.family, modules: modules.importResolver(workspace), binding: modules.binding };
      byModules.set(descriptor.modules, language);
    }
    return language;
  }
}

/**
 * The language of a path by its name, with its family and how its imports name files (see
 * ModuleNaming): what a reader of a graph needs to find the importers of a file the graph no longer holds.
 */
export function moduleNamingForPath(path: string): { language: Language; family: string; moduleNaming?: ModuleNaming } | undefined {
  const language = languageForPath(path);
  const descriptor = language ? byName.get(language) : undefined;
  if (!descriptor) return undefined;
  return { language: descriptor.name, family: descriptor.family, moduleNaming: descriptor.moduleNaming };
}
