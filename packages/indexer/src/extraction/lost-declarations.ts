/**
 * How many declarations a file lost to its syntax errors, counted the same way for every language.
 *
 * Error recovery may swallow far more than the broken spot (a whole class, the rest of the file),
 * and nothing in the tree says how much. So the file is parsed again with the spots where recovery
 * gave up blanked to the end of their line (`Broken`), in spaces, so every other character keeps
 * its line and column; then again with the spots of
 * the new errors, until the text parses cleanly (at most `MAX_ROUNDS` times). A clean parse is a
 * valid reading of everything not blanked, so each declaration its extraction yields, whose name the
 * file's own parse read as a token of code, is declared in the file; those the file's own
 * extraction lacks (same name on the same line) were lost. Only types, functions and the like are
 * counted, never values (`UNCOUNTED_KINDS`). The count never over-claims: what the
 * blanked text declared is not counted, and when no clean text is reached nothing is claimed either
 * way — the file is recorded as not checked, never as fully indexed.
 */
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import { DECLARATIONS_LOST, LOSSES_UNCHECKED, type Declaration, type ExtractionError, type FileExtraction } from '../model/extraction.js';

/** Blank-and-parse rounds per file: each round can uncover the next broken spot. */
const MAX_ROUNDS = 12;
/** Larger files are not checked (each round parses and extracts the whole file again). */
const MAX_LENGTH = 500_000;
/** Names quoted in the message. */
const LISTED_NAMES = 5;

/** Parses and extracts a text of the file; the caller's extractor, the tree deleted by the caller. */
export interface Reextraction {
  parse(text: string): Promise<Tree | null>;
  extract(text: string, tree: Tree): FileExtraction;
}

/** A declaration the file lost: its qualified name and the line its name is on. */
export interface LostDeclaration { name: string; line: number }

export type LossCheck = { lost: LostDeclaration[] } | { unchecked: string };

/** The declarations `extraction` lacks that the file's text outside its broken lines proves, or why that is unknown. */
export async function lostDeclarations(tree: Tree, source: string, extraction: FileExtraction, again: Reextraction): Promise<LossCheck> {
  if (source.length > MAX_LENGTH) return { unchecked: 'the file is too large to check' };
  const broken = new Broken(source);
  let root = tree.rootNode;
  let owned: Tree | null = null;
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      // No new text to blank: the errors are where nothing is left to take away.
      if (!broken.add(root)) break;
      const text = broken.blanked();
      owned?.delete();
      owned = await again.parse(text);
      if (!owned) break;
      root = owned.rootNode;
      if (!root.hasError) return { lost: missingFrom(extraction, again.extract(text, owned), tree.rootNode, source) };
    }
  } finally {
    owned?.delete();
  }
  return { unchecked: 'the text around the syntax errors does not parse without them' };
}

/** The error or warning that records a check's outcome in the file's errors (none when nothing was lost). */
export function lossRecord(check: LossCheck): ExtractionError | undefined {
  if ('unchecked' in check) {
    return { message: `whether declarations were lost after the syntax errors is unknown: ${check.unchecked}`, severity: 'warning', code: LOSSES_UNCHECKED };
  }
  if (check.lost.length === 0) return undefined;
  const names = check.lost.slice(0, LISTED_NAMES).map((d) => `${d.name} (line ${d.line})`);
  const more = check.lost.length > LISTED_NAMES ? `, and ${check.lost.length - LISTED_NAMES} more` : '';
  const noun = check.lost.length === 1 ? 'declaration' : 'declarations';
  return {
    message: `${check.lost.length} ${noun} lost after a syntax error, not indexed: ${names.join(', ')}${more}`,
    line: check.lost[0].line,
    severity: 'error',
    code: DECLARATIONS_LOST,
  };
}

/**
 * The characters of a file taken away as broken, from where recovery gave up to the end of that line:
 * in an ERROR node, its first piece that is not a complete structure; for a MISSING token, the node it
 * was to end; and the end of what holds an error no child shows (a missing token of a hidden kind).
 * Line breaks stay, so every other character keeps its line and column.
 */
class Broken {
  private readonly mask: Uint8Array;
  private count = 0;

  constructor(private readonly source: string) {
    this.mask = new Uint8Array(source.length);
  }

  /** Marks the broken text of `root`; whether anything new was marked. */
  add(root: SyntaxNode): boolean {
    const before = this.count;
    if (root.hasError) this.visit(root);
    return this.count > before;
  }

  /** The file with the marked characters as spaces (line breaks kept). */
  blanked(): string {
    const parts: string[] = [];
    for (let from = 0; from < this.source.length; ) {
      const masked = this.mask[from];
      let to = from;
      while (to < this.source.length && this.mask[to] === masked) to++;
      const run = this.source.slice(from, to);
      parts.push(masked ? run.replace(/[^\r\n]/g, ' ') : run);
      from = to;
    }
    return parts.join('');
  }

  private visit(node: SyntaxNode): void {
    if (node.type === 'ERROR') return this.visitError(node);
    // A missing token is inserted where the parser went on, often far from the spot: the start of what it was to end.
    if (node.isMissing) return this.markFrom(node.parent ?? node, node.parent?.endIndex ?? this.lineEnd(node.startIndex));
    let shown = false;
    for (const child of node.children) {
      if (child && (child.hasError || child.isMissing)) {
        shown = true;
        this.visit(child);
      }
    }
    if (shown) return;
    // A missing token no node shows belongs before the end of its holder: the holder on one line, else its last line.
    if (node.startPosition.row === node.endPosition.row) this.mark(node.startIndex, node.endIndex);
    else this.markLine(Math.max(node.startIndex, node.endIndex - 1));
  }

  /**
   * Where recovery gave up inside an ERROR: its first child that is not a complete structure (the
   * complete ones it wraps were read), from there to the end of that line; the ERROR's first line
   * when it wraps only complete structures.
   */
  private visitError(error: SyntaxNode): void {
    for (const child of error.children) {
      if (!child || (child.isNamed && !child.hasError && !child.isMissing && child.childCount > 0)) continue;
      if (child.type !== 'ERROR' && (child.hasError || child.isMissing)) return this.visit(child);
      return this.markFrom(child, error.endIndex);
    }
    this.markFrom(error, error.endIndex);
  }

  /** From `node`'s start to the end of its line, no further than `limit`. */
  private markFrom(node: SyntaxNode, limit: number): void {
    this.mark(node.startIndex, Math.max(node.startIndex + 1, Math.min(limit, this.lineEnd(node.startIndex))));
  }

  private lineEnd(index: number): number {
    const end = this.source.indexOf('\n', index);
    return end < 0 ? this.source.length : end;
  }

  private markLine(index: number): void {
    this.mark(this.source.lastIndexOf('\n', index - 1) + 1, this.lineEnd(index));
  }

  private mark(from: number, to: number): void {
    for (let i = from; i < to && i < this.mask.length; i++) {
      if (this.mask[i] === 0) {
        this.mask[i] = 1;
        this.count++;
      }
    }
  }
}

/**
 * The declarations of `complete` that `extraction` lacks (same name on the same line) and whose name
 * the file's own parse read as a token of code: not a word inside a string or a comment that
 * blanking its opening line laid bare.
 */
function missingFrom(extraction: FileExtraction, complete: FileExtraction, root: SyntaxNode, source: string): LostDeclaration[] {
  const key = (d: Declaration) => `${d.startLine}\u0000${d.name}`;
  const present = new Set(extraction.declarations.map(key));
  const lineStarts = [0];
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lost: Array<LostDeclaration & { at: number }> = [];
  for (const d of complete.declarations) {
    if (UNCOUNTED_KINDS.has(d.kind) || present.has(key(d))) continue;
    const at = nameTokenOf(d, root, source, lineStarts);
    if (at !== undefined) lost.push({ name: d.qualifiedName, line: lineOf(at, lineStarts), at });
  }
  return lost.sort((a, b) => a.at - b.at).map(({ name, line }) => ({ name, line }));
}

function lineOf(index: number, lineStarts: number[]): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/**
 * Value declarations are not counted: blanking a function's broken header lifts its body a level, so
 * a local (`int x = …;`) would read as a field or a top-level variable that the file never declared.
 */
const UNCOUNTED_KINDS: ReadonlySet<string> = new Set(['variable', 'field', 'property', 'constant', 'parameter', 'import', 'export']);

/** Node types (any language) whose text is not code. */
const NOT_CODE = /string|comment|heredoc|template|char|doc/i;

/**
 * Where the declaration's name is first written as a whole token within its span, when the file's own
 * parse read that token as code (not inside a string or a comment); undefined otherwise.
 */
function nameTokenOf(d: Declaration, root: SyntaxNode, source: string, lineStarts: number[]): number | undefined {
  const from = lineStarts[d.startLine - 1];
  if (from === undefined || d.name === '') return undefined;
  const to = (lineStarts[d.endLine] ?? source.length + 1) - 1;
  for (let index = source.indexOf(d.name, from + d.startColumn); index >= 0 && index + d.name.length <= to; index = source.indexOf(d.name, index + 1)) {
    const leaf = root.descendantForIndex(index, index + d.name.length);
    if (!leaf || leaf.startIndex !== index || leaf.endIndex !== index + d.name.length) continue;
    for (let node: SyntaxNode | null = leaf; node; node = node.parent) if (NOT_CODE.test(node.type)) return undefined;
    return index;
  }
  return undefined;
}
