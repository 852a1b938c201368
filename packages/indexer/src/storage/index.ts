/** The storage layer: codegraph v4 node ids, schema and the atomic whole-graph writer. */
export { fileNodeId, declarationNodeId } from './node-id.js';
export type { NodeRow, EdgeRow, EdgeProvenance, FileRow, FileErrorEntry, UnresolvedRow, GraphToWrite } from './rows.js';
export {
  V4_SCHEMA_VERSION, V4_SCHEMA_VERSION_ROWS, V4_TABLES_DDL, V4_FTS_DDL, V4_FTS_TRIGGERS_DDL, V4_INDEXES_DDL,
  V4_SCHEMA_DDL, v4SchemaVersionValues, createV4Schema,
} from './schema-v4.js';
export { writeGraph } from './graph-writer.js';
export type { WriteGraphOptions, WriteGraphStats } from './graph-writer.js';
export { GraphWriteError } from './graph-write-error.js';
export type { GraphWriteErrorCode } from './graph-write-error.js';
export { CODEGRAPH_COMPAT_STAMPS, WRITTEN_BY } from './project-metadata.js';
