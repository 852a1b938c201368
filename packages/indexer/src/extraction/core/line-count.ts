/**
 * The file node's line count (its `end_line`), the same for every language.
 *
 * Rule: one more than the number of `\n` characters. A trailing newline therefore opens a last,
 * empty line, an empty file has one line, and `\r\n` counts once (a lone `\r` is no line break here;
 * decodeSource has already turned each lone `\r` of a file into `\n`).
 * This is what the codegraph CLI 0.9.9 writes (a file `a\n` gets end_line 2) and how tree-sitter
 * counts rows, so no declaration or site ever ends after its file node.
 */
export function countLines(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
