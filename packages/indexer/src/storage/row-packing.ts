/**
 * Checks the caller's rows and packs them for the database build (bulk-load.ts): numbers in typed
 * arrays, texts that repeat (kinds, paths, languages, edge metadata) once in a shared text table,
 * node ids as ordinals. Everything that decides what is stored — duplicate ids and edges, edges
 * to missing nodes, the true node count per file — is decided here, so the build only inserts.
 *
 * Why packed: the build may run on another thread (graph-write-thread.ts), and copying row
 * objects between threads cost more than inserting them (vuejs/core: 130 ms to serialise its
 * rows, 150 ms to read them back). Typed arrays move for free and strings copy fast.
 *
 * A bad row is reported by name (`cannot store node X: …`) before anything of it is packed.
 */
import { EdgeIdentitySet } from './edge-identity-set.js';
import { GraphWriteError } from './graph-write-error.js';
import type { EdgeRow, FileRow, NodeRow, UnresolvedRow } from './rows.js';

/** New entries of the text table, in id order: every portion brings those it introduced. */
interface WithTexts {
  texts: string[];
}

/** Per node: kind, filePath, language, visibility (-1: none) as text ids, then flag bits. */
export const NODE_INTS = 5;
/** Per node: startLine, endLine, startColumn, endColumn. */
export const NODE_NUMS = 4;
/** Per node: id, name, qualifiedName, docstring, signature, decorators (JSON), typeParameters (JSON); null when absent. */
export const NODE_STRINGS = 7;
export const FLAG_EXPORTED = 1;
export const FLAG_ASYNC = 2;
export const FLAG_STATIC = 4;
export const FLAG_ABSTRACT = 8;

export interface PackedNodes extends WithTexts {
  count: number;
  ints: Int32Array;
  nums: Float64Array;
  strings: Array<string | null>;
}

/** Per file: path, contentHash, language, errors (JSON or null). */
export const FILE_STRINGS = 4;
/** Per file: size, modifiedAt, indexedAt, nodeCount. */
export const FILE_NUMS = 4;

export interface PackedFiles {
  count: number;
  strings: Array<string | null>;
  nums: Float64Array;
}

/** Per edge: source and target ordinals, kind, metadata (-1: none) and provenance (-1: none) as text ids. */
export const EDGE_INTS = 5;
/** Per edge: line, col (NaN: none). */
export const EDGE_NUMS = 2;

export interface PackedEdges extends WithTexts {
  count: number;
  ints: Int32Array;
  nums: Float64Array;
}

/** Per ref: from-node ordinal, referenceKind, filePath, language as text ids, and 1 when candidates follow the name in `strings`. */
export const UNRESOLVED_INTS = 5;
/** Per ref: line, col. */
export const UNRESOLVED_NUMS = 2;

export interface PackedUnresolved extends WithTexts {
  count: number;
  ints: Int32Array;
  nums: Float64Array;
  /** Per ref: its referenceName, then its candidates (JSON) when it has some. */
  strings: string[];
}

/** What the packer dropped and kept, counted per table. */
export interface PackingCounts {
  nodes: number;
  /** Nodes whose id was already given (the first one is kept). */
  duplicateNodes: number;
  edges: number;
  /** Written edges per kind. */
  edgesByKind: Record<string, number>;
  /** Edges equal to an earlier one in (source, target, kind, line, col). */
  duplicateEdges: number;
  /** Edges whose source or target is not a written node. */
  danglingEdges: number;
  files: number;
  /** Files whose path was already given (the first one is kept). */
  duplicateFiles: number;
  /** Files whose given `nodeCount` differed from the nodes actually written for that path. */
  correctedNodeCounts: number;
  unresolved: number;
  /** Unresolved refs whose `fromNodeId` is not a written node. */
  danglingUnresolved: number;
}

/**
 * At most this many candidate ids per unresolved site. A name declared N times and called from
 * N files would otherwise store N² ids (16,000 one-line files gave a 2.84 GB graph); a reader
 * shows a handful of candidates anyway. The first ones are kept (the resolver's order).
 */
export const MAX_STORED_CANDIDATES = 20;

const describeNode = (node: NodeRow) => `node ${String(node?.id)}`;
const describeEdge = (edge: EdgeRow) => `edge ${String(edge?.source)} -${String(edge?.kind)}-> ${String(edge?.target)}`;
const describeFile = (file: FileRow) => `file ${String(file?.path)}`;
const describeUnresolved = (ref: UnresolvedRow) => `unresolved ref ${String(ref?.referenceName)} from ${String(ref?.fromNodeId)}`;

/** Fields each row must carry. */
const NODE_REQUIRED_STRINGS: ReadonlyArray<keyof NodeRow & string> = ['id', 'kind', 'name', 'qualifiedName', 'filePath', 'language'];
const NODE_REQUIRED_NUMBERS: ReadonlyArray<keyof NodeRow & string> = ['startLine', 'endLine', 'startColumn', 'endColumn'];
const EDGE_REQUIRED_STRINGS: ReadonlyArray<keyof EdgeRow & string> = ['kind'];
const FILE_REQUIRED_STRINGS: ReadonlyArray<keyof FileRow & string> = ['path', 'contentHash', 'language'];
const FILE_REQUIRED_NUMBERS: ReadonlyArray<keyof FileRow & string> = ['size', 'modifiedAt', 'indexedAt'];
const UNRESOLVED_REQUIRED_STRINGS: ReadonlyArray<keyof UnresolvedRow & string> = ['referenceName', 'referenceKind', 'filePath', 'language'];
const UNRESOLVED_REQUIRED_NUMBERS: ReadonlyArray<keyof UnresolvedRow & string> = ['line', 'col'];

/** A growable typed array (portions' sizes are not known before their rows are read). */
class Grow<T extends Int32Array | Float64Array> {
  length = 0;
  constructor(public array: T) {}

  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = new (this.array.constructor as new (size: number) => T)(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }

  /** The filled part, in an array of its own (so it can be moved to another thread). */
  take(): T {
    return this.array.slice(0, this.length) as T;
  }
}

export class RowPacker {
  /** Node id → ordinal among the nodes kept (the first of each id). */
  private readonly ordinals = new Map<string, number>();
  private readonly countByFile = new Map<string, number>();
  private readonly textIds = new Map<string, number>();
  private newTexts: string[] = [];
  /** Edge metadata objects are shared among many edges (graph-builder.ts): each is serialised once. */
  private readonly metadataIds = new Map<object, number>();
  private readonly edgeIdentities = new EdgeIdentitySet();
  private readonly filePaths = new Set<string>();
  private nodesPacked = false;
  private readonly counts: PackingCounts = {
    nodes: 0, duplicateNodes: 0, edges: 0, edgesByKind: {}, duplicateEdges: 0, danglingEdges: 0,
    files: 0, duplicateFiles: 0, correctedNodeCounts: 0, unresolved: 0, danglingUnresolved: 0,
  };
  /** The row being packed and how to name it: the name is only built when the row is rejected. */
  private row: unknown;
  private describe: (row: unknown) => string = () => 'row';

  constructor(private readonly target: string) {}

  /** Every node, once, before any other row. */
  nodes(rows: Iterable<NodeRow>): PackedNodes {
    if (this.nodesPacked) throw new Error('RowPacker: nodes were already packed');
    this.nodesPacked = true;
    const ints = new Grow(new Int32Array(1024 * NODE_INTS));
    const nums = new Grow(new Float64Array(1024 * NODE_NUMS));
    const strings: Array<string | null> = [];
    this.startTable(describeNode);
    this.eachRow(rows, 'nodes', (node) => {
      this.requireStrings(node, NODE_REQUIRED_STRINGS);
      this.requireNumbers(node, NODE_REQUIRED_NUMBERS);
      if (this.ordinals.has(node.id)) {
        this.counts.duplicateNodes++;
        return;
      }
      const docstring = this.optionalText(node.docstring);
      const signature = this.optionalText(node.signature);
      const visibility = this.optionalText(node.visibility);
      const decorators = this.jsonArrayOrNull(node.decorators);
      const typeParameters = this.jsonArrayOrNull(node.typeParameters);
      this.ordinals.set(node.id, this.ordinals.size);
      this.countByFile.set(node.filePath, (this.countByFile.get(node.filePath) ?? 0) + 1);
      ints.push(this.text(node.kind));
      ints.push(this.text(node.filePath));
      ints.push(this.text(node.language));
      ints.push(visibility === null ? -1 : this.text(visibility));
      ints.push(
        (node.isExported ? FLAG_EXPORTED : 0) | (node.isAsync ? FLAG_ASYNC : 0)
        | (node.isStatic ? FLAG_STATIC : 0) | (node.isAbstract ? FLAG_ABSTRACT : 0),
      );
      nums.push(node.startLine);
      nums.push(node.endLine);
      nums.push(node.startColumn);
      nums.push(node.endColumn);
      strings.push(node.id, node.name, node.qualifiedName, docstring, signature, decorators, typeParameters);
    });
    this.counts.nodes = this.ordinals.size;
    return { count: this.ordinals.size, ints: ints.take(), nums: nums.take(), strings, texts: this.takeTexts() };
  }

  /** Every file, once, after the nodes (a file's stored node count is the nodes really there). */
  files(rows: Iterable<FileRow>): PackedFiles {
    this.requireNodes();
    const nums = new Grow(new Float64Array(256 * FILE_NUMS));
    const strings: Array<string | null> = [];
    this.startTable(describeFile);
    this.eachRow(rows, 'files', (file) => {
      this.requireStrings(file, FILE_REQUIRED_STRINGS);
      this.requireNumbers(file, FILE_REQUIRED_NUMBERS);
      if (this.filePaths.has(file.path)) {
        this.counts.duplicateFiles++;
        return;
      }
      this.filePaths.add(file.path);
      // The CLI's `status` and `files` trust node_count: store the count that is really there.
      const nodeCount = this.countByFile.get(file.path) ?? 0;
      if (nodeCount !== file.nodeCount) this.counts.correctedNodeCounts++;
      strings.push(file.path, file.contentHash, file.language,
        Array.isArray(file.errors) && file.errors.length > 0 ? JSON.stringify(file.errors) : null);
      nums.push(file.size);
      nums.push(file.modifiedAt);
      nums.push(file.indexedAt);
      nums.push(nodeCount);
    });
    this.counts.files = this.filePaths.size;
    return { count: strings.length / FILE_STRINGS, strings, nums: nums.take() };
  }

  /** The next edges, in the graph's order (after the nodes). */
  edges(rows: Iterable<EdgeRow>): PackedEdges {
    this.requireNodes();
    const ints = new Grow(new Int32Array(1024 * EDGE_INTS));
    const nums = new Grow(new Float64Array(1024 * EDGE_NUMS));
    let count = 0;
    this.startTable(describeEdge);
    this.eachRow(rows, 'edges', (edge) => {
      this.requireStrings(edge, EDGE_REQUIRED_STRINGS);
      const source = this.ordinals.get(edge.source);
      const target = this.ordinals.get(edge.target);
      if (source === undefined || target === undefined) {
        this.counts.danglingEdges++;
        return;
      }
      const line = this.optionalNumber(edge.line);
      const col = this.optionalNumber(edge.col);
      if (!this.edgeIdentities.add(source, target, edge.kind, line, col)) {
        this.counts.duplicateEdges++;
        return;
      }
      const provenance = this.optionalText(edge.provenance);
      ints.push(source);
      ints.push(target);
      ints.push(this.text(edge.kind));
      ints.push(edge.metadata ? this.metadataText(edge.metadata) : -1);
      ints.push(provenance === null ? -1 : this.text(provenance));
      nums.push(line ?? NaN);
      nums.push(col ?? NaN);
      count++;
      this.counts.edges++;
      this.counts.edgesByKind[edge.kind] = (this.counts.edgesByKind[edge.kind] ?? 0) + 1;
    });
    return { count, ints: ints.take(), nums: nums.take(), texts: this.takeTexts() };
  }

  /** The next unresolved refs, in the graph's order (after the nodes). */
  unresolved(rows: Iterable<UnresolvedRow>): PackedUnresolved {
    this.requireNodes();
    const ints = new Grow(new Int32Array(1024 * UNRESOLVED_INTS));
    const nums = new Grow(new Float64Array(1024 * UNRESOLVED_NUMS));
    const strings: string[] = [];
    let count = 0;
    this.startTable(describeUnresolved);
    this.eachRow(rows, 'unresolved', (ref) => {
      this.requireStrings(ref, UNRESOLVED_REQUIRED_STRINGS);
      this.requireNumbers(ref, UNRESOLVED_REQUIRED_NUMBERS);
      const from = this.ordinals.get(ref.fromNodeId);
      if (from === undefined) {
        this.counts.danglingUnresolved++;
        return;
      }
      const candidates = this.candidateList(ref.candidates);
      ints.push(from);
      ints.push(this.text(ref.referenceKind));
      ints.push(this.text(ref.filePath));
      ints.push(this.text(ref.language));
      ints.push(candidates === null ? 0 : 1);
      nums.push(ref.line);
      nums.push(ref.col);
      strings.push(ref.referenceName);
      if (candidates !== null) strings.push(candidates);
      count++;
      this.counts.unresolved++;
    });
    return { count, ints: ints.take(), nums: nums.take(), strings, texts: this.takeTexts() };
  }

  /** What was kept and dropped so far. */
  totals(): PackingCounts {
    return { ...this.counts, edgesByKind: { ...this.counts.edgesByKind } };
  }

  private requireNodes(): void {
    if (!this.nodesPacked) throw new Error('RowPacker: rows given before the nodes');
  }

  private text(value: string): number {
    let id = this.textIds.get(value);
    if (id === undefined) {
      id = this.textIds.size;
      this.textIds.set(value, id);
      this.newTexts.push(value);
    }
    return id;
  }

  private metadataText(metadata: object): number {
    let id = this.metadataIds.get(metadata);
    if (id === undefined) {
      id = this.text(JSON.stringify(metadata));
      this.metadataIds.set(metadata, id);
    }
    return id;
  }

  private takeTexts(): string[] {
    const texts = this.newTexts;
    this.newTexts = [];
    return texts;
  }

  private startTable<T>(describe: (row: T) => string): void {
    this.describe = describe as (row: unknown) => string;
  }

  private invalid(problem: string): GraphWriteError {
    let name: string;
    try {
      name = this.describe(this.row);
    } catch {
      name = 'row';
    }
    return new GraphWriteError('INVALID_INPUT', `cannot store ${name}: ${problem}`, this.target);
  }

  /** Iterates a caller's rows, reporting a throwing iterable as bad input rather than a database failure. */
  private eachRow<T>(rows: Iterable<T>, table: string, handle: (row: T) => void): void {
    let iterator: Iterator<T>;
    try {
      iterator = rows[Symbol.iterator]();
    } catch (cause) {
      throw new GraphWriteError('INVALID_INPUT', `${table} rows are not iterable: ${messageOf(cause)}`, this.target, { cause });
    }
    let closed = false;
    try {
      for (;;) {
        let step: IteratorResult<T>;
        try {
          step = iterator.next();
        } catch (cause) {
          closed = true; // an iterator that threw is already done
          throw new GraphWriteError('INVALID_INPUT', `reading ${table} rows failed: ${messageOf(cause)}`, this.target, { cause });
        }
        if (step.done) {
          closed = true;
          return;
        }
        this.row = step.value;
        handle(step.value);
      }
    } finally {
      if (!closed) {
        try {
          iterator.return?.();
        } catch { /* the error that got us here matters more */ }
      }
    }
  }

  private requireStrings<T>(row: T, keys: ReadonlyArray<keyof T & string>): void {
    if (row === null || typeof row !== 'object') throw this.invalid('not an object');
    for (const key of keys) {
      if (typeof row[key] !== 'string') throw this.invalid(`${key} must be a string`);
    }
  }

  private requireNumbers<T>(row: T, keys: ReadonlyArray<keyof T & string>): void {
    for (const key of keys) {
      if (!Number.isFinite(row[key])) throw this.invalid(`${key} must be a finite number`);
    }
  }

  private optionalNumber(value: unknown): number | null {
    if (value === undefined || value === null) return null;
    if (!Number.isFinite(value)) throw this.invalid('line/col must be finite numbers');
    return value as number;
  }

  private optionalText(value: unknown): string | null {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') throw this.invalid(`expected a string, got ${typeof value}`);
    return value;
  }

  private candidateList(value: unknown): string | null {
    if (Array.isArray(value) && value.length > MAX_STORED_CANDIDATES) return JSON.stringify(value.slice(0, MAX_STORED_CANDIDATES));
    return this.jsonArrayOrNull(value);
  }

  private jsonArrayOrNull(value: unknown): string | null {
    if (value === undefined || value === null) return null;
    if (!Array.isArray(value)) throw this.invalid('expected an array');
    return JSON.stringify(value);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
