/**
 * withBaselineWasm only changes how V8 compiles: the work's result and errors pass through, a
 * parser made inside it parses as one made outside, and nesting is harmless.
 */
import { describe, expect, it } from 'vitest';
import { extractFile } from '../extraction/extract-file.js';
import { extractionLanguages } from '../languages/index.js';
import { baselineWasmOnly, withBaselineWasm } from './wasm-tiering.js';

const SOURCE = 'export function outer(n: number) {\n  return inner(n) + 1;\n}\nfunction inner(n: number) {\n  return n;\n}\n';

describe('withBaselineWasm', () => {
  it('passes the result and the errors of its work through, also when nested', async () => {
    await expect(withBaselineWasm(async () => withBaselineWasm(async () => 42))).resolves.toBe(42);
    await expect(withBaselineWasm(async () => {
      throw new Error('inside');
    })).rejects.toThrow('inside');
  });

  it('keeps the flag on until the last of overlapping runs ends, whichever order they end in', async () => {
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const first = gate();
    const second = gate();
    expect(baselineWasmOnly()).toBe(false);
    const a = withBaselineWasm(() => first.opened);
    const b = withBaselineWasm(() => second.opened);
    expect(baselineWasmOnly()).toBe(true);
    first.open();
    await a;
    expect(baselineWasmOnly()).toBe(true); // b still runs
    second.open();
    await b;
    expect(baselineWasmOnly()).toBe(false);
  });

  it('gives the same extraction as a run without it', async () => {
    const inside = await withBaselineWasm(() => extractFile('src/a.ts', 'typescript', Buffer.from(SOURCE), extractionLanguages));
    const outside = await extractFile('src/a.ts', 'typescript', Buffer.from(SOURCE), extractionLanguages);
    expect(inside.declarations.map((d) => d.name)).toEqual(['outer', 'inner']);
    expect(inside).toEqual(outside);
  });
});
