/**
 * What an extraction depends on, and so what a cache entry is keyed by: the file's path and
 * content (extraction is a pure function of both), its language, the grammar that parses it
 * (its pinned sha256 in grammars.json, and the web-tree-sitter runtime that runs it) and the
 * extractor's output version. Any of these changing gives another entry name, so an entry of
 * an older arbor or grammar is never even looked at.
 */
import { sha256Hex } from '@arbor/vocabulary';
import type { Language } from '../model/graph-vocabulary.js';
import { grammarEntry, grammarRuntimeVersion } from '../parsing/grammar-loader.js';
import { EXTRACTION_VERSION } from '../version.js';

/** The layout of an entry (cache-entry.ts) and of the packs that hold entries (cache-pack.ts); bumped when either changes. */
export const CACHE_FORMAT = 4;

export interface CacheKey {
  format: number;
  extractionVersion: number;
  grammar: string;
  runtime: string;
  language: Language;
  path: string;
  contentHash: string;
}

const grammarHashes = new Map<Language, string>();

/** The key of `path` with this content, for the running arbor and the pinned grammars. */
export function cacheKeyOf(path: string, language: Language, contentHash: string): CacheKey {
  let grammar = grammarHashes.get(language);
  if (grammar === undefined) {
    // A language without a grammar entry gets a key no grammar can produce (its extraction is an error anyway).
    try {
      grammar = grammarEntry(language).sha256;
    } catch {
      grammar = 'none';
    }
    grammarHashes.set(language, grammar);
  }
  return {
    format: CACHE_FORMAT,
    extractionVersion: EXTRACTION_VERSION,
    grammar,
    runtime: grammarRuntimeVersion(),
    language,
    path,
    contentHash,
  };
}

/** The entry's file name: the sha256 of the key's fields in a fixed order. */
export function entryNameOf(key: CacheKey): string {
  const fields = [key.format, key.extractionVersion, key.grammar, key.runtime, key.language, key.path, key.contentHash];
  return sha256Hex(JSON.stringify(fields));
}

export function sameKey(a: CacheKey, b: unknown): boolean {
  if (typeof b !== 'object' || b === null) return false;
  const other = b as Record<string, unknown>;
  return (Object.keys(a) as Array<keyof CacheKey>).every((field) => other[field] === a[field]);
}
