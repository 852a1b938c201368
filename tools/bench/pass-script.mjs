// What the processes of the pass benches (resolve-pass.mjs, extract-pass.mjs) share: their command
// line, the checkout's indexer loaded as the CLI would run it, the repository's supported files, and
// the passes timed, checked to agree and reported as one JSON line (pass-bench.mjs reads it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const THIS_CHECKOUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * `node tools/bench/<name>.mjs <checkout> <repo> <passes> [extra...]`: exits 2 on a bad command line.
 * Returns the repository's root, the pass count, the extra arguments and `load(module)`, which
 * imports a module of the checkout's built indexer (`dist/<module>`), and `languages()`, which imports
 * its language list.
 */
export async function passProcess(name, extraUsage = '') {
  const [checkout, repo, passesArg, ...extra] = process.argv.slice(2);
  const passes = Number.parseInt(passesArg, 10);
  if (!checkout || !repo || !Number.isInteger(passes) || passes < 1) {
    process.stderr.write(`usage: node tools/bench/${name}.mjs <checkout> <repo> <passes>${extraUsage}\n`);
    process.exit(2);
  }
  const dist = path.join(path.resolve(checkout), 'packages', 'indexer', 'dist');
  const load = (module) => import(pathToFileURL(path.join(dist, module)).href);
  // The language list: one descriptor per language (languages/index.js), or in a checkout built before
  // the descriptors, the language table; `extractionLanguages` is then undefined, and that checkout's
  // extractFile takes no fourth argument.
  const languages = () => load(fs.existsSync(path.join(dist, 'languages', 'index.js')) ? 'languages/index.js' : 'languages/language-table.js');
  // As the CLI starts (packages/cli/src/v8-tuning.ts), so the passes compile as an index run's do; a
  // checkout built before that tuning existed is run with this checkout's.
  const tuningOf = (root) => path.join(root, 'packages', 'cli', 'dist', 'v8-tuning.js');
  const ownTuning = tuningOf(path.resolve(checkout));
  const tuning = fs.existsSync(ownTuning) ? ownTuning : tuningOf(THIS_CHECKOUT);
  (await import(pathToFileURL(tuning).href)).tuneV8([]);
  return { root: path.resolve(repo), passes, extra, load, languages };
}

/** The repository's files in a language the checkout supports, as discovery lists them, with their bytes. */
export async function supportedFiles(load, languages, root) {
  const { discoverFiles } = await load('discovery/index.js');
  const { isSupportedLanguage } = await languages();
  const discovery = await discoverFiles(root, { respectGitignore: true, exclude: [], maxFileSize: 1 << 20, sniffBinary: false });
  return discovery.files
    .filter((file) => isSupportedLanguage(file.language))
    .map((file) => ({ path: file.path, language: file.language, bytes: fs.readFileSync(file.absolutePath) }));
}

/**
 * Runs `runPass` (which times its own work and returns { ms, digest, rows }) `passes` times, exits 1
 * when a pass gives another digest than the first (`what` names what differs), and prints the JSON
 * line: files, rows, digest, and the first, fastest and median pass.
 */
export async function timePasses(name, passes, files, what, runPass) {
  const times = [];
  let digest = '';
  let rows = 0;
  for (let pass = 0; pass < passes; pass++) {
    const result = await runPass();
    times.push(result.ms);
    rows = result.rows;
    if (digest && result.digest !== digest) {
      process.stderr.write(`${name}: pass ${pass + 1} gave other ${what} than pass 1 (${result.digest} vs ${digest})\n`);
      process.exit(1);
    }
    digest = result.digest;
  }
  const sorted = [...times].sort((a, b) => a - b);
  process.stdout.write(`${JSON.stringify({
    files, rows, digest,
    firstMs: Math.round(times[0]), minMs: Math.round(sorted[0]), medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
  })}\n`);
}
