/**
 * A file's stamp: what its stat says of its content without reading it (device, inode, size, and the
 * modification and change times in nanoseconds). A re-index believes a file's content is what the last
 * index read when its stamp is the one that index recorded (pipeline/stat-fast-path.ts), as git's index
 * believes a file whose stat data did not change; the change time catches a tool that puts a modification
 * time back after writing.
 */
import type { BigIntStats } from 'node:fs';

export function fileStamp(stat: BigIntStats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

/** The later of the file's modification and change times, in whole milliseconds since the epoch. */
export function lastChangeMs(stat: BigIntStats): number {
  return Number(stat.mtimeMs > stat.ctimeMs ? stat.mtimeMs : stat.ctimeMs);
}
