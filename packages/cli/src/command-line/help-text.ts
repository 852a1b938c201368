/** The `--help` text of the program and of each command, laid out from the same specs the parser reads. */
import type { AnyCommand, OptionSpec } from './command-spec.js';

export const PROGRAM_SUMMARY = 'Index a repository into a code graph and ask it structural questions.';

export function programHelp(commands: readonly AnyCommand[], width: number): string {
  const rows = commands.map((c) => [`arbor ${usageOf(c)}`, c.describe] as const);
  return [
    'arbor <command> [options]', '', PROGRAM_SUMMARY, '',
    'Commands:', ...table(rows, width), '',
    'Options:', ...table([['-h, --help', 'Show help (`arbor <command> --help`: that command\'s)'], ['--version', 'Show the version']], width),
    '',
  ].join('\n');
}

export function commandHelp(command: AnyCommand, width: number): string {
  const operands = command.positionals.map((p) => [
    p.name, `${p.describe}${p.required ? ' [required]' : ''}${p.default !== undefined ? ` [default: ${p.default}]` : ''}`,
  ] as const);
  const options = Object.entries(command.options).map(([name, spec]) => [optionForm(name, spec), optionText(spec)] as const);
  options.push(['-h, --help', 'Show this help']);
  return [
    `arbor ${usageOf(command)}`, '', ...wrap(command.describe, width), '',
    ...(operands.length > 0 ? ['Operands:', ...table(operands, width), ''] : []),
    'Options:', ...table(options, width), '',
  ].join('\n');
}

function usageOf(command: AnyCommand): string {
  const operands = command.positionals.map((p) => {
    const name = p.variadic ? `${p.name}..` : p.name;
    return p.required ? `<${name}>` : `[${name}]`;
  });
  return [command.name, ...operands].join(' ');
}

function optionForm(name: string, spec: OptionSpec): string {
  const short = spec.short ? `-${spec.short}, ` : '';
  if (spec.type === 'boolean') return spec.default || spec.negatable ? `${short}--${name}, --no-${name}` : `${short}--${name}`;
  const value = spec.type === 'number' ? '<n>' : '<value>';
  return `${short}--${name} ${value}`;
}

function optionText(spec: OptionSpec): string {
  if (spec.type === 'list') return `${spec.describe} (repeatable)`;
  if (spec.type === 'boolean') return spec.default ? `${spec.describe} [default: on]` : spec.describe;
  return spec.default !== undefined ? `${spec.describe} [default: ${spec.default}]` : spec.describe;
}

/** Two columns, the second word-wrapped to the width. */
function table(rows: ReadonlyArray<readonly [string, string]>, width: number): string[] {
  const left = Math.min(34, Math.max(...rows.map(([a]) => a.length)) + 2);
  const lines: string[] = [];
  for (const [a, b] of rows) {
    const text = wrap(b, Math.max(30, width - left - 2));
    if (a.length + 2 > left) lines.push(`  ${a}`, ...text.map((t) => `  ${' '.repeat(left)}${t}`));
    else text.forEach((t, i) => lines.push(`  ${(i === 0 ? a : '').padEnd(left)}${t}`));
  }
  return lines;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
