/**
 * Test support: parses source with the pinned grammars of grammars/grammars.json, linked by the
 * production grammar loader (so tests see the trees, and the grammar gaps, that indexing sees), and
 * runs an extractor on the tree. One parser per language, made on first use.
 */
import { Parser, type Tree } from 'web-tree-sitter';
import { languageForPath } from '../languages/index.js';
import type { FileExtraction } from '../model/extraction.js';
import type { Language } from '../model/graph-vocabulary.js';
import type { LanguageExtractor } from '../model/language-support.js';
import { loadGrammar } from '../parsing/grammar-loader.js';

const parsers = new Map<Language, Promise<Parser>>();

/** The shared parser of a language (loading its grammar initialises web-tree-sitter). */
export function testParser(language: Language): Promise<Parser> {
  let parser = parsers.get(language);
  if (!parser) {
    parser = loadGrammar(language).then((grammar) => {
      const instance = new Parser();
      instance.setLanguage(grammar);
      return instance;
    });
    // A failed load is not kept: the next test asks again and sees its own error.
    parser.catch(() => parsers.delete(language));
    parsers.set(language, parser);
  }
  return parser;
}

/** The syntax tree of `source`; the caller deletes it. */
export async function parseForTest(language: Language, source: string): Promise<Tree> {
  const tree = (await testParser(language)).parse(source);
  if (!tree) throw new Error(`the ${language} parser returned no tree`);
  return tree;
}

/** Extracts `source` as the file `path`, in the language its extension names unless `language` is given. */
export async function extractForTest(
  extractor: LanguageExtractor,
  source: string,
  path: string,
  language: Language | undefined = languageForPath(path),
): Promise<FileExtraction> {
  if (!language) throw new Error(`no language for ${path}: give one`);
  const tree = await parseForTest(language, source);
  try {
    return extractor.extract({ path, language, source, tree });
  } finally {
    tree.delete();
  }
}
