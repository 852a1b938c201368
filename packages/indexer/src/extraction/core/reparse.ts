/**
 * Parses a piece of text with the grammar that parsed the whole file (already initialised), one
 * parser per grammar: for a language that parses part of a file again on its own (Python after a
 * syntax error swallowed a restart point, Rust's macro arguments). The caller deletes the tree.
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
  return parser.parse(text);
}
