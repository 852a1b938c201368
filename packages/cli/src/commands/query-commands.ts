/** Every read-only query command (the binary adds `index`, `mcp`, `watch` and `hooks`). */
import type { AnyCommand } from '../command-line/command-spec.js';
import { affectedCommand } from './affected-command.js';
import { calleesCommand, callersCommand } from './call-commands.js';
import { contextCommand } from './context-command.js';
import { exploreCommand } from './explore-command.js';
import { filesCommand } from './files-command.js';
import { impactCommand } from './impact-command.js';
import { mapCommand } from './map-command.js';
import { nodeCommand } from './node-command.js';
import { searchCommand } from './search-command.js';
import { statusCommand } from './status-command.js';
import { traceCommand } from './trace-command.js';

export const QUERY_COMMANDS: readonly AnyCommand[] = [
  statusCommand, searchCommand, nodeCommand, callersCommand, calleesCommand, impactCommand, traceCommand, filesCommand,
  exploreCommand, contextCommand, affectedCommand, mapCommand,
];
