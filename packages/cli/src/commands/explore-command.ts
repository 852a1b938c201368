/** `arbor explore <query>`: matching declarations and their neighbours, with source from disk. */
import { explore, type ExploreResult } from '@arbor/query';
import { count, defineCommand, text } from '../command-line/command-spec.js';
import { location } from '../output/format.js';
import type { Style } from '../output/style.js';
import { codeBlock, staleNote } from './code-block.js';
import { commonOptions, countProblem, runQuery } from './query-support.js';

export const exploreCommand = defineCommand({
  name: 'explore',
  describe: 'Show the declarations matching a query and the ones they call or are called by, with their source',
  positionals: [{ name: 'query', required: true, variadic: true, describe: 'Words to look for' }],
  options: {
    ...commonOptions({ default: 8, describe: 'Declarations shown' }),
    kind: text('Only matches of these kinds', { short: 'k' }),
    language: text('Only matches in these languages', { short: 'l' }),
    file: text('Only matches in this file, folder or glob', { short: 'f' }),
    'max-lines': count('Source lines per declaration', { default: 60 }),
  },
  check: countProblem,
  run: (args, io) => {
    const query = args.query.join(' ');
    runQuery(io, 'explore', args, (project) =>
      explore(project!, query, {
        kind: args.kind, language: args.language, file: args.file, limit: args.limit === 0 ? 1000 : args.limit, maxLines: args['max-lines'],
      }), renderExplore);
  },
});

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
