/**
 * Where a command writes and what it knows about its terminal. The binary uses the process;
 * tests pass their own to capture output and exit codes in-process.
 */
import { guardTerminalText } from './terminal-text.js';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Whether stdout is a terminal (colour is only ever used there). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  cwd(): string;
  setExitCode(code: number): void;
  /** Called once a command has written its whole answer; the process may end right there. */
  finished?(): void;
}

export function processIo(): CliIo {
  return {
    // Nothing a query prints can carry a terminal control sequence from the repository.
    stdout: { write: (text: string) => process.stdout.write(guardTerminalText(text)) },
    stderr: { write: (text: string) => process.stderr.write(guardTerminalText(text)) },
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: () => process.cwd(),
    setExitCode: (code) => {
      process.exitCode = code;
    },
    finished: () => {
      // The answer is out and the database closed: end here rather than wait on handles nothing needs any
      // more, but only when nothing is still queued for a slow reader.
      if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit();
    },
  };
}
