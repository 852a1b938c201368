/** `arbor callers <symbol>` and `arbor callees <symbol>`: one walk of the call graph, in either direction. */
import { CALL_KINDS, callees, callers } from '@arbor/query';
import { defineCommand, type AnyCommand } from '../command-line/command-spec.js';
import { renderCallTree } from './call-tree.js';
import { drawAnswers, formatOption, formatProblem } from './picture-format.js';
import { commonOptions, countProblem, depthOption, edgeKindsOption, parseEdgeKinds, runSymbolQuery, symbolOptions } from './query-support.js';

const DIRECTIONS = {
  callers: { walk: callers, describe: 'List what calls a symbol, with the call sites and how each edge was resolved' },
  callees: { walk: callees, describe: 'List what a symbol calls, with the call sites and how each edge was resolved' },
} as const;

function callCommand(name: keyof typeof DIRECTIONS): AnyCommand {
  const { walk, describe } = DIRECTIONS[name];
  return defineCommand({
    name,
    describe,
    positionals: [{ name: 'symbol', required: true, describe: 'Name, Class::method, path:line or node id' }],
    options: { ...commonOptions({ default: 50, describe: 'Hops shown' }), ...symbolOptions, ...depthOption(1), ...edgeKindsOption(CALL_KINDS), ...formatOption },
    check: (args) => countProblem(args) ?? formatProblem(args),
    run: (args, io) =>
      runSymbolQuery(io, name, args, args.symbol, (project, symbol, filter) =>
        walk(project, symbol, { ...filter, depth: args.depth, limit: args.limit, edgeKinds: parseEdgeKinds(args['edge-kinds']) }), renderCallTree,
        args.format === 'text' ? {} : { renderAll: (answers, notes) => drawAnswers(name, args.format as 'mermaid' | 'dot', answers, notes) }),
  });
}

export const callersCommand = callCommand('callers');
export const calleesCommand = callCommand('callees');
