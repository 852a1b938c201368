/**
 * Parses a piece of text with the grammar that parsed the whole file (already initialised), one
 * parser per grammar: for a language that parses a file or part of it again on its own (Rust's macro
 * arguments, C#'s first #if branches, a repaired TypeScript, C++ or Kotlin text). The caller deletes the tree.
 */
import { Parser, type Language as Grammar, type Tree } from 'web-tree-sitter';

const parsers = new WeakMap<Grammar, Parser>();

export function reparse(grammar: Grammar, text: string): Tree | null {
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(grammar);
    parsers.set(grammar, parser);
  }
  const tree = parser.parse(text);
  // A parse that returned nothing would otherwise resume on the next call.
  if (!tree) parser.reset();
  return tree;
}
