import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInsideRoot, readTextInsideRoot, readWhole } from './safe-read.js';

let base: string;
let root: string;
const cap = { maxBytes: 1024 };

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'arbor-safe-read-'));
  root = join(base, 'repo');
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(base, 'secret.txt'), 'TOKEN=outside\n');
  symlinkSync('../../secret.txt', join(root, 'src', 'out.ts'));
  symlinkSync('a.ts', join(root, 'src', 'in.ts'));
  symlinkSync('/dev/zero', join(root, 'zero.ts'));
  symlinkSync(base, join(root, 'up'));
  symlinkSync('missing.ts', join(root, 'dangling.ts'));
  execFileSync('mkfifo', [join(root, 'fifo.ts')]);
  writeFileSync(join(root, 'big.ts'), 'x'.repeat(2048));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('readTextInsideRoot', () => {
  it('reads a regular file inside the root', () => {
    expect(readTextInsideRoot(root, 'src/a.ts', cap)).toEqual({ ok: true, text: 'export const a = 1;\n' });
  });

  it('follows a symlink whose target stays inside the root, unless told not to', () => {
    expect(readTextInsideRoot(root, 'src/in.ts', cap)).toEqual({ ok: true, text: 'export const a = 1;\n' });
    expect(readTextInsideRoot(root, 'src/in.ts', { ...cap, followSymlinks: false })).toEqual({ ok: false, reason: 'not-a-file' });
  });

  it('refuses paths that climb out of the root, absolute paths and NUL bytes', () => {
    for (const path of ['../secret.txt', '../../../../etc/passwd', 'src/../../secret.txt', '/etc/passwd', 'src/a.ts\0x']) {
      expect(readTextInsideRoot(root, path, cap)).toEqual({ ok: false, reason: 'outside-root' });
    }
  });

  it('refuses a symlink out of the root, to a file or through a folder', () => {
    expect(readTextInsideRoot(root, 'src/out.ts', cap)).toEqual({ ok: false, reason: 'outside-root' });
    expect(readTextInsideRoot(root, 'up/secret.txt', cap)).toEqual({ ok: false, reason: 'outside-root' });
    expect(readTextInsideRoot(root, 'zero.ts', cap)).toEqual({ ok: false, reason: 'outside-root' });
  });

  it('does not block on a FIFO', () => {
    expect(readTextInsideRoot(root, 'fifo.ts', cap)).toEqual({ ok: false, reason: 'not-a-file' });
  }, 5_000);

  it('refuses a folder, a file over the cap, and reports a missing or dangling path as removed', () => {
    expect(readTextInsideRoot(root, 'src', cap)).toEqual({ ok: false, reason: 'not-a-file' });
    expect(readTextInsideRoot(root, '.', cap)).toEqual({ ok: false, reason: 'not-a-file' });
    expect(readTextInsideRoot(root, 'big.ts', cap)).toEqual({ ok: false, reason: 'too-large' });
    expect(readTextInsideRoot(root, 'big.ts', { maxBytes: 4096 })).toMatchObject({ ok: true });
    expect(readTextInsideRoot(root, 'nothing.ts', cap)).toEqual({ ok: false, reason: 'removed' });
    expect(readTextInsideRoot(root, 'dangling.ts', cap)).toEqual({ ok: false, reason: 'removed' });
    expect(readTextInsideRoot(join(base, 'no-root'), 'a.ts', cap)).toEqual({ ok: false, reason: 'removed' });
  });

  it('refuses a character device inside the root (when this machine lets us create one)', () => {
    const device = join(root, 'dev-zero.ts');
    try {
      execFileSync('mknod', [device, 'c', '1', '5'], { stdio: 'ignore' });
    } catch {
      return; // no CAP_MKNOD here: the symlink-to-/dev/zero case above still covers the path check
    }
    expect(readTextInsideRoot(root, 'dev-zero.ts', cap)).toEqual({ ok: false, reason: 'not-a-file' });
  }, 5_000);
});

describe('openInsideRoot', () => {
  it('hands back the descriptor and its stat for a regular file', () => {
    const opened = openInsideRoot(root, 'src/a.ts', cap);
    expect(opened.ok).toBe(true);
    if (opened.ok) {
      expect(opened.stat.size).toBe(20);
      closeSync(opened.fd);
    }
  });
});

describe('readWhole', () => {
  const content = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
  const read = (expectedSize: number, limit = 10_000) => {
    const file = join(base, 'whole.bin');
    writeFileSync(file, content);
    const fd = openSync(file, 'r');
    try {
      return readWhole(fd, limit, expectedSize);
    } finally {
      closeSync(fd);
    }
  };

  it('reads the whole file whatever size was expected: exact, smaller (it grew), larger (it shrank), none', () => {
    for (const expected of [5000, 4999, 1, 0, 7000, 1_000_000]) {
      const bytes = read(expected);
      expect(Buffer.isBuffer(bytes) && bytes.equals(content), `expected size ${expected}`).toBe(true);
    }
  });

  it('gives up past the limit, also when the file grew past it after it was checked', () => {
    expect(read(5000, 4999)).toBe('too-large');
    expect(read(100, 4096)).toBe('too-large');
    expect(Buffer.isBuffer(read(100, 5000))).toBe(true);
  });
});
