/** `arbor mcp [root]`: serve the code graph to MCP clients over stdio. */
import type { Argv } from 'yargs';
import { parseByteSize } from '../output/byte-size.js';
import { loadDistModule } from '../lazy-module.js';

export function registerMcpCommand(cli: Argv): void {
  cli.command(
    'mcp [root]',
    'Serve the code graph over the Model Context Protocol (stdio): tools codegraph and codegraph_index',
    (y) =>
      y
        .positional('root', { type: 'string', describe: "Repository root (default: the client's first root, else the current folder)" })
        .option('watch', { type: 'boolean', default: true, describe: 'Re-index on file changes after a successful codegraph_index (--no-watch: never)' })
        .option('max-limit', { type: 'number', default: 50, describe: 'Largest result count a query may ask for' })
        .option('max-bytes', { type: 'string', default: '48KiB', describe: 'Largest answer a query returns (longer ones are cut and say so)' })
        .option('index-timeout', { type: 'number', default: 600, describe: 'Seconds codegraph_index may run before it gives up (the previous graph stays)' })
        .option('debounce', { type: 'number', default: 1000, describe: 'Watch: quiet milliseconds after the last change before re-indexing' })
        .check((argv) => {
          if (!Number.isInteger(argv['max-limit']) || argv['max-limit'] < 1) throw new Error('--max-limit must be a whole number ≥ 1');
          if (parseByteSize(argv['max-bytes']) === undefined) throw new Error(`--max-bytes: not a size: ${argv['max-bytes']}`);
          if (!(argv['index-timeout'] > 0)) throw new Error('--index-timeout must be a positive number of seconds');
          if (!(argv.debounce >= 0)) throw new Error('--debounce must be ≥ 0');
          return true;
        }),
    async (argv) => {
      const { runStdioServer } = await loadDistModule<typeof import('./server.js')>('./mcp/server.js');
      await runStdioServer({
        root: argv.root,
        watch: argv.watch,
        maxLimit: argv['max-limit'],
        maxBytes: parseByteSize(argv['max-bytes']),
        indexTimeoutMs: Math.round(argv['index-timeout'] * 1000),
        watchDebounceMs: argv.debounce,
      });
    },
  );
}
