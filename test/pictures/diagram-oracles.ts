/**
 * The real tools that read arbor's pictures: Graphviz `dot` (Debian's graphviz) and Mermaid's own
 * flowchart parser (the `mermaid` dev dependency). A missing `dot` skips its tests with the tool's
 * name, or fails them under ARBOR_REQUIRE_ORACLES=1 (as `.ci/run` sets after installing it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { oracleMissing } from '../../tools/accuracy/test-graph.mjs';

/** Why `dot` cannot run here, or null when it can. */
export function dotMissing(): string | null {
  const found = spawnSync('dot', ['-V'], { stdio: 'ignore' }).status === 0;
  return oracleMissing('Graphviz', found, '`dot` on PATH (Debian: apt-get install graphviz)') as string | null;
}

/** The text lines Graphviz lays out: each <text> element of `dot -Tsvg`, XML entities decoded. Throws on a DOT syntax error. */
export function dotTextLines(source: string): string[] {
  const svg = execFileSync('dot', ['-Tsvg'], { input: source, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => decodeXml(m[1]));
}

function decodeXml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

export interface ParsedFlowchart {
  /** Vertex id → its label as Mermaid will render it (entity codes decoded). */
  vertices: Map<string, string>;
  edges: Array<{ start: string; end: string; text: string; stroke: string }>;
}

interface Mermaid {
  parse(text: string): Promise<{ diagramType: string } | false>;
  mermaidAPI: { getDiagramFromText(text: string): Promise<{ db: FlowDb }> };
}
interface FlowDb {
  getVertices(): Map<string, { text: string }>;
  getEdges(): Array<{ start: string; end: string; text: string; stroke: string }>;
}

let mermaid: Promise<Mermaid> | undefined;

/**
 * Mermaid itself, in Node. Its module sanitises HTML with DOMPurify, which needs a browser's DOM
 * and has no entry points without one; parsing does not depend on it, so in Node those entry
 * points are identity functions. Everything else (comments, entity codes, the flowchart grammar
 * and its database) is Mermaid's own code.
 */
async function loadMermaid(): Promise<Mermaid> {
  const purify = ((await import('dompurify')) as unknown as { default: Record<string, unknown> }).default;
  for (const hook of ['addHook', 'removeHook', 'removeHooks', 'removeAllHooks']) purify[hook] ??= () => {};
  purify.sanitize ??= (text: string) => text;
  return ((await import('mermaid')) as unknown as { default: Mermaid }).default;
}

/** Parses a flowchart as Mermaid does (`mermaid.parse`, then its diagram database); throws Mermaid's parse error. */
export async function parseFlowchart(source: string): Promise<ParsedFlowchart> {
  mermaid ??= loadMermaid();
  const api = await mermaid;
  const parsed = await api.parse(source);
  if (!parsed || parsed.diagramType !== 'flowchart-v2') throw new Error(`not a flowchart: ${JSON.stringify(parsed)}`);
  const { db } = await api.mermaidAPI.getDiagramFromText(source);
  return {
    vertices: new Map([...db.getVertices()].map(([id, v]) => [id, decodeMermaidEntities(v.text)])),
    edges: db.getEdges().map((e) => ({ start: e.start, end: e.end, text: decodeMermaidEntities(e.text), stroke: e.stroke })),
  };
}

/**
 * Mermaid's entity codes as the browser finally shows them: Mermaid keeps `#name;`/`#NN;` as
 * placeholders through parsing and turns them into HTML entities for the page.
 */
export function decodeMermaidEntities(text: string): string {
  const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>' };
  return text
    .replace(/\uFB02\u00B0\u00B0(\d+)\u00B6\u00DF/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/\uFB02\u00B0(\w+)\u00B6\u00DF/g, (whole, name: string) => named[name] ?? whole);
}
