/** `arbor status`: what the index holds and whether it still matches the disk. Exit 0 even without an index. */
import { status, type StatusResult } from '@arbor/query';
import { defineCommand } from '../command-line/command-spec.js';
import { bytes, counts, plural } from '../output/format.js';
import type { Style } from '../output/style.js';
import { configurationText } from '../output/configuration-text.js';
import { commonOptions, countProblem, runQuery } from './query-support.js';

export const statusCommand = defineCommand({
  name: 'status',
  describe: 'Show what the index holds, who wrote it, and how many files changed since',
  positionals: [],
  options: commonOptions({ default: 20, describe: 'Paths listed per staleness category' }),
  check: countProblem,
  run: (args, io) => runQuery(io, 'status', args, () => status({ path: args.path, cwd: io.cwd(), limit: args.limit }), renderStatus, { open: false }),
});

export function renderStatus(r: StatusResult, s: Style): string {
  if (!r.indexed) return `No index for ${r.root} (no ${r.databasePath}).\nRun \`arbor index\` to build one.`;
  const writer = r.writer.tool
    ? `${r.writer.tool}${r.writer.version ? ` ${r.writer.version}` : ''}`
    : 'not recorded (codegraph 0.8/0.9 record no writer)';
  const lines = [
    `${s.bold('Index')}      ${r.databasePath} (${bytes(r.databaseBytes)}, schema v${r.schemaVersion}${r.extraTables.length > 0 ? `, extra tables: ${r.extraTables.join(', ')}` : ''})`,
    `${s.bold('Written by')} ${writer}${r.indexedAt ? `, ${r.indexedAt}` : ''}`,
    `${s.bold('Files')}      ${r.counts.files}: ${counts(r.languages)}${r.counts.filesWithErrors > 0 ? s.yellow(` (${r.counts.filesWithErrors} with parse errors)`) : ''}`,
    `${s.bold('Nodes')}      ${r.counts.nodes}: ${counts(r.nodesByKind)}`,
    `${s.bold('Edges')}      ${r.counts.edges}: ${counts(r.edgesByKind)}`,
    `${s.bold('Unresolved')} ${plural(r.counts.unresolvedRefs, 'reference site')} left unlinked`,
  ];
  const config = configurationText(r.configuration);
  lines.push(`${s.bold('Config')}     ${config.text}${config.warning ? s.yellow(` (${config.warning})`) : ''}`);
  const st = r.staleness;
  if (!st.stale) {
    lines.push(`${s.bold('Stale')}      ${s.green('no')}: all ${plural(st.fresh, 'indexed file')} match the disk`);
  } else {
    lines.push(
      `${s.bold('Stale')}      ${s.yellow('yes')}: ${st.modified} modified, ${st.removed} removed, ${st.added} new since indexing; run \`arbor index\``,
    );
    const list = (name: string, paths: string[]) => paths.forEach((p) => lines.push(`  ${name.padEnd(8)} ${p}`));
    list('modified', st.files.modified);
    list('removed', st.files.removed);
    list('new', st.files.added);
    if (st.truncated) lines.push(s.dim('  … more (raise --limit)'));
  }
  return lines.join('\n');
}
