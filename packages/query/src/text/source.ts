/**
 * Source text of declarations, read from disk. The file is hashed as it is read, so a file
 * changed since indexing is reported as such: its lines may no longer be the declaration's.
 * The path comes from the graph, which is untrusted: it is read only under the safe-read rules
 * (inside the real root, regular file, size cap, no FIFO wait), and a refused file shows no text.
 */
import { DEFAULT_READ_CAP, readBytesInsideRoot, sha256Hex } from '@arbor/vocabulary';
import type { FileState, NodeRef } from '../model.js';
import type { GraphStore } from '../store/graph-store.js';
import { stateOfRefusal } from '../staleness.js';

/**
 * Largest file shown: the indexer's default --max-file-size, or the size the graph recorded
 * (a run with a higher limit) up to this ceiling, so a crafted row cannot ask for more.
 */
const SOURCE_CAP_CEILING = 16 * 1024 * 1024;

export interface SourceBlock {
  startLine: number;
  endLine: number;
  /** The lines, or null when the file is gone, unreadable or outside the root. */
  text: string | null;
  /** Lines were cut to fit the limit. */
  truncated: boolean;
  /** `modified`: the file changed since indexing, so these lines may not be the declaration. */
  fileState: FileState;
}

interface LoadedFile {
  lines: string[] | null;
  state: FileState;
}

export class SourceReader {
  private readonly cache = new Map<string, LoadedFile>();

  constructor(
    private readonly root: string,
    private readonly store: GraphStore,
  ) {}

  fileState(path: string): FileState {
    return this.load(path).state;
  }

  /** The node's lines, at most `maxLines` of them. */
  read(node: NodeRef, maxLines = 200): SourceBlock {
    const file = this.load(node.filePath);
    if (!file.lines) {
      return { startLine: node.startLine, endLine: node.endLine, text: null, truncated: false, fileState: file.state };
    }
    const start = Math.max(1, node.startLine);
    const wanted = Math.min(node.endLine, file.lines.length);
    const end = Math.min(wanted, start + Math.max(1, maxLines) - 1);
    return {
      startLine: start,
      endLine: Math.max(start, end),
      text: file.lines.slice(start - 1, end).join('\n'),
      truncated: end < wanted,
      fileState: file.state,
    };
  }

  private load(path: string): LoadedFile {
    let file = this.cache.get(path);
    if (file) return file;
    const recorded = this.store.file(path);
    const size = Number(recorded?.size);
    const cap = Number.isFinite(size) ? Math.max(DEFAULT_READ_CAP, Math.min(size, SOURCE_CAP_CEILING)) : DEFAULT_READ_CAP;
    const read = readBytesInsideRoot(this.root, path, { maxBytes: cap });
    if (!read.ok) {
      file = { lines: null, state: stateOfRefusal(read.reason) };
    } else {
      const hash = recorded?.contentHash.toLowerCase();
      const state: FileState = hash !== undefined && hash === sha256Hex(read.bytes) ? 'fresh' : 'modified';
      // Lines as the indexer counted them: `\n`, `\r\n` and a lone `\r` each end one.
      file = { lines: read.bytes.toString('utf8').split(/\r\n|\r|\n/), state };
    }
    this.cache.set(path, file);
    return file;
  }
}
