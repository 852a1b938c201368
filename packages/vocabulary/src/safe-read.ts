/**
 * Reading a file that a checkout or its graph names, without trusting either. The path is
 * relative to the project root and must stay inside the root's real path (`realpath`
 * containment, so a symlink may point within the tree but never out of it); the file is opened
 * with O_NOFOLLOW|O_NONBLOCK (a symlink swapped in after the check fails, a FIFO cannot block),
 * the open descriptor is checked (regular file, within the size cap) and read; never the path
 * a second time. Every refusal is an answer, not an exception.
 */
import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync, realpathSync, type Stats } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

export type SafeReadRefusal = 'removed' | 'unreadable' | 'outside-root' | 'not-a-file' | 'too-large';

export type SafeReadResult = { ok: true; text: string } | { ok: false; reason: SafeReadRefusal };
export type SafeBytesResult = { ok: true; bytes: Buffer; stat: Stats } | { ok: false; reason: SafeReadRefusal };
export type SafeOpenResult = { ok: true; fd: number; stat: Stats } | { ok: false; reason: SafeReadRefusal };

export interface SafeReadOptions {
  /** Refuse (`too-large`) a file over this many bytes. */
  maxBytes: number;
  /**
   * Whether a symlink inside the root may be followed to a target inside the root. Default true;
   * false refuses any symlink on the way (`.gitignore`: git does not follow a symlinked one either).
   */
  followSymlinks?: boolean;
}

/** One MiB: the indexer's default `--max-file-size`, and far above any real config file. */
export const DEFAULT_READ_CAP = 1024 * 1024;

// O_NOFOLLOW and O_NONBLOCK do not exist on Windows, where FIFOs and these symlink races do not either.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

const realRoots = new Map<string, string>();

function realRootOf(root: string): string | undefined {
  const absolute = resolve(root);
  let real = realRoots.get(absolute);
  if (real === undefined) {
    try {
      real = realpathSync.native(absolute);
    } catch {
      return undefined;
    }
    realRoots.set(absolute, real);
  }
  return real;
}

/** A cap that is not a non-negative number (NaN from a crafted graph row) allows nothing. */
function capOf(maxBytes: number): number {
  return typeof maxBytes === 'number' && maxBytes >= 0 ? Math.min(maxBytes, Number.MAX_SAFE_INTEGER) : 0;
}

function isInside(realRoot: string, path: string): boolean {
  // Both paths are normalised (resolve, realpath, the kernel's): a path under the root starts with it and a separator.
  if (path.length > realRoot.length && path.startsWith(realRoot) && (path[realRoot.length] === sep || realRoot.endsWith(sep))) return true;
  const rel = relative(realRoot, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function refusalOf(error: unknown): SafeReadRefusal {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'removed';
  // A socket (ENXIO) or a device that cannot be opened is not a file arbor reads.
  if (code === 'ENXIO' || code === 'ENODEV') return 'not-a-file';
  return 'unreadable';
}

/**
 * Opens `relativePath` under `root` for reading after every check but the size. The caller
 * owns the descriptor and must close it. `maxBytes` here only refuses a file already larger.
 */
export function openInsideRoot(root: string, relativePath: string, options: SafeReadOptions): SafeOpenResult {
  const maxBytes = capOf(options.maxBytes);
  if (typeof relativePath !== 'string' || relativePath === '' || relativePath.includes('\0') || isAbsolute(relativePath)) {
    return { ok: false, reason: 'outside-root' };
  }
  const realRoot = realRootOf(root);
  if (realRoot === undefined) return { ok: false, reason: 'removed' };
  const lexical = resolve(realRoot, relativePath);
  if (!isInside(realRoot, lexical)) return { ok: false, reason: 'outside-root' };
  if (lexical === realRoot) return { ok: false, reason: 'not-a-file' };
  const direct = openDirect(realRoot, lexical, maxBytes, options.followSymlinks !== false);
  if (direct !== undefined) return direct;

  let real: string;
  try {
    real = realpathSync.native(lexical);
  } catch (error) {
    return { ok: false, reason: refusalOf(error) };
  }
  if (!isInside(realRoot, real)) return { ok: false, reason: 'outside-root' };
  if (options.followSymlinks === false && real !== lexical) return { ok: false, reason: 'not-a-file' };

  let fd: number;
  try {
    fd = openSync(real, OPEN_FLAGS);
  } catch (error) {
    // ELOOP: the last component became a symlink after realpath looked at it.
    return { ok: false, reason: refusalOf(error) };
  }
  return keptIfFile(fd, maxBytes, (): SafeOpenResult | 'file?' => {
    // A folder on the way swapped for a symlink after realpath: where the descriptor really
    // points is known to the kernel (Linux), so check it once more there.
    const opened = openedPath(fd);
    return opened !== undefined && !isInside(realRoot, opened.replace(/ \(deleted\)$/, '')) ? { ok: false, reason: 'outside-root' } : 'file?';
  });
}

/**
 * An opened descriptor, kept when `where` finds nothing against where it points (`'file?'`) and it is a regular
 * file within the size limit; closed otherwise, whatever `where` answers or throws.
 */
function keptIfFile<Answer extends SafeOpenResult | undefined>(fd: number, maxBytes: number, where: () => Answer | 'file?'): Answer | SafeOpenResult {
  let keep = false;
  try {
    const answer = where();
    if (answer !== 'file?') return answer;
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: 'not-a-file' };
    if (stat.size > maxBytes) return { ok: false, reason: 'too-large' };
    keep = true;
    return { ok: true, fd, stat };
  } catch (error) {
    return { ok: false, reason: refusalOf(error) };
  } finally {
    if (!keep) closeSync(fd);
  }
}

/**
 * Where the kernel tells where a descriptor points (Linux), the open itself is the check: the path opened
 * with O_NOFOLLOW, then the descriptor's real path must be inside the root (and be the path itself when no
 * symlink may be followed). That is what the route below checks, without realpath's walk of every component
 * (an lstat or readlink each): the indexer opens every file of a tree this way. Undefined when that route
 * must answer: not Linux, no /proc, or a symlink as the last component (ELOOP), which it follows to a target
 * inside the root.
 */
function openDirect(realRoot: string, lexical: string, maxBytes: number, followSymlinks: boolean): SafeOpenResult | undefined {
  if (process.platform !== 'linux') return undefined;
  let fd: number;
  try {
    fd = openSync(lexical, OPEN_FLAGS);
  } catch (error) {
    return (error as NodeJS.ErrnoException | undefined)?.code === 'ELOOP' ? undefined : { ok: false, reason: refusalOf(error) };
  }
  return keptIfFile(fd, maxBytes, (): SafeOpenResult | undefined | 'file?' => {
    const opened = openedPath(fd)?.replace(/ \(deleted\)$/, '');
    if (opened === undefined) return undefined;
    if (!isInside(realRoot, opened)) return { ok: false, reason: 'outside-root' };
    if (!followSymlinks && opened !== lexical) return { ok: false, reason: 'not-a-file' };
    return 'file?';
  });
}

function openedPath(fd: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/**
 * Reads an open descriptor to its end, chunk by chunk, giving up (`too-large`) past `maxBytes`:
 * the file may have grown since it was checked.
 */
export function readDescriptor(fd: number, limit: number, onChunk: (chunk: Buffer) => void): 'ok' | 'too-large' {
  const maxBytes = capOf(limit);
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1));
  let total = 0;
  for (;;) {
    const read = readSync(fd, buffer, 0, buffer.length, null);
    if (read === 0) return 'ok';
    total += read;
    if (total > maxBytes) return 'too-large';
    onChunk(Buffer.from(buffer.subarray(0, read)));
  }
}

/**
 * Reads an open descriptor to its end into one buffer, giving up (`too-large`) past `limit`.
 * `expectedSize` (the fstat size) sizes the buffer, so a file that did not change is read with
 * one allocation and no copy; one that grew since is still read to its end.
 */
export function readWhole(fd: number, limit: number, expectedSize: number): Buffer | 'too-large' {
  const maxBytes = capOf(limit);
  // One byte more than expected: reading it shows the file grew.
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(0, Math.floor(expectedSize)), maxBytes) + 1);
  let total = 0;
  for (;;) {
    if (total === buffer.length) {
      if (total > maxBytes) return 'too-large';
      const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
      buffer.copy(bigger, 0, 0, total);
      buffer = bigger;
    }
    const read = readSync(fd, buffer, total, buffer.length - total, null);
    if (read === 0) return buffer.subarray(0, total);
    total += read;
    if (total > maxBytes) return 'too-large';
  }
}

/** The bytes of `relativePath` under `root`, under the rules above. */
export function readBytesInsideRoot(root: string, relativePath: string, options: SafeReadOptions): SafeBytesResult {
  const opened = openInsideRoot(root, relativePath, options);
  if (!opened.ok) return opened;
  try {
    const bytes = readWhole(opened.fd, capOf(options.maxBytes), opened.stat.size);
    if (bytes === 'too-large') return { ok: false, reason: 'too-large' };
    return { ok: true, bytes, stat: opened.stat };
  } catch (error) {
    return { ok: false, reason: refusalOf(error) };
  } finally {
    closeSync(opened.fd);
  }
}

/** The UTF-8 text of `relativePath` under `root`, under the rules above. */
export function readTextInsideRoot(root: string, relativePath: string, options: SafeReadOptions = { maxBytes: DEFAULT_READ_CAP }): SafeReadResult {
  const read = readBytesInsideRoot(root, relativePath, options);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : read;
}
