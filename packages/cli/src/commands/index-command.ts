/** `arbor index [root]`: build `<root>/.codegraph/codegraph.db`. */
import type { IndexReport, Progress, ShardReport } from '@arbor/indexer';
import { parseShardSpec } from '@arbor/vocabulary';
import { count, defineCommand, flag, list, text } from '../command-line/command-spec.js';
import { parseByteSize } from '../output/byte-size.js';
import { escapeControls } from '../output/terminal-text.js';

export const indexCommand = defineCommand({
  name: 'index',
  describe: 'Index a repository into <root>/.codegraph/codegraph.db (a codegraph schema-v4 graph)',
  positionals: [{ name: 'root', default: '.', describe: 'Repository root' }],
  options: {
    json: flag('Print the index report as JSON on stdout'),
    exclude: list('Leave out files matching this gitignore-style pattern'),
    gitignore: flag('Honour .gitignore files and .git/info/exclude (--no-gitignore to index ignored files too)', { default: true }),
    'max-file-size': text('Skip files larger than this (bytes, or with KiB/MiB suffix)', { default: '1MiB' }),
    threads: count('Extraction threads, the main thread included (default: one per core)'),
    cache: flag('Reuse cached extractions of unchanged files (--no-cache: parse every file; no cache is read or written)', { default: true }),
    'cache-dir': text('Keep the extraction cache in this folder (default <root>/.codegraph/cache), e.g. one CI keeps between jobs'),
    shard: text('K/N: extract only this CI job\'s share K of N of the files into --cache-dir, and write no graph; a later run with that --cache-dir over all N shards\' packs writes the graph'),
    force: flag('Replace the file at .codegraph/codegraph.db even when it is not a codegraph graph or is of a newer schema'),
    quiet: flag('No summary on stderr', { short: 'q' }),
  },
  check: (args) => {
    if (args.shard === undefined) return undefined;
    const spec = parseShardSpec(args.shard);
    if ('problem' in spec) return spec.problem;
    if (!args.cache) return '--shard stores its files\' extractions in the cache: it cannot run with --no-cache';
    if (args['cache-dir'] === undefined) return '--shard needs --cache-dir <dir>: the folder its pack goes into, for the merging run to read';
    return undefined;
  },
  run: async (args) => {
    const maxFileSize = parseByteSize(args['max-file-size']);
    if (maxFileSize === undefined) fail(`--max-file-size: not a size: ${args['max-file-size']}`);
    if (args.threads !== undefined && (!Number.isInteger(args.threads) || args.threads < 1)) fail('--threads must be a positive integer');
    const progress = !args.quiet && process.stderr.isTTY ? progressLine() : undefined;
    // Loaded here, not at start-up: query commands should not pay for the indexer.
    const { GraphWriteError, IndexError, indexRepository, extractShard } = await import('@arbor/indexer');
    if (args.shard !== undefined) {
      const shard = parseShardSpec(args.shard);
      if ('problem' in shard) fail(shard.problem);
      let report: ShardReport;
      try {
        report = await extractShard(args.root, {
          shard, cacheDir: args['cache-dir']!, exclude: args.exclude, gitignore: args.gitignore, maxFileSize, threads: args.threads,
          onProgress: progress?.update,
        });
      } catch (error) {
        progress?.clear();
        if (error instanceof IndexError) fail(error.message);
        throw error;
      }
      progress?.clear();
      if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      if (!args.quiet) process.stderr.write(shardSummary(report));
      return;
    }
    let report: IndexReport;
    try {
      report = await indexRepository(args.root, {
        exclude: args.exclude,
        gitignore: args.gitignore,
        maxFileSize,
        threads: args.threads,
        cache: args.cache,
        cacheDir: args['cache-dir'],
        force: args.force,
        onProgress: progress?.update,
      });
    } catch (error) {
      progress?.clear();
      if (error instanceof IndexError || error instanceof GraphWriteError) fail(error.message);
      throw error;
    }
    progress?.clear();
    if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (!args.quiet) process.stderr.write(indexSummary(report));
  },
});

function fail(message: string): never {
  process.stderr.write(`arbor index: ${escapeControls(message)}\n`);
  process.exit(1);
}

/** A single self-overwriting line while a terminal watches; silent otherwise. */
function progressLine() {
  let last = 0;
  const update = (p: Progress) => {
    const now = Date.now();
    if (now - last < 100 && p.done !== p.total) return;
    last = now;
    const counts = p.total > 0 ? ` ${p.done}/${p.total}` : '';
    const text = `${p.phase}${counts}${p.path ? ` ${escapeControls(p.path)}` : ''}`;
    const width = (process.stderr.columns || 80) - 1;
    process.stderr.write(`\r${text.slice(0, width).padEnd(width)}`);
  };
  const clear = () => process.stderr.write(`\r${' '.repeat((process.stderr.columns || 80) - 1)}\r`);
  return { update, clear };
}

/** A shard's report as `arbor index --shard K/N` prints it to stderr. */
export function shardSummary(r: ShardReport): string {
  const s = r.shard;
  const lines = [
    `arbor: shard ${s.index} of ${s.count}: ${s.files} of ${s.totalFiles} files, ${mib(s.bytes)} of ${mib(s.totalBytes)}, in ${(r.durationMs / 1000).toFixed(1)}s; no graph written`,
    `  cache    ${r.cache.extracted} parsed into ${r.cache.pack ? `pack ${r.cache.pack}` : 'no new pack'}, ${r.cache.fromCache} already in the cache (${escapeControls(r.cache.dir)})`,
    `  next     after every shard: arbor index --cache-dir <the folder holding all ${s.count} shards' packs>`,
  ];
  return `${lines.join('\n')}\n`;
}

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** The report as `arbor index` prints it to stderr. */
export function indexSummary(r: IndexReport): string {
  const kinds = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([, a], [, b]) => b - a)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none';
  const skippedTotal = Object.values(r.files.skipped).reduce((a, b) => a + b, 0);
  const resolved = Object.values(r.resolution.resolvedBy).reduce((a, b) => a + b, 0);
  const lines = [
    `arbor: indexed ${r.files.indexed} files in ${(r.durationMs / 1000).toFixed(1)}s → ${r.database}`,
    `  files    seen ${r.files.seen}, indexed ${r.files.indexed}, skipped ${skippedTotal}${skippedTotal ? ` (${kinds(r.files.skipped)})` : ''}`,
    `  nodes    ${r.nodes.total}: ${kinds(r.nodes.byKind)}`,
    `  edges    ${r.edges.total}: ${kinds(r.edges.byKind)}`,
    `  resolved ${resolved} sites: ${kinds(r.resolution.resolvedBy)}`,
    `  unresolved ${r.unresolved_count} (likely internal ${r.unresolved_likely_internal_count})`,
    `  grammars ${r.grammarsLoaded.join(', ') || 'none'}${r.threads > 0 ? ` on ${r.threads} thread${r.threads === 1 ? '' : 's'}` : ''}`,
    r.cache.used
      ? `  cache    ${r.cache.fromCache} of ${r.files.indexed} files from the cache, ${r.cache.extracted} parsed (${escapeControls(r.cache.dir ?? '')})`
      : `  cache    not used, ${r.cache.extracted} files parsed`,
  ];
  if (r.filesWithParseErrors.length > 0) {
    const shown = r.filesWithParseErrors.slice(0, 5).map((path) => escapeControls(path)).join(', ');
    const more = r.filesWithParseErrors.length > 5 ? ` and ${r.filesWithParseErrors.length - 5} more` : '';
    lines.push(`  syntax errors in ${r.filesWithParseErrors.length} files (rest of each file still indexed): ${shown}${more}`);
  }
  if (r.filesNotExtractedCount > 0) {
    const listed = r.filesNotExtracted.slice(0, 5);
    const shown = listed.map((f) => `${escapeControls(f.path)} (${escapeControls(f.message)})`).join(', ');
    const more = r.filesNotExtractedCount > listed.length ? ` and ${r.filesNotExtractedCount - listed.length} more` : '';
    lines.push(`  NOT EXTRACTED ${r.filesNotExtractedCount} files (only their file node is in the graph): ${shown}${more}`);
  }
  if (r.hookFailures.length > 0) {
    const calls = r.hookFailures.reduce((sum, f) => sum + f.count, 0);
    const shown = r.hookFailures.map((f) => `${f.language} ${f.hook} ${f.count}× (first: ${escapeControls(f.firstMessage)})`).join(', ');
    lines.push(`  HOOK FAILURES ${calls} import-resolver calls threw (their lookups found nothing): ${shown}`);
  }
  return `${lines.join('\n')}\n`;
}
