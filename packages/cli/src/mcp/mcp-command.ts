/** `arbor mcp [root]`: serve the code graph to MCP clients over stdio. */
import { resolve } from 'node:path';
import { count, defineCommand, text, toggle } from '../command-line/command-spec.js';
import { ConfigurationError, readProjectConfiguration } from '../configuration/project-configuration.js';
import { parseByteSize } from '../output/byte-size.js';
import { escapeControls } from '../output/terminal-text.js';
import { loadDistModule } from '../lazy-module.js';

const DEFAULTS = { maxLimit: 50, maxBytes: '48KiB', indexTimeout: 600, debounce: 1000, watch: true };

export const mcpCommand = defineCommand({
  name: 'mcp',
  describe: 'Serve the code graph over the Model Context Protocol (stdio): tools codegraph and codegraph_index',
  positionals: [{ name: 'root', describe: "Repository root (default: the client's first root, else the current folder)" }],
  options: {
    watch: toggle('Re-index on file changes after a successful codegraph_index (--no-watch: never) [default: on]'),
    'max-limit': count(`Largest result count a query may ask for [default: ${DEFAULTS.maxLimit}]`),
    'max-bytes': text(`Largest answer or error a tool call returns (longer ones are cut and say so) [default: ${DEFAULTS.maxBytes}]`),
    'index-timeout': count(`Seconds codegraph_index may run before it gives up (the previous graph stays) [default: ${DEFAULTS.indexTimeout}]`),
    debounce: count(`Watch: quiet milliseconds after the last change before re-indexing [default: ${DEFAULTS.debounce}]`),
  },
  check: (args) => {
    if (args['max-limit'] !== undefined && (!Number.isInteger(args['max-limit']) || args['max-limit'] < 1)) return '--max-limit must be a whole number ≥ 1';
    if (args['max-bytes'] !== undefined && parseByteSize(args['max-bytes']) === undefined) return `--max-bytes: not a size: ${args['max-bytes']}`;
    if (args['index-timeout'] !== undefined && !(args['index-timeout'] > 0)) return '--index-timeout must be a positive number of seconds';
    if (args.debounce !== undefined && !(args.debounce >= 0)) return '--debounce must be ≥ 0';
    return undefined;
  },
  run: async (args) => {
    // The limits come from the flags, else the `mcp` and `watch` keys of the root's arbor.config.json
    // (the root given, else the folder the server starts in), else the defaults.
    const { LANGUAGE_DESCRIPTORS } = await import('@arbor/indexer');
    let file;
    try {
      file = readProjectConfiguration(resolve(args.root ?? '.'), LANGUAGE_DESCRIPTORS.map((d) => d.name)).values;
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      process.stderr.write(`arbor mcp: ${escapeControls(error.message)}\n`);
      process.exit(1);
    }
    const { runStdioServer } = await loadDistModule<typeof import('./server.js')>('./mcp/server.js');
    await runStdioServer({
      root: args.root,
      watch: args.watch ?? file.mcp?.watch ?? DEFAULTS.watch,
      maxLimit: args['max-limit'] ?? file.mcp?.maxLimit ?? DEFAULTS.maxLimit,
      maxBytes: args['max-bytes'] !== undefined ? parseByteSize(args['max-bytes']) : file.mcp?.maxBytes ?? parseByteSize(DEFAULTS.maxBytes),
      indexTimeoutMs: Math.round((args['index-timeout'] ?? file.mcp?.indexTimeout ?? DEFAULTS.indexTimeout) * 1000),
      watchDebounceMs: args.debounce ?? file.watch?.debounce ?? DEFAULTS.debounce,
    });
  },
});
