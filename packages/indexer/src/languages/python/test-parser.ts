/**
 * Test support: parses Python source with the pinned grammar, loaded directly (the production
 * grammar loader lives in src/parsing and is not needed to test extraction).
 */
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import type { FileExtraction } from '../../model/extraction.js';
import { pythonExtractor } from './extractor.js';

let parser: Promise<Parser> | undefined;

export function pythonParser(): Promise<Parser> {
  parser ??= (async () => {
    await Parser.init();
    const wasm = createRequire(import.meta.url).resolve('tree-sitter-wasms/out/tree-sitter-python.wasm');
    const instance = new Parser();
    instance.setLanguage(await Language.load(wasm));
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
