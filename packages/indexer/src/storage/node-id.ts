/**
 * Node ids of the codegraph v4 format (spec: "Node ids"). Stable across runs and identical to
 * the ids the codegraph CLI gives the same declaration, so graphs from both tools line up.
 */
import { sha256Hex } from '@arbor/vocabulary';
import type { NodeKind } from '../model/graph-vocabulary.js';

/** `file:<path>` — the path relative to the project root, forward slashes. */
export function fileNodeId(path: string): string {
  return `file:${path}`;
}

/**
 * `<kind>:` + the first 32 hex characters of sha256(`<path>:<kind>:<name>:<startLine>`).
 * Two declarations with the same path, kind, name and start line get the same id; the
 * caller must not emit both.
 */
export function declarationNodeId(path: string, kind: NodeKind, name: string, startLine: number): string {
  if (kind === 'file') {
    // The hash scheme would silently produce an id no reader looks up for a file.
    throw new TypeError('declarationNodeId: use fileNodeId for file nodes');
  }
  if (!Number.isInteger(startLine) || startLine < 1) {
    throw new RangeError(`declarationNodeId: startLine must be a 1-based integer, got ${startLine}`);
  }
  const digest = sha256Hex(`${path}:${kind}:${name}:${startLine}`);
  return `${kind}:${digest.slice(0, 32)}`;
}
