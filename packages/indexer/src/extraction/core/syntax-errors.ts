/**
 * One syntax-error collector for every language: the same walk, cap, message format and line
 * numbering, whatever grammar produced the tree. How a language limits the damage of an error
 * (Python's re-parse from a restart point, the TypeScript grammar repair) stays in its folder;
 * it hands every tree it parses to the same collector.
 *
 * Each error is one `ExtractionError` with `code: 'syntax-error'`, `severity: 'error'` and the
 * position of the broken region in `line`/`column` (the message does not repeat it):
 *  - an ERROR node: `syntax error near "<the start of its first line>"` (whitespace collapsed, at
 *    most 40 characters: the quote shows the line that `line` names, never the lines it swallowed);
 *  - a MISSING node: `syntax error: missing ";"` (a token), `syntax error: missing identifier`
 *    (a named node, left unquoted: it is a kind of node, not text);
 *  - a tree with an error no node shows (a missing token of a hidden kind):
 *    `syntax error: missing token in class_body`, at the innermost node holding it.
 * Only the outermost ERROR of a region is listed (what it contains is the same breakage), in
 * document order. Beyond the cap, one warning says how many were left out.
 */
import type { Node as SyntaxNode, TreeCursor } from 'web-tree-sitter';
import type { ExtractionError } from '../../model/extraction.js';
import { walkPreOrder } from './tree-walk.js';
import { noteRuntimeError } from '../../parsing/runtime-crash.js';

/**
 * Syntax errors listed per file. Each listed error is a separate broken region, and a reader fixes
 * a file from its first few; a file with more than 50 is not really in that language (a template,
 * a flow-typed or minified file) and a longer list only bloats `files.errors`.
 */
export const MAX_LISTED_SYNTAX_ERRORS = 50;
/** Characters of an ERROR region quoted in its message. */
const SNIPPET_LENGTH = 40;

export class SyntaxErrorCollector {
  private readonly listed: ExtractionError[] = [];
  private unlisted = 0;

  constructor(private readonly cap = MAX_LISTED_SYNTAX_ERRORS) {}

  /**
   * Records the ERROR and MISSING nodes of a tree parsed from `source`. `rowOffset`: the file row
   * the tree's row 0 stands for (a piece of the file parsed on its own); columns are unchanged,
   * since such a piece starts at a line start.
   */
  collect(root: SyntaxNode, source: string, rowOffset = 0): void {
    if (!root.hasError) return;
    const found = this.listed.length + this.unlisted;
    const cursor = root.walk();
    try {
      this.walk(cursor, source, rowOffset);
    } finally {
      cursor.delete();
    }
    // The tree says it has an error, yet no node shows one: a missing token of a hidden kind (Kotlin's
    // `_class_member_semi` in `class A { fun f() {} }`), which no child list holds. Its innermost
    // holder names the spot, so the file is never reported clean.
    if (this.listed.length + this.unlisted === found) {
      const holder = innermostWithError(root);
      const start = holder.startPosition;
      if (this.listed.length < this.cap) {
        this.listed.push({ message: `syntax error: missing token in ${holder.type}`, line: start.row + 1 + rowOffset, column: start.column, severity: 'error', code: 'syntax-error' });
      } else {
        this.unlisted++;
      }
    }
  }

  /** The errors listed so far, then (when some were not listed) one warning with their number. */
  errors(): ExtractionError[] {
    if (this.unlisted === 0) return [...this.listed];
    const noun = this.unlisted === 1 ? 'syntax error' : 'syntax errors';
    return [...this.listed, { message: `${this.unlisted} more ${noun} not listed`, severity: 'warning', code: 'syntax-error' }];
  }

  /**
   * Pre-order walk that enters only subtrees holding an error. The cursor answers type, position
   * and MISSING without a Node object; one is made only to ask `hasError` of a child of a node on
   * the way to an error, so an error-free file region costs nothing.
   */
  private walk(cursor: TreeCursor, source: string, rowOffset: number): void {
    walkPreOrder(cursor, (at) => {
      if (at.nodeIsMissing) this.record(at, missingMessage(at), rowOffset);
      else if (at.nodeType === 'ERROR') this.record(at, errorMessage(at, source), rowOffset);
      else return at.currentNode.hasError;
      return false;
    });
  }


  private record(cursor: TreeCursor, message: string, rowOffset: number): void {
    if (this.listed.length >= this.cap) {
      this.unlisted++;
      return;
    }
    const start = cursor.startPosition;
    this.listed.push({ message, line: start.row + 1 + rowOffset, column: start.column, severity: 'error', code: 'syntax-error' });
  }
}

/** The deepest node on the way down from `root` whose subtree has an error. */
function innermostWithError(root: SyntaxNode): SyntaxNode {
  let node = root;
  for (;;) {
    const child = node.children.find((c) => c?.hasError);
    if (!child) return node;
    node = child;
  }
}

function missingMessage(cursor: TreeCursor): string {
  const type = cursor.nodeType;
  return `syntax error: missing ${cursor.nodeIsNamed ? type : JSON.stringify(type)}`;
}

function errorMessage(cursor: TreeCursor, source: string): string {
  const start = cursor.startIndex;
  // Read a bounded slice: an ERROR node may swallow the rest of a large file.
  const raw = source.slice(start, Math.min(cursor.endIndex, start + SNIPPET_LENGTH * 4));
  const text = raw.split(/[\r\n]/, 1)[0].replace(/\s+/g, ' ').trim();
  if (text.length === 0) return 'syntax error';
  const snippet = text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text;
  return `syntax error near ${JSON.stringify(snippet)}`;
}

/** The error a language's extractor records when it stops early: the rest of the file is lost, the run goes on. */
export function extractorFailure(language: string, error: unknown): ExtractionError {
  // A trap or a stack overflow may have left the parser runtime broken: the thread is retired after this file.
  noteRuntimeError(error);
  return {
    message: `${language} extraction stopped early: ${error instanceof Error ? error.message : String(error)}`,
    severity: 'error',
    code: 'extractor-failure',
  };
}
