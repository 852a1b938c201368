/** Escaping repository text for a terminal (issue 11, item 21). */
import { describe, expect, it } from 'vitest';
import { escapeControls, forTerminal, guardTerminalText } from './terminal-text.js';

describe('escapeControls', () => {
  it('writes every control as an escape in a name', () => {
    expect(escapeControls('a\u001b]0;t\u0007b\nc\td\re\u007f\u009b\u202ef')).toBe('a\\u001b]0;t\\u0007b\\nc\\td\\re\\u007f\\u009b\\u202ef');
    expect(escapeControls('plain ünïcödé 😀')).toBe('plain ünïcödé 😀');
  });

  it('keeps newlines and tabs in multi-line text, a CRLF as one newline', () => {
    expect(escapeControls('a\r\n\tb\u001b[2Jc\rd', true)).toBe('a\n\tb\\u001b[2Jc\\rd');
  });
});

describe('forTerminal', () => {
  it('escapes names entirely and keeps the layout of text, docstring and signature', () => {
    const value = { filePath: 'a\nb', items: [{ name: '\u001b', docstring: 'x\ny', source: { text: 'l1\n\tl2\u0007' } }], count: 3, flag: true, none: null };
    expect(forTerminal(value)).toEqual({ filePath: 'a\\nb', items: [{ name: '\\u001b', docstring: 'x\ny', source: { text: 'l1\n\tl2\\u0007' } }], count: 3, flag: true, none: null });
    // The original is untouched (JSON and exit codes use it).
    expect(value.filePath).toBe('a\nb');
  });
});

describe('guardTerminalText', () => {
  it('lets colour through and nothing else', () => {
    expect(guardTerminalText('\u001b[1mbold\u001b[22m \u001b]0;x\u0007 \u001bc')).toBe('\u001b[1mbold\u001b[22m \\u001b]0;x\\u0007 \\u001bc');
  });

  it('leaves JSON meaning the same', () => {
    const value = { name: 'a\u007fb\u0085c\u202ed\u001b[2J', n: 1 };
    const guarded = guardTerminalText(JSON.stringify(value, null, 2));
    expect(guarded).not.toMatch(/[\u007f-\u009f\u202e]/);
    expect(JSON.parse(guarded)).toEqual(value);
  });
});
