// Node's compile cache: used when the runtime has module.enableCompileCache (Node ≥ 22.1), a no-op
// on Node 20, never inside the indexed repository, and Node's own switches win.
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compileCacheDirectory, temporaryDirectory, useCompileCache } from './compile-cache.js';

const STATUS = { FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 };

describe("Node's compile cache", () => {
  it('does nothing on a runtime without enableCompileCache (Node 20)', () => {
    expect(useCompileCache({})).toEqual({ used: false, reason: 'unsupported' });
  });

  it('matches what this runtime offers', () => {
    const present = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';
    const major = Number(process.versions.node.split('.')[0]);
    if (major < 22) expect(present).toBe(false);
    // Not called for real here: it would cache the test run's own modules.
    if (!present) expect(useCompileCache(nodeModule as object, {}).used).toBe(false);
  });

  it('is turned on in a folder under the OS temp dir when the runtime has it', () => {
    const enableCompileCache = vi.fn((directory?: string) => ({ status: STATUS.ENABLED, directory }));
    const outcome = useCompileCache({ enableCompileCache, constants: { compileCacheStatus: STATUS } }, {});
    expect(enableCompileCache).toHaveBeenCalledTimes(1);
    const directory = enableCompileCache.mock.calls[0]![0]!;
    expect(directory).toBe(compileCacheDirectory({}));
    expect(directory).toBe(join(tmpdir(), 'arbor-compile-cache'));
    expect(outcome).toEqual({ used: true, directory });
  });

  it("follows NODE_COMPILE_CACHE, and reports Node's own refusal (NODE_DISABLE_COMPILE_CACHE)", () => {
    expect(compileCacheDirectory({ NODE_COMPILE_CACHE: '/elsewhere' })).toBe('/elsewhere');
    const disabled = useCompileCache({ enableCompileCache: () => ({ status: STATUS.DISABLED }), constants: { compileCacheStatus: STATUS } }, {});
    expect(disabled).toEqual({ used: false, reason: 'disabled' });
  });

  it("finds the OS temp dir as node:os does, without loading it", () => {
    const saved = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
    try {
      for (const [TMPDIR, TMP, TEMP] of [[undefined, undefined, undefined], ['/var/t/', undefined, undefined], ['', '/x', '/y'], [undefined, undefined, '/y/'], ['/', undefined, undefined]]) {
        for (const [key, value] of Object.entries({ TMPDIR, TMP, TEMP })) {
          if (value === undefined) delete process.env[key];
          else process.env[key] = value;
        }
        if (process.platform !== 'win32') expect(temporaryDirectory()).toBe(tmpdir());
      }
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
    expect(temporaryDirectory({ TEMP: 'C:\\Users\\a\\Temp\\' }, 'win32')).toBe('C:\\Users\\a\\Temp');
    expect(temporaryDirectory({ TMP: 'D:\\' }, 'win32')).toBe('D:\\');
    expect(temporaryDirectory({ SystemRoot: 'C:\\Windows' }, 'win32')).toBe('C:\\Windows\\temp');
  });

  it('costs nothing but speed when the cache cannot be set up', () => {
    const failed = useCompileCache({ enableCompileCache: () => ({ status: STATUS.FAILED, message: 'EACCES' }), constants: { compileCacheStatus: STATUS } }, {});
    expect(failed).toEqual({ used: false, reason: 'failed', message: 'EACCES' });
    const threw = useCompileCache({ enableCompileCache: () => { throw new Error('boom'); } }, {});
    expect(threw).toMatchObject({ used: false, reason: 'failed', message: 'boom' });
  });
});
