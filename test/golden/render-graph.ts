/**
 * Renders a codegraph database as readable, sorted text for golden tests: every declaration,
 * every edge with the site line and how it was resolved, every unresolved site. Reviewed like
 * code: a diff of this text is a diff of what arbor claims about the fixture.
 */
import Database from 'better-sqlite3';

interface NodeRow { id: string; kind: string; name: string; qualified_name: string; file_path: string; start_line: number; end_line: number; is_exported: number; is_async: number; is_static: number; is_abstract: number; visibility: string | null; signature: string | null; decorators: string | null }
interface EdgeRow { source: string; target: string; kind: string; line: number | null; metadata: string | null }
interface UnresolvedRow { from_node_id: string; reference_name: string; reference_kind: string; line: number; candidates: string | null; file_path: string }

export function renderGraph(dbPath: string): string {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const nodes = db.prepare('SELECT * FROM nodes').all() as NodeRow[];
    const edges = db.prepare('SELECT source, target, kind, line, metadata FROM edges').all() as EdgeRow[];
    const unresolved = db.prepare('SELECT * FROM unresolved_refs').all() as UnresolvedRow[];
    const files = db.prepare('SELECT path, errors FROM files ORDER BY path').all() as Array<{ path: string; errors: string | null }>;
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const label = (id: string) => {
      const n = byId.get(id);
      if (!n) return `<missing ${id}>`;
      return n.kind === 'file' ? n.file_path : `${n.file_path}:${n.start_line} ${n.qualified_name}`;
    };

    const out: string[] = [];
    out.push('## declarations');
    const flags = (n: NodeRow) =>
      [n.is_exported ? 'exported' : '', n.is_async ? 'async' : '', n.is_static ? 'static' : '', n.is_abstract ? 'abstract' : '', n.visibility ?? '',
        n.decorators && n.decorators !== '[]' ? `@${(JSON.parse(n.decorators) as string[]).join(',@')}` : '']
        .filter(Boolean)
        .join(' ');
    out.push(
      ...nodes
        .filter((n) => n.kind !== 'file')
        .sort((a, b) => cmp(a.file_path, b.file_path) || a.start_line - b.start_line || cmp(a.qualified_name, b.qualified_name) || cmp(a.kind, b.kind))
        .map((n) => `${n.file_path}:${n.start_line}-${n.end_line} ${n.kind} ${n.qualified_name}${flags(n) ? ` [${flags(n)}]` : ''}`),
    );

    out.push('', '## edges (contains omitted: see declarations)');
    out.push(
      ...edges
        .filter((e) => e.kind !== 'contains')
        .map((e) => {
          const how = e.metadata ? (JSON.parse(e.metadata) as { resolvedBy?: string }).resolvedBy : undefined;
          return `${e.kind.padEnd(12)} ${label(e.source)} -> ${label(e.target)}${e.line ? ` @${e.line}` : ''}${how ? ` (${how})` : ''}`;
        })
        .sort(cmp),
    );

    out.push('', '## unresolved');
    out.push(
      ...unresolved
        .map((u) => {
          const candidates = u.candidates ? (JSON.parse(u.candidates) as string[]).map(label) : [];
          return `${u.file_path}:${u.line} ${u.reference_kind} ${u.reference_name} from ${label(u.from_node_id)}${candidates.length ? ` candidates: ${candidates.join('; ')}` : ''}`;
        })
        .sort(cmp),
    );

    out.push('', '## files with errors');
    for (const f of files) {
      const errors = f.errors ? (JSON.parse(f.errors) as Array<{ message: string; line?: number; severity: string }>) : [];
      if (errors.length === 0) continue;
      out.push(`${f.path}: ${errors.map((e) => `${e.severity}${e.line ? `@${e.line}` : ''} ${e.message}`).join('; ')}`);
    }
    return `${out.join('\n')}\n`;
  } finally {
    db.close();
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
