/** @arbor/query: read-only structural queries over a codegraph database (schema v4 and later). */
export { openProject, withProject, type Project, type ProjectOptions } from './project.js';
export { locateIndex, INDEX_DIR, INDEX_FILE, type IndexLocation } from './store/locate.js';
export { GraphStore, type OpenStoreOptions, type UnresolvedRef } from './store/graph-store.js';
export { NEWEST_KNOWN_SCHEMA, type SchemaInfo } from './store/schema.js';
export { QueryError, toQueryError, type QueryErrorCode } from './errors.js';
export type { NodeRef, NodeDetails, StoredEdge, Site, StoredFile, FileState } from './model.js';
export { findSymbol, resolveSymbol, type SymbolFilter, type SymbolMatch, type MatchedBy } from './symbols/resolve-symbol.js';
export { isNameBased } from './graph/resolution.js';
export { CALL_KINDS, DEPENDENCY_KINDS } from './graph/traversal.js';
export { checkFile, checkDrift, findNewFiles, type Drift, type FileCheck } from './staleness.js';
export { indexStaleness, type IndexStaleness } from './index-staleness.js';
export { isTestFile, testConvention, testsCompiledWith, TEST_FILE_CONVENTIONS } from './tests-convention.js';
export { findDeletedFileImporters, type DeletedFile, type LanguageOfPath, type PathLanguage } from './graph/deleted-importers.js';
export { identifierSegments, taskTerms } from './text/identifiers.js';
export { globToRegExp, isGlob } from './glob.js';
export { leavesBase } from './paths.js';

export { status, writerOf, configurationOf, type StatusOptions, type StatusResult, type IndexStatus, type NoIndexStatus, type Writer, type GraphConfiguration } from './commands/status.js';
export { search, type SearchOptions, type SearchResult, type SearchHit, type MatchQuality } from './commands/search.js';
export { nodeInfo, type NodeOptions, type NodeResult, type Relation, type UnresolvedSite } from './commands/node.js';
export { callers, callees, type CallersOptions, type CallersResult, type CallHop } from './commands/callers.js';
export { impact, type ImpactOptions, type ImpactResult, type ImpactTarget, type AffectedSymbol, type DependentFile, type Risk } from './commands/impact.js';
export { trace, type TraceOptions, type TraceResult, type TraceHop } from './commands/trace.js';
export { files, type FilesOptions, type FilesResult, type FileEntry } from './commands/files.js';
export { explore, type ExploreOptions, type ExploreResult, type ExploreItem } from './commands/explore.js';
export { context, type ContextOptions, type ContextResult, type ContextItem } from './commands/context.js';
export { affected, changedSince, type AffectedOptions, type AffectedResult, type AffectedTest } from './commands/affected.js';
export { repositoryMap, rankFiles, MIN_MAP_BUDGET, DEFAULT_MAP_BUDGET, type MapOptions, type MapResult, type MapFile, type MapDeclaration } from './commands/map.js';
