/** `arbor mcp [root]`: serve the code graph to MCP clients over stdio. */
import { count, defineCommand, flag, text } from '../command-line/command-spec.js';
import { parseByteSize } from '../output/byte-size.js';
import { loadDistModule } from '../lazy-module.js';

export const mcpCommand = defineCommand({
  name: 'mcp',
  describe: 'Serve the code graph over the Model Context Protocol (stdio): tools codegraph and codegraph_index',
  positionals: [{ name: 'root', describe: "Repository root (default: the client's first root, else the current folder)" }],
  options: {
    watch: flag('Re-index on file changes after a successful codegraph_index (--no-watch: never)', { default: true }),
    'max-limit': count('Largest result count a query may ask for', { default: 50 }),
    'max-bytes': text('Largest answer or error a tool call returns (longer ones are cut and say so)', { default: '48KiB' }),
    'index-timeout': count('Seconds codegraph_index may run before it gives up (the previous graph stays)', { default: 600 }),
    debounce: count('Watch: quiet milliseconds after the last change before re-indexing', { default: 1000 }),
  },
  check: (args) => {
    if (!Number.isInteger(args['max-limit']) || args['max-limit'] < 1) return '--max-limit must be a whole number ≥ 1';
    if (parseByteSize(args['max-bytes']) === undefined) return `--max-bytes: not a size: ${args['max-bytes']}`;
    if (!(args['index-timeout'] > 0)) return '--index-timeout must be a positive number of seconds';
    if (!(args.debounce >= 0)) return '--debounce must be ≥ 0';
    return undefined;
  },
  run: async (args) => {
    const { runStdioServer } = await loadDistModule<typeof import('./server.js')>('./mcp/server.js');
    await runStdioServer({
      root: args.root,
      watch: args.watch,
      maxLimit: args['max-limit'],
      maxBytes: parseByteSize(args['max-bytes']),
      indexTimeoutMs: Math.round(args['index-timeout'] * 1000),
      watchDebounceMs: args.debounce,
    });
  },
});
