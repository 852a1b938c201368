#!/usr/bin/env node
// Recall and precision against judged call sites (tools/accuracy/judged/<language>.jsonl: sites drawn by
// draw-sites.mjs, each with a judge's verdict; see judged/README.md), for the languages no compiler oracle here
// judges. Each repository of a corpus is indexed at the corpus's commit (checked out through a throwaway index, so
// the checkout is never touched) by arbor and by codegraph 1.6.1, and each writer's `calls`/`instantiates` edges
// at each site are scored against the verdict.
//
//   node tools/accuracy/judged-report.mjs --repos <dir> [corpus.jsonl...] [--language L]... [--no-codegraph]
//        [--arbor <bin.js>] [--codegraph-1.6.1 <cli>] [--json]
//   node tools/accuracy/judged-report.mjs --draw-edges <repo> --language L [--count 100] [--seed S] [--repository owner/name]
//
// The second form draws arbor `calls` edges of a language uniformly, as corpus lines whose `arbor` field holds
// the edge's target and whose `callee` names the drawn call: a judge fills `target` as for a site, and the report
// scores those lines as precision.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FAMILY, callSitesOf, dialectOfFile, familyOf } from './call-sites.mjs';
import { headCommit, repositoryName } from './draw-sites.mjs';
import { sample } from './sample.mjs';
import { indexWithWriters } from './writers.mjs';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const USAGE = 'usage: node tools/accuracy/judged-report.mjs --repos <dir> [corpus.jsonl...] [--language L]... [--no-codegraph]'
  + ' [--arbor <bin.js>] [--codegraph-1.6.1 <cli>] [--json]\n'
  + '       node tools/accuracy/judged-report.mjs --draw-edges <repo> --language L [--count N] [--seed S] [--repository owner/name]';

function fail(message) {
  process.stderr.write(`judged-report: ${message}\n`);
  process.exit(2);
}

// ---- the corpus ----

const REQUIRED = ['repository', 'commit', 'file', 'line', 'language'];

/** One corpus line, or the reason it cannot be used. `target` absent: not judged yet. */
export function parseEntry(text) {
  let entry;
  try { entry = JSON.parse(text); } catch (e) { return { error: `not JSON (${e.message})` }; }
  if (!entry || typeof entry !== 'object') return { error: 'not an object' };
  const missing = REQUIRED.filter((k) => entry[k] == null);
  if (missing.length) return { error: `missing ${missing.join(', ')}` };
  if (!/^[^/\s]+\/[^/\s]+$/.test(entry.repository)) return { error: `repository ${entry.repository} is not owner/name` };
  if (!/^[0-9a-f]{7,40}$/.test(entry.commit)) return { error: `commit ${entry.commit} is not a hash` };
  if (!Number.isInteger(entry.line) || entry.line < 1) return { error: 'line must be a positive integer' };
  const t = entry.target;
  if (t !== undefined && t !== 'outside' && t !== 'not-a-call' && !(t && typeof t.file === 'string' && Number.isInteger(t.line) && t.line > 0)) {
    return { error: 'target must be "outside", "not-a-call" or {file, line}' };
  }
  return { entry };
}

/** Every usable entry of the corpus files; each bad line is reported and skipped, the rest are kept. */
export function readCorpus(files) {
  const entries = []; const problems = [];
  for (const file of files) {
    fs.readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
      if (!text.trim()) return;
      const { entry, error } = parseEntry(text);
      if (error) problems.push(`${path.basename(file)}:${i + 1}: ${error}`);
      else entries.push({ ...entry, language: familyOf(entry.language), dialect: dialectOfFile(entry.file), where: `${path.basename(file)}:${i + 1}` });
    });
  }
  return { entries, problems };
}

// ---- scoring ----

const inTarget = (edge, target) => target !== 'outside' && edge.targetFile === target.file
  && edge.targetStart <= target.line && target.line <= edge.targetEnd;

// ---- a C/C++ prototype and its definition ----

/** A function's parameter count, read from its recorded signature; undefined where none is recorded. */
export function parameterCount(fn) {
  const signature = fn.signature ?? '';
  const named = signature.indexOf(fn.name);
  const open = signature.indexOf('(', named < 0 ? 0 : named + fn.name.length);
  if (open < 0) return undefined;
  let depth = 0; let commas = 0; let inner = '';
  for (const c of signature.slice(open + 1)) {
    if ('(<[{'.includes(c)) depth++;
    else if (')>]}'.includes(c)) {
      if (depth === 0) return /^\s*(void)?\s*$/.test(inner) ? 0 : commas + 1;
      depth--;
    } else if (c === ',' && depth === 0) commas++;
    inner += c;
  }
  return undefined;
}

/** A declaration without a body: its recorded signature ends the statement. */
const isPrototype = (fn) => /;\s*$/.test(fn.signature ?? '');

/**
 * One qualified name, as far as the shorter spells it: an out-of-line `A::f` written inside `namespace n` is
 * recorded as `A::f`, its prototype in the class as `n::A::f`. A bare name must be equal (a global `f` is not `n::f`).
 */
function sameQualifiedName(a, b) {
  if (a === b) return true;
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  return shorter.includes('::') && longer.endsWith(`::${shorter}`);
}

/**
 * The C/C++ functions of a graph (graph.mjs `functions`), to tell whether an edge's target and a judged target
 * are one function: a prototype and its definition are (same qualified name, same kind, same parameter count
 * where both are recorded). Where several definitions fit one prototype (copies of a library, as an
 * amalgamated single file beside its sources), only those in the prototype's folder are its definition.
 */
export class PrototypeTwins {
  constructor(functions = []) {
    this.byFile = new Map();
    for (const fn of functions) {
      if (!this.byFile.has(fn.file)) this.byFile.set(fn.file, []);
      this.byFile.get(fn.file).push(fn);
    }
    this.all = functions;
  }

  /** The innermost function whose lines hold `line` of `file`. */
  at(file, line) {
    let best;
    for (const fn of this.byFile.get(file) ?? []) {
      if (fn.start <= line && line <= fn.end && (!best || fn.end - fn.start < best.end - best.start)) best = fn;
    }
    return best;
  }

  /** The function an edge lands on: its target's file, first line and name. */
  target(edge) {
    return (this.byFile.get(edge.targetFile) ?? []).find((fn) => fn.start === edge.targetStart
      && (edge.targetQualifiedName === undefined ? fn.name === edge.targetName : fn.qualifiedName === edge.targetQualifiedName));
  }

  /** The definitions of a prototype. */
  definitionsOf(prototype) {
    const count = parameterCount(prototype);
    const fits = this.all.filter((fn) => !isPrototype(fn) && fn.kind === prototype.kind
      && sameQualifiedName(fn.qualifiedName, prototype.qualifiedName)
      && (count === undefined || parameterCount(fn) === undefined || parameterCount(fn) === count));
    if (fits.length < 2) return fits;
    // Several that fit: the copy beside the prototype (a library and its amalgamated twin); none beside it (a
    // public header under include/, one definition per platform under src/unix and src/win): each of them.
    const folder = path.posix.dirname(prototype.file);
    const beside = fits.filter((fn) => path.posix.dirname(fn.file) === folder);
    return beside.length > 0 ? beside : fits;
  }

  /** Whether `a` and `b` are a prototype and its definition, either way round. */
  same(a, b) {
    if (!a || !b || a === b || isPrototype(a) === isPrototype(b)) return false;
    const [prototype, definition] = isPrototype(a) ? [a, b] : [b, a];
    return this.definitionsOf(prototype).includes(definition);
  }
}

/** Names an edge to a construction or an invocation may carry whatever the call site calls its callee. */
const CONSTRUCTIONS = new Set(['constructor', 'new', '__init__', 'init', 'initialize', 'apply', 'call', 'invoke', 'super', 'this']);

/**
 * The edges a writer drew from a site: from its file, on the call's line or its callee's name line, named as
 * the callee (or a construction). A line holds other calls than the drawn one more often than the drawing tool
 * sees: `f(g(x))`, the arguments of a macro (`assert!(m(x))`), a chain whose later calls start on the same line
 * — their edges are not this site's. A site whose callee the tool could not name takes every edge of its lines;
 * the only call starting on its line also takes an edge whose column is the call's, whatever its target's name.
 */
export function edgesAtSite(site, edgesByLine, lineSites) {
  const lines = new Set([site.line, site.nameLine ?? site.line]);
  const edges = [...lines].flatMap((l) => edgesByLine.get(`${site.file}:${l}`) ?? []);
  // `callee: null` is the drawing tool's word for a called call; a line written before `callee` existed has none.
  if (site.callee === null) return namelessCallEdges(site, edges, edgesByLine, lineSites);
  if (!site.callee || site.callee === 'None') return edges;
  // A macro's name, with or without its bang; a Ruby writer `x=`, which `obj.x = v` (callee `x`) calls.
  const bare = (name) => String(name).replace(/!$/, '').replace(/(\w)=$/, '$1');
  const callee = bare(site.callee);
  // `Foo.new`, `new(...)`: the edge names the class, which the callee does not.
  if (CONSTRUCTIONS.has(callee)) {
    // One call drawn on the line may still share it with a construction the drawing tool does not see as a
    // call (Swift's `.init(Inner<Key>())`): the column tells them apart below.
    const constructions = (site.sitesOnLine ?? 1) <= 1 ? edges
      : edges.filter((e) => e.kind === 'instantiates' || CONSTRUCTIONS.has(bare(e.targetName)) || e.targetName === 'default');
    // `Outer.new(Inner.new(app))`: where an edge starts at the site's own column (a graph recording columns), the
    // edges starting elsewhere on its line are the other construction's.
    const here = constructions.filter((e) => e.line === site.line && e.col != null && e.col + 1 === site.column);
    // A graph recording every edge's column: none starting here means none of them is this site's
    // (`.init(Inner<Key>())`: the edge to Inner is the inner construction's).
    const columned = site.column != null && constructions.every((e) => e.line === site.line && e.col != null);
    return here.length > 0 || columned ? here : constructions;
  }
  // An edge to `apply`/`constructor`/`__init__` names no callee, so on a line of several calls it is this
  // site's only when it starts where this call starts (`new ` may stand before the name): both writers
  // record the call's first column (from 0), which the drawn site records too (from 1).
  // A callee named on a later line (`Builder::new()\n  .build()`) is a chained method, never a construction:
  // the `new` starting at the chain's column is the inner call's.
  const constructionHere = (e) => (site.nameLine ?? site.line) === site.line && ((site.sitesOnLine ?? 1) <= 1 || e.col == null
    || site.column == null || (e.col + 1 - site.column >= 0 && e.col + 1 - site.column <= 'new '.length));
  // The one call starting on its line, where the edge says it starts: the edge is this call's whatever its
  // target is named — an alias (`var express = require(..)` of createApplication, an import under another
  // name) names the call otherwise than the declaration.
  // A receiver named by a bare method call starts where the chain does (Ruby's `layout_entries.each`, whose
  // `layout_entries` the syntax tree shows as a name, not a call): its edge is the receiver's, not this site's.
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const isReceiver = (e) => typeof site.call === 'string' && e.targetName != null
    && new RegExp(`(^|[^\\w.:@$])${escape(String(e.targetName))}\\s*(&?\\.|::)\\s*${escape(String(site.callee))}(?!\\w)`).test(site.call);
  // An edge whose target's name is written in the call as another word is another call's that starts here too, one the
  // drawing tool does not see as a call (Kotlin's infix `singleOf(::A) bind B::class`: the edge to `bind`).
  const namesAnotherCall = (e) => typeof site.call === 'string' && e.targetName != null && bare(e.targetName) !== callee
    && new RegExp(`(^|[^\\w$])${escape(String(e.targetName))}(?![\\w$])`).test(site.call);
  // On a line of several calls, the one starting at its column alone (`request(express())`, `test('x', withServer(), …)`:
  // no chain starts there too) is as alone there: the syntax tree's sites (`lineSites`) say so.
  const aloneAtColumn = () => (site.sitesOnLine ?? 1) <= 1 || (lineSites !== undefined && site.column != null
    && (lineSites.get(`${site.file}:${site.line}`) ?? []).filter((s) => s.column === site.column).length === 1);
  const aliasHere = (e) => (site.nameLine ?? site.line) === site.line && site.column != null && e.col != null
    && e.line === site.line && e.col + 1 === site.column && !isReceiver(e) && !namesAnotherCall(e) && aloneAtColumn();
  // `obj.errors = errors`: the site calls the writer `errors=`; an edge to the reader `errors` starting elsewhere
  // on the line is the right-hand side's call (one starting at the site's column is the site's, however wrong).
  const writerSite = typeof site.call === 'string' && new RegExp(`\\.\\s*${escape(String(site.callee))}\\s*=(?![=~>])`).test(site.call);
  const otherCallOfName = (e) => writerSite && e.targetName === site.callee && e.col != null && site.column != null
    && e.col + 1 !== site.column;
  // `app.get('/', (c) => c.get('x'))`: an edge named like this site's callee that starts where another call of that
  // name on the line starts (the syntax tree's sites, `lineSites`) is that call's, not this one's.
  const others = lineSites?.get(`${site.file}:${site.line}`) ?? [];
  const anotherCallOfName = (e) => site.column != null && e.col != null && e.line === site.line && e.col + 1 !== site.column
    && others.some((s) => s.column === e.col + 1 && s.callee != null && bare(s.callee) === bare(e.targetName));
  // An edge to an anonymous default export (`export default (limit) => ...`) is named `default`, never as the call
  // names it: like a construction's, it is this site's where it starts at the site's column.
  const defaultHere = (e) => e.targetName === 'default' && e.line === site.line && e.col != null && site.column != null
    && e.col + 1 === site.column;
  return edges.filter((e) => (bare(e.targetName) === callee && !otherCallOfName(e) && !anotherCallOfName(e))
    || (CONSTRUCTIONS.has(bare(e.targetName)) && constructionHere(e)) || aliasHere(e) || defaultHere(e));
}

/**
 * The edges of a called call (`make(x)(y)`), whose callee the drawing tool cannot name. Where the graph records
 * every edge's column, they start at the site's column, and those a named call starting there too (the inner
 * `make(x)`) takes are that call's: on a line of many calls (minified code) the others' edges are never this one's.
 * A graph without columns leaves the site every edge of its lines.
 */
function namelessCallEdges(site, edges, edgesByLine, lineSites) {
  if (site.column == null || site.nameLine != null && site.nameLine !== site.line || !edges.length
    || !edges.every((e) => e.line === site.line && e.col != null)) return edges;
  const here = edges.filter((e) => e.col + 1 === site.column);
  const taken = new Set(innerCallEdges(site, edgesByLine, lineSites));
  return here.filter((e) => !taken.has(e));
}

/** The edges the named calls starting at a called call's column take (the inner `make(x)` of `make(x)(y)`). */
export function innerCallEdges(site, edgesByLine, lineSites) {
  if (site.callee !== null || site.column == null) return [];
  const inner = (lineSites?.get(`${site.file}:${site.line}`) ?? []).filter((s) => s.column === site.column && s.callee != null);
  return inner.flatMap((s) => edgesAtSite({ ...site, column: s.column, callee: s.callee }, edgesByLine, lineSites));
}

/**
 * A writer's figures over judged entries of one language: site recall, wrong edges, precision; drawn edges.
 * `functions`: the graph's C/C++ functions, so an edge to a judged prototype's definition (or the other way
 * round) counts right.
 */
export function score(entries, edges, functions = [], lineSites = undefined) {
  const twins = new PrototypeTwins(functions);
  const lands = (edge, target) => inTarget(edge, target)
    || (target !== 'outside' && twins.same(twins.target(edge), twins.at(target.file, target.line)));
  const edgesByLine = new Map();
  for (const e of edges) {
    const key = `${e.sourceFile}:${e.line}`;
    if (!edgesByLine.has(key)) edgesByLine.set(key, []);
    edgesByLine.get(key).push(e);
  }
  const r = { notCalls: 0, sites: 0, inRepo: 0, found: 0, siteEdges: 0, rightEdges: 0, wrongEdges: 0, drawnEdges: 0, drawnRight: 0, misses: [], wrong: [], drawnWrong: [],
    drawnNowEdges: 0, drawnNowRight: 0, drawnGone: 0, drawnNowWrong: [], drawnGoneList: [] };
  for (const entry of entries) {
    if (entry.target === undefined) continue;
    // What the drawing tool took for a call and a judge found is none (a subscript, a wrapper node): no site.
    if (entry.target === 'not-a-call') { r.notCalls++; continue; }
    if (entry.arbor) {
      // A drawn arbor edge: right when the judged target lies in the edge's target declaration.
      r.drawnEdges++;
      const drawn = { targetFile: entry.arbor.file, targetStart: entry.arbor.line, targetEnd: entry.arbor.endLine ?? entry.arbor.line };
      if (inTarget(drawn, entry.target)
        || (entry.target !== 'outside' && twins.same(twins.at(drawn.targetFile, drawn.targetStart), twins.at(entry.target.file, entry.target.line)))) r.drawnRight++;
      else {
        // Listed, not only counted: each wrong drawn edge is a pattern for whoever tunes the language.
        const judged = entry.target === 'outside' ? 'outside' : `${entry.target.file}:${entry.target.line}`;
        r.drawnWrong.push({ site: entry.where, call: entry.call, edge: `${entry.arbor.name ?? '?'} @ ${drawn.targetFile}:${drawn.targetStart}`, target: judged });
      }
      // The drawn edge was the graph's when it was drawn; this graph's edges at the same call are scored too, so a
      // fixed fault (or a new one) shows without drawing again. No edge there now: counted apart, not scored.
      const now = drawnCallEdges(entry, edgesByLine);
      if (!now.length) {
        r.drawnGone++;
        r.drawnGoneList.push({ site: entry.where, call: entry.call, edge: `${entry.arbor.name ?? '?'} @ ${drawn.targetFile}:${drawn.targetStart}`, target: entry.target === 'outside' ? 'outside' : `${entry.target.file}:${entry.target.line}` });
      }
      for (const e of now) {
        r.drawnNowEdges++;
        if (lands(e, entry.target)) r.drawnNowRight++;
        else r.drawnNowWrong.push({ site: entry.where, call: entry.call, edge: `${e.targetName} @ ${e.targetFile}:${e.targetStart}`, target: entry.target === 'outside' ? 'outside' : `${entry.target.file}:${entry.target.line}` });
      }
      continue;
    }
    r.sites++;
    let at = edgesAtSite(entry, edgesByLine, lineSites);
    // A called call judged to the declaration its inner named call runs (Scala's curried `f(a)(b)`: one call of f
    // over two parameter lists) is found by the inner call's edge; an inner edge landing elsewhere stays the inner call's.
    if (entry.target !== 'outside' && !at.some((e) => lands(e, entry.target))) {
      at = [...at, ...innerCallEdges(entry, edgesByLine, lineSites).filter((e) => lands(e, entry.target) && !at.includes(e))];
    }
    const right = at.filter((e) => lands(e, entry.target));
    r.siteEdges += at.length;
    r.rightEdges += right.length;
    r.wrongEdges += at.length - right.length;
    for (const e of at.filter((x) => !right.includes(x))) r.wrong.push({ site: entry.where, call: entry.call, edge: `${e.targetName} @ ${e.targetFile}:${e.targetStart}` });
    if (entry.target !== 'outside') {
      r.inRepo++;
      if (right.length) r.found++;
      else r.misses.push({ site: entry.where, call: entry.call, target: `${entry.target.file}:${entry.target.line}` });
    }
  }
  r.recall = r.inRepo ? r.found / r.inRepo : null;
  r.precision = r.siteEdges ? r.rightEdges / r.siteEdges : null;
  r.drawnPrecision = r.drawnEdges ? r.drawnRight / r.drawnEdges : null;
  r.drawnNowPrecision = r.drawnNowEdges ? r.drawnNowRight / r.drawnNowEdges : null;
  return r;
}

/**
 * This graph's edges from the call a drawn edge left from: those starting where it started (the drawn line and
 * column are the edge's own), named as it was. Column and name, not the site rules: a minified line holds many
 * calls of one name, a chain's calls start at one column.
 */
export function drawnCallEdges(entry, edgesByLine) {
  // The drawn name only, not the call's callee: where a receiver call and its chained call start at one column, the
  // drawn edge may be the receiver's. An edge now to a declaration of another name is not found (counted gone).
  const last = (name) => String(name).split(/::|\./).pop().replace(/!$/, '');
  const name = entry.arbor?.name == null ? null : last(entry.arbor.name);
  if (name == null || entry.column == null) return [];
  const here = (edgesByLine.get(`${entry.file}:${entry.line}`) ?? []).filter((e) => e.col != null && e.col + 1 === entry.column
    && last(e.targetName) === name);
  // Two calls of one name starting at one column (`$a->mimeType('f')->mimeType()`): the one still reaching the drawn target
  // is the drawn call's.
  const same = here.filter((e) => e.targetFile === entry.arbor.file && e.targetStart === entry.arbor.line);
  if (here.length > 1 && same.length) return same;
  if (here.length) return here;
  // A chained call on a later line (`Spec.builder(x)\n  .build()`) whose edge was drawn at the chain's start and now
  // starts at its own line: the same edge — same name, same target — a few lines below.
  for (let line = entry.line + 1; line <= entry.line + CHAIN_LINES; line++) {
    const moved = (edgesByLine.get(`${entry.file}:${line}`) ?? []).filter((e) => last(e.targetName) === name
      && e.targetFile === entry.arbor.file && e.targetStart === entry.arbor.line);
    if (moved.length) return moved.slice(0, 1);
  }
  return [];
}
/** How far below a drawn chain's first line its later calls are looked for. */
const CHAIN_LINES = 20;

// ---- repositories at their commits ----

function folderOf(reposDir, repository) {
  return path.join(reposDir, repository.replace('/', '+'));
}

/**
 * The repository's tree at `commit` in a temporary folder, every file of it: read into a throwaway index
 * and checked out from there, so the checkout and its index are left alone. Not `git archive`, which
 * drops what `.gitattributes` marks `export-ignore` — often the tests, where many judged sites are.
 */
function exportCommit(repoDir, commit) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-judged-'));
  const index = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-judged-index-')), 'index');
  const git = (args) => spawnSync('git', ['-C', repoDir, ...args], { env: { ...process.env, GIT_INDEX_FILE: index }, maxBuffer: 1 << 26 });
  try {
    for (const args of [['read-tree', commit], ['checkout-index', '--all', `--prefix=${out}${path.sep}`]]) {
      const run = git(args);
      if (run.status !== 0) {
        fs.rmSync(out, { recursive: true, force: true });
        throw new Error(`git ${args[0]} ${commit} in ${repoDir} failed: ${run.stderr.toString().trim()}`);
      }
    }
  } finally {
    fs.rmSync(path.dirname(index), { recursive: true, force: true });
  }
  return out;
}

/** Entries whose call text no longer matches the line at the commit (a stale or mistyped corpus line). */
function staleEntries(tree, entries) {
  const stale = [];
  const cache = new Map();
  for (const e of entries) {
    if (e.call == null || e.arbor) continue;
    const file = path.join(tree, e.file);
    if (!cache.has(file)) cache.set(file, fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : null);
    const lines = cache.get(file);
    if (!lines) stale.push(`${e.where}: ${e.file} is not in ${e.repository}@${e.commit.slice(0, 12)}`);
    else if ((lines[e.line - 1] ?? '').trim().slice(0, 200) !== e.call) stale.push(`${e.where}: line ${e.line} of ${e.file} is not \`${e.call}\``);
  }
  return stale;
}

/** Every call site the syntax tree shows on the lines of the judged sites (file:line → column and callee), for `edgesAtSite`. */
async function sitesOnJudgedLines(tree, entries) {
  const wanted = new Map(); // file -> { language, lines }
  for (const e of entries) {
    if (e.arbor || e.line == null) continue;
    const language = e.dialect ?? e.language;
    if (!wanted.has(e.file)) wanted.set(e.file, { language, lines: new Set() });
    wanted.get(e.file).lines.add(e.line);
  }
  const out = new Map();
  for (const [file, { language, lines }] of wanted) {
    const full = path.join(tree, file);
    if (!fs.existsSync(full)) continue;
    let sites;
    try { sites = await callSitesOf(language, fs.readFileSync(full, 'utf8')); } catch { continue; }
    for (const s of sites) {
      if (!lines.has(s.line)) continue;
      const key = `${file}:${s.line}`;
      if (!out.has(key)) out.set(key, []);
      out.get(key).push({ column: s.column, callee: s.callee });
    }
  }
  return out;
}

export async function judgedReport(entries, { reposDir, writers, arbor, codegraph161, quiet = true }) {
  const groups = new Map(); // repository@commit -> entries
  for (const e of entries) {
    const key = `${e.repository}@${e.commit}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(e);
  }
  const perWriter = new Map(); // writer -> language -> scores, one per repository
  const problems = []; const skipped = [];
  for (const [key, group] of groups) {
    const { repository, commit } = group[0];
    const dir = folderOf(reposDir, repository);
    if (!fs.existsSync(dir)) { problems.push(`${key}: no checkout at ${dir} (${group.length} entries left out)`); continue; }
    let tree;
    try { tree = exportCommit(dir, commit); } catch (e) { problems.push(`${key}: ${e.message} (${group.length} entries left out)`); continue; }
    try {
      problems.push(...staleEntries(tree, group));
      const lineSites = await sitesOnJudgedLines(tree, group);
      for (const result of indexWithWriters(tree, writers, { arbor, codegraph161, quiet, tag: 'judged' })) {
        if (result.skipped) { skipped.push(`${result.writer} on ${key}: ${result.skipped}`); continue; }
        if (!perWriter.has(result.writer)) perWriter.set(result.writer, new Map());
        const byLanguage = perWriter.get(result.writer);
        // Edges belong to one repository: each language's entries of it are scored against them, then summed.
        for (const language of new Set(group.map((e) => e.language))) {
          if (!byLanguage.has(language)) byLanguage.set(language, []);
          byLanguage.get(language).push(score(group.filter((e) => e.language === language), result.graph.edges, result.graph.functions, lineSites));
        }
        // A dialect (TSX, JSX) is also a row of its own: the same entries of its files, counted once more apart.
        for (const dialect of new Set(group.map((e) => e.dialect).filter(Boolean))) {
          if (!byLanguage.has(dialect)) byLanguage.set(dialect, []);
          byLanguage.get(dialect).push(score(group.filter((e) => e.dialect === dialect), result.graph.edges, result.graph.functions, lineSites));
        }
      }
    } finally {
      fs.rmSync(tree, { recursive: true, force: true });
    }
  }
  const rows = [];
  for (const [writer, byLanguage] of perWriter) {
    for (const [language, scores] of byLanguage) {
      const total = sumScores(scores);
      // Drawn edges are arbor's own: another writer's row has no such figure.
      if (writer !== 'arbor') {
        Object.assign(total, { drawnEdges: null, drawnRight: null, drawnPrecision: null, drawnWrong: [],
          drawnNowEdges: null, drawnNowRight: null, drawnGone: null, drawnNowPrecision: null, drawnNowWrong: [], drawnGoneList: [] });
      }
      rows.push({ writer, language, ...total });
    }
  }
  rows.sort((a, b) => a.language.localeCompare(b.language) || writers.indexOf(a.writer) - writers.indexOf(b.writer));
  return { rows, problems, skipped, unjudged: entries.filter((e) => e.target === undefined).length };
}

function sumScores(parts) {
  const total = { sites: 0, inRepo: 0, found: 0, siteEdges: 0, rightEdges: 0, wrongEdges: 0, drawnEdges: 0, drawnRight: 0, misses: [], wrong: [], drawnWrong: [],
    drawnNowEdges: 0, drawnNowRight: 0, drawnGone: 0, drawnNowWrong: [], drawnGoneList: [] };
  for (const p of parts) {
    for (const k of Object.keys(total)) total[k] = Array.isArray(total[k]) ? total[k].concat(p[k]) : total[k] + p[k];
  }
  total.recall = total.inRepo ? total.found / total.inRepo : null;
  total.precision = total.siteEdges ? total.rightEdges / total.siteEdges : null;
  total.drawnPrecision = total.drawnEdges ? total.drawnRight / total.drawnEdges : null;
  total.drawnNowPrecision = total.drawnNowEdges ? total.drawnNowRight / total.drawnNowEdges : null;
  return total;
}

// ---- drawing arbor's edges for judges ----

/**
 * The call site (of call-sites.mjs) a drawn edge leaves from: the one starting at the edge's line and column, or,
 * where several start there (every call of a chain `a.b().c()` starts at `a`), the one named as the edge's
 * target. Null when the sites cannot tell: a judge then reads the call at the line's column.
 */
export function siteOfEdge(edge, sites) {
  const onLine = sites.filter((s) => s.line === edge.line || s.nameLine === edge.line);
  const atColumn = edge.col == null ? [] : onLine.filter((s) => s.line === edge.line && s.column === edge.col + 1);
  const pool = atColumn.length ? atColumn : onLine;
  // An edge with a column no drawn site starts at leaves from a call the syntax tree does not show as one (Ruby's
  // bare `directory`, Kotlin's infix `a bind B::class`): the line's other call is not it unless named as the target.
  if (pool.length === 1 && (atColumn.length || edge.col == null || pool[0].callee === edge.targetName)) return pool[0];
  if (!atColumn.length && edge.col != null) return null;
  const named = pool.filter((s) => s.callee != null && s.callee === edge.targetName);
  return named.length === 1 ? named[0] : null;
}

export async function drawEdges(root, language, { count, seed, repository, arbor }) {
  const commit = headCommit(root);
  const [result] = indexWithWriters(root, ['arbor'], { arbor, quiet: true, tag: 'draw-edges', keepGraph: (g) => g });
  if (result.skipped) throw new Error(`arbor could not index ${root}: ${result.skipped}`);
  const fileLanguage = new Map(result.graph.files.map((f) => [f.path, f.language]));
  const ofLanguage = (file) => (FAMILY[language] ? fileLanguage.get(file) === language : familyOf(fileLanguage.get(file)) === language);
  const edges = result.graph.edges.filter((e) => e.kind === 'calls' && ofLanguage(e.sourceFile) && e.line != null);
  const text = new Map();
  const linesOf = (file) => {
    if (!text.has(file)) text.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
    return text.get(file).split('\n');
  };
  // The drawn edge's call as the drawing of sites names it, so a judge knows which call of a line was drawn.
  const sitesOf = new Map();
  const drawn = [];
  for (const e of sample(edges, count, seed)) {
    if (!sitesOf.has(e.sourceFile)) sitesOf.set(e.sourceFile, await callSitesOf(fileLanguage.get(e.sourceFile), linesOf(e.sourceFile).join('\n')));
    const site = siteOfEdge(e, sitesOf.get(e.sourceFile));
    drawn.push({
      repository, commit, file: e.sourceFile, line: e.line, column: e.col == null ? null : e.col + 1,
      call: (linesOf(e.sourceFile)[e.line - 1] ?? '').trim().slice(0, 200), language,
      ...(site && site.nameLine !== site.line ? { nameLine: site.nameLine } : {}),
      callee: site?.callee ?? null, ...(site ? { sitesOnLine: site.sitesOnLine } : {}),
      arbor: { file: e.targetFile, line: e.targetStart, endLine: e.targetEnd, name: e.targetQualifiedName || e.targetName, resolvedBy: e.resolvedBy },
    });
  }
  return { total: edges.length, drawn };
}

// ---- command line ----

const pct = (x) => (x == null ? '—' : `${(100 * x).toFixed(1)}%`);

function render(report) {
  let out = 'JUDGED CALL SITES  recall: in-repo sites with an edge to the judged target; wrong: edges at a site to anything else;\n';
  out += '                   precision: right edges / edges at the judged sites; drawn edges: arbor edges judged one by one, as drawn;\n';
  out += '                   now: this graph\'s edges from the drawn calls (gone: drawn calls with no edge now)\n';
  const headers = ['language', 'writer', 'sites', 'in-repo', 'found', 'recall', 'edges', 'wrong', 'precision', 'drawn edges', 'drawn precision',
    'now', 'now precision', 'gone'];
  const rows = report.rows.map((r) => [r.language, r.writer, r.sites, r.inRepo, r.found, pct(r.recall), r.siteEdges, r.wrongEdges, pct(r.precision),
    r.drawnEdges ?? '—', pct(r.drawnPrecision), r.drawnNowEdges ?? '—', pct(r.drawnNowPrecision), r.drawnGone ?? '—']);
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  for (const row of [headers, ...rows]) out += `  ${row.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ')}\n`;
  if (report.unjudged) out += `  ${report.unjudged} corpus lines carry no verdict yet (not counted)\n`;
  for (const r of report.rows) {
    if (r.misses.length) out += `\nMISSED by ${r.writer} (${r.language}): ${r.misses.slice(0, 10).map((m) => `\n  ${m.site} \`${m.call}\` → ${m.target}`).join('')}\n`;
    if (r.wrong.length) out += `\nWRONG edges of ${r.writer} (${r.language}): ${r.wrong.slice(0, 10).map((w) => `\n  ${w.site} \`${w.call}\` → ${w.edge}`).join('')}\n`;
    if (r.drawnWrong.length) out += `\nWRONG drawn edges of ${r.writer} (${r.language}): ${r.drawnWrong.map((w) => `\n  ${w.site} \`${w.call}\` → ${w.edge} (judged ${w.target})`).join('')}\n`;
    if (r.drawnNowWrong?.length) out += `\nWRONG edges now at drawn calls of ${r.writer} (${r.language}): ${r.drawnNowWrong.map((w) => `\n  ${w.site} \`${w.call}\` → ${w.edge} (judged ${w.target})`).join('')}\n`;
  }
  for (const s of report.skipped) out += `\nskipped: ${s}\n`;
  for (const p of report.problems) out += `problem: ${p}\n`;
  return out;
}

async function main() {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        repos: { type: 'string' }, language: { type: 'string', multiple: true }, 'no-codegraph': { type: 'boolean', default: false },
        arbor: { type: 'string' }, 'codegraph-1.6.1': { type: 'string' }, json: { type: 'boolean', default: false },
        'draw-edges': { type: 'string' }, count: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' },
        repository: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) { fail(`${e.message}\n${USAGE}`); }
  const v = args.values;
  if (v.help) { process.stdout.write(`${USAGE}\n`); return; }

  if (v['draw-edges']) {
    const root = path.resolve(v['draw-edges']);
    const language = v.language?.[0];
    const count = Number(v.count); const seed = Number(v.seed);
    if (!language) fail('--draw-edges needs --language');
    if (!Number.isInteger(count) || count < 1) fail('--count takes a positive integer');
    if (!Number.isInteger(seed)) fail('--seed takes an integer');
    if (!fs.existsSync(root)) fail(`not a folder: ${root}`);
    try {
      const { total, drawn } = await drawEdges(root, language, { count, seed, repository: repositoryName(root, v.repository), arbor: v.arbor });
      process.stderr.write(`judged-report: ${drawn.length} of ${total} arbor ${language} calls edges (seed ${seed})\n`);
      for (const line of drawn) process.stdout.write(`${JSON.stringify(line)}\n`);
    } catch (e) { fail(e.message); }
    return;
  }

  if (!v.repos) fail(`--repos <dir> is required\n${USAGE}`);
  const reposDir = path.resolve(v.repos);
  if (!fs.existsSync(reposDir)) fail(`not a folder: ${reposDir}`);
  const judgedDir = path.join(HERE, 'judged');
  const files = args.positionals.length ? args.positionals.map((f) => path.resolve(f))
    : fs.readdirSync(judgedDir).filter((f) => f.endsWith('.jsonl')).sort().map((f) => path.join(judgedDir, f));
  for (const f of files) if (!fs.existsSync(f)) fail(`no corpus file ${f}`);
  const { entries, problems } = readCorpus(files);
  const wanted = v.language?.map(familyOf);
  const chosen = wanted ? entries.filter((e) => wanted.includes(e.language)) : entries;
  if (!chosen.length) fail(`no corpus entries${wanted ? ` for ${wanted.join(', ')}` : ''} in ${files.length} file(s)${problems.length ? `; ${problems.join('; ')}` : ''}`);
  const writers = v['no-codegraph'] ? ['arbor'] : ['arbor', 'codegraph-1.6.1'];
  const report = await judgedReport(chosen, { reposDir, writers, arbor: v.arbor, codegraph161: v['codegraph-1.6.1'] });
  report.problems.unshift(...problems);
  process.stdout.write(v.json ? `${JSON.stringify(report, null, 2)}\n` : render(report));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
