/** @arbor/vocabulary: the codegraph v4 vocabulary every arbor package shares. */
export { NODE_KINDS, EDGE_KINDS, LANGUAGES, languageFamily, type NodeKind, type EdgeKind, type Language } from './graph.js';
export {
  ARBOR_RESOLUTION_RULES,
  ARBOR_RESOLVED_BY,
  RESOLVED_BY,
  CONFIDENCE,
  CODEGRAPH_RESOLUTION_RULES,
  resolvedByIsNameBased,
  type ResolutionRule,
  type ResolvedBy,
  type UnresolvedReason,
} from './resolution.js';
export {
  DEFAULT_READ_CAP,
  openInsideRoot,
  readBytesInsideRoot,
  readDescriptor,
  readWhole,
  readTextInsideRoot,
  type SafeBytesResult,
  type SafeOpenResult,
  type SafeReadOptions,
  type SafeReadRefusal,
  type SafeReadResult,
} from './safe-read.js';
export { GitignoreRules, type GitignoreVerdict } from './gitignore.js';
export { sha256Hex } from './hashing.js';
export { lazyBuiltin } from './lazy-builtin.js';
export { leavesBase, PROJECT_CONFIG_FILE, CONFIGURATION_METADATA_KEY } from './paths.js';
export type { ModuleNaming } from './module-naming.js';
export { MAX_SHARDS, parseShardSpec, shardSpecProblem, type ShardSpec } from './shard-spec.js';
export {
  LANGUAGE_TEST_CONVENTIONS,
  TEST_FOLDER_RULES,
  type LanguageTestConventions,
  type TestConvention,
} from './test-conventions.js';
