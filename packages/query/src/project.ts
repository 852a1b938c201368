/** A project whose index is open for reading: the root, the store, and path helpers. */
import { resolve } from 'node:path';
import { QueryError } from './errors.js';
import { toProjectPath } from './paths.js';
import { GraphStore, type OpenStoreOptions } from './store/graph-store.js';
import { locateIndex } from './store/locate.js';

export interface ProjectOptions extends OpenStoreOptions {
  /** Project root (default: cwd). */
  path?: string;
  /** Folder relative paths in arguments are taken from (default: process.cwd()). */
  cwd?: string;
}

export interface Project {
  root: string;
  dbPath: string;
  cwd: string;
  store: GraphStore;
  /** A path argument as a project path (see toProjectPath); undefined when outside the project. */
  projectPath(arg: string): string | undefined;
  close(): void;
}

/** Opens the project's index, or throws QueryError('no-index') naming `arbor index` as the fix. */
export function openProject(options: ProjectOptions = {}): Project {
  const cwd = options.cwd ?? process.cwd();
  const location = locateIndex(resolve(cwd, options.path ?? '.'));
  if (!location.exists) {
    throw new QueryError('no-index', `no index at ${location.dbPath}; run \`arbor index\` to build one`);
  }
  const store = GraphStore.open(location.dbPath, options);
  return {
    root: location.root,
    dbPath: location.dbPath,
    cwd,
    store,
    projectPath: (arg) => toProjectPath(location.root, cwd, arg),
    close: () => store.close(),
  };
}

/** Runs `fn` with an open project and closes it afterwards. */
export function withProject<T>(options: ProjectOptions, fn: (project: Project) => T): T {
  const project = openProject(options);
  try {
    return fn(project);
  } finally {
    project.close();
  }
}
