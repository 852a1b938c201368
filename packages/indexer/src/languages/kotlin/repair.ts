/**
 * Kotlin's repair hook for syntax errors: limiting the damage of one. (Recording them is the shared
 * collector's job: src/extraction/core/syntax-errors.ts.)
 *
 * tree-sitter-kotlin turns a whole class into one ERROR node when its primary constructor starts on
 * the line after its name (valid Kotlin): that line break is moved (`joinSplitHeaders`). It does
 * the same over a single broken member
 * (`fun f( {`), losing every declaration around it. Kotlin's layout gives the pieces to try: a
 * line that starts a declaration (`fun`, `val`, `class`, … after modifiers) opens a region that
 * runs to the next line indented no deeper (its closing `}` included). Each region, smallest first,
 * is blanked (spaces, so every position stays where it was) and the file parsed again; the first
 * text that parses without error is walked instead. Only the broken declaration is lost. A trailing
 * comma closing a type parameter list is blanked (`dropTrailingTypeCommas`).
 */
import type { Language as Grammar, Node as SyntaxNode, Tree } from 'web-tree-sitter';
import { reparse } from '../../extraction/core/reparse.js';

/** Re-parses per file, at most. */
const MAX_TRIES = 40;
/** Files larger than this are not re-parsed (each try parses the whole file again). */
const MAX_LENGTH = 200_000;

const DECLARATION_START = /^(\s*)(?:@\w[\w.]*(?:\([^)]*\))?\s+)*(?:(?:public|private|internal|protected|open|abstract|sealed|data|enum|annotation|inline|value|final|override|const|lateinit|suspend|tailrec|operator|infix|external|inner|companion)\s+)*(?:fun|val|var|class|interface|object|init|constructor|typealias)\b/;

/**
 * `class Builder⏎ internal constructor(` — a primary constructor on the line after its class name,
 * which the grammar does not take: the line break moves to after `constructor(` (the first blank
 * after it on its line), so the file keeps its length and every later line its row.
 */
const SPLIT_HEADER = /(\b(?:class|object)\s+\w+(?:<[^>\n]*>)?)([ \t]*)\n([ \t]*)((?:@\w[\w.]*(?:\([^)\n]*\))?\s+)*(?:(?:public|private|internal|protected)[ \t]+)?(?:@\w[\w.]*(?:\([^)\n]*\))?[ \t]+)*constructor[ \t]*\()/g;

export function joinSplitHeaders(source: string): string {
  const chars = source.split('');
  let changed = false;
  for (const match of source.matchAll(SPLIT_HEADER)) {
    const [, head, gap, indent] = match;
    const lineBreak = match.index + head.length + gap.length;
    const after = match.index + match[0].length;
    // The break moves to the first blank after `constructor(` on its line, or, when `(` ends the line, into the indentation.
    let blank = after;
    while (blank < source.length && source[blank] !== '\n' && source[blank] !== ' ' && source[blank] !== '\t') blank++;
    if (blank < source.length && source[blank] !== '\n') {
      chars[lineBreak] = ' ';
      chars[blank] = '\n';
    } else if (indent.length > 0) {
      // `class A⏎··internal constructor(⏎`: `class A internal constructor(⏎⏎` with one indentation character less.
      chars[lineBreak] = ' ';
      chars.splice(lineBreak + 1, 1);
      chars.splice(after - 1, 0, '\n');
    } else if (source[blank] === '\n' && (source[blank + 1] === ' ' || source[blank + 1] === '\t')) {
      // `(` ends the line and the class is not indented: the next line gives up one indentation character.
      chars[lineBreak] = ' ';
      chars.splice(blank + 1, 1);
      chars.splice(after, 0, '\n');
    } else {
      continue;
    }
    changed = true;
  }
  return changed ? chars.join('') : source;
}

/**
 * `fun <⏎  T : (A) -> R,⏎  R,⏎> f()` — a trailing comma closing a type parameter list (valid Kotlin),
 * which the grammar does not take: it loses the declaration and, in a class, the rest of the file.
 * The comma becomes a blank, so every position stays where it was. Only before a `>` that a name, `(`
 * or `:` follows on its line (the declaration going on), never `>=`.
 */
const TRAILING_TYPE_COMMA = /,(\s*>[ \t]*[\w(`:])/g;

export function dropTrailingTypeCommas(source: string): string {
  return source.replace(TRAILING_TYPE_COMMA, ' $1');
}

/**
 * A tree of the file with one broken declaration blanked out, or null when none parses cleanly.
 * `valid`: only split headers were joined — the file is valid Kotlin the grammar misread.
 * `parsed`: the tree of `original` (kept by the caller).
 */
export function repairedTree(grammar: Grammar, original: string, parsed: Tree): { tree: Tree; valid: boolean } | null {
  if (original.length > MAX_LENGTH) return null;
  const source = dropTrailingTypeCommas(joinSplitHeaders(original));
  let joined: Tree | null = null;
  if (source !== original) {
    joined = reparse(grammar, source);
    if (joined && !joined.rootNode.hasError) return { tree: joined, valid: true };
  }
  try {
    return blankedDeclaration(grammar, source, joined ?? parsed);
  } finally {
    joined?.delete();
  }
}

/**
 * The first declaration region (smallest first) whose blanking parses without error. Each try is an
 * incremental parse from the tree of `source` (a blanked region is one edit of the same length):
 * on okhttp the 40 failing tries of a broken file took 5.4 times less than parsing each text from
 * scratch. A try that comes out clean is parsed again from scratch, and that tree is the one walked.
 */
function blankedDeclaration(grammar: Grammar, source: string, base: Tree): { tree: Tree; valid: boolean } | null {
  const lines = source.split('\n');
  const indent = (line: string) => line.length - line.trimStart().length;
  const regions: Array<{ from: number; to: number }> = [];
  lines.forEach((line, row) => {
    const match = DECLARATION_START.exec(line);
    if (!match) return;
    const depth = match[1].length;
    let end = row + 1;
    for (; end < lines.length; end++) {
      const text = lines[end].trim();
      if (text === '' || indent(lines[end]) > depth) continue;
      if (/^[)}\]]/.test(text) && indent(lines[end]) === depth) end++;
      break;
    }
    regions.push({ from: row, to: Math.min(end, lines.length) });
  });
  regions.sort((a, b) => a.to - a.from - (b.to - b.from) || a.from - b.from);
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  for (const { from, to } of regions.slice(0, MAX_TRIES)) {
    const text = lines.map((line, row) => (row >= from && row < to ? ' '.repeat(line.length) : line)).join('\n');
    // Spaces for characters: the edit ends where it started, on the same row and column.
    const last = to - 1;
    const end = { row: last, column: lines[last].length };
    const endIndex = lineStarts[last] + lines[last].length;
    const edited = base.copy();
    let tree: Tree | null;
    try {
      edited.edit({ startIndex: lineStarts[from], oldEndIndex: endIndex, newEndIndex: endIndex, startPosition: { row: from, column: 0 }, oldEndPosition: end, newEndPosition: end });
      tree = reparse(grammar, text, edited);
    } finally {
      edited.delete();
    }
    const clean = tree !== null && !tree.rootNode.hasError;
    tree?.delete();
    if (!clean) continue;
    const fresh = reparse(grammar, text);
    if (fresh && !fresh.rootNode.hasError) return { tree: fresh, valid: false };
    fresh?.delete();
  }
  return null;
}

/** What a `.kt` file may hold at its top level (a script, `.kts`, may hold statements too). */
const TOP_LEVEL_TYPES = new Set([
  'package_header', 'file_annotation', 'import', 'class_declaration', 'object_declaration', 'function_declaration',
  'property_declaration', 'type_alias', 'line_comment', 'block_comment', 'shebang_line', 'ERROR',
]);

/**
 * The top-level expressions of a `.kt` file: where the grammar misread a declaration without an error
 * (`@A(B::class) @C open class K protected constructor()` parsed as annotated infix expressions).
 */
export function misreadRows(root: SyntaxNode): Array<{ from: number; to: number }> {
  const rows: Array<{ from: number; to: number }> = [];
  for (const child of root.namedChildren) {
    if (child && !TOP_LEVEL_TYPES.has(child.type)) rows.push({ from: child.startPosition.row, to: child.endPosition.row });
  }
  return rows;
}

/**
 * A tree of the file with the annotations that lead a misread declaration blanked (lines holding only
 * annotations, spaces instead): the declaration is kept, its annotations lost. null when that does not
 * give a clean top level.
 */
export function withoutLeadingAnnotations(grammar: Grammar, source: string, rows: Array<{ from: number; to: number }>): Tree | null {
  if (source.length > MAX_LENGTH || rows.length === 0) return null;
  const lines = source.split('\n');
  const inMisread = (row: number) => rows.some(({ from, to }) => row >= from && row <= to);
  const text = lines.map((line, row) => (inMisread(row) && /^\s*@[\w.]+(?:\(.*\))?\s*$/.test(line) ? ' '.repeat(line.length) : line)).join('\n');
  if (text === source) return null;
  const tree = reparse(grammar, text);
  if (tree && !tree.rootNode.hasError && misreadRows(tree.rootNode).length === 0) return tree;
  tree?.delete();
  return null;
}

/**
 * A statement that starts with a name beginning with a keyword the grammar's newline scanner looks
 * ahead for (`in1.skip(3)`, `as_2`, `else3`): the scanner takes the keyword as ending where a letter
 * does not follow, so no newline ends the statement before it and the two lines run together
 * (`source()⏎in1` as `source() in1`). Names going on with a letter (`input`, `asList`) parse well.
 */
const KEYWORD_PREFIXED_NAME = /^([ \t]*)[ \t](?:in|as|else)[\d_]/;
/** A line whose end lets a newline end its statement (not an operator, an open bracket or a comma). */
const ENDS_STATEMENT = /[\w)\]"'}`]\s*$/;
/** A line that opens a control structure whose body may be the next line (`if (x)⏎in1.skip()`, `else⏎`). */
const CONTROL_HEAD = /^\s*(?:\}\s*)?(?:if|while|for|else)\b|\belse\s*$/;

/**
 * A class body whose closing `}` follows its last member on the same line (`class A { val x = 1 }`):
 * the grammar wants a separator between them (a missing token of a hidden kind, so no node shows the
 * error). A `;` there is valid Kotlin.
 */
const MEMBER_BEFORE_CLOSE = /\S[ \t]$/;

/**
 * A tree of the file with a `;` written where the grammar wants a separator that Kotlin does not (a
 * blank: same length, same rows, same columns for every name) — into the indentation before each
 * statement above, and before the `}` of each class body above — and that text; null when that
 * leaves no fewer broken spots: then it is not the misread that broke the file.
 */
export function separatedStatements(grammar: Grammar, source: string, root: SyntaxNode): { tree: Tree; text: string } | null {
  if (source.length > MAX_LENGTH) return null;
  const separators: number[] = [];
  let offset = 0;
  let previous = '';
  for (const line of source.split('\n')) {
    const match = KEYWORD_PREFIXED_NAME.exec(line);
    if (match && ENDS_STATEMENT.test(previous) && !CONTROL_HEAD.test(previous) && isCode(root, offset + match[1].length + 1)) separators.push(offset + match[1].length);
    if (line.trim() !== '') previous = line;
    offset += line.length + 1;
  }
  for (const body of brokenClassBodies(root)) {
    const close = body.lastChild;
    if (close?.type !== '}') continue;
    const lineStart = source.lastIndexOf('\n', close.startIndex - 1) + 1;
    if (MEMBER_BEFORE_CLOSE.test(source.slice(lineStart, close.startIndex))) separators.push(close.startIndex - 1);
  }
  if (separators.length === 0) return null;
  const parts: string[] = [];
  let from = 0;
  for (const at of separators.sort((a, b) => a - b)) {
    parts.push(source.slice(from, at), ';');
    from = at + 1;
  }
  parts.push(source.slice(from));
  const text = parts.join('');
  const tree = reparse(grammar, text);
  if (tree && brokenSpots(tree.rootNode) < brokenSpots(root)) return { tree, text };
  tree?.delete();
  return null;
}

/** The class bodies of a tree that hold a syntax error. */
function brokenClassBodies(root: SyntaxNode): SyntaxNode[] {
  const bodies: SyntaxNode[] = [];
  const visit = (node: SyntaxNode) => {
    if (node.type === 'class_body') bodies.push(node);
    for (const child of node.children) if (child?.hasError) visit(child);
  };
  if (root.hasError) visit(root);
  return bodies;
}

/** ERROR and MISSING nodes of a tree, and the nodes holding an error no child shows. */
function brokenSpots(node: SyntaxNode): number {
  if (node.isMissing || node.type === 'ERROR') return 1;
  let count = 0;
  let shown = false;
  for (const child of node.children) {
    if (child && (child.hasError || child.isMissing)) {
      shown = true;
      count += brokenSpots(child);
    }
  }
  return shown ? count : 1;
}

/** Whether the character at `index` is code, not inside a string or a comment. */
function isCode(root: SyntaxNode, index: number): boolean {
  for (let node: SyntaxNode | null = root.descendantForIndex(index); node; node = node.parent) {
    if (/string|comment/.test(node.type)) return false;
  }
  return true;
}
