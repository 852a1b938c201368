import { describe, expect, it } from 'vitest';
import type { Language } from '../../model/graph-vocabulary.js';
import { parseForTest } from '../../test-support/test-parser.js';
import { countLines } from './line-count.js';

describe('countLines', () => {
  it('counts one more line than there are newlines', () => {
    expect(countLines('')).toBe(1);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines('\n')).toBe(2);
  });

  it('lets a trailing newline open a last, empty line (as codegraph 0.9.9 writes end_line)', () => {
    expect(countLines('a\n')).toBe(2);
    expect(countLines('a\nb\n')).toBe(3);
    expect(countLines('a\n\n\n')).toBe(4);
  });

  it('counts CRLF once and a lone CR not at all', () => {
    expect(countLines('a\r\nb\r\n')).toBe(3);
    expect(countLines('a\r\nb')).toBe(2);
    expect(countLines('a\rb\r')).toBe(1);
  });

  it('agrees with the rows tree-sitter gives the end of the file, in every language', async () => {
    const texts = ['', 'x', 'x\n', 'x\n\n  \n', 'x\r\ny\r\n', '\n\n', 'x\ry\r'];
    for (const language of ['python', 'typescript', 'javascript'] as Language[]) {
      for (const text of texts) {
        const tree = await parseForTest(language, text);
        expect(countLines(text), `${language} ${JSON.stringify(text)}`).toBe(tree.rootNode.endPosition.row + 1);
        tree.delete();
      }
    }
  });
});
