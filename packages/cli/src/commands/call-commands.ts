/** `arbor callers <symbol>` and `arbor callees <symbol>`: one walk of the call graph, in either direction. */
import { CALL_KINDS, callees, callers } from '@arbor/query';
import type { Argv } from 'yargs';
import type { CliIo } from '../output/io.js';
import { renderCallTree } from './call-tree.js';
import { commonOptions, depthOption, edgeKindsOption, parseEdgeKinds, runSymbolQuery, symbolOptions } from './query-support.js';

const DIRECTIONS = {
  callers: { walk: callers, describe: 'List what calls a symbol, with the call sites and how each edge was resolved' },
  callees: { walk: callees, describe: 'List what a symbol calls, with the call sites and how each edge was resolved' },
} as const;

function registerCallCommand(command: keyof typeof DIRECTIONS, y: Argv, io: CliIo): Argv {
  const { walk, describe } = DIRECTIONS[command];
  return y.command(
    `${command} <symbol>`,
    describe,
    (b) =>
      edgeKindsOption(depthOption(symbolOptions(commonOptions(b, { default: 50, describe: 'Hops shown' })), 1), CALL_KINDS)
        .positional('symbol', { type: 'string', demandOption: true, describe: 'Name, Class::method, path:line or node id' }),
    (argv) =>
      runSymbolQuery(io, command, argv, argv.symbol, (project, symbol, filter) =>
        walk(project, symbol, { ...filter, depth: argv.depth, limit: argv.limit, edgeKinds: parseEdgeKinds(argv['edge-kinds']) }), renderCallTree),
  );
}

export const registerCallersCommand = (y: Argv, io: CliIo): Argv => registerCallCommand('callers', y, io);
export const registerCalleesCommand = (y: Argv, io: CliIo): Argv => registerCallCommand('callees', y, io);
