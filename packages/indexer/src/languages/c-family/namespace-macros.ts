/**
 * Libraries open their namespaces with a macro (`FMT_BEGIN_NAMESPACE` … `FMT_END_NAMESPACE`,
 * `NLOHMANN_JSON_NAMESPACE_BEGIN`, `PUGI_IMPL_NS_BEGIN`), defined once in a header as `namespace fmt {
 * inline namespace v11 {` and used in every file. The grammar cannot expand it: the region's declarations
 * read as global ones, and `fmt::format(…)` names a namespace nobody declares.
 *
 * A file cannot see the header that defines the macro (extraction reads one file), so each file states what
 * it can: a region between a line holding only an opening macro and the line holding only its closing
 * twin is a namespace named by the macro, flagged `openedByMacro` (its declarations are `FMT_BEGIN_NAMESPACE::format`
 * in every file alike); a `#define` whose value only opens namespaces states the named ones
 * (`expandsToNamespace: ['fmt']`, inline and anonymous ones being transparent). The resolver joins the two
 * (`declarations.namespaceMacros`): `fmt::format` and `FMT_BEGIN_NAMESPACE::format` are one name.
 */
import type { Tree } from 'web-tree-sitter';
import { reparse } from '../../extraction/core/reparse.js';

/** A namespace a macro opens in this file: rows (0-based) of its opening and closing lines. */
export interface MacroNamespace {
  macro: string;
  startRow: number;
  endRow: number;
  endColumn: number;
}

/**
 * An opening macro's name says so: `NAMESPACE` or `NS` as a word of it, and `BEGIN`, `START` or `OPEN`
 * (`FMT_BEGIN_NAMESPACE`, `NLOHMANN_JSON_NAMESPACE_BEGIN`, `OPEN_INTERNAL_NAMESPACE`, `PUGI_IMPL_NS_BEGIN`).
 */
const OPENING = /^(?=[A-Z0-9_]*(?:^|_)(?:NAMESPACE|NS)(?:_|$))(?=[A-Z0-9_]*(?:^|_)(?:BEGIN|START|OPEN)(?:_|$))[A-Z][A-Z0-9_]*$/;
const CLOSING_WORD: Record<string, string> = { BEGIN: 'END', START: 'END', OPEN: 'CLOSE' };

/** `FMT_BEGIN_NAMESPACE` → `FMT_END_NAMESPACE`, `OPEN_INTERNAL_NAMESPACE` → `CLOSE_INTERNAL_NAMESPACE`. */
function closingTwin(opening: string): string {
  return opening.split('_').map((word) => CLOSING_WORD[word] ?? word).join('_');
}

/** A line holding one macro name and nothing else (a trailing comment aside), written from the line's start. */
const MACRO_LINE = /^([A-Z][A-Z0-9_]*)[ \t]*(?:\/\/.*|\/\*.*\*\/[ \t]*)?\r?$/;

/** Whether a line of the text opens a namespace by a macro (`FMT_BEGIN_NAMESPACE` alone on its line). */
export function opensMacroNamespace(source: string): boolean {
  if (!source.includes('NAMESPACE') && !source.includes('_NS')) return false;
  return source.split('\n').some((line) => OPENING.test(MACRO_LINE.exec(line)?.[1] ?? ''));
}

/**
 * The macro-opened namespaces of a file, and its text with their macro lines blanked (same length: every position
 * stays) and parsed again, so that the region's declarations parse as any namespace's (no tree: `source` had them
 * blanked already). Undefined when the file has none, or when the blanked text parses worse (a macro that also opened
 * a brace the file writes itself: `TOML_NAMESPACE_START {`). The caller owns a returned tree.
 */
export function findMacroNamespaces(original: string, tree: Tree, source: string): { tree?: Tree; source: string; regions: MacroNamespace[] } | undefined {
  if (!original.includes('NAMESPACE') && !original.includes('_NS')) return undefined;
  // Found in the file as written: an earlier repair may have blanked the lines already (as pragma-like macros).
  const written = original.split('\n');
  const lines = source.split('\n');
  const regions: MacroNamespace[] = [];
  const open: Array<{ macro: string; closing: string; row: number }> = [];
  written.forEach((line, row) => {
    const name = MACRO_LINE.exec(line)?.[1];
    if (!name) return;
    if (OPENING.test(name)) {
      open.push({ macro: name, closing: closingTwin(name), row });
      return;
    }
    const top = open[open.length - 1];
    if (top && top.closing === name) {
      open.pop();
      regions.push({ macro: top.macro, startRow: top.row, endRow: row, endColumn: line.length });
    }
  });
  if (regions.length === 0) return undefined;
  for (const region of regions) {
    for (const row of [region.startRow, region.endRow]) lines[row] = lines[row].replace(/^[A-Z][A-Z0-9_]*/, (name) => ' '.repeat(name.length));
  }
  regions.sort((a, b) => a.startRow - b.startRow);
  const repaired = lines.join('\n');
  if (repaired === source) return { source, regions };
  const again = reparse(tree.language, repaired);
  if (!again) return undefined;
  if (errorRows(again) > errorRows(tree)) {
    again.delete();
    return undefined;
  }
  return { tree: again, source: repaired, regions };
}

/** Rows inside syntax errors (the damage a blanking must not increase). */
function errorRows(tree: Tree): number {
  let rows = 0;
  const visit = (node: Tree['rootNode']): void => {
    if (node.type === 'ERROR' || node.isMissing) {
      rows += node.endPosition.row - node.startPosition.row + 1;
      return;
    }
    if (!node.hasError) return;
    for (const child of node.children) if (child) visit(child);
  };
  visit(tree.rootNode);
  return rows;
}

/**
 * The named namespaces a macro's value opens, outermost first (`namespace fmt { inline namespace v11 {` → ['fmt'],
 * `namespace pugi { namespace impl { namespace {` → ['pugi', 'impl']); a name that is a macro the file defined before
 * as a name (`#define RAPIDJSON_NAMESPACE rapidjson`) is read as that name. An empty list: it opens namespaces, but
 * one is named by a macro the file does not define (which namespace is unknown). Undefined: the value is anything else.
 */
export function namespacesOpenedBy(value: string, macroValue: (name: string) => string | undefined): string[] | undefined {
  const text = value.replace(/\\\r?\n/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ').trim();
  if (!/^(?:(?:inline\s+)?namespace\b(?:\s*[A-Za-z_][\w:]*)?\s*\{\s*)+$/.test(text)) return undefined;
  const names: string[] = [];
  for (const match of text.matchAll(/(inline\s+)?namespace\b\s*([A-Za-z_][\w:]*)?\s*\{/g)) {
    if (match[1] || !match[2]) continue;
    const written = macroValue(match[2])?.trim() ?? match[2];
    for (const part of written.split('::').filter(Boolean)) {
      if (!/^[A-Za-z_]\w*$/.test(part) || /^[A-Z0-9_]+$/.test(part) && part.includes('_')) return [];
      names.push(part);
    }
  }
  return names;
}
