/**
 * The two MCP tools arbor serves, as plain JSON Schema, and the checking of a `codegraph` call's
 * arguments. The schema is one flat object (some clients reject top-level `oneOf`), so which
 * arguments each operation needs is stated in the descriptions and enforced here, with an error
 * that names the missing or wrong argument.
 */

export const QUERY_TOOL = 'codegraph';
export const INDEX_TOOL = 'codegraph_index';

/** Each operation and the arguments it cannot do without. */
export const OPERATIONS = {
  search: ['query'],
  node: ['symbol'],
  callers: ['symbol'],
  callees: ['symbol'],
  impact: ['symbol'],
  trace: ['from', 'to'],
  files: [],
  status: [],
  explore: ['query'],
  context: ['task'],
  // Needs `files` or `since` (checked in parseQueryArgs).
  affected: [],
  map: [],
} as const satisfies Record<string, readonly string[]>;

export type Operation = keyof typeof OPERATIONS;

/** What else each operation reads, named in the error for an argument it does not know. */
const OPTIONAL: Record<Operation, readonly string[]> = {
  search: ['kind', 'file', 'limit'],
  node: ['kind', 'file', 'limit', 'edge_kinds'],
  callers: ['kind', 'file', 'limit', 'depth', 'edge_kinds'],
  callees: ['kind', 'file', 'limit', 'depth', 'edge_kinds'],
  impact: ['kind', 'file', 'limit', 'depth', 'edge_kinds'],
  trace: ['from_file', 'from_kind', 'to_file', 'to_kind', 'limit', 'depth', 'edge_kinds'],
  files: ['path', 'limit'],
  status: ['limit'],
  explore: ['kind', 'file', 'limit'],
  context: ['limit'],
  affected: ['files', 'since', 'depth', 'limit'],
  map: ['path', 'budget'],
};

const STRING_ARGS = ['query', 'symbol', 'from', 'to', 'path', 'task', 'kind', 'file', 'from_file', 'from_kind', 'to_file', 'to_kind', 'edge_kinds', 'since'] as const;
/** Arguments that are lists of strings. */
const LIST_ARGS = ['files'] as const;
/** More paths than a change of any size names: a longer list is a mistake, not a change. */
const MAX_LIST_ITEMS = 100_000;
const INTEGER_ARGS = ['limit', 'depth', 'budget'] as const;
/** The smallest map budget (a header and one file). */
const MIN_BUDGET = 256;
type StringArg = (typeof STRING_ARGS)[number];

/**
 * The `arbor` command line's names for the same arguments (`arbor impact <target>`,
 * `arbor files <filter>`, `--from-file`, `--edge-kinds`), accepted as they are written there.
 */
const CLI_NAMES: Record<string, StringArg> = {
  target: 'symbol', filter: 'path',
  'from-file': 'from_file', 'from-kind': 'from_kind', 'to-file': 'to_file', 'to-kind': 'to_kind', 'edge-kinds': 'edge_kinds',
};

/** What a `codegraph` call carries once checked. */
export interface QueryArgs {
  operation: Operation;
  query?: string;
  symbol?: string;
  from?: string;
  to?: string;
  path?: string;
  task?: string;
  kind?: string;
  file?: string;
  from_file?: string;
  from_kind?: string;
  to_file?: string;
  to_kind?: string;
  /** Edge kinds to follow, comma-separated. */
  edge_kinds?: string;
  since?: string;
  files?: string[];
  limit?: number;
  depth?: number;
  /** map: bytes of map at most (clamped to the server's answer cap). */
  budget?: number;
  /** The limit asked for when it was above the server's cap (the answer says so). */
  limitAskedFor?: number;
}

/** A mistake in a tool call: reported to the client as a tool error, never a protocol error. */
export class ToolArgumentError extends Error {
  override name = 'ToolArgumentError';
}

const requirementText = Object.entries(OPERATIONS)
  .map(([op, needs]) => `${op}${needs.length ? ` (${needs.join(', ')})` : op === 'affected' ? ' (files or since)' : ''}`)
  .join(', ');

export function queryToolDefinition(maxLimit: number) {
  return {
    name: QUERY_TOOL,
    title: 'Query the code graph',
    description:
      'Structural questions about the indexed repository, answered from its code graph in milliseconds: where a ' +
      'symbol is declared, who calls it, what it calls, what breaks if it changes, how A reaches B. Read-only; it ' +
      'never indexes (use codegraph_index for that). Every hit has file:line; every edge says how it was resolved ' +
      '(name-based edges may be wrong). Operations and their required arguments: ' + requirementText + '. ' +
      `Results are capped (limit at most ${maxLimit}) and say when they were cut.`,
    inputSchema: {
      type: 'object' as const,
      properties: {
        operation: {
          type: 'string',
          enum: Object.keys(OPERATIONS),
          description:
            'search: declarations by name; node: one symbol with members, callers and callees; callers / callees: ' +
            'who calls it / what it calls, up to depth hops; impact: what depends on a symbol or file; trace: call ' +
            'paths from one symbol to another; files: indexed files under a folder or glob and whether they changed; ' +
            'status: what is indexed and how stale it is; explore: declarations matching a query with their source ' +
            'and neighbours; context: the code most relevant to a task description; affected: the test files to run ' +
            'for changed files (files, or since a git ref), as JSON with completeness and index staleness; map: an overview of the repository ' +
            '(or of path), files most depended on first with their declarations and imports, within budget bytes: ' +
            'read it first in an unfamiliar repository.',
        },
        query: { type: 'string', description: 'Required by search and explore: a name or words to look for.' },
        symbol: {
          type: 'string',
          description:
            'Required by node, callers, callees, impact: a name (`parseConfig`), a qualified name (`Class.method`), ' +
            'a node id, `path:line`, or (impact) a file path. A name several declarations share is answered for ' +
            'its one top-level declaration outside tests (the others named), else for each definition apart.',
        },
        from: { type: 'string', description: 'Required by trace: the symbol the path starts at.' },
        to: { type: 'string', description: 'Required by trace: the symbol the path ends at.' },
        task: { type: 'string', description: 'Required by context: what you are about to do, in words.' },
        files: { type: 'array', items: { type: 'string' }, description: 'For affected: the changed files (paths inside the repository).' },
        since: { type: 'string', description: 'For affected: a git ref; the files changed since it (committed, staged, unstaged, untracked) are the change.' },
        path: { type: 'string', description: 'Optional for files and map: a folder or glob inside the repository (default: all).' },
        kind: { type: 'string', description: 'Optional: only declarations of these kinds, comma-separated (function,method,class).' },
        file: { type: 'string', description: 'Optional: only declarations in this file, folder or glob.' },
        from_file: { type: 'string', description: 'Optional for trace: narrow `from` to a file, folder or glob.' },
        from_kind: { type: 'string', description: 'Optional for trace: narrow `from` to these kinds.' },
        to_file: { type: 'string', description: 'Optional for trace: narrow `to` to a file, folder or glob.' },
        to_kind: { type: 'string', description: 'Optional for trace: narrow `to` to these kinds.' },
        edge_kinds: { type: 'string', description: 'Optional for node, callers, callees, impact, trace: edge kinds to follow, comma-separated (calls,instantiates).' },
        limit: { type: 'integer', minimum: 1, maximum: maxLimit, description: `Optional: at most this many results (1-${maxLimit}).` },
        depth: { type: 'integer', minimum: 1, maximum: 20, description: 'Optional for callers, callees, impact, trace, affected: hops to follow.' },
        budget: { type: 'integer', minimum: MIN_BUDGET, description: `Optional for map: bytes of map at most (default 8192, at least ${MIN_BUDGET}; never more than the server's answer cap).` },
      },
      required: ['operation'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  };
}

export function indexToolDefinition(timeoutMs: number) {
  return {
    name: INDEX_TOOL,
    title: 'Build or refresh the code graph',
    description:
      'Indexes the repository the server serves (the same code as `arbor index`) into .codegraph/codegraph.db, ' +
      `then reports what it found. Can take minutes on a large repository (gives up after ${Math.round(timeoutMs / 1000)} s, ` +
      'keeping the previous graph); sends progress notifications. Run it once before using codegraph, and after ' +
      'large changes when watching is off. Two calls for one repository never run at once: a second one waits for ' +
      'the first and then indexes again.',
    inputSchema: { type: 'object' as const, properties: {}, additionalProperties: false },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

/** Checks a `codegraph` call's arguments; throws ToolArgumentError naming the first wrong one. */
export function parseQueryArgs(raw: unknown, maxLimit: number): QueryArgs {
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ToolArgumentError('arguments must be an object with an `operation` field');
  }
  const input = raw as Record<string, unknown>;
  const operation = input.operation;
  if (typeof operation !== 'string' || operation === '') {
    throw new ToolArgumentError(`missing argument \`operation\`: one of ${Object.keys(OPERATIONS).join(', ')}`);
  }
  if (!Object.hasOwn(OPERATIONS, operation)) {
    throw new ToolArgumentError(`unknown operation \`${operation}\`: use one of ${Object.keys(OPERATIONS).join(', ')}`);
  }
  const op = operation as Operation;
  const takes = () => [...OPERATIONS[op].map((a) => `${a} (required)`), ...OPTIONAL[op]].join(', ') || 'no other arguments';
  const known = new Set<string>(['operation', ...STRING_ARGS, ...INTEGER_ARGS, ...LIST_ARGS]);
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const name = CLI_NAMES[key] ?? key;
    if (!known.has(name)) throw new ToolArgumentError(`unknown argument \`${key}\`: operation \`${op}\` takes ${takes()}`);
    if (name !== key && input[name] !== undefined && input[name] !== value) {
      throw new ToolArgumentError(`arguments \`${key}\` and \`${name}\` are the same argument and disagree; give one`);
    }
    values[name] = value;
  }
  const args: QueryArgs = { operation: op };
  for (const key of STRING_ARGS) {
    const value = values[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new ToolArgumentError(`argument \`${key}\` must be a string`);
    if (value.includes('\0')) throw new ToolArgumentError(`argument \`${key}\` contains a NUL character`);
    args[key] = value;
  }
  for (const key of INTEGER_ARGS) {
    const value = values[key];
    if (value === undefined || value === null) continue;
    const cap = key === 'limit' ? maxLimit : key === 'budget' ? Number.MAX_SAFE_INTEGER : 20;
    const least = key === 'budget' ? MIN_BUDGET : 1;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < least) {
      throw new ToolArgumentError(`argument \`${key}\` must be a whole number ≥ ${least}`);
    }
    // A larger limit than the server allows is clamped (and the answer says so), not refused.
    if (key === 'limit' && value > cap) args.limitAskedFor = value;
    args[key] = Math.min(value, cap);
  }
  for (const key of LIST_ARGS) {
    const value = values[key];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new ToolArgumentError(`argument \`${key}\` must be an array of strings`);
    if (value.length > MAX_LIST_ITEMS) throw new ToolArgumentError(`argument \`${key}\` has ${value.length} items, more than ${MAX_LIST_ITEMS}`);
    if (value.some((v: string) => v.includes('\0'))) throw new ToolArgumentError(`argument \`${key}\` contains a NUL character`);
    args[key] = value as string[];
  }
  if (args.operation === 'affected' && (args.files ?? []).length === 0 && (args.since ?? '').trim() === '') {
    throw new ToolArgumentError('operation `affected` needs argument `files` (changed paths) or `since` (a git ref)');
  }
  for (const needed of OPERATIONS[args.operation]) {
    const value = args[needed as keyof QueryArgs];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new ToolArgumentError(`operation \`${args.operation}\` needs argument \`${needed}\` (it takes ${takes()})`);
    }
  }
  return args;
}
