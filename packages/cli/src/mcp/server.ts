/**
 * `arbor mcp`: the code graph served over the Model Context Protocol (stdio), with two tools:
 * `codegraph` (read-only queries, milliseconds) and `codegraph_index` (build or refresh, minutes,
 * in a worker). No query ever indexes: without a graph, `status` says so and every other
 * operation is a tool error, so an unindexed workspace never looks like an empty one.
 *
 * The root is fixed by the server's arguments, or else taken from the client's roots, or else the
 * current folder. Tool arguments only ever name things inside it: paths go through the query
 * package's project paths (outside the root: refused) and file contents through safe-read.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ListToolsRequestSchema, RootsListChangedNotificationSchema, type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Progress } from '@arbor/indexer';
import {
  callees, callers, context, explore, files, impact, nodeInfo, openProject, QueryError, repositoryMap, search, status, toQueryError, trace,
  type Project, type SymbolFilter,
} from '@arbor/query';
import { affectedAnswer } from './affected-operation.js';
import { alsoNamedLine, choosePrincipal } from '../commands/principal-symbol.js';
import { answerSymbol, renderSymbolAnswer } from '../commands/symbol-answers.js';
import { detectWorktree } from '../git-hooks/worktree.js';
import { watchDecision } from '../watch/watch-policy.js';
import { watchRepository, type RepositoryWatcher } from '../watch/watcher.js';
import { BoundedStdioTransport } from './bounded-stdio-transport.js';
import { IndexRunner, type IndexOutcome } from './index-runner.js';
import type { IndexSettings } from '../configuration/index-settings.js';
import {
  capBytes, renderCalls, renderContext, renderExplore, renderFiles, renderImpact, renderNode, renderSearch, renderStatus,
  renderTrace, nodeText, PLAIN,
} from './render.js';
import {
  INDEX_TOOL, indexToolDefinition, parseQueryArgs, QUERY_TOOL, queryToolDefinition, ToolArgumentError, type QueryArgs,
} from './tool-schemas.js';

export interface ArborMcpOptions {
  /** Project root; when absent, the client's first file root, else the current folder. */
  root?: string;
  /** Largest `limit` a call may ask for (default 50). */
  maxLimit?: number;
  /** Largest answer in bytes (default 48 KiB). */
  maxBytes?: number;
  /** `codegraph_index` gives up after this long (default 10 minutes). */
  indexTimeoutMs?: number;
  /** Watch the tree after a successful `codegraph_index` (default true; the environment may still veto it). */
  watch?: boolean;
  /** Quiet period before a watch re-index (default 1 s). */
  watchDebounceMs?: number;
  version?: string;
}

const DEFAULTS = { maxLimit: 50, maxBytes: 48 * 1024, indexTimeoutMs: 10 * 60_000, watchDebounceMs: 1000 };
/** Default number of results per operation when the call names no limit (then capped by maxLimit). */
const DEFAULT_LIMITS: Record<string, number> = {
  search: 20, node: 20, callers: 50, callees: 50, impact: 50, trace: 3, files: 50, status: 20, explore: 8, context: 12, affected: 0, map: 0,
};
/** Bytes of `map` when the call names no budget (then capped by the server's answer cap). */
const DEFAULT_MAP_BUDGET = 8 * 1024;

export function createArborMcpServer(options: ArborMcpOptions = {}) {
  const maxLimit = options.maxLimit ?? DEFAULTS.maxLimit;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const indexTimeoutMs = options.indexTimeoutMs ?? DEFAULTS.indexTimeoutMs;
  // Every index run reads the root's arbor.config.json, as `arbor index` does.
  const runner = new IndexRunner({ timeoutMs: indexTimeoutMs, projectConfiguration: true });
  const watchers = new Map<string, RepositoryWatcher>();
  const watchNotes = new Map<string, string>();

  const server = new Server(
    { name: 'arbor', version: options.version ?? packageVersion() },
    {
      capabilities: { tools: {} },
      instructions:
        'arbor answers structural questions about this repository from a code graph: call codegraph with ' +
        'operation status first; if there is no index, call codegraph_index once. Prefer codegraph (callers, ' +
        'impact, node) over text search before editing a symbol.',
    },
  );

  // The root: fixed by arguments, else asked of the client once it has initialised.
  let clientRoot: Promise<string> | undefined;
  const fixedRoot = options.root !== undefined ? resolve(options.root) : undefined;
  const askClientRoot = async (): Promise<string> => {
    if (!server.getClientCapabilities()?.roots) return process.cwd();
    try {
      const { roots } = await server.listRoots(undefined, { timeout: 5000 });
      const file = roots.find((r) => r.uri.startsWith('file://'));
      return file ? fileURLToPath(file.uri) : process.cwd();
    } catch {
      return process.cwd();
    }
  };
  server.oninitialized = () => {
    if (!fixedRoot) clientRoot = askClientRoot();
  };
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    if (!fixedRoot) clientRoot = askClientRoot();
  });
  const currentRoot = async () => fixedRoot ?? (await (clientRoot ?? Promise.resolve(process.cwd())));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [queryToolDefinition(maxLimit), indexToolDefinition(indexTimeoutMs)],
  }));

  // Errors are capped like answers: one can quote an argument of megabytes.
  const toolError = (body: string): CallToolResult => ({ content: [{ type: 'text', text: capBytes(body, maxBytes, 'error') }], isError: true });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    const root = await currentRoot();
    if (name === QUERY_TOOL) {
      try {
        const parsed = parseQueryArgs(args, maxLimit);
        if (parsed.operation === 'affected') return text(capBytes(await affectedAnswer(root, parsed), maxBytes));
        return text(capBytes(answer(root, parsed), maxBytes));
      } catch (error) {
        return toolError(describeError(error, root));
      }
    }
    if (name === INDEX_TOOL) {
      if (args && Object.keys(args).length > 0) {
        return toolError(`codegraph_index takes no arguments (it indexes ${root}); unknown argument \`${Object.keys(args)[0]}\``);
      }
      const token = request.params._meta?.progressToken;
      const onProgress = token === undefined ? undefined : progressSender((progress, message) =>
        extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, total: PROGRESS_TOTAL, message } }));
      const outcome = await runner.index(root, onProgress);
      if (outcome.ok) await startWatching(root, outcome.settings);
      return outcome.ok ? text(indexSummary(outcome)) : toolError(`indexing ${root} failed: ${outcome.message}`);
    }
    return toolError(`unknown tool \`${name}\`: this server has ${QUERY_TOOL} and ${INDEX_TOOL}`);
  });

  function answer(root: string, args: QueryArgs): string {
    const limit = args.limit ?? Math.min(DEFAULT_LIMITS[args.operation], maxLimit);
    const clampNote = args.limitAskedFor ? `\n(limit ${args.limitAskedFor} is above this server's maximum; used ${maxLimit})` : '';
    if (args.operation === 'status') {
      const result = status({ path: root, cwd: root, limit });
      return renderStatus(result, { worktree: detectWorktree(root), watching: watchNotes.get(root) ?? 'off (starts after a successful codegraph_index)' }) + clampNote;
    }
    const project = openProject({ path: root, cwd: root });
    try {
      return run(project, args, limit) + clampNote;
    } finally {
      project.close();
    }
  }

  function run(project: Project, a: QueryArgs, limit: number): string {
    const filter: SymbolFilter = { kind: a.kind, file: a.file };
    // A name several declarations share is answered as the CLI answers it (symbol-answers.ts):
    // its one top-level non-test declaration with the others named, or each definition apart.
    const bySymbol = <T extends object>(compute: (symbol: string, f: SymbolFilter) => T, render: (result: T) => string): string =>
      renderSymbolAnswer(answerSymbol(project, a.symbol!, filter, compute), a.symbol!, render, PLAIN, 'the file or kind argument');
    const edgeKinds = a.edge_kinds?.split(',').map((k) => k.trim()).filter((k) => k !== '');
    const traced = (): string => {
      const from = choosePrincipal(project, a.from!, { file: a.from_file, kind: a.from_kind });
      const to = choosePrincipal(project, a.to!, { file: a.to_file, kind: a.to_kind });
      const notes = [[a.from!, from.alsoNamed], [a.to!, to.alsoNamed]] as const;
      return [renderTrace(trace(project, from.symbol, to.symbol, { from: from.filter, to: to.filter, limit, depth: a.depth, edgeKinds })),
        ...notes.flatMap(([name, others]) => (others && others.length > 0 ? [alsoNamedLine(name, others)] : []))].join('\n');
    };
    switch (a.operation) {
      case 'search': return renderSearch(search(project, a.query!, { ...filter, limit }));
      case 'node': return bySymbol((symbol, f) => nodeInfo(project, symbol, { ...f, limit, edgeKinds }), renderNode);
      case 'callers': return bySymbol((symbol, f) => callers(project, symbol, { ...f, limit, depth: a.depth, edgeKinds }), renderCalls);
      case 'callees': return bySymbol((symbol, f) => callees(project, symbol, { ...f, limit, depth: a.depth, edgeKinds }), renderCalls);
      case 'impact': return bySymbol((symbol, f) => impact(project, symbol, { ...f, limit, depth: a.depth, edgeKinds }), renderImpact);
      case 'trace': return traced();
      case 'files': return renderFiles(files(project, a.path ?? a.file, { limit }));
      case 'explore': return renderExplore(explore(project, a.query!, { ...filter, limit }));
      case 'context': return renderContext(context(project, a.task!, { limit }));
      // The whole map fits the answer cap: the note a cut answer gets would cost bytes the map can use.
      case 'map': return repositoryMap(project, a.path ?? a.file, { budget: Math.min(a.budget ?? DEFAULT_MAP_BUDGET, maxBytes - 256) }).text;
      case 'status':
      case 'affected':
        throw new Error('unreachable');
    }
  }

  async function startWatching(root: string, settings: IndexSettings): Promise<void> {
    if (watchers.has(root)) return;
    const decision = watchDecision(root, { enabled: options.watch ?? true });
    if (!decision.watch) {
      watchNotes.set(root, `off: ${decision.reason}`);
      return;
    }
    try {
      const watcher = await watchRepository(root, {
        // What the first index used decides which changes matter (the configuration may name languages, excludes, …).
        ...settings,
        debounceMs: options.watchDebounceMs ?? DEFAULTS.watchDebounceMs,
        reindex: async () => {
          const outcome = await runner.index(root);
          return outcome.ok ? { ok: true } : { ok: false, message: outcome.message };
        },
        onEvent: (event) => {
          if (event.type === 'reindexed') watchNotes.set(root, `on (${decision.reason}); last re-index ${new Date().toISOString()}`);
          if (event.type === 'failed') watchNotes.set(root, `on (${decision.reason}); last re-index failed, previous graph kept: ${event.message}`);
        },
      });
      watchers.set(root, watcher);
      watchNotes.set(root, `on (${decision.reason}); re-indexes after changes settle`);
    } catch (error) {
      watchNotes.set(root, `off: could not start watching: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    server,
    runner,
    async close() {
      for (const watcher of watchers.values()) await watcher.close();
      watchers.clear();
      await server.close();
    },
  };
}

export async function runStdioServer(options: ArborMcpOptions = {}): Promise<void> {
  const { server, close } = createArborMcpServer(options);
  const transport = new BoundedStdioTransport();
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void close().finally(() => process.exit(0));
  };
  // The client ends the session by closing our stdin (stdio transport) or by a signal.
  process.stdin.on('end', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await server.connect(transport);
}

const PHASES: Progress['phase'][] = ['discover', 'extract', 'resolve', 'write'];
const PROGRESS_TOTAL = PHASES.length * 1000;

/** Maps the indexer's per-phase counts onto one increasing scale, as MCP progress must increase. */
function progressSender(send: (progress: number, message: string) => Promise<void>) {
  let last = -1;
  return (p: Progress) => {
    const phase = Math.max(0, PHASES.indexOf(p.phase));
    const within = p.total > 0 ? Math.min(999, Math.floor((p.done / p.total) * 999)) : 0;
    const value = phase * 1000 + within;
    if (value <= last) return;
    last = value;
    const counts = p.total > 0 ? ` ${p.done}/${p.total}` : '';
    send(value, `${p.phase}${counts}`).catch(() => {});
  };
}

function indexSummary(outcome: Extract<IndexOutcome, { ok: true }>): string {
  const r = outcome.report;
  const skipped = Object.values(r.files.skipped).reduce((a, b) => a + b, 0);
  const lines = [
    `indexed ${r.root}: ${r.files.indexed} files (${skipped} skipped) in ${(r.durationMs / 1000).toFixed(1)} s → ${r.database}`,
    `${r.nodes.total} nodes, ${r.edges.total} edges, ${r.unresolved_count} unresolved sites (${r.unresolved_likely_internal_count} likely internal)`,
  ];
  if (r.filesWithParseErrors.length) lines.push(`syntax errors in ${r.filesWithParseErrors.length} files (the rest of each file is indexed)`);
  if (r.filesNotExtractedCount) {
    const first = r.filesNotExtracted[0];
    lines.push(`${r.filesNotExtractedCount} files not extracted (only their file node is in the graph), first ${first.path}: ${first.message}`);
  }
  if (r.hookFailures.length) {
    const first = r.hookFailures[0];
    const calls = r.hookFailures.reduce((sum, f) => sum + f.count, 0);
    lines.push(`${calls} import-resolver hook calls threw (their lookups found nothing), first ${first.language} ${first.hook}: ${first.firstMessage}`);
  }
  if (outcome.waitedForAnotherRun) lines.push('another index of this root was running; this one waited for it and then indexed again');
  return lines.join('\n');
}

function describeError(error: unknown, root: string): string {
  if (error instanceof ToolArgumentError) return `bad arguments: ${error.message}`;
  const query = toQueryError(error);
  if (query) {
    if (query.code === 'no-index') {
      return `no index for ${root}: the graph has not been built, so there is nothing to answer from (this is not an empty result). Run the codegraph_index tool first.`;
    }
    if (query.code === 'ambiguous-symbol' || (query.code === 'symbol-not-found' && query.candidates.length > 0)) {
      const list = query.candidates.slice(0, 10).map((c) => `- ${nodeText(c)}`).join('\n');
      const hint = query.code === 'ambiguous-symbol' ? 'name one by qualified name, path:line, or narrow with file/kind' : 'did you mean';
      return `${query.code}: ${query.message}\n${hint}:\n${list}`;
    }
    return `${query.code}: ${query.message}`;
  }
  if (error instanceof QueryError) return error.message;
  return `internal error: ${error instanceof Error ? error.message : String(error)}`;
}

/** The arbor package's version, reported to clients as the server's version. */
function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function text(body: string): CallToolResult {
  return { content: [{ type: 'text', text: body }] };
}

