/**
 * What every query command shares: the `--json`, `-p/--path` and `--limit` options, opening
 * the project, and turning the result (or failure) into output and an exit code.
 */
import { isTestFile, openProject, type NodeDetails, type NodeRef, type Project, type SymbolFilter } from '@arbor/query';
import { alsoNamedLine, choosePrincipal, refOf } from './principal-symbol.js';
import { count, flag, text } from '../command-line/command-spec.js';
import { reportError } from '../output/errors.js';
import type { CliIo } from '../output/io.js';
import { printJson } from '../output/json.js';
import { location, nodeName } from '../output/format.js';
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
    project?.close();
  }
  io.finished?.();
}

/** Definitions of an ambiguous name that get an answer of their own; the rest are listed. */
export const MAX_DEFINITIONS_ANSWERED = 5;
const MAX_DEFINITIONS_LISTED = 20;

export interface SymbolArgs extends CommonArgs {
  file?: string;
  kind?: string;
}

/**
 * A query about one symbol. A name several declarations share is never merged into one answer:
 * when exactly one of them is a top-level declaration outside tests, that one is answered and the
 * others are named (`alsoNamed`); otherwise each definition, non-test and top-level first, gets an
 * answer of its own (at most MAX_DEFINITIONS_ANSWERED) and the rest are listed (`more`).
 */
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
  runQuery<T | AlsoNamed<T> | EachDefinition<T>>(io, command, args, (project) => {
    const chosen = choosePrincipal(project!, symbol, filter);
    if (chosen.alsoNamed) return { ...compute(project!, chosen.symbol, chosen.filter), alsoNamed: chosen.alsoNamed };
    const { match } = chosen;
    if (match.status !== 'ambiguous') return compute(project!, symbol, filter);
    const order = (n: NodeDetails) => Number(isTestFile(n.filePath)) * 2 + Number(n.qualifiedName !== n.name);
    const candidates = [...match.candidates].sort((a, b) => order(a) - order(b));
    const answered = candidates.slice(0, MAX_DEFINITIONS_ANSWERED);
    return {
      symbol,
      definitions: candidates.length,
      answers: answered.map((node) => ({ definition: refOf(node), answer: compute(project!, node.id, {}) })),
      more: candidates.slice(MAX_DEFINITIONS_ANSWERED).map(refOf),
    };
  }, (result, style) => {
    if (options.renderAll) return renderAllAnswers(symbol, result, options.renderAll);
    if ('answers' in result && 'definitions' in result) return renderEachDefinition(result as EachDefinition<T>, render, style);
    const text = render(result as T, style);
    const also = (result as Partial<AlsoNamed<T>>).alsoNamed;
    return also ? `${text}\n${style.dim(alsoNamedLine(symbol, also))}` : text;
  });
}
type AlsoNamed<T> = T & { alsoNamed: NodeRef[] };

interface EachDefinition<T> {
  symbol: string;
  definitions: number;
  answers: Array<{ definition: NodeRef; answer: T }>;
  more: NodeRef[];
}

function renderAllAnswers<T>(symbol: string, result: T | AlsoNamed<T> | EachDefinition<T>, renderAll: (answers: T[], notes: string[]) => string): string {
  const named = (nodes: NodeRef[]) => nodes.map((n) => `${nodeName(n)} ${location(n)}`).join(', ');
  if (typeof result === 'object' && result !== null && 'answers' in result && 'definitions' in result) {
    const each = result as EachDefinition<T>;
    const notes = each.more.length > 0 ? [`${each.more.length} more definitions of ${symbol} not drawn: ${named(each.more)}`] : [];
    return renderAll(each.answers.map((a) => a.answer), notes);
  }
  const also = (result as Partial<AlsoNamed<T>>).alsoNamed;
  return renderAll([result as T], also ? [`also named ${symbol}, not drawn: ${named(also)}`] : []);
}

function renderEachDefinition<T>(r: EachDefinition<T>, render: (result: T, style: Style) => string, style: Style): string {
  const lines = [`"${r.symbol}" has ${r.definitions} definitions; ${r.answers.length === r.definitions ? 'each' : `the first ${r.answers.length} (outside tests and top-level first)`} answered apart. Name one by Class::method, path:line or id, or narrow with --file/--kind.`];
  r.answers.forEach(({ definition, answer }, i) => {
    lines.push('', style.bold(`── ${i + 1} of ${r.definitions}: ${definition.kind} ${nodeName(definition)}  ${location(definition)}`));
    lines.push(render(answer, style));
  });
  if (r.more.length > 0) {
    lines.push('', `${r.more.length} more definitions:`);
    for (const n of r.more.slice(0, MAX_DEFINITIONS_LISTED)) lines.push(`  ${n.kind} ${nodeName(n)}  ${location(n)}  ${style.dim(n.id)}`);
    if (r.more.length > MAX_DEFINITIONS_LISTED) lines.push(style.dim(`  … ${r.more.length - MAX_DEFINITIONS_LISTED} more`));
  }
  return lines.join('\n');
}
