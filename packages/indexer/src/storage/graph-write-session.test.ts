// A streamed graph write gives the graph `writeGraph` gives, byte for byte whether the database is
// built here or on a thread, and fails as `writeGraph` fails: bad rows named, the previous graph kept,
// no temp file left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dumpGraph } from '../test-support/graph-dump.js';
import { GraphWriteError } from './graph-write-error.js';
import { startGraphWrite, type GraphWriteSession } from './graph-write-session.js';
import { writeGraph } from './graph-writer.js';
import { declarationNodeId, fileNodeId } from './node-id.js';
import type { EdgeRow, FileRow, NodeRow, UnresolvedRow } from './rows.js';

const NOW = 1_700_000_000_000;
let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-write-session-'));
  dbPath = path.join(dir, '.codegraph', 'codegraph.db');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Graph {
  nodes: NodeRow[];
  files: FileRow[];
  /** Edges and unresolved refs in the portions a resolver would hand over. */
  portions: Array<{ edges: EdgeRow[]; unresolved: UnresolvedRow[] }>;
}

/**
 * `fileCount` files of `perFile` functions each; each function calls the next one in its file and
 * the first function of the next file, and leaves one site unresolved. A duplicate node, a
 * duplicate edge and a dangling edge and ref are mixed in, as they come from a careless caller.
 */
function sampleGraph(label: string, fileCount = 6, perFile = 30): Graph {
  const nodes: NodeRow[] = [];
  const files: FileRow[] = [];
  const contains: EdgeRow[] = [];
  const functionsOf: NodeRow[][] = [];
  for (let f = 0; f < fileCount; f++) {
    const file = `src/${label}${f}.ts`;
    nodes.push({
      id: fileNodeId(file), kind: 'file', name: `${label}${f}.ts`, qualifiedName: file, filePath: file,
      language: 'typescript', startLine: 1, endLine: perFile * 3, startColumn: 0, endColumn: 0,
    });
    const functions = Array.from({ length: perFile }, (_, i): NodeRow => ({
      id: declarationNodeId(file, 'function', `${label}${f}_${i}`, i * 3 + 1), kind: 'function', name: `${label}${f}_${i}`,
      qualifiedName: `${label}${f}_${i}`, filePath: file, language: 'typescript', startLine: i * 3 + 1, endLine: i * 3 + 3,
      startColumn: 0, endColumn: 1, signature: '(): void', isExported: i % 2 === 0, decorators: i % 5 === 0 ? ['@memo'] : undefined,
    }));
    nodes.push(...functions);
    functionsOf.push(functions);
    for (const fn of functions) contains.push({ source: fileNodeId(file), target: fn.id, kind: 'contains' });
    files.push({
      path: file, contentHash: 'cd'.repeat(32), language: 'typescript', size: 10 * perFile, modifiedAt: NOW - 1000.5,
      indexedAt: NOW, nodeCount: perFile + 1, errors: [],
    });
  }
  nodes.push({ ...nodes[1] }); // the same id again: the first one is kept
  const portions: Graph['portions'] = [{ edges: contains, unresolved: [] }];
  const metadata = { resolvedBy: 'import', confidence: 0.9 };
  functionsOf.forEach((functions, f) => {
    const edges: EdgeRow[] = [];
    const unresolved: UnresolvedRow[] = [];
    functions.forEach((fn, i) => {
      const next = functions[i + 1] ?? functionsOf[(f + 1) % fileCount][0];
      edges.push({ source: fn.id, target: next.id, kind: 'calls', line: fn.startLine + 1, col: 2, metadata, provenance: 'tree-sitter' });
      unresolved.push({
        fromNodeId: fn.id, referenceName: `missing${i}`, referenceKind: 'calls', line: fn.startLine + 1, col: 8,
        candidates: i % 3 === 0 ? [next.id] : undefined, filePath: fn.filePath, language: 'typescript',
      });
    });
    edges.push({ ...edges[0] }); // a duplicate edge
    edges.push({ source: functions[0].id, target: 'function:nowhere', kind: 'calls', line: 1, col: 0 });
    unresolved.push({ ...unresolved[0], fromNodeId: 'function:nowhere' });
    portions.push({ edges, unresolved });
  });
  return { nodes, files, portions };
}

async function stream(graph: Graph, onThread: boolean, file = dbPath) {
  const session = startGraphWrite(file, { now: NOW }, onThread);
  session.declared(graph.nodes, graph.files);
  for (const { edges, unresolved } of graph.portions) session.resolved(edges, unresolved);
  return session.finish({ note: 'streamed' });
}

function whole(graph: Graph, file = dbPath) {
  return writeGraph(file, {
    nodes: graph.nodes,
    files: graph.files,
    edges: graph.portions.flatMap((p) => p.edges),
    unresolved: graph.portions.flatMap((p) => p.unresolved),
    metadata: { note: 'streamed' },
  }, { now: NOW });
}

function leftovers(): string[] {
  return fs.readdirSync(path.dirname(dbPath)).filter((name) => name.includes('.tmp-'));
}

async function expectRejected(run: () => Promise<unknown>, code: GraphWriteError['code']): Promise<GraphWriteError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphWriteError);
    expect((error as GraphWriteError).code).toBe(code);
    return error as GraphWriteError;
  }
  throw new Error(`expected a GraphWriteError ${code}`);
}

describe('a streamed graph write', () => {
  it('stores what writeGraph stores, and the same bytes here and on a thread', async () => {
    const graph = sampleGraph('g');
    const wholeStats = whole(graph, path.join(dir, 'whole', 'codegraph.db'));
    const here = await stream(graph, false);
    const hereBytes = fs.readFileSync(dbPath);
    const onThread = await stream(graph, true);
    expect(fs.readFileSync(dbPath).equals(hereBytes)).toBe(true);
    expect(dumpGraph(dbPath)).toBe(dumpGraph(path.join(dir, 'whole', 'codegraph.db')));

    const counts = ({ durationMs, replacedExisting, ...rest }: typeof here) => rest;
    expect(counts(onThread)).toEqual(counts(here));
    expect(counts(here)).toEqual(counts(wholeStats));
    expect(here).toMatchObject({
      nodes: 6 * 31, duplicateNodes: 1, edges: 6 * 30 + 6 * 30, duplicateEdges: 6, danglingEdges: 6,
      unresolved: 6 * 30, danglingUnresolved: 6, files: 6, correctedNodeCounts: 0,
      edgesByKind: { calls: 180, contains: 180 },
    });
    expect(onThread.replacedExisting).toBe(true);
    expect(leftovers()).toEqual([]);
  });


  it('gives the same bytes on a thread when the nodes go to it in several portions', async () => {
    // 16,441 nodes: more than one portion of node rows on their way to the thread (graph-write-thread.ts), and edges between them.
    const graph = sampleGraph('p', 41, 400);
    await stream(graph, false);
    const hereBytes = fs.readFileSync(dbPath);
    const onThread = await stream(graph, true);
    expect(onThread.nodes).toBe(41 * 401);
    expect(fs.readFileSync(dbPath).equals(hereBytes)).toBe(true);
  }, 180_000);
  for (const onThread of [false, true]) {
    const where = onThread ? 'on a thread' : 'here';

    it(`${where}: names a bad row when it is handed over, and abandoning keeps the previous graph`, async () => {
      await stream(sampleGraph('old'), onThread);
      const before = fs.readFileSync(dbPath);
      const graph = sampleGraph('new');
      const session = startGraphWrite(dbPath, { now: NOW }, onThread);
      session.declared(graph.nodes, graph.files);
      const broken = { ...graph.portions[1].edges[0], kind: 42 } as unknown as EdgeRow;
      let error: unknown;
      try {
        session.resolved([broken], []);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(GraphWriteError);
      expect((error as GraphWriteError).code).toBe('INVALID_INPUT');
      expect((error as GraphWriteError).message).toContain(graph.portions[1].edges[0].source);
      await session.abandon();
      expect(fs.readFileSync(dbPath).equals(before)).toBe(true);
      expect(leftovers()).toEqual([]);
    });

    it(`${where}: a database that cannot be built fails the write with DATABASE_ERROR and keeps the previous graph`, async () => {
      await stream(sampleGraph('old'), onThread);
      const before = fs.readFileSync(dbPath);
      // NaN cannot be stored in a NOT NULL timestamp column: SQLite itself refuses the build.
      let session: GraphWriteSession | undefined;
      const graph = sampleGraph('new');
      await expectRejected(async () => {
        session = startGraphWrite(dbPath, { now: Number.NaN }, onThread);
        session.declared(graph.nodes, graph.files);
        for (const { edges, unresolved } of graph.portions) session.resolved(edges, unresolved);
        await session.finish({});
      }, 'DATABASE_ERROR');
      await session?.abandon();
      expect(fs.readFileSync(dbPath).equals(before)).toBe(true);
      expect(leftovers()).toEqual([]);
    });

    it(`${where}: abandoned half-way, leaves the previous graph and no temp file`, async () => {
      await stream(sampleGraph('old'), onThread);
      const before = fs.readFileSync(dbPath);
      const graph = sampleGraph('new');
      const session = startGraphWrite(dbPath, { now: NOW }, onThread);
      session.declared(graph.nodes, graph.files);
      session.resolved(graph.portions[0].edges, graph.portions[0].unresolved);
      await session.abandon();
      await session.abandon();
      expect(fs.readFileSync(dbPath).equals(before)).toBe(true);
      expect(leftovers()).toEqual([]);
    });
  }
});
