/**
 * One cache entry as bytes: a header line (the full key, the payload's length and its HMAC-SHA256
 * under the cache secret, cache-secret.ts) and the payload (the extraction as JSON: it is plain
 * data by contract, see model/extraction.ts). Decoding trusts nothing: a header of another key (an
 * older extractor, another grammar), a short or altered payload (a run killed mid-write, a flipped
 * bit, an edited file), an entry signed with another secret (one a checkout carried in) or a
 * payload of the wrong shape decodes to `undefined`, which the caller treats as a miss.
 */
import { isAscii } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { cacheSecret } from './cache-secret.js';
import type { FileExtraction } from '../model/extraction.js';
import { familyOf } from '../languages/index.js';
import { LANGUAGES, type Language } from '../model/graph-vocabulary.js';
import { sameKey, type CacheKey } from './cache-key.js';

export interface CachedExtraction {
  extraction: FileExtraction;
  /** The source file's size in bytes when it was extracted. */
  size: number;
}

/** A header is a few hundred bytes; a longer first line is not ours. */
const MAX_HEADER = 4096;

/** `secret`: the key that signs entries (cache-secret.ts); the user's by default. */
export function encodeEntry(key: CacheKey, value: CachedExtraction, secret: Buffer = cacheSecret()): Buffer {
  const payload = Buffer.from(JSON.stringify(value), 'utf8');
  const header = { key, bytes: payload.length, hmac: signature(secret, key, payload) };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), payload]);
}

/**
 * The length of an entry's header line and of the payload it announces, when `prefix` (the
 * entry's first bytes, `MAX_HEADER` of them or the whole entry) starts with a header of this key;
 * undefined otherwise. Checked before the payload is read, so a foreign slot costs a few KiB.
 */
export function entryHeaderOf(prefix: Buffer, expected: CacheKey): { headerBytes: number; payloadBytes: number } | undefined {
  try {
    const newline = prefix.subarray(0, MAX_HEADER).indexOf(0x0a);
    if (newline < 0) return undefined;
    const header = JSON.parse(prefix.subarray(0, newline).toString('utf8')) as { key?: unknown; bytes?: unknown; hmac?: unknown };
    if (!sameKey(expected, header.key) || typeof header.hmac !== 'string' || !Number.isSafeInteger(header.bytes)) return undefined;
    return { headerBytes: newline + 1, payloadBytes: header.bytes as number };
  } catch {
    return undefined;
  }
}

/** How many bytes of an entry `entryHeaderOf` needs to see. */
export const ENTRY_HEADER_PREFIX_BYTES = MAX_HEADER;

export function decodeEntry(bytes: Buffer, expected: CacheKey, secret: Buffer = cacheSecret()): CachedExtraction | undefined {
  try {
    const newline = bytes.subarray(0, MAX_HEADER).indexOf(0x0a);
    if (newline < 0) return undefined;
    const header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as { key?: unknown; bytes?: unknown; hmac?: unknown };
    if (!sameKey(expected, header.key)) return undefined;
    const payload = bytes.subarray(newline + 1);
    if (header.bytes !== payload.length || typeof header.hmac !== 'string') return undefined;
    const expectedMac = Buffer.from(signature(secret, expected, payload), 'hex');
    const givenMac = Buffer.from(header.hmac, 'hex');
    if (givenMac.length !== expectedMac.length || !timingSafeEqual(givenMac, expectedMac)) return undefined;
    const value = JSON.parse(textOf(payload)) as unknown;
    return isCachedExtraction(value, expected) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A payload as text. Most are pure ASCII, which reads as Latin-1 byte for byte without decoding:
 * python/mypy's entries read in about a third of the time UTF-8 decoding takes.
 */
function textOf(payload: Buffer): string {
  return isAscii(payload) ? payload.toString('latin1') : payload.toString('utf8');
}

function isCachedExtraction(value: unknown, key: CacheKey): value is CachedExtraction {
  if (typeof value !== 'object' || value === null) return false;
  const { extraction, size } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(size) || (size as number) < 0) return false;
  if (typeof extraction !== 'object' || extraction === null) return false;
  const e = extraction as Record<string, unknown>;
  return (
    e.path === key.path &&
    // A file's text may refine its extension's language within the family (a C++ header named `.h`).
    typeof e.language === 'string' && (LANGUAGES as readonly string[]).includes(e.language) && familyOf(e.language as Language) === familyOf(key.language) &&
    Number.isSafeInteger(e.lineCount) &&
    ['declarations', 'imports', 'exports', 'references', 'errors'].every((field) => Array.isArray(e[field]))
  );
}

/** The key and the payload signed together: an entry moved under another key's name fails too. */
function signature(secret: Buffer, key: CacheKey, payload: Buffer): string {
  return createHmac('sha256', secret).update(JSON.stringify(key)).update('\n').update(payload).digest('hex');
}
