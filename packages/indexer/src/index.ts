/** @arbor/indexer public API. */
export { indexRepository, DATABASE_RELATIVE_PATH } from './pipeline/index-repository.js';
export { extractShard, type ShardOptions, type ShardReport } from './pipeline/shard-run.js';
export { IndexError, type IndexOptions, type IndexReport, type Progress } from './pipeline/index-report.js';
export { GraphWriteError, type GraphWriteErrorCode } from './storage/graph-write-error.js';
export { ARBOR_VERSION, EXTRACTION_VERSION } from './version.js';
export type * from './model/extraction.js';
export * from './model/graph-vocabulary.js';
export { discoverFiles, DEFAULT_EXCLUDED_DIRS, ALWAYS_EXCLUDED_DIRS } from './discovery/index.js';
export { isSupportedLanguage, LANGUAGE_DESCRIPTORS, moduleNamingForPath } from './languages/index.js';
