/**
 * Parses a piece of text with the grammar that parsed the whole file (already initialised), one
 * parser per grammar: for a language that parses a file or part of it again on its own (Rust's macro
 * arguments, C#'s first #if branches, a repaired TypeScript, C++ or Kotlin text). The caller deletes the tree.
 */
import { Parser, type Language as Grammar, type Tree } from 'web-tree-sitter';

const parsers = new WeakMap<Grammar, Parser>();

/**
 * `previous`: a tree of a text this one differs from in one edited span, already told of the edit
 * (`Tree.edit`), so the parser reuses what the edit left untouched (tree-sitter's incremental parse,
 * whose contract — and its randomized test suite — is the tree a parse from scratch gives).
 */
export function reparse(grammar: Grammar, text: string, previous?: Tree): Tree | null {
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(grammar);
    parsers.set(grammar, parser);
  }
  const tree = parser.parse(text, previous ?? null);
  // A parse that returned nothing would otherwise resume on the next call.
  if (!tree) parser.reset();
  return tree;
}
