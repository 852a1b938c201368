/**
 * Where a command writes and what it knows about its terminal. The binary uses the process;
 * tests pass their own to capture output and exit codes in-process.
 */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Whether stdout is a terminal (colour is only ever used there). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  cwd(): string;
  setExitCode(code: number): void;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: () => process.cwd(),
    setExitCode: (code) => {
      process.exitCode = code;
    },
  };
}
