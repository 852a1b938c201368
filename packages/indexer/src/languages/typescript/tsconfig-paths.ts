/**
 * The module-resolution settings of the nearest tsconfig.json / jsconfig.json: `baseUrl`, `paths`,
 * `rootDir`/`outDir`, following `extends` chains. Paths here are relative to the workspace root,
 * forward slashes, '' for the root itself.
 */
import path from 'node:path';
import { isRecord, parseJsonc } from './jsonc.js';

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
const MAX_EXTENDS_DEPTH = 16;

export interface PathPattern {
  /** Text before `*` (or the whole key when there is no wildcard). */
  prefix: string;
  suffix: string;
  wildcard: boolean;
  targets: string[];
}

export interface ModuleSettings {
  /** The config file these settings come from (the nearest one). */
  configFile: string;
  /** Absolute-to-root folder non-relative specifiers may be looked up in. */
  baseUrl?: string;
  /** Folder `paths` targets are relative to (baseUrl, else the folder of the config declaring `paths`). */
  pathsBase?: string;
  paths: PathPattern[];
  rootDir?: string;
  outDir?: string;
  /**
   * The folder every `include` pattern lies under (`lib/**` → `lib`): where the sources of
   * `outDir` come from when `rootDir` is not set.
   */
  includeRoot?: string;
}

type ReadText = (relativePath: string) => string | undefined;

interface RawOptions {
  baseUrl?: string;
  paths?: { base: string; map: Record<string, unknown> };
  rootDir?: string;
  outDir?: string;
  includeRoot?: string;
}

export class TsconfigLookup {
  private readonly nearestByDir = new Map<string, ModuleSettings | null>();
  private readonly optionsByFile = new Map<string, RawOptions | null>();

  constructor(private readonly readText: ReadText) {}

  /** Settings of the config nearest to `dir` (walking up to the root), or undefined. */
  forDirectory(dir: string): ModuleSettings | undefined {
    const visited: string[] = [];
    let current: string | null = dir;
    let found: ModuleSettings | null = null;
    while (current !== null) {
      const cached = this.nearestByDir.get(current);
      if (cached !== undefined) {
        found = cached;
        break;
      }
      visited.push(current);
      const configFile = CONFIG_NAMES.map((name) => joinPath(current!, name)).find((file) => this.readText(file) !== undefined);
      if (configFile) {
        found = this.settingsOf(configFile);
        break;
      }
      current = parentDir(current);
    }
    for (const d of visited) this.nearestByDir.set(d, found);
    return found ?? undefined;
  }

  private settingsOf(configFile: string): ModuleSettings | null {
    const options = this.optionsOf(configFile, 0);
    if (!options) return { configFile, paths: [] };
    return {
      configFile,
      baseUrl: options.baseUrl,
      pathsBase: options.paths ? options.baseUrl ?? options.paths.base : undefined,
      paths: options.paths ? compilePaths(options.paths.map) : [],
      rootDir: options.rootDir,
      outDir: options.outDir,
      includeRoot: options.includeRoot,
    };
  }

  /** compilerOptions of one config merged over the configs it extends (nearer wins). */
  private optionsOf(configFile: string, depth: number): RawOptions | null {
    const cached = this.optionsByFile.get(configFile);
    if (cached !== undefined) return cached;
    this.optionsByFile.set(configFile, null); // guards against `extends` cycles
    const text = this.readText(configFile);
    const json = text === undefined ? undefined : parseJsonc(text);
    if (!isRecord(json)) return null;
    const dir = parentDir(configFile) ?? '';

    let merged: RawOptions = {};
    if (depth < MAX_EXTENDS_DEPTH) {
      const parents = typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
      for (const parent of parents) {
        if (typeof parent !== 'string') continue;
        const parentFile = this.extendedConfigFile(dir, parent);
        const parentOptions = parentFile ? this.optionsOf(parentFile, depth + 1) : null;
        if (parentOptions) merged = { ...merged, ...definedOnly(parentOptions) };
      }
    }
    const compilerOptions = isRecord(json.compilerOptions) ? json.compilerOptions : {};
    const own: RawOptions = {};
    if (typeof compilerOptions.baseUrl === 'string') own.baseUrl = resolveIn(dir, compilerOptions.baseUrl);
    if (isRecord(compilerOptions.paths)) own.paths = { base: dir, map: compilerOptions.paths };
    if (typeof compilerOptions.rootDir === 'string') own.rootDir = resolveIn(dir, compilerOptions.rootDir);
    if (typeof compilerOptions.outDir === 'string') own.outDir = resolveIn(dir, compilerOptions.outDir);
    // `include` sits beside `compilerOptions` and, like it, is inherited through `extends`.
    if (Array.isArray(json.include)) own.includeRoot = includeRoot(dir, json.include);
    merged = { ...merged, ...definedOnly(own) };
    this.optionsByFile.set(configFile, merged);
    return merged;
  }

  private extendedConfigFile(dir: string, spec: string): string | undefined {
    const candidates: string[] = [];
    if (spec.startsWith('.') || spec.startsWith('/')) {
      const base = resolveIn(dir, spec);
      if (base === undefined) return undefined;
      candidates.push(base, `${base}.json`, joinPath(base, 'tsconfig.json'));
    } else {
      // A shared config from a package: look in node_modules at the root.
      const base = joinPath('node_modules', spec);
      candidates.push(base, `${base}.json`, joinPath(base, 'tsconfig.json'));
    }
    return candidates.find((file) => file.endsWith('.json') && this.readText(file) !== undefined);
  }
}

/**
 * The deepest folder all `include` patterns lie under: each pattern's segments up to the first one with
 * a wildcard (or the file name it ends in), then their common prefix. Undefined without patterns.
 */
function includeRoot(dir: string, patterns: unknown[]): string | undefined {
  let common: string[] | undefined;
  for (const pattern of patterns) {
    if (typeof pattern !== 'string') return undefined;
    const resolved = resolveIn(dir, pattern);
    if (resolved === undefined) return undefined;
    const segments = resolved === '' ? [] : resolved.split('/');
    let literal = segments.findIndex((segment) => /[*?]/.test(segment));
    if (literal === -1) literal = segments.length > 0 && /\.[a-z]+$/i.test(segments[segments.length - 1]) ? segments.length - 1 : segments.length;
    const folder = segments.slice(0, literal);
    if (common === undefined) common = folder;
    else {
      let shared = 0;
      while (shared < common.length && shared < folder.length && common[shared] === folder[shared]) shared++;
      common = common.slice(0, shared);
    }
  }
  return common?.join('/');
}

function compilePaths(map: Record<string, unknown>): PathPattern[] {
  const patterns: PathPattern[] = [];
  for (const [key, value] of Object.entries(map)) {
    const targets = (Array.isArray(value) ? value : [value]).filter((t): t is string => typeof t === 'string');
    if (targets.length === 0) continue;
    const star = key.indexOf('*');
    if (star === -1) patterns.push({ prefix: key, suffix: '', wildcard: false, targets });
    else if (key.indexOf('*', star + 1) === -1) patterns.push({ prefix: key.slice(0, star), suffix: key.slice(star + 1), wildcard: true, targets });
  }
  return patterns;
}

/**
 * Candidate paths (root-relative, unprobed) for a specifier through `paths`, in TypeScript's
 * order: an exact key first, else the wildcard pattern with the longest prefix.
 */
export function pathCandidates(settings: ModuleSettings, specifier: string): string[] {
  if (settings.paths.length === 0 || settings.pathsBase === undefined) return [];
  let best: { pattern: PathPattern; captured: string } | undefined;
  for (const pattern of settings.paths) {
    if (!pattern.wildcard) {
      if (pattern.prefix === specifier) {
        best = { pattern, captured: '' };
        break;
      }
      continue;
    }
    if (specifier.length < pattern.prefix.length + pattern.suffix.length) continue;
    if (!specifier.startsWith(pattern.prefix) || !specifier.endsWith(pattern.suffix)) continue;
    if (best && best.pattern.prefix.length >= pattern.prefix.length) continue;
    best = { pattern, captured: specifier.slice(pattern.prefix.length, specifier.length - pattern.suffix.length) };
  }
  if (!best) return [];
  const out: string[] = [];
  for (const target of best.pattern.targets) {
    const resolved = resolveIn(settings.pathsBase, target.replace('*', best.captured));
    if (resolved !== undefined) out.push(resolved);
  }
  return out;
}

/** Root-relative directory of a root-relative path; null above the root. */
export function parentDir(relative: string): string | null {
  if (relative === '') return null;
  const slash = relative.lastIndexOf('/');
  return slash === -1 ? '' : relative.slice(0, slash);
}

export function joinPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** `target` resolved against root-relative `dir`; undefined when it leaves the workspace. */
export function resolveIn(dir: string, target: string): string | undefined {
  if (target.startsWith('/')) return undefined;
  const joined = path.posix.normalize(path.posix.join(dir === '' ? '.' : dir, target));
  if (joined === '..' || joined.startsWith('../')) return undefined;
  if (joined === '.' || joined === './') return '';
  return joined.replace(/^\.\//, '').replace(/\/$/, '');
}

function definedOnly<T extends object>(value: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
