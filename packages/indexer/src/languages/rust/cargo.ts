/**
 * What a `Cargo.toml` says that name binding needs: the package's name, and the crate roots of its
 * targets (the library, binaries, tests, examples, benches). Only the few TOML forms manifests use
 * for these are read: `[section]`, `[[array-section]]`, `key = "string"`, `key = false` and
 * `members = [ … ]` (on one line or several).
 */
import { posix } from 'node:path';

export interface CargoManifest {
  /** Folder of the manifest, relative to the root ('' for the root). */
  dir: string;
  /** `[package] name`; undefined for a virtual workspace manifest. */
  packageName?: string;
  /** The library's crate name (`[lib] name`, else the package name with `-` as `_`). */
  libName?: string;
  /** `[lib] path`, relative to the manifest's folder. */
  libPath?: string;
  /** `path` of each `[[bin]]`, `[[test]]`, `[[example]]`, `[[bench]]` target, relative to the manifest's folder. */
  targetPaths: string[];
  /** `autotests = false` etc.: the folder's files are roots only when listed. */
  noAuto: Set<'tests' | 'examples' | 'benches' | 'bins'>;
}

/** Strips a TOML comment (outside strings) and white space. */
function clean(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"' && line[i - 1] !== '\\') inString = !inString;
    if (c === '#' && !inString) return line.slice(0, i).trim();
  }
  return line.trim();
}

export function parseCargoManifest(dir: string, text: string): CargoManifest {
  const manifest: CargoManifest = { dir, targetPaths: [], noAuto: new Set() };
  let section = '';
  for (const raw of text.split('\n')) {
    const line = clean(raw);
    if (!line) continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const pair = /^([A-Za-z0-9_.-]+)\s*=\s*(.*)$/.exec(line);
    if (!pair) continue;
    const [, key, value] = pair;
    const text = /^"([^"]*)"$/.exec(value)?.[1] ?? /^'([^']*)'$/.exec(value)?.[1];
    if (section === 'package') {
      if (key === 'name' && text !== undefined) manifest.packageName = text;
      if (value === 'false' && (key === 'autotests' || key === 'autoexamples' || key === 'autobenches' || key === 'autobins')) {
        manifest.noAuto.add(key.slice(4) as 'tests' | 'examples' | 'benches' | 'bins');
      }
    } else if (section === 'lib') {
      if (key === 'name' && text !== undefined) manifest.libName = text;
      if (key === 'path' && text !== undefined) manifest.libPath = posix.normalize(text);
    } else if (section === 'bin' || section === 'test' || section === 'example' || section === 'bench') {
      if (key === 'path' && text !== undefined) manifest.targetPaths.push(posix.normalize(text));
    }
  }
  if (manifest.libName === undefined && manifest.packageName !== undefined) manifest.libName = manifest.packageName.replace(/-/g, '_');
  return manifest;
}

/** Joins a manifest folder and a path inside it. */
export function inDir(dir: string, path: string): string {
  return dir === '' ? path : `${dir}/${path}`;
}
