/**
 * `arbor affected [files...]` / `--since <ref>`: the test files to run for a change. Test paths
 * go to stdout one per line (pipe them to a test runner); the summary goes to stderr.
 */
import { affected, changedSince, DEPENDENCY_KINDS, type AffectedResult } from '@arbor/query';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import { plural } from '../output/format.js';
import { escapeControls } from '../output/terminal-text.js';
import type { CliIo } from '../output/io.js';
import type { Style } from '../output/style.js';
import { commonOptions, depthOption, edgeKindsOption, parseEdgeKinds, runQuery } from './query-support.js';

export function registerAffectedCommand(y: Argv, io: CliIo): Argv {
  return y.command(
    'affected [files..]',
    'List the test files affected by changed files (given, or `--since <git-ref>`), through the reverse graph',
    (b) =>
      edgeKindsOption(depthOption(commonOptions(b, { default: 0, describe: 'Tests listed' }), 5, 'Hops followed back over calls, extends, implements, instantiates and references (imports edges are followed to the end)'), DEPENDENCY_KINDS)
        .positional('files', { type: 'string', array: true, describe: 'Changed files' })
        .option('since', { type: 'string', describe: 'Use the files changed since this git ref (git diff --name-only <ref>)' })
        .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Only the test paths, no summary on stderr' })
        .check((argv) => {
          const files = (argv.files as string[] | undefined) ?? [];
          if (files.length === 0 && !argv.since) throw new Error('name changed files or pass --since <git-ref>');
          return true;
        }),
    (argv) =>
      runQuery(io, 'affected', argv, (project) => {
        const given = ((argv.files as string[] | undefined) ?? []).map(String);
        // git names files from the root; made absolute so a run from a subfolder reads them right.
        const since = argv.since ? changedSince(project!.root, argv.since).map((p) => join(project!.root, p)) : [];
        const changed = [...given, ...since];
        const result = affected(project!, changed, { depth: argv.depth, limit: argv.limit, since: argv.since, edgeKinds: parseEdgeKinds(argv['edge-kinds']) });
        if (!argv.json && !argv.quiet) io.stderr.write(summary(result));
        return result;
      }, renderAffected),
  );
}

/** One test path a line (escaped by runQuery: a newline in a name cannot split it in two). */
export function renderAffected(r: AffectedResult, _s: Style): string {
  return r.affectedTests.map((t) => t.filePath).join('\n');
}

function summary(r: AffectedResult): string {
  const parts = [
    `${plural(r.affectedTests.length, 'test file')} affected by ${plural(r.changedFiles.length, 'changed file')}`,
    r.since ? `since ${r.since}` : '',
    r.notIndexed.length > 0 ? `${r.notIndexed.length} not in the index (${r.notIndexed.slice(0, 3).map((p) => escapeControls(p)).join(', ')}${r.notIndexed.length > 3 ? ', …' : ''})` : '',
    r.moreBeyondDepth ? `dependencies continue beyond depth ${r.depth}` : '',
  ].filter((p) => p !== '');
  // The list on stdout stays exact; what may be missing from it is said here.
  const notice = r.completeness.complete ? '' : `arbor affected: may be incomplete: ${r.completeness.reasons.join('; ')}\n`;
  const possible = r.possibleTests.map((t) => `  possible: ${escapeControls(t)}\n`).join('');
  return `arbor affected: ${parts.join('; ')}\n${notice}${possible}`;
}
