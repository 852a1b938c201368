/**
 * A file's call sites held as bytes from its extraction until its own resolution reads them.
 *
 * Resolution is global: every file's extraction is held from extraction to the end of resolution,
 * but a file's reference sites other than its `extends` / `implements` ones are read only when that
 * file itself is resolved (resolution/resolution-interface.ts). As objects they were a third of the
 * main thread's heap after extraction on the generated scale-bench tree; as their JSON, deflated,
 * they take about a seventh of that. The thread that extracted the file encodes them (in parallel
 * with the others); `withCallSites` gives them back, in their order, just before the file is
 * resolved, and they go once it is (graph-builder.ts). A cache hit's sites are held the same way,
 * as the entry's JSON (cache-entry.ts): a cold run and one the cache answers resolve alike.
 */
import { isAscii } from 'node:buffer';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { FileExtraction, ReferenceSite } from '../model/extraction.js';

/** The sites of extractions that came without them: their JSON, deflated or as it is. */
const deferredSites = new WeakMap<FileExtraction, { bytes: Uint8Array; deflated: boolean }>();

/** A fast level: the bytes live minutes at most, and the extracting thread's time is the run's. */
const DEFLATE_LEVEL = 1;

export function isHeritageSite(site: ReferenceSite): boolean {
  return site.kind === 'extends' || site.kind === 'implements';
}

/**
 * Deflates `sitesJson` (the JSON of `extraction.references`) into bytes of their own (an exact
 * buffer: a view on a bigger one would carry all of it to the thread it is sent to), and leaves
 * the extraction with its `extends` / `implements` sites alone.
 */
export function detachCallSites(extraction: FileExtraction, sitesJson: string): Uint8Array {
  const deflated = deflateRawSync(Buffer.from(sitesJson, 'utf8'), { level: DEFLATE_LEVEL });
  extraction.references = extraction.references.filter(isHeritageSite);
  return new Uint8Array(deflated);
}

/** Holds `bytes` (from `detachCallSites`, or a cache entry's JSON when not `deflated`) as the sites of `extraction`. */
export function deferCallSites(extraction: FileExtraction, bytes: Uint8Array, deflated: boolean): void {
  deferredSites.set(extraction, { bytes, deflated });
}

/** Hands the sites held for `from` to `to`, a copy of it that is resolved in its place. */
export function moveCallSites(from: FileExtraction, to: FileExtraction): void {
  const held = deferredSites.get(from);
  if (held === undefined) return;
  deferredSites.set(to, held);
  deferredSites.delete(from);
}

/**
 * `extraction` with every reference site: those of an extraction held without its call sites are parsed
 * now, in their own order (a no-op for any other). The bytes were made by this run or checked with their
 * cache entry; they fail to parse only if arbor wrote them wrong, and then the run stops rather than
 * resolve a file without its sites.
 */
export function withCallSites(extraction: FileExtraction): FileExtraction {
  const held = deferredSites.get(extraction);
  if (held === undefined) return extraction;
  const bytes = Buffer.from(held.bytes.buffer, held.bytes.byteOffset, held.bytes.byteLength);
  const references = JSON.parse(textOf(held.deflated ? inflateRawSync(bytes) : bytes)) as unknown;
  if (!Array.isArray(references)) throw new Error(`the held reference sites of ${extraction.path} are of the wrong shape`);
  extraction.references = references as ReferenceSite[];
  deferredSites.delete(extraction);
  return extraction;
}

/**
 * JSON bytes as text. Most are pure ASCII, which reads as Latin-1 byte for byte without decoding:
 * python/mypy's entries read in about a third of the time UTF-8 decoding takes.
 */
export function textOf(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}
