// The command line the repository benches share: one <repo> folder, --help/-h, and options of their own.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Parses the command line of the bench `name`. A usage mistake prints `name: <what>` and exits 2;
 * --help prints `usage` and exits 0. `repoMustExist: false` leaves checking the repository to the
 * bench (one that reads a graph in it rather than its files).
 * Returns the option values, the repository's absolute path, `fail` (the same exit for the bench's
 * own checks) and `positiveInteger(option)` (an option's value, or that failure).
 */
export function benchCommandLine(name, usage, options, { repoMustExist = true } = {}) {
  const fail = (message) => {
    process.stderr.write(`${name}: ${message}\n`);
    process.exit(2);
  };
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { ...options, help: { type: 'boolean', short: 'h', default: false } } });
  } catch (e) {
    fail(`${e.message}\n${usage}`);
  }
  if (parsed.values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) fail(usage);
  const repo = path.resolve(parsed.positionals[0]);
  if (repoMustExist && (!fs.existsSync(repo) || !fs.statSync(repo).isDirectory())) fail(`not a folder: ${repo}`);
  const positiveInteger = (option) => {
    const value = Number.parseInt(parsed.values[option], 10);
    if (!Number.isInteger(value) || value < 1) fail(`--${option} must be a positive integer`);
    return value;
  };
  return { values: parsed.values, repo, fail, positiveInteger };
}
