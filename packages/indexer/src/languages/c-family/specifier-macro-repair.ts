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

/**
 * Where the parse broke: the rows where an ERROR node starts or ends or a token is missing, the rows an
 * ERROR node covers, and how bad it is (`lost`: rows inside outermost ERROR nodes plus missing tokens).
 * Rows, not nodes, measure the damage: a header read as one ERROR from its guard on is one node but
 * thousands of lost rows, and a repair that splits it into a few small errors is better, not worse.
 */
export function brokenRows(root: SyntaxNode): { rows: Set<number>; spans: Array<[number, number]>; lost: number } {
  const rows = new Set<number>();
  const spans: Array<[number, number]> = [];
  let lost = 0;
  const visit = (node: SyntaxNode): void => {
    if (node.isMissing) {
      lost++;
      rows.add(node.startPosition.row);
      return;
    }
    if (node.type === 'ERROR') {
      rows.add(node.startPosition.row);
      rows.add(node.endPosition.row);
      spans.push([node.startPosition.row, node.endPosition.row]);
      lost += node.endPosition.row - node.startPosition.row + 1;
      return;
    }
    if (!node.hasError) return;
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  return { rows, spans, lost };
}

/**
 * A line that opens with one or more all-caps macro names (optionally after keywords such as `static`
 * or `template <…>`), then a name, `::` or `[[`: `MACRO type name(`, `MACRO MACRO2 Type *Cls::m(`.
 * Followed by `(` the macro is a call (`TEST_CASE(…)`), and is left alone.
 */
const LEADING_MACROS = /^([ \t]*(?:(?:static|inline|virtual|explicit|constexpr|friend|extern|template[ \t]*<[^\n>]*>)[ \t]+)*)((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]+)+)(?=[A-Za-z_:]|\[\[)/;

/**
 * The tree with specifier macros blanked on broken lines, then member-defining macro lines blanked, each
 * step kept only when it leaves fewer rows in syntax errors; when neither helps alone, both at once (a header
 * read as one ERROR may need its pragma-like macros and its macro-call lines blanked together before any
 * of it parses). Undefined when nothing helps (the caller owns a returned tree).
 */
export function repairSpecifierMacros(tree: Tree, source: string): { tree: Tree; source: string } | undefined {
  if (!tree.rootNode.hasError) return undefined;
  const specifiers = attempt(tree, source, [blankExternTemplates, blankSpecifierMacros]);
  const current = specifiers ?? { tree, source };
  const members = attempt(current.tree, current.source, [blankMemberMacroLines, blankDefinedMacroCalls]);
  if (members) specifiers?.tree.delete();
  return members ?? specifiers ?? attempt(tree, source, [blankExternTemplates, blankSpecifierMacros, blankMemberMacroLines, blankDefinedMacroCalls]);
}

/** Blanks, in `lines`, what a rule finds on the lines of `tree`'s broken parse; whether it blanked anything. */
type BlankingRule = (tree: Tree, lines: string[], broken: ReturnType<typeof brokenRows>) => boolean;

/** The text with each rule's blanking and its new tree, when that tree lost fewer rows to syntax errors. */
function attempt(tree: Tree, source: string, rules: BlankingRule[]): { tree: Tree; source: string } | undefined {
  const broken = brokenRows(tree.rootNode);
  const lines = source.split('\n');
  let changed = false;
  for (const rule of rules) changed = rule(tree, lines, broken) || changed;
  if (!changed) return undefined;
  const repairedSource = lines.join('\n');
  const again = reparse(tree.language, repairedSource);
  if (!again) return undefined;
  if (brokenRows(again.rootNode).lost >= broken.lost) {
    again.delete();
    return undefined;
  }
  return { tree: again, source: repairedSource };
}

/**
 * `extern template class X<int>;` (an explicit instantiation declaration) is C++11 the grammar does not read:
 * inside a namespace it breaks everything up to the namespace's end. It declares nothing new (the template
 * is declared where it is defined), so the line is blanked.
 */
const EXTERN_TEMPLATE_LINE = /^[ \t]*extern[ \t]+template[ \t]+(?:class|struct)\b[^;{}]*;[ \t]*(?:\/\/.*)?$/;

const blankExternTemplates: BlankingRule = (_tree, lines) => {
  let changed = false;
  lines.forEach((line, row) => {
    if (!EXTERN_TEMPLATE_LINE.test(line)) return;
    lines[row] = ' '.repeat(line.length);
    changed = true;
  });
  return changed;
};

/**
 * A line that is only a macro call with no `;` (`CLI11_ERROR_DEF(Error, NotFound)`, `DECLARE_MEMBERS(X)`) in a
 * class body expands to members; the grammar, expecting a `;`, may run the class into the next one. Such lines
 * are blanked where they stand in a class body, or at namespace level where the parse broke on them: in a function
 * body a macro call is code whose arguments may hold calls.
 */
const MACRO_CALL_LINE = /^([ \t]*)([A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*\([^;{}]*\))[ \t]*(?:\/\/.*)?$/;

const blankMemberMacroLines: BlankingRule = (tree, lines, broken) => {
  let changed = false;
  lines.forEach((line, row) => {
    const match = MACRO_CALL_LINE.exec(line);
    if (!match) return;
    // `TEST(a, b)` heading a block on the next line is a function head, not members.
    const next = lines.slice(row + 1).find((l) => l.trim() !== '');
    if (next?.trim().startsWith('{') || /[\\,(=+\-*/&|]\s*$/.test(lines[row - 1] ?? '')) return;
    // Only in a class body, never below code (a block, an initializer), or anywhere in a region the parse broke
    // (where the blocks and argument lists around it are misread: `LIB_FORBID(Result, >=)` reads as a template).
    const at = tree.rootNode.descendantForPosition({ row, column: match[1].length });
    let member: boolean | undefined;
    for (let node: typeof at | null = at; node; node = node.parent) {
      if (node.type === 'ERROR') member = true;
      else if (member === undefined && ['compound_statement', 'initializer_list', 'argument_list', 'lambda_expression'].includes(node.type)) member = false;
      else if (member === undefined && node.type === 'field_declaration_list') member = true;
    }
    // At namespace level, on a line the parse broke (a `;` found missing after it): an attribute-like macro above a
    // declaration (`BENCHMARK_DEPRECATED_MSG("use x")` / `int64_t range_x() const`), once its class head was repaired.
    if (member === undefined && broken.rows.has(row) && next !== undefined && /^\s*(?:[A-Za-z_:~]|\[\[)/.test(next)) member = true;
    if (!member) return;
    lines[row] = match[1] + ' '.repeat(line.length - match[1].length);
    changed = true;
  });
  return changed;
};

/**
 * A line that only calls a function-like macro the file itself `#define`s, ending in `;`
 * (`GMOCK_DEFINE_DEFAULT_ACTION_FOR_RETURN_TYPE_(bool, false);`), outside any function body, on a line the parse
 * broke: the macro expands to declarations (specializations, members) the grammar cannot read as a call, and a run of
 * such lines may end the namespace around them early, sending every later declaration to the global namespace. The
 * `#define` proves it a macro, not a function declared without a type; what it expands to is not read either way,
 * so its arguments are blanked — only arguments holding no call (`ASSERT_X(check(a, b));` in a body the parse broke
 * is code whose calls are sites).
 */
const DEFINED_MACRO_CALL_LINE = /^([ \t]*)([A-Za-z_]\w*[ \t]*\()([^{}()]*)(\)[ \t]*;[ \t]*(?:\/\/.*)?)$/;

const blankDefinedMacroCalls: BlankingRule = (tree, lines, broken) => {
  const defined = new Set<string>();
  for (const line of lines) {
    const name = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(/.exec(line)?.[1];
    if (name) defined.add(name);
  }
  if (defined.size === 0) return false;
  const inBroken = (row: number) => broken.rows.has(row) || broken.spans.some(([start, end]) => row >= start && row <= end);
  let changed = false;
  lines.forEach((line, row) => {
    const match = DEFINED_MACRO_CALL_LINE.exec(line);
    if (!match || !defined.has(match[2].replace(/[\s(]/g, '')) || !inBroken(row)) return;
    // Continuing an expression or a macro's own body (`\` above): not a line of its own.
    if (/[\\,(=+\-*/&|]\s*$/.test(lines[row - 1] ?? '')) return;
    const at = tree.rootNode.descendantForPosition({ row, column: match[1].length });
    for (let node: typeof at | null = at; node; node = node.parent) {
      if (node.type === 'ERROR' || node.type === 'translation_unit' || node.type === 'declaration_list') break;
      // In a function body a macro call is code whose arguments may hold calls.
      if (['compound_statement', 'initializer_list', 'argument_list', 'lambda_expression', 'field_declaration_list'].includes(node.type)) return;
    }
    // The arguments only: `NAME(   );` still reads as the macro's call (its site), and no longer breaks the parse.
    lines[row] = match[1] + match[2] + ' '.repeat(match[3].length) + match[4];
    changed = true;
  });
  return changed;
};

/**
 * A line that is nothing but macro names (`MYLIB_NODISCARD`, `MYLIB_DIAGNOSTIC_PUSH`): a specifier written on a
 * line of its own above the declaration it qualifies, or a pragma-like macro between declarations.
 */
const MACRO_ONLY_LINE = /^([ \t]*)((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*)+)(?:\/\/.*)?$/;

/** Rows above a break a specifier line may stand on (`MACRO` / `inline` / `const T&` / `name() const`). */
const MACRO_LINES_ABOVE = 3;

const blankSpecifierMacros: BlankingRule = (_tree, lines, before) => {
  let changed = false;
  // A declaration's head may break a line below its macros (`CLI11_INLINE bool` / `App::f(…) {`); inside a
  // broken region any line may be such a head.
  const candidates = new Set([...before.rows].flatMap((row) => [row - 1, row]));
  for (const [start, end] of before.spans) for (let row = start; row <= end; row++) candidates.add(row);
  // A macro alone on its line may stand a few lines above where the head breaks, or anywhere inside a broken
  // region: a pragma-like macro between declarations (`LIB_SUPPRESS_WARNINGS_PUSH`) can turn everything
  // from the include guard on into one ERROR.
  const macroRows = new Set<number>();
  for (const row of before.rows) for (let above = row; above >= Math.max(0, row - MACRO_LINES_ABOVE); above--) macroRows.add(above);
  for (const [start, end] of before.spans) for (let row = start; row <= end; row++) macroRows.add(row);
  for (const above of macroRows) {
    const match = MACRO_ONLY_LINE.exec(lines[above] ?? '');
    if (!match) continue;
    // Only before a declaration (a name, `::`, `[[`, `template`), a block (`JSON_TRY` / `{`: a macro for `try`),
    // a preprocessor line or the end of a namespace, comments skipped: never a line ending an expression, nor the
    // only value of an enum (`{` / `VALUE_A` / `}`).
    const next = significantLine(lines, above, 1);
    const previous = significantLine(lines, above, -1) ?? '';
    if (!next || !/^\s*(?:[A-Za-z_:~#{}]|\[\[)/.test(next) || /[\\,(=+\-*/&|]\s*$/.test(previous)
      || (/^\s*}/.test(next) && /{\s*$/.test(previous))) continue;
    lines[above] = match[1] + ' '.repeat(lines[above].length - match[1].length);
    changed = true;
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
  return changed;
};

/** The nearest line from `row` in `direction` that is neither blank nor a comment. */
function significantLine(lines: string[], row: number, direction: 1 | -1): string | undefined {
  for (let at = row + direction; at >= 0 && at < lines.length; at += direction) {
    if (lines[at].trim() !== '' && !/^\s*\/[/*]/.test(lines[at])) return lines[at];
  }
  return undefined;
}
