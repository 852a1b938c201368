/**
 * A language descriptor: everything arbor knows of one language, declared in the language's folder
 * (`<folder>/index.ts`) and collected in `index.ts`. Its facts (name, family, extensions, grammar) are
 * plain data; its modules (extractor, import resolver, name binding) are imported on first use, so a
 * thread pays only for the languages it meets.
 */
import type { LanguageTestConventions, ModuleNaming } from '@arbor/vocabulary';
import type { Language } from '../model/graph-vocabulary.js';
import type { ImportResolverFactory, LanguageExtractor, NameBindingRules } from '../model/language-support.js';

/** What extraction needs of a language (loaded on the threads that extract it). */
export interface ExtractionModules {
  /** Runs the language's syntax rules (its `syntax.ts` and scopes) over a parsed tree. */
  extractor: LanguageExtractor;
  /** The language a file's text shows it is, where its extension can mislead (a C++ header named `.h`). */
  sourceLanguage?: (path: string, language: Language, source: string) => Language;
}

/** What resolution needs of a language (loaded on the main thread, for the languages a graph has). */
export interface ResolutionModules {
  /** Creates the language's module resolver for a workspace (`module-resolution.ts`). */
  importResolver: ImportResolverFactory;
  /** How the language binds names (`name-binding.ts`). */
  binding: NameBindingRules;
}

/**
 * A language's modules, each pair imported once. Languages that share one object (TypeScript, TSX,
 * JavaScript, JSX) share one import resolver in a run: one tsconfig, one view of the workspace's packages.
 */
export interface LanguageModules {
  extraction(): Promise<ExtractionModules>;
  resolution(): Promise<ResolutionModules>;
}

export interface LanguageDescriptor {
  /** The `language` column's value. */
  name: Language;
  /**
   * Languages whose declarations can call each other by name share a family (`ecmascript`, `jvm`,
   * `c-family`); a bare call is only ever linked to a declaration in the caller's own family.
   */
  family: string;
  /** File extensions, lower case with the dot; each belongs to one language only. */
  extensions: readonly string[];
  /** The WASM grammar that parses it: its entry in grammars/grammars.json (package and file), pinned there by sha256. */
  grammar: { package: string; file: string };
  /** How its imports name files, for finding the importers of a deleted file (absent: not known). */
  moduleNaming?: ModuleNaming;
  /** Which of its files are tests: its entry in the vocabulary's LANGUAGE_TEST_CONVENTIONS, which the query package reads. */
  tests: LanguageTestConventions;
  modules: LanguageModules;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/** A language's modules, each loader run at most once per thread. */
export function lazyModules(
  extraction: () => Promise<ExtractionModules>,
  resolution: () => Promise<ResolutionModules>,
): LanguageModules {
  return { extraction: once(extraction), resolution: once(resolution) };
}
