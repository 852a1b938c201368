/**
 * Inserts packed rows (row-packing.ts) into the v4 tables of a database under construction. The
 * rows were checked and de-duplicated when they were packed, so this only turns text ids and
 * ordinals back into values and hands them to SQLite in multi-row batches.
 */
import type { Database } from 'better-sqlite3';
import { BatchInsert, type SqlValue } from './batch-insert.js';
import {
  EDGE_INTS, EDGE_NUMS, FILE_NUMS, FILE_STRINGS, FLAG_ABSTRACT, FLAG_ASYNC, FLAG_EXPORTED, FLAG_STATIC,
  NODE_INTS, NODE_NUMS, NODE_STRINGS, UNRESOLVED_INTS, UNRESOLVED_NUMS,
  type PackedEdges, type PackedFiles, type PackedNodes, type PackedUnresolved,
} from './row-packing.js';

export const NODE_COLUMNS = [
  'id', 'kind', 'name', 'qualified_name', 'file_path', 'language', 'start_line', 'end_line', 'start_column',
  'end_column', 'docstring', 'signature', 'visibility', 'is_exported', 'is_async', 'is_static', 'is_abstract',
  'decorators', 'type_parameters', 'updated_at',
] as const;
export const EDGE_COLUMNS = ['source', 'target', 'kind', 'metadata', 'line', 'col', 'provenance'] as const;
export const FILE_COLUMNS = ['path', 'content_hash', 'language', 'size', 'modified_at', 'indexed_at', 'node_count', 'errors'] as const;
export const UNRESOLVED_COLUMNS = [
  'from_node_id', 'reference_name', 'reference_kind', 'line', 'col', 'candidates', 'file_path', 'language',
] as const;

/** Takes rows one at a time: a row's values pushed onto `values`, then `endRow()`; `finish()` after the last. */
export interface RowSink {
  readonly values: SqlValue[];
  endRow(): void;
  finish(): void;
}

export class PackedRowLoader {
  /** The packer's text table, rebuilt from the texts each portion introduces. */
  private readonly texts: string[] = [];
  /** Node id by ordinal. */
  private ids: string[] = [];
  private nodeInsert: RowSink | undefined;
  private edgeInsert: RowSink | undefined;
  private unresolvedInsert: RowSink | undefined;

  /**
   * `sinkFor`: where each table's rows go; by default multi-row INSERTs into `db`. An in-place update
   * (graph-update-in-place.ts) compares them with the rows the graph holds instead.
   */
  constructor(
    db: Database,
    private readonly sinkFor: (table: string, columns: readonly string[]) => RowSink = (table, columns) => new BatchInsert(db, table, columns),
  ) {}

  /**
   * Nodes are stored in id order. `nodes.id` is the primary key, so SQLite keeps an index on it
   * while rows go in; ids are hashes, so in any other order each insert lands on a random page of
   * that index (on 266k nodes: 2.8 s, against 1.0 s in id order). Readers never rely on rowid order.
   */
  nodes(packed: PackedNodes, now: number): void {
    this.learn(packed.texts);
    const { count, strings } = packed;
    const ids: string[] = new Array(count);
    for (let i = 0; i < count; i++) ids[i] = strings[i * NODE_STRINGS] as string;
    this.ids = ids;
    const insert = this.sinkFor('nodes', NODE_COLUMNS);
    for (const i of idOrder(packed)) this.pushNode(insert, packed, i, now);
    insert.finish();
  }

  /**
   * The next portion of every node, already in id order (`nodePortions`), so that the rows go in as
   * they come and no portion is held after; `nodesDone()` after the last. The same rows in the same
   * order as `nodes` gives them.
   */
  nodePortion(portion: NodePortion, now: number): void {
    this.learn(portion.texts);
    if (this.nodeInsert === undefined) {
      this.nodeInsert = this.sinkFor('nodes', NODE_COLUMNS);
      this.ids = new Array(portion.total);
    }
    const { ids, nodeInsert } = this;
    for (let i = 0; i < portion.count; i++) {
      ids[portion.ordinals[i]] = portion.strings[i * NODE_STRINGS] as string;
      this.pushNode(nodeInsert, portion, i, now);
    }
  }

  /** Writes the node rows of the portions still buffered. */
  nodesDone(): void {
    this.nodeInsert?.finish();
  }

  private pushNode(insert: RowSink, table: Pick<PackedNodes, 'ints' | 'nums' | 'strings'>, i: number, now: number): void {
    const { ints, nums, strings } = table;
    const { texts } = this;
    const int = i * NODE_INTS;
    const num = i * NODE_NUMS;
    const str = i * NODE_STRINGS;
    const flags = ints[int + 4];
    insert.values.push(
      strings[str], texts[ints[int]], strings[str + 1], strings[str + 2], texts[ints[int + 1]], texts[ints[int + 2]],
      nums[num], nums[num + 1], nums[num + 2], nums[num + 3],
      strings[str + 3], strings[str + 4], textOrNull(texts, ints[int + 3]),
      flag(flags & FLAG_EXPORTED), flag(flags & FLAG_ASYNC), flag(flags & FLAG_STATIC), flag(flags & FLAG_ABSTRACT),
      strings[str + 5], strings[str + 6], now,
    );
    insert.endRow();
  }

  files(packed: PackedFiles): void {
    const insert = this.sinkFor('files', FILE_COLUMNS);
    const { strings, nums } = packed;
    for (let i = 0; i < packed.count; i++) {
      const str = i * FILE_STRINGS;
      const num = i * FILE_NUMS;
      insert.values.push(
        strings[str], strings[str + 1], strings[str + 2], nums[num], nums[num + 1], nums[num + 2], nums[num + 3], strings[str + 3],
      );
      insert.endRow();
    }
    insert.finish();
  }

  /** A portion of edges; batches run on across portions, so how the rows were portioned does not show. */
  edges(packed: PackedEdges): void {
    this.learn(packed.texts);
    const insert = (this.edgeInsert ??= this.sinkFor('edges', EDGE_COLUMNS));
    const { ints, nums } = packed;
    const { texts, ids } = this;
    for (let i = 0; i < packed.count; i++) {
      const int = i * EDGE_INTS;
      const num = i * EDGE_NUMS;
      insert.values.push(
        ids[ints[int]], ids[ints[int + 1]], texts[ints[int + 2]], textOrNull(texts, ints[int + 3]),
        numberOrNull(nums[num]), numberOrNull(nums[num + 1]), textOrNull(texts, ints[int + 4]),
      );
      insert.endRow();
    }
  }

  /** A portion of unresolved refs. */
  unresolved(packed: PackedUnresolved): void {
    this.learn(packed.texts);
    const insert = (this.unresolvedInsert ??= this.sinkFor('unresolved_refs', UNRESOLVED_COLUMNS));
    const { ints, nums, strings } = packed;
    const { texts, ids } = this;
    let next = 0;
    for (let i = 0; i < packed.count; i++) {
      const int = i * UNRESOLVED_INTS;
      const num = i * UNRESOLVED_NUMS;
      const name = strings[next++];
      const candidates = ints[int + 4] === 1 ? strings[next++] : null;
      insert.values.push(
        ids[ints[int]], name, texts[ints[int + 1]], nums[num], nums[num + 1], candidates, texts[ints[int + 2]], texts[ints[int + 3]],
      );
      insert.endRow();
    }
  }

  /** Writes the edge and unresolved rows still buffered. */
  finish(): void {
    this.edgeInsert?.finish();
    this.unresolvedInsert?.finish();
  }

  private learn(texts: string[]): void {
    for (const text of texts) this.texts.push(text);
  }
}

/**
 * Some of a packed node table's rows, in id order: `ordinals` gives each row's ordinal in the table (what
 * edges name), `total` the table's size. The first portion carries the table's texts.
 */
export interface NodePortion extends Pick<PackedNodes, 'ints' | 'nums' | 'strings' | 'texts' | 'count'> {
  total: number;
  ordinals: Int32Array;
}

/** The order nodes are stored in: their ordinals sorted by id. */
function idOrder(packed: PackedNodes): number[] {
  const { count, strings } = packed;
  const order = Array.from({ length: count }, (_, i) => i);
  const idOf = (i: number) => strings[i * NODE_STRINGS] as string;
  order.sort((a, b) => {
    const x = idOf(a);
    const y = idOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return order;
}

/**
 * A packed node table cut into portions of at most `size` rows in the order they are stored (id order),
 * one at a time: a thread that builds the graph then holds one portion's texts, not every node's.
 */
export function* nodePortions(packed: PackedNodes, size: number): Generator<NodePortion> {
  const order = idOrder(packed);
  for (let start = 0; start < order.length || start === 0; start += size) {
    const count = Math.min(size, order.length - start);
    const ints = new Int32Array(count * NODE_INTS);
    const nums = new Float64Array(count * NODE_NUMS);
    const strings: Array<string | null> = new Array(count * NODE_STRINGS);
    const ordinals = new Int32Array(count);
    for (let k = 0; k < count; k++) {
      const i = order[start + k];
      ordinals[k] = i;
      ints.set(packed.ints.subarray(i * NODE_INTS, (i + 1) * NODE_INTS), k * NODE_INTS);
      nums.set(packed.nums.subarray(i * NODE_NUMS, (i + 1) * NODE_NUMS), k * NODE_NUMS);
      for (let f = 0; f < NODE_STRINGS; f++) strings[k * NODE_STRINGS + f] = packed.strings[i * NODE_STRINGS + f];
    }
    yield { count, total: packed.count, ordinals, ints, nums, strings, texts: start === 0 ? packed.texts : [] };
    if (order.length === 0) break;
  }
}

function textOrNull(texts: string[], id: number): string | null {
  return id < 0 ? null : texts[id];
}

function numberOrNull(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}

function flag(bit: number): SqlValue {
  return bit === 0 ? 0 : 1;
}
