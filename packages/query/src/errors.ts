import type { NodeRef } from './model.js';

/**
 * Why a query could not be answered. Every failure the CLI reports as a one-line message
 * carries one of these codes; the CLI maps them to exit codes.
 */
export type QueryErrorCode =
  | 'no-index'           // no .codegraph/codegraph.db under the project root
  | 'not-codegraph'      // a file that is not a codegraph database
  | 'future-schema'      // a codegraph schema newer than this reader understands
  | 'corrupt'            // SQLite reports a damaged file
  | 'locked'             // another process holds a lock (an indexer is writing)
  | 'unreadable'         // permissions, I/O errors
  | 'symbol-not-found'
  | 'ambiguous-symbol'
  | 'bad-argument'
  | 'invalid-glob'       // a glob that cannot mean anything: a usage mistake
  | 'git-failed'
  | 'stale-index';       // the index is older than the working tree, and the caller asked for a fresh one

export class QueryError extends Error {
  readonly code: QueryErrorCode;
  /** Declarations a symbol argument could mean (for `ambiguous-symbol`, and suggestions). */
  readonly candidates: NodeRef[];

  constructor(code: QueryErrorCode, message: string, candidates: NodeRef[] = []) {
    super(message);
    this.name = 'QueryError';
    this.code = code;
    this.candidates = candidates;
  }
}

/** SQLite result codes (better-sqlite3 puts them on `err.code`) and what they mean for a reader. */
const SQLITE_CODES: Array<[prefix: string, code: QueryErrorCode, explain: string]> = [
  ['SQLITE_BUSY', 'locked', 'the index is locked by another process (is `arbor index` running?); try again when it finishes'],
  ['SQLITE_LOCKED', 'locked', 'the index is locked by another process (is `arbor index` running?); try again when it finishes'],
  ['SQLITE_CORRUPT', 'corrupt', 'the index database is corrupt; rebuild it with `arbor index`'],
  ['SQLITE_NOTADB', 'not-codegraph', 'the file is not a SQLite database'],
  ['SQLITE_CANTOPEN', 'unreadable', 'the index database cannot be opened'],
  ['SQLITE_PERM', 'unreadable', 'no permission to read the index database'],
  ['SQLITE_AUTH', 'unreadable', 'no permission to read the index database'],
  // A writer died mid-transaction in rollback-journal mode: only a writer may roll it back.
  ['SQLITE_READONLY_ROLLBACK', 'unreadable', 'the index database has a hot rollback journal (a writer was interrupted) that a read-only reader cannot apply; rebuild it with `arbor index`, or open it once where it can be written'],
  ['SQLITE_READONLY', 'unreadable', 'the index database cannot be read here (read-only location without its -shm file?)'],
  ['SQLITE_IOERR', 'unreadable', 'I/O error while reading the index database'],
  ['SQLITE_FULL', 'unreadable', 'disk full while reading the index database'],
];

/**
 * Turns anything thrown while reading a database into a QueryError with a one-line message,
 * so no caller ever has to show a stack trace. Programming errors stay as they are.
 */
export function toQueryError(error: unknown, dbPath?: string): QueryError | undefined {
  if (error instanceof QueryError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined;
  const where = dbPath ? ` (${dbPath})` : '';
  for (const [prefix, queryCode, explain] of SQLITE_CODES) {
    if (code.startsWith(prefix)) return new QueryError(queryCode, `${explain}${where}`);
  }
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new QueryError('unreadable', `cannot read the index database${where}: ${message}`);
}
