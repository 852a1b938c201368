#!/usr/bin/env node
// Precision and recall of a code graph's `calls` / `instantiates` edges, with the TypeScript checker (TS/JS files),
// jedi (Python files), go/types (Go files), javac (Java files) or clang (C and C++ files) as oracle; for TS/JS also of its `extends` /
// `implements` edges (reported apart, as `heritage`).
// Usage: node tools/accuracy/run.mjs <repo> [--db <path>] [--json] [--samples N] [--seed N] [--tsconfig <path>]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectOracleSites, SCRIPT_FILE } from './oracle.mjs';
import { collectPythonSites, PYTHON_FILE } from './python-oracle.mjs';
import { collectGoSites, GO_FILE } from './go-oracle.mjs';
import { collectJavaSites, JAVA_FILE } from './java-oracle.mjs';
import { C_CALL_KINDS, C_FAMILY_FILE, collectCSites } from './c-oracle.mjs';
import { HERITAGE_EDGE_KINDS, readGraph } from './graph.mjs';
import { compare, declMatchesNode } from './compare.mjs';
import { sample } from './sample.mjs';

const USAGE = 'usage: node tools/accuracy/run.mjs <repo> [--db <path>] [--language typescript|python|go|java|c|cpp]... [--json] [--samples N] [--seed N]'
  + ' [--tsconfig <path>] [--condition C]... [--python <exe>] [--go <exe>] [--java <exe>] [--clang-python <exe>] [--fail-under PCT]';
const LANGUAGES = ['typescript', 'python', 'go', 'java', 'c', 'cpp'];
const FILE_OF = { typescript: SCRIPT_FILE, python: PYTHON_FILE, go: GO_FILE, java: JAVA_FILE, c: C_FAMILY_FILE, cpp: C_FAMILY_FILE };
// C and C++ share extensions (.h): the graph's own language column tells its files apart.
const GRAPH_LANGUAGE = { c: 'c', cpp: 'cpp' };
const inLanguage = (language, file) => (GRAPH_LANGUAGE[language] ? file.language === GRAPH_LANGUAGE[language] : FILE_OF[language].test(file.path));

function fail(message) {
  process.stderr.write(`accuracy: ${message}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: 'string' }, json: { type: 'boolean', default: false },
      samples: { type: 'string', default: '10' }, seed: { type: 'string', default: '1' },
      tsconfig: { type: 'string' }, condition: { type: 'string', multiple: true }, 'fail-under': { type: 'string' }, help: { type: 'boolean', short: 'h', default: false },
      language: { type: 'string', multiple: true }, python: { type: 'string' }, go: { type: 'string' }, java: { type: 'string' },
      'clang-python': { type: 'string' },
    },
  });
} catch (e) { fail(`${e.message}\n${USAGE}`); }
if (args.values.help) { process.stdout.write(`${USAGE}\n`); process.exit(0); }
if (args.positionals.length !== 1) fail(USAGE);

const root = path.resolve(args.positionals[0]);
const dbPath = path.resolve(args.values.db ?? path.join(root, '.codegraph', 'codegraph.db'));
const samples = Number.parseInt(args.values.samples, 10);
const seed = Number.parseInt(args.values.seed, 10);
if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) fail(`not a folder: ${root}`);
if (!fs.existsSync(dbPath)) fail(`no database at ${dbPath} (index the repo first, or pass --db)`);
if (!Number.isInteger(samples) || samples < 0) fail('--samples must be a non-negative integer');
const failUnder = args.values['fail-under'] == null ? null : Number(args.values['fail-under']);
if (failUnder != null && !(failUnder >= 0 && failUnder <= 100)) fail('--fail-under takes a percentage (0-100)');
for (const l of args.values.language ?? []) if (!LANGUAGES.includes(l)) fail(`--language takes ${LANGUAGES.join(' or ')}`);

let graph;
try { graph = readGraph(dbPath); } catch (e) { fail(`cannot read ${dbPath}: ${e.message}`); }
// Which oracle(s): --language, else the graph's files (TS/JS → TypeScript, .py/.pyi → Python; both → both).
const languages = args.values.language?.length ? [...new Set(args.values.language)]
  : LANGUAGES.filter((l) => graph.files.some((f) => inLanguage(l, f)));
if (!languages.length) languages.push('typescript');

function typescriptReport() {
  const started = Date.now();
  const graphScriptFiles = graph.files.map((f) => f.path).filter((p) => SCRIPT_FILE.test(p));
  const oracle = collectOracleSites(root, {
    graphFiles: graphScriptFiles, tsconfig: args.values.tsconfig, conditions: args.values.condition ?? [],
  });
  const result = compare(oracle, graph);
  // extends/implements: their own sites (.d.ts files included) and edges, so they never mix with calls.
  const heritageGraph = readGraph(dbPath, { kinds: HERITAGE_EDGE_KINDS });
  const heritage = judged(compare(oracle.heritage, heritageGraph), heritageGraph);
  return {
    repo: root, db: dbPath, schemaVersion: graph.schemaVersion, writer: graph.writer,
    typescriptVersion: oracle.typescriptVersion, tsconfig: oracle.configPath, seconds: (Date.now() - started) / 1000,
    unresolvedModules: oracle.unresolvedModules, conditions: oracle.conditions,
    ...judged(result),
    heritage,
  };
}

function pythonReport() {
  const started = Date.now();
  // Only the graph's Python files count as "in the graph" here; edges from other files are "not scanned".
  const pyGraph = { ...graph, files: graph.files.filter((f) => PYTHON_FILE.test(f.path)) };
  let oracle;
  try {
    oracle = collectPythonSites(root, { graphFiles: pyGraph.files.map((f) => f.path), python: args.values.python, progress: !args.values.json });
  } catch (e) { fail(e.message); }
  const result = compare(oracle, pyGraph);
  // Overall recall: the per-shape "(all)" rows together.
  const shapes = result.recall.filter((r) => r.group === '(all)');
  return {
    repo: root, db: dbPath, schemaVersion: graph.schemaVersion, writer: graph.writer, language: 'python',
    python: oracle.python, pythonVersion: oracle.pythonVersion, jediVersion: oracle.jediVersion,
    sourceRoots: oracle.sourceRoots, stubsHidden: oracle.stubsHidden, seconds: (Date.now() - started) / 1000, oracleSeconds: oracle.oracleSeconds,
    unresolvedModules: oracle.unresolvedModules, parseErrors: oracle.errors,
    recallOverall: overallRecall(shapes),
    ...judged(result),
  };
}

const where = (file, line) => `${file}:${line}`;
const describeEdgeTarget = (e) => `${e.targetKind} ${e.targetQualifiedName || e.targetName} @ ${where(e.targetFile, e.targetStart)}`;
const describeOracle = (site) => {
  if (site.answer === 'workspace' || site.decls.length) {
    const d = site.decls[0];
    return `${site.answer === 'workspace' ? site.category : site.answer} ${d.name} @ ${where(d.file, d.nameLine)}`;
  }
  return site.answer === 'external' ? `external (${site.externalWhere})` : site.answer;
};

/** Verdicts, tables and samples: the part of a report every oracle shares. */
function judged(result, judgedGraph = graph) {
  const fp = sample(result.falsePositives, samples, seed).map(({ edge, site, sites, named }) => ({
    site: where(edge.sourceFile, edge.line), callee: site.calleeText, edgeKind: edge.kind, resolvedBy: edge.resolvedBy,
    graph: describeEdgeTarget(edge),
    // When no call on the line names the target, show what the calls there do reach.
    oracle: named ? describeOracle(site) : `no call here reaches it: ${sites.slice(0, 3).map((s) => `\`${s.calleeText}\` → ${describeOracle(s)}`).join('; ')}`,
  }));
  const edgesBySite = new Map();
  for (const e of judgedGraph.edges) {
    const key = where(e.sourceFile, e.line);
    if (!edgesBySite.has(key)) edgesBySite.set(key, []);
    edgesBySite.get(key).push(e);
  }
  const fn = sample(result.falseNegatives, samples, seed).map(({ site }) => ({
    site: where(site.file, site.line), callee: site.calleeText, siteKind: site.kind, oracle: describeOracle(site),
    graphAtLine: [...new Set([site.line, site.nameLine])].flatMap((l) => edgesBySite.get(where(site.file, l)) ?? [])
      .map((e) => `${e.kind} → ${e.targetName} @ ${where(e.targetFile, e.targetStart)} [${e.resolvedBy}]`),
  }));
  const unjudged = sample(result.noSite, samples, seed).map(({ edge }) => ({
    site: where(edge.sourceFile, edge.line), edgeKind: edge.kind, resolvedBy: edge.resolvedBy, graph: describeEdgeTarget(edge),
  }));
  const callerDiffs = sample(result.callerMismatches, Math.min(samples, 5), seed).map(({ edge, site }) => ({
    site: where(edge.sourceFile, edge.line), callee: site.calleeText,
    graphCaller: `${edge.sourceKind} ${edge.sourceName} @ ${where(edge.sourceFile, edge.sourceStart)}`,
    oracleCaller: site.callers.length ? site.callers.map((c) => `${c.name} @ ${where(site.file, c.line)}`).join(' < ') : '(file level)',
  }));

  return {
    files: result.files,
    oracle: result.oracle,
    edges: { ...result.edges, duplicatesIgnored: judgedGraph.duplicateEdges, danglingIgnored: judgedGraph.danglingEdges },
    precision: result.precision,
    recall: result.recall,
    recallExclusions: result.recallExclusions,
    callers: result.callers,
    kindMismatches: result.kindMismatches,
    samples: { falsePositives: fp, falseNegatives: fn, noOracleSite: unjudged, callerDifferences: callerDiffs },
    totals: {
      falsePositives: result.falsePositives.length, falseNegatives: result.falseNegatives.length,
      noOracleSite: result.noSite.length, callerDifferences: result.callerMismatches.length,
    },
  };
}

function goReport() {
  const started = Date.now();
  const goGraph = { ...graph, files: graph.files.filter((f) => GO_FILE.test(f.path)) };
  let oracle;
  try {
    oracle = collectGoSites(root, { graphFiles: goGraph.files.map((f) => f.path), go: args.values.go });
  } catch (e) { fail(e.message); }
  const result = compare(oracle, goGraph);
  const shapes = result.recall.filter((r) => r.group === '(all)');
  return {
    repo: root, db: dbPath, schemaVersion: graph.schemaVersion, writer: graph.writer, language: 'go',
    goVersion: oracle.goVersion, modules: oracle.modules, seconds: (Date.now() - started) / 1000, oracleSeconds: oracle.oracleSeconds,
    unresolvedModules: oracle.unresolvedModules,
    recallOverall: overallRecall(shapes),
    ...judged(result),
  };
}

function javaReport() {
  const started = Date.now();
  const javaGraph = { ...graph, files: graph.files.filter((f) => JAVA_FILE.test(f.path)) };
  let oracle;
  try {
    oracle = collectJavaSites(root, { java: args.values.java });
  } catch (e) { fail(e.message); }
  const result = compare(oracle, javaGraph);
  // Overall recall counts invocations (the `calls` target); `new` sites have their own row.
  const shapes = result.recall.filter((r) => r.group === '(all)' && r.siteKind !== 'new');
  return {
    repo: root, db: dbPath, schemaVersion: graph.schemaVersion, writer: graph.writer, language: 'java',
    javaVersion: oracle.javaVersion, compilerErrors: oracle.compilerErrors, seconds: (Date.now() - started) / 1000, oracleSeconds: oracle.oracleSeconds,
    unresolvedModules: oracle.unresolvedModules,
    recallOverall: overallRecall(shapes),
    ...judged(result),
  };
}

// One clang run answers for both C and C++.
let cOracle;
function cReport(language) {
  const started = Date.now();
  const files = graph.files.filter((f) => inLanguage(language, f));
  const paths = new Set(files.map((f) => f.path));
  try {
    cOracle ??= collectCSites(root, { python: args.values['clang-python'] });
  } catch (e) { fail(e.message); }
  // Only this language's files are scanned here: edges from the other's files are judged in its own report.
  const oracle = { ...cOracle, scannedFiles: cOracle.scannedFiles.filter((f) => paths.has(f)) };
  const result = compare(oracle, { ...graph, files });
  // Overall recall counts calls; constructions and macro uses have rows of their own.
  const shapes = result.recall.filter((r) => r.group === '(all)' && C_CALL_KINDS.includes(r.siteKind));
  return {
    repo: root, db: dbPath, schemaVersion: graph.schemaVersion, writer: graph.writer, language,
    edgesToPrototypes: edgesToPrototypes(oracle, graph.edges, paths),
    clangVersion: oracle.clangVersion, compileCommands: oracle.compileCommands, translationUnits: oracle.translationUnits,
    compilerErrors: oracle.compilerErrors, seconds: (Date.now() - started) / 1000, oracleSeconds: oracle.oracleSeconds,
    unresolvedModules: oracle.unresolvedModules,
    recallOverall: overallRecall(shapes),
    ...judged(result),
  };
}

/**
 * Edges that stop at a header prototype while the repository defines the function: confirmed (the prototype
 * names the same function), but counted apart, since a reader of the graph lands on the declaration.
 */
function edgesToPrototypes(oracle, edges, paths) {
  const byLine = new Map();
  for (const site of oracle.sites) {
    if (site.answer !== 'workspace') continue;
    for (const key of new Set([`${site.file}:${site.line}`, `${site.file}:${site.nameLine}`])) {
      if (!byLine.has(key)) byLine.set(key, []);
      byLine.get(key).push(site);
    }
  }
  let count = 0;
  for (const e of edges) {
    if (!paths.has(e.sourceFile)) continue;
    const target = { file: e.targetFile, name: e.targetName, start: e.targetStart, end: e.targetEnd };
    const sites = byLine.get(`${e.sourceFile}:${e.line}`) ?? [];
    const matched = sites.flatMap((site) => site.decls.filter((d) => declMatchesNode(d, target)));
    const defined = sites.some((site) => site.decls.some((d) => !d.prototype && d.name === e.targetName));
    if (matched.length && matched.every((d) => d.prototype) && defined) count++;
  }
  return count;
}

/** Sites and found summed over the shape rows of a recall table. */
function overallRecall(shapes) {
  const sites = shapes.reduce((n, r) => n + r.sites, 0);
  const found = shapes.reduce((n, r) => n + r.found, 0);
  return { sites, found, recall: sites ? found / sites : null };
}

const REPORTS = { python: pythonReport, go: goReport, java: javaReport, typescript: typescriptReport, c: () => cReport('c'), cpp: () => cReport('cpp') };
const reports = languages.map((language) => REPORTS[language]());
if (args.values.json) {
  // One language: its report, as before; both: one report per language.
  const json = reports.length === 1 ? reports[0] : Object.fromEntries(languages.map((l, i) => [l, reports[i]]));
  process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
} else {
  process.stdout.write(reports.map(renderText).join('\n'));
}
// For CI: exit 1 when the precision of `calls` edges (all resolvers together) is below the bar.
for (const report of reports) {
  const callsPrecision = report.precision.find((p) => p.kind === 'calls' && p.resolvedBy === '(all)')?.precision;
  if (failUnder != null && callsPrecision != null && callsPrecision * 100 < failUnder) {
    process.stderr.write(`accuracy: ${report.language ?? 'typescript'} calls precision ${(callsPrecision * 100).toFixed(2)}% is below ${failUnder}%\n`);
    process.exitCode = 1;
  }
}

function pct(x) { return x == null ? '—' : `${(100 * x).toFixed(2)}%`; }

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(headers), ...rows.map(line)].map((l) => `  ${l.trimEnd()}\n`).join('');
}

function renderText(r) {
  const py = ['python', 'go', 'java', 'c', 'cpp'].includes(r.language);
  let out = '';
  out += `accuracy of ${r.db}\n`;
  out += `  repo ${r.repo} · schema v${r.schemaVersion ?? '?'}${r.writer ? ` · written by ${r.writer}` : ''}`;
  if (r.language === 'go') {
    out += ` · oracle: go/types of ${r.goVersion}, modules ${r.modules.join(', ') || '(no go.mod)'} · ${r.seconds.toFixed(1)}s\n`;
    out += `  files: ${r.files.graph} Go files in graph, ${r.files.scanned} .go scanned by the oracle, ${r.files.scannedNotInGraph} scanned but not in graph\n`;
  } else if (r.language === 'java') {
    out += ` · oracle: javac ${r.javaVersion} (JavacTask, no class path; ${r.compilerErrors ?? '?'} compiler errors, mostly missing libraries) · ${r.seconds.toFixed(1)}s\n`;
    out += `  files: ${r.files.graph} Java files in graph, ${r.files.scanned} .java scanned by the oracle, ${r.files.scannedNotInGraph} scanned but not in graph\n`;
  } else if (r.language === 'c' || r.language === 'cpp') {
    out += ` · oracle: ${r.clangVersion} (libclang; ${r.compileCommands ? 'compile_commands.json' : 'include paths from the tree'};`;
    out += ` ${r.translationUnits} translation units, ${r.compilerErrors} errors) · ${r.seconds.toFixed(1)}s\n`;
    out += `  files: ${r.files.graph} ${r.language === 'c' ? 'C' : 'C++'} files in graph, ${r.files.scanned} scanned by the oracle, ${r.files.scannedNotInGraph} scanned but not in graph\n`;
  } else if (py) {
    out += ` · oracle: jedi ${r.jediVersion} on Python ${r.pythonVersion} (${r.python}), source roots ${r.sourceRoots.join(', ')}`;
    if (r.stubsHidden?.length) out += `, jedi's bundled stubs of ${r.stubsHidden.join(', ')} hidden`;
    out += ` · ${r.seconds.toFixed(1)}s (jedi ${r.oracleSeconds?.toFixed(1) ?? '?'}s)\n`;
    out += `  files: ${r.files.graph} Python files in graph, ${r.files.scanned} .py scanned by the oracle, ${r.files.scannedNotInGraph} scanned but not in graph`;
    out += `${r.parseErrors.length ? `, ${r.parseErrors.length} not parsed (${r.parseErrors[0].file}: ${r.parseErrors[0].error})` : ''}\n`;
  } else {
    out += ` · oracle: TypeScript ${r.typescriptVersion} checker${r.tsconfig ? ` with ${r.tsconfig}` : ' (no tsconfig)'}`;
    out += `${r.conditions.length ? ` + conditions ${r.conditions.join(',')}` : ''} · ${r.seconds.toFixed(1)}s\n`;
    out += `  files: ${r.files.graph} in graph, ${r.files.scanned} TS/JS scanned by the oracle, ${r.files.scannedNotInGraph} scanned but not in graph\n`;
  }
  const unresolved = r.unresolvedModules.reduce((n, m) => n + m.imports, 0);
  out += `  modules the ${py ? 'analyser' : 'checker'} could not resolve: ${unresolved} import statements`;
  out += unresolved ? ` (${r.unresolvedModules.slice(0, 5).map((m) => `'${m.specifier}' ×${m.imports}`).join(', ')}${r.unresolvedModules.length > 5 ? ', …' : ''})\n` : '\n';
  out += `  oracle sites: ${r.oracle.sites} (${fmtCounts(r.oracle.bySiteKind)}); answers: ${fmtCounts(r.oracle.byAnswer)}\n`;
  out += `  edges: ${r.edges.total} calls+instantiates (${r.edges.duplicatesIgnored} duplicates, ${r.edges.danglingIgnored} dangling ignored;`;
  out += ` ${r.edges.notScanned} from files the oracle did not scan, ${r.edges.noLine} without a line)\n\n`;

  const analyser = { go: ['go/types', 'a missing dependency'], java: ['javac', 'a missing library'],
    c: ['clang', 'a function pointer, or a missing header'], cpp: ['clang', 'a function pointer, or a missing header'] }[r.language] ?? ['jedi', 'unknown receiver type'];
  out += py ? `PRECISION  confirmed / (confirmed + wrong); no-answer = ${analyser[0]} has no answer at the site (${analyser[1]}),\n`
    : 'PRECISION  confirmed / (confirmed + wrong); no-answer = the checker has no answer at the site (any-typed),\n';
  out += '           no-site = the oracle saw no call on that line (not judged)\n';
  out += table(['kind', 'resolvedBy', 'edges', 'judged', 'confirmed', 'wrong', 'no-answer', 'no-site', 'precision'],
    r.precision.map((p) => [p.kind, p.resolvedBy, p.edges, p.judged, p.confirmed, p.wrong, p.noAnswer, p.noSite, pct(p.precision)]));
  out += '\nRECALL  oracle calls into graphable workspace declarations found by an edge of the right kind\n';
  out += py ? '        (a call of a function → calls; of a class: either kind), by site shape. Rows "by:X" say which resolvedBy found them.\n'
    : '        (call → calls, new → instantiates; super/jsx: any kind). Rows "by:X" say which resolvedBy found them.\n';
  if (py) out += `  overall: ${r.recallOverall.found} of ${r.recallOverall.sites} repo-internal call sites (${pct(r.recallOverall.recall)})\n`;
  out += table(['site', 'target', 'sites', 'found', 'recall'],
    r.recall.map((x) => [x.siteKind, x.group, x.sites ?? '', x.found, x.sites ? pct(x.recall) : '']));
  if (r.edgesToPrototypes != null) out += `  ${r.edgesToPrototypes} confirmed edges stop at a prototype although the repository defines the function\n`;
  out += `  excluded: ${r.recallExclusions.sitesInFilesOutsideGraph} sites in files missing from the graph,`;
  out += ` ${r.recallExclusions.targetsOutsideGraph} whose target file is missing from the graph\n\n`;
  const c = r.callers;
  out += `CALLER  of ${c.confirmed} confirmed edges, ${c.innermost} start at the innermost enclosing function (or a declaration inside`;
  out += ` it, or the file at top level) (${pct(c.confirmed ? c.innermost / c.confirmed : null)}),\n        ${c.outer} at an outer enclosing function, ${c.elsewhere} elsewhere;`;
  out += ` ${r.kindMismatches} confirmed with an unexpected edge kind (e.g. \`new\` as calls)\n`;

  out += section(`FALSE POSITIVES (${r.samples.falsePositives.length} of ${r.totals.falsePositives})`, r.samples.falsePositives,
    (s) => `${s.site}  \`${s.callee}\`  ${s.edgeKind} [${s.resolvedBy}]\n      graph:  ${s.graph}\n      oracle: ${s.oracle}`);
  out += section(`FALSE NEGATIVES (${r.samples.falseNegatives.length} of ${r.totals.falseNegatives})`, r.samples.falseNegatives,
    (s) => `${s.site}  \`${s.callee}\`  (${s.siteKind})\n      oracle: ${s.oracle}\n      graph at this line: ${s.graphAtLine.length ? s.graphAtLine.join('; ') : 'nothing'}`);
  out += section(`NOT JUDGED: no oracle site on the edge's line (${r.samples.noOracleSite.length} of ${r.totals.noOracleSite})`, r.samples.noOracleSite,
    (s) => `${s.site}  ${s.edgeKind} [${s.resolvedBy}] → ${s.graph}`);
  out += section(`CALLER DIFFERENCES (${r.samples.callerDifferences.length} of ${r.totals.callerDifferences})`, r.samples.callerDifferences,
    (s) => `${s.site}  \`${s.callee}\`  graph: ${s.graphCaller}; oracle: ${s.oracleCaller}`);
  if (r.heritage) out += renderHeritage(r.heritage);
  return out;
}

/** extends/implements: a class's `extends` judged in value space, `implements` and an interface's `extends` in type space. */
function renderHeritage(h) {
  let out = '\nTYPE HIERARCHY  extends / implements edges against the checker (a class\'s extends: the value it evaluates to;\n';
  out += '                implements and an interface\'s extends: the type, so a same-named const is wrong)\n';
  out += `  oracle sites: ${h.oracle.sites} (${fmtCounts(h.oracle.bySiteKind)}); answers: ${fmtCounts(h.oracle.byAnswer)}\n`;
  out += `  edges: ${h.edges.total} extends+implements (${h.edges.duplicatesIgnored} duplicates, ${h.edges.danglingIgnored} dangling ignored;`;
  out += ` ${h.edges.notScanned} from files the oracle did not scan)\n`;
  out += table(['kind', 'resolvedBy', 'edges', 'judged', 'confirmed', 'wrong', 'no-answer', 'no-site', 'precision'],
    h.precision.map((p) => [p.kind, p.resolvedBy, p.edges, p.judged, p.confirmed, p.wrong, p.noAnswer, p.noSite, pct(p.precision)]));
  out += table(['site', 'target', 'sites', 'found', 'recall'],
    h.recall.map((x) => [x.siteKind, x.group, x.sites ?? '', x.found, x.sites ? pct(x.recall) : '']));
  out += section(`FALSE POSITIVES (${h.samples.falsePositives.length} of ${h.totals.falsePositives})`, h.samples.falsePositives,
    (s) => `${s.site}  \`${s.callee}\`  ${s.edgeKind} [${s.resolvedBy}]\n      graph:  ${s.graph}\n      oracle: ${s.oracle}`);
  out += section(`FALSE NEGATIVES (${h.samples.falseNegatives.length} of ${h.totals.falseNegatives})`, h.samples.falseNegatives,
    (s) => `${s.site}  \`${s.callee}\`  (${s.siteKind})\n      oracle: ${s.oracle}\n      graph at this line: ${s.graphAtLine.length ? s.graphAtLine.join('; ') : 'nothing'}`);
  out += section(`NOT JUDGED: no oracle site on the edge's line (${h.samples.noOracleSite.length} of ${h.totals.noOracleSite})`, h.samples.noOracleSite,
    (s) => `${s.site}  ${s.edgeKind} [${s.resolvedBy}] → ${s.graph}`);
  return out;
}

function fmtCounts(obj) {
  return Object.entries(obj).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
}

function section(title, items, render) {
  if (!items.length) return '';
  return `\n${title}\n${items.map((s) => `  ${render(s)}\n`).join('')}`;
}
