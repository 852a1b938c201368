/**
 * Inline expectations: every folder under fixtures/expectations/ is indexed once (in a temp
 * copy) and each of its files is checked against the assertions written in its own comments
 * (syntax: fixtures/expectations/README.md). One test per file with assertions.
 *
 * A folder named `pending-<case>` holds the correct answer to something arbor gets wrong today:
 * each of its asserted files must still fail at least one assertion, and its test fails once
 * they all pass, so a fix is never left unpromoted.
 *
 * Every case also has an annotated snapshot, fixtures/expectations/<case>.snapshot.txt: its source
 * with every declaration, edge and unresolved site of its graph written under the line it is on
 * (render-snapshot.ts). The snapshot covers every line, asserted or not, so it shows any change of
 * behaviour; update it deliberately with `npm run snapshots:update`, then review its diff like code.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { indexRepository, type IndexReport } from '@arbor/indexer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFile, loadGraph, type GraphView } from './check-expectations.js';
import { lineDiff } from './line-diff.js';
import { renderSnapshot } from './render-snapshot.js';
import { lineCommentFor, parseExpectations, type LocatedAssertion } from './parse-expectations.js';

const ROOT = join(import.meta.dirname, '..', '..', 'fixtures', 'expectations');
const UPDATE_SNAPSHOTS = process.env.ARBOR_UPDATE_SNAPSHOTS === '1';
const SNAPSHOT_SUFFIX = '.snapshot.txt';
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

const cases = readdirSync(ROOT).filter((name) => statSync(join(ROOT, name)).isDirectory()).sort();

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (lineCommentFor(entry.name) !== undefined) out.push(path);
  }
  return out;
}

/** A file's assertions, or the syntax error that makes its test fail. */
interface AssertedFile { file: string; assertions?: LocatedAssertion[]; error?: string }

function readAssertions(caseDir: string): AssertedFile[] {
  return sourceFiles(caseDir).sort().flatMap((path): AssertedFile[] => {
    const file = relative(caseDir, path).split(sep).join('/');
    try {
      const assertions = parseExpectations(file, readFileSync(path, 'utf8'), lineCommentFor(file)!);
      return assertions.length > 0 ? [{ file, assertions }] : [];
    } catch (error) {
      return [{ file, error: (error as Error).message }];
    }
  });
}

interface IndexedCase { graph: GraphView; report: IndexReport }

/** Each case indexed once, on first request. */
const indexed = new Map<string, Promise<IndexedCase>>();
function graphOf(name: string): Promise<IndexedCase> {
  let graph = indexed.get(name);
  if (!graph) {
    const work = mkdtempSync(join(tmpdir(), `arbor-expect-${name}-`));
    temps.push(work);
    cpSync(join(ROOT, name), work, { recursive: true });
    graph = indexRepository(work, { threads: 1 }).then((report) => ({ graph: loadGraph(report.database), report }));
    indexed.set(name, graph);
  }
  return graph;
}

describe('inline expectations', () => {
  it('has cases to check', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it('has no snapshot left from a case renamed or removed', () => {
    const orphans = readdirSync(ROOT).filter((name) => name.endsWith(SNAPSHOT_SUFFIX) && !cases.includes(name.slice(0, -SNAPSHOT_SUFFIX.length)));
    expect(orphans, 'delete these snapshots, or restore their cases').toEqual([]);
  });

  cases.forEach((name, i) => {
    const caseDir = join(ROOT, name);
    const pending = name.startsWith('pending-');
    const files = readAssertions(caseDir);

    describe(`fixtures/expectations/${name}`, () => {
      let graph: GraphView;
      let report: IndexReport;
      beforeAll(async () => {
        const own = graphOf(name);
        // Start indexing the next case meanwhile, so that two cases' indexing overlaps on two cores.
        if (i + 1 < cases.length) graphOf(cases[i + 1]).catch(() => {}); // its own beforeAll reports a failure
        ({ graph, report } = await own);
      });

      it('has a file with assertions', () => {
        expect(files.map((f) => f.file)).not.toEqual([]);
      });

      it('matches its annotated snapshot', () => {
        const rendered = renderSnapshot(report.database, caseDir);
        const snapshotPath = join(ROOT, `${name}${SNAPSHOT_SUFFIX}`);
        const where = `fixtures/expectations/${name}${SNAPSHOT_SUFFIX}`;
        if (UPDATE_SNAPSHOTS) writeFileSync(snapshotPath, rendered);
        if (!existsSync(snapshotPath)) throw new Error(`no snapshot ${where}: run \`npm run snapshots:update\` and review it`);
        const stored = readFileSync(snapshotPath, 'utf8');
        if (rendered !== stored) {
          throw new Error(`${where} differs from the graph (- stored, + now); if the change is intended, ` +
            `run \`npm run snapshots:update\` and review the diff\n${lineDiff(stored, rendered)}`);
        }
      });

      for (const { file, assertions, error } of files) {
        it(file, () => {
          if (error) throw new Error(error);
          const { mismatches, fixtureErrors } = checkFile(graph, file, assertions!);
          const where = `fixtures/expectations/${name}/${file}`;
          if (fixtureErrors.length > 0) throw new Error(`${where}: the fixture is wrong\n  ${fixtureErrors.join('\n  ')}`);
          if (!pending) {
            if (mismatches.length > 0) {
              // A file the run could not extract at all fails every assertion; say why once, first.
              const failure = report.filesNotExtracted.find((f) => f.path === file);
              const cause = failure ? `\n  the index run did not extract this file: ${failure.message}` : '';
              throw new Error(`${where}: ${mismatches.length} assertion(s) fail${cause}\n  ${mismatches.join('\n  ')}`);
            }
            return;
          }
          if (mismatches.length === 0) {
            throw new Error(`pending fixture now passes: rename it (fixtures/expectations/${name} → ${name.slice('pending-'.length)})`);
          }
          console.info(`pending (expected to fail): ${where}: ${mismatches.length} assertion(s) fail\n  ${mismatches.join('\n  ')}`);
        });
      }
    });
  });
});
