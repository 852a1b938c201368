/** `arbor trace <from> <to>`: the shortest call paths from one symbol to another. */
import { CALL_KINDS, trace, type TraceResult } from '@arbor/query';
import type { Argv } from 'yargs';
import { nodeLine, sitesText } from '../output/format.js';
import type { CliIo } from '../output/io.js';
import type { Style } from '../output/style.js';
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
      runQuery(io, 'trace', argv, (project) =>
        trace(project!, argv.from, argv.to, {
          from: { file: argv['from-file'], kind: argv['from-kind'] },
          to: { file: argv['to-file'], kind: argv['to-kind'] },
          depth: argv.depth,
          limit: argv.limit === 0 ? 1000 : argv.limit,
          edgeKinds: parseEdgeKinds(argv['edge-kinds']),
        }), renderTrace),
  );
}

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
