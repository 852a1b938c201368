/**
 * `arbor affected [files...]` / `--since <ref>`: the test files to run for a change. Test paths
 * go to stdout one per line (pipe them to a test runner); the summary goes to stderr.
 */
import { affected, changedSince, DEPENDENCY_KINDS, QueryError, type AffectedResult, type LanguageOfPath } from '@arbor/query';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineCommand, flag, text } from '../command-line/command-spec.js';
import { EXIT } from '../output/errors.js';
import { plural } from '../output/format.js';
import { escapeControls } from '../output/terminal-text.js';
import type { Style } from '../output/style.js';
import { commonOptions, countProblem, depthOption, edgeKindsOption, parseEdgeKinds, runQuery } from './query-support.js';

export const affectedCommand = defineCommand({
  name: 'affected',
  describe: 'List the test files affected by changed files (given, or `--since <git-ref>`), through the reverse graph',
  positionals: [{ name: 'files', variadic: true, describe: 'Changed files' }],
  options: {
    ...commonOptions({ default: 0, describe: 'Tests listed' }),
    ...depthOption(5, 'Hops followed back over calls, extends, implements, instantiates and references (imports edges are followed to the end)'),
    ...edgeKindsOption(DEPENDENCY_KINDS),
    since: text('Use the files changed since this git ref (git diff --name-only <ref>)'),
    quiet: flag('Only the test paths, no summary on stderr', { short: 'q' }),
    strict: flag(`Exit ${EXIT.incomplete} when the list may be incomplete (unproven sites, files arbor cannot see into, a stale index, a cut)`),
    'fail-if-stale': flag(`Refuse to answer (exit ${EXIT.staleIndex}) when the index is older than the working tree`),
  },
  check: (args) => countProblem(args) ?? (args.files.length === 0 && !args.since ? 'name changed files or pass --since <git-ref>' : undefined),
  run: async (args, io) => {
    // The importers of a deleted file are matched by each language's import naming, which the
    // indexer's language descriptors hold: loaded only when a change may hold a deleted file.
    const languageOf = args.since || args.files.some((f) => !existsSync(resolve(io.cwd(), f))) ? await loadLanguageOf() : undefined;
    runQuery(io, 'affected', args, (project) => {
      // git names files from the root; made absolute so a run from a subfolder reads them right.
      const since = args.since ? changedSince(project!.root, args.since).map((p) => join(project!.root, p)) : [];
      const changed = [...args.files, ...since];
      const result = affected(project!, changed, {
        depth: args.depth, limit: args.limit, since: args.since, edgeKinds: parseEdgeKinds(args['edge-kinds']), languageOf,
      });
      if (args['fail-if-stale'] && result.staleIndex?.stale) {
        throw new QueryError('stale-index', `${result.staleIndex.message} (--fail-if-stale)`);
      }
      if (!args.json && !args.quiet) io.stderr.write(summary(result));
      // A stale index is said even under -q: the list came from files as they were, not as they are.
      else if (!args.json && result.staleIndex?.stale) io.stderr.write(`arbor affected: warning: ${result.staleIndex.message}\n`);
      return result;
    }, renderAffected, { exitCode: (result) => (args.strict && !result.completeness.complete ? EXIT.incomplete : EXIT.ok) });
  },
});

async function loadLanguageOf(): Promise<LanguageOfPath | undefined> {
  try {
    return (await import('@arbor/indexer')).moduleNamingForPath;
  } catch {
    return undefined;
  }
}

/** One test path a line (escaped by runQuery: a newline in a name cannot split it in two). */
export function renderAffected(r: AffectedResult, _s: Style): string {
  return r.affectedTests.map((t) => t.filePath).join('\n');
}

function summary(r: AffectedResult): string {
  const parts = [
    `${plural(r.affectedTests.length, 'test file')} affected by ${plural(r.changedFiles.length, 'changed file')}`,
    r.since ? `since ${r.since}` : '',
    r.deletedFiles.length > 0 ? `${plural(r.deletedFiles.length, 'deleted file')} (${r.deletedFiles.map((d) => `${escapeControls(d.path)}: used by ${plural(d.importers.length + d.packageFiles.length, 'indexed file')}`).slice(0, 3).join(', ')})` : '',
    r.notIndexed.length > 0 ? `${r.notIndexed.length} not in the index (${r.notIndexed.slice(0, 3).map((p) => escapeControls(p)).join(', ')}${r.notIndexed.length > 3 ? ', …' : ''})` : '',
  ].filter((p) => p !== '');
  // The list on stdout stays exact; what may be missing from it is said here.
  const notice = r.completeness.complete ? '' : `arbor affected: may be incomplete: ${r.completeness.reasons.join('; ')}\n`;
  const possible = r.possibleTests.map((t) => `  possible: ${escapeControls(t)}\n`).join('');
  return `arbor affected: ${parts.join('; ')}\n${notice}${possible}`;
}
