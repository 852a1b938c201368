/**
 * A unified-style diff of two texts by line, for a snapshot mismatch: `-` the stored line, `+` the
 * line the code produces now, a few lines of context around each change, `@@ line N` where each
 * hunk starts in the stored text. Vitest's own string diff truncates long texts; this one shows
 * every change.
 */
export function lineDiff(expected: string, actual: string, context = 3): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  // Longest common subsequence table, from the end, so the walk below goes forward.
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops: Array<{ mark: ' ' | '-' | '+'; text: string; oldLine: number }> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ mark: ' ', text: a[i++], oldLine: i }), j++;
    // A stored line goes before the line that replaces it.
    else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({ mark: '-', text: a[i++], oldLine: i });
    else ops.push({ mark: '+', text: b[j++], oldLine: i + 1 });
  }
  const out: string[] = [];
  let shownUpTo = -1;
  ops.forEach((op, k) => {
    if (op.mark === ' ') return;
    const from = Math.max(k - context, shownUpTo + 1);
    if (from > shownUpTo + 1 || shownUpTo < 0) out.push(`@@ line ${ops[from].oldLine}`);
    for (let m = from; m <= Math.min(k + context, ops.length - 1); m++) {
      if (m <= shownUpTo) continue;
      if (m > k && ops[m].mark !== ' ') break; // the next change shows it and its own context
      out.push(`${ops[m].mark} ${ops[m].text}`);
      shownUpTo = m;
    }
  });
  return out.join('\n');
}
