/**
 * A two-file TypeScript project on disk plus hand-built graph rows that describe it the way
 * the codegraph CLI does (same ids, lines, columns and conventions): `a.ts`'s `main` calls
 * `helper` from `b.ts`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { declarationNodeId, fileNodeId } from '../../packages/indexer/src/storage/node-id.js';
import type { EdgeRow, FileRow, GraphToWrite, NodeRow } from '../../packages/indexer/src/storage/rows.js';

export const A_SOURCE = `import { helper } from './b';

export function main(): number {
  return helper(2);
}
`;

export const B_SOURCE = `/** Doubles a number. */
export function helper(n: number): number {
  return n * 2;
}
`;

export interface TinyProject {
  root: string;
  ids: { fileA: string; fileB: string; importB: string; main: string; helper: string };
  graph: () => GraphToWrite;
}

export function makeTempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `arbor-${label}-`));
}

/** Writes the sources under `<root>/src` and returns rows that match them. */
export function createTinyProject(root: string = makeTempDir('tiny')): TinyProject {
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src/a.ts'), A_SOURCE);
  fs.writeFileSync(path.join(root, 'src/b.ts'), B_SOURCE);

  const ids = {
    fileA: fileNodeId('src/a.ts'),
    fileB: fileNodeId('src/b.ts'),
    importB: declarationNodeId('src/a.ts', 'import', './b', 1),
    main: declarationNodeId('src/a.ts', 'function', 'main', 3),
    helper: declarationNodeId('src/b.ts', 'function', 'helper', 2),
  };

  const graph = (): GraphToWrite => {
    const nodes: NodeRow[] = [
      fileNode('src/a.ts', A_SOURCE),
      {
        id: ids.importB, kind: 'import', name: './b', qualifiedName: './b', filePath: 'src/a.ts', language: 'typescript',
        startLine: 1, endLine: 1, startColumn: 0, endColumn: 29, signature: "import { helper } from './b';",
      },
      {
        id: ids.main, kind: 'function', name: 'main', qualifiedName: 'main', filePath: 'src/a.ts', language: 'typescript',
        startLine: 3, endLine: 5, startColumn: 7, endColumn: 1, signature: '(): number', isExported: true,
      },
      fileNode('src/b.ts', B_SOURCE),
      {
        id: ids.helper, kind: 'function', name: 'helper', qualifiedName: 'helper', filePath: 'src/b.ts', language: 'typescript',
        startLine: 2, endLine: 4, startColumn: 7, endColumn: 1, signature: '(n: number): number', isExported: true,
        docstring: 'Doubles a number.',
      },
    ];
    const edges: EdgeRow[] = [
      { source: ids.fileA, target: ids.importB, kind: 'contains' },
      { source: ids.fileA, target: ids.main, kind: 'contains' },
      { source: ids.fileB, target: ids.helper, kind: 'contains' },
      { source: ids.fileA, target: ids.importB, kind: 'imports', line: 1, col: 0, metadata: { confidence: 1, resolvedBy: 'module-import' } },
      { source: ids.main, target: ids.helper, kind: 'calls', line: 4, col: 9, metadata: { confidence: 1, resolvedBy: 'import' }, provenance: 'tree-sitter' },
    ];
    const files: FileRow[] = [fileRow(root, 'src/a.ts', 3), fileRow(root, 'src/b.ts', 2)];
    return { nodes, edges, files, unresolved: [], metadata: {} };
  };

  return { root, ids, graph };
}

function fileNode(filePath: string, source: string): NodeRow {
  return {
    id: fileNodeId(filePath), kind: 'file', name: path.posix.basename(filePath), qualifiedName: filePath, filePath,
    language: 'typescript', startLine: 1, endLine: source.split('\n').length, startColumn: 0, endColumn: 0,
  };
}

function fileRow(root: string, filePath: string, nodeCount: number): FileRow {
  const absolute = path.join(root, filePath);
  const bytes = fs.readFileSync(absolute);
  const stats = fs.statSync(absolute);
  return {
    path: filePath,
    contentHash: createHash('sha256').update(bytes).digest('hex'),
    language: 'typescript',
    size: stats.size,
    modifiedAt: stats.mtimeMs,
    indexedAt: Date.now(),
    nodeCount,
    errors: [],
  };
}
