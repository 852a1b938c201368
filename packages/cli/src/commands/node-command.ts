/** `arbor node <symbol>`: one declaration with its location, signature and direct relations. */
import { CALL_KINDS, nodeInfo, type NodeResult } from '@arbor/query';
import { defineCommand } from '../command-line/command-spec.js';
import { completenessLines } from '../output/completeness.js';
import { inlineSignature, label, location, nodeName, plural, sitesText } from '../output/format.js';
import { columns, type Style } from '../output/style.js';
import { commonOptions, countProblem, edgeKindsOption, parseEdgeKinds, runSymbolQuery, symbolOptions } from './query-support.js';

export const nodeCommand = defineCommand({
  name: 'node',
  describe: 'Show one symbol: location, signature, container, members, callers and callees',
  positionals: [{ name: 'symbol', required: true, describe: 'Name, Class::method, path:line or node id' }],
  options: { ...commonOptions({ default: 20, describe: 'Callers, callees and members shown (each)' }), ...symbolOptions, ...edgeKindsOption(CALL_KINDS) },
  check: countProblem,
  run: (args, io) =>
    runSymbolQuery(io, 'node', args, args.symbol, (project, symbol, filter) =>
      nodeInfo(project, symbol, { ...filter, limit: args.limit, edgeKinds: parseEdgeKinds(args['edge-kinds']) }), renderNode),
});

export function renderNode(r: NodeResult, s: Style): string {
  const n = r.node;
  const inline = inlineSignature(n.signature, n.name, 200);
  const lines = [`${label(n, s)}${s.dim(inline)}`];
  const flags = [n.visibility, n.isExported ? 'exported' : '', n.isAsync ? 'async' : '', n.isStatic ? 'static' : '', n.isAbstract ? 'abstract' : '']
    .filter((f) => f)
    .join(' ');
  lines.push(`  ${s.cyan(location(n, true))}  ${n.language}${flags ? `  ${flags}` : ''}  ${s.dim(n.id)}`);
  if (r.fileState === 'modified' || r.fileState === 'removed') lines.push(s.yellow(`  file ${r.fileState} since indexing: this may no longer be true`));
  else if (r.fileState !== 'fresh') lines.push(s.yellow(`  file not read (${r.fileState}): this may no longer be true`));
  if (n.signature && !inline) lines.push(`  ${s.dim(n.signature.trim().split('\n')[0])}`);
  if (r.container) {
    lines.push(r.container.kind === 'file' ? `  in file ${s.cyan(r.container.filePath)}` : `  in ${label(r.container, s)} ${s.cyan(location(r.container))}`);
  }
  if (n.decorators.length > 0) lines.push(`  decorators: ${n.decorators.join(', ')}`);
  if (r.overloads.length > 0) lines.push(`  overloads: ${r.overloads.map((o) => s.cyan(location(o))).join(', ')} ${s.dim('(stubs folded into this declaration: their callers are its callers)')}`);
  if (n.docstring) lines.push(...n.docstring.trim().split('\n').slice(0, 6).map((l) => `  ${s.dim(l.trim())}`));

  const section = (title: string, total: number, rows: string[][]) => {
    if (total === 0) return;
    lines.push(`${s.bold(title)} (${total}${rows.length < total ? `, showing ${rows.length}` : ''})`);
    lines.push(...columns(rows));
  };
  section('members', r.counts.members, r.members.map((m) => [s.dim(m.kind), s.bold(m.name), s.cyan(location(m))]));
  const relation = (c: NodeResult['callers'][number]) =>
    [s.bold(nodeName(c.node)), s.dim(c.node.kind), `${sitesText(c.sites, s)}${c.recursive ? `  ${s.magenta('recursive: calls itself')}` : ''}`];
  section('callers', r.counts.callers, r.callers.map(relation));
  section('callees', r.counts.callees, r.callees.map(relation));
  section(
    'unresolved',
    r.counts.unresolved,
    r.unresolved.map((u) => [
      s.bold(u.name),
      s.dim(u.kind),
      s.cyan(`${u.filePath}:${u.line}`),
      u.candidates.length > 0 ? `${plural(u.candidates.length, 'candidate')}: ${u.candidates.map((c) => `${c.qualifiedName} (${location(c)})`).join(', ')}` : '',
    ]),
  );
  if (r.counts.callers + r.counts.callees === 0) lines.push(s.dim('no callers or callees in the graph'));
  lines.push(...completenessLines(r.completeness, s));
  return lines.join('\n');
}
