/**
 * `arbor.config.json` at the root of a repository: one configuration read by `index`, `watch`,
 * `mcp` and the git hooks (which run `index`), so a CI job, an editor's agent and a hook build the
 * same graph. A flag given on the command line overrides the file's value for that key.
 *
 * Validated by hand, key by key, so each mistake is one message naming the key and the value:
 * an unknown key (a typo would otherwise be ignored silently) or a value of the wrong kind is an
 * error, never a default. The file comes from the checkout, which may not be trusted: it is read
 * through safe-read (inside the root, a regular file, at most 64 KiB), and the folder it names
 * for the cache must lie inside the root (a flag may name any folder).
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { PROJECT_CONFIG_FILE, readBytesInsideRoot, sha256Hex } from '@arbor/vocabulary';
import { parseByteSize } from '../output/byte-size.js';

export const CONFIG_FILE = PROJECT_CONFIG_FILE;
const MAX_CONFIG_BYTES = 64 * 1024;

/** The settings a configuration may hold, sizes in bytes and times as the flags take them. */
export interface ProjectConfiguration {
  languages?: string[];
  exclude?: string[];
  gitignore?: boolean;
  maxFileSize?: number;
  cacheDir?: string;
  mcp?: { maxLimit?: number; maxBytes?: number; indexTimeout?: number; watch?: boolean };
  watch?: { debounce?: number };
}

export interface LoadedConfiguration {
  /** `arbor.config.json` when the root has one, else null. */
  file: string | null;
  /** sha256 of the file's bytes (null without a file): what `status` compares with the disk. */
  sha256: string | null;
  values: ProjectConfiguration;
}

/** A configuration (file or flag) that cannot be used, with a message naming the key and the value. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

type Rule =
  | { type: 'object'; keys: Record<string, Rule> }
  | { type: 'boolean' }
  | { type: 'size'; max?: number }
  | { type: 'integer'; min: number }
  | { type: 'seconds' }
  | { type: 'string' }
  | { type: 'languages' }
  | { type: 'strings' };

/** The largest file size a configuration may ask to index (a flag may ask for more). */
export const MAX_CONFIGURED_FILE_SIZE = 64 * 1024 * 1024;

const SCHEMA: Rule = {
  type: 'object',
  keys: {
    $schema: { type: 'string' },
    languages: { type: 'languages' },
    exclude: { type: 'strings' },
    gitignore: { type: 'boolean' },
    maxFileSize: { type: 'size', max: MAX_CONFIGURED_FILE_SIZE },
    cacheDir: { type: 'string' },
    mcp: {
      type: 'object',
      keys: { maxLimit: { type: 'integer', min: 1 }, maxBytes: { type: 'size' }, indexTimeout: { type: 'seconds' }, watch: { type: 'boolean' } },
    },
    watch: { type: 'object', keys: { debounce: { type: 'integer', min: 0 } } },
  },
};

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/**
 * Reads `<root>/arbor.config.json` (no file: no settings). `knownLanguages` are the languages the
 * indexer indexes, which `languages` must name.
 */
export function readProjectConfiguration(root: string, knownLanguages: readonly string[]): LoadedConfiguration {
  const read = readBytesInsideRoot(root, CONFIG_FILE, { maxBytes: MAX_CONFIG_BYTES });
  if (!read.ok) {
    if (read.reason === 'removed') return { file: null, sha256: null, values: {} };
    const why = { 'too-large': `larger than ${MAX_CONFIG_BYTES / 1024} KiB`, 'outside-root': 'a link out of the repository', 'not-a-file': 'not a regular file', unreadable: 'unreadable' }[read.reason];
    throw new ConfigurationError(`${CONFIG_FILE}: cannot be used: ${why}`);
  }
  const values = parseProjectConfiguration(read.bytes.toString('utf8'), knownLanguages, root);
  return { file: CONFIG_FILE, sha256: sha256Hex(read.bytes), values };
}

/** The configuration in `text`; throws ConfigurationError naming the first wrong key. */
export function parseProjectConfiguration(text: string, knownLanguages: readonly string[], root: string): ProjectConfiguration {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`${CONFIG_FILE}: not valid JSON: ${(error as Error).message}`);
  }
  const values = check(json, SCHEMA, '', knownLanguages) as ProjectConfiguration & { $schema?: string };
  delete values.$schema;
  if (values.cacheDir !== undefined) values.cacheDir = cacheDirInside(root, values.cacheDir);
  return values;
}

function check(value: unknown, rule: Rule, key: string, known: readonly string[]): unknown {
  const where = `${CONFIG_FILE}: "${key}"`;
  switch (rule.type) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new ConfigurationError(key === '' ? `${CONFIG_FILE}: must hold a JSON object, not ${shown(value)}` : `${where} must be an object, not ${shown(value)}`);
      }
      const out: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) {
        const path = key === '' ? name : `${key}.${name}`;
        const sub = Object.hasOwn(rule.keys, name) ? rule.keys[name] : undefined;
        if (!sub) throw new ConfigurationError(`${CONFIG_FILE}: unknown key "${path}" (known${key === '' ? '' : ` in "${key}"`}: ${Object.keys(rule.keys).filter((k) => k !== '$schema').join(', ')})`);
        out[name] = check(item, sub, path, known);
      }
      return out;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw new ConfigurationError(`${where} must be true or false, not ${shown(value)}`);
      return value;
    case 'size': {
      const bytes = typeof value === 'number' || typeof value === 'string' ? parseByteSize(value) : undefined;
      if (bytes === undefined || (typeof value === 'number' && !Number.isInteger(value))) {
        throw new ConfigurationError(`${where} must be a size: a whole number of bytes or a string such as "512KiB", not ${shown(value)}`);
      }
      if (rule.max !== undefined && bytes > rule.max) throw new ConfigurationError(`${where} must be at most ${rule.max / 1024 / 1024} MiB in a configuration (a flag may ask for more), not ${shown(value)}`);
      return bytes;
    }
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min) throw new ConfigurationError(`${where} must be a whole number ≥ ${rule.min}, not ${shown(value)}`);
      return value;
    case 'seconds':
      if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) throw new ConfigurationError(`${where} must be a positive number of seconds, not ${shown(value)}`);
      return value;
    case 'string':
      if (typeof value !== 'string' || value === '' || value.includes('\0')) throw new ConfigurationError(`${where} must be a non-empty string, not ${shown(value)}`);
      return value;
    case 'strings':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) throw new ConfigurationError(`${where} must be a list of non-empty strings, not ${shown(value)}`);
      return [...value];
    case 'languages':
      if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string')) {
        throw new ConfigurationError(`${where} must be a non-empty list of language names, not ${shown(value)}`);
      }
      return checkLanguages(value as string[], known, where);
  }
}

/** The languages named, each one arbor indexes; a mistake names the language and the choices. */
export function checkLanguages(names: readonly string[], known: readonly string[], where = '--languages'): string[] {
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (!known.includes(name)) throw new ConfigurationError(`${where}: unknown language ${shown(raw)} (one of ${known.join(', ')})`);
    if (!out.includes(name)) out.push(name);
  }
  if (out.length === 0) throw new ConfigurationError(`${where}: name at least one language (one of ${known.join(', ')})`);
  return out;
}

/** A cache folder named by the repository's own configuration: relative to the root, and inside it. */
function cacheDirInside(root: string, dir: string): string {
  const absolute = resolve(root, dir);
  const rel = relative(resolve(root), absolute);
  if (isAbsolute(dir) || rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new ConfigurationError(`${CONFIG_FILE}: "cacheDir" must be a folder inside the repository, relative to its root (use --cache-dir for one elsewhere), not ${shown(dir)}`);
  }
  return absolute;
}
