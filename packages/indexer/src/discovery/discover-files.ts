import type { DiscoveredFile, DiscoveryOptions, DiscoveryResult, SkippedEntry } from './types.js';
import { emptyCounts, walkFiles } from './walk.js';

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * Every indexable source file under `root`, and the entries left out for a reason worth telling the user.
 * Never throws for a bad file or folder inside the root (it is reported); throws when `root` itself is
 * missing or not a directory.
 */
export async function discoverFiles(root: string, options: DiscoveryOptions = {}): Promise<DiscoveryResult> {
  const counts = emptyCounts();
  const files: DiscoveredFile[] = [];
  const skipped: SkippedEntry[] = [];
  for await (const event of walkFiles(root, options, counts)) {
    if (event.type === 'file') files.push(event.file);
    else skipped.push(event.entry);
  }
  return { files: files.sort(byPath), skipped: skipped.sort(byPath), ...counts };
}
