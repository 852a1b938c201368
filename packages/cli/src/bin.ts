#!/usr/bin/env node
/** The `arbor` binary: `index` builds the graph, every other command reads it. */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { registerIndexCommand } from './commands/index-command.js';
import { registerQueryCommands } from './commands/query-commands.js';

const cli = yargs(hideBin(process.argv))
  .scriptName('arbor')
  .usage('$0 <command> [options]\n\nIndex a repository into a code graph and ask it structural questions.')
  .strict()
  .demandCommand(1, 'Name a command: `arbor index` builds the graph, `arbor --help` lists the rest.')
  .recommendCommands()
  .help()
  .alias('h', 'help')
  .version()
  .wrap(Math.min(110, process.stdout.columns || 80))
  .fail((message, error, y) => {
    // Usage mistakes and failures are one clear line on stderr, never a stack trace.
    if (error && !message) message = error.message;
    process.stderr.write(`arbor: ${message}\n`);
    if (!error) process.stderr.write(`Run \`arbor --help\` for usage.\n`);
    void y;
    process.exit(2);
  });

registerIndexCommand(cli);
registerQueryCommands(cli);

await cli.parseAsync();
