/** `--json` output: one pretty-printed document on stdout, newline-terminated. */
import type { CliIo } from './io.js';

export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
