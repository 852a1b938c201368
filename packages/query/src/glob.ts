/**
 * Glob patterns over project paths: `*` and `?` within one segment, `**` across segments,
 * `{a,b}` alternatives and `[...]` classes. A pattern without `/` matches the base name at
 * any depth (`*.py` finds every Python file), as in .gitignore.
 *
 * A glob is compiled to a small automaton and matched by tracking the set of states it can be
 * in, one path character at a time: time is (pattern length × path length) whatever the
 * pattern, where a backtracking regular expression took minutes on repeated `**\/`. A pattern
 * that cannot mean anything (`[z-a]`) or is absurdly long is an `invalid-glob` error (a usage mistake).
 */
import { QueryError } from './errors.js';

export function isGlob(text: string): boolean {
  return /[*?[\]{}]/.test(text);
}

/** What `globToRegExp` returns: a compiled glob with the one method callers use. */
export interface GlobMatcher {
  /** The pattern as given. */
  readonly source: string;
  test(path: string): boolean;
}

/** Patterns longer than this are refused: no path filter needs one. */
const MAX_PATTERN_LENGTH = 4096;

type CharTest = (c: string) => boolean;
interface State {
  /** Moves that consume no character. */
  eps: number[];
  /** Moves on one character. */
  on: Array<{ test: CharTest; to: number }>;
}

const notSlash: CharTest = (c) => c !== '/';
const anyChar: CharTest = () => true;

class Builder {
  readonly states: State[] = [];
  add(): number {
    this.states.push({ eps: [], on: [] });
    return this.states.length - 1;
  }
}

/** A fragment of the automaton from `start` to `end`. */
interface Fragment {
  start: number;
  end: number;
}

class Parser {
  private i = 0;
  constructor(
    private readonly p: string,
    private readonly b: Builder,
    private readonly pattern: string,
  ) {}

  /** A sequence up to the end, or up to `,`/`}` inside braces. */
  sequence(depth: number): Fragment {
    const start = this.b.add();
    let end = start;
    while (this.i < this.p.length) {
      const c = this.p[this.i];
      if (depth > 0 && (c === ',' || c === '}')) break;
      end = this.item(end, depth);
    }
    return { start, end };
  }

  private link(from: number, test: CharTest): number {
    const to = this.b.add();
    this.b.states[from].on.push({ test, to });
    return to;
  }

  private item(from: number, depth: number): number {
    const p = this.p;
    const c = p[this.i];
    if (c === '*') {
      if (p[this.i + 1] === '*') {
        const slashAfter = p[this.i + 2] === '/';
        this.i += slashAfter ? 3 : 2;
        // `**/`: nothing, or anything ending in `/`; `**`: anything.
        const loop = this.b.add();
        const to = this.b.add();
        this.b.states[from].eps.push(slashAfter ? to : loop);
        if (slashAfter) this.b.states[from].eps.push(loop);
        this.b.states[loop].on.push({ test: anyChar, to: loop });
        if (slashAfter) this.b.states[loop].on.push({ test: (ch) => ch === '/', to });
        else this.b.states[loop].eps.push(to);
        return to;
      }
      this.i++;
      const loop = this.b.add();
      this.b.states[from].eps.push(loop);
      this.b.states[loop].on.push({ test: notSlash, to: loop });
      return loop;
    }
    if (c === '?') {
      this.i++;
      return this.link(from, notSlash);
    }
    if (c === '[') {
      const close = p.indexOf(']', this.i + 1);
      if (close !== -1) {
        const test = this.charClass(p.slice(this.i + 1, close));
        this.i = close + 1;
        return this.link(from, test);
      }
    }
    if (c === '{') {
      this.i++;
      const alternatives: Fragment[] = [this.sequence(depth + 1)];
      while (this.p[this.i] === ',') {
        this.i++;
        alternatives.push(this.sequence(depth + 1));
      }
      if (this.p[this.i] === '}') this.i++;
      const to = this.b.add();
      for (const alt of alternatives) {
        this.b.states[from].eps.push(alt.start);
        this.b.states[alt.end].eps.push(to);
      }
      return to;
    }
    this.i++;
    return this.link(from, (ch) => ch === c);
  }

  private charClass(body: string): CharTest {
    let negate = false;
    let text = body;
    if (text.startsWith('!') || text.startsWith('^')) {
      negate = true;
      text = text.slice(1);
    }
    const ranges: Array<[number, number]> = [];
    const chars = [...text];
    for (let k = 0; k < chars.length; k++) {
      const lo = chars[k];
      if (chars[k + 1] === '-' && k + 2 < chars.length) {
        const hi = chars[k + 2];
        if (lo.codePointAt(0)! > hi.codePointAt(0)!) {
          throw new QueryError('invalid-glob', `invalid glob ${this.pattern}: range ${lo}-${hi} is out of order`);
        }
        ranges.push([lo.codePointAt(0)!, hi.codePointAt(0)!]);
        k += 2;
      } else {
        ranges.push([lo.codePointAt(0)!, lo.codePointAt(0)!]);
      }
    }
    return (ch) => {
      if (ch === '/') return false;
      const code = ch.codePointAt(0)!;
      const inside = ranges.some(([a, z]) => code >= a && code <= z);
      return inside !== negate;
    };
  }
}

export function globToRegExp(pattern: string): GlobMatcher {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new QueryError('invalid-glob', `glob too long (${pattern.length} characters; at most ${MAX_PATTERN_LENGTH})`);
  }
  let p = pattern.replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  const anywhere = !p.includes('/');
  const builder = new Builder();
  // A pattern without `/` may start after any folder: `(?:.*/)?` in front.
  const body = new Parser(anywhere ? `**/${p}` : p, builder, pattern);
  // A stray `,` or `}` outside braces is a literal character, as before.
  const fragment = body.sequence(0);
  const states = builder.states;
  const accept = fragment.end;
  return {
    source: pattern,
    test(path: string): boolean {
      let current = closure(states, [fragment.start]);
      for (const ch of path) {
        const next: number[] = [];
        for (const s of current) for (const move of states[s].on) if (move.test(ch)) next.push(move.to);
        if (next.length === 0) return false;
        current = closure(states, next);
      }
      return current.has(accept);
    },
  };
}

function closure(states: State[], from: number[]): Set<number> {
  const seen = new Set<number>();
  const stack = [...from];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    for (const e of states[s].eps) if (!seen.has(e)) stack.push(e);
  }
  return seen;
}
