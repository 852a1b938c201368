/** Registers every read-only query command on a yargs instance (the binary adds `index`). */
import type { Argv } from 'yargs';
import { processIo, type CliIo } from '../output/io.js';
import { registerAffectedCommand } from './affected-command.js';
import { registerCalleesCommand, registerCallersCommand } from './call-commands.js';
import { registerContextCommand } from './context-command.js';
import { registerExploreCommand } from './explore-command.js';
import { registerFilesCommand } from './files-command.js';
import { registerImpactCommand } from './impact-command.js';
import { registerNodeCommand } from './node-command.js';
import { registerSearchCommand } from './search-command.js';
import { registerStatusCommand } from './status-command.js';
import { registerTraceCommand } from './trace-command.js';

export function registerQueryCommands(y: Argv, io: CliIo = processIo()): Argv {
  for (const register of [
    registerStatusCommand, registerSearchCommand, registerNodeCommand, registerCallersCommand, registerCalleesCommand,
    registerImpactCommand, registerTraceCommand, registerFilesCommand, registerExploreCommand, registerContextCommand,
    registerAffectedCommand,
  ]) {
    register(y, io);
  }
  return y;
}
