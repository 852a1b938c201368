/**
 * Runs one command line: help, version, or a command. A usage mistake is one line on stderr and a
 * pointer to the help, exit 2; the command never runs after one.
 */
import type { CliIo } from '../output/io.js';
import { EXIT } from '../output/errors.js';
import { escapeControls } from '../output/terminal-text.js';
import { UsageError, type AnyCommand } from './command-spec.js';
import { commandHelp, programHelp } from './help-text.js';
import { parseCommandLine } from './parse-command-line.js';

export interface ProgramOptions {
  /** The version `--version` prints (read only when asked). */
  version(): string;
  /** Columns the help text may use (read only when help is printed). */
  width(): number;
}

export async function runProgram(argv: readonly string[], commands: readonly AnyCommand[], io: CliIo, options: ProgramOptions): Promise<void> {
  let parsed;
  try {
    parsed = parseCommandLine(argv, commands);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const help = error.command ? `arbor ${error.command} --help` : 'arbor --help';
    // An operand or a mistyped name comes from the command line: no raw control characters reach the terminal.
    io.stderr.write(`arbor${error.command ? ` ${error.command}` : ''}: ${escapeControls(error.message)}\nRun \`${help}\` for usage.\n`);
    io.setExitCode(EXIT.usage);
    return;
  }
  if (parsed.kind === 'version') {
    io.stdout.write(`${options.version()}\n`);
    return;
  }
  if (parsed.kind === 'help') {
    io.stdout.write(parsed.command ? commandHelp(parsed.command, options.width()) : programHelp(commands, options.width()));
    return;
  }
  await parsed.command.run(parsed.args, io);
}
