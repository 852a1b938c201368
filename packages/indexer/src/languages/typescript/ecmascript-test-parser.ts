/**
 * Test support: parses ECMAScript source with the pinned grammars of grammars/grammars.json (the ones
 * indexing uses, so tests see the same trees and the same grammar gaps) and runs the extractor on it.
 */
import { Parser } from 'web-tree-sitter';
import type { FileExtraction } from '../../model/extraction.js';
import type { Language as LanguageName } from '../../model/graph-vocabulary.js';
import { loadGrammar } from '../../parsing/grammar-loader.js';
import { ecmascriptExtractor } from './extractor.js';

const ECMASCRIPT: ReadonlySet<string> = new Set(['typescript', 'tsx', 'javascript', 'jsx']);
const parsers = new Map<LanguageName, Parser>();

async function parserFor(language: LanguageName): Promise<Parser> {
  if (!ECMASCRIPT.has(language)) throw new Error(`not an ECMAScript language: ${language}`);
  let parser = parsers.get(language);
  if (!parser) {
    const grammar = await loadGrammar(language);
    parser = new Parser();
    parser.setLanguage(grammar);
    parsers.set(language, parser);
  }
  return parser;
}

export function languageForPath(filePath: string): LanguageName {
  if (filePath.endsWith('.tsx')) return 'tsx';
  if (filePath.endsWith('.jsx')) return 'jsx';
  if (/\.(js|mjs|cjs)$/.test(filePath)) return 'javascript';
  return 'typescript';
}

/** Parse and extract one file; the language follows the file extension unless given. */
export async function extractSource(source: string, filePath = 'src/file.ts', language = languageForPath(filePath)): Promise<FileExtraction> {
  const parser = await parserFor(language);
  const tree = parser.parse(source);
  if (!tree) throw new Error('parser returned no tree');
  try {
    return ecmascriptExtractor.extract({ path: filePath, language, source, tree });
  } finally {
    tree.delete();
  }
}
