/**
 * The `project_metadata` rows arbor stamps on every graph it writes.
 *
 * codegraph 1.6.1 (which migrates a v4 file in place on open) reads `indexed_with_version`,
 * `indexed_with_extraction_version` and `index_state`; without them its `status` recommends a
 * re-index. The values are those 1.6.1 writes after a complete index of its own (observed by
 * running it, see OBSERVED.md). 0.8.0/0.9.9 read no metadata.
 */
import fs from 'node:fs';

export const CODEGRAPH_COMPAT_STAMPS: Readonly<Record<string, string>> = {
  indexed_with_version: '1.6.1',
  indexed_with_extraction_version: '27',
  index_state: 'complete',
};

export const WRITTEN_BY = 'arbor';

let cachedVersion: string | undefined;

/** The indexer package's version (same relative path from src/ and dist/). */
export function arborVersion(): string {
  if (cachedVersion === undefined) {
    try {
      const text = fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
      cachedVersion = String((JSON.parse(text) as { version?: unknown }).version ?? 'unknown');
    } catch {
      cachedVersion = 'unknown';
    }
  }
  return cachedVersion;
}

/** The stamps, then arbor's own keys, then the caller's keys (which win on clashes). */
export function projectMetadataEntries(extra: Record<string, string>, version: string = arborVersion()): Array<[string, string]> {
  const merged: Record<string, string> = {
    ...CODEGRAPH_COMPAT_STAMPS,
    arbor_version: version,
    written_by: WRITTEN_BY,
    ...extra,
  };
  return Object.entries(merged);
}
