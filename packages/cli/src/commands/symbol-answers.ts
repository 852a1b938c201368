/**
 * The answer model for a question about one symbol, shared by the `arbor` commands and the MCP
 * server so both answer a name the same way. A name several declarations share is never merged
 * into one answer: when exactly one of them is a top-level declaration outside tests, that one is
 * answered and the others are named (`alsoNamed`); otherwise each definition, non-test and
 * top-level first, gets an answer of its own (at most MAX_DEFINITIONS_ANSWERED) and the rest are
 * listed (`more`).
 */
import { isTestFile, type NodeDetails, type NodeRef, type Project, type SymbolFilter } from '@arbor/query';
import { location, nodeName } from '../output/format.js';
import type { Style } from '../output/style.js';
import { alsoNamedLine, choosePrincipal, refOf } from './principal-symbol.js';

/** Definitions of an ambiguous name that get an answer of their own; the rest are listed. */
export const MAX_DEFINITIONS_ANSWERED = 5;
const MAX_DEFINITIONS_LISTED = 20;

export type AlsoNamed<T> = T & { alsoNamed: NodeRef[] };

export interface EachDefinition<T> {
  symbol: string;
  definitions: number;
  answers: Array<{ definition: NodeRef; answer: T }>;
  more: NodeRef[];
}

/** One answer, one answer with the other declarations of its name, or one answer per definition. */
export type SymbolAnswer<T> = T | AlsoNamed<T> | EachDefinition<T>;

export function answerSymbol<T extends object>(
  project: Project,
  symbol: string,
  filter: SymbolFilter,
  compute: (symbol: string, filter: SymbolFilter) => T,
): SymbolAnswer<T> {
  const chosen = choosePrincipal(project, symbol, filter);
  if (chosen.alsoNamed) return { ...compute(chosen.symbol, chosen.filter), alsoNamed: chosen.alsoNamed };
  const { match } = chosen;
  if (match.status !== 'ambiguous') return compute(symbol, filter);
  const order = (n: NodeDetails) => Number(isTestFile(n.filePath)) * 2 + Number(n.qualifiedName !== n.name);
  const candidates = [...match.candidates].sort((a, b) => order(a) - order(b));
  const answered = candidates.slice(0, MAX_DEFINITIONS_ANSWERED);
  return {
    symbol,
    definitions: candidates.length,
    answers: answered.map((node) => ({ definition: refOf(node), answer: compute(node.id, {}) })),
    more: candidates.slice(MAX_DEFINITIONS_ANSWERED).map(refOf),
  };
}

export function isEachDefinition<T>(result: SymbolAnswer<T>): result is EachDefinition<T> {
  return typeof result === 'object' && result !== null && 'answers' in result && 'definitions' in result;
}

/**
 * Renders any of the three shapes with `render` for a single answer. `narrow` is how the reader
 * narrows a name (`--file/--kind` on the command line, the `file`/`kind` arguments over MCP).
 */
export function renderSymbolAnswer<T>(
  result: SymbolAnswer<T>,
  symbol: string,
  render: (result: T) => string,
  style: Style,
  narrow: string,
): string {
  if (isEachDefinition(result)) return renderEachDefinition(result, render, style, narrow);
  const text = render(result as T);
  const also = (result as Partial<AlsoNamed<T>>).alsoNamed;
  return also ? `${text}\n${style.dim(alsoNamedLine(symbol, also))}` : text;
}

function renderEachDefinition<T>(r: EachDefinition<T>, render: (result: T) => string, style: Style, narrow: string): string {
  const which = r.answers.length === r.definitions ? 'each' : `the first ${r.answers.length} (outside tests and top-level first)`;
  const lines = [`"${r.symbol}" has ${r.definitions} definitions; ${which} answered apart. Name one by Class::method, path:line or id, or narrow with ${narrow}.`];
  r.answers.forEach(({ definition, answer }, i) => {
    lines.push('', style.bold(`── ${i + 1} of ${r.definitions}: ${definition.kind} ${nodeName(definition)}  ${location(definition)}`));
    lines.push(render(answer));
  });
  if (r.more.length > 0) {
    lines.push('', `${r.more.length} more definitions:`);
    for (const n of r.more.slice(0, MAX_DEFINITIONS_LISTED)) lines.push(`  ${n.kind} ${nodeName(n)}  ${location(n)}  ${style.dim(n.id)}`);
    if (r.more.length > MAX_DEFINITIONS_LISTED) lines.push(style.dim(`  … ${r.more.length - MAX_DEFINITIONS_LISTED} more`));
  }
  return lines.join('\n');
}
