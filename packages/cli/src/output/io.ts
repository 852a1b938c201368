/**
 * Where a command writes and what it knows about its terminal. The binary uses the process;
 * tests pass their own to capture output and exit codes in-process.
 */
import { writeSync } from 'node:fs';
import { guardTerminalText } from './terminal-text.js';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Whether stdout is a terminal (colour is only ever used there). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  cwd(): string;
  setExitCode(code: number): void;
  /**
   * Called once a command has written its whole answer; the process ends right there (what is still open,
   * a read-only database, is left to the OS). Without it, commands close what they opened.
   */
  finished?(): void;
}

/**
 * The process's own output. Writes go straight to file descriptors 1 and 2, synchronously and whole:
 * process.stdout on a pipe is a stream whose first use loads Node's stream and socket modules, about
 * 12 ms of CPU of a query process that writes one answer (python/mypy, `callers --json` into a pipe).
 * Nothing is ever queued, so the process may end as soon as the answer is written.
 */
export function processIo(): CliIo {
  return {
    // Nothing a query prints can carry a terminal control sequence from the repository.
    stdout: { write: (text: string) => writeWhole(1, guardTerminalText(text)) },
    stderr: { write: (text: string) => writeWhole(2, guardTerminalText(text)) },
    // Asked only for human output (JSON never has colour), so a JSON answer never creates the stream.
    get isTTY() {
      return Boolean(process.stdout.isTTY);
    },
    env: process.env,
    cwd: () => process.cwd(),
    setExitCode: (code) => {
      process.exitCode = code;
    },
    finished: () => {
      // The answer is written (synchronously): end here rather than wait on handles nothing needs any more.
      process.exit();
    },
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `text` to `fd`. A descriptor another process left non-blocking may take part of it
 * (EAGAIN): the rest follows after a millisecond. A reader that has gone (EPIPE: `arbor … | head -1`)
 * wants no more; anything else is an error of the command.
 */
export function writeWhole(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EPIPE') return;
      if (code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
