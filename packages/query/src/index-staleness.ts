/**
 * Whether an index is older than the working tree, as one verdict a command can add to its answer
 * (`affected` does: an answer drawn from an index that misses edits is not the answer for the tree
 * on disk). The comparison is staleness.ts's: sizes and mtimes, hashes only where they disagree.
 */
import type { Project } from './project.js';
import { checkDrift } from './staleness.js';

export interface IndexStaleness {
  stale: boolean;
  modified: number;
  removed: number;
  added: number;
  /** The first of them, modified then removed then added (at most 20). */
  files: string[];
  /** One line saying what is stale and what to run (empty when fresh). */
  message: string;
}

const LISTED = 20;

export function indexStaleness(project: Project): IndexStaleness {
  const drift = checkDrift(project.root, project.store.files());
  const total = drift.modified.length + drift.removed.length + drift.added.length;
  const parts = [
    drift.modified.length > 0 ? `${drift.modified.length} modified` : '',
    drift.removed.length > 0 ? `${drift.removed.length} removed` : '',
    drift.added.length > 0 ? `${drift.added.length} new` : '',
  ].filter((p) => p !== '');
  return {
    stale: total > 0,
    modified: drift.modified.length,
    removed: drift.removed.length,
    added: drift.added.length,
    files: [...drift.modified, ...drift.removed, ...drift.added].slice(0, LISTED),
    message: total === 0 ? '' : `the index is older than the working tree (${parts.join(', ')} file${total === 1 ? '' : 's'} since it was built): run \`arbor index\` first`,
  };
}
