import type { IndexReport } from '@arbor/indexer';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../command-line/command-spec.js';
import { parseCommandLine } from '../command-line/parse-command-line.js';
import { indexCommand, indexSummary, shardSummary } from './index-command.js';

const report = (extra: Partial<IndexReport>): IndexReport => ({
  root: '/r', database: '/r/.codegraph/codegraph.db',
  files: { seen: 3, indexed: 3, skipped: {}, skippedFiles: [] },
  nodes: { total: 3, byKind: { file: 3 } }, edges: { total: 0, byKind: {} },
  grammarsLoaded: ['python'], threads: 1,
  cache: { used: false, fromCache: 0, extracted: 3, pruned: 0 },
  filesWithParseErrors: [], parseLosses: { declarations: 0, files: [], unchecked: [] }, filesNotExtracted: [], filesNotExtractedCount: 0,
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

  it('says the rest of a file with syntax errors is indexed only where no declaration was lost', () => {
    const text = indexSummary(report({
      filesWithParseErrors: ['a.go', 'b.kt', 'c.py', 'd.rs'],
      parseLosses: { declarations: 3, files: [{ path: 'a.go', declarations: 2 }, { path: 'b.kt', declarations: 1 }], unchecked: ['c.py'] },
    }));
    expect(text).toContain(
      'syntax errors in 4 files; 3 declarations after them NOT indexed in 2 files: a.go 2, b.kt 1; 1 file not checked for lost declarations: c.py; rest of 1 file still indexed: d.rs',
    );
    expect(text).not.toContain('rest of each file');
  });

  it('claims no indexed rest when every file with syntax errors lost declarations', () => {
    const text = indexSummary(report({
      filesWithParseErrors: ['a.go'],
      parseLosses: { declarations: 1, files: [{ path: 'a.go', declarations: 1 }], unchecked: [] },
    }));
    expect(text).toContain('syntax errors in 1 files; 1 declaration after them NOT indexed in 1 file: a.go 1\n');
    expect(text).not.toContain('still indexed');
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

describe('arbor index --shard', () => {
  const parse = (...argv: string[]) => parseCommandLine(['index', ...argv], [indexCommand]);
  const usage = (...argv: string[]) => {
    try {
      parse(...argv);
    } catch (error) {
      if (error instanceof UsageError) return error.message;
      throw error;
    }
    return undefined;
  };

  it('takes K/N with a cache folder', () => {
    const parsed = parse('repo', '--shard', '2/4', '--cache-dir', 'packs');
    expect(parsed).toMatchObject({ kind: 'run', args: { root: 'repo', shard: '2/4', 'cache-dir': 'packs' } });
  });

  it('names the flag when its value is no shard, or a cache folder is missing', () => {
    expect(usage('--shard', '4', '--cache-dir', 'd')).toMatch(/^--shard: expected K\/N/);
    expect(usage('--shard', '5/4', '--cache-dir', 'd')).toMatch(/^--shard 5\/4: K must be a whole number from 1 to N/);
    expect(usage('--shard', '0/4', '--cache-dir', 'd')).toMatch(/^--shard 0\/4: K must be/);
    expect(usage('--shard', '1/99', '--cache-dir', 'd')).toMatch(/^--shard 1\/99: N must be a whole number from 1 to 32/);
    expect(usage('--shard', '1/4')).toMatch(/^--shard needs --cache-dir/);
    expect(usage('--shard', '1/4', '--cache-dir', 'd', '--no-cache')).toMatch(/--no-cache/);
    expect(usage('--cache-dir', 'd')).toBeUndefined();
  });

  it('says which shard, how many files and bytes it took, and that no graph was written', () => {
    const text = shardSummary({
      root: '/r', shard: { index: 2, count: 4, files: 30, bytes: 3 * 1024 * 1024, totalFiles: 120, totalBytes: 12 * 1024 * 1024 },
      cache: { dir: '/ci/cache', fromCache: 0, extracted: 30, pack: 'ab.pack' },
      files: { seen: 130, skipped: {}, skippedFiles: [] }, threads: 2, durationMs: 1500, arborVersion: '0',
    });
    expect(text).toContain('shard 2 of 4: 30 of 120 files, 3.0 MiB of 12.0 MiB');
    expect(text).toContain('no graph written');
    expect(text).toContain('30 parsed into pack ab.pack');
  });
});
