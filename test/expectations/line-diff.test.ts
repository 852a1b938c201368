import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff.js';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

describe('lineDiff', () => {
  it('shows a changed line as - stored, + now, with three lines of context and where it starts', () => {
    const stored = lines(10);
    const now = [...stored];
    now[5] = 'line 6 changed';
    expect(lineDiff(stored.join('\n'), now.join('\n'))).toBe(
      ['@@ line 3', '  line 3', '  line 4', '  line 5', '- line 6', '+ line 6 changed', '  line 7', '  line 8', '  line 9'].join('\n'),
    );
  });

  it('starts a new hunk for changes far apart and joins changes close together', () => {
    const stored = lines(30);
    const now = stored.filter((l) => l !== 'line 2' && l !== 'line 4' && l !== 'line 25');
    const diff = lineDiff(stored.join('\n'), now.join('\n')).split('\n');
    expect(diff.filter((l) => l.startsWith('@@'))).toEqual(['@@ line 1', '@@ line 22']);
    expect(diff.filter((l) => l.startsWith('-'))).toEqual(['- line 2', '- line 4', '- line 25']);
    expect(diff).not.toContain('  line 15');
  });

  it('is empty for equal texts', () => {
    expect(lineDiff('a\nb\n', 'a\nb\n')).toBe('');
  });
});
