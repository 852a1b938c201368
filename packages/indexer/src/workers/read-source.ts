/**
 * Reading one source file for extraction. Discovery checked the file, but the checkout may
 * change before it is read (a FIFO, a symlink out of the root or a bigger file swapped in), so
 * the checks are made again on the descriptor that is read: opened with O_NOFOLLOW|O_NONBLOCK
 * under the root (no symlink on the way, discovery indexes every file at its real path), fstat
 * shows a regular file within the size limit, and reading stops past the limit if it grows.
 */
import { closeSync } from 'node:fs';
import { openInsideRoot, readWhole, type SafeReadRefusal } from '@arbor/vocabulary';

export type SourceRead =
  | { ok: true; bytes: Buffer; mtimeMs: number }
  | { ok: false; reason: SafeReadRefusal };

export function readSourceFile(root: string, relativePath: string, maxBytes: number): SourceRead {
  const opened = openInsideRoot(root, relativePath, { maxBytes, followSymlinks: false });
  if (!opened.ok) return opened;
  try {
    const bytes = readWhole(opened.fd, maxBytes, opened.stat.size);
    if (bytes === 'too-large') return { ok: false, reason: 'too-large' };
    return { ok: true, bytes, mtimeMs: Math.floor(opened.stat.mtimeMs) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    closeSync(opened.fd);
  }
}
