/**
 * Inline graph expectations: assertions written in line comments right under the code line they
 * test, one per comment line, with a caret that points into that line:
 *
 *     app.route("/")
 *     #   ^ calls: app.py::App::route
 *     #   ^ resolved-by: qualified-member
 *
 * This module only reads the comments (it knows nothing of the graph); the runner in
 * expectations.test.ts checks them against an indexed fixture. The syntax is described for
 * fixture writers in fixtures/expectations/README.md.
 */

/**
 * The line-comment prefix of every extension arbor maps to a language (all 18 languages, not
 * only the ones it extracts today), so the same runner serves each language as it arrives.
 */
export const LINE_COMMENT_BY_EXTENSION: Readonly<Record<string, string>> = {
  // typescript, tsx, javascript, jsx
  '.ts': '//', '.mts': '//', '.cts': '//', '.tsx': '//', '.js': '//', '.mjs': '//', '.cjs': '//', '.jsx': '//',
  // python, ruby: `#`
  '.py': '#', '.pyi': '#', '.rb': '#',
  '.go': '//', '.java': '//', '.c': '//', '.h': '//',
  '.cpp': '//', '.cc': '//', '.cxx': '//', '.hpp': '//', '.hh': '//', '.hxx': '//',
  '.cs': '//', '.php': '//', '.rs': '//', '.zig': '//', '.kt': '//', '.kts': '//',
  '.swift': '//', '.dart': '//', '.scala': '//', '.sc': '//',
};

/** The line-comment prefix for a file, or undefined when its extension is not in the table. */
export function lineCommentFor(path: string): string | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return LINE_COMMENT_BY_EXTENSION[base.slice(dot).toLowerCase()];
}

export const EDGE_ASSERTION_KINDS = ['calls', 'instantiates', 'extends', 'implements', 'imports'] as const;
export type EdgeAssertionKind = (typeof EDGE_ASSERTION_KINDS)[number];

export type Assertion =
  /** An edge of this kind from the site to `target` (`file::Qualified::name`, or a file for `imports`). */
  | { kind: EdgeAssertionKind; target: string }
  /**
   * The edge matched by the nearest edge assertion above it at the same caret (written on comment
   * line `of`) has this `metadata.resolvedBy`.
   */
  | { kind: 'resolved-by'; value: string; of: number }
  /** The site is recorded in `unresolved_refs` (with this `reference_name`, when given). */
  | { kind: 'unresolved'; name?: string }
  /** No edge at all from the site. */
  | { kind: 'no-edge' };

export interface LocatedAssertion {
  /** The code line the caret points into (1-based). */
  line: number;
  /** The caret's column (0-based, as columns are in the graph). */
  column: number;
  /** The comment line the assertion is written on (1-based): where errors point. */
  commentLine: number;
  assertion: Assertion;
  /** The assertion as written, for messages. */
  text: string;
}

export class ExpectationSyntaxError extends Error {}

const TARGET = /^[^\s:]+(?:::[^\s:]+)+$/; // path::Qualified::name, no spaces
const FILE = /^[^\s:]+$/;

/**
 * Every assertion in one file. Throws ExpectationSyntaxError, naming file:line, for a caret
 * comment that is not a well-formed assertion or does not sit under a code line.
 */
export function parseExpectations(file: string, source: string, commentPrefix: string): LocatedAssertion[] {
  const lines = source.split(/\r?\n/);
  const caretLine = new RegExp(`^\\s*${escapeRegExp(commentPrefix)}\\s*\\^`);
  const fail = (lineIndex: number, message: string): never => {
    throw new ExpectationSyntaxError(`${file}:${lineIndex + 1}: ${message}`);
  };

  const out: LocatedAssertion[] = [];
  let codeLine = -1; // index of the code line the current run of caret comments sits under
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (!caretLine.test(raw)) {
      // Only a line with code on it can be asserted: a blank line or an ordinary comment ends the run.
      const trimmed = raw.trim();
      codeLine = trimmed === '' || trimmed.startsWith(commentPrefix) ? -1 : i;
      continue;
    }
    if (codeLine < 0) fail(i, 'assertion is not directly under a code line (or under other assertions of one)');
    const column = raw.indexOf('^', raw.indexOf(commentPrefix) + commentPrefix.length);
    const code = lines[codeLine];
    if (column >= code.length || code[column] === ' ' || code[column] === '\t') {
      fail(i, `caret at column ${column} points at no code character of line ${codeLine + 1}`);
    }
    // Graph columns count UTF-16 code units and a caret is placed by eye: the two surely agree over ASCII only.
    if (/[^\x00-\x7f]/.test(code.slice(0, column))) fail(i, `non-ASCII text before the caret on line ${codeLine + 1}`);
    const text = raw.slice(column + 1).trim();
    const assertion = parseAssertion(text, (m) => fail(i, m));
    if (assertion.kind === 'resolved-by') {
      const sameCaret = out.filter((a) => a.line === codeLine + 1 && a.column === column);
      const edge = sameCaret.filter((a) => isEdgeAssertion(a.assertion)).pop();
      if (!edge) fail(i, 'resolved-by needs an edge assertion above it at the same caret');
      if (sameCaret.some((a) => a.assertion.kind === 'resolved-by' && a.assertion.of === edge!.commentLine)) {
        fail(i, `two resolved-by for the edge assertion of line ${edge!.commentLine}`);
      }
      assertion.of = edge!.commentLine;
    }
    out.push({ line: codeLine + 1, column, commentLine: i + 1, assertion, text });
  }
  checkCombinations(file, out);
  return out;
}

function parseAssertion(text: string, fail: (message: string) => never): Assertion {
  if (text === '') fail('caret without an assertion');
  if (text === 'unresolved') return { kind: 'unresolved' };
  if (text === 'no-edge') return { kind: 'no-edge' };
  const match = /^([a-z-]+):\s*(.*)$/.exec(text);
  if (!match) {
    fail(`unknown assertion "${text}" (expected ${EDGE_ASSERTION_KINDS.join('|')}: <target>, resolved-by: <value>, unresolved, no-edge)`);
  }
  const [, keyword, value] = match!;
  if (value === '') fail(`"${keyword}:" needs a value`);
  if (keyword === 'imports') {
    if (!FILE.test(value)) fail(`imports: takes a file path relative to the fixture root, got "${value}"`);
    return { kind: 'imports', target: value };
  }
  if ((EDGE_ASSERTION_KINDS as readonly string[]).includes(keyword)) {
    if (!TARGET.test(value)) fail(`${keyword}: takes <file>::<qualified name> (e.g. app.py::App::route), got "${value}"`);
    return { kind: keyword as EdgeAssertionKind, target: value };
  }
  if (keyword === 'resolved-by') {
    if (!/^[a-z][a-z-]*$/.test(value)) fail(`resolved-by: takes one metadata.resolvedBy value, got "${value}"`);
    return { kind: 'resolved-by', value, of: 0 }; // `of` is filled in by the caller, which sees the lines above
  }
  if (keyword === 'unresolved') {
    if (/\s/.test(value)) fail(`unresolved: takes the reference name as recorded (e.g. c.get), got "${value}"`);
    return { kind: 'unresolved', name: value };
  }
  return fail(`unknown assertion "${keyword}:" (expected ${EDGE_ASSERTION_KINDS.join('|')}|resolved-by|unresolved)`);
}

/** Contradictions between assertions of one caret (same line and column). */
function checkCombinations(file: string, assertions: LocatedAssertion[]): void {
  const byCaret = new Map<string, LocatedAssertion[]>();
  for (const a of assertions) {
    const key = `${a.line}:${a.column}`;
    byCaret.set(key, [...(byCaret.get(key) ?? []), a]);
  }
  for (const group of byCaret.values()) {
    const edges = group.filter((a) => isEdgeAssertion(a.assertion));
    const noEdge = group.find((a) => a.assertion.kind === 'no-edge');
    const at = (a: LocatedAssertion, message: string) => new ExpectationSyntaxError(`${file}:${a.commentLine}: ${message}`);
    if (noEdge && edges.length > 0) throw at(noEdge, 'no-edge contradicts an edge assertion at the same caret');
    const seen = new Set<string>();
    for (const a of edges) {
      const key = `${a.assertion.kind} ${(a.assertion as { target: string }).target}`;
      if (seen.has(key)) throw at(a, `duplicate assertion "${key}"`);
      seen.add(key);
    }
  }
}

export function isEdgeAssertion(a: Assertion): a is { kind: EdgeAssertionKind; target: string } {
  return (EDGE_ASSERTION_KINDS as readonly string[]).includes(a.kind);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
