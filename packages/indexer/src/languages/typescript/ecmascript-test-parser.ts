/**
 * Test support: parses ECMAScript source with the WASM grammars straight from tree-sitter-wasms
 * (independent of the shared grammar loader) and runs the extractor on it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import type { FileExtraction } from '../../model/extraction.js';
import type { Language as LanguageName } from '../../model/graph-vocabulary.js';
import { ecmascriptExtractor } from './extractor.js';

const GRAMMAR_FILES: Record<string, string> = {
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  jsx: 'tree-sitter-javascript.wasm',
};

let ready: Promise<void> | undefined;
const parsers = new Map<string, Parser>();

async function parserFor(language: LanguageName): Promise<Parser> {
  ready ??= Parser.init();
  await ready;
  const file = GRAMMAR_FILES[language];
  if (!file) throw new Error(`not an ECMAScript language: ${language}`);
  let parser = parsers.get(file);
  if (!parser) {
    const require = createRequire(import.meta.url);
    const wasmDir = path.join(path.dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');
    const grammar = await Language.load(path.join(wasmDir, file));
    parser = new Parser();
    parser.setLanguage(grammar);
    parsers.set(file, parser);
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
