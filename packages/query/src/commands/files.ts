/** `files [dir|glob]`: what is indexed under a folder or matching a glob, and whether it is still current. */
import { globToRegExp, isGlob } from '../glob.js';
import type { FileState } from '../model.js';
import { isUnder } from '../paths.js';
import type { Project } from '../project.js';
import { checkFile, findNewFiles } from '../staleness.js';
import { QueryError } from '../errors.js';

export interface FilesOptions {
  /** Filter by language. */
  language?: string | string[];
  /** At most this many files listed (0: all). Default 0. */
  limit?: number;
}

export interface FileEntry {
  filePath: string;
  language: string;
  nodeCount: number | null;
  size: number;
  /** Parse errors the writer recorded. */
  errors: number;
  state: FileState;
}

export interface FilesResult {
  filter: { type: 'all' | 'dir' | 'glob'; value: string };
  files: FileEntry[];
  /** Files on disk under the filter that are newer than the index and not in it. */
  added: string[];
  summary: { files: number; nodes: number; byLanguage: Record<string, number>; modified: number; removed: number; added: number };
  truncated: boolean;
}

export function files(project: Project, filter: string | undefined, options: FilesOptions = {}): FilesResult {
  const all = project.store.files();
  let type: FilesResult['filter']['type'] = 'all';
  let value = '';
  let match: (path: string) => boolean = () => true;
  if (filter !== undefined && filter !== '' && filter !== '.') {
    if (isGlob(filter)) {
      type = 'glob';
      value = filter;
      const re = globToRegExp(filter);
      match = (path) => re.test(path);
    } else {
      const dir = project.projectPath(filter);
      if (dir === undefined) throw new QueryError('bad-argument', `${filter} is outside the project ${project.root}`);
      type = dir === '' ? 'all' : 'dir';
      value = dir;
      match = (path) => isUnder(path, dir);
    }
  }
  const languages = options.language === undefined ? undefined : new Set([options.language].flat().flatMap((l) => String(l).split(',')).map((l) => l.trim().toLowerCase()));
  const selected = all.filter((f) => match(f.path) && (!languages || languages.has(f.language.toLowerCase())));

  const entries: FileEntry[] = selected.map((f) => ({
    filePath: f.path,
    language: f.language,
    nodeCount: f.nodeCount,
    size: f.size,
    errors: f.errorCount,
    state: checkFile(project.root, f).state,
  }));
  const byLanguage: Record<string, number> = {};
  for (const e of entries) byLanguage[e.language] = (byLanguage[e.language] ?? 0) + 1;
  const added = findNewFiles(project.root, all, { dir: type === 'dir' ? value : undefined }).filter(
    (p) => match(p) && !languages,
  );
  const limit = options.limit ?? 0;
  const listed = limit > 0 ? entries.slice(0, limit) : entries;
  return {
    filter: { type, value },
    files: listed,
    added,
    summary: {
      files: entries.length,
      nodes: entries.reduce((sum, e) => sum + (e.nodeCount ?? 0), 0),
      byLanguage: Object.fromEntries(Object.entries(byLanguage).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      modified: entries.filter((e) => e.state === 'modified').length,
      // Unreadable and outside-root files count as removed: the index's record of them cannot be checked.
      removed: entries.filter((e) => e.state !== 'fresh' && e.state !== 'modified').length,
      added: added.length,
    },
    truncated: listed.length < entries.length,
  };
}
