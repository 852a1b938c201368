import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveIndexSettings } from './index-settings.js';
import { ConfigurationError, parseProjectConfiguration, readProjectConfiguration } from './project-configuration.js';

const KNOWN = ['typescript', 'tsx', 'python'];
const ROOT = '/repo';
const parse = (value: unknown) => parseProjectConfiguration(JSON.stringify(value), KNOWN, ROOT);
const message = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('arbor.config.json validation', () => {
  it('takes every key, sizes as bytes or with a unit, and ignores $schema', () => {
    expect(parse({
      $schema: './schema.json', languages: ['TypeScript', 'tsx', 'tsx'], exclude: ['generated/'], gitignore: false, maxFileSize: '512KiB',
      cacheDir: '.cache/arbor', mcp: { maxLimit: 10, maxBytes: 65536, indexTimeout: 1.5, watch: false }, watch: { debounce: 0 },
    })).toEqual({
      languages: ['typescript', 'tsx'], exclude: ['generated/'], gitignore: false, maxFileSize: 512 * 1024, cacheDir: '/repo/.cache/arbor',
      mcp: { maxLimit: 10, maxBytes: 65536, indexTimeout: 1.5, watch: false }, watch: { debounce: 0 },
    });
    expect(parse({})).toEqual({});
  });

  it('an unknown key is an error naming it and the keys known there', () => {
    expect(message(() => parse({ language: ['tsx'] }))).toBe(
      'arbor.config.json: unknown key "language" (known: languages, exclude, gitignore, maxFileSize, cacheDir, mcp, watch)',
    );
    expect(message(() => parse({ mcp: { maxLimt: 3 } }))).toBe('arbor.config.json: unknown key "mcp.maxLimt" (known in "mcp": maxLimit, maxBytes, indexTimeout, watch)');
  });

  it.each([
    [{ gitignore: 'yes' }, '"gitignore" must be true or false, not "yes"'],
    [{ maxFileSize: 'huge' }, '"maxFileSize" must be a size: a whole number of bytes or a string such as "512KiB", not "huge"'],
    [{ maxFileSize: 1.5 }, '"maxFileSize" must be a size: a whole number of bytes or a string such as "512KiB", not 1.5'],
    [{ maxFileSize: '1GiB' }, '"maxFileSize" must be at most 64 MiB in a configuration (a flag may ask for more), not "1GiB"'],
    [{ mcp: { maxLimit: 0 } }, '"mcp.maxLimit" must be a whole number ≥ 1, not 0'],
    [{ mcp: { indexTimeout: -1 } }, '"mcp.indexTimeout" must be a positive number of seconds, not -1'],
    [{ watch: { debounce: 'soon' } }, '"watch.debounce" must be a whole number ≥ 0, not "soon"'],
    [{ watch: 5 }, '"watch" must be an object, not 5'],
    [{ exclude: 'dist/' }, '"exclude" must be a list of non-empty strings, not "dist/"'],
    [{ languages: [] }, '"languages" must be a non-empty list of language names, not []'],
    [{ languages: ['typescript', 'cobol'] }, '"languages": unknown language "cobol" (one of typescript, tsx, python)'],
    [{ cacheDir: '../elsewhere' }, '"cacheDir" must be a folder inside the repository, relative to its root (use --cache-dir for one elsewhere), not "../elsewhere"'],
    [{ cacheDir: '/tmp/cache' }, '"cacheDir" must be a folder inside the repository, relative to its root (use --cache-dir for one elsewhere), not "/tmp/cache"'],
  ])('%j: %s', (value, expected) => {
    expect(message(() => parse(value))).toBe(`arbor.config.json: ${expected}`);
  });

  it('text that is not a JSON object says so', () => {
    expect(message(() => parseProjectConfiguration('{ "languages": [', KNOWN, ROOT))).toMatch(/^arbor\.config\.json: not valid JSON: /);
    expect(message(() => parse(['typescript']))).toBe('arbor.config.json: must hold a JSON object, not ["typescript"]');
  });
});

describe('reading the file and laying flags over it', () => {
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));
  const repo = (config?: string) => {
    const root = mkdtempSync(join(tmpdir(), 'arbor-config-'));
    temps.push(root);
    if (config !== undefined) writeFileSync(join(root, 'arbor.config.json'), config);
    return root;
  };

  it('no file: no settings and nothing recorded but the flags', () => {
    const resolved = resolveIndexSettings(repo(), { languages: 'python', exclude: [] }, KNOWN);
    expect(resolved.settings).toEqual({ languages: ['python'] });
    expect(resolved.recorded).toEqual({ file: null, sha256: null, fromFlags: ['languages'], settings: { languages: ['python'] } });
  });

  it('a flag given wins for its key; the file decides the rest; an empty --exclude list is no flag', () => {
    const root = repo('{ "languages": ["typescript"], "exclude": ["gen/"], "gitignore": false, "maxFileSize": 1000 }');
    const resolved = resolveIndexSettings(root, { languages: 'tsx,python', exclude: [], gitignore: true }, KNOWN);
    expect(resolved.settings).toEqual({ languages: ['tsx', 'python'], exclude: ['gen/'], gitignore: true, maxFileSize: 1000 });
    expect(resolved.recorded.fromFlags).toEqual(['languages', 'gitignore']);
    expect(resolved.recorded.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(message(() => resolveIndexSettings(root, { languages: 'rust' }, KNOWN))).toBe('--languages: unknown language "rust" (one of typescript, tsx, python)');
    expect(message(() => resolveIndexSettings(root, { maxFileSize: 'big' }, KNOWN))).toBe('--max-file-size: not a size: big');
  });

  it('a file it must not read (a link out of the repository, a folder, too large) is refused by name', () => {
    const outside = repo('{}');
    const linked = repo();
    symlinkSync(join(outside, 'arbor.config.json'), join(linked, 'arbor.config.json'));
    expect(message(() => readProjectConfiguration(linked, KNOWN))).toBe('arbor.config.json: cannot be used: a link out of the repository');
    const folder = repo();
    mkdirSync(join(folder, 'arbor.config.json'));
    expect(message(() => readProjectConfiguration(folder, KNOWN))).toBe('arbor.config.json: cannot be used: not a regular file');
    const large = repo(`{ "exclude": [${'"x",'.repeat(20_000)} "y"] }`);
    expect(message(() => readProjectConfiguration(large, KNOWN))).toBe('arbor.config.json: cannot be used: larger than 64 KiB');
  });
});
