/**
 * Test suites define object-like macros that open or close a block and use them alone on a line (Unity's
 * `#define EXPECT_ABORT_BEGIN if (TEST_PROTECT()) {` … `VERIFY_FAILS_END`). The grammar cannot expand them: the
 * unbalanced braces run a function into the next ones, and error recovery reads the calls in between as function
 * definitions named like the calls — false declarations that draw false edges. Where the file itself defines such a
 * macro, each use alone on its line is rewritten to the braces its value adds or removes, padded to the same length
 * (every position stays), and the new tree is kept only when fewer rows are lost to syntax errors. A macro defined
 * in another file is out of reach: extraction reads one file.
 */
import type { Tree } from 'web-tree-sitter';
import { reparse } from '../../extraction/core/reparse.js';
import { brokenRows } from './specifier-macro-repair.js';

/** `#define NAME value` of an object-like macro (no `(` right after the name). */
const OBJECT_MACRO = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?![\w(])(.*)$/;
/** A line holding one name and nothing else (a trailing comment aside). */
const NAME_LINE = /^([ \t]*)([A-Za-z_]\w*)[ \t]*(?:\/\/.*|\/\*.*\*\/[ \t]*)?\r?$/;
/** A namespace macro's name (`FMT_END_NAMESPACE`, `PUGI_NS_END`): namespace-macros.ts reads those. */
const NAMESPACE_WORD = /(?:^|_)(?:NAMESPACE|NS)(?:_|$)/;
/** What cannot hold a brace of the code: string and character literals, comments. */
const NOT_CODE = /"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\/\*.*?\*\/|\/\/.*$/g;

/** The file's object-like macros whose value opens (> 0) or closes (< 0) blocks, by how many. */
export function braceMacros(lines: readonly string[]): Map<string, number> {
  const found = new Map<string, number>();
  for (let row = 0; row < lines.length; row++) {
    const match = OBJECT_MACRO.exec(lines[row]);
    if (!match) continue;
    let value = match[2];
    while (/\\\s*$/.test(lines[row]) && row + 1 < lines.length) value += ` ${lines[++row]}`;
    const code = value.replace(/\\\s*$/gm, ' ').replace(NOT_CODE, ' ');
    // A namespace or linkage block (`namespace fmt {`, `extern "C" {`) is no statement block: namespace-macros.ts
    // reads those as the namespaces they open.
    if (/\b(?:namespace|extern)\b/.test(code)) continue;
    const net = (code.match(/\{/g)?.length ?? 0) - (code.match(/\}/g)?.length ?? 0);
    if (net !== 0 && Math.abs(net) <= match[1].length && !NAMESPACE_WORD.test(match[1])) found.set(match[1], net);
  }
  // A closing macro with no opening one beside it closes what another macro opened (`OTHER_NAMESPACE_END` after a
  // namespace macro): left alone.
  if (![...found.values()].some((net) => net > 0)) found.clear();
  return found;
}

/** The tree with the file's own brace macros written as their braces, when that loses fewer rows; the caller owns it. */
export function repairBraceMacros(tree: Tree, source: string): { tree: Tree; source: string } | undefined {
  if (!tree.rootNode.hasError || !source.includes('define')) return undefined;
  const lines = source.split('\n');
  const macros = braceMacros(lines);
  if (macros.size === 0) return undefined;
  let changed = false;
  lines.forEach((line, row) => {
    const match = NAME_LINE.exec(line);
    const net = match ? macros.get(match[2]) : undefined;
    if (!match || net === undefined) return;
    const braces = (net > 0 ? '{' : '}').repeat(Math.abs(net));
    lines[row] = match[1] + braces + ' '.repeat(line.length - match[1].length - braces.length);
    changed = true;
  });
  if (!changed) return undefined;
  const repairedSource = lines.join('\n');
  const again = reparse(tree.language, repairedSource);
  if (!again) return undefined;
  if (brokenRows(again.rootNode).lost >= brokenRows(tree.rootNode).lost) {
    again.delete();
    return undefined;
  }
  return { tree: again, source: repairedSource };
}
