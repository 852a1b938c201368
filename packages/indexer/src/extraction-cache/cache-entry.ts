/**
 * One cache entry as bytes: a header line (the full key, the payload's length and its HMAC-SHA256
 * under the cache secret, cache-secret.ts) and the payload (the extraction as JSON: it is plain
 * data by contract, see model/extraction.ts), in two lines: the extraction with only its `extends` /
 * `implements` sites, then every reference site. A lookup reads every entry from the first line alone:
 * resolving the other files reads no other site of it (resolution/resolution-interface.ts), and its call
 * sites, most of what is left (a quarter of python/mypy's entries), are parsed when the file itself is
 * resolved (`withCallSites`), never for a file whose rows a re-index keeps. Decoding trusts nothing: a header of another key (an
 * older extractor, another grammar), a short or altered payload (a run killed mid-write, a flipped
 * bit, an edited file), an entry signed with another secret (one a checkout carried in) or a
 * payload of the wrong shape decodes to `undefined`, which the caller treats as a miss.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { cacheSecret } from './cache-secret.js';
import type { FileExtraction, ReferenceSite } from '../model/extraction.js';
import { deferCallSites, isHeritageSite, textOf } from '../extraction/deferred-sites.js';

export { withCallSites } from '../extraction/deferred-sites.js';
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

/**
 * `secret`: the key that signs entries (cache-secret.ts); the user's by default. `sitesJson`: the JSON of the
 * extraction's reference sites, when the caller has it already.
 */
export function encodeEntry(key: CacheKey, value: CachedExtraction, secret: Buffer = cacheSecret(), sitesJson?: string): Buffer {
  const { extraction } = value;
  // JSON.stringify writes no line break (one inside a string is escaped): the two lines split at the first.
  const firstLine = JSON.stringify({ ...value, extraction: { ...extraction, references: extraction.references.filter(isHeritageSite) } });
  const payload = Buffer.from(`${firstLine}\n${sitesJson ?? JSON.stringify(extraction.references)}`, 'utf8');
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

/**
 * The entry's extraction, checked. `callSites` false: with its `extends` / `implements` sites only, the others
 * kept as bytes until `withCallSites` asks for them.
 */
export function decodeEntry(bytes: Buffer, expected: CacheKey, secret: Buffer = cacheSecret(), callSites = true): CachedExtraction | undefined {
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
    const split = payload.indexOf(0x0a);
    if (split < 0) return undefined;
    const value = JSON.parse(textOf(payload.subarray(0, split))) as unknown;
    if (!isCachedExtraction(value, expected)) return undefined;
    const sites = payload.subarray(split + 1);
    if (!callSites) {
      // A copy: the entry's other bytes can go.
      deferCallSites(value.extraction, Buffer.from(sites), false);
      return value;
    }
    const references = JSON.parse(textOf(sites)) as unknown;
    if (!Array.isArray(references)) return undefined;
    value.extraction.references = references as ReferenceSite[];
    return value;
  } catch {
    return undefined;
  }
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
