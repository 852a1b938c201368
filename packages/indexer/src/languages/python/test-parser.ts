/** Test support: parses Python source with the pinned grammar, loaded by the production grammar loader. */
import { Parser } from 'web-tree-sitter';
import { loadGrammar } from '../../parsing/grammar-loader.js';
import type { FileExtraction } from '../../model/extraction.js';
import { pythonExtractor } from './extractor.js';

let parser: Promise<Parser> | undefined;

export function pythonParser(): Promise<Parser> {
  parser ??= (async () => {
    const grammar = await loadGrammar('python');
    const instance = new Parser();
    instance.setLanguage(grammar);
    return instance;
  })();
  return parser;
}

export async function extractPython(source: string, path = 'pkg/mod.py'): Promise<FileExtraction> {
  const tree = (await pythonParser()).parse(source);
  if (!tree) throw new Error('parser returned no tree');
  try {
    return pythonExtractor.extract({ path, language: 'python', source, tree });
  } finally {
    tree.delete();
  }
}
