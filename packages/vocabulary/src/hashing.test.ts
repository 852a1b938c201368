import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './hashing.js';

describe('sha256Hex', () => {
  it('gives the standard digest of text and of bytes (FIPS 180-2 test vector "abc")', () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(sha256Hex('abc')).toBe(abc);
    expect(sha256Hex(Buffer.from('abc'))).toBe(abc);
    expect(sha256Hex(new Uint8Array([0x61, 0x62, 0x63]))).toBe(abc);
  });

  it('hashes text as UTF-8, as a Hash object does', () => {
    for (const text of ['', 'src/ü.py:function:größe:12', '😀'.repeat(1000)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });
});
