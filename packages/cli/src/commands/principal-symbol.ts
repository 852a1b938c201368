/**
 * A bare name several declarations share, with exactly one of them a top-level declaration
 * outside tests (`findSymbol`'s `principal`): the answer is for that one, and the others are
 * named beside it. Never merged; anything else is left to the query to report.
 */
import { findSymbol, type NodeDetails, type NodeRef, type Project, type SymbolFilter, type SymbolMatch } from '@arbor/query';
import { location, nodeName } from '../output/format.js';

export interface ChosenSymbol {
  /** What to pass to the query: the principal declaration's id, or the argument unchanged. */
  symbol: string;
  filter: SymbolFilter;
  /** The other declarations of that name, when the principal one was chosen. */
  alsoNamed?: NodeRef[];
  /** What the argument matched, for a caller that answers an ambiguous name in its own way. */
  match: SymbolMatch;
}

export const refOf = (n: NodeDetails): NodeRef => ({
  id: n.id, kind: n.kind, name: n.name, qualifiedName: n.qualifiedName, filePath: n.filePath, language: n.language, startLine: n.startLine, endLine: n.endLine,
});

export function choosePrincipal(project: Project, symbol: string, filter: SymbolFilter): ChosenSymbol {
  const match = findSymbol(project, symbol, filter);
  if (match.status !== 'ambiguous' || !match.principal) return { symbol, filter, match };
  const principal = match.principal;
  return { symbol: principal.id, filter: {}, alsoNamed: match.candidates.filter((n) => n !== principal).map(refOf), match };
}

const MAX_LISTED = 20;

/** `also named url_for: Flask::url_for src/flask/app.py:1102 (…)`. */
export function alsoNamedLine(symbol: string, others: NodeRef[]): string {
  const names = others.slice(0, MAX_LISTED).map((n) => `${nodeName(n)} ${location(n)}`).join(', ');
  const rest = others.length > MAX_LISTED ? `, and ${others.length - MAX_LISTED} more` : '';
  return `also named ${symbol}: ${names}${rest} (name one by Class::method, path:line or id)`;
}
