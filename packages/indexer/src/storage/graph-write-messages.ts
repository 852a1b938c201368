/** What the main thread and the graph-writing thread say to each other (graph-write-thread.ts). */
import type { NodePortion } from './bulk-load.js';
import type { BuildSettings } from './graph-build.js';
import type { GraphWriteErrorCode } from './graph-write-error.js';
import type { GroupDigests } from './group-digests.js';
import type { PackedEdges, PackedFiles, PackedNodes, PackedUnresolved } from './row-packing.js';

/** Given to the thread when it starts. */
export interface GraphWriteStart {
  tempPath: string;
  target: string;
  settings: BuildSettings;
}

export type GraphWriteRequest =
  /** Nodes in portions, in the order they are stored; then `declared` without them. */
  | { type: 'nodes'; portion: NodePortion }
  | { type: 'declared'; nodes?: PackedNodes; files: PackedFiles }
  | { type: 'resolved'; edges: PackedEdges; unresolved: PackedUnresolved }
  | { type: 'finish'; metadata: Record<string, string> };

export type GraphWriteReply =
  /** The temp database is complete, closed and fsynced. */
  | { type: 'built'; metadataKeys: number; groupDigests?: GroupDigests }
  /** The build stopped; the temp database is closed (the main thread removes it). */
  | { type: 'failed'; code: GraphWriteErrorCode; message: string };
