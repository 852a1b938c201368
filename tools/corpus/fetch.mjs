#!/usr/bin/env node
// Materialises the pinned corpora of corpora.json into a folder outside git (default: ~/.cache/arbor-corpus).
// Usage: node tools/corpus/fetch.mjs [--dir <folder>] [--only <name>]... [--force]
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const here = path.dirname(new URL(import.meta.url).pathname);
const corpora = JSON.parse(fs.readFileSync(path.join(here, 'corpora.json'), 'utf8'));

function defaultCorpusDir() {
  if (process.env.ARBOR_CORPUS_DIR) return path.resolve(process.env.ARBOR_CORPUS_DIR);
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'arbor-corpus');
}

const { values } = parseArgs({
  options: {
    dir: { type: 'string' }, only: { type: 'string', multiple: true }, force: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  process.stdout.write('usage: node tools/corpus/fetch.mjs [--dir <folder>] [--only <name>]... [--force]\n');
  process.exit(0);
}
const dir = path.resolve(values.dir ?? defaultCorpusDir());
const wanted = (name) => !values.only || values.only.includes(name);
fs.mkdirSync(path.join(dir, '.stamps'), { recursive: true });

function stampPath(name) { return path.join(dir, '.stamps', `${name}.json`); }
function alreadyThere(name, stamp) {
  if (values.force || !fs.existsSync(path.join(dir, name)) || !fs.existsSync(stampPath(name))) return false;
  const old = JSON.parse(fs.readFileSync(stampPath(name), 'utf8'));
  return JSON.stringify(old.source) === JSON.stringify(stamp);
}
function finish(name, staged, source) {
  fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  fs.renameSync(staged, path.join(dir, name));
  fs.chmodSync(path.join(dir, name), 0o755); // mkdtemp makes it private
  const files = countFiles(path.join(dir, name));
  fs.writeFileSync(stampPath(name), `${JSON.stringify({ source, files, fetchedAt: new Date().toISOString() }, null, 2)}\n`);
  process.stdout.write(`${name}: ${files} files → ${path.join(dir, name)}\n`);
}
function countFiles(root) {
  let n = 0;
  for (const e of fs.readdirSync(root, { withFileTypes: true, recursive: true })) if (e.isFile()) n++;
  return n;
}

function fetchNpm(entry) {
  if (alreadyThere(entry.name, { spec: entry.spec, integrity: entry.integrity, keep: entry.keep })) {
    process.stdout.write(`${entry.name}: up to date\n`);
    return;
  }
  const work = fs.mkdtempSync(path.join(dir, '.work-'));
  try {
    const packed = JSON.parse(execFileSync('npm', ['pack', entry.spec, '--json', '--pack-destination', work],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }))[0];
    const tarball = path.join(work, packed.filename);
    // Check the bytes ourselves: the pin, not the registry, defines the corpus.
    const digest = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
    if (digest !== entry.integrity) throw new Error(`${entry.spec}: integrity ${digest} differs from the pinned ${entry.integrity}`);
    const unpacked = path.join(work, 'unpacked');
    fs.mkdirSync(unpacked);
    execFileSync('tar', ['xzf', tarball, '-C', unpacked, '--strip-components=1']);
    const staged = path.join(work, 'staged');
    for (const rel of entry.keep) {
      const from = path.join(unpacked, rel);
      if (!fs.existsSync(from)) throw new Error(`${entry.spec}: expected ${rel} in the tarball`);
      fs.cpSync(from, path.join(staged, rel), { recursive: true });
    }
    finish(entry.name, staged, { spec: entry.spec, integrity: entry.integrity, keep: entry.keep });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function fetchPythonStdlib(entry) {
  const info = JSON.parse(execFileSync('python3', ['-c',
    'import json,sys,sysconfig;print(json.dumps({"stdlib":sysconfig.get_paths()["stdlib"],"version":"%d.%d.%d"%sys.version_info[:3]}))'],
  { encoding: 'utf8' }));
  const name = `${entry.name}-${info.version}`;
  const source = { python: info.version, stdlib: info.stdlib, exclude: entry.exclude_dirs };
  if (alreadyThere(name, source)) { process.stdout.write(`${name}: up to date\n`); return; }
  const excluded = (dirName) => entry.exclude_dirs.some((x) => (x.endsWith('*') ? dirName.startsWith(x.slice(0, -1)) : dirName === x));
  const staged = fs.mkdtempSync(path.join(dir, '.work-'));
  const stack = [''];
  while (stack.length) {
    const rel = stack.pop();
    for (const e of fs.readdirSync(path.join(info.stdlib, rel), { withFileTypes: true })) {
      const child = path.join(rel, e.name);
      if (e.isDirectory() && !excluded(e.name)) stack.push(child);
      else if (e.isFile() && e.name.endsWith('.py')) {
        fs.mkdirSync(path.join(staged, rel), { recursive: true });
        fs.copyFileSync(path.join(info.stdlib, child), path.join(staged, child));
      }
    }
  }
  finish(name, staged, source);
}

for (const entry of corpora.npm) if (wanted(entry.name)) fetchNpm(entry);
if (corpora.python && (wanted(corpora.python.name) || values.only?.some((n) => n.startsWith(corpora.python.name)))) {
  fetchPythonStdlib(corpora.python);
}
process.stdout.write(`corpus folder: ${dir}\n`);
