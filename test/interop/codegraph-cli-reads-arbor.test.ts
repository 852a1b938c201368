/**
 * The real codegraph CLI (0.9.9 and 0.8.0) reads a database written by arbor's writeGraph and
 * answers status / query / callers from it. Always run on a copy: the CLI may write to it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGraph } from '../../packages/indexer/src/storage/graph-writer.js';
import { codegraphMissing, indexWithCodegraph, runCodegraphJson, type CodegraphRelease } from './codegraph-cli.js';
import { createTinyProject, makeTempDir, type TinyProject } from './tiny-project.js';

interface StatusJson {
  initialized: boolean;
  fileCount: number;
  nodeCount: number;
  edgeCount: number;
  nodesByKind: Record<string, number>;
  languages: string[];
  pendingChanges: { added: number; modified: number; removed: number };
}
interface QueryJson { node: { id: string; name: string; kind: string; filePath: string; startLine: number }; score: number }
interface CallersJson { symbol: string; callers: Array<{ name: string; kind: string; filePath: string; startLine: number }> }
interface CalleesJson { symbol: string; callees: Array<{ name: string; kind: string; filePath: string; startLine: number }> }

const RELEASES: CodegraphRelease[] = ['0.9.9', '0.8.0'];

let workDir: string;
let project: TinyProject;
let arborDb: string;

beforeAll(() => {
  workDir = makeTempDir('interop');
  project = createTinyProject(path.join(workDir, 'written-by-arbor'));
  arborDb = path.join(project.root, '.codegraph', 'codegraph.db');
  const stats = writeGraph(arborDb, project.graph());
  expect(stats.edges).toBe(5);
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** A copy of the whole project (sources keep their mtimes, which `status` compares). */
function copyProject(label: string): string {
  const copy = path.join(workDir, label);
  fs.cpSync(project.root, copy, { recursive: true, preserveTimestamps: true });
  return copy;
}

for (const release of RELEASES) {
  const missing = codegraphMissing(release);
  if (missing) console.warn(`[interop] skipping codegraph ${release}: ${missing}`);

  describe.skipIf(missing !== null)(`codegraph ${release} reads a graph written by arbor`, () => {
    let copy: string;

    beforeAll(() => {
      copy = copyProject(`copy-${release}`);
    });

    it('status: counts match and no file is reported changed', () => {
      const status = runCodegraphJson<StatusJson>(release, ['status', copy], copy);
      expect(status.initialized).toBe(true);
      expect(status.fileCount).toBe(2);
      expect(status.nodeCount).toBe(5);
      expect(status.edgeCount).toBe(5);
      expect(status.nodesByKind).toEqual({ file: 2, function: 2, import: 1 });
      expect(status.languages).toEqual(['typescript']);
      expect(status.pendingChanges).toEqual({ added: 0, modified: 0, removed: 0 });
    }, 60_000);

    it('status: notices a file edited after indexing (so it really compared hashes and sizes)', () => {
      const edited = copyProject(`edited-${release}`);
      fs.appendFileSync(path.join(edited, 'src/b.ts'), 'export const later = 1;\n');
      const status = runCodegraphJson<StatusJson>(release, ['status', edited], edited);
      expect(status.pendingChanges).toEqual({ added: 0, modified: 1, removed: 0 });
    }, 60_000);

    it('query helper: finds the declaration', () => {
      const results = runCodegraphJson<QueryJson[]>(release, ['query', 'helper', '-p', copy], copy);
      expect(results.length).toBeGreaterThan(0);
      expect(results[0].node).toMatchObject({ id: project.ids.helper, name: 'helper', kind: 'function', filePath: 'src/b.ts', startLine: 2 });
    }, 60_000);

    if (release === '0.9.9') {
      it('callers helper: lists main in a.ts', () => {
        const result = runCodegraphJson<CallersJson>(release, ['callers', 'helper', '-p', copy], copy);
        expect(result.callers).toEqual([{ name: 'main', kind: 'function', filePath: 'src/a.ts', startLine: 3 }]);
      }, 60_000);

      it('callees main: lists helper in b.ts', () => {
        const result = runCodegraphJson<CalleesJson>(release, ['callees', 'main', '-p', copy], copy);
        expect(result.callees).toEqual([{ name: 'helper', kind: 'function', filePath: 'src/b.ts', startLine: 2 }]);
      }, 60_000);
    }
  });
}

describe('node ids agree with the CLI', () => {
  const missing = codegraphMissing('0.9.9');

  it.skipIf(missing !== null)('codegraph 0.9.9 gives the same ids, names and spans to the same declarations', () => {
    const cliProject = createTinyProject(path.join(workDir, 'indexed-by-cli'));
    const read = (dbPath: string) => {
      const db = new Database(dbPath, { readonly: true });
      try {
        return db.prepare(`SELECT id, kind, name, qualified_name, file_path, start_line, end_line, start_column, end_column
          FROM nodes ORDER BY id`).all();
      } finally {
        db.close();
      }
    };
    expect(read(arborDb)).toEqual(read(indexWithCodegraph('0.9.9', cliProject.root)));
  }, 120_000);
});
