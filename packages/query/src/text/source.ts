/**
 * Source text of declarations, read from disk. The file is hashed as it is read, so a file
 * changed since indexing is reported as such: its lines may no longer be the declaration's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileState, NodeRef } from '../model.js';
import type { GraphStore } from '../store/graph-store.js';
import { sha256Hex } from '../staleness.js';

export interface SourceBlock {
  startLine: number;
  endLine: number;
  /** The lines, or null when the file is gone or unreadable. */
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
    let content: Buffer | undefined;
    try {
      content = readFileSync(join(this.root, path));
    } catch {
      content = undefined;
    }
    if (content === undefined) {
      file = { lines: null, state: 'removed' };
    } else {
      const recorded = this.store.file(path)?.contentHash.toLowerCase();
      const state: FileState = recorded !== undefined && recorded === sha256Hex(content) ? 'fresh' : 'modified';
      file = { lines: content.toString('utf8').split(/\r?\n/), state };
    }
    this.cache.set(path, file);
    return file;
  }
}
