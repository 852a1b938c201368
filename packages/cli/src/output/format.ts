/** Small pieces of human output shared by the query commands. */
import type { NodeRef, Site } from '@arbor/query';
import type { Style } from './style.js';

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

export function location(node: Pick<NodeRef, 'filePath' | 'startLine' | 'endLine'>, range = false): string {
  return range && node.endLine > node.startLine ? `${node.filePath}:${node.startLine}-${node.endLine}` : `${node.filePath}:${node.startLine}`;
}

/** How a node is named in lists: its qualified name, or the path for a file (top-level code). */
export function nodeName(node: Pick<NodeRef, 'kind' | 'qualifiedName' | 'filePath'>): string {
  return node.kind === 'file' ? node.filePath : node.qualifiedName;
}

/** `applyDiscount function src/cart/pricing.ts:7`, the location left out for a file. */
export function nodeLine(node: NodeRef, style: Style): string {
  if (node.kind === 'file') return `${style.bold(node.filePath)} ${style.dim('(file, top level)')}`;
  return `${style.bold(node.qualifiedName)} ${style.dim(`(${node.kind}, ${location(node)})`)}`;
}

/** `function applyDiscount` with the name in bold. */
export function label(node: Pick<NodeRef, 'kind' | 'qualifiedName'>, style: Style): string {
  return `${style.dim(node.kind)} ${style.bold(node.qualifiedName)}`;
}

/**
 * Where a relation happens and how it was resolved: `at src/a.ts:8,12 (import)`, or
 * `at src/a.ts:9 (instantiates, exact-match, name-based)`; `name-based` flags edges that only
 * a name match produced.
 */
/** Call-site line numbers printed per file; the rest are counted (`--json` has them all). */
const MAX_LINES_PER_FILE = 8;

export function sitesText(sites: Site[], style: Style): string {
  if (sites.length === 0) return '';
  const byFile = new Map<string, string[]>();
  for (const site of sites) {
    const lines = byFile.get(site.filePath) ?? [];
    if (site.line !== null && !lines.includes(String(site.line))) lines.push(String(site.line));
    byFile.set(site.filePath, lines);
  }
  // A symbol called hundreds of times in one file must not print a line of hundreds of numbers.
  const where = [...byFile].map(([file, lines]) => {
    if (lines.length === 0) return file;
    const shown = lines.slice(0, MAX_LINES_PER_FILE).join(',');
    return lines.length > MAX_LINES_PER_FILE ? `${file}:${shown} (+${lines.length - MAX_LINES_PER_FILE} more)` : `${file}:${shown}`;
  }).join(' ');
  const how = [
    ...new Set(sites.map((s) => s.kind).filter((k) => k !== 'calls')),
    ...new Set(sites.map((s) => s.resolvedBy ?? 'resolution unrecorded')),
  ];
  const nameBased = sites.some((s) => s.nameBased === true);
  return `at ${style.cyan(where)} ${style.dim('(')}${style.dim(how.join(', '))}${nameBased ? `${style.dim(', ')}${style.yellow('name-based')}` : ''}${style.dim(')')}`;
}

/**
 * The part of a signature worth printing right after a name: parameters, type parameters, a type
 * annotation or an initialiser. Writers differ — codegraph stores `(a: T): R`, arbor the head of
 * the declaration (`function f(a: T): R`, `class X`) — so a leading keyword and the name are cut.
 */
export function inlineSignature(signature: string | null, name: string, max = 70): string {
  if (!signature) return '';
  let flat = signature.replace(/\s+/g, ' ').trim();
  if (!/^[(<:=]/.test(flat)) {
    const at = flat.indexOf(name);
    const rest = at === -1 ? '' : flat.slice(at + name.length);
    if (!/^ ?[(<:=]/.test(rest)) return '';
    flat = rest.startsWith(' ') && !rest.startsWith(' =') ? rest.trimStart() : rest;
  }
  const text = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return text.startsWith('=') ? ` ${text}` : text;
}

/** Bytes as B / KiB / MiB. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** `a 3, b 2` from a count map, largest first. */
export function counts(map: Record<string, number>): string {
  return (
    Object.entries(map)
      .sort(([ka, a], [kb, b]) => b - a || (ka < kb ? -1 : ka > kb ? 1 : 0))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none'
  );
}
