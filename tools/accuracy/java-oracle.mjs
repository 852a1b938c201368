// The Java oracle's Node side: finds the .java files, runs JavaOracle.java (javac's attribution through the
// JDK compiler API) once for the whole repository, and collects its call sites in the shape compare.mjs judges.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { walkFiles } from './walk.mjs';

export const JAVA_FILE = /\.java$/;
const PROGRAM = path.join(path.dirname(new URL(import.meta.url).pathname), 'JavaOracle.java');
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.codegraph', 'target', 'build', 'out', '.gradle', '.idea']);

/** `java` and its version, or null when no JDK 11+ (single-file programs, the compiler API) is found. */
export function findJava(preferred) {
  const exe = preferred ?? process.env.ARBOR_JAVA ?? 'java';
  const res = spawnSync(exe, ['-version'], { encoding: 'utf8' });
  if (res.status !== 0) return null;
  const match = /version "([^"]+)"/.exec(res.stderr ?? '');
  return { exe, version: match ? match[1] : '?' };
}

function walkJava(root) {
  return walkFiles(root, {
    enterDir: (name) => !SKIPPED_DIRS.has(name),
    // module-info.java of several modules cannot be compiled together; it holds no calls.
    keepFile: (name) => JAVA_FILE.test(name) && name !== 'module-info.java',
  }).sort();
}

/**
 * Every method invocation, explicit constructor invocation and `new` of the repository's .java files with javac's answer:
 * 'workspace' (a declaration in the repository), 'external' (the JDK), 'none' (javac could not attribute it:
 * a library missing from the class path). No class path is given: the oracle keeps working without dependencies.
 * @param {string} root absolute repo root
 * @param {{ java?: string }} opts
 */
export function collectJavaSites(root, { java } = {}) {
  root = path.resolve(root);
  const jdk = findJava(java);
  if (!jdk) throw new Error('no java found (a JDK 11 or later: apt-get install openjdk-17-jdk-headless, or pass --java <exe>)');
  const files = walkJava(root);
  const request = [root, ...files].join('\n');
  const res = spawnSync(jdk.exe, ['--add-exports', 'jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED', PROGRAM], {
    input: request, encoding: 'utf8', maxBuffer: 1 << 30,
  });
  if (res.status !== 0) throw new Error(`java oracle failed (exit ${res.status}): ${(res.stderr ?? '').slice(-2000)}`);
  const sites = []; const scannedFiles = [];
  let header = {}; let done = {};
  for (const line of res.stdout.split('\n')) {
    if (!line) continue;
    const msg = JSON.parse(line);
    if (msg.header) header = msg.header;
    else if (msg.done) done = msg.done;
    else {
      scannedFiles.push(msg.file);
      for (const site of msg.sites) {
        // Invocations are judged as `calls` edges, `new C()` as `instantiates`; the category groups recall rows by what was called.
        const edgeKind = site.kind === 'new' ? 'instantiates' : 'calls';
        sites.push({ ...site, file: msg.file, edgeKind, category: site.answer !== 'workspace' ? site.answer : site.kind === 'new' ? 'class' : categoryOf(site) });
      }
    }
  }
  return {
    sites, scannedFiles, errors: [], unresolvedModules: [],
    java: jdk.exe, javaVersion: header.java ?? jdk.version, compilerErrors: header.compilerErrors ?? null, oracleSeconds: done.seconds ?? null,
  };
}

function categoryOf(site) {
  const decl = site.decls[0];
  return decl && decl.name === site.calleeName ? 'method' : 'constructor';
}
