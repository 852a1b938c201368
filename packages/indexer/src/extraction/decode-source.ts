/**
 * Bytes → source text. Invalid UTF-8 is decoded with replacement characters (so positions of
 * everything else stay right) and reported, rather than rejected: the file's valid code is
 * still worth indexing.
 */
import type { ExtractionError } from '../model/extraction.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

export function decodeSource(bytes: Uint8Array): { text: string; problems: ExtractionError[] } {
  try {
    return { text: strict.decode(bytes), problems: [] };
  } catch {
    return {
      text: lenient.decode(bytes),
      problems: [{ message: 'file is not valid UTF-8: invalid bytes were replaced', severity: 'warning', code: 'invalid-utf8' }],
    };
  }
}
