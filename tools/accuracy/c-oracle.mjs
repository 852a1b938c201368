// The C/C++ oracle's Node side: finds an interpreter with libclang's Python bindings, hands c_oracle.py the
// repository's C-family files, collects its sites in the shape compare.mjs judges.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { walkFiles } from './walk.mjs';

export const C_FAMILY_FILE = /\.(c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|h\+\+|inl|ipp|tpp)$/i;
const CPP_SOURCE = /\.(cc|cpp|cxx|c\+\+)$/i;
const SCRIPT = path.join(path.dirname(new URL(import.meta.url).pathname), 'c_oracle.py');
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.codegraph', 'build', 'out', 'third_party', 'third-party', 'vendor',
  'external', 'deps', 'cmake-build-debug', 'cmake-build-release']);
// Call shapes the overall recall counts; constructions (`new`, `T()`) and macro uses have rows of their own.
export const C_CALL_KINDS = ['f()', 'obj.m()', 'Cls::m()'];

/**
 * An interpreter that can import clang.cindex and load libclang, or null: `--clang-python`, else
 * $ARBOR_CLANG_PYTHON, else /usr/bin/python3 (where Debian's python3-clang-14 installs), else python3.
 */
export function findClangPython(preferred) {
  const chosen = preferred ?? process.env.ARBOR_CLANG_PYTHON;
  const candidates = chosen ? [chosen] : ['/usr/bin/python3', 'python3'];
  for (const exe of candidates) {
    const res = spawnSync(exe, ['-I', '-c', 'import clang.cindex as c; c.Index.create(); print("ok")'], { encoding: 'utf8' });
    if (res.status === 0) return { exe };
  }
  return null;
}

function walkCFamily(root) {
  return walkFiles(root, {
    enterDir: (name) => !SKIPPED_DIRS.has(name) && !name.startsWith('.'),
    keepFile: (name) => C_FAMILY_FILE.test(name),
  }).sort();
}

/**
 * Every call site of the repository's C and C++ files with clang's answer: 'workspace' (the repository's
 * definition of what the call names, or its declaration when nothing in the repository defines it),
 * 'external' (a system or library header), 'none' (a call through a function pointer, or a name clang could not
 * resolve: a header that is not there).
 * @param {string} root absolute repo root
 * @param {{ python?: string }} opts
 */
export function collectCSites(root, { python } = {}) {
  root = path.resolve(root);
  const interpreter = findClangPython(python);
  if (!interpreter) throw new Error('no Python with libclang bindings (apt-get install clang python3-clang-14 libclang-14-dev, or pass --clang-python <exe>)');
  const files = walkCFamily(root);
  const cplusplus = files.some((f) => CPP_SOURCE.test(f) || /\.(hpp|hh|hxx)$/i.test(f));
  const res = spawnSync(interpreter.exe, ['-I', SCRIPT], {
    input: JSON.stringify({ root, files, cplusplus }), encoding: 'utf8', maxBuffer: 1 << 30,
  });
  if (res.status !== 0) throw new Error(`clang oracle failed (exit ${res.status}): ${(res.stderr ?? '').slice(-2000)}`);
  const out = JSON.parse(res.stdout);
  return {
    sites: out.sites.map((s) => ({ ...s, category: s.answer === 'workspace' ? s.category : s.answer })),
    scannedFiles: out.scannedFiles,
    unresolvedModules: [],
    clangVersion: out.header.clang,
    compileCommands: out.header.compileCommands,
    translationUnits: out.translationUnits,
    compilerErrors: out.errors,
    oracleSeconds: out.seconds,
  };
}
