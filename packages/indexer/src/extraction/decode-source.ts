/**
 * Bytes → source text. Invalid UTF-8 is decoded with replacement characters (so positions of
 * everything else stay right) and reported at the line of the first invalid byte, rather than
 * rejected: the file's valid code is still worth indexing.
 *
 * A lone `\r` (classic Mac line endings) is a line break to an editor, to JavaScript and to
 * Python, but not to tree-sitter, which counts rows by `\n` only: every declaration of a
 * CR-only file would sit on line 1. Each lone `\r` becomes `\n` — one character for one, so
 * every offset and column stays where it was.
 */
import type { ExtractionError } from '../model/extraction.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

export function decodeSource(bytes: Uint8Array): { text: string; problems: ExtractionError[] } {
  try {
    return { text: lineBreaks(strict.decode(bytes)), problems: [] };
  } catch {
    const at = firstInvalidByte(bytes);
    const { line, column } = positionOf(bytes, at);
    return {
      text: lineBreaks(lenient.decode(bytes)),
      problems: [{ message: 'file is not valid UTF-8: invalid bytes were replaced', line, column, severity: 'warning', code: 'invalid-utf8' }],
    };
  }
}

function lineBreaks(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** Offset where the first ill-formed UTF-8 sequence starts (`bytes.length` when there is none). */
export function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    // Sequence length and the allowed range of the second byte (no overlongs, no surrogates, ≤ U+10FFFF).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      const [lo, hi] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (c === undefined || c < lo || c > hi) return i;
    }
    i += length;
  }
  return bytes.length;
}

/** 1-based line and 0-based byte column of an offset; `\n`, `\r\n` and a lone `\r` each end a line. */
function positionOf(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const b = bytes[i];
    if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart };
}
