import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOrCreateSecret, secretFilePath } from './cache-secret.js';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-cache-secret-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('the cache secret', () => {
  it('lives in the user cache folder, outside every root', () => {
    expect(secretFilePath({ XDG_CACHE_HOME: '/x/cache' })).toBe('/x/cache/arbor/cache-secret');
    expect(secretFilePath({ XDG_CACHE_HOME: 'relative' })).toBe(path.join(os.homedir(), '.cache', 'arbor', 'cache-secret'));
  });

  it('is created once, private, and read back the same', () => {
    const file = path.join(base, 'one', 'arbor', 'cache-secret');
    const first = readOrCreateSecret(file);
    expect(first?.length).toBe(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecret(file)?.equals(first!)).toBe(true);
  });

  it('a key others can read, a link or a damaged file signs nothing', () => {
    const file = path.join(base, 'two', 'cache-secret');
    expect(readOrCreateSecret(file)).toBeDefined();
    fs.chmodSync(file, 0o644);
    expect(readOrCreateSecret(file)).toBeUndefined();
    const link = path.join(base, 'two', 'linked');
    fs.symlinkSync(file, link);
    expect(readOrCreateSecret(link)).toBeUndefined();
    const short = path.join(base, 'two', 'short');
    fs.writeFileSync(short, 'abcd', { mode: 0o600 });
    expect(readOrCreateSecret(short)).toBeUndefined();
  });
});
