/**
 * Checks a file's inline expectations against an indexed graph.
 *
 * A caret selects the site that starts at or before it on its line, the nearest one: arbor records
 * a site at the start of the call expression (`app.route()` at `app`, `new C()` at `new`, an
 * import at its statement, a heritage clause at its type), so a caret under the called name finds
 * the call it belongs to. Sites that start at the same column (`make().get()`: the inner and the
 * outer call) are one site for the checker.
 */
import Database from 'better-sqlite3';
import { isEdgeAssertion, type LocatedAssertion } from './parse-expectations.js';

/** `targetAt`: the target's label with `@<start line>`, which tells overloads (one qualified name) apart. */
export interface SiteEdge { kind: string; target: string; targetAt?: string; resolvedBy?: string; line: number; col: number }
export interface SiteUnresolved { name: string; kind: string; line: number; col: number }

/** What the checker needs of a graph, per file path relative to the indexed root. */
export interface GraphView {
  edges: Map<string, SiteEdge[]>;
  unresolved: Map<string, SiteUnresolved[]>;
  /** Start of every `import` node: an import statement is a site even when it lands nowhere. */
  imports: Map<string, Array<{ line: number; col: number }>>;
  /** Labels of every node: `file` for file nodes, `file::Qualified::name` for the rest. */
  labels: Set<string>;
}

export interface CheckResult {
  /** The graph disagrees with an assertion: what a pending fixture is allowed to have. */
  mismatches: string[];
  /** The fixture itself is wrong (a caret on no site, a target that is no declaration): always fatal. */
  fixtureErrors: string[];
}

export function loadGraph(dbPath: string): GraphView {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const nodes = db.prepare('SELECT id, kind, qualified_name, file_path, start_line, start_column FROM nodes').all() as Array<{
      id: string; kind: string; qualified_name: string; file_path: string; start_line: number; start_column: number;
    }>;
    const label = new Map(nodes.map((n) => [n.id, n.kind === 'file' ? n.file_path : `${n.file_path}::${n.qualified_name}`]));
    const fileOf = new Map(nodes.map((n) => [n.id, n.file_path]));
    const labelAt = new Map(nodes.filter((n) => n.kind !== 'file').map((n) => [n.id, `${label.get(n.id)}@${n.start_line}`]));
    const view: GraphView = { edges: new Map(), unresolved: new Map(), imports: new Map(), labels: new Set([...label.values(), ...labelAt.values()]) };
    const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);

    const edges = db.prepare("SELECT source, target, kind, metadata, line, col FROM edges WHERE kind <> 'contains' AND line IS NOT NULL")
      .all() as Array<{ source: string; target: string; kind: string; metadata: string | null; line: number; col: number | null }>;
    for (const e of edges) {
      const resolvedBy = e.metadata ? (JSON.parse(e.metadata) as { resolvedBy?: string }).resolvedBy : undefined;
      push(view.edges, fileOf.get(e.source) ?? '?', {
        kind: e.kind, target: label.get(e.target) ?? `<missing node ${e.target}>`, targetAt: labelAt.get(e.target), resolvedBy, line: e.line, col: e.col ?? 0,
      });
    }
    const unresolved = db.prepare('SELECT reference_name, reference_kind, line, col, file_path FROM unresolved_refs')
      .all() as Array<{ reference_name: string; reference_kind: string; line: number; col: number; file_path: string }>;
    for (const u of unresolved) push(view.unresolved, u.file_path, { name: u.reference_name, kind: u.reference_kind, line: u.line, col: u.col });
    for (const n of nodes) if (n.kind === 'import') push(view.imports, n.file_path, { line: n.start_line, col: n.start_column });
    return view;
  } finally {
    db.close();
  }
}

export function checkFile(graph: GraphView, file: string, assertions: LocatedAssertion[]): CheckResult {
  const result: CheckResult = { mismatches: [], fixtureErrors: [] };
  const edges = graph.edges.get(file) ?? [];
  const unresolved = graph.unresolved.get(file) ?? [];
  const imports = graph.imports.get(file) ?? [];

  const byLine = new Map<number, LocatedAssertion[]>();
  for (const a of assertions) byLine.set(a.line, [...(byLine.get(a.line) ?? []), a]);

  // Checked whether or not the site exists. A file that is not in the graph is a misspelt path;
  // a missing declaration in a file that is may also be one arbor does not extract yet (a graph fault).
  for (const a of assertions) {
    if (!isEdgeAssertion(a.assertion) || graph.labels.has(a.assertion.target)) continue;
    const targetFile = a.assertion.target.split('::')[0];
    if (!graph.labels.has(targetFile)) {
      result.fixtureErrors.push(`${file}:${a.commentLine}: "${a.text}" names a file the graph does not have (misspelt path?)`);
    } else {
      result.mismatches.push(`${file}:${a.line} (assertion at line ${a.commentLine}): "${a.text}" names no declaration of the graph ` +
        '(not extracted, or a misspelt qualified name)');
    }
  }

  for (const [line, onLine] of byLine) {
    const lineEdges = edges.filter((e) => e.line === line);
    const siteColumns = [...new Set([
      ...lineEdges.map((e) => e.col),
      ...unresolved.filter((u) => u.line === line).map((u) => u.col),
      ...imports.filter((i) => i.line === line).map((i) => i.col),
    ])].sort((a, b) => a - b);
    const describeSite = (col: number) => {
      const parts = [
        ...lineEdges.filter((e) => e.col === col).map((e) => `${e.kind} -> ${e.target}${e.resolvedBy ? ` (${e.resolvedBy})` : ''}`),
        ...unresolved.filter((u) => u.line === line && u.col === col).map((u) => `unresolved ${u.kind} "${u.name}"`),
      ];
      return parts.length > 0 ? parts.join('; ') : 'no edge, nothing unresolved';
    };

    const accounted = new Set<SiteEdge>();
    const siteOfCaret = new Map<number, number>();
    for (const caret of [...new Set(onLine.map((a) => a.column))]) {
      const first = onLine.find((a) => a.column === caret)!;
      const col = siteColumns.filter((c) => c <= caret).pop();
      if (col === undefined) {
        // A graph fault (arbor missed the site) or a misplaced caret: either way the assertion fails.
        result.mismatches.push(`${file}:${line}:${caret} (assertion at line ${first.commentLine}): the caret matches no site; ` +
          (siteColumns.length > 0 ? `sites on this line start at columns ${siteColumns.join(', ')}` : 'arbor recorded no site on this line'));
        continue;
      }
      const other = [...siteOfCaret].find(([, c]) => c === col);
      if (other) {
        result.fixtureErrors.push(`${file}:${line}: carets at columns ${other[0]} and ${caret} select the same site (column ${col}): use one caret`);
        continue;
      }
      siteOfCaret.set(caret, col);

      const here = onLine.filter((a) => a.column === caret);
      const atSite = lineEdges.filter((e) => e.col === col);
      const where = (a: LocatedAssertion) => `${file}:${line}:${col} (assertion at line ${a.commentLine})`;
      const mismatch = (a: LocatedAssertion, expected: string) =>
        result.mismatches.push(`${where(a)}: expected ${expected}\n    graph at this site: ${describeSite(col)}`);

      const matched = new Map<number, SiteEdge[]>(); // by the comment line of the edge assertion
      for (const a of here) {
        const assertion = a.assertion;
        if (!isEdgeAssertion(assertion) || !graph.labels.has(assertion.target)) continue;
        const found = atSite.filter((e) => e.kind === assertion.kind && (e.target === assertion.target || e.targetAt === assertion.target));
        if (found.length === 0) mismatch(a, a.text);
        matched.set(a.commentLine, found);
        found.forEach((e) => accounted.add(e));
      }
      for (const a of here) {
        const assertion = a.assertion;
        if (assertion.kind === 'resolved-by') {
          const edge = here.find((e) => e.commentLine === assertion.of)!;
          const wrong = (matched.get(assertion.of) ?? []).filter((e) => e.resolvedBy !== assertion.value);
          if (wrong.length > 0) mismatch(a, `${edge.text} ${a.text}`);
        } else if (assertion.kind === 'unresolved') {
          const rows = unresolved.filter((u) => u.line === line && u.col === col);
          if (!rows.some((u) => assertion.name === undefined || u.name === assertion.name)) mismatch(a, a.text);
        } else if (assertion.kind === 'no-edge') {
          if (atSite.length > 0) mismatch(a, a.text);
        }
      }
    }

    // An asserted line is checked whole: an edge no assertion on it expects is a wrong claim.
    for (const e of lineEdges) {
      if (accounted.has(e)) continue;
      const noEdgeCaret = [...siteOfCaret].find(([caret, c]) => c === e.col && onLine.some((a) => a.column === caret && a.assertion.kind === 'no-edge'));
      if (noEdgeCaret) continue; // already reported by its no-edge assertion
      result.mismatches.push(`${file}:${line}:${e.col}: unexpected edge ${e.kind} -> ${e.target}${e.resolvedBy ? ` (${e.resolvedBy})` : ''}` +
        ' (every edge of an asserted line needs an assertion)');
    }
  }
  return result;
}
