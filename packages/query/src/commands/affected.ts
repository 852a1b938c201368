/**
 * `affected [files...]` / `--since <ref>`: the test files a change can break, for CI. A changed
 * test file is affected itself; every other changed file's declarations are followed
 * backwards through the graph (calls, imports, extends, implements, instantiates, references)
 * and the test files reached are reported.
 *
 * File dependencies are transitive by nature: a test that imports a barrel that re-exports a
 * module that imports the changed file runs the changed file, however long the chain. So
 * `imports` edges are followed without a depth limit (the import closure), from the changed
 * file and from every file the depth-limited walk reached; `--depth` bounds the other kinds.
 */
import type * as ChildProcess from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { lazyBuiltin } from '@arbor/vocabulary';
import { QueryError } from '../errors.js';
import { INDEX_DIR } from '../store/locate.js';
import { DEPENDENCY_KINDS, walk } from '../graph/traversal.js';
import { findDeletedFileImporters, type DeletedFile, type LanguageOfPath } from '../graph/deleted-importers.js';
import { completeness, unprovenSites, type Completeness, type UnprovenSite } from '../graph/unproven.js';
import type { Project } from '../project.js';
import { isUnder } from '../paths.js';
import { indexStaleness, type IndexStaleness } from '../index-staleness.js';
import { testConvention, testsCompiledWith } from '../tests-convention.js';
import { compareText } from '../text/compare.js';

// Loaded when git runs, not by every command that imports this module (lazy-builtin.ts).
const childProcess = lazyBuiltin<typeof ChildProcess>('node:child_process');

export interface AffectedOptions {
  /** Hops followed backwards along non-`imports` edges. Default 5; `imports` edges are followed to the end. */
  depth?: number;
  /** At most this many tests listed (0: all, the default — CI needs the whole list). */
  limit?: number;
  edgeKinds?: readonly string[];
  /**
   * The language of a path from its name, with how its imports name files (the indexer's language
   * descriptors): without it, the importers of a deleted file are not looked for.
   */
  languageOf?: LanguageOfPath;
  /** Compare the index with the files on disk (default true). */
  checkStaleness?: boolean;
}

export interface AffectedTest {
  filePath: string;
  /** `changed`: the test file itself changed; `depends`: it reaches a changed file through the graph. */
  reason: 'changed' | 'depends';
  /** The changed file it was reached from (itself when changed). */
  via: string;
  /** Hops from the changed file (0 when changed). */
  distance: number;
  /** The naming convention that makes it a test. */
  convention: string;
}

export interface AffectedResult {
  changedFiles: string[];
  since: string | null;
  depth: number;
  affectedTests: AffectedTest[];
  /** Changed files the index does not hold (new, deleted or not source). */
  notIndexed: string[];
  /** Distinct files reached through the graph. */
  filesReached: number;
  truncated: boolean;
  moreBeyondDepth: boolean;
  /**
   * Whether affectedTests is the whole answer. Unresolved sites outside the files reached that
   * use the name of a declaration in a changed file are listed apart (never in affectedTests).
   */
  completeness: Completeness;
  /** Test files not in affectedTests that hold such an unproven site: candidates to run too. */
  possibleTests: string[];
  /**
   * Changed files that no longer exist, in a language whose imports arbor can match: the indexed files
   * that still import them (`importers`) and those of their package (`packageFiles`), followed as changed.
   */
  deletedFiles: Array<{ path: string; importers: string[]; packageFiles: string[] }>;
  /** Whether the index is older than the files on disk (absent when not checked). */
  staleIndex?: IndexStaleness;
}

export function affected(project: Project, changed: string[], options: AffectedOptions & { since?: string } = {}): AffectedResult {
  const depth = Math.max(1, Math.floor(options.depth ?? 5));
  const kinds = [...(options.edgeKinds ?? DEPENDENCY_KINDS)];
  const { store } = project;

  const changedFiles: string[] = [];
  let indexedPaths: string[] | undefined;
  const add = (path: string) => {
    if (!changedFiles.includes(path)) changedFiles.push(path);
  };
  for (const arg of changed) {
    const path = project.projectPath(arg);
    if (path === undefined) continue;
    if (path !== '' && store.file(path)) {
      add(path);
      continue;
    }
    // A folder stands for the indexed files under it.
    indexedPaths ??= store.files().map((f) => f.path);
    const under = indexedPaths.filter((p) => isUnder(p, path));
    if (under.length > 0) under.forEach(add);
    else if (path !== '') add(path);
  }
  changedFiles.sort(compareText);

  const tests = new Map<string, AffectedTest>();
  const notIndexed: string[] = [];
  const reached = new Set<string>();
  let moreBeyondDepth = false;
  const unproven: UnprovenSite[] = [];
  let folders: Map<string, string[]> | undefined;
  const filesOfFolder = (path: string) => {
    folders ??= groupByFolder(store.files().map((f) => f.path));
    return folders.get(posix.dirname(path)) ?? [];
  };
  const addTest = (file: string, reason: AffectedTest['reason'], via: string, distance: number, convention: string) => {
    const known = tests.get(file);
    if (!known || (known.reason !== 'changed' && distance < known.distance)) tests.set(file, { filePath: file, reason, via, distance, convention });
  };
  // Tests a file reaches by being compiled with it (Go: a package's _test.go files), at one hop more.
  const addTestsCompiledWith = (file: string, via: string, distance: number) => {
    for (const test of testsCompiledWith(file, filesOfFolder(file))) addTest(test.path, 'depends', via, distance + 1, test.convention);
  };

  /** Follows the graph back from an indexed file standing for `via` (itself, or a file a deleted `via` breaks), `base` hops away. */
  const reachFrom = (path: string, via: string, base: number) => {
    const start = store.nodesInFile(path);
    unproven.push(...unprovenSites(project, start, kinds.filter((k) => k !== 'imports')));
    // The depth-limited walk over the other kinds (an empty kind list would mean every kind to the store).
    const bounded = kinds.filter((k) => k !== 'imports');
    const result = bounded.length > 0 ? walk(store, start, { direction: 'in', kinds: bounded, maxDepth: depth }) : { steps: [], depthLimited: false };
    // Hops to each file: the walk's own, then the import closure of every file it reached.
    const distance = new Map<string, number>();
    for (const step of result.steps) {
      const known = distance.get(step.node.filePath);
      if (known === undefined || step.depth < known) distance.set(step.node.filePath, step.depth);
    }
    let closureLimited = false;
    if (kinds.includes('imports')) {
      const fileNodes = start.filter((n) => n.kind === 'file');
      for (const file of distance.keys()) fileNodes.push(...store.nodesInFile(file).filter((n) => n.kind === 'file'));
      const seeds = new Map(fileNodes.map((n) => [n.id, n]));
      const seedBase = (id: string) => (seeds.get(id)?.filePath === path ? 0 : distance.get(seeds.get(id)?.filePath ?? '') ?? 0);
      const closure = walk(store, [...seeds.values()], { direction: 'in', kinds: ['imports'], maxDepth: Number.POSITIVE_INFINITY });
      closureLimited = closure.truncated;
      // A file reached from several seeds keeps the shortest total distance.
      const hops = new Map<string, number>([...seeds.keys()].map((id) => [id, seedBase(id)]));
      for (const step of closure.steps) {
        const d = (hops.get(step.via.id) ?? 0) + 1;
        if (!hops.has(step.node.id) || d < hops.get(step.node.id)!) hops.set(step.node.id, d);
        const known = distance.get(step.node.filePath);
        if (known === undefined || d < known) distance.set(step.node.filePath, d);
      }
    }
    // Only the bounded kinds can stop short: the import closure is always followed to the end.
    moreBeyondDepth ||= result.depthLimited || closureLimited;
    addTestsCompiledWith(path, via, base);
    for (const [file, hopsAway] of distance) {
      if (file === path) continue;
      reached.add(file);
      addTestsCompiledWith(file, via, base + hopsAway);
      const fileConvention = testConvention(file) ?? inlineTests(store, file);
      if (fileConvention) addTest(file, 'depends', via, base + hopsAway, fileConvention);
    }
  };

  const gone: string[] = [];
  for (const path of changedFiles) {
    const indexed = store.file(path) !== undefined;
    const onDisk = indexed || existsSync(join(project.root, path));
    const convention = testConvention(path) ?? (indexed ? inlineTests(store, path) : undefined);
    if (convention && onDisk) tests.set(path, { filePath: path, reason: 'changed', via: path, distance: 0, convention });
    if (indexed) reachFrom(path, path, 0);
    else if (!onDisk && options.languageOf?.(path)) gone.push(path);
    else notIndexed.push(path);
  }

  // A deleted file has no node left: what it breaks is found through the specifiers that named it.
  const deletedFiles: DeletedFile[] = gone.length > 0 && options.languageOf
    ? findDeletedFileImporters(store, store.nodesOfKind('import'), gone, options.languageOf, { root: project.root })
    : [];
  const otherReasons: string[] = [];
  for (const deleted of deletedFiles) {
    if (!deleted.namingKnown) {
      notIndexed.push(deleted.path);
      otherReasons.push(`${deleted.path} was deleted and arbor does not know how its language's imports name files: ` +
        'only the imports that now land nowhere and end in its name were followed');
    }
    addTestsCompiledWith(deleted.path, deleted.path, 0);
    for (const file of [...deleted.importers, ...deleted.packageFiles]) {
      if (changedFiles.includes(file)) continue;
      reached.add(file);
      const fileConvention = testConvention(file) ?? inlineTests(store, file);
      if (fileConvention) addTest(file, 'depends', deleted.path, 1, fileConvention);
      reachFrom(file, deleted.path, 1);
    }
  }
  notIndexed.sort(compareText);

  const all = [...tests.values()].sort((a, b) => compareText(a.filePath, b.filePath));
  const limit = options.limit ?? 0;
  const listed = limit > 0 ? all.slice(0, limit) : all;
  // A site in a file already reached (or changed) adds no test the list lacks.
  const seen = new Set<string>();
  const outside = unproven.filter((u) => {
    const key = `${u.filePath}\u0000${u.line}\u0000${u.column}\u0000${u.reference}`;
    if (seen.has(key) || reached.has(u.filePath) || changedFiles.includes(u.filePath)) return false;
    seen.add(key);
    return true;
  });
  const possibleTests = [...new Set(outside.filter((u) => u.isTest && !tests.has(u.filePath)).map((u) => u.filePath))].sort(compareText);
  if (possibleTests.length > 0) otherReasons.push(`${possibleTests.length} more test file${possibleTests.length === 1 ? '' : 's'} may be affected (possibleTests)`);
  const unknown = notIndexed.filter((p) => !deletedFiles.some((d) => d.path === p));
  if (unknown.length > 0) {
    otherReasons.push(`${unknown.length} changed file${unknown.length === 1 ? '' : 's'} not in the index, whose effect on tests arbor cannot see (notIndexed)`);
  }
  if (moreBeyondDepth) otherReasons.push(`dependencies continue beyond depth ${depth}`);
  if (listed.length < all.length) otherReasons.push(`the list is cut at ${limit} of ${all.length} tests (--limit)`);
  const staleIndex = options.checkStaleness === false ? undefined : indexStaleness(project);
  if (staleIndex?.stale) otherReasons.push(staleIndex.message);
  return {
    changedFiles,
    since: options.since ?? null,
    depth,
    affectedTests: listed,
    notIndexed,
    deletedFiles: deletedFiles.map(({ path, importers, packageFiles }) => ({ path, importers, packageFiles })),
    filesReached: reached.size,
    truncated: listed.length < all.length,
    moreBeyondDepth,
    completeness: completeness(outside, 50, otherReasons),
    possibleTests,
    ...(staleIndex ? { staleIndex } : {}),
  };
}

function groupByFolder(paths: readonly string[]): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const path of paths) {
    const folder = posix.dirname(path);
    const list = folders.get(folder) ?? [];
    list.push(path);
    folders.set(folder, list);
  }
  return folders;
}

/**
 * A source file that holds its own tests (Rust: `#[test]` functions, a `#[cfg(test)] mod tests`; Zig: `test` blocks),
 * though its path follows no test naming: the convention's name, or undefined.
 */
function inlineTests(store: Project['store'], path: string): string | undefined {
  if (path.endsWith('.zig')) {
    return store.nodesInFile(path).some((n) => n.decorators.includes('test')) ? 'Zig test blocks in the file' : undefined;
  }
  if (!path.endsWith('.rs')) return undefined;
  const found = store.nodesInFile(path).some((n) => n.decorators.some((d) => d === 'test' || /^cfg\(\s*test\s*\)$/.test(d) || /^([\w:]+::)?test(\(.*\))?$/.test(d)));
  return found ? 'Rust #[test] / #[cfg(test)] in the file' : undefined;
}

/**
 * Files changed since a git ref (`git diff --name-only <ref>`, paths relative to the project
 * root): committed, staged and unstaged changes to tracked files.
 *
 * Names come NUL-separated (`-z`) with `core.quotePath` off: git otherwise quotes a name holding
 * a non-ASCII byte, `"`, `\` or a control character (`"a\tb.ts"`), and a newline in a name
 * would split it in two. The repository's `core.fsmonitor` is a command: it is turned off here
 * too, whoever calls this.
 */
export function changedSince(root: string, ref: string): string[] {
  if (ref.startsWith('-')) throw new QueryError('bad-argument', `--since: not a git ref: ${ref}`);
  const git = (args: string[]) => gitOutput(root, ref, args);
  if (git(['rev-parse', '--is-inside-work-tree']).trim() !== 'true') {
    throw new QueryError('git-failed', `--since ${ref}: the project is not inside a git work tree; name the changed files instead (arbor affected <file>...)`);
  }
  const changed = git(['diff', '-z', '--name-only', '--relative', '--no-renames', ref, '--']);
  // A new file git does not track yet is a change too (ignored files and the graph's own folder are not).
  const untracked = git(['ls-files', '-z', '--others', '--exclude-standard', '--', '.']).split('\0').filter((name) => !name.startsWith(`${INDEX_DIR}/`));
  return [...new Set([...changed.split('\0'), ...untracked].filter((name) => name !== ''))];
}

/** Runs git in `root` without the repository's fsmonitor hook and with unquoted names. */
function gitOutput(root: string, ref: string, args: string[]): string {
  try {
    return childProcess().execFileSync('git', ['-c', 'core.quotePath=false', '-c', 'core.fsmonitor=false', ...args], {
      cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim().split('\n')[0];
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new QueryError('git-failed', `--since ${ref}: git is not installed`);
    if (/not a git repository/i.test(stderr)) {
      throw new QueryError('git-failed', `--since ${ref}: the project is not inside a git work tree; name the changed files instead (arbor affected <file>...)`);
    }
    if (/bad revision|unknown revision|ambiguous argument|bad object|invalid object name/i.test(stderr) && isShallow(root)) {
      throw new QueryError('git-failed', `--since ${ref}: this is a shallow clone and ${ref} is not in the history it fetched; ` +
        `fetch it first: \`git fetch --deepen=<commits>\` for an ancestor such as HEAD~1, \`git fetch --depth=1 origin <branch>\` ` +
        `for a base branch (in GitHub Actions: actions/checkout with fetch-depth: 0) (git: ${stderr})`);
    }
    throw new QueryError('git-failed', `--since ${ref}: ${stderr || `git ${args[0]} failed`}`);
  }
}

/** Whether the repository holding `root` is a shallow clone (its history cut at some depth). */
function isShallow(root: string): boolean {
  try {
    return childProcess().execFileSync('git', ['-c', 'core.fsmonitor=false', 'rev-parse', '--is-shallow-repository'], {
      cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'],
    }).trim() === 'true';
  } catch {
    return false;
  }
}
