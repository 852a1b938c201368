/**
 * gitignore patterns (git's "PATTERN FORMAT"), matched in bounded time.
 *
 * A checkout's `.gitignore` is untrusted input. Translated to regular expressions (as the
 * `ignore` package does), `a/**\/a/**\/…/b` backtracks exponentially: 14 of them took 5 s of
 * CPU on one 30-folder path, and git itself is as slow. Here a pattern is a list of segments
 * matched against the path's segments by tracking the set of pattern positions reachable
 * (an automaton, never backtracking): (pattern segments × path segments) segment matches per
 * rule. A segment itself is matched by the usual two-pointer wildcard loop, at most (segment
 * pattern length × name length) steps.
 *
 * Semantics, as git documents them: blank lines and `#` comments are skipped; trailing spaces
 * are dropped unless escaped; `!` negates; a trailing `/` matches folders only; a `/` at the
 * start or in the middle anchors the pattern to the `.gitignore`'s folder, otherwise it matches
 * at any depth; `*`, `?` and `[...]` (with `!`/`^` negation, ranges, `[:class:]`) never match
 * `/`; a leading `**\/` and a middle `/**\/` match zero or more folders, a trailing `/**`
 * everything inside; other `**` are `*`; `\` escapes the next character. The last matching
 * pattern wins. A range written backwards (`[z-a]`) matches its first character only, and a
 * pattern with a class left open matches nothing (both as git's wildmatch).
 */

export interface GitignoreVerdict {
  /** The last matching pattern ignores the path. */
  ignored: boolean;
  /** The last matching pattern is a negation (`!pattern`). */
  unignored: boolean;
}

/** One segment of a pattern: a folder or file name glob, or `**`. */
type Segment = { kind: 'globstar' } | { kind: 'any' } | { kind: 'name'; tokens: Token[]; literal: string | undefined };
type Token = { t: 'char'; c: string } | { t: 'star' } | { t: 'one' } | { t: 'class'; test: (c: string) => boolean } | { t: 'never' };

interface Rule {
  negate: boolean;
  dirOnly: boolean;
  segments: Segment[];
}

export class GitignoreRules {
  private readonly rules: Rule[] = [];

  constructor(private readonly ignoreCase = false) {}

  /** Adds the patterns of a `.gitignore` text, or a list of patterns (one per entry). */
  add(patterns: string | readonly string[]): this {
    const lines = typeof patterns === 'string' ? patterns.split(/\r?\n/) : patterns;
    for (const line of lines) {
      const rule = parseRule(this.ignoreCase ? line.toLowerCase() : line);
      if (rule) this.rules.push(rule);
    }
    return this;
  }

  /**
   * The verdict for `path` (relative to the patterns' folder, forward slashes; a folder ends
   * with `/`) by the patterns alone, not by its parent folders.
   */
  test(path: string): GitignoreVerdict {
    const isDir = path.endsWith('/');
    const names = (this.ignoreCase ? path.toLowerCase() : path).split('/').filter((n) => n !== '');
    if (names.length === 0) return { ignored: false, unignored: false };
    for (let r = this.rules.length - 1; r >= 0; r--) {
      const rule = this.rules[r];
      if (rule.dirOnly && !isDir) continue;
      if (matchSegments(rule.segments, names)) return { ignored: !rule.negate, unignored: rule.negate };
    }
    return { ignored: false, unignored: false };
  }

  /**
   * Whether `path` is ignored: itself, or a folder above it (git cannot re-include inside an
   * ignored folder). Each rule's automaton runs once along the path, noting at which folders it
   * accepts, so a deep path costs (rules × names × pattern segments), not that times the depth.
   */
  ignores(path: string): boolean {
    const isDir = path.endsWith('/');
    const names = (this.ignoreCase ? path.toLowerCase() : path).split('/').filter((n) => n !== '');
    const n = names.length;
    if (n === 0) return false;
    // verdict[k]: the last rule matching the first k names (0: none yet), as a rule index + 1.
    const verdict = new Array<number>(n + 1).fill(0);
    this.rules.forEach((rule, r) => {
      for (const k of acceptingPrefixes(rule.segments, names)) {
        if (k === n && rule.dirOnly && !isDir) continue;
        verdict[k] = r + 1;
      }
    });
    for (let k = 1; k <= n; k++) if (verdict[k] > 0 && !this.rules[verdict[k] - 1].negate) return true;
    return false;
  }
}

function parseRule(line: string): Rule | undefined {
  let text = line;
  if (text === '' || text.startsWith('#')) return undefined;
  // Trailing spaces go unless escaped (an odd number of backslashes before the space).
  let end = text.length;
  while (end > 0 && text[end - 1] === ' ') {
    let slashes = 0;
    for (let k = end - 2; k >= 0 && text[k] === '\\'; k--) slashes++;
    if (slashes % 2 === 1) break;
    end--;
  }
  text = text.slice(0, end);
  let negate = false;
  if (text.startsWith('!')) {
    negate = true;
    text = text.slice(1);
  }
  let dirOnly = false;
  if (text.endsWith('/') && !text.endsWith('\\/')) {
    dirOnly = true;
    text = text.replace(/\/+$/, '');
  }
  if (text === '') return undefined;
  const anchored = text.includes('/');
  const parts = text.split('/');
  if (parts[0] === '') parts.shift();
  const segments: Segment[] = anchored ? [] : [{ kind: 'globstar' }];
  parts.forEach((part, i) => {
    if (part === '') return;
    if (part === '**') {
      // A trailing `/**` is everything inside: at least one more name.
      if (i === parts.length - 1 && parts.length > 1) segments.push({ kind: 'any' });
      if (segments.at(-1)?.kind !== 'globstar') segments.push({ kind: 'globstar' });
      return;
    }
    segments.push(nameSegment(part));
  });
  return { negate, dirOnly, segments };
}

function nameSegment(part: string): Segment {
  const tokens: Token[] = [];
  for (let i = 0; i < part.length; i++) {
    const c = part[i];
    if (c === '\\') {
      if (i + 1 < part.length) tokens.push({ t: 'char', c: part[++i] });
      continue;
    }
    if (c === '*') {
      if (tokens.at(-1)?.t !== 'star') tokens.push({ t: 'star' });
      continue;
    }
    if (c === '?') {
      tokens.push({ t: 'one' });
      continue;
    }
    if (c === '[') {
      const parsed = parseClass(part, i);
      tokens.push(parsed.token);
      i = parsed.end;
      continue;
    }
    tokens.push({ t: 'char', c });
  }
  const literal = tokens.every((t) => t.t === 'char') ? tokens.map((t) => (t as { c: string }).c).join('') : undefined;
  return { kind: 'name', tokens, literal };
}

const CLASSES: Record<string, (c: string) => boolean> = {
  alnum: (c) => /[A-Za-z0-9]/.test(c),
  alpha: (c) => /[A-Za-z]/.test(c),
  blank: (c) => c === ' ' || c === '\t',
  cntrl: (c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127,
  digit: (c) => /[0-9]/.test(c),
  graph: (c) => c.charCodeAt(0) > 32 && c.charCodeAt(0) < 127,
  lower: (c) => /[a-z]/.test(c),
  print: (c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) < 127,
  punct: (c) => /[!-/:-@[-`{-~]/.test(c),
  space: (c) => /[ \t\n\r\f\v]/.test(c),
  upper: (c) => /[A-Z]/.test(c),
  xdigit: (c) => /[0-9A-Fa-f]/.test(c),
};

/** A `[...]` class starting at `start`; `end` is the index of its `]`. */
function parseClass(part: string, start: number): { token: Token; end: number } {
  let i = start + 1;
  let negate = false;
  if (part[i] === '!' || part[i] === '^') {
    negate = true;
    i++;
  }
  const tests: Array<(c: string) => boolean> = [];
  let broken = false;
  let first = true;
  for (; i < part.length; i++) {
    let c = part[i];
    if (c === ']' && !first) {
      const test = (ch: string) => tests.some((t) => t(ch)) !== negate;
      return { token: broken ? { t: 'never' } : { t: 'class', test }, end: i };
    }
    first = false;
    if (c === '[' && part[i + 1] === ':') {
      const close = part.indexOf(':]', i + 2);
      const named = close === -1 ? undefined : CLASSES[part.slice(i + 2, close)];
      if (named) {
        tests.push(named);
        i = close + 1;
        continue;
      }
      if (close !== -1) {
        broken = true;
        i = close + 1;
        continue;
      }
    }
    if (c === '\\' && i + 1 < part.length) c = part[++i];
    if (part[i + 1] === '-' && i + 2 < part.length && part[i + 2] !== ']') {
      let hi = part[i + 2];
      i += 2;
      if (hi === '\\' && i + 1 < part.length) hi = part[++i];
      const lo = c;
      // git's wildmatch compares the first end as a character too: `[z-a]` matches `z` only.
      tests.push((ch) => ch === lo || (ch >= lo && ch <= hi));
      continue;
    }
    const literal = c;
    tests.push((ch) => ch === literal);
  }
  // No closing `]`: git's wildmatch fails the whole pattern.
  return { token: { t: 'never' }, end: part.length - 1 };
}

/**
 * Pattern segments against path names: whether the whole path matches. Most patterns are names alone
 * (`/build`, `docs/build`) or a leading `**` and names (`__pycache__`, `*.py[cod]`): those are matched
 * name by name from the end, which is what the automaton gives for them, without building its sets.
 */
function matchSegments(segments: Segment[], names: string[]): boolean {
  const first = segments[0];
  const floating = first?.kind === 'globstar';
  const from = floating ? 1 : 0;
  let plain = segments.length > from;
  for (let s = from; s < segments.length && plain; s++) plain = segments[s].kind === 'name';
  if (!plain) return acceptingPrefixes(segments, names).includes(names.length);
  const count = segments.length - from;
  if (floating ? names.length < count : names.length !== count) return false;
  const offset = names.length - count;
  for (let s = count - 1; s >= 0; s--) {
    if (!matchName(segments[from + s] as Extract<Segment, { kind: 'name' }>, names[offset + s])) return false;
  }
  return true;
}

/**
 * The numbers k of leading names the pattern matches exactly, tracking the set of reachable
 * pattern positions name by name (never backtracking).
 */
function acceptingPrefixes(segments: Segment[], names: string[]): number[] {
  const accepted: number[] = [];
  let current = closure(segments, new Set([0]));
  for (let k = 0; k < names.length; k++) {
    const next = new Set<number>();
    for (const s of current) {
      const segment = segments[s];
      if (!segment) continue;
      if (segment.kind === 'globstar') next.add(s);
      else if (segment.kind === 'any' || matchName(segment, names[k])) next.add(s + 1);
    }
    if (next.size === 0) break;
    current = closure(segments, next);
    if (current.has(segments.length)) accepted.push(k + 1);
  }
  return accepted;
}

/** A `**` may match no folder at all: its position also stands for the next one. */
function closure(segments: Segment[], positions: Set<number>): Set<number> {
  for (const s of [...positions].sort((a, b) => a - b)) {
    let k = s;
    while (segments[k]?.kind === 'globstar') positions.add(++k);
  }
  return positions;
}

/** One name against one segment glob: the two-pointer wildcard loop, no recursion. */
function matchName(segment: Extract<Segment, { kind: 'name' }>, name: string): boolean {
  if (segment.literal !== undefined) return segment.literal === name;
  const tokens = segment.tokens;
  const chars = [...name];
  let t = 0;
  let c = 0;
  let starT = -1;
  let starC = 0;
  while (c < chars.length) {
    const token = tokens[t];
    if (token && token.t === 'star') {
      starT = t++;
      starC = c;
      continue;
    }
    if (token && stepMatches(token, chars[c])) {
      t++;
      c++;
      continue;
    }
    if (starT === -1) return false;
    t = starT + 1;
    c = ++starC;
  }
  while (tokens[t]?.t === 'star') t++;
  return t === tokens.length;
}

function stepMatches(token: Token, ch: string): boolean {
  switch (token.t) {
    case 'char':
      return token.c === ch;
    case 'one':
      return true;
    case 'class':
      return token.test(ch);
    default:
      return false;
  }
}
