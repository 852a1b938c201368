/** `arbor callers <symbol>`: who calls it, `--depth` hops out. */
import { CALL_KINDS, callers } from '@arbor/query';
import type { Argv } from 'yargs';
import type { CliIo } from '../output/io.js';
import { renderCallTree } from './call-tree.js';
import { commonOptions, depthOption, edgeKindsOption, parseEdgeKinds, runQuery, symbolOptions } from './query-support.js';

export function registerCallersCommand(y: Argv, io: CliIo): Argv {
  return y.command(
    'callers <symbol>',
    'List what calls a symbol, with the call sites and how each edge was resolved',
    (b) =>
      edgeKindsOption(depthOption(symbolOptions(commonOptions(b, { default: 50, describe: 'Hops shown' })), 1), CALL_KINDS)
        .positional('symbol', { type: 'string', demandOption: true, describe: 'Name, Class::method, path:line or node id' }),
    (argv) =>
      runQuery(io, 'callers', argv, (project) =>
        callers(project!, argv.symbol, {
          file: argv.file, kind: argv.kind, depth: argv.depth, limit: argv.limit, edgeKinds: parseEdgeKinds(argv['edge-kinds']),
        }), renderCallTree),
  );
}
