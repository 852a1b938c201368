/**
 * Test helper: runs the query commands in-process, as the `arbor` binary wires them, and
 * captures stdout, stderr and the exit code.
 */
import yargs from 'yargs';
import { registerQueryCommands } from '../commands/query-commands.js';
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
  const cli = yargs(args)
    .scriptName('arbor')
    .strict()
    .demandCommand(1)
    .exitProcess(false)
    .fail((message, error) => {
      // Like the binary (which exits here): the command must not run after a usage error.
      stderr += `arbor: ${message ?? error?.message}\n`;
      code = 2;
      throw new UsageError(message ?? error?.message ?? 'usage');
    });
  registerQueryCommands(cli, io);
  try {
    await cli.parseAsync();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
  }
  return { stdout, stderr, code };
}

class UsageError extends Error {}
