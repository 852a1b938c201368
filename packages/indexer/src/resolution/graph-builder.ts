/**
 * The global pass: turns every file's extraction into the rows of the graph — nodes with
 * stable ids, `contains` and `imports` edges, and reference edges resolved by ReferenceResolver.
 * Sites that resolve to nothing become `unresolved_refs` rows.
 */
import { posix } from 'node:path';
import type { FileExtraction, ReferenceSite } from '../model/extraction.js';
import type { ResolutionLanguage } from '../model/language-support.js';
import { declarationNodeId, fileNodeId } from '../storage/node-id.js';
import type { EdgeRow, FileRow, NodeRow, UnresolvedRow } from '../storage/rows.js';
import type { HookFailure } from './hook-failures.js';
import { ReferenceResolver } from './reference-resolver.js';
import { CONFIDENCE, RESOLVED_BY, type ResolvedBy, type UnresolvedReason } from './resolved-by.js';
import { UniqueNameIndex } from './unique-name-index.js';
import { WorkspaceSymbols } from './workspace-symbols.js';

export interface IndexedFile {
  extraction: FileExtraction;
  contentHash: string;
  size: number;
  modifiedAt: number;
}

export interface ResolutionStats {
  resolvedBy: Partial<Record<ResolvedBy, number>>;
  unresolvedByReason: Partial<Record<UnresolvedReason, number>>;
  unresolvedCount: number;
  unresolvedLikelyInternalCount: number;
  /** Import-resolver hooks that threw (their lookups found nothing), per language and hook. */
  hookFailures: HookFailure[];
}

/**
 * Where a streamed graph's rows go. The builder keeps none of the rows it hands over, so a
 * writer on another thread can store them while the rest are still being resolved.
 */
export interface GraphRowSink {
  /** Every node and file row, once, before any edge. */
  declared(nodes: NodeRow[], files: FileRow[]): void;
  /** The next edges and unresolved refs, in the graph's order: the `contains` edges first, then file by file. */
  resolved(edges: EdgeRow[], unresolved: UnresolvedRow[]): void;
}

/** Reference rows are handed over once at least this many have gathered (after the file that passed it). */
const ROWS_PER_PORTION = 8192;

/**
 * `releaseResolved`: the caller holds the extractions for this pass only, so what no later file's
 * resolution reads goes as soon as it has been used (see releaseResolvedFile).
 */
export function streamGraph(
  indexed: IndexedFile[],
  languageOf: (file: FileExtraction) => ResolutionLanguage | undefined,
  sink: GraphRowSink,
  now: number = Date.now(),
  releaseResolved = false,
): ResolutionStats {
  const byPath = new Map<string, FileExtraction>();
  for (const f of indexed) byPath.set(f.extraction.path, f.extraction);

  const stats: ResolutionStats = {
    resolvedBy: {},
    unresolvedByReason: {},
    unresolvedCount: 0,
    unresolvedLikelyInternalCount: 0,
    hookFailures: [],
  };
  let edges: EdgeRow[] = [];
  let unresolved: UnresolvedRow[] = [];
  const handOver = () => {
    sink.resolved(edges, unresolved);
    edges = [];
    unresolved = [];
  };

  // Node ids first: every edge refers to them. The node and file rows are the sink's from here on.
  const nodeIds = declareFiles(indexed, now, sink, edges);
  handOver();

  const symbols = new WorkspaceSymbols(byPath, languageOf);
  const uniqueNames = new UniqueNameIndex();
  for (const file of byPath.values()) {
    const language = languageOf(file);
    uniqueNames.add(language?.family ?? file.language, file, language?.binding.fileLocal);
  }
  const resolver = new ReferenceResolver(symbols, uniqueNames, languageOf);
  const idOf = (path: string, localId: number) => nodeIds.get(path)![localId];
  // A specifier lands on one file, or on every file of a package (a package that is a set of files): the importer depends on each.
  const importedFiles = (file: FileExtraction, specifier: string): readonly string[] => {
    const target = symbols.resolveSpecifier(file.path, specifier);
    if (target !== null) return [target];
    const key = languageOf(file)?.modules.packages?.importedPackage?.(file.path, specifier) ?? null;
    return key === null ? [] : symbols.packageFiles(key);
  };

  for (const file of byPath.values()) {
    const fileId = fileNodeId(file.path);

    // Module imports, and re-exports (`export * from`, `export { a } from`): the file depends on the module either way.
    const dependencies: Array<{ specifier: string; line: number; column: number; files?: readonly string[] }> = [
      ...file.imports.map((s) => ({ specifier: s.specifier, line: s.line, column: s.column })),
      ...file.exports.flatMap((s) => (s.specifier === null ? [] : [{ specifier: s.specifier, line: s.line, column: 0 }])),
    ];
    // Languages with submodules: importing `a.b.c` runs the packages `a` and `a.b` first, and
    // `from pkg import sub` / `from . import sub` runs the submodule a binding lands on.
    if (languageOf(file)?.modules.submodules?.submoduleSpecifier) {
      for (const statement of file.imports) {
        const at = { line: statement.line, column: statement.column };
        for (const parent of parentPackages(statement.specifier)) dependencies.push({ specifier: parent, ...at });
        for (const binding of statement.bindings) {
          if (binding.imported === '*' || binding.modulePath !== undefined) continue;
          const target = symbols.resolveImport(file.path, { statement, binding });
          if (target.type === 'module') dependencies.push({ specifier: statement.specifier, ...at, files: [target.file] });
        }
      }
    }
    const linked = new Set<string>();
    for (const statement of dependencies) {
      for (const target of statement.files ?? importedFiles(file, statement.specifier)) {
        // `module.exports = require('./x')` is an import and a re-export on one line: one edge.
        const key = `${target}\0${statement.line}`;
        if (target === file.path || linked.has(key)) continue;
        linked.add(key);
        edges.push({
          source: fileId,
          target: fileNodeId(target),
          kind: 'imports',
          line: statement.line,
          col: statement.column,
          metadata: { resolvedBy: RESOLVED_BY.moduleImport, confidence: 1, specifier: statement.specifier },
          provenance: 'tree-sitter',
        });
      }
    }

    for (const site of file.references) {
      const from = site.enclosing === null ? fileId : idOf(file.path, site.enclosing);
      const result = resolver.resolve(file, site);
      if (result.resolved) {
        stats.resolvedBy[result.resolvedBy] = (stats.resolvedBy[result.resolvedBy] ?? 0) + 1;
        edges.push({
          source: from,
          target: idOf(result.target.file, result.target.localId),
          kind: result.edgeKind,
          line: site.line,
          col: site.column,
          metadata: referenceMetadata(result.resolvedBy),
          provenance: result.resolvedBy === RESOLVED_BY.uniqueName ? 'heuristic' : 'tree-sitter',
        });
        continue;
      }
      if (site.implied) continue;
      stats.unresolvedCount++;
      stats.unresolvedByReason[result.reason] = (stats.unresolvedByReason[result.reason] ?? 0) + 1;
      if (result.likelyInternal) stats.unresolvedLikelyInternalCount++;
      unresolved.push({
        fromNodeId: from,
        referenceName: siteText(site),
        referenceKind: site.kind,
        line: site.line,
        col: site.column,
        candidates: result.candidates?.map((c) => idOf(c.file, c.localId)),
        filePath: file.path,
        language: file.language,
      });
    }
    if (releaseResolved) releaseResolvedFile(file);
    if (edges.length + unresolved.length >= ROWS_PER_PORTION) handOver();
  }
  handOver();
  stats.hookFailures = symbols.hookFailures.list();
  return stats;
}

/**
 * Drops what resolving the rest of the workspace no longer reads of a file whose sites are resolved:
 * its docstrings (read only for the node rows, already handed over) and every reference site but its
 * `extends` / `implements` ones, the only sites the resolver reads across files (a class's heritage,
 * a mixin's includers). A global pass holds every file at once; this lets the memory of the files
 * done be reused for the rows still to come.
 */
function releaseResolvedFile(file: FileExtraction): void {
  file.references = file.references.filter((site) => site.kind === 'extends' || site.kind === 'implements');
  for (const decl of file.declarations) if (decl.docstring !== undefined) decl.docstring = undefined;
}

/**
 * The node and file rows of every file, handed to the sink, and the `contains` edges (added to
 * `edges`). Returns each file's node ids by local declaration id.
 */
function declareFiles(
  indexed: IndexedFile[],
  now: number,
  sink: GraphRowSink,
  edges: EdgeRow[],
): Map<string, string[]> {
  const nodes: NodeRow[] = [];
  const files: FileRow[] = [];
  const nodeIds = new Map<string, string[]>(); // path → id per local declaration id
  for (const { extraction: file, contentHash, size, modifiedAt } of indexed) {
    const fileId = fileNodeId(file.path);
    nodes.push({
      id: fileId,
      kind: 'file',
      name: posix.basename(file.path),
      qualifiedName: file.path,
      filePath: file.path,
      language: file.language,
      startLine: 1,
      endLine: Math.max(1, file.lineCount),
      startColumn: 0,
      endColumn: 0,
      isExported: false,
    });
    const ids: string[] = [];
    const emitted = new Set<string>([fileId]);
    for (const decl of file.declarations) {
      const id = declarationNodeId(file.path, decl.kind, decl.name, decl.startLine);
      ids.push(id);
      // A second declaration with the same id (same path, kind, name and line) keeps the first's node.
      if (emitted.has(id)) continue;
      emitted.add(id);
      nodes.push({
        id,
        kind: decl.kind,
        name: decl.name,
        qualifiedName: decl.qualifiedName,
        filePath: file.path,
        language: file.language,
        startLine: decl.startLine,
        endLine: decl.endLine,
        startColumn: decl.startColumn,
        endColumn: decl.endColumn,
        docstring: decl.docstring,
        signature: decl.signature,
        visibility: decl.visibility,
        isExported: decl.isExported,
        isAsync: decl.isAsync,
        isStatic: decl.isStatic,
        isAbstract: decl.isAbstract,
        decorators: decl.decorators,
        typeParameters: decl.typeParameters,
      });
      const parentId = decl.parent === null ? fileId : ids[decl.parent];
      if (parentId !== undefined && parentId !== id) edges.push({ source: parentId, target: id, kind: 'contains' });
    }
    nodeIds.set(file.path, ids);
    files.push({
      path: file.path,
      contentHash,
      language: file.language,
      size,
      modifiedAt,
      indexedAt: now,
      nodeCount: emitted.size,
      errors: file.errors,
    });
  }

  sink.declared(nodes, files);
  return nodeIds;
}

/**
 * A reference edge's metadata depends only on how it was resolved: one frozen object per way,
 * shared by every such edge (a million-edge graph would otherwise allocate a million of them, and
 * the writer serialises a shared one once).
 */
const REFERENCE_METADATA = new Map<ResolvedBy, Readonly<Record<string, unknown>>>();

function referenceMetadata(resolvedBy: ResolvedBy): Readonly<Record<string, unknown>> {
  let metadata = REFERENCE_METADATA.get(resolvedBy);
  if (metadata === undefined) {
    metadata = Object.freeze({ resolvedBy, confidence: CONFIDENCE[resolvedBy] });
    REFERENCE_METADATA.set(resolvedBy, metadata);
  }
  return metadata;
}

/** The enclosing packages a dotted module path names: `a.b.c` → `a`, `a.b`; `..m.x` → `..m` (`..` is the importer's own). */
function parentPackages(specifier: string): string[] {
  const dots = /^\.*/.exec(specifier)![0];
  const parts = specifier.slice(dots.length).split('.');
  return parts.slice(0, -1).map((_, i) => dots + parts.slice(0, i + 1).join('.'));
}

function siteText(site: ReferenceSite): string {
  return site.receiver && site.receiver.length > 0 ? `${site.receiver.join('.')}.${site.name}` : site.name;
}
