/**
 * What every query command shares: the `--json`, `-p/--path` and `--limit` options, opening
 * the project, and turning the result (or failure) into output and an exit code.
 */
import { openProject, type NodeRef, type Project, type SymbolFilter } from '@arbor/query';
import { answerSymbol, isEachDefinition, renderSymbolAnswer, type AlsoNamed, type SymbolAnswer } from './symbol-answers.js';
import { location, nodeName } from '../output/format.js';
import { count, flag, text } from '../command-line/command-spec.js';
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

/** `--json`, `-p/--path` and `--limit`, with the limit's default and meaning for this command. */
export const commonOptions = (limit: { default: number; describe: string }) => ({
  json: flag('Print the result as JSON (shape: packages/query/README.md)'),
  path: text('Project root holding .codegraph/ (default: current folder)', { short: 'p' }),
  limit: count(`${limit.describe} (0: no limit)`, { default: limit.default }),
});

export const symbolOptions = {
  file: text('Only symbols in this file, folder or glob', { short: 'f' }),
  kind: text('Only symbols of these kinds (comma-separated: function,method)', { short: 'k' }),
};

export const depthOption = (defaultDepth: number, describe = 'Hops to follow') => ({
  depth: count(describe, { default: defaultDepth, short: 'd' }),
});

export const edgeKindsOption = (defaults: readonly string[]) => ({
  'edge-kinds': text(`Edge kinds to follow, comma-separated (default: ${defaults.join(',')})`),
});

/** The usage mistakes in --limit and --depth, if any. */
export function countProblem(args: { limit?: number; depth?: number }): string | undefined {
  const { limit, depth } = args;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) return '--limit must be a whole number ≥ 0';
  if (depth !== undefined && (!Number.isInteger(depth) || depth < 1)) return '--depth must be a whole number ≥ 1';
  return undefined;
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
    // A process that ends as soon as the answer is written (the CLI's own io) leaves the read-only
    // connection to the OS: closing it first (statements finalized, the page cache freed and the file
    // unmapped, work process exit does anyway) cost a query process ~1 ms of CPU. Nothing was written.
    if (!io.finished) project?.close();
  }
  io.finished?.();
}

export interface SymbolArgs extends CommonArgs {
  file?: string;
  kind?: string;
}

/** A query about one symbol, answered as `answerSymbol` (symbol-answers.ts) decides. */
export function runSymbolQuery<T extends object>(
  io: CliIo,
  command: string,
  args: SymbolArgs,
  symbol: string,
  compute: (project: Project, symbol: string, filter: SymbolFilter) => T,
  render: (result: T, style: Style) => string,
  options: {
    /** Renders every answer at once (a diagram of them all) instead of one by one; `notes` name what it leaves out. */
    renderAll?: (answers: T[], notes: string[]) => string;
  } = {},
): void {
  const filter: SymbolFilter = { file: args.file, kind: args.kind };
  runQuery<SymbolAnswer<T>>(
    io, command, args,
    (project) => answerSymbol(project!, symbol, filter, (s, f) => compute(project!, s, f)),
    (result, style) => options.renderAll
      ? renderAllAnswers(symbol, result, options.renderAll)
      : renderSymbolAnswer(result, symbol, (one) => render(one, style), style, '--file/--kind'),
  );
}

/** Every answer drawn at once (a diagram); the definitions left out are named in `notes`. */
function renderAllAnswers<T>(symbol: string, result: SymbolAnswer<T>, renderAll: (answers: T[], notes: string[]) => string): string {
  const named = (nodes: NodeRef[]) => nodes.map((n) => `${nodeName(n)} ${location(n)}`).join(', ');
  if (isEachDefinition(result)) {
    const notes = result.more.length > 0 ? [`${result.more.length} more definitions of ${symbol} not drawn: ${named(result.more)}`] : [];
    return renderAll(result.answers.map((a) => a.answer), notes);
  }
  const also = (result as Partial<AlsoNamed<T>>).alsoNamed;
  return renderAll([result as T], also ? [`also named ${symbol}, not drawn: ${named(also)}`] : []);
}
