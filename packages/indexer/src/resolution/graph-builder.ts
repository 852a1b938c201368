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
import { BuildVariants, markDefaultBuild } from './build-variants.js';
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
  /**
   * Every node and file row, once, before any edge. The node rows of a whole pass may be made as they are
   * read (DeclaredNodes): read them during the call, not later (by then a resolved file's docstrings are gone).
   */
  declared(nodes: DeclaredNodes, files: FileRow[]): void;
  /** The next edges and unresolved refs, in the graph's order: the `contains` edges first, then file by file. */
  resolved(edges: EdgeRow[], unresolved: UnresolvedRow[]): void;
}

/**
 * What one file's resolution gave: its counts in the run's statistics and its rows per table (edges by
 * kind, as stored: an edge equal to an earlier one of the file is stored once). A re-index that reuses
 * the file's rows (pipeline/resolution-reuse.ts) adds these instead of resolving the file again.
 */
export interface FileResolution {
  resolvedBy: Partial<Record<ResolvedBy, number>>;
  unresolvedByReason: Partial<Record<UnresolvedReason, number>>;
  unresolved: number;
  likelyInternal: number;
  edges: Record<string, number>;
  /** Its nodes (the file's own included) by kind, as stored. */
  nodes: Record<string, number>;
  /**
   * The other files whose declarations' nodes its rows name (an edge's source or target, a candidate), sorted:
   * when only the lines of a file's declarations move, these files' rows are the others that change.
   */
  linksInto?: string[];
}

/** Which files a pass resolves, and what it tells of each. */
export interface ResolutionScope {
  /**
   * Resolve only these files (every file's declarations still count); absent: every file. The other files'
   * rows are not given, but for the nodes of theirs that the given rows refer to (an edge's target, a
   * candidate); every row then comes at the end, nodes and files first.
   */
  only?: ReadonlySet<string>;
  /** Filled with what each resolved file gave, by path, in the pass's order. */
  perFile?: Map<string, FileResolution>;
  /**
   * The caller holds the extractions for this pass only (no later pass reads them), so what no later file's
   * resolution reads goes as soon as it has been used (see releaseResolvedFile).
   */
  releaseResolved?: boolean;
  /**
   * Called with each file just before its sites are resolved: a file may come with its `extends` / `implements`
   * sites alone, the only ones another file's resolution reads (resolution-interface.ts), and get the others here.
   */
  beforeResolving?: (file: FileExtraction) => void;
  /** Called when a copy of a file's extraction is resolved in its place (a default-build variant file, build-variants.ts). */
  replaced?: (original: FileExtraction, copy: FileExtraction) => void;
}

/**
 * Node rows, read any number of times, each time in the same order. A full pass makes them as they are
 * read, file by file, so that every node's row never exists at once (on a big tree they were most of the
 * heap's peak); an array is one too.
 */
export interface DeclaredNodes extends Iterable<NodeRow> {
  readonly length: number;
}

/** Reference rows are handed over once at least this many have gathered (after the file that passed it). */
const ROWS_PER_PORTION = 8192;

export function streamGraph(
  indexed: IndexedFile[],
  languageOf: (file: FileExtraction) => ResolutionLanguage | undefined,
  sink: GraphRowSink,
  now: number = Date.now(),
  scope: ResolutionScope = {},
): ResolutionStats {
  const { only, perFile, releaseResolved, beforeResolving, replaced } = scope;
  const byPath = new Map<string, FileExtraction>();
  for (const f of indexed) byPath.set(f.extraction.path, f.extraction);
  markDefaultBuild(byPath, languageOf, replaced);

  const stats: ResolutionStats = {
    resolvedBy: {},
    unresolvedByReason: {},
    unresolvedCount: 0,
    unresolvedLikelyInternalCount: 0,
    hookFailures: [],
  };
  let edges: EdgeRow[] = [];
  let unresolved: UnresolvedRow[] = [];
  const held: Array<[EdgeRow[], UnresolvedRow[]]> = [];
  const handOver = () => {
    if (only) held.push([edges, unresolved]);
    else sink.resolved(edges, unresolved);
    edges = [];
    unresolved = [];
  };

  // Node ids first: every edge refers to them. The node and file rows are the sink's from here on.
  const declared = declareFiles(indexed, now, edges, only, perFile);
  if (!only) {
    sink.declared(declared.nodes, declared.files);
    // Held here, every node's row would live until the last file is resolved.
    declared.nodes = [];
    declared.files = [];
  }
  handOver();
  const idOf = (path: string, localId: number) => declared.idsOf(path)[localId];

  const symbols = new WorkspaceSymbols(byPath, languageOf);
  const uniqueNames = new UniqueNameIndex((macro) => symbols.macroOpensNamespace(macro));
  for (const file of byPath.values()) {
    const language = languageOf(file);
    uniqueNames.add(language?.family ?? file.language, file, language?.binding.fileLocal, language?.binding.declarations?.definitionsAreAlternatives);
  }
  const resolver = new ReferenceResolver(symbols, uniqueNames, languageOf);
  const builds = new BuildVariants(byPath, languageOf);
  // A specifier lands on one file, or on every file of a package (a package that is a set of files): the importer depends on each.
  const importedFiles = (file: FileExtraction, specifier: string): readonly string[] => {
    const target = symbols.resolveSpecifier(file.path, specifier);
    if (target !== null) return [target];
    const key = languageOf(file)?.modules.packages?.importedPackage?.(file.path, specifier) ?? null;
    return key === null ? [] : symbols.packageFiles(key);
  };

  for (const file of byPath.values()) {
    if (only && !only.has(file.path)) continue;
    beforeResolving?.(file);
    const fileId = fileNodeId(file.path);
    const own = perFile && fileResolution(perFile, file.path);
    // The rows the store keeps of this file's edges (row-packing.ts drops an edge equal to an earlier one),
    // by position: a key of their own ids per edge cost more than the comparisons among the few at one position.
    const stored = own && new Map<number, EdgeRow[]>();
    const linkedFiles = own && new Set<string>();
    const links = (target: string) => {
      if (linkedFiles && target !== file.path) linkedFiles.add(target);
    };
    const count = (edge: EdgeRow) => {
      if (!own) return;
      // Any number will do as the key (equal positions give equal keys); the edges under it are compared in full.
      const position = (edge.line ?? -1) * 1048576 + (edge.col ?? -1);
      const there = stored!.get(position);
      if (there === undefined) stored!.set(position, [edge]);
      else if (there.some((e) => e.source === edge.source && e.target === edge.target && e.kind === edge.kind && e.line === edge.line && e.col === edge.col)) return;
      else there.push(edge);
      own.edges[edge.kind] = (own.edges[edge.kind] ?? 0) + 1;
    };

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
        const edge: EdgeRow = {
          source: fileId,
          target: fileNodeId(target),
          kind: 'imports',
          line: statement.line,
          col: statement.column,
          metadata: { resolvedBy: RESOLVED_BY.moduleImport, confidence: 1, specifier: statement.specifier },
          provenance: 'tree-sitter',
        };
        edges.push(edge);
        count(edge);
      }
    }

    for (const site of file.references) {
      // A base written apart from its type's declaration goes from that type, and from nothing where the workspace declares none.
      const owner = site.heritageOf ? resolver.heritageOwner(file, site) : undefined;
      if (site.heritageOf && !owner) continue;
      const from = owner ? idOf(owner.file, owner.localId) : site.enclosing === null ? fileId : idOf(file.path, site.enclosing);
      if (owner) links(owner.file);
      const result = builds.withinOneBuild(file, resolver.resolve(file, site));
      if (result.resolved) {
        stats.resolvedBy[result.resolvedBy] = (stats.resolvedBy[result.resolvedBy] ?? 0) + 1;
        if (own) own.resolvedBy[result.resolvedBy] = (own.resolvedBy[result.resolvedBy] ?? 0) + 1;
        links(result.target.file);
        const edge: EdgeRow = {
          source: from,
          target: idOf(result.target.file, result.target.localId),
          kind: result.edgeKind,
          line: site.line,
          col: site.column,
          metadata: referenceMetadata(result.resolvedBy),
          provenance: result.resolvedBy === RESOLVED_BY.uniqueName ? 'heuristic' : 'tree-sitter',
        };
        edges.push(edge);
        count(edge);
        continue;
      }
      if (site.implied) continue;
      stats.unresolvedCount++;
      stats.unresolvedByReason[result.reason] = (stats.unresolvedByReason[result.reason] ?? 0) + 1;
      if (result.likelyInternal) stats.unresolvedLikelyInternalCount++;
      if (own) {
        own.unresolved++;
        own.unresolvedByReason[result.reason] = (own.unresolvedByReason[result.reason] ?? 0) + 1;
        if (result.likelyInternal) own.likelyInternal++;
        for (const candidate of result.candidates ?? []) links(candidate.file);
      }
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
    if (own) own.linksInto = [...linkedFiles!].sort();
    if (releaseResolved) releaseResolvedFile(file);
    if (edges.length + unresolved.length >= ROWS_PER_PORTION) handOver();
  }
  handOver();
  if (only) {
    // The other files' nodes these rows name, so that the store knows them (it keeps those files' rows as they are).
    const named = new Set<string>();
    for (const [edgeRows, unresolvedRows] of held) {
      for (const edge of edgeRows) named.add(edge.target);
      for (const ref of unresolvedRows) for (const id of ref.candidates ?? []) named.add(id);
    }
    sink.declared([...declared.nodes, ...declared.keptNodesNamed(named)], declared.files);
    for (const [edgeRows, unresolvedRows] of held) sink.resolved(edgeRows, unresolvedRows);
  }
  stats.hookFailures = symbols.hookFailures.list();
  return stats;
}

/** What declaring the files gave: the rows of the files resolved, and every file's node ids. */
interface Declared {
  nodes: DeclaredNodes;
  files: FileRow[];
  /** A file's node id per local declaration id (a file not resolved: worked out when first asked). */
  idsOf(path: string): string[];
  /** The node rows of files not resolved that have one of these ids. */
  keptNodesNamed(ids: ReadonlySet<string>): NodeRow[];
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
 * The node and file rows of every file resolved (all, without `only`), and the `contains` edges (added
 * to `edges`); the node ids of every file.
 */
function declareFiles(
  indexed: IndexedFile[],
  now: number,
  edges: EdgeRow[],
  only: ReadonlySet<string> | undefined,
  perFile: Map<string, FileResolution> | undefined,
): Declared {
  // A partial pass keeps its rows to the end (few files); a full one makes them again when they are read.
  const nodes: NodeRow[] = [];
  let nodeCount = 0;
  const files: FileRow[] = [];
  const byPath = new Map(indexed.map((f) => [f.extraction.path, f]));
  // The ids of every file resolved; the rows too of a file not resolved, made when first asked (kept: few are).
  const ids = new Map<string, string[]>();
  const ofFile = new Map<string, FileRows>();
  const rowsOf = (path: string): FileRows => {
    let rows = ofFile.get(path);
    if (!rows) {
      rows = fileRows(byPath.get(path)!, now);
      ofFile.set(path, rows);
    }
    return rows;
  };
  for (const indexedFile of indexed) {
    const path = indexedFile.extraction.path;
    if (only && !only.has(path)) continue;
    const rows = fileRows(indexedFile, now);
    ids.set(path, rows.ids);
    if (only) for (const node of rows.nodes) nodes.push(node);
    nodeCount += rows.nodes.length;
    files.push(rows.file);
    for (const edge of rows.contains) edges.push(edge);
    if (perFile) {
      const own = fileResolution(perFile, path);
      if (rows.contains.length > 0) own.edges.contains = (own.edges.contains ?? 0) + rows.contains.length;
      for (const node of rows.nodes) own.nodes[node.kind] = (own.nodes[node.kind] ?? 0) + 1;
    }
  }
  const made: DeclaredNodes = {
    length: nodeCount,
    *[Symbol.iterator]() {
      for (const indexedFile of indexed) {
        const fileIds = ids.get(indexedFile.extraction.path);
        if (fileIds) yield* fileRows(indexedFile, now, fileIds).nodes;
      }
    },
  };
  return {
    nodes: only ? nodes : made,
    files,
    idsOf: (path) => ids.get(path) ?? rowsOf(path).ids,
    keptNodesNamed(named) {
      // A file node is named by its path (an `imports` edge), not through a declaration's id.
      for (const path of byPath.keys()) if (!ids.has(path) && named.has(fileNodeId(path))) rowsOf(path);
      const out: NodeRow[] = [];
      for (const rows of ofFile.values()) for (const node of rows.nodes) if (named.has(node.id)) out.push(node);
      return out;
    },
  };
}

interface FileRows {
  nodes: NodeRow[];
  file: FileRow;
  contains: EdgeRow[];
  ids: string[];
}

/** One file's node rows (the file's own first), its file row and `contains` edges, and its node id per local declaration id. */
/** `knownIds`: the ids made the first time (the same ones), so that no id is hashed twice. */
function fileRows({ extraction: file, contentHash, size, modifiedAt }: IndexedFile, now: number, knownIds?: string[]): FileRows {
  const fileId = fileNodeId(file.path);
  const nodes: NodeRow[] = [{
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
  }];
  const contains: EdgeRow[] = [];
  const ids: string[] = [];
  const emitted = new Set<string>([fileId]);
  for (const decl of file.declarations) {
    const id = knownIds ? knownIds[ids.length] : declarationNodeId(file.path, decl.kind, decl.name, decl.startLine);
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
    if (parentId !== undefined && parentId !== id) contains.push({ source: parentId, target: id, kind: 'contains' });
  }
  const row: FileRow = { path: file.path, contentHash, language: file.language, size, modifiedAt, indexedAt: now, nodeCount: emitted.size, errors: file.errors };
  return { nodes, file: row, contains, ids };
}

/** The entry of `path` in `perFile`, made empty the first time. */
function fileResolution(perFile: Map<string, FileResolution>, path: string): FileResolution {
  let own = perFile.get(path);
  if (!own) {
    own = { resolvedBy: {}, unresolvedByReason: {}, unresolved: 0, likelyInternal: 0, edges: {}, nodes: {} };
    perFile.set(path, own);
  }
  return own;
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
