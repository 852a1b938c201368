/** `arbor index [root]`: build `<root>/.codegraph/codegraph.db`. */
import type { IndexReport, Progress, ShardReport } from '@arbor/indexer';
import { parseShardSpec } from '@arbor/vocabulary';
import { count, defineCommand, flag, list, text, toggle } from '../command-line/command-spec.js';
import { ConfigurationError } from '../configuration/project-configuration.js';
import { resolveIndexSettings, type RecordedConfiguration } from '../configuration/index-settings.js';
import { syntaxErrorsSentence } from '../output/parse-losses.js';
import { escapeControls } from '../output/terminal-text.js';

export const indexCommand = defineCommand({
  name: 'index',
  describe: 'Index a repository into <root>/.codegraph/codegraph.db (a codegraph schema-v4 graph)',
  positionals: [{ name: 'root', default: '.', describe: 'Repository root' }],
  options: {
    json: flag('Print the index report as JSON on stdout'),
    languages: text('Index only these languages, comma-separated (e.g. typescript,tsx); the others are reported as skipped by choice'),
    exclude: list('Leave out files matching this gitignore-style pattern'),
    gitignore: toggle('Honour .gitignore files and .git/info/exclude (--no-gitignore to index ignored files too) [default: on]'),
    'max-file-size': text('Skip files larger than this (bytes, or with KiB/MiB suffix) [default: 1MiB]'),
    threads: count('Extraction threads, the main thread included (default: one per core)'),
    cache: flag('Reuse cached extractions of unchanged files (--no-cache: parse every file; no cache is read or written)', { default: true }),
    'in-place': flag('Update the existing graph in place when the cache answers (--no-in-place: build a new file and rename it over the graph, as a cold run does)', { default: true }),
    'cache-dir': text('Keep the extraction cache in this folder (default <root>/.codegraph/cache), e.g. one CI keeps between jobs'),
    shard: text('K/N: extract only this CI job\'s share K of N of the files into --cache-dir, and write no graph; a later run with that --cache-dir over all N shards\' packs writes the graph'),
    // Every flag above but --threads, --cache and --force can also come from <root>/arbor.config.json; a flag given wins.
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
    if (args.threads !== undefined && (!Number.isInteger(args.threads) || args.threads < 1)) fail('--threads must be a positive integer');
    // Loaded here, not at start-up: query commands should not pay for the indexer.
    const { GraphWriteError, IndexError, indexRepository, extractShard, LANGUAGE_DESCRIPTORS } = await import('@arbor/indexer');
    let resolved;
    try {
      resolved = resolveIndexSettings(args.root, {
        languages: args.languages, exclude: args.exclude, gitignore: args.gitignore, maxFileSize: args['max-file-size'], cacheDir: args['cache-dir'],
      }, LANGUAGE_DESCRIPTORS.map((d) => d.name));
    } catch (error) {
      if (error instanceof ConfigurationError) fail(error.message);
      throw error;
    }
    const progress = !args.quiet && process.stderr.isTTY ? progressLine() : undefined;
    if (args.shard !== undefined) {
      const shard = parseShardSpec(args.shard);
      if ('problem' in shard) fail(shard.problem);
      let report: ShardReport;
      try {
        // The same files as the merging run: languages, excludes and size limit from the flags or arbor.config.json.
        const { cacheDir, ...settings } = resolved.settings;
        report = await extractShard(args.root, {
          ...settings, shard, cacheDir: cacheDir ?? args['cache-dir']!, threads: args.threads, onProgress: progress?.update,
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
        ...resolved.settings,
        configuration: { ...resolved.recorded },
        threads: args.threads,
        cache: args.cache,
        inPlace: args['in-place'],
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
    if (!args.quiet) process.stderr.write(indexSummary(report) + configurationLine(resolved.recorded));
  },
});

/** How the graph was written: the rows an in-place update changed, or why a cached run built a new file. */
function graphWriteLine(r: IndexReport): string {
  const write = r.graphWrite;
  if (write?.mode === 'in-place') {
    const c = write.changes;
    const rows = (d: { deleted: number; inserted: number }) => `-${d.deleted}/+${d.inserted}`;
    return `  write    updated in place: nodes ${rows(c.nodes)}, edges ${rows(c.edges)}, unresolved ${rows(c.unresolved)}, files ${rows(c.files)}`;
  }
  return write?.reason ? `  write    new file (not updated in place: ${escapeControls(write.reason)})` : '  write    new file';
}

function fail(message: string): never {
  process.stderr.write(`arbor index: ${escapeControls(message)}\n`);
  process.exit(1);
}

/** Which configuration this run used, when any: the file, and the keys flags overrode. */
function configurationLine(recorded: RecordedConfiguration): string {
  if (!recorded.file && recorded.fromFlags.length === 0) return '';
  const file = recorded.file ? `${recorded.file} (sha256 ${recorded.sha256!.slice(0, 12)})` : 'no arbor.config.json';
  const flags = recorded.fromFlags.length > 0 ? `; from flags: ${recorded.fromFlags.join(', ')}` : '';
  const languages = recorded.settings.languages ? `; languages ${recorded.settings.languages.join(',')}` : '';
  return `  config   ${file}${languages}${flags}\n`;
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
    graphWriteLine(r),
  ];
  const syntaxErrors = syntaxErrorsSentence(r, true);
  if (syntaxErrors) lines.push(`  ${syntaxErrors}`);
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
