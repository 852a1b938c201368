#!/usr/bin/env node
// Draws call sites for judges: N sites chosen uniformly over every call site of the repository's files of one
// language (found by call-sites.mjs from the syntax tree, not from arbor's resolution), as JSON lines in the
// judged corpus format with the verdict left to fill (see judged/README.md).
// Usage: node tools/accuracy/draw-sites.mjs <repo> --language L [--count N] [--seed S] [--repository owner/name]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CALL_NODES, FAMILY, callSitesOf, familyOf, filesOf } from './call-sites.mjs';
import { sample } from './sample.mjs';

const USAGE = 'usage: node tools/accuracy/draw-sites.mjs <repo> --language L [--count N] [--seed S] [--repository owner/name]';
// A family (`typescript`: .ts and .tsx) or one dialect (`tsx`: .tsx only; its lines go to the family's corpus).
const LANGUAGES = [...new Set([...Object.keys(CALL_NODES).map(familyOf), ...Object.keys(FAMILY)])];

function fail(message) {
  process.stderr.write(`draw-sites: ${message}\n`);
  process.exit(2);
}

/** owner/name: --repository, else the folder's name as the corpora keep it (`<owner>+<name>`). */
export function repositoryName(root, given) {
  if (given) return given;
  const base = path.basename(root);
  if (!base.includes('+')) throw new Error(`cannot tell owner/name from folder ${base}: name it <owner>+<name> or pass --repository`);
  return base.replace('+', '/');
}

export function headCommit(root) {
  const res = spawnSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${root} is not a git checkout: ${res.stderr.trim()}`);
  return res.stdout.trim();
}

/** Every call site of the language in the repository, in file order, with what a judge needs to find it. */
export async function allSites(root, language, { repository, commit }) {
  const sites = [];
  for (const file of await filesOf(root, language)) {
    const lines = file.text.split('\n');
    for (const s of await callSitesOf(file.language, file.text)) {
      sites.push({
        repository, commit, file: file.path, line: s.line, column: s.column,
        call: (lines[s.line - 1] ?? '').trim().slice(0, 200), language,
        ...(s.nameLine !== s.line ? { nameLine: s.nameLine } : {}),
        callee: s.callee, sitesOnLine: s.sitesOnLine,
      });
    }
  }
  return sites;
}

async function main() {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        language: { type: 'string' }, count: { type: 'string', default: '50' }, seed: { type: 'string', default: '1' },
        repository: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) { fail(`${e.message}\n${USAGE}`); }
  if (args.values.help) { process.stdout.write(`${USAGE}\n`); return; }
  if (args.positionals.length !== 1) fail(USAGE);
  const root = path.resolve(args.positionals[0]);
  const language = args.values.language;
  if (!language || !LANGUAGES.includes(language)) fail(`--language takes one of ${LANGUAGES.join(', ')}`);
  const count = Number(args.values.count);
  const seed = Number(args.values.seed);
  if (!Number.isInteger(count) || count < 1) fail('--count takes a positive integer');
  if (!Number.isInteger(seed)) fail('--seed takes an integer');
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) fail(`not a folder: ${root}`);
  let sites;
  try {
    const repository = repositoryName(root, args.values.repository);
    sites = await allSites(root, language, { repository, commit: headCommit(root) });
  } catch (e) { fail(e.message); }
  if (!sites.length) fail(`no ${language} call sites in ${root}`);
  process.stderr.write(`draw-sites: ${Math.min(count, sites.length)} of ${sites.length} ${language} call sites (seed ${seed})\n`);
  for (const site of sample(sites, count, seed)) process.stdout.write(`${JSON.stringify(site)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
