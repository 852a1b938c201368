import { describe, expect, it } from 'vitest';
import { count, defineCommand, flag, list, text, UsageError } from './command-spec.js';
import { commandHelp, programHelp } from './help-text.js';
import { parseArgs } from 'node:util';
import { parseCommandLine, plainOptions } from './parse-command-line.js';

const seen: Array<Record<string, unknown>> = [];
const find = defineCommand({
  name: 'find',
  describe: 'Find words',
  positionals: [{ name: 'words', required: true, variadic: true, describe: 'Words' }],
  options: {
    json: flag('JSON'),
    gitignore: flag('Honour .gitignore', { default: true }),
    path: text('Root', { short: 'p' }),
    limit: count('At most', { default: 20 }),
    exclude: list('Leave out'),
  },
  check: (args) => (args.limit < 0 ? '--limit must be ≥ 0' : undefined),
  run: (args) => void seen.push(args),
});
const show = defineCommand({
  name: 'show',
  describe: 'Show one',
  positionals: [{ name: 'root', default: '.', describe: 'Root' }],
  options: {},
  run: () => undefined,
});
const COMMANDS = [find, show];

function args(argv: string[]): Record<string, unknown> {
  const parsed = parseCommandLine(argv, COMMANDS);
  if (parsed.kind !== 'run') throw new Error(`not a run: ${parsed.kind}`);
  return parsed.args;
}

function usageError(argv: string[]): UsageError {
  try {
    parseCommandLine(argv, COMMANDS);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
}

describe('parseCommandLine', () => {
  it('fills defaults and converts numbers', () => {
    expect(args(['find', 'a', 'b'])).toEqual({ json: false, gitignore: true, path: undefined, limit: 20, exclude: [], words: ['a', 'b'] });
    expect(args(['find', 'a', '--limit', '5', '-p', 'x', '--json'])).toMatchObject({ limit: 5, path: 'x', json: true });
    expect(args(['find', 'a', '--limit=7'])).toMatchObject({ limit: 7 });
    expect(args(['show'])).toEqual({ root: '.' });
  });

  it('takes one value per flag: a repeatable option repeats, it does not swallow operands', () => {
    expect(args(['find', '--exclude', 'x', 'word', '--exclude', 'y'])).toMatchObject({ exclude: ['x', 'y'], words: ['word'] });
  });

  it('negates a boolean with --no-', () => {
    expect(args(['find', 'a', '--no-gitignore'])).toMatchObject({ gitignore: false });
  });

  it('ends options at --: what follows is an operand, even --help', () => {
    expect(args(['find', '--', '-foo', '--help'])).toMatchObject({ words: ['-foo', '--help'] });
    expect(args(['show', '--', '--odd-folder'])).toEqual({ root: '--odd-folder' });
  });

  it('answers help and version', () => {
    expect(parseCommandLine(['--help'], COMMANDS)).toEqual({ kind: 'help', command: undefined });
    expect(parseCommandLine(['find', 'a', '-h'], COMMANDS)).toEqual({ kind: 'help', command: find });
    expect(parseCommandLine(['help', 'show'], COMMANDS)).toEqual({ kind: 'help', command: show });
    expect(parseCommandLine(['--version'], COMMANDS)).toEqual({ kind: 'version' });
  });

  it('reports each usage mistake with the command it belongs to', () => {
    expect(usageError([]).message).toMatch(/Name a command/);
    expect(usageError(['fnd', 'a']).message).toMatch(/unknown command "fnd"\. Did you mean `arbor find`\?/);
    expect(usageError(['zzzzzz']).message).not.toMatch(/Did you mean/);
    expect(usageError(['find']).message).toBe('missing <words>');
    expect(usageError(['show', 'a', 'b'])).toMatchObject({ command: 'show', message: expect.stringMatching(/too many operands: "b"/) });
    expect(usageError(['find', 'a', '--bogus'])).toMatchObject({ command: 'find', message: expect.stringMatching(/--bogus/) });
    expect(usageError(['find', 'a', '--limit', 'many']).message).toBe('--limit: not a number: many');
    expect(usageError(['find', 'a', '--limit', '-1']).message).toMatch(/--limit/);
    expect(usageError(['find', 'a', '--limit=-1']).message).toBe('--limit must be ≥ 0');
    expect(usageError(['--json', 'find']).message).toMatch(/a command comes first/);
  });

  it('never runs the command while parsing', () => {
    args(['find', 'a']);
    expect(seen).toEqual([]);
  });
});

describe('the plain command lines read without parseArgs', () => {
  it('reads them exactly as parseArgs does, and leaves every other form to it', () => {
    const config = { json: { type: 'boolean' as const }, gitignore: { type: 'boolean' as const }, path: { type: 'string' as const, short: 'p' }, limit: { type: 'string' as const }, exclude: { type: 'string' as const, multiple: true } };
    const plain = [
      [], ['a'], ['--json', 'a', 'b'], ['-p', 'dir', 'x'], ['--path=dir', 'x', '--json'], ['--path=', 'x'], ['--limit', '5', '--limit', '7'],
      ['--exclude', 'a', '--exclude=b', 'w'], ['w', '--path', 'a=b'], ['--json', '--json'],
    ];
    for (const argv of plain) {
      const fast = plainOptions(argv, find.options);
      expect(fast, argv.join(' ')).toBeDefined();
      expect({ values: { ...fast!.values }, positionals: fast!.positionals }, argv.join(' '))
        .toEqual(((r) => ({ values: { ...r.values }, positionals: r.positionals }))(parseArgs({ args: argv, options: config, strict: true, allowPositionals: true, allowNegative: true })));
    }
    const others = [
      ['--', 'x'], ['-'], ['--no-json'], ['--json=1'], ['--nope'], ['-q'], ['-px'], ['--path'], ['--path', '-x'], ['-p', '--json'], ['--', '--json'],
      ['--=x'], ['--__proto__'], ['--constructor', 'x'],
    ];
    for (const argv of others) expect(plainOptions(argv, find.options), argv.join(' ')).toBeUndefined();
  });
});

describe('help text', () => {
  it('lists every command and every option the parser accepts', () => {
    const program = programHelp(COMMANDS, 80);
    expect(program).toContain('arbor find <words..>');
    expect(program).toContain('arbor show [root]');
    const help = commandHelp(find, 80);
    for (const form of ['--json', '--gitignore, --no-gitignore', '-p, --path <value>', '--limit <n>', '--exclude <value>', '-h, --help']) {
      expect(help).toContain(form);
    }
    expect(help).toContain('[default: 20]');
    expect(help).toContain('(repeatable)');
  });

  it('wraps long descriptions to the width', () => {
    const long = defineCommand({
      name: 'long', describe: 'word '.repeat(60).trim(), positionals: [], options: { x: flag('word '.repeat(40).trim()) }, run: () => undefined,
    });
    for (const line of commandHelp(long, 60).split('\n')) expect(line.length).toBeLessThanOrEqual(60);
  });
});
