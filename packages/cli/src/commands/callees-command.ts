/** `arbor callees <symbol>`: what it calls, `--depth` hops out. */
import { CALL_KINDS, callees } from '@arbor/query';
import type { Argv } from 'yargs';
import type { CliIo } from '../output/io.js';
import { renderCallTree } from './call-tree.js';
import { commonOptions, depthOption, edgeKindsOption, parseEdgeKinds, runQuery, symbolOptions } from './query-support.js';

export function registerCalleesCommand(y: Argv, io: CliIo): Argv {
  return y.command(
    'callees <symbol>',
    'List what a symbol calls, with the call sites and how each edge was resolved',
    (b) =>
      edgeKindsOption(depthOption(symbolOptions(commonOptions(b, { default: 50, describe: 'Hops shown' })), 1), CALL_KINDS)
        .positional('symbol', { type: 'string', demandOption: true, describe: 'Name, Class::method, path:line or node id' }),
    (argv) =>
      runQuery(io, 'callees', argv, (project) =>
        callees(project!, argv.symbol, {
          file: argv.file, kind: argv.kind, depth: argv.depth, limit: argv.limit, edgeKinds: parseEdgeKinds(argv['edge-kinds']),
        }), renderCallTree),
  );
}
