/** Human rendering of callers/callees: a tree, each hop under the node it connects to. */
import type { CallersResult } from '@arbor/query';
import { completenessLines } from '../output/completeness.js';
import { label, location, nodeLine, plural, sitesText } from '../output/format.js';
import type { Style } from '../output/style.js';

export function renderCallTree(r: CallersResult, s: Style): string {
  const title = `${r.direction} of ${label(r.symbol, s)} ${s.cyan(location(r.symbol))}${r.depth > 1 ? s.dim(` (depth ${r.depth})`) : ''}`;
  if (r.hops.length === 0) {
    return [title, `  ${s.dim(`no ${r.direction} in the graph (following ${r.edgeKinds.join(', ')})`)}`, ...completenessLines(r.completeness, s)].join('\n');
  }
  const byVia = new Map<string, typeof r.hops>();
  for (const hop of r.hops) {
    const list = byVia.get(hop.via) ?? [];
    list.push(hop);
    byVia.set(hop.via, list);
  }
  const lines = [title];
  const arrow = r.direction === 'callers' ? '←' : '→';
  const visit = (id: string, depth: number, path: Set<string>) => {
    for (const hop of byVia.get(id) ?? []) {
      if (hop.depth !== depth || path.has(hop.node.id)) continue;
      lines.push(`${'  '.repeat(depth)}${arrow} ${nodeLine(hop.node, s)}  ${sitesText(hop.sites, s)}`);
      visit(hop.node.id, depth + 1, new Set([...path, hop.node.id]));
    }
  };
  visit(r.symbol.id, 1, new Set([r.symbol.id]));
  const notes = [`${plural(r.total, 'node')} within depth ${r.depth}`];
  if (r.nameBasedHops > 0) notes.push(`${plural(r.nameBasedHops, 'hop')} rest on name-based edges`);
  if (r.truncated) notes.push(`list cut at --limit ${r.hops.length}`);
  if (r.moreBeyondDepth) notes.push('more beyond this depth');
  lines.push(s.dim(notes.join('; ')));
  lines.push(...completenessLines(r.completeness, s, r.depth > 1 ? 'it or a caller above' : 'it'));
  return lines.join('\n');
}
