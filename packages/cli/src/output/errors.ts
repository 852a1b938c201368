/**
 * Failures as one line on stderr (plus the candidates of an ambiguous symbol), never a stack
 * trace, and an exit code a script can branch on. With --json the error is a JSON document
 * on stderr instead.
 */
import { QueryError, toQueryError, type NodeRef, type QueryErrorCode } from '@arbor/query';
import type { CliIo } from './io.js';
import { columns, type Style } from './style.js';
import { escapeControls } from './terminal-text.js';

/** Exit codes of the query commands (documented in packages/query/README.md). */
export const EXIT = {
  ok: 0,
  /** The question has no answer: unknown or ambiguous symbol, bad argument, git failure. */
  failed: 1,
  /** Usage error (a command called wrongly, or a glob that cannot mean anything). */
  usage: 2,
  /** No index: run `arbor index`. */
  noIndex: 3,
  /** The index exists but cannot be read: locked, corrupt, not codegraph, future schema. */
  badIndex: 4,
  /** `affected --strict`: an answer that may be incomplete (the list is not proven whole). */
  incomplete: 5,
  /** `affected --fail-if-stale`: the index is older than the working tree. */
  staleIndex: 6,
} as const;

export function exitCodeFor(code: QueryErrorCode): number {
  switch (code) {
    case 'no-index':
      return EXIT.noIndex;
    case 'invalid-glob':
      return EXIT.usage;
    case 'stale-index':
      return EXIT.staleIndex;
    case 'not-codegraph':
    case 'future-schema':
    case 'corrupt':
    case 'locked':
    case 'unreadable':
      return EXIT.badIndex;
    default:
      return EXIT.failed;
  }
}

/** Reports `error` for command `command` and sets the exit code. */
export function reportError(io: CliIo, command: string, error: unknown, options: { json: boolean; style: Style }): void {
  const known = toQueryError(error);
  if (!known) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    io.stderr.write(`arbor ${command}: internal error: ${escapeControls(message)}\n`);
    if (io.env.ARBOR_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    io.setExitCode(EXIT.failed);
    return;
  }
  io.setExitCode(exitCodeFor(known.code));
  if (options.json) {
    const body: { error: { code: string; message: string; candidates?: NodeRef[] } } = {
      error: { code: known.code, message: known.message },
    };
    if (known.candidates.length > 0) body.error.candidates = known.candidates;
    io.stderr.write(`${JSON.stringify(body, null, 2)}\n`);
    return;
  }
  const { style } = options;
  // Messages and candidates quote names and paths from the repository: escaped, as all human output.
  io.stderr.write(`${style.red(`arbor ${command}:`)} ${escapeControls(known.message)}\n`);
  if (known.code === 'ambiguous-symbol' || (known.code === 'symbol-not-found' && known.candidates.length > 0)) {
    const title = known.code === 'ambiguous-symbol' ? 'candidates' : 'did you mean';
    io.stderr.write(`${title}:\n`);
    const rows = known.candidates.map((c) => [style.dim(escapeControls(c.kind)), style.bold(escapeControls(c.qualifiedName)), style.cyan(`${escapeControls(c.filePath)}:${c.startLine}`), style.dim(escapeControls(c.id))]);
    for (const line of columns(rows)) io.stderr.write(`${line}\n`);
  }
}

export { QueryError };
