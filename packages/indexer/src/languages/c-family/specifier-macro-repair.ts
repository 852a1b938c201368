/**
 * C++ libraries put macros that expand to attributes or specifiers in front of declarations
 * (`CLI11_NODISCARD CLI11_INLINE App *App::get(int i) const;`, `FMT_CONSTEXPR void f();`,
 * `SPDLOG_INLINE logger::logger(...)`). The grammar cannot know they expand to `[[nodiscard]]`,
 * `inline` or nothing: it reads the macro as the declaration's type and the rest as an error, so the
 * member, and often its whole class, is lost. The repair blanks such macro names (same length, so
 * every position stays) on the lines the parse broke, parses again, and keeps the new tree only when
 * it has fewer syntax errors than the old one: a name the repair blanked wrongly makes no tree worse.
 */
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import { reparse } from '../../extraction/core/reparse.js';

/** Rows (0-based) where the parse broke: an ERROR node starts or a token is missing. */
function brokenRows(root: SyntaxNode): { rows: Set<number>; count: number } {
  const rows = new Set<number>();
  let count = 0;
  const visit = (node: SyntaxNode): void => {
    if (node.type === 'ERROR' || node.isMissing) {
      count++;
      rows.add(node.startPosition.row);
      rows.add(node.endPosition.row);
      if (node.isMissing) return;
    }
    if (!node.hasError && !node.isMissing) return;
    for (const child of node.children) if (child) visit(child);
  };
  visit(root.hasError ? root : root);
  return { rows, count };
}

/**
 * A line that opens with one or more all-caps macro names (optionally after keywords such as `static`
 * or `template <…>`), then a name, `::` or `[[`: `MACRO type name(`, `MACRO MACRO2 Type *Cls::m(`.
 * Followed by `(` the macro is a call (`TEST_CASE(…)`), and is left alone.
 */
const LEADING_MACROS = /^([ \t]*(?:(?:static|inline|virtual|explicit|constexpr|friend|extern|template[ \t]*<[^\n>]*>)[ \t]+)*)((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]+)+)(?=[A-Za-z_:]|\[\[)/;

/**
 * The tree with specifier macros blanked on broken lines, then member-defining macro lines blanked, each
 * step kept only when it leaves fewer syntax errors; undefined when neither helps (the caller owns a returned tree).
 */
export function repairSpecifierMacros(tree: Tree, source: string): { tree: Tree; source: string } | undefined {
  const specifiers = blankSpecifierMacros(tree, source);
  const current = specifiers ?? { tree, source };
  const members = blankMemberMacroLines(current.tree, current.source);
  if (!members) return specifiers;
  specifiers?.tree.delete();
  return members;
}

/**
 * A line that is only a macro call with no `;` (`CLI11_ERROR_DEF(Error, NotFound)`, `DECLARE_MEMBERS(X)`) in a
 * class body expands to members; the grammar, expecting a `;`, may run the class into the next one. Such lines
 * are blanked where they stand in a class body: in a function body a macro call is code whose arguments may
 * hold calls.
 */
const MACRO_CALL_LINE = /^([ \t]*)([A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*\([^;{}]*\))[ \t]*(?:\/\/.*)?$/;

function blankMemberMacroLines(tree: Tree, source: string): { tree: Tree; source: string } | undefined {
  if (!tree.rootNode.hasError) return undefined;
  const before = brokenRows(tree.rootNode).count;
  const lines = source.split('\n');
  let changed = false;
  lines.forEach((line, row) => {
    const match = MACRO_CALL_LINE.exec(line);
    if (!match) return;
    // `TEST(a, b)` heading a block on the next line is a function head, not members.
    const next = lines.slice(row + 1).find((l) => l.trim() !== '');
    if (next?.trim().startsWith('{') || /[\\,(=+\-*/&|]\s*$/.test(lines[row - 1] ?? '')) return;
    // Only in a class body or a region the parse broke, never below code (a block, an initializer).
    const at = tree.rootNode.descendantForPosition({ row, column: match[1].length });
    let member = false;
    for (let node: typeof at | null = at; node && !member; node = node.parent) {
      if (['compound_statement', 'initializer_list', 'argument_list', 'lambda_expression'].includes(node.type)) return;
      member = node.type === 'field_declaration_list' || node.type === 'ERROR';
    }
    if (!member) return;
    lines[row] = match[1] + ' '.repeat(line.length - match[1].length);
    changed = true;
  });
  if (!changed) return undefined;
  const repairedSource = lines.join('\n');
  const again = reparse(tree.language, repairedSource);
  if (!again) return undefined;
  if (brokenRows(again.rootNode).count >= before) {
    again.delete();
    return undefined;
  }
  return { tree: again, source: repairedSource };
}

/**
 * A line that is nothing but macro names (`MYLIB_NODISCARD`, `MYLIB_DIAGNOSTIC_PUSH`): a specifier written on a
 * line of its own above the declaration it qualifies, or a pragma-like macro between declarations.
 */
const MACRO_ONLY_LINE = /^([ \t]*)((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*)+)(?:\/\/.*)?$/;

/** Rows above a break a specifier line may stand on (`MACRO` / `inline` / `const T&` / `name() const`). */
const MACRO_LINES_ABOVE = 3;

function blankSpecifierMacros(tree: Tree, source: string): { tree: Tree; source: string } | undefined {
  if (!tree.rootNode.hasError) return undefined;
  const before = brokenRows(tree.rootNode);
  const lines = source.split('\n');
  let changed = false;
  // A declaration's head may break a line below its macros (`CLI11_INLINE bool` / `App::f(…) {`).
  const candidates = new Set([...before.rows].flatMap((row) => [row - 1, row]));
  // A macro alone on its line may stand a few lines above where the head breaks.
  for (const row of before.rows) {
    for (let above = row; above >= Math.max(0, row - MACRO_LINES_ABOVE); above--) {
      const match = MACRO_ONLY_LINE.exec(lines[above]);
      if (!match) continue;
      // Only before a declaration (a name, `::`, `[[`, `template`): never a line ending an expression.
      const next = lines.slice(above + 1).find((l) => l.trim() !== '');
      if (!next || !/^\s*(?:[A-Za-z_:~]|\[\[)/.test(next) || /[\\,(=+\-*/&|]\s*$/.test(lines[above - 1] ?? '')) continue;
      lines[above] = match[1] + ' '.repeat(lines[above].length - match[1].length);
      changed = true;
    }
  }
  for (const row of candidates) {
    const line = lines[row];
    if (line === undefined) continue;
    const match = LEADING_MACROS.exec(line);
    if (!match) continue;
    const [whole, lead, macros] = match;
    // The macros, blanked; what follows must still be a declaration (`MACRO x = …` is left alone).
    const rest = line.slice(whole.length);
    if (/^\w+\s*(?:=|;|,|\))/.test(rest)) continue;
    lines[row] = lead + ' '.repeat(macros.length) + rest;
    changed = true;
  }
  if (!changed) return undefined;
  const repairedSource = lines.join('\n');
  const again = reparse(tree.language, repairedSource);
  if (!again) return undefined;
  if (brokenRows(again.rootNode).count >= before.count) {
    again.delete();
    return undefined;
  }
  return { tree: again, source: repairedSource };
}
