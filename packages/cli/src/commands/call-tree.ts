/**
 * Human rendering of callers/callees: a tree, each hop under the node it connects to. A node
 * reached again (through another path) is listed with `↑ see above` and not expanded twice, so
 * the output has one line per hop.
 */
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
  // Each node is expanded once; a later meeting refers back to it. Expanding every path instead
  // grows exponentially with depth when calls cross between layers (2^20 lines at depth 20).
  // An explicit stack rather than recursion: a chain of thousands of calls must not overflow it.
  const expanded = new Set<string>([r.symbol.id]);
  const stack = [...(byVia.get(r.symbol.id) ?? [])].reverse();
  while (stack.length > 0) {
    const hop = stack.pop()!;
    const indent = '  '.repeat(hop.depth);
    if (hop.recursive) {
      lines.push(`${indent}${arrow} ${nodeLine(hop.node, s)}  ${sitesText(hop.sites, s)}  ${s.magenta('recursive: calls itself')}`);
      continue;
    }
    if (expanded.has(hop.node.id)) {
      lines.push(`${indent}${arrow} ${nodeLine(hop.node, s)}  ${sitesText(hop.sites, s)}  ${s.dim('↑ see above')}`);
      continue;
    }
    expanded.add(hop.node.id);
    lines.push(`${indent}${arrow} ${nodeLine(hop.node, s)}  ${sitesText(hop.sites, s)}`);
    for (const next of [...(byVia.get(hop.node.id) ?? [])].reverse()) if (next.depth === hop.depth + 1) stack.push(next);
  }
  const notes = [`${plural(r.total, 'node')} within depth ${r.depth}${r.hops.some((h) => h.recursive) ? ', and itself (recursive)' : ''}`];
  if (r.nameBasedHops > 0) notes.push(`${plural(r.nameBasedHops, 'hop')} rest on name-based edges`);
  if (r.truncated) notes.push(`list cut at --limit ${r.hops.length}`);
  if (r.moreBeyondDepth) notes.push('more beyond this depth');
  lines.push(s.dim(notes.join('; ')));
  lines.push(...completenessLines(r.completeness, s, r.depth > 1 ? 'it or a caller above' : 'it'));
  return lines.join('\n');
}
