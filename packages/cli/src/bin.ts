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

const COMMANDS: readonly AnyCommand[] = [indexCommand, ...QUERY_COMMANDS, mcpCommand, watchCommand, hooksCommand];
/** The commands that run the indexer in this process (v8-tuning.ts says why only they tune V8). */
const INDEXING_COMMANDS: ReadonlySet<string> = new Set([indexCommand, mcpCommand, watchCommand].map((c) => c.name));

distrustRepositoryGitConfig(process.env);
const argv = process.argv.slice(2);
// The command is always the first word (parse-command-line.ts).
if (INDEXING_COMMANDS.has(argv[0] ?? '')) tuneV8();

// Not awaited at the top level: the bundle (dist/arbor.cjs) is CommonJS, which has no top-level await.
// A failure still ends the process with its stack and exit code 1, as an unhandled rejection.
void runProgram(argv, COMMANDS, processIo(), {
  // dist/bin.js and the bundle dist/arbor.cjs both sit one folder below the package's package.json.
  version: () => (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version,
  // Read only for help text: process.stdout is a stream a query's answer never creates (output/io.ts).
  width: () => Math.min(110, process.stdout.columns || 80),
});
