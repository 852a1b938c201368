import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWhole } from './io.js';

describe('writeWhole', () => {
  it('writes all of a text, multi-byte characters included, past one write call', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbor-io-'));
    try {
      const file = join(dir, 'out.txt');
      const fd = openSync(file, 'w');
      const text = `${'ünïcode → '.repeat(50_000)}end\n`;
      writeWhole(fd, text);
      writeWhole(fd, '');
      closeSync(fd);
      expect(readFileSync(file, 'utf8')).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a descriptor that cannot be written', () => {
    expect(() => writeWhole(987_654, 'x')).toThrow(/EBADF/);
  });
});
