/**
 * What every query command shares: the `--json`, `-p/--path` and `--limit` options, opening
 * the project, and turning the result (or failure) into output and an exit code.
 */
import { openProject, type Project } from '@arbor/query';
import type { Argv } from 'yargs';
import { reportError } from '../output/errors.js';
import type { CliIo } from '../output/io.js';
import { printJson } from '../output/json.js';
import { colourEnabled, createStyle, type Style } from '../output/style.js';
import { forTerminal } from '../output/terminal-text.js';

export interface CommonArgs {
  json: boolean;
  path?: string;
  limit?: number;
}

export function commonOptions<T>(y: Argv<T>, limit: { default: number; describe: string }) {
  return y
    .option('json', { type: 'boolean', default: false, describe: 'Print the result as JSON (shape: packages/query/README.md)' })
    .option('path', { alias: 'p', type: 'string', describe: 'Project root holding .codegraph/ (default: current folder)' })
    .option('limit', { type: 'number', default: limit.default, describe: `${limit.describe} (0: no limit)` })
    .check((argv) => {
      const value = (argv as { limit?: unknown }).limit;
      if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 0)) {
        throw new Error('--limit must be a whole number ≥ 0');
      }
      return true;
    });
}

export function symbolOptions<T>(y: Argv<T>) {
  return y
    .option('file', { alias: 'f', type: 'string', describe: 'Only symbols in this file, folder or glob' })
    .option('kind', { alias: 'k', type: 'string', describe: 'Only symbols of these kinds (comma-separated: function,method)' });
}

export function depthOption<T>(y: Argv<T>, defaultDepth: number, describe = 'Hops to follow') {
  return y.option('depth', { alias: 'd', type: 'number', default: defaultDepth, describe }).check((argv) => {
    const value = (argv as { depth?: unknown }).depth;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new Error('--depth must be a whole number ≥ 1');
    return true;
  });
}

export function edgeKindsOption<T>(y: Argv<T>, defaults: readonly string[]) {
  return y.option('edge-kinds', {
    type: 'string',
    describe: `Edge kinds to follow, comma-separated (default: ${defaults.join(',')})`,
  });
}

export function parseEdgeKinds(value: unknown): string[] | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return value.split(',').map((k) => k.trim()).filter((k) => k !== '');
}

export interface Outcome<T> {
  result: T;
  /** Exit code for a successful answer (default 0). */
  exitCode?: number;
}

/**
 * Runs one query command: opens the project (unless `open: false`), computes, prints JSON or
 * the human rendering, reports failures on stderr with the right exit code.
 */
export function runQuery<T>(
  io: CliIo,
  command: string,
  args: CommonArgs,
  compute: (project: Project | undefined) => T,
  render: (result: T, style: Style) => string,
  options: { open?: boolean; exitCode?: (result: T) => number } = {},
): void {
  const style = createStyle(!args.json && colourEnabled(io));
  let project: Project | undefined;
  try {
    if (options.open ?? true) project = openProject({ path: args.path, cwd: io.cwd() });
    const result = compute(project);
    if (args.json) printJson(io, result);
    else {
      // Names, paths and source from the repository are escaped before any renderer sees them.
      const text = render(forTerminal(result), style);
      if (text !== '') io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    }
    io.setExitCode(options.exitCode?.(result) ?? 0);
  } catch (error) {
    reportError(io, command, error, { json: args.json, style });
  } finally {
    project?.close();
  }
  io.finished?.();
}
