/**
 * The lower-bound notice shared by callers, node, impact and affected: the unproven sites (same
 * name, receiver or name not proven) listed apart from the answer, and one line saying why the
 * answer may be incomplete.
 */
import type { CallersResult } from '@arbor/query';
import { columns, type Style } from './style.js';

/** Every answer carries the same shape (`completeness` in @arbor/query's graph/unproven.ts). */
type Completeness = CallersResult['completeness'];

export function completenessLines(c: Completeness, s: Style, what = 'it'): string[] {
  if (c.complete) return [];
  const lines: string[] = [];
  if (c.unprovenTotal > 0) {
    const shown = c.unprovenSites.length < c.unprovenTotal ? `, showing ${c.unprovenSites.length}` : '';
    lines.push(s.bold(`unproven sites that may also reach ${what} (${c.unprovenTotal}${shown}; not in the graph, not counted above)`));
    lines.push(
      ...columns(
        c.unprovenSites.map((u) => [
          s.cyan(`${u.filePath}:${u.line}`),
          s.bold(u.reference),
          s.dim(u.kind === 'calls' ? (u.candidate ? 'ambiguous name' : 'receiver not proven') : `${u.kind}, ${u.candidate ? 'ambiguous name' : 'receiver not proven'}`),
          u.from && u.from.kind !== 'file' ? s.dim(`in ${u.from.qualifiedName}`) : '',
        ]),
      ),
    );
  }
  lines.push(s.yellow(`may be incomplete: ${c.reasons.join('; ')}`));
  return lines;
}
