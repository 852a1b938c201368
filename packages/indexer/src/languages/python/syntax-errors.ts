/**
 * Syntax errors: recording them, and limiting the damage of one.
 *
 * tree-sitter sometimes lets a single unclosed bracket at module level swallow the rest of the
 * file into one ERROR node. Python's layout gives a reliable restart point: a line that starts at
 * column 0 with `def`, `class`, a decorator or an import begins a new top-level statement. The
 * text from there is parsed again on its own, so only the broken statement is lost.
 */
import { Parser, type Language as Grammar, type Node as SyntaxNode, type Tree } from 'web-tree-sitter';
import type { ExtractionError } from '../../model/extraction.js';
import { truncate } from './syntax-text.js';

/** Syntax errors recorded per file; a garbage file would otherwise produce thousands. */
export const MAX_SYNTAX_ERRORS = 50;
/** Re-parses per file: each one parses the rest of the file again. */
export const MAX_RECOVERIES = 20;

const TOP_LEVEL_START = /^(?:(?:async[ \t]+)?def[ \t]+\w|class[ \t]+\w|@\w|import[ \t]+\w|from[ \t]+[\w.])/;
const STRING_PARTS = new Set(['string', 'string_content', 'string_start', 'string_end', 'concatenated_string', 'escape_sequence']);

/** ERROR and MISSING nodes, outermost first, without descending into error-free subtrees. */
export function collectSyntaxErrors(root: SyntaxNode, rowOffset = 0): { errors: ExtractionError[]; total: number } {
  const errors: ExtractionError[] = [];
  let total = 0;
  if (!root.hasError) return { errors, total };
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) {
      total++;
      if (errors.length < MAX_SYNTAX_ERRORS) {
        errors.push({
          message: node.isMissing
            ? `Syntax error: missing ${node.type}`
            : `Syntax error: unexpected ${JSON.stringify(truncate(node.text.split('\n')[0], 40))}`,
          line: node.startPosition.row + 1 + rowOffset,
          column: node.startPosition.column,
          severity: 'error',
          code: 'syntax-error',
        });
      }
      continue;
    }
    if (!node.hasError) continue;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push(child);
    }
  }
  return { errors, total };
}

/** Where, inside an ERROR node, a new top-level statement visibly starts (never on its first line). */
export function findRestartPoint(error: SyntaxNode, source: string, lineStarts: readonly number[]): { row: number; index: number } | null {
  const lastRow = Math.min(error.endPosition.row, lineStarts.length - 1);
  for (let row = error.startPosition.row + 1; row <= lastRow; row++) {
    const index = lineStarts[row];
    if (index >= error.endIndex) break;
    if (!TOP_LEVEL_START.test(source.slice(index, index + 16))) continue;
    const at = error.descendantForIndex(index);
    if (at && STRING_PARTS.has(at.type)) continue; // `def x` inside a (broken) string literal
    return { row, index };
  }
  return null;
}

export function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

const parsers = new WeakMap<Grammar, Parser>();

/** Parses a piece of the file with the grammar that parsed the whole (already initialised). */
export function reparse(grammar: Grammar, text: string): Tree | null {
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(grammar);
    parsers.set(grammar, parser);
  }
  return parser.parse(text);
}
