/**
 * From argv to one command and its typed arguments, or a UsageError. node:util's parseArgs reads
 * the options (strict: an unknown option is an error; one value per flag; `--` ends options, so
 * `arbor search -- -foo` looks for "-foo"); operands are matched to the command's positionals here.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type AnyCommand, type OptionSpec } from './command-spec.js';

export type ParsedCommandLine =
  | { kind: 'run'; command: AnyCommand; args: Record<string, unknown> }
  | { kind: 'help'; command?: AnyCommand }
  | { kind: 'version' };

const HELP = new Set(['--help', '-h']);

export function parseCommandLine(argv: readonly string[], commands: readonly AnyCommand[]): ParsedCommandLine {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError('Name a command: `arbor index` builds the graph, `arbor --help` lists the rest.');
  if (HELP.has(first) || first === 'help') return { kind: 'help', command: first === 'help' ? commandNamed(rest[0], commands, true) : undefined };
  if (first === '--version') return { kind: 'version' };
  if (first.startsWith('-')) throw new UsageError(`a command comes first, before options such as ${first}`);
  const command = commandNamed(first, commands, false)!;
  // --help anywhere among the options (not after `--`, where it is an operand) asks for this command's help.
  const end = rest.indexOf('--');
  if ((end < 0 ? rest : rest.slice(0, end)).some((a) => HELP.has(a))) return { kind: 'help', command };
  return { kind: 'run', command, args: parseCommandArgs(command, rest) };
}

function commandNamed(name: string | undefined, commands: readonly AnyCommand[], optional: boolean): AnyCommand | undefined {
  if (name === undefined && optional) return undefined;
  const command = commands.find((c) => c.name === name);
  if (command) return command;
  const near = commands.filter((c) => editDistance(c.name, name ?? '') <= 2 || c.name.startsWith(name ?? '\0'));
  const hint = near.length > 0 ? ` Did you mean ${near.map((c) => `\`arbor ${c.name}\``).join(' or ')}?` : '';
  throw new UsageError(`unknown command "${name}".${hint}`);
}

function parseCommandArgs(command: AnyCommand, rest: string[]): Record<string, unknown> {
  const config: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries(command.options)) {
    config[name] = {
      type: spec.type === 'boolean' ? 'boolean' : 'string',
      ...(spec.type === 'list' ? { multiple: true } : {}),
      ...(spec.short ? { short: spec.short } : {}),
    };
  }
  let parsed: { values: Record<string, unknown>; positionals: string[] } | undefined = plainOptions(rest, command.options);
  try {
    parsed ??= parseArgs({ args: rest, options: config, strict: true, allowPositionals: true, allowNegative: true });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('ERR_PARSE_ARGS')) throw new UsageError((error as Error).message, command.name);
    throw error;
  }
  const args: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(command.options)) args[name] = optionValue(name, spec, parsed.values[name], command.name);
  Object.assign(args, operands(command, parsed.positionals));
  const problem = command.check?.(args);
  if (problem !== undefined) throw new UsageError(problem, command.name);
  return args;
}

/**
 * What parseArgs returns for a command line made only of the plainest forms (`--name`, `--name value`,
 * `--name=value`, `-x`, `-x value` of options the command has, and operands not starting with a dash),
 * or undefined for anything else, which parseArgs then reads (and reports). Node's parseArgs is not in
 * its start-up snapshot: loading and running it cost a query process ~1 ms of CPU for `--json -p dir`.
 */
export function plainOptions(rest: readonly string[], options: Record<string, OptionSpec>): { values: Record<string, unknown>; positionals: string[] } | undefined {
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    if (!token.startsWith('-')) {
      positionals.push(token);
      continue;
    }
    let name: string | undefined;
    let inline: string | undefined;
    if (token.startsWith('--')) {
      const equals = token.indexOf('=');
      name = equals < 0 ? token.slice(2) : token.slice(2, equals);
      if (equals >= 0) inline = token.slice(equals + 1);
      if (!Object.hasOwn(options, name)) return undefined;
    } else if (token.length === 2) {
      name = Object.keys(options).find((key) => options[key]!.short === token[1]);
    }
    if (name === undefined || name === '') return undefined;
    const spec = options[name]!;
    if (spec.type === 'boolean') {
      if (inline !== undefined) return undefined;
      values[name] = true;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = rest[i + 1];
      if (next === undefined || next.startsWith('-')) return undefined;
      value = next;
      i++;
    }
    if (spec.type === 'list') ((values[name] ??= []) as string[]).push(value);
    else values[name] = value;
  }
  return { values, positionals };
}

function optionValue(name: string, spec: OptionSpec, given: unknown, command: string): unknown {
  switch (spec.type) {
    case 'boolean': return typeof given === 'boolean' ? given : spec.default;
    case 'list': return Array.isArray(given) ? given.map(String) : [];
    case 'string': return typeof given === 'string' ? given : spec.default;
    case 'number': {
      if (typeof given !== 'string') return spec.default;
      const value = given.trim() === '' ? Number.NaN : Number(given);
      if (Number.isNaN(value)) throw new UsageError(`--${name}: not a number: ${given}`, command);
      return value;
    }
  }
}

function operands(command: AnyCommand, given: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let next = 0;
  for (const spec of command.positionals) {
    if (spec.variadic) {
      const values = given.slice(next);
      next = given.length;
      if (spec.required && values.length === 0) throw new UsageError(`missing <${spec.name}>`, command.name);
      out[spec.name] = values;
      continue;
    }
    const value = given[next];
    if (value === undefined) {
      if (spec.required) throw new UsageError(`missing <${spec.name}>`, command.name);
      out[spec.name] = spec.default;
      continue;
    }
    out[spec.name] = value;
    next++;
  }
  if (next < given.length) {
    const names = command.positionals.map((p) => `<${p.name}>`).join(' ') || 'no operands';
    throw new UsageError(`too many operands: ${given.slice(next).map((v) => JSON.stringify(v)).join(' ')} (arbor ${command.name} takes ${names})`, command.name);
  }
  return out;
}

/** Levenshtein distance, for "did you mean" on a mistyped command (names are short). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
