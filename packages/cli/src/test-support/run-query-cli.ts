/**
 * Test helper: runs the query commands in-process, as the `arbor` binary wires them, and
 * captures stdout, stderr and the exit code.
 */
import { runProgram } from '../command-line/program.js';
import { QUERY_COMMANDS } from '../commands/query-commands.js';
import type { CliIo } from '../output/io.js';

export interface CliRun {
  stdout: string;
  stderr: string;
  code: number;
}

export async function runQueryCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined>; isTTY?: boolean },
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  let code = 0;
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
    cwd: () => options.cwd,
    setExitCode: (c) => {
      code = c;
    },
  };
  await runProgram(args, QUERY_COMMANDS, io, { version: () => 'test', width: () => 80 });
  return { stdout, stderr, code };
}
