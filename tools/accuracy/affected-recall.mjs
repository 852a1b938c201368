// Recall and precision of `arbor affected <file>` against the import closure.
// Ground truth for a changed file: the test files whose transitive import closure holds it, computed
// without arbor: TypeScript/JavaScript with the compiler's module resolution, Python with python_imports.py.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { testConvention } from '../../packages/query/dist/tests-convention.js';
import { walkRepo } from './oracle.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_ARBOR = path.join(HERE, '../../packages/cli/bin/arbor.mjs');
const USAGE = 'usage: node tools/accuracy/affected-recall.mjs <repo> [--language typescript|python] [--changed <file>]...'
  + ' [--sample N] [--seed N] [--condition C]... [--tsconfig <path>] [--depth N] [--python <exe>] [--arbor <bin>] [--json]';
const SCRIPT = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const toPosix = (p) => p.split(path.sep).join('/');

/** Module-specifier sites of one TS/JS file: import, export … from, import = require, import(), require(). */
function specifiersOf(sf) {
  const out = [];
  const literal = (n) => (n && ts.isStringLiteralLike(n) ? n.text : null);
  const stack = [sf];
  while (stack.length) {
    const node = stack.pop();
    let spec = null;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) spec = literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) spec = literal(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && node.arguments.length >= 1
      && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      spec = literal(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) spec = literal(node.argument.literal);
    if (spec !== null) out.push(spec);
    ts.forEachChild(node, (c) => { stack.push(c); });
  }
  return out;
}

/** file -> repo files it imports, by the TypeScript compiler's module resolution (the repo's tsconfig, if any). */
export function typescriptImports(root, { tsconfig, conditions = [] } = {}) {
  root = path.resolve(root);
  const found = tsconfig ? path.resolve(tsconfig) : ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  const configPath = found && path.resolve(found).startsWith(root + path.sep) ? found : null;
  let options = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, resolveJsonModule: true };
  if (configPath) {
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    if (parsed) options = parsed.options;
  }
  options = { ...options, allowJs: true };
  if (conditions.length) options.customConditions = [...(options.customConditions ?? []), ...conditions];
  const inRepo = (abs) => {
    const rel = path.relative(root, abs);
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel) && !rel.split(path.sep).includes('node_modules');
  };
  const host = ts.createCompilerHost(options, true);
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  const graph = new Map();
  for (const abs of walkRepo(root).scripts) {
    if (DECLARATION.test(abs)) continue;
    const sf = ts.createSourceFile(abs, fs.readFileSync(abs, 'utf8'), ts.ScriptTarget.Latest, false);
    const deps = new Set();
    for (const spec of specifiersOf(sf)) {
      // Resolve as an ES import first, then as require (a package's `exports` may differ per condition).
      for (const mode of [ts.ModuleKind.ESNext, ts.ModuleKind.CommonJS]) {
        const r = ts.resolveModuleName(spec, abs, options, host, cache, undefined, mode).resolvedModule;
        if (r && inRepo(r.resolvedFileName) && !DECLARATION.test(r.resolvedFileName)) { deps.add(toPosix(path.relative(root, r.resolvedFileName))); break; }
      }
    }
    deps.delete(toPosix(path.relative(root, abs)));
    graph.set(toPosix(path.relative(root, abs)), [...deps].sort());
  }
  return graph;
}

export function pythonImports(root, python = process.env.ARBOR_PYTHON || 'python3') {
  const r = spawnSync(python, [path.join(HERE, 'python_imports.py'), root], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`python_imports.py failed: ${r.stderr || r.error}`);
  return new Map(Object.entries(JSON.parse(r.stdout)));
}

/** Test files whose import closure holds `changed`: a walk over the reversed import graph. */
export function testsReaching(graph, changed) {
  const importers = new Map();
  for (const [file, deps] of graph) for (const d of deps) {
    if (!importers.has(d)) importers.set(d, []);
    importers.get(d).push(file);
  }
  const seen = new Set([changed]);
  const queue = [changed];
  while (queue.length) for (const f of importers.get(queue.pop()) ?? []) if (!seen.has(f)) { seen.add(f); queue.push(f); }
  seen.delete(changed);
  return [...seen].filter((f) => testConvention(f)).sort();
}

function arborAffected(arbor, root, file, depth) {
  const args = [arbor, 'affected', file, '--json', '-p', root];
  if (depth !== undefined) args.push('--depth', String(depth));
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`arbor affected ${file}: ${r.stderr}`);
  return JSON.parse(r.stdout).affectedTests.filter((t) => t.reason === 'depends').map((t) => t.filePath);
}

/** Deterministic sample (a small LCG shuffle) so runs compare. */
function sample(list, n, seed) {
  const out = [...list];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return n > 0 ? out.slice(0, n).sort() : out.sort();
}

export function measure(root, { language, changed = [], sampleSize = 30, seed = 1, conditions, tsconfig, depth, python, arbor = DEFAULT_ARBOR } = {}) {
  root = path.resolve(root);
  const graph = language === 'python' ? pythonImports(root, python) : typescriptImports(root, { conditions, tsconfig });
  const candidates = [...graph.keys()].filter((f) => !testConvention(f));
  const files = changed.length ? changed : sample(candidates, sampleSize, seed);
  const rows = [];
  let found = 0; let truthTotal = 0; let listed = 0; let right = 0;
  for (const file of files) {
    const truth = testsReaching(graph, file);
    const got = arborAffected(arbor, root, file, depth);
    const truthSet = new Set(truth); const gotSet = new Set(got);
    const hits = got.filter((t) => truthSet.has(t)).length;
    rows.push({
      file, truth: truth.length, arbor: got.length, hits,
      missed: truth.filter((t) => !gotSet.has(t)),
      extra: got.filter((t) => !truthSet.has(t)),
    });
    found += hits; truthTotal += truth.length; listed += got.length; right += hits;
  }
  return {
    repo: root, language, files: rows.length,
    recall: truthTotal ? found / truthTotal : 1,
    precision: listed ? right / listed : 1,
    truthTests: truthTotal, arborTests: listed, rows,
  };
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      language: { type: 'string' }, changed: { type: 'string', multiple: true }, sample: { type: 'string' }, seed: { type: 'string' },
      condition: { type: 'string', multiple: true }, tsconfig: { type: 'string' }, depth: { type: 'string' },
      python: { type: 'string' }, arbor: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean' },
    },
  });
  if (values.help || positionals.length !== 1) { console.error(USAGE); process.exit(values.help ? 0 : 2); }
  const root = path.resolve(positionals[0]);
  if (!fs.existsSync(path.join(root, '.codegraph'))) { console.error(`${root}: not indexed (run arbor index first)`); process.exit(2); }
  const language = values.language ?? (walkRepo(root).scripts.length ? 'typescript' : 'python');
  const report = measure(root, {
    language, changed: values.changed ?? [], sampleSize: Number(values.sample ?? 30), seed: Number(values.seed ?? 1),
    conditions: values.condition ?? [], tsconfig: values.tsconfig, depth: values.depth === undefined ? undefined : Number(values.depth),
    python: values.python, arbor: values.arbor ? path.resolve(values.arbor) : DEFAULT_ARBOR,
  });
  if (values.json) { console.log(JSON.stringify(report, null, 2)); return; }
  const pct = (x) => `${(100 * x).toFixed(1)}%`;
  console.log(`${report.repo} (${language}): ${report.files} changed files`);
  console.log(`recall ${pct(report.recall)} (${report.rows.reduce((s, r) => s + r.hits, 0)}/${report.truthTests} tests)  precision ${pct(report.precision)} (of ${report.arborTests} listed)`);
  for (const r of report.rows) {
    if (!r.missed.length && !r.extra.length) continue;
    console.log(`  ${r.file}: ${r.hits}/${r.truth} found, ${r.arbor} listed`);
    for (const m of r.missed.slice(0, 5)) console.log(`    missed ${m}`);
    if (r.missed.length > 5) console.log(`    … ${r.missed.length - 5} more missed`);
    for (const e of r.extra.slice(0, 3)) console.log(`    extra  ${e}`);
    if (r.extra.length > 3) console.log(`    … ${r.extra.length - 3} more extra`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
