/** `arbor watch [root]`: keep `<root>/.codegraph/codegraph.db` fresh while files change. */
import { resolve } from 'node:path';
import { count, defineCommand, flag, list, text, toggle } from '../command-line/command-spec.js';
import { resolveIndexSettings } from '../configuration/index-settings.js';
import { ConfigurationError } from '../configuration/project-configuration.js';
import { loadDistModule } from '../lazy-module.js';
import { watchDecision } from './watch-policy.js';
import { escapeControls } from '../output/terminal-text.js';

export const watchCommand = defineCommand({
  name: 'watch',
  describe: 'Re-index whenever indexed files change (after a quiet period); runs until interrupted',
  positionals: [{ name: 'root', default: '.', describe: 'Repository root' }],
  options: {
    debounce: count('Quiet milliseconds after the last change before re-indexing [default: 1000]'),
    languages: text('Index only these languages, comma-separated (e.g. typescript,tsx)'),
    exclude: list('Leave out files matching this gitignore-style pattern'),
    gitignore: toggle('Honour .gitignore files (--no-gitignore to index ignored files too) [default: on]'),
    'max-file-size': text('Skip files larger than this [default: 1MiB]'),
    quiet: flag('Print only failures', { short: 'q' }),
  },
  check: (args) => (args.debounce === undefined || args.debounce >= 0 ? undefined : '--debounce must be ≥ 0'),
  run: async (argv) => {
    const root = resolve(argv.root);
    const { indexRepository, LANGUAGE_DESCRIPTORS } = await import('@arbor/indexer');
    // The same settings `arbor index` would use here: <root>/arbor.config.json, under the flags given.
    let resolved;
    try {
      resolved = resolveIndexSettings(root, {
        languages: argv.languages, exclude: argv.exclude, gitignore: argv.gitignore, maxFileSize: argv['max-file-size'],
      }, LANGUAGE_DESCRIPTORS.map((d) => d.name));
    } catch (error) {
      if (error instanceof ConfigurationError) fail(error.message);
      throw error;
    }
    const debounceMs = argv.debounce ?? resolved.configuration.values.watch?.debounce ?? 1000;
    const decision = watchDecision(root, { enabled: true });
    if (!decision.watch) fail(`not watching ${root}: ${decision.reason}`);
    const say = (line: string) => process.stderr.write(`arbor watch: ${escapeControls(line)}\n`);
    const { watchRepository } = await loadDistModule<typeof import('./watcher.js')>('./watch/watcher.js');
    const options = { ...resolved.settings, configuration: { ...resolved.recorded } };
    const watcher = await watchRepository(root, {
      ...resolved.settings,
      debounceMs,
      reindex: async () => {
        // An `arbor index` of the root: the extraction cache spares unchanged files their parse.
        await indexRepository(root, options);
        return { ok: true };
      },
      onEvent: (event) => {
        if (event.type === 'failed') say(`re-index failed, the previous graph is kept: ${event.message}`);
        else if (event.type === 'error') say(`watch error: ${event.message}`);
        else if (argv.quiet) return;
        else if (event.type === 'ready') say(`watching ${root} (${decision.reason}); Ctrl-C to stop`);
        else if (event.type === 'reindexing') say(`${event.changed} file${event.changed === 1 ? '' : 's'} changed: re-indexing`);
        else if (event.type === 'reindexed') say(`re-indexed in ${(event.durationMs / 1000).toFixed(1)}s`);
      },
    });
    // A graph that is missing or stale when watching starts is brought up to date first.
    watcher.refresh();
    await new Promise<void>((done) => {
      const stop = () => void watcher.close().then(done);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  },
});

function fail(message: string): never {
  process.stderr.write(`arbor watch: ${escapeControls(message)}\n`);
  process.exit(1);
}
