import type { IndexReport } from '@arbor/indexer';
import { describe, expect, it } from 'vitest';
import { indexSummary } from './index-command.js';

const report = (extra: Partial<IndexReport>): IndexReport => ({
  root: '/r', database: '/r/.codegraph/codegraph.db',
  files: { seen: 3, indexed: 3, skipped: {}, skippedFiles: [] },
  nodes: { total: 3, byKind: { file: 3 } }, edges: { total: 0, byKind: {} },
  grammarsLoaded: ['python'], threads: 1,
  cache: { used: false, fromCache: 0, extracted: 3, pruned: 0 },
  filesWithParseErrors: [], filesNotExtracted: [], filesNotExtractedCount: 0,
  resolution: { resolvedBy: {}, unresolvedByReason: {} },
  hookFailures: [], unresolved_count: 0, unresolved_likely_internal_count: 0, durationMs: 10, arborVersion: '0',
  ...extra,
});

describe('the index summary', () => {
  it('names files not extracted and why, apart from syntax errors', () => {
    const text = indexSummary(report({
      filesWithParseErrors: ['c.py'],
      filesNotExtracted: [{ path: 'a.scala', message: 'parse failed: grammar would not load' }],
      filesNotExtractedCount: 7,
    }));
    expect(text).toContain('syntax errors in 1 files (rest of each file still indexed): c.py');
    expect(text).toContain('NOT EXTRACTED 7 files (only their file node is in the graph): a.scala (parse failed: grammar would not load) and 6 more');
  });

  it('says nothing of failures when there were none', () => {
    const text = indexSummary(report({}));
    expect(text).not.toContain('NOT EXTRACTED');
    expect(text).not.toContain('syntax errors');
    expect(text).not.toContain('HOOK FAILURES');
  });

  it('counts the import-resolver hook calls that threw, per language and hook, with the first message', () => {
    const text = indexSummary(report({
      hookFailures: [
        { language: 'python', hook: 'resolveModule', count: 3, firstMessage: 'boom' },
        { language: 'rust', hook: 'implicitModule', count: 1, firstMessage: 'bad\u001b[2Jcrate' },
      ],
    }));
    expect(text).toContain('HOOK FAILURES 4 import-resolver calls threw (their lookups found nothing): python resolveModule 3× (first: boom), rust implicitModule 1× (first: bad');
    expect(text).not.toContain('\u001b[2J');
  });
});
