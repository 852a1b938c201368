import { describe, expect, it } from 'vitest';
import { syntaxErrorsSentence } from './parse-losses.js';

const none = { declarations: 0, files: [], unchecked: [] };

describe('the syntax-errors sentence', () => {
  it('is absent without syntax errors', () => {
    expect(syntaxErrorsSentence({ filesWithParseErrors: [], parseLosses: none }, true)).toBeUndefined();
  });

  it('keeps the wording of a run whose errors cost nothing (terminal and MCP)', () => {
    const r = { filesWithParseErrors: ['a.py'], parseLosses: none };
    expect(syntaxErrorsSentence(r, true)).toBe('syntax errors in 1 files (rest of each file still indexed): a.py');
    expect(syntaxErrorsSentence(r, false)).toBe('syntax errors in 1 files (the rest of each file is indexed)');
  });

  it('counts, without naming files, for the MCP server', () => {
    const r = { filesWithParseErrors: ['a.go', 'b.kt'], parseLosses: { declarations: 4, files: [{ path: 'a.go', declarations: 4 }], unchecked: ['b.kt'] } };
    expect(syntaxErrorsSentence(r, false)).toBe('syntax errors in 2 files; 4 declarations after them NOT indexed in 1 file; 1 file not checked for lost declarations');
  });
});
