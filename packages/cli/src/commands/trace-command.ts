/** `arbor trace <from> <to>`: the shortest call paths from one symbol to another. */
import { CALL_KINDS, trace, type NodeRef, type TraceResult } from '@arbor/query';
import { defineCommand, text } from '../command-line/command-spec.js';
import { completenessLines } from '../output/completeness.js';
import { nodeLine, sitesText } from '../output/format.js';
import type { Style } from '../output/style.js';
import { alsoNamedLine, choosePrincipal } from './principal-symbol.js';
import { drawAnswers, formatOption, formatProblem, notDrawnNote } from './picture-format.js';
import { commonOptions, countProblem, depthOption, edgeKindsOption, parseEdgeKinds, runQuery } from './query-support.js';

export const traceCommand = defineCommand({
  name: 'trace',
  describe: 'Show how one symbol reaches another: the shortest call paths, each hop with its call site',
  positionals: [
    { name: 'from', required: true, describe: 'Where the path starts (symbol)' },
    { name: 'to', required: true, describe: 'Where it ends (symbol)' },
  ],
  options: {
    ...commonOptions({ default: 3, describe: 'Paths shown' }),
    ...depthOption(10, 'Longest path considered'),
    ...edgeKindsOption(CALL_KINDS),
    'from-file': text('Narrow <from> to a file, folder or glob'),
    'from-kind': text('Narrow <from> to kinds'),
    'to-file': text('Narrow <to> to a file, folder or glob'),
    'to-kind': text('Narrow <to> to kinds'),
    ...formatOption,
  },
  check: (args) => countProblem(args) ?? formatProblem(args),
  run: (args, io) =>
    runQuery(io, 'trace', args, (project) => {
      // Each end: a name shared by several declarations means its one top-level non-test one, the others named.
      const from = choosePrincipal(project!, args.from, { file: args['from-file'], kind: args['from-kind'] });
      const to = choosePrincipal(project!, args.to, { file: args['to-file'], kind: args['to-kind'] });
      const result: TracedWithNames = trace(project!, from.symbol, to.symbol, {
        from: from.filter, to: to.filter, depth: args.depth, limit: args.limit === 0 ? 1000 : args.limit, edgeKinds: parseEdgeKinds(args['edge-kinds']),
      });
      if (from.alsoNamed || to.alsoNamed) result.alsoNamed = { from: from.alsoNamed ?? [], to: to.alsoNamed ?? [] };
      return result;
    }, (r, s) => {
      if (args.format !== 'text') {
        const notes = r.alsoNamed ? [[args.from, r.alsoNamed.from], [args.to, r.alsoNamed.to]] as const : [];
        const drawn = notes.filter(([, others]) => others.length > 0).map(([name, others]) => notDrawnNote(name, others));
        return drawAnswers('trace', args.format as 'mermaid' | 'dot', [r], drawn);
      }
      const text = renderTrace(r, s);
      const notes = r.alsoNamed ? [[args.from, r.alsoNamed.from], [args.to, r.alsoNamed.to]] as const : [];
      return [text, ...notes.filter(([, others]) => others.length > 0).map(([name, others]) => s.dim(alsoNamedLine(name, [...others])))].join('\n');
    }),
});

type TracedWithNames = TraceResult & { alsoNamed?: { from: NodeRef[]; to: NodeRef[] } };

export function renderTrace(r: TraceResult, s: Style): string {
  const lines = [r.found ? r.message : s.yellow(r.message)];
  r.paths.forEach((path, i) => {
    lines.push(s.bold(`path ${i + 1}`));
    lines.push(`  ${nodeLine(path.hops[0].from, s)}`);
    for (const hop of path.hops) {
      lines.push(`  → ${nodeLine(hop.to, s)}  ${sitesText(hop.sites, s)}`);
    }
  });
  lines.push(...completenessLines(r.completeness, s, `${r.to.qualifiedName} or a declaration calling it`));
  return lines.join('\n');
}
