/**
 * Packages that live inside the workspace (monorepo members): a package.json `name` maps to its
 * folder, and `name/sub` is resolved through its `exports` map, `main`/`module`/`types`, or
 * directly inside the folder. Also the package.json `imports` map (`#internal` specifiers).
 */
import { isRecord, parseJsonc } from './jsonc.js';
import { joinPath, parentDir } from './tsconfig-paths.js';

/** Condition names tried in order; the first target that lands on an indexed file wins. */
const CONDITION_ORDER = ['source', 'import', 'module', 'require', 'node', 'default', 'browser', 'types'];

export interface PackageInfo {
  name?: string;
  folder: string;
  manifest: Record<string, unknown>;
}

type ReadText = (relativePath: string) => string | undefined;

export class WorkspacePackages {
  private byName: Map<string, PackageInfo | null> | undefined;
  private readonly manifests = new Map<string, PackageInfo | null>();

  constructor(private readonly files: ReadonlySet<string>, private readonly readText: ReadText) {}

  /** The package.json in `folder`, if any. */
  packageAt(folder: string): PackageInfo | undefined {
    let info = this.manifests.get(folder);
    if (info === undefined) {
      const text = this.readText(joinPath(folder, 'package.json'));
      const json = text === undefined ? undefined : parseJsonc(text);
      info = isRecord(json) ? { name: typeof json.name === 'string' ? json.name : undefined, folder, manifest: json } : null;
      this.manifests.set(folder, info);
    }
    return info ?? undefined;
  }

  /** The nearest package.json at or above `dir`. */
  nearestPackage(dir: string): PackageInfo | undefined {
    for (let current: string | null = dir; current !== null; current = parentDir(current)) {
      const info = this.packageAt(current);
      if (info) return info;
    }
    return undefined;
  }

  /** `@scope/name/sub/path` → the workspace package and the subpath ('' for the package itself). */
  match(specifier: string): { pkg: PackageInfo; subpath: string } | undefined {
    const names = this.names();
    const parts = specifier.split('/');
    const nameLength = specifier.startsWith('@') ? 2 : 1;
    if (parts.length < nameLength) return undefined;
    const name = parts.slice(0, nameLength).join('/');
    const pkg = names.get(name);
    if (!pkg) return undefined; // unknown, or two folders claim the name: never guess
    return { pkg, subpath: parts.slice(nameLength).join('/') };
  }

  /** Every package.json in a folder that holds (or is above) an indexed file. */
  private names(): Map<string, PackageInfo | null> {
    if (this.byName) return this.byName;
    const folders = new Set<string>();
    for (const file of this.files) {
      for (let dir = parentDir(file); dir !== null && !folders.has(dir); dir = parentDir(dir)) folders.add(dir);
    }
    const byName = new Map<string, PackageInfo | null>();
    for (const folder of folders) {
      if (folder.split('/').includes('node_modules')) continue;
      const info = this.packageAt(folder);
      if (!info?.name) continue;
      byName.set(info.name, byName.has(info.name) ? null : info);
    }
    this.byName = byName;
    return byName;
  }
}

/**
 * Targets (package-relative, like `./dist/index.js`) for a subpath through an `exports` or
 * `imports` map, in preference order. Undefined when the map does not decide (no map);
 * an empty list when the map exists but does not export the subpath.
 */
export function mapTargets(map: unknown, key: string): string[] | undefined {
  if (map === undefined || map === null) return undefined;
  if (typeof map === 'string' || Array.isArray(map)) return key === '.' ? conditionTargets(map, '') : [];
  if (!isRecord(map)) return undefined;
  const keys = Object.keys(map);
  const isSubpathMap = keys.some((k) => k.startsWith('.') || k.startsWith('#'));
  if (!isSubpathMap) return key === '.' ? conditionTargets(map, '') : [];
  if (key in map) return conditionTargets(map[key], '');
  // Pattern keys (`./features/*`, `./lib/*.js`): the longest matching prefix wins, as in Node.
  let best: { prefix: string; value: unknown; captured: string } | undefined;
  for (const k of keys) {
    const star = k.indexOf('*');
    if (star === -1) continue;
    const prefix = k.slice(0, star);
    const suffix = k.slice(star + 1);
    if (!key.startsWith(prefix) || !key.endsWith(suffix) || key.length < prefix.length + suffix.length) continue;
    if (best && best.prefix.length >= prefix.length) continue;
    best = { prefix, value: map[k], captured: key.slice(prefix.length, key.length - suffix.length) };
  }
  if (best) return conditionTargets(best.value, best.captured);
  // Legacy folder mappings (`"./utils/": "./src/utils/"`).
  for (const k of keys) {
    if (k.endsWith('/') && key.startsWith(k)) return conditionTargets(map[k], '').map((t) => t + key.slice(k.length));
  }
  return [];
}

function conditionTargets(value: unknown, captured: string): string[] {
  const out: string[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === 'string') {
      out.push(v.split('*').join(captured));
    } else if (Array.isArray(v)) {
      for (const item of v) visit(item, depth + 1);
    } else if (isRecord(v)) {
      const keys = Object.keys(v);
      const ordered = [...CONDITION_ORDER.filter((c) => keys.includes(c)), ...keys.filter((k) => !CONDITION_ORDER.includes(k))];
      for (const condition of ordered) visit(v[condition], depth + 1);
    }
  };
  visit(value, 0);
  return [...new Set(out)];
}

/** Entry-point fields of a package.json, in preference order. */
export function entryTargets(manifest: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of ['source', 'module', 'main', 'types', 'typings']) {
    const value = manifest[field];
    if (typeof value === 'string' && value.length > 0) out.push(value);
  }
  return out;
}
