/**
 * Swift's repair after a syntax error: syntax newer than the grammar (Swift 5.9–6). The grammar predates
 * typed throws (`throws(ParserError)`), `nonisolated(unsafe)`, the `package` access level, ownership and
 * isolation modifiers of parameters (`borrowing`, `consuming`, `sending`, `isolated`, `__shared`),
 * `~Copyable`, `consume x`, raw strings with a quote inside (`#"{"a": 1}"#`) and macro expressions (`#expect(…)`, `#require(…)`, `#Preview`), and a file using one of them
 * loses the declarations around it (a whole class body becomes an error). When a file has syntax errors it
 * is parsed again with those spellings neutralised, keeping every offset, line and column: the modifiers are
 * blanked, `package` reads as `public` (visible to the whole workspace), Swift Testing's `#expect(…)` and
 * `#require(…)` read as their parenthesised argument (the value `#require` returns), and any other macro
 * `#name` reads as the plain name `_name`, which no declaration of the workspace answers (a macro is not a
 * function of the code).
 */
import type { Language as Grammar, Node, Tree } from 'web-tree-sitter';
import { reparse } from '../../extraction/core/reparse.js';

/** `#…` spellings the grammar parses itself (literals, `#selector`, `#available`, directives). */
const KNOWN_POUND = new Set([
  'selector', 'keyPath', 'file', 'fileID', 'filePath', 'function', 'line', 'column', 'dsohandle',
  'colorLiteral', 'imageLiteral', 'fileLiteral', 'available', 'unavailable',
  'if', 'elseif', 'else', 'endif', 'sourceLocation', 'warning', 'error',
]);

const DECLARATION_KEYWORD =
  'import|func|var|let|struct|class|enum|protocol|extension|init|static|final|actor|typealias|subscript|convenience|override|nonisolated|mutating|indirect|required|lazy';

const blank = (text: string) => text.replace(/[^\n\r]/g, ' ');

/** The source with the newer spellings neutralised, or null when it has none. */
export function modernSyntaxSource(source: string): string | null {
  const text = source
    .replace(/\bnonisolated\s*\(\s*unsafe\s*\)/g, blank)
    .replace(/\bthrows\s*\((?:[^()\n]|\([^()\n]*\))*\)/g, (m) => 'throws' + blank(m.slice(6)))
    .replace(/(^|[\s(,])(?:__shared|__owned|borrowing|consuming|sending|isolated)(?=\s+[\w(\[])/gm, (m, pre: string) => pre + blank(m.slice(pre.length)))
    .replace(/~(?=\s*(?:Copyable|Escapable)\b)/g, ' ')
    // `consume x`, `discard self`: the operand alone.
    .replace(/(^|[\s(=,])(?:consume|discard)(?=\s+(?:self\b|[a-z_]\w*\s*(?:$|[.)\],}])))/gm, (m, pre: string) => pre + blank(m.slice(pre.length)))
    // A one-line raw string with a quote inside (`#"{"a": 1}"#`) the grammar ends early: its text is blanked.
    .replace(/(^|[^#\w"])#"((?:[^"\n]|"(?!#))*)"#/gm, (_m, pre: string, body: string) => pre + ' "' + blank(body) + '" ')
    .replace(new RegExp(`(^|[\\s@)])package(?=\\s+(?:${DECLARATION_KEYWORD})\\b)`, 'gm'), (_m, pre: string) => pre + 'public ')
    // `#expect(cond)` checks its argument and `#require(x)` is x unwrapped: both read as `(…)`, the value itself.
    .replace(/#(?:expect|require)(?=\()/g, blank)
    .replace(/#([A-Za-z_]\w*)/g, (m, name: string) => (KNOWN_POUND.has(name) ? m : '_' + name));
  return text === source ? null : text;
}

function errorCount(node: Node): number {
  if (node.type === 'ERROR' || node.isMissing) return 1;
  if (!node.hasError) return 0;
  let count = 0;
  for (const child of node.children) if (child) count += errorCount(child);
  return count;
}

/** The tree of the repaired source, when it has fewer errors than `tree`. The caller deletes it. */
export function reparseModernSyntax(grammar: Grammar, source: string, tree: Tree): { tree: Tree; source: string } | null {
  const text = modernSyntaxSource(source);
  if (text === null) return null;
  const repaired = reparse(grammar, text);
  if (!repaired) return null;
  if (errorCount(repaired.rootNode) < errorCount(tree.rootNode)) return { tree: repaired, source: text };
  repaired.delete();
  return null;
}
