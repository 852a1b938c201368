/**
 * A command as data: its operands, its options and what it runs. The parser (parse-command-line.ts)
 * and the help text (help-text.ts) read the same spec, so what `--help` says is what is accepted.
 *
 * Why not a CLI framework: parsing is node:util's parseArgs (strict, one value per flag, `--` ends
 * options, `--no-x` negation); what a framework adds on top cost `arbor callers` a third of its
 * wall time at start-up (module loading and help layout on every run), for a few dozen lines here.
 */
import type { CliIo } from '../output/io.js';

interface OptionBase {
  describe: string;
  /** A one-letter short form (`-p`). */
  short?: string;
}
export interface BooleanOption extends OptionBase {
  type: 'boolean';
  /** undefined: the option is absent unless given (a configuration file may then decide). */
  default: boolean | undefined;
  /** Shown in the help as `--x, --no-x` (always true when the default is on). */
  negatable?: boolean;
}
export interface StringOption extends OptionBase { type: 'string'; default?: string }
export interface NumberOption extends OptionBase { type: 'number'; default?: number }
/** A string option that may be given several times (`--exclude a --exclude b`). */
export interface ListOption extends OptionBase { type: 'list' }
export type OptionSpec = BooleanOption | StringOption | NumberOption | ListOption;

export interface PositionalSpec {
  name: string;
  describe: string;
  /** Must be given (a variadic one: at least one value). */
  required?: boolean;
  /** Takes every remaining operand (only the last one). */
  variadic?: boolean;
  default?: string;
}

type OptionValue<S> =
  S extends BooleanOption ? (S extends { default: boolean } ? boolean : boolean | undefined)
    : S extends ListOption ? string[]
      : S extends NumberOption ? (S extends { default: number } ? number : number | undefined)
        : S extends { default: string } ? string : string | undefined;

type PositionalValue<S> =
  S extends { variadic: true } ? string[]
    : S extends { required: true } | { default: string } ? string : string | undefined;

export type ArgsOf<O extends Record<string, OptionSpec>, P extends readonly PositionalSpec[]> =
  { [K in keyof O]: OptionValue<O[K]> } & { [E in P[number] as E['name']]: PositionalValue<E> };

export interface CommandSpec<
  O extends Record<string, OptionSpec> = Record<string, OptionSpec>,
  P extends readonly PositionalSpec[] = readonly PositionalSpec[],
> {
  name: string;
  describe: string;
  positionals: P;
  options: O;
  /** A usage mistake the types cannot express, as a message (exit 2), or undefined. */
  check?(args: ArgsOf<O, P>): string | undefined;
  run(args: ArgsOf<O, P>, io: CliIo): void | Promise<void>;
}

/** A command with its argument types inferred from the spec. */
export function defineCommand<const O extends Record<string, OptionSpec>, const P extends readonly PositionalSpec[]>(
  spec: CommandSpec<O, P>,
): AnyCommand {
  return spec as unknown as AnyCommand;
}

/** What the parser holds: any command, its arguments as parsed values. */
export interface AnyCommand {
  name: string;
  describe: string;
  positionals: readonly PositionalSpec[];
  options: Record<string, OptionSpec>;
  check?(args: Record<string, unknown>): string | undefined;
  run(args: Record<string, unknown>, io: CliIo): void | Promise<void>;
}

export const flag = (describe: string, extra: { default?: boolean; short?: string } = {}): BooleanOption & { default: boolean } =>
  ({ type: 'boolean', describe, default: extra.default ?? false, ...(extra.short ? { short: extra.short } : {}) });

/**
 * A `--x`/`--no-x` pair whose value is undefined unless given: for a setting the project's
 * configuration file may also set, where only a flag actually given overrides the file.
 */
export const toggle = (describe: string): BooleanOption & { default: undefined } =>
  ({ type: 'boolean', describe, default: undefined, negatable: true });

export function text(describe: string, extra: { default: string; short?: string }): StringOption & { default: string };
export function text(describe: string, extra?: { short?: string }): StringOption;
export function text(describe: string, extra: { default?: string; short?: string } = {}): StringOption {
  return { type: 'string', describe, ...extra };
}

export function count(describe: string, extra: { default: number; short?: string }): NumberOption & { default: number };
export function count(describe: string, extra?: { short?: string }): NumberOption;
export function count(describe: string, extra: { default?: number; short?: string } = {}): NumberOption {
  return { type: 'number', describe, ...extra };
}

export const list = (describe: string): ListOption => ({ type: 'list', describe });

/** A mistake in how a command was called: reported with a pointer to its help, exit 2. */
export class UsageError extends Error {
  constructor(message: string, readonly command?: string) {
    super(message);
    this.name = 'UsageError';
  }
}
