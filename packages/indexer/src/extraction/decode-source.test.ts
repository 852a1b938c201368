/**
 * Odd bytes in a source file (issue 11, item 12): CR-only line endings and invalid UTF-8.
 */
import { describe, expect, it } from 'vitest';
import { decodeSource, firstInvalidByte } from './decode-source.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('decodeSource', () => {
  it('turns each lone CR into LF, one character for one, and leaves CRLF alone', () => {
    const { text, problems } = decodeSource(bytes('a\rb\r\nc\r\rd'));
    expect(text).toBe('a\nb\r\nc\n\nd');
    expect(text.length).toBe('a\rb\r\nc\r\rd'.length);
    expect(problems).toEqual([]);
  });

  it('reports invalid UTF-8 at the line and byte column of the first invalid byte', () => {
    const { text, problems } = decodeSource(bytes('one\ntwo\nconst s = "', [0xff, 0xfe], '";\n', [0xc0, 0x80]));
    expect(text.split('\n')[2]).toBe('const s = "\uFFFD\uFFFD";');
    expect(problems).toEqual([expect.objectContaining({ code: 'invalid-utf8', severity: 'warning', line: 3, column: 11 })]);
  });

  it('counts CR-only and CRLF line ends when placing the invalid byte', () => {
    expect(decodeSource(bytes('a\rb\r', [0x80])).problems[0]).toMatchObject({ line: 3, column: 0 });
    expect(decodeSource(bytes('a\r\nb\r\nxy', [0xe2, 0x28])).problems[0]).toMatchObject({ line: 3, column: 2 });
  });
});

describe('firstInvalidByte', () => {
  it.each([
    ['ascii and well-formed multi-byte text', bytes('aé€😀'), 10],
    ['a stray continuation byte', bytes('ab', [0x80]), 2],
    ['an overlong two-byte form', bytes([0xc1, 0x81]), 0],
    ['an overlong three-byte form', bytes('x', [0xe0, 0x80, 0x80]), 1],
    ['a UTF-16 surrogate', bytes([0xed, 0xa0, 0x80]), 0],
    ['a code point above U+10FFFF', bytes([0xf4, 0x90, 0x80, 0x80]), 0],
    ['a sequence cut by the end of the file', bytes('ok', [0xe2, 0x82]), 2],
  ])('%s', (_, input, expected) => {
    expect(firstInvalidByte(input)).toBe(expected);
    // It agrees with the platform decoder on whether the bytes are valid.
    let platformValid = true;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      platformValid = false;
    }
    expect(expected === input.length).toBe(platformValid);
  });
});
