/**
 * The answered sub-graph of `callers`, `callees`, `trace` and `impact` as plain nodes and edges,
 * ready for a diagram language (mermaid.ts, dot.ts). Every node is labelled with its kind, name
 * and file:line; every edge with its sites and how it was resolved, and marked when it rests on
 * a name match only (it may be wrong), so a picture says no more than the text answer does.
 */
import type { CallersResult, ImpactResult, NodeRef, Site, TraceResult } from '@arbor/query';
import { location, nodeName } from '../format.js';
import { createStyle } from '../style.js';
import { sitesText } from '../format.js';

export interface PictureNode {
  id: string;
  /** First line: kind and name (the path for a file). */
  title: string;
  /** Second line: file:line (empty for a file). */
  where: string;
  /** The symbol the question was about (drawn emphasised). */
  focus: boolean;
}

export interface PictureEdge {
  from: string;
  to: string;
  /** Where and how: `src/a.ts:8,12 (import)`. */
  label: string;
  /** Only a name match made it. */
  nameBased: boolean;
}

export interface Picture {
  /** One line saying what the picture answers. */
  title: string;
  nodes: PictureNode[];
  edges: PictureEdge[];
  /** What the picture leaves out or could not find (cut by --limit, no path, …). */
  notes: string[];
}

const plain = createStyle(false);

function pictureNode(node: NodeRef, focus: boolean): PictureNode {
  return node.kind === 'file'
    ? { id: node.id, title: `file ${node.filePath}`, where: '', focus }
    : { id: node.id, title: `${node.kind} ${nodeName(node)}`, where: location(node), focus };
}

/** Builds a picture, each node and edge once (in first-seen order, so the output is stable). */
class PictureBuilder {
  private readonly nodes = new Map<string, PictureNode>();
  private readonly edges = new Map<string, PictureEdge>();
  readonly notes: string[] = [];

  node(node: NodeRef, focus = false): void {
    const known = this.nodes.get(node.id);
    if (known) known.focus ||= focus;
    else this.nodes.set(node.id, pictureNode(node, focus));
  }

  edge(from: string, to: string, sites: Site[]): void {
    const key = `${from}\u0000${to}`;
    if (this.edges.has(key)) return;
    this.edges.set(key, { from, to, label: sitesText(sites, plain).replace(/^at /, ''), nameBased: sites.some((s) => s.nameBased === true) });
  }

  build(title: string): Picture {
    return { title, nodes: [...this.nodes.values()], edges: [...this.edges.values()], notes: this.notes };
  }
}

/** callers: each caller → what it calls; callees: each symbol → what it calls. Edges point the way calls go. */
export function callsPicture(r: CallersResult, builder = new PictureBuilder()): PictureBuilder {
  builder.node(r.symbol, true);
  for (const hop of r.hops) {
    builder.node(hop.node);
    if (r.direction === 'callers') builder.edge(hop.node.id, hop.via, hop.sites);
    else builder.edge(hop.via, hop.node.id, hop.sites);
  }
  if (r.truncated) builder.notes.push(`${r.hops.length} of ${r.total} ${r.direction} shown (raise --limit)`);
  if (r.moreBeyondDepth) builder.notes.push(`more ${r.direction} beyond depth ${r.depth} (raise --depth)`);
  if (!r.completeness.complete) builder.notes.push(`may be incomplete: ${r.completeness.reasons.join('; ')}`);
  return builder;
}

export function tracePicture(r: TraceResult, builder = new PictureBuilder()): PictureBuilder {
  builder.node(r.from, true);
  builder.node(r.to, true);
  for (const path of r.paths) {
    for (const hop of path.hops) {
      builder.node(hop.from);
      builder.node(hop.to);
      builder.edge(hop.from.id, hop.to.id, hop.sites);
    }
  }
  if (!r.found) builder.notes.push(r.message);
  return builder;
}

/**
 * impact: each affected declaration → what it depends on (one hop closer to the target). The
 * answer merges the sites of a declaration that reaches several: its edges are then drawn without
 * them (the text answer lists them), never with sites that may belong to another edge.
 */
export function impactPicture(r: ImpactResult, builder = new PictureBuilder()): PictureBuilder {
  const target: NodeRef | null = r.target.node ?? (r.target.type === 'file' && r.target.filePath ? fileNode(r.target.filePath, r.affected) : null);
  if (target) builder.node(target, true);
  const drawn = new Set<string>([...(target ? [target.id] : []), ...r.affected.map((a) => a.node.id)]);
  let merged = false;
  for (const a of r.affected) {
    builder.node(a.node);
    // The target's own declarations (members, or a file's contents) are drawn as the target.
    const ends = [...new Set(a.via.map((via) => (drawn.has(via) ? via : target?.id)).filter((to): to is string => to !== undefined && to !== a.node.id))];
    if (ends.length > 1) merged = true;
    for (const to of ends) builder.edge(a.node.id, to, ends.length === 1 ? a.sites : []);
  }
  if (merged) builder.notes.push('an edge without a label: its declaration reaches several, and the text answer lists their sites together');
  if (r.target.type === 'unknown') builder.notes.push(r.summary);
  if (r.truncated) builder.notes.push(`${r.affected.length} of ${r.counts.symbols} affected symbols shown (raise --limit)`);
  if (r.moreBeyondDepth) builder.notes.push(`more dependents beyond depth ${r.depth} (raise --depth)`);
  if (r.target.type !== 'unknown' && !r.completeness.complete) builder.notes.push(`may be incomplete: ${r.completeness.reasons.join('; ')}`);
  return builder;
}

/** The file an impact question named, as a node of the picture (its id as the codegraph format writes file ids). */
function fileNode(filePath: string, affected: ImpactResult['affected']): NodeRef {
  const language = affected[0]?.node.language ?? '';
  return { id: `file:${filePath}`, kind: 'file', name: filePath.split('/').pop() ?? filePath, qualifiedName: filePath, filePath, language, startLine: 1, endLine: 1 };
}

export function pictureTitle(kind: 'callers' | 'callees' | 'trace' | 'impact', results: ReadonlyArray<CallersResult | TraceResult | ImpactResult>): string {
  const one = results[0];
  if (kind === 'trace') {
    const t = one as TraceResult;
    return `trace from ${t.from.qualifiedName} (${location(t.from)}) to ${t.to.qualifiedName} (${location(t.to)})`;
  }
  if (kind === 'impact') {
    const names = results.map((r) => (r as ImpactResult).target).map((t) => (t.node ? `${nodeName(t.node)}${t.node.kind === 'file' ? '' : ` (${location(t.node)})`}` : t.query));
    return `impact of ${names.join(', ')}`;
  }
  const names = results.map((r) => (r as CallersResult).symbol).map((s) => `${s.qualifiedName} (${location(s)})`);
  return `${kind} of ${names.join(', ')}`;
}

export { PictureBuilder };
