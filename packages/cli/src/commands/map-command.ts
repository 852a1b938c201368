/** `arbor map [folder|glob]`: the repository's files, most depended on first, with their declarations, within a byte budget. */
import { DEFAULT_MAP_BUDGET, MIN_MAP_BUDGET, repositoryMap, type MapResult } from '@arbor/query';
import { defineCommand, flag, text } from '../command-line/command-spec.js';
import { parseByteSize } from '../output/byte-size.js';
import { runQuery } from './query-support.js';

export const mapCommand = defineCommand({
  name: 'map',
  describe: 'Show a map of the repository: files ranked by how much depends on them, their declarations and imports, within a byte budget',
  positionals: [{ name: 'folder', describe: 'Only files under this folder or matching this glob (ranks stay those of the whole repository)' }],
  options: {
    json: flag('Print the result as JSON (shape: packages/query/README.md)'),
    path: text('Project root holding .codegraph/ (default: current folder)', { short: 'p' }),
    budget: text(`Bytes of map at most, header and closing line included (e.g. 4000, 16KiB; at least ${MIN_MAP_BUDGET})`, { default: `${DEFAULT_MAP_BUDGET / 1024}KiB` }),
  },
  check: (args) => {
    const budget = parseByteSize(args.budget);
    if (budget === undefined) return `--budget: not a size: ${args.budget}`;
    if (budget < MIN_MAP_BUDGET) return `--budget must be at least ${MIN_MAP_BUDGET} bytes (a header and one file), not ${budget}`;
    return undefined;
  },
  run: (args, io) =>
    runQuery(io, 'map', args, (project) => repositoryMap(project!, args.folder, { budget: parseByteSize(args.budget) }), renderMap),
});

export function renderMap(r: MapResult): string {
  return r.totalFiles === 0 ? `${r.text}No indexed file${r.scope.value ? ` under ${r.scope.value}` : ''}.` : r.text;
}
