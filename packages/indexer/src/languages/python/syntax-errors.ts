/**
 * Python's repair hook for syntax errors: limiting the damage of one. (Recording them is the
 * shared collector's job: src/extraction/core/syntax-errors.ts.)
 *
 * tree-sitter sometimes lets a single unclosed bracket at module level swallow the rest of the
 * file into one ERROR node. Python's layout gives a reliable restart point: a line that starts at
 * column 0 with `def`, `class`, a decorator or an import begins a new top-level statement. The
 * text from there is parsed again on its own, so only the broken statement is lost.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';

/** Re-parses per file: each one parses the rest of the file again. */
export const MAX_RECOVERIES = 20;

const TOP_LEVEL_START = /^(?:(?:async[ \t]+)?def[ \t]+\w|class[ \t]+\w|@\w|import[ \t]+\w|from[ \t]+[\w.])/;
const STRING_PARTS = new Set(['string', 'string_content', 'string_start', 'string_end', 'concatenated_string', 'escape_sequence']);

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

/** Parses a piece of the file with the grammar that parsed the whole (the shared helper). */
export { reparse } from '../../extraction/core/reparse.js';
