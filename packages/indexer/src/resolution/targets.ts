/** Operations on lookup answers shared by the resolver's modules. */
import type { Target } from './workspace-symbols.js';

/** The targets without repeats (one declaration, module, package or file set once), in order. */
export function dedupeTargets(targets: Target[]): Target[] {
  const seen = new Set<string>();
  const out: Target[] = [];
  for (const t of targets) {
    const key =
      t.type === 'declaration' ? `d:${t.ref.file}:${t.ref.localId}` : t.type === 'module' ? `m:${t.file}` : t.type === 'package' ? `p:${t.specifier}`
        : t.type === 'file-set' ? `f:${t.key}` : t.type;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}
