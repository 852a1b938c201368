// The Python oracle's Node side: finds an interpreter with jedi, hands it the files, collects its sites.
// The analysis itself is python_oracle.py (one process for the whole repository).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { walkFiles } from './walk.mjs';

export const PYTHON_FILE = /\.pyi?$/;
const SOURCE_FILE = /\.py$/; // stubs (.pyi) hold no calls worth judging, as .d.ts files for the TS oracle
const SCRIPT = path.join(path.dirname(new URL(import.meta.url).pathname), 'python_oracle.py');
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.codegraph', '__pycache__', '.venv', 'venv', '.tox', '.nox',
  '.eggs', 'site-packages', 'dist-packages', 'build', 'dist', '.mypy_cache', '.pytest_cache']);
const PROJECT_FILES = ['pyproject.toml', 'setup.py', 'setup.cfg'];

/**
 * An interpreter that can import jedi, or null: `--python`, else $ARBOR_PYTHON, else the first of
 * /usr/bin/python3 and python3 that has jedi. `-I` keeps the user's site-packages, PYTHONPATH and the
 * script's folder out of sys.path. Debian's /usr/bin/python3 comes first: python3-jedi installs there, while
 * `python3` on PATH may be another build (pyenv) that does not see Debian's packages.
 */
export function findPython(preferred) {
  const chosen = preferred ?? process.env.ARBOR_PYTHON;
  const candidates = chosen ? [chosen] : ['/usr/bin/python3', 'python3'];
  for (const exe of candidates) {
    const res = spawnSync(exe, ['-I', '-c', 'import jedi, sys; print(jedi.__version__, sys.version.split()[0])'], { encoding: 'utf8' });
    if (res.status === 0) {
      const [jedi, python] = res.stdout.trim().split(' ');
      return { exe, jedi, python };
    }
  }
  return null;
}

/** `.py` files under root and the folders that hold a Python project file (the analyser's source roots). */
function walkPython(root) {
  const projectDirs = [];
  const files = walkFiles(root, {
    enterDir: (name) => !SKIPPED_DIRS.has(name),
    keepFile: (name) => SOURCE_FILE.test(name),
    onFolder: (dir, entries) => { if (entries.some((e) => e.isFile() && PROJECT_FILES.includes(e.name))) projectDirs.push(dir); },
  });
  return { files, projectDirs };
}

/**
 * Every call site of the repository's `.py` files (the graph's and any other under root) with jedi's answer.
 * @param {string} root absolute repo root
 * @param {{ graphFiles?: string[], python?: string, progress?: boolean }} opts
 */
export function collectPythonSites(root, { graphFiles = [], python, progress = false } = {}) {
  root = path.resolve(root);
  const interpreter = findPython(python);
  if (!interpreter) {
    throw new Error('no Python interpreter with jedi found (apt-get install python3-jedi, or pass --python <exe>)');
  }
  const walked = walkPython(root);
  const files = [...new Set([...graphFiles.filter((f) => SOURCE_FILE.test(f)), ...walked.files])]
    .filter((f) => fs.existsSync(path.join(root, f))).sort();
  // Source roots: the repo, `src/` (the src layout) and every folder with a pyproject.toml / setup.py /
  // setup.cfg, so `import flask` from tests/ finds src/flask as an installed checkout would.
  const sourceRoots = [...new Set([root, path.join(root, 'src'), ...walked.projectDirs, ...walked.projectDirs.map((d) => path.join(d, 'src'))])]
    .filter((d) => fs.existsSync(d) && fs.statSync(d).isDirectory());
  const request = JSON.stringify({ root, files, sourceRoots, progress });
  const res = spawnSync(interpreter.exe, ['-I', SCRIPT], {
    input: request, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', progress ? 'inherit' : 'pipe'],
  });
  if (res.status !== 0) throw new Error(`python oracle failed (exit ${res.status}): ${res.stderr ?? ''}`);

  const sites = []; const scannedFiles = []; const errors = []; const unresolved = new Map();
  let header = {}; let done = {};
  for (const line of res.stdout.split('\n')) {
    if (!line) continue;
    const msg = JSON.parse(line);
    if (msg.header) header = msg.header;
    else if (msg.done) done = msg.done;
    else if (msg.error) errors.push({ file: msg.file, error: msg.error });
    else {
      scannedFiles.push(msg.file);
      sites.push(...msg.sites);
      for (const [spec, n] of Object.entries(msg.unresolved)) unresolved.set(spec, (unresolved.get(spec) ?? 0) + n);
    }
  }
  return {
    sites,
    scannedFiles,
    errors,
    unresolvedModules: [...unresolved].sort((a, b) => b[1] - a[1]).map(([specifier, imports]) => ({ specifier, imports })),
    sourceRoots: sourceRoots.map((d) => path.relative(root, d).split(path.sep).join('/') || '.'),
    python: interpreter.exe,
    pythonVersion: header.python ?? interpreter.python,
    jediVersion: header.jedi ?? interpreter.jedi,
    oracleSeconds: done.seconds ?? null,
    stubsHidden: header.stubsHidden ?? null,
  };
}
