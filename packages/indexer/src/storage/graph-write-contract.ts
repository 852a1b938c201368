/**
 * What a graph write offers its caller, wherever the database is built (graph-write-session.ts builds
 * it between the caller's portions, graph-write-thread.ts on a thread of its own). Its own module, so
 * that the two builders depend on it and not on each other.
 */
import type { WriteGraphStats } from './graph-writer.js';
import type { EdgeRow, FileRow, NodeRow, UnresolvedRow } from './rows.js';

export interface GraphWriteSession {
  /** Every node and file row, once, before any edge. A bad row throws here (INVALID_INPUT). */
  declared(nodes: Iterable<NodeRow>, files: FileRow[]): void;
  /** The next edges and unresolved refs, in the graph's order. A bad row throws here (INVALID_INPUT). */
  resolved(edges: EdgeRow[], unresolved: UnresolvedRow[]): void;
  /**
   * What this run's resolution gave per file (pipeline/resolution-reuse.ts), kept beside the graph for
   * the graph file `finish` leaves (storage/resolution-record.ts). Before `finish`; without it none is kept.
   */
  keepRecord(record: unknown): void;
  /** Stores the metadata, finishes the database and moves it into place. */
  finish(metadata: Record<string, string>): Promise<WriteGraphStats>;
  /** Drops the unfinished database (the previous graph stays). A no-op after `finish`. */
  abandon(): Promise<void>;
}
