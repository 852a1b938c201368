#!/usr/bin/env node
// Writes a synthetic repository of N source files for scale benchmarks: TypeScript and Python modules
// (about half each) spread over packages, each importing a few others and calling what they export —
// functions, classes constructed and their methods called on typed receivers — plus test files that
// import what they test. Deterministic for a given (N, seed): the same tree every time.
//
//   node tools/bench/generate-repo.mjs <out-dir> --files N [--seed S] [--python-share 0.5]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mulberry32 as prng } from '../accuracy/sample.mjs';

const USAGE = 'usage: node tools/bench/generate-repo.mjs <out-dir> --files N [--seed S] [--python-share F]';

const WORDS = ['order', 'user', 'cart', 'price', 'token', 'session', 'report', 'query', 'cache', 'event', 'route',
  'schema', 'field', 'record', 'batch', 'stream', 'config', 'policy', 'account', 'invoice', 'ledger', 'metric'];
const VERBS = ['load', 'save', 'parse', 'format', 'check', 'build', 'merge', 'split', 'apply', 'render', 'count', 'find'];

/** Plans every module first (name, language, exports), so imports can name real exports of other modules. */
export function planRepository(files, seed = 1, pythonShare = 0.5) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const perPackage = 40;
  const modules = [];
  for (let i = 0; i < files; i++) {
    const isTest = i % 10 === 9;
    const python = random() < pythonShare;
    const pkg = `pkg${Math.floor(i / perPackage)}`;
    const stem = `${pick(WORDS)}_${i}`;
    const functions = Array.from({ length: 3 + Math.floor(random() * 4) }, (_, k) => `${pick(VERBS)}${k}_${i}`);
    const cls = `${pick(WORDS)[0].toUpperCase()}${pick(WORDS).slice(1)}Service${i}`;
    const methods = Array.from({ length: 2 + Math.floor(random() * 3) }, (_, k) => `${pick(VERBS)}_${k}`);
    modules.push({ index: i, python, pkg, stem, isTest, functions, cls, methods, imports: [] });
  }
  // Each module imports 2–4 earlier non-test modules of its language (a test imports the module before it).
  for (const m of modules) {
    const sameLanguage = (n) => n.python === m.python && !n.isTest && n.index < m.index;
    const candidates = [];
    for (let k = Math.max(0, m.index - 200); k < m.index; k++) if (sameLanguage(modules[k])) candidates.push(modules[k]);
    const want = m.isTest ? 1 : 2 + Math.floor(random() * 3);
    for (let k = 0; k < want && candidates.length > 0; k++) {
      const target = m.isTest ? candidates[candidates.length - 1] : candidates[Math.floor(random() * candidates.length)];
      if (!m.imports.includes(target)) m.imports.push(target);
    }
  }
  return modules;
}

function tsPath(m) {
  return `src/${m.pkg}/${m.stem}${m.isTest ? '.test' : ''}.ts`;
}

function pyPath(m) {
  return `py/${m.pkg}/${m.isTest ? 'test_' : ''}${m.stem}.py`;
}

export function pathOf(m) {
  return m.python ? pyPath(m) : tsPath(m);
}

function relativeImport(from, to) {
  let rel = path.posix.relative(path.posix.dirname(tsPath(from)), tsPath(to)).replace(/\.ts$/, '');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

function typescriptSource(m) {
  const lines = [];
  for (const dep of m.imports) lines.push(`import { ${dep.functions[0]}, ${dep.cls} } from '${relativeImport(m, dep)}';`);
  lines.push('');
  lines.push(`/** ${m.cls} keeps ${m.stem} records and answers questions about them. */`);
  lines.push(`export class ${m.cls} {`);
  lines.push('  private readonly items: number[] = [];');
  m.methods.forEach((method, k) => {
    lines.push(`  ${method}(value: number): number {`);
    lines.push(`    this.items.push(value * ${k + 1});`);
    if (k > 0) lines.push(`    return this.${m.methods[k - 1]}(value) + this.items.length;`);
    else lines.push('    return this.items.reduce((sum, x) => sum + x, 0);');
    lines.push('  }');
  });
  lines.push('}');
  m.functions.forEach((fn, k) => {
    lines.push('');
    lines.push(`/** Step ${k} of the ${m.stem} pipeline. */`);
    lines.push(`export function ${fn}(input: number): number {`);
    lines.push(`  const service = new ${m.cls}();`);
    lines.push(`  let total = service.${m.methods[0]}(input);`);
    for (const dep of m.imports) {
      lines.push(`  total += ${dep.functions[0]}(total % 7);`);
      lines.push(`  const other = new ${dep.cls}();`);
      lines.push(`  total += other.${dep.methods[0]}(total);`);
    }
    if (k > 0) lines.push(`  return ${m.functions[k - 1]}(total) + ${k};`);
    else lines.push('  return total;');
    lines.push('}');
  });
  lines.push('');
  return lines.join('\n');
}

function pythonSource(m) {
  const lines = [];
  for (const dep of m.imports) lines.push(`from py.${dep.pkg}.${dep.stem} import ${dep.functions[0]}, ${dep.cls}`);
  lines.push('');
  lines.push('');
  lines.push(`class ${m.cls}:`);
  lines.push(`    """Keeps ${m.stem} records and answers questions about them."""`);
  lines.push('');
  lines.push('    def __init__(self):');
  lines.push('        self.items = []');
  m.methods.forEach((method, k) => {
    lines.push('');
    lines.push(`    def ${method}(self, value):`);
    lines.push(`        self.items.append(value * ${k + 1})`);
    if (k > 0) lines.push(`        return self.${m.methods[k - 1]}(value) + len(self.items)`);
    else lines.push('        return sum(self.items)');
  });
  m.functions.forEach((fn, k) => {
    lines.push('');
    lines.push('');
    lines.push(`def ${fn}(value):`);
    lines.push(`    """Step ${k} of the ${m.stem} pipeline."""`);
    lines.push(`    service = ${m.cls}()`);
    lines.push(`    total = service.${m.methods[0]}(value)`);
    for (const dep of m.imports) {
      lines.push(`    total += ${dep.functions[0]}(total % 7)`);
      lines.push(`    other = ${dep.cls}()`);
      lines.push(`    total += other.${dep.methods[0]}(total)`);
    }
    lines.push(k > 0 ? `    return ${m.functions[k - 1]}(total) + ${k}` : '    return total');
  });
  lines.push('');
  return lines.join('\n');
}

export function generateRepository(out, files, seed = 1, pythonShare = 0.5) {
  const modules = planRepository(files, seed, pythonShare);
  const packages = new Set();
  for (const m of modules) {
    const file = path.join(out, pathOf(m));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, m.python ? pythonSource(m) : typescriptSource(m));
    if (m.python) packages.add(path.dirname(file));
  }
  // Python packages: an __init__.py in py/ and each package folder.
  if (packages.size > 0) fs.writeFileSync(path.join(out, 'py', '__init__.py'), '');
  for (const dir of packages) fs.writeFileSync(path.join(dir, '__init__.py'), '');
  fs.writeFileSync(path.join(out, 'package.json'), `${JSON.stringify({ name: `generated-${files}`, private: true, type: 'module' }, null, 2)}\n`);
  return modules;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let args;
  try {
    args = parseArgs({ allowPositionals: true, options: { files: { type: 'string' }, seed: { type: 'string', default: '1' }, 'python-share': { type: 'string', default: '0.5' } } });
  } catch (e) {
    process.stderr.write(`generate-repo: ${e.message}\n${USAGE}\n`);
    process.exit(2);
  }
  const files = Number(args.values.files);
  if (args.positionals.length !== 1 || !Number.isInteger(files) || files < 1) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const out = path.resolve(args.positionals[0]);
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
    process.stderr.write(`generate-repo: ${out} is not empty\n`);
    process.exit(2);
  }
  const modules = generateRepository(out, files, Number(args.values.seed), Number(args.values['python-share']));
  const python = modules.filter((m) => m.python).length;
  process.stdout.write(`generate-repo: ${files} files in ${out} (${files - python} TypeScript, ${python} Python, ${modules.filter((m) => m.isTest).length} tests)\n`);
}
