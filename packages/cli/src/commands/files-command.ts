/** `arbor files [dir|glob]`: what is indexed there, and whether each file is still current. */
import { files, type FilesResult } from '@arbor/query';
import { defineCommand, text } from '../command-line/command-spec.js';
import { counts, plural } from '../output/format.js';
import { columns, type Style } from '../output/style.js';
import { commonOptions, countProblem, runQuery } from './query-support.js';

export const filesCommand = defineCommand({
  name: 'files',
  describe: 'List indexed files under a folder or matching a glob, with language, node count and staleness',
  positionals: [{ name: 'filter', describe: 'Folder or glob (`src/`, `**/*.py`); default: everything' }],
  options: { ...commonOptions({ default: 0, describe: 'Files listed' }), language: text('Only these languages (comma-separated)', { short: 'l' }) },
  check: countProblem,
  run: (args, io) => runQuery(io, 'files', args, (project) => files(project!, args.filter, { language: args.language, limit: args.limit }), renderFiles),
});

export function renderFiles(r: FilesResult, s: Style): string {
  const where = r.filter.type === 'all' ? '' : ` ${r.filter.type === 'glob' ? 'matching' : 'under'} ${r.filter.value}`;
  if (r.summary.files === 0 && r.added.length === 0) return `No indexed files${where}.`;
  const state = (st: string) => (st === 'fresh' ? '' : st === 'modified' ? s.yellow('modified') : s.red(st));
  const lines = columns(
    r.files.map((f) => [f.filePath, s.dim(f.language), `${f.nodeCount ?? '?'} nodes`, f.errors > 0 ? s.yellow(plural(f.errors, 'error')) : '', state(f.state)]),
    '',
  );
  if (r.truncated) lines.push(s.dim(`… ${r.summary.files - r.files.length} more (raise --limit)`));
  const drift = r.summary.modified + r.summary.removed + r.summary.added;
  lines.push(
    `${plural(r.summary.files, 'file')}${where}, ${plural(r.summary.nodes, 'node')} (${counts(r.summary.byLanguage)}); ` +
      (drift === 0 ? s.green('all current') : s.yellow(`${r.summary.modified} modified, ${r.summary.removed} removed, ${r.summary.added} new`)),
  );
  if (r.added.length > 0) lines.push(`${s.bold('new, not indexed')}`, ...r.added.map((p) => `  ${p}`));
  return lines.join('\n');
}
