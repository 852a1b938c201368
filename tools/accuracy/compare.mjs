// Judges graph edges against oracle sites. Pure: no I/O, so the rules can be tested on hand-made inputs.
//
// Matching rules (see tools/README.md):
// - An edge's site is (source node's file, edge.line). Oracle sites are indexed under both the line where the
//   call expression starts and the line of the callee's name token (`a\n  .b()` is line 1 or 2 depending on
//   the writer's convention).
// - An edge's target agrees with an oracle declaration when file and name are equal and the declaration's
//   name line (or, for a function bound to a name, the function's first line) lies inside the target node's
//   [start_line, end_line]. Writers disagree on the start line
//   (decorators, `export`, doc comments), never on containment. For `new C()` / `super()` / JSX the class and
//   its constructor are both accepted.

const EXPECTED_EDGE_KIND = { call: 'calls', new: 'instantiates' };
// A site may say itself which edge kind it expects (the Python oracle: `calls`, or null = either kind for a call of
// a class, which constructs it); TypeScript sites go by their kind.
const expectedEdgeKind = (site) => ('edgeKind' in site ? site.edgeKind : EXPECTED_EDGE_KIND[site.kind]);

const within = (line, node) => line != null && node.start <= line && line <= node.end;

export function declMatchesNode(decl, node) {
  if (decl.file !== node.file) return false;
  // altLine: where a function bound to a name starts (`const f: T =\n (...) => ...`).
  if (decl.name === node.name && (within(decl.nameLine, node) || within(decl.altLine, node))) return true;
  // A `constructor` node inside the class the oracle named.
  return decl.isClass && node.name === 'constructor' && decl.startLine <= node.start && node.end <= decl.endLine;
}

const targetOf = (e) => ({ file: e.targetFile, name: e.targetName, start: e.targetStart, end: e.targetEnd });

/**
 * 'innermost': the edge starts at the innermost enclosing function, or at a declaration between the site and
 * that function (a writer may attribute initializer code to the variable or to the file); 'outer': at a function
 * further out; 'elsewhere': neither.
 */
export function callerVerdict(site, edge) {
  const chain = site.callers;
  const source = { start: edge.sourceStart, end: edge.sourceEnd };
  const at = chain.findIndex((c) => edge.sourceName === c.name && (within(c.line, source) || within(c.altLine, source)));
  if (at >= 0) return chain.slice(0, at).every((c) => !c.strong) ? 'innermost' : 'outer';
  if (edge.sourceKind === 'file' && chain.every((c) => !c.strong)) return 'innermost';
  return 'elsewhere';
}

function indexSites(sites) {
  const byLine = new Map();
  const add = (key, site) => {
    const list = byLine.get(key);
    if (!list) byLine.set(key, [site]);
    else if (!list.includes(site)) list.push(site);
  };
  for (const s of sites) {
    add(`${s.file}:${s.line}`, s);
    add(`${s.file}:${s.nameLine}`, s);
  }
  return byLine;
}

/**
 * Verdict for one edge: { verdict: 'confirmed'|'wrong'|'no-answer'|'no-site', site?, sites? }.
 * `claimed` (site -> Set of edge kinds) spreads several edges on one line over distinct sites
 * (`f(a) && f(b)`): an exact column wins, then a site no edge of this kind has confirmed yet.
 */
export function judgeEdge(edge, sitesByLine, claimed = new Map()) {
  const candidates = sitesByLine.get(`${edge.sourceFile}:${edge.line}`) ?? [];
  if (!candidates.length) return { verdict: 'no-site' };
  const target = targetOf(edge);
  // Whatever the answer's category, an edge to the very declaration the checker names is right
  // (a graph may hold nodes for local functions or bindings; external answers carry no declarations).
  const confirming = candidates.filter((s) => s.decls.some((d) => declMatchesNode(d, target)));
  if (confirming.length) {
    const site = confirming.find((s) => s.col === edge.col)
      ?? confirming.find((s) => !claimed.get(s)?.has(edge.kind))
      ?? confirming[0];
    if (!claimed.has(site)) claimed.set(site, new Set());
    claimed.get(site).add(edge.kind);
    return { verdict: 'confirmed', site };
  }
  // The sites the edge is about: those that name the target; else (aliases) every site on the line.
  const named = candidates.filter((s) => s.calleeName === edge.targetName
    || s.decls.some((d) => d.name === edge.targetName)
    || (edge.targetName === 'constructor' && s.kind !== 'call'));
  const relevant = named.length ? named : candidates;
  // If any relevant site is unknown to the checker, the edge may be about that site: do not judge it.
  // A target only a .d.ts declares is as unknown: the implementation the graph links may be the right one.
  const unknown = relevant.find((s) => s.answer === 'none' || s.answer === 'declared-only');
  if (unknown) return { verdict: 'no-answer', site: unknown };
  return { verdict: 'wrong', site: relevant[0], sites: relevant, named: named.length > 0 };
}

function ratio(n, d) { return d ? n / d : null; }

function bump(map, key, field, by = 1) {
  let row = map.get(key);
  if (!row) { row = {}; map.set(key, row); }
  row[field] = (row[field] ?? 0) + by;
  return row;
}

/**
 * @param {{ sites: object[], scannedFiles: string[] }} oracle
 * @param {{ files: {path:string}[], edges: object[] }} graph
 */
export function compare(oracle, graph) {
  const scanned = new Set(oracle.scannedFiles);
  const graphFiles = new Set(graph.files.map((f) => f.path));
  const sitesByLine = indexSites(oracle.sites);

  // ---- precision: every edge whose site the oracle scanned ----
  const precisionRows = new Map(); // `${kind}\0${resolvedBy}` and `${kind}\0(all)`
  const falsePositives = []; const noSite = []; const callerMismatches = [];
  const matchedSites = new Map(); // site -> Map(edge kind -> resolvedBy) of the edges that confirmed it
  const claimed = new Map();
  const callerCounts = { innermost: 0, outer: 0, elsewhere: 0 };
  let notScanned = 0; let noLine = 0; let confirmedTotal = 0; let kindMismatches = 0;
  for (const edge of graph.edges) {
    if (!scanned.has(edge.sourceFile)) { notScanned++; continue; }
    if (edge.line == null) { noLine++; continue; }
    const { verdict, site, sites, named } = judgeEdge(edge, sitesByLine, claimed);
    for (const key of [`${edge.kind}\0(all)`, `${edge.kind}\0${edge.resolvedBy}`]) {
      bump(precisionRows, key, 'edges');
      bump(precisionRows, key, verdict);
    }
    if (verdict === 'confirmed') {
      confirmedTotal++;
      // Calls a graph cannot tell apart — one line, one column, one target (`b.Int(x).Int(y)`: both start at
      // `b`, and an edge is identified by its source, target, kind, line and column) — are found together.
      const target = targetOf(edge);
      const twins = (sitesByLine.get(`${edge.sourceFile}:${edge.line}`) ?? [])
        .filter((s) => s === site || (s.line === site.line && s.col === site.col && s.decls.some((d) => declMatchesNode(d, target))));
      for (const twin of twins) {
        if (!matchedSites.has(twin)) matchedSites.set(twin, new Map());
        matchedSites.get(twin).set(edge.kind, edge.resolvedBy);
      }
      const caller = callerVerdict(site, edge);
      callerCounts[caller]++;
      if (caller === 'elsewhere') callerMismatches.push({ edge, site });
      const expected = expectedEdgeKind(site);
      if (expected && expected !== edge.kind) kindMismatches++;
    } else if (verdict === 'wrong') {
      falsePositives.push({ edge, site, sites, named });
    } else if (verdict === 'no-site') {
      noSite.push({ edge });
    }
  }
  const precision = [...precisionRows].map(([key, r]) => {
    const [kind, resolvedBy] = key.split('\0');
    const confirmed = r.confirmed ?? 0; const wrong = r.wrong ?? 0;
    return {
      kind, resolvedBy, edges: r.edges, judged: confirmed + wrong, confirmed, wrong,
      noAnswer: r['no-answer'] ?? 0, noSite: r['no-site'] ?? 0, precision: ratio(confirmed, confirmed + wrong),
    };
  }).sort((a, b) => a.kind.localeCompare(b.kind) || (a.resolvedBy === '(all)' ? -1 : b.resolvedBy === '(all)' ? 1 : b.edges - a.edges));

  // ---- recall: oracle sites into graphable workspace declarations ----
  const recallRows = new Map(); // `${siteKind}\0${category}`
  const falseNegatives = [];
  const answers = {}; const siteKinds = {};
  let sitesInFilesOutsideGraph = 0; let targetsOutsideGraph = 0;
  for (const site of oracle.sites) {
    answers[site.answer] = (answers[site.answer] ?? 0) + 1;
    siteKinds[site.kind] = (siteKinds[site.kind] ?? 0) + 1;
    if (site.answer !== 'workspace') continue;
    if (!graphFiles.has(site.file)) { sitesInFilesOutsideGraph++; continue; }
    if (!site.decls.some((d) => graphFiles.has(d.file))) { targetsOutsideGraph++; continue; }
    const expected = expectedEdgeKind(site); // super() and JSX: any edge kind counts
    const matched = matchedSites.get(site);
    const foundBy = matched && (expected ? matched.get(expected) : [...matched.values()][0]);
    for (const key of [`${site.kind}\0(all)`, `${site.kind}\0${site.category}`]) {
      bump(recallRows, key, 'sites');
      if (foundBy) bump(recallRows, key, 'found');
    }
    if (foundBy) bump(recallRows, `${site.kind}\0by:${foundBy}`, 'found');
    else falseNegatives.push({ site });
  }
  const recall = [...recallRows].map(([key, r]) => {
    const [siteKind, group] = key.split('\0');
    return { siteKind, group, sites: r.sites ?? null, found: r.found ?? 0, recall: r.sites ? ratio(r.found ?? 0, r.sites) : null };
  }).sort((a, b) => a.siteKind.localeCompare(b.siteKind) || rank(a.group) - rank(b.group) || (b.sites ?? b.found) - (a.sites ?? a.found));

  return {
    files: {
      graph: graphFiles.size,
      scanned: scanned.size,
      scannedNotInGraph: [...scanned].filter((f) => !graphFiles.has(f)).length,
    },
    oracle: { sites: oracle.sites.length, bySiteKind: siteKinds, byAnswer: answers },
    edges: { total: graph.edges.length, notScanned, noLine },
    precision,
    recall,
    recallExclusions: { sitesInFilesOutsideGraph, targetsOutsideGraph },
    callers: { confirmed: confirmedTotal, ...callerCounts },
    kindMismatches,
    falsePositives, falseNegatives, noSite, callerMismatches,
  };
}

function rank(group) {
  if (group === '(all)') return 0;
  return group.startsWith('by:') ? 2 : 1;
}
