#!/usr/bin/env node
/** The `arbor` binary: `index` builds the graph, every other command reads it. */
import { readFileSync } from 'node:fs';
import type { AnyCommand } from './command-line/command-spec.js';
import { runProgram } from './command-line/program.js';
import { indexCommand } from './commands/index-command.js';
import { QUERY_COMMANDS } from './commands/query-commands.js';
import { hooksCommand } from './git-hooks/hooks-command.js';
import { mcpCommand } from './mcp/mcp-command.js';
import { processIo } from './output/io.js';
import { tuneV8 } from './v8-tuning.js';
import { watchCommand } from './watch/watch-command.js';

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
tuneV8();

const COMMANDS: readonly AnyCommand[] = [indexCommand, ...QUERY_COMMANDS, mcpCommand, watchCommand, hooksCommand];

await runProgram(process.argv.slice(2), COMMANDS, processIo(), {
  // dist/bin.js and the bundle dist/arbor.mjs both sit one folder below the package's package.json.
  version: () => (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version,
  width: Math.min(110, process.stdout.columns || 80),
});
