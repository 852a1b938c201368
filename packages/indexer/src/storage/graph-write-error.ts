/** Why writing a graph failed. In every case the previous database is left as it was. */
export type GraphWriteErrorCode =
  /** The database folder cannot be created or written (permissions, read-only fs, not a folder). */
  | 'DIRECTORY_UNWRITABLE'
  /** A graph iterable threw, or a row cannot be stored (missing field, wrong type). */
  | 'INVALID_INPUT'
  /** SQLite failed while building the new database (disk full, I/O error). */
  | 'DATABASE_ERROR'
  /** The previous database is open elsewhere and the caller asked not to replace it then. */
  | 'DATABASE_IN_USE'
  /** The finished database could not be moved into place. */
  | 'REPLACE_FAILED'
  /** The database folder, its `.gitignore` or the database path is a symlink or a folder: writing would leave the root. */
  | 'UNSAFE_PATH';

export class GraphWriteError extends Error {
  override readonly name = 'GraphWriteError';

  constructor(
    readonly code: GraphWriteErrorCode,
    message: string,
    /** The database the write was aimed at. */
    readonly dbPath: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
