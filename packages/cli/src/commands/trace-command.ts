/** `arbor trace <from> <to>`: the shortest call paths from one symbol to another. */
import { CALL_KINDS, trace, type NodeRef, type TraceResult } from '@arbor/query';
import type { Argv } from 'yargs';
import { nodeLine, sitesText } from '../output/format.js';
import type { CliIo } from '../output/io.js';
import type { Style } from '../output/style.js';
import { alsoNamedLine, choosePrincipal } from './principal-symbol.js';
import { commonOptions, depthOption, edgeKindsOption, parseEdgeKinds, runQuery } from './query-support.js';

export function registerTraceCommand(y: Argv, io: CliIo): Argv {
  return y.command(
    'trace <from> <to>',
    'Show how one symbol reaches another: the shortest call paths, each hop with its call site',
    (b) =>
      edgeKindsOption(depthOption(commonOptions(b, { default: 3, describe: 'Paths shown' }), 10, 'Longest path considered'), CALL_KINDS)
        .positional('from', { type: 'string', demandOption: true, describe: 'Where the path starts (symbol)' })
        .positional('to', { type: 'string', demandOption: true, describe: 'Where it ends (symbol)' })
        .option('from-file', { type: 'string', describe: 'Narrow <from> to a file, folder or glob' })
        .option('from-kind', { type: 'string', describe: 'Narrow <from> to kinds' })
        .option('to-file', { type: 'string', describe: 'Narrow <to> to a file, folder or glob' })
        .option('to-kind', { type: 'string', describe: 'Narrow <to> to kinds' }),
    (argv) =>
      runQuery(io, 'trace', argv, (project) => {
        // Each end: a name shared by several declarations means its one top-level non-test one, the others named.
        const from = choosePrincipal(project!, argv.from, { file: argv['from-file'], kind: argv['from-kind'] });
        const to = choosePrincipal(project!, argv.to, { file: argv['to-file'], kind: argv['to-kind'] });
        const result: TracedWithNames = trace(project!, from.symbol, to.symbol, {
          from: from.filter, to: to.filter, depth: argv.depth, limit: argv.limit === 0 ? 1000 : argv.limit, edgeKinds: parseEdgeKinds(argv['edge-kinds']),
        });
        if (from.alsoNamed || to.alsoNamed) result.alsoNamed = { from: from.alsoNamed ?? [], to: to.alsoNamed ?? [] };
        return result;
      }, (r, s) => {
        const text = renderTrace(r, s);
        const notes = r.alsoNamed ? [[argv.from, r.alsoNamed.from], [argv.to, r.alsoNamed.to]] as const : [];
        return [text, ...notes.filter(([, others]) => others.length > 0).map(([name, others]) => s.dim(alsoNamedLine(name, [...others])))].join('\n');
      }),
  );
}

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
  return lines.join('\n');
}
