import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { QueryError } from '../errors.js';

/** Where codegraph (and arbor) keep the graph of a project. */
export const INDEX_DIR = '.codegraph';
export const INDEX_FILE = 'codegraph.db';

export interface IndexLocation {
  /** Absolute project root (the folder holding `.codegraph/`). */
  root: string;
  /** Absolute path of the database file. */
  dbPath: string;
  /** Whether the database file exists. */
  exists: boolean;
}

/**
 * The index of the project rooted exactly at `path` (no search upwards: a folder without its
 * own index is reported as unindexed, never silently answered from a parent's graph). A
 * project folder that does not exist is a bad argument, not a project without an index; a
 * folder where the database should be is not a graph.
 */
export function locateIndex(path: string): IndexLocation {
  const root = resolve(path);
  const rootKind = entryKind(root);
  if (rootKind !== 'folder') {
    throw new QueryError('bad-argument', rootKind === 'missing' ? `no such folder: ${root}` : `not a folder: ${root}`);
  }
  const dbPath = join(root, INDEX_DIR, INDEX_FILE);
  if (entryKind(dbPath) === 'folder') throw new QueryError('not-codegraph', `not a codegraph database: ${dbPath} is a folder`);
  let exists = false;
  try {
    exists = existsSync(dbPath) && statSync(dbPath).isFile();
  } catch {
    exists = false;
  }
  return { root, dbPath, exists };
}

function entryKind(path: string): 'missing' | 'folder' | 'other' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'other';
  } catch {
    return 'missing';
  }
}
