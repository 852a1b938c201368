/**
 * Swift's conditional compilation (`#if os(macOS)` … `#else` … `#endif`): the conditions in force on each line
 * (`Declaration.buildConditions`), so that a declaration written once per platform is told apart by the branch a
 * call is written in.
 */

/** `os(macOS)` → holds; `!os(macOS)` → `os(macOS)` does not; any other condition as written (never starting with `!`). */
function condition(text: string): { condition: string; holds: boolean } {
  const negated = /^!(\w+(\([^()]*\))?)$/.exec(text);
  if (negated) return { condition: negated[1], holds: false };
  return { condition: text.startsWith('!') ? `(${text})` : text, holds: true };
}

/**
 * Per line (1-based), the conditions in force there, each `c` where it holds and `!c` where it does not: an `#if`'s
 * first branch holds its condition, its later branches (`#elseif`, `#else`) hold its negation. Undefined on lines no
 * `#if` encloses.
 */
export function conditionsByLine(source: string): Array<readonly string[] | undefined> {
  const out: Array<readonly string[] | undefined> = [undefined];
  // One frame per open `#if` (null: a condition left unread); `later`: in a branch after its first.
  const open: Array<{ condition: string; holds: boolean; later: boolean } | null> = [];
  let current: readonly string[] | undefined;
  for (const line of source.split('\n')) {
    const directive = /^\s*#(if|elseif|else|endif)\b(.*)$/.exec(line);
    if (directive) {
      const [, keyword, rest] = directive;
      const text = rest.replace(/\/\/.*$|\/\*.*?\*\//g, '').replace(/\s+/g, '');
      if (keyword === 'if') open.push(text ? { ...condition(text), later: false } : null);
      else if (keyword === 'endif') open.pop();
      else if (open.length > 0 && open[open.length - 1]) open[open.length - 1]!.later = true;
      const held = open.filter((frame) => frame !== null);
      current = held.length > 0 ? held.map((frame) => (frame.holds !== frame.later ? frame.condition : `!${frame.condition}`)) : undefined;
      out.push(undefined);
      continue;
    }
    out.push(current);
  }
  return out;
}
