import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

// The entry may have been swapped for a FIFO or a link since it was listed: never block, never follow.
const SNIFF_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** How much of a file is read to decide whether it is binary (git looks at the first 8000 bytes too). */
export const BINARY_SNIFF_BYTES = 8000;

/** Whether the first bytes of a file contain a NUL byte, which text source files never do. */
const sniffBuffer = Buffer.alloc(BINARY_SNIFF_BYTES);

export function looksBinary(absolutePath: string): boolean {
  const fd = openSync(absolutePath, SNIFF_FLAGS);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`${absolutePath} is not a regular file`), { code: 'ENOTREG' });
    const bytesRead = readSync(fd, sniffBuffer, 0, BINARY_SNIFF_BYTES, 0);
    return looksBinaryBytes(sniffBuffer.subarray(0, bytesRead));
  } finally {
    closeSync(fd);
  }
}

/** The same check on a file's content already read: a NUL byte among its first bytes. */
export function looksBinaryBytes(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

export function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : String(error);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}
