#!/usr/bin/env node
/** The `arbor` binary: `index` builds the graph, every other command reads it. */
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { registerIndexCommand } from './commands/index-command.js';
import { registerQueryCommands } from './commands/query-commands.js';
import { registerHooksCommand } from './git-hooks/hooks-command.js';
import { registerMcpCommand } from './mcp/mcp-command.js';
import { registerWatchCommand } from './watch/watch-command.js';

/**
 * `--` ends options: what follows is an operand even when it starts with a dash (`arbor search
 * -- -foo`, `arbor index -- --odd-folder`). yargs would drop those, so they reach it as
 * placeholders that cannot look like options and are put back before a command runs.
 */
function splitOperands(args: string[]): { args: string[]; operands: Map<string, string> } {
  const end = args.indexOf('--');
  const operands = new Map<string, string>();
  if (end < 0) return { args, operands };
  const placeholders = args.slice(end + 1).map((value, i) => {
    const placeholder = `\u0000arbor-operand-${i}`;
    operands.set(placeholder, value);
    return placeholder;
  });
  return { args: [...args.slice(0, end), ...placeholders], operands };
}

function restoreOperands(argv: Record<string, unknown>, operands: Map<string, string>): void {
  const restore = (value: unknown): unknown =>
    typeof value === 'string' && operands.has(value) ? operands.get(value) : Array.isArray(value) ? value.map(restore) : value;
  for (const key of Object.keys(argv)) argv[key] = restore(argv[key]);
}

/** `arbor index --force`: replace what is at the database path even when it is not a codegraph graph. */
function withForceOption(cli: Argv): Argv {
  return new Proxy(cli, {
    get(target, property, receiver) {
      if (property !== 'command') return Reflect.get(target, property, receiver);
      return (command: string, description: string, builder: (y: Argv) => Argv, handler: (argv: Record<string, unknown>) => unknown) =>
        (target.command as (...args: unknown[]) => Argv)(
          command,
          description,
          (y: Argv) =>
            builder(y).option('force', {
              type: 'boolean',
              default: false,
              describe: 'Replace the file at .codegraph/codegraph.db even when it is not a codegraph graph or is of a newer schema',
            }),
          (argv: Record<string, unknown>) => {
            if (argv.force === true) process.env.ARBOR_INDEX_FORCE = '1';
            return handler(argv);
          },
        );
    },
  });
}

/**
 * git runs with the repository's own config, and a checkout is untrusted: a repository-local
 * `core.fsmonitor` is a command git would execute. Every git this process starts gets it off
 * through GIT_CONFIG_COUNT (command-line level, above any file), and `core.quotePath` off so
 * non-ASCII names come out as they are rather than quoted.
 */
function distrustRepositoryGitConfig(env: NodeJS.ProcessEnv): void {
  const count = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10);
  let next = Number.isInteger(count) && count > 0 ? count : 0;
  for (const [key, value] of [['core.fsmonitor', 'false'], ['core.quotePath', 'false']]) {
    env[`GIT_CONFIG_KEY_${next}`] = key;
    env[`GIT_CONFIG_VALUE_${next}`] = value;
    next++;
  }
  env.GIT_CONFIG_COUNT = String(next);
}

distrustRepositoryGitConfig(process.env);
const { args, operands } = splitOperands(hideBin(process.argv));

const cli = yargs(args)
  .scriptName('arbor')
  .usage('$0 <command> [options]\n\nIndex a repository into a code graph and ask it structural questions.')
  // One value per flag: `--exclude X repo` is a pattern and a root, not two patterns.
  .parserConfiguration({ 'greedy-arrays': false })
  .strict()
  .demandCommand(1, 'Name a command: `arbor index` builds the graph, `arbor --help` lists the rest.')
  .recommendCommands()
  .help()
  .alias('h', 'help')
  .version()
  .wrap(Math.min(110, process.stdout.columns || 80))
  .middleware((argv) => restoreOperands(argv, operands), true)
  .fail((message, error, y) => {
    // Usage mistakes and failures are one clear line on stderr, never a stack trace.
    if (error && !message) message = error.message;
    process.stderr.write(`arbor: ${message}\n`);
    if (!error) process.stderr.write(`Run \`arbor --help\` for usage.\n`);
    void y;
    process.exit(2);
  });

registerIndexCommand(withForceOption(cli));
registerQueryCommands(cli);
registerMcpCommand(cli);
registerWatchCommand(cli);
registerHooksCommand(cli);

await cli.parseAsync();
