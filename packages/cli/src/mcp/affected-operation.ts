/**
 * The `affected` operation of the `codegraph` tool: the test files to run for a change, for an agent
 * about to run tests. The answer is the JSON document `arbor affected --json` prints — the same
 * list, `completeness` and `staleIndex` — so an agent and a CI script read one shape.
 */
import { affected, changedSince, openProject } from '@arbor/query';
import { join, resolve } from 'node:path';
import type { QueryArgs } from './tool-schemas.js';

export async function affectedAnswer(root: string, args: QueryArgs): Promise<string> {
  // The indexer's language descriptors say how imports name files (for deleted files' importers).
  const { moduleNamingForPath } = await import('@arbor/indexer');
  const project = openProject({ path: root, cwd: root });
  try {
    const since = args.since ? changedSince(project.root, args.since).map((p) => join(project.root, p)) : [];
    // Paths an agent names are relative to the repository (the server's root); one outside it is left out.
    const named = (args.files ?? []).map((f) => resolve(project.root, f));
    const result = affected(project, [...named, ...since], {
      depth: args.depth, limit: args.limit, since: args.since, languageOf: moduleNamingForPath,
    });
    return JSON.stringify(result, null, 1);
  } finally {
    project.close();
  }
}
