import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
 * own index is reported as unindexed, never silently answered from a parent's graph).
 */
export function locateIndex(path: string): IndexLocation {
  const root = resolve(path);
  const dbPath = join(root, INDEX_DIR, INDEX_FILE);
  let exists = false;
  try {
    exists = existsSync(dbPath) && statSync(dbPath).isFile();
  } catch {
    exists = false;
  }
  return { root, dbPath, exists };
}
