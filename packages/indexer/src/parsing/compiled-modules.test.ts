// The compiled WebAssembly modules a process shares: a module handed over is used as it is (its
// bytes never read), one compiled here is compiled once, and a failed compile is tried again.
import { describe, expect, it, vi } from 'vitest';
import { adoptCompiledModule, compiledModule, hasCompiledModule, readRuntimeWasm } from './compiled-modules.js';

describe('compiled modules', () => {
  it('uses a module handed over by another thread without reading any bytes', async () => {
    const module = await WebAssembly.compile(await readRuntimeWasm());
    adoptCompiledModule('go', module);
    const bytes = vi.fn(readRuntimeWasm);
    expect(await compiledModule('go', bytes)).toBe(module);
    expect(bytes).not.toHaveBeenCalled();
  });

  it('compiles once, however many ask at the same time', async () => {
    const bytes = vi.fn(readRuntimeWasm);
    const [a, b] = await Promise.all([compiledModule('runtime', bytes), compiledModule('runtime', bytes)]);
    expect(a).toBe(b);
    expect(a).toBeInstanceOf(WebAssembly.Module);
    expect(bytes).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed compile: the next need compiles again', async () => {
    await expect(compiledModule('lua', async () => new Uint8Array([1, 2, 3]))).rejects.toThrow();
    expect(hasCompiledModule('lua')).toBe(false);
    const module = await compiledModule('lua', readRuntimeWasm);
    expect(module).toBeInstanceOf(WebAssembly.Module);
  });
});
