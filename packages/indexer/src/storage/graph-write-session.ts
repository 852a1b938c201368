/**
 * A graph write that takes the rows as they are produced: every node and file first, then edges
 * and unresolved refs in portions (resolution/graph-builder.ts `streamGraph`), then `finish`,
 * which moves the finished database into place. Rows are checked and packed as they come
 * (row-packing.ts), so the whole graph never exists as row objects at once.
 *
 * The database is built either here, between the caller's portions, or on a thread of its own
 * (graph-write-thread.ts) that overlaps the caller's resolution. The graph is the same either way.
 */
import { asWriteError, GraphBuild } from './graph-build.js';
import { GraphWriteThread } from './graph-write-thread.js';
import {
  buildSettings, discardTemp, prepareGraphWrite, publishGraph, type WriteGraphOptions, type WriteGraphStats,
} from './graph-writer.js';
import { keepDigests, type GroupDigests } from './group-digests.js';
import { RowPacker } from './row-packing.js';
import type { GraphWriteSession } from './graph-write-contract.js';
import type { EdgeRow, FileRow, NodeRow, UnresolvedRow } from './rows.js';

export type { GraphWriteSession } from './graph-write-contract.js';

/**
 * Prepares the database folder (failing as `writeGraph` does) and starts a write, on a thread
 * of its own or here.
 */
export function startGraphWrite(dbPath: string, options: WriteGraphOptions, onThread: boolean): GraphWriteSession {
  const { target, tempPath } = prepareGraphWrite(dbPath, options);
  return onThread ? new GraphWriteThread(target, tempPath, options) : new GraphWriteHere(target, tempPath, options);
}

/** Builds the database on the caller's thread, portion by portion. */
class GraphWriteHere implements GraphWriteSession {
  private readonly started = performance.now();
  private readonly packer: RowPacker;
  private build: GraphBuild | undefined;
  private done = false;
  private record: unknown;

  constructor(private readonly target: string, private readonly tempPath: string, private readonly options: WriteGraphOptions) {
    this.packer = new RowPacker(target);
  }

  declared(nodes: Iterable<NodeRow>, files: FileRow[]): void {
    const packedNodes = this.packer.nodes(nodes);
    const packedFiles = this.packer.files(files);
    this.step(() => {
      this.build = new GraphBuild(this.tempPath, this.target, buildSettings(this.options));
      this.build.declare(packedNodes, packedFiles);
    });
  }

  resolved(edges: EdgeRow[], unresolved: UnresolvedRow[]): void {
    const packedEdges = this.packer.edges(edges);
    const packedUnresolved = this.packer.unresolved(unresolved);
    this.step(() => this.current().addResolved(packedEdges, packedUnresolved));
  }

  keepRecord(record: unknown): void {
    this.record = record;
  }

  async finish(metadata: Record<string, string>): Promise<WriteGraphStats> {
    let built: { metadataKeys: number; groupDigests?: GroupDigests } = { metadataKeys: 0 };
    this.step(() => {
      built = this.current().finish(metadata);
      this.build = undefined;
    });
    this.done = true;
    const published = publishGraph(this.tempPath, this.target, this.options);
    keepDigests(this.target, built.groupDigests, this.record);
    return { ...this.packer.totals(), metadataKeys: built.metadataKeys, ...published, durationMs: Math.round(performance.now() - this.started) };
  }

  async abandon(): Promise<void> {
    if (this.done) return;
    this.done = true;
    this.build?.abandon();
    discardTemp(this.tempPath);
  }

  private current(): GraphBuild {
    if (!this.build) throw new Error('graph write: rows given before nodes and files were declared');
    return this.build;
  }

  /** Runs a database step; a failure closes the database, removes the temp file and says whose fault it was. */
  private step(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.build?.abandon();
      this.build = undefined;
      this.done = true;
      discardTemp(this.tempPath);
      throw asWriteError(error, this.target);
    }
  }
}
