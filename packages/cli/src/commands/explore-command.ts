/** `arbor explore <query>`: matching declarations and their neighbours, with source from disk. */
import { explore, type ExploreResult } from '@arbor/query';
import type { Argv } from 'yargs';
import { location } from '../output/format.js';
import type { CliIo } from '../output/io.js';
import type { Style } from '../output/style.js';
import { codeBlock, staleNote } from './code-block.js';
import { commonOptions, runQuery } from './query-support.js';

export function registerExploreCommand(y: Argv, io: CliIo): Argv {
  return y.command(
    'explore <query..>',
    'Show the declarations matching a query and the ones they call or are called by, with their source',
    (b) =>
      commonOptions(b, { default: 8, describe: 'Declarations shown' })
        .positional('query', { type: 'string', array: true, demandOption: true })
        .option('kind', { alias: 'k', type: 'string', describe: 'Only matches of these kinds' })
        .option('language', { alias: 'l', type: 'string', describe: 'Only matches in these languages' })
        .option('file', { alias: 'f', type: 'string', describe: 'Only matches in this file, folder or glob' })
        .option('max-lines', { type: 'number', default: 60, describe: 'Source lines per declaration' }),
    (argv) => {
      const query = (argv.query as string[]).join(' ');
      runQuery(io, 'explore', argv, (project) =>
        explore(project!, query, {
          kind: argv.kind, language: argv.language, file: argv.file, limit: argv.limit === 0 ? 1000 : argv.limit, maxLines: argv['max-lines'],
        }), renderExplore);
    },
  );
}

export function renderExplore(r: ExploreResult, s: Style): string {
  if (r.items.length === 0) return `Nothing matches "${r.query}".`;
  const names = new Map(r.items.map((i) => [i.node.id, i.node.qualifiedName]));
  const lines: string[] = [];
  for (const item of r.items) {
    const why = item.relation === 'match' ? 'match' : `${item.relation} of ${names.get(item.relatedTo ?? '') ?? item.relatedTo}`;
    lines.push(`${s.bold(`── ${item.node.kind} ${item.node.qualifiedName}`)}  ${s.cyan(location(item.node, true))}  ${s.dim(`(${why})`)}`);
    const note = staleNote(item.fileState, s);
    if (note) lines.push(note);
    lines.push(...codeBlock(item.source, s));
  }
  if (r.staleFiles.length > 0) lines.push(s.yellow(`${r.staleFiles.length} file(s) changed since indexing: run \`arbor index\``));
  return lines.join('\n');
}
