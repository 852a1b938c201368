/**
 * C#'s repair after a syntax error: conditional compilation. The grammar parses `#if`/`#else`
 * directives as statements, so a directive inside a declaration (`#if !X` / `public` / `#endif`
 * before `class C`) breaks it. When a file with directives has syntax errors, it is parsed again with
 * the directive lines blanked and the code of every branch after the first (`#elif`, `#else`) blanked
 * too — the first branch is taken as compiled. Blanking keeps every offset, line and column.
 */
import type { Language as Grammar, Tree } from 'web-tree-sitter';
import { reparse } from '../../extraction/core/reparse.js';

const DIRECTIVE = /^[ \t]*#[ \t]*(if|elif|else|endif)\b/;

/** The source with its conditional directives blanked (first branches kept), or null when it has none. */
export function firstBranchSource(source: string): string | null {
  if (!/^[ \t]*#[ \t]*if\b/m.test(source)) return null;
  const lines = source.split('\n');
  // Per open `#if`: whether the current branch is skipped.
  const skipping: boolean[] = [];
  const blank = (line: string) => line.replace(/[^\r]/g, ' ');
  for (let i = 0; i < lines.length; i++) {
    const directive = DIRECTIVE.exec(lines[i])?.[1];
    if (directive === 'if') skipping.push(skipping.some(Boolean));
    else if ((directive === 'elif' || directive === 'else') && skipping.length > 0) skipping[skipping.length - 1] = true;
    else if (directive === 'endif') skipping.pop();
    if (directive || skipping.some(Boolean)) lines[i] = blank(lines[i]);
  }
  return lines.join('\n');
}

/** The tree of the first-branch source, when the file has directives. The caller deletes it. */
export function reparseFirstBranches(grammar: Grammar, source: string): { tree: Tree; source: string } | null {
  const text = firstBranchSource(source);
  if (text === null) return null;
  const tree = reparse(grammar, text);
  return tree ? { tree, source: text } : null;
}

/**
 * The lines (0-based) inside an `#if` group that has another branch (`#elif`, `#else`): code of build variants, of
 * which a default build compiles one that the text cannot tell (`#if DNXCORE50` / `using Assert = …XUnitAssert;` /
 * `#else` / `using NUnit.Framework;`).
 */
export function variantLines(source: string): ReadonlySet<number> {
  const out = new Set<number>();
  if (!/^[ \t]*#[ \t]*if\b/m.test(source)) return out;
  const open: Array<{ lines: number[]; alternative: boolean }> = [];
  source.split('\n').forEach((line, i) => {
    const directive = DIRECTIVE.exec(line)?.[1];
    if (directive === 'if') open.push({ lines: [], alternative: false });
    else if ((directive === 'elif' || directive === 'else') && open.length > 0) open[open.length - 1].alternative = true;
    else if (directive === 'endif') {
      const group = open.pop();
      if (group?.alternative) for (const n of group.lines) out.add(n);
    } else for (const group of open) group.lines.push(i);
  });
  return out;
}
