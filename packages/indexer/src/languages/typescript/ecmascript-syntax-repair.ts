/**
 * Works around two gaps of the pinned tree-sitter-typescript grammar (0.23.2) that wreck whole files
 * through error recovery (effect: 190 of 363 files, often the entire file under one ERROR node):
 *
 * 1. Variance annotations on type parameters (`interface Fiber<out A, in out E>`, TS 4.7) are not in
 *    the grammar at all.
 * 2. Its automatic-semicolon scanner never ends a line before `<`, so newline-separated generic call
 *    signatures in an object type (`{ (a: A): B \n <X>(b: X): Y }`, the `dual` overload idiom) run into
 *    each other.
 * 3. Template literal *types* take no escape sequences: an escaped backtick (`Missing \`Self\``) ends
 *    the type early and the rest of the file is read as code.
 *
 * When a parse has errors, the source is re-parsed with those spots neutralised without changing any
 * offset or line: the modifiers become spaces, one indentation character before such a `<` becomes
 * `;`, and the escapes of a broken template literal type become spaces. The repaired tree is used only when it has fewer error nodes than the original. Declaration
 * names never overlap a rewritten character, and the extractor keeps reading text from the original
 * source.
 */
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import { reparse } from '../../extraction/core/reparse.js';

/** `<in out T`, `, out E =`: a variance modifier on a type parameter (comments may come before it). */
const VARIANCE_MODIFIER = /([<,](?:\s|\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\/|\/\/[^\n]*\n)*)((?:in[ \t]+out|in|out)[ \t]+)(?=[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))/g;
/** An indented line starting with `<`. */
const LINE_STARTING_WITH_ANGLE = /\n[ \t]*[ \t]</g;
/**
 * Words after which a `<` on the next line continues the expression or type. (`void` is left out: as a
 * type it ends a member, and `void\n<T>x` is not written.)
 */
const CONTINUING_KEYWORDS: ReadonlySet<string> = new Set([
  'return', 'extends', 'keyof', 'typeof', 'as', 'satisfies', 'new', 'await', 'yield', 'in', 'of', 'instanceof', 'case',
  'else', 'do', 'throw', 'delete', 'infer', 'is', 'readonly', 'unique', 'asserts',
]);
/** Node types whose text is not code: a rewrite there would change a string or a comment. */
const NOT_CODE: ReadonlySet<string> = new Set([
  'comment', 'string', 'string_fragment', 'template_string', 'escape_sequence', 'regex', 'regex_pattern', 'jsx_text',
]);

const MAX_ROUNDS = 3;

/**
 * A better tree for `source` when `tree` has syntax errors that the repairs above remove, else null.
 * The caller owns the returned tree.
 */
export function repairedTree(tree: Tree, source: string, language: string): Tree | null {
  if (!tree.rootNode.hasError || (language !== 'typescript' && language !== 'tsx')) return null;
  let best: Tree | null = null;
  let bestErrors = errorNodeCount(tree.rootNode);
  let text = source;
  // A repair can uncover the next broken spot (error recovery hides it), so repair the repaired tree.
  for (let round = 0; round < MAX_ROUNDS && bestErrors > 0; round++) {
    const repaired = repairSource(text, (best ?? tree).rootNode, language === 'typescript');
    if (repaired === text) break;
    const candidate = reparse(tree.language, repaired);
    if (!candidate) break;
    const errors = errorNodeCount(candidate.rootNode);
    if (errors >= bestErrors) {
      candidate.delete();
      break;
    }
    best?.delete();
    best = candidate;
    bestErrors = errors;
    text = repaired;
  }
  return best;
}

/** `source` with the two grammar gaps neutralised; same length, same line breaks. */
export function repairSource(source: string, root: SyntaxNode, repairGenericSignatures: boolean): string {
  // Offset → replacement character. (Splitting a large file into characters and joining them again
  // cost more than parsing it.)
  const edits = new Map<number, string>();
  for (const match of source.matchAll(VARIANCE_MODIFIER)) {
    const start = match.index + match[1]!.length;
    if (!isCode(root, start)) continue;
    for (let i = start; i < start + match[2]!.length; i++) edits.set(i, ' ');
  }
  for (const literal of brokenTemplateLiteralTypes(root)) blankTemplateEscapes(source, edits, literal.startIndex);
  if (repairGenericSignatures) {
    for (const match of source.matchAll(LINE_STARTING_WITH_ANGLE)) {
      const angle = match.index + match[0].length - 1;
      if (!isCode(root, angle) || !endsMember(source, root, match.index)) continue;
      edits.set(angle - 1, ';');
    }
  }
  return edits.size === 0 ? source : applyEdits(source, edits);
}

/** `source` with single characters replaced; same length. */
function applyEdits(source: string, edits: ReadonlyMap<number, string>): string {
  const offsets = [...edits.keys()].sort((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const offset of offsets) {
    parts.push(source.slice(from, offset), edits.get(offset)!);
    from = offset + 1;
  }
  parts.push(source.slice(from));
  return parts.join('');
}

/** Whether the code before `lineBreak` (comments skipped) ends something, so a new member may start. */
function endsMember(source: string, root: SyntaxNode, lineBreak: number): boolean {
  let end = lineBreak;
  for (;;) {
    while (end > 0 && /\s/.test(source[end - 1]!)) end--;
    if (end === 0) return false;
    const node = root.descendantForIndex(end - 1);
    if (!node || node.type !== 'comment' || node.startIndex >= end) break;
    end = node.startIndex;
  }
  const last = source[end - 1]!;
  if (last === '>') return source[end - 2] !== '=';
  if (/[)\]}'"`]/.test(last)) return true;
  if (!/[\w$]/.test(last)) return false;
  let wordStart = end - 1;
  while (wordStart > 0 && /[\w$]/.test(source[wordStart - 1]!)) wordStart--;
  return !CONTINUING_KEYWORDS.has(source.slice(wordStart, end));
}

/** Template literal types that hold an ERROR node (an escape cut them short). */
function brokenTemplateLiteralTypes(root: SyntaxNode): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'template_literal_type' && node.children.some((child) => child?.type === 'ERROR')) {
      found.push(node);
      continue;
    }
    for (const child of node.children) if (child?.hasError) stack.push(child);
  }
  return found;
}

/**
 * Blanks every escape in the literal parts of the template starting at `open` (a backtick), up to its
 * real closing backtick; `\${...}` substitutions are skipped by brace depth.
 */
function blankTemplateEscapes(source: string, edits: Map<number, string>, open: number): void {
  let depth = 0;
  for (let i = open + 1; i < source.length; i++) {
    const c = source[i];
    if (depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
    } else if (c === '`') {
      break;
    } else if (c === '\\') {
      edits.set(i, ' ');
      if (i + 1 < source.length && source[i + 1] !== '\n') edits.set(i + 1, ' ');
      i++;
    } else if (c === '$' && source[i + 1] === '{') {
      depth = 1;
      i++;
    }
  }
}

function isCode(root: SyntaxNode, index: number): boolean {
  const node = root.descendantForIndex(index);
  return !node || !NOT_CODE.has(node.type);
}

function errorNodeCount(root: SyntaxNode): number {
  let count = 0;
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isMissing || node.type === 'ERROR') count++;
    for (const child of node.children) if (child && (child.hasError || child.isMissing)) stack.push(child);
  }
  return count;
}
