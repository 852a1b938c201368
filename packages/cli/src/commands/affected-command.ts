/**
 * `arbor affected [files...]` / `--since <ref>`: the test files to run for a change. Test paths
 * go to stdout one per line (pipe them to a test runner); the summary goes to stderr.
 */
import { affected, changedSince, DEPENDENCY_KINDS, type AffectedResult } from '@arbor/query';
import { join } from 'node:path';
import { defineCommand, flag, text } from '../command-line/command-spec.js';
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
  },
  check: (args) => countProblem(args) ?? (args.files.length === 0 && !args.since ? 'name changed files or pass --since <git-ref>' : undefined),
  run: (args, io) =>
    runQuery(io, 'affected', args, (project) => {
      // git names files from the root; made absolute so a run from a subfolder reads them right.
      const since = args.since ? changedSince(project!.root, args.since).map((p) => join(project!.root, p)) : [];
      const changed = [...args.files, ...since];
      const result = affected(project!, changed, { depth: args.depth, limit: args.limit, since: args.since, edgeKinds: parseEdgeKinds(args['edge-kinds']) });
      if (!args.json && !args.quiet) io.stderr.write(summary(result));
      return result;
    }, renderAffected),
});

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
