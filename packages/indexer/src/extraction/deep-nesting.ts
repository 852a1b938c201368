/**
 * Text with its too-deeply nested parts blanked out. Every extractor walks the syntax tree
 * recursively somewhere, so a file nested thousands of levels deep (generated or hostile) runs
 * the stack out and would lose all its declarations. Blanking whole subtrees below a depth keeps
 * the file's syntax balanced above it (each blanked piece is a complete node), and replacing every
 * character but line breaks with a space keeps every line and column of what remains.
 */
import type { Tree } from 'web-tree-sitter';

export interface ShallowText {
  text: string;
  /** How many subtrees were blanked, and the line (1-based) the first starts on. */
  regions: number;
  firstLine: number;
}

/** `text` (which `tree` is the parse of) without the subtrees deeper than `maxDepth`; undefined when none is. */
export function withoutDeepNesting(tree: Tree, text: string, maxDepth: number): ShallowText | undefined {
  const ranges: Array<[start: number, end: number]> = [];
  let firstLine = 0;
  // A cursor, not recursion: this runs because the tree is too deep to recurse over.
  const cursor = tree.walk();
  try {
    let depth = 0;
    for (;;) {
      if (depth >= maxDepth) {
        if (ranges.length === 0) firstLine = cursor.startPosition.row + 1;
        ranges.push([cursor.startIndex, cursor.endIndex]);
      } else if (cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      let climbed = false;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          climbed = true;
          break;
        }
        depth--;
      }
      if (climbed) break;
    }
  } finally {
    cursor.delete();
  }
  if (ranges.length === 0) return undefined;
  const pieces: string[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    pieces.push(text.slice(at, start), text.slice(start, end).replace(/[^\r\n]/g, ' '));
    at = end;
  }
  pieces.push(text.slice(at));
  return { text: pieces.join(''), regions: ranges.length, firstLine };
}
